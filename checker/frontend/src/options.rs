//! Configuration.  The flags written in a kernel file's header (GPUVerify
//! style: `//--blockDim=[16,16] --gridDim=64 -DN=4 --warp-sync=32`) and the
//! flags of the command line are both [`Flags`]; [`merge`], the one place
//! where they meet, turns them into the typed options of the front end
//! ([`LoadOptions`]) and of the checker ([`CheckOptions`]).  The command line
//! wins, and a dimension it gives replaces the header's as a whole (header
//! `--gridDim=[2,2]` with `--grid-dim 3` is 3×1×1).
//!
//! Adding a flag touches two files:
//! 1. here: a field of [`Flags`] (absent by default), its header spelling in
//!    [`header_flags`] (if a header may set it), and where it goes in
//!    [`merge`];
//! 2. `checker/cli/src/commands/mod.rs`: its clap argument and one line of
//!    `flags()` (if the command line may set it).

use crate::diagnostic::Diagnostic;
use crate::LoadOptions;
use mapcheck_ir::launch::{Dim, Extent, Launch, Origin};
use mapcheck_ir::options::{CheckOptions, IntModel};
use mapcheck_ir::threads::{Axis, Builtin};
use semantics::surface::Span;
use std::path::{Path, PathBuf};
use std::str::FromStr;

/// CUDA block or grid dimensions: 1 to 3 positive numbers; the missing
/// trailing ones are 1.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Dims(Vec<u64>);

impl Dims {
    /// `16`, `16,16`, `[16, 16]`, `[16,16,1]`; anything else is an error.
    pub fn parse(s: &str) -> Result<Dims, String> {
        let t = s.trim().trim_start_matches('[').trim_end_matches(']');
        let dims: Result<Vec<u64>, _> = t.split(',').map(|d| d.trim().parse::<u64>()).collect();
        match dims {
            Ok(d) if (1..=3).contains(&d.len()) && d.iter().all(|x| *x >= 1) => Ok(Dims(d)),
            _ => Err(format!(
                "expected 1 to 3 positive dimensions like [16,16], found `{s}`"
            )),
        }
    }

    /// Dimensions x, y, z.
    pub fn new(xyz: [u64; 3]) -> Dims {
        Dims(xyz.to_vec())
    }

    /// The x, y and z dimensions.
    pub fn xyz(&self) -> [u64; 3] {
        [0, 1, 2].map(|i| self.0.get(i).copied().unwrap_or(1))
    }
}

impl FromStr for Dims {
    type Err = String;
    fn from_str(s: &str) -> Result<Dims, String> {
        Dims::parse(s)
    }
}

/// `NAME=VALUE`, a parameter fixed on the command line or in a header:
/// a C integer value, negative ones included (a CUDA kernel's parameter
/// takes it as a call would convert it to its type, `cuda::params`;
/// a protocol's variables are natural numbers).
pub fn parse_param(s: &str) -> Result<(String, i128), String> {
    let (name, value) = s
        .split_once('=')
        .ok_or_else(|| format!("expected NAME=VALUE, found `{s}`"))?;
    let value = value
        .trim()
        .parse::<i128>()
        .ok()
        .filter(|v| (-(1i128 << 64)..1i128 << 64).contains(v))
        .ok_or_else(|| {
            format!(
                "the value of `{name}` must be an integer of magnitude below 2^64, found `{value}`"
            )
        })?;
    let name = name.trim();
    let valid = name
        .chars()
        .all(|c| c.is_alphanumeric() || c == '_' || c == '.')
        && name.chars().next().is_some_and(|c| !c.is_ascii_digit());
    if !valid {
        return Err(format!(
            "expected NAME=VALUE with a variable name, found `{s}`"
        ));
    }
    Ok((name.to_string(), value))
}

/// The flags of one place, a file header or the command line; every field
/// is absent (`None`, empty, `false`) unless that place gives it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Flags {
    /// `--threads N`: the thread count `T` (protocols, BabyCUDA).
    pub threads: Option<u64>,
    /// `--blockDim=[X,Y,Z]` / `--block-dim X,Y,Z` (CUDA).
    pub block_dim: Option<Dims>,
    /// `--gridDim=[X,Y,Z]` / `--grid-dim X,Y,Z` (CUDA).
    pub grid_dim: Option<Dims>,
    /// `--grid-level`: accepted, the default (both scopes are checked).
    pub grid_level: bool,
    /// `--block-level`: only pairs of threads of the same block (CUDA).
    pub block_level: bool,
    /// `--all-dims`: no default for launch dimensions the kernel never
    /// mentions (CUDA).
    pub all_dims: bool,
    /// `--large-params`: integer parameters may be 2^31 or more.
    pub large_params: bool,
    /// `--param NAME=VALUE`, in order.
    pub params: Vec<(String, i128)>,
    /// `-D NAME[=VALUE]` (CUDA).
    pub defines: Vec<String>,
    /// `-I DIR` (CUDA); in a header, relative to the file's directory.
    pub includes: Vec<PathBuf>,
    /// `--kernel NAME`: only this kernel.
    pub kernel: Option<String>,
    /// `--array A`: only this array.
    pub array: Option<String>,
    /// `--logic lia|bv32`.
    pub logic: Option<IntModel>,
    /// `--timeout MS`, per SMT query.
    pub timeout_ms: Option<u64>,
    /// `--file-budget SECONDS`, per file (command line only).
    pub file_budget_s: Option<u64>,
    /// `--warp-sync[=N]`: warp-synchronous execution, warps of `N`
    /// threads (32 when no size is given).
    pub warp_sync: Option<u64>,
    /// `--strict` (GPUVerify's `--no-benign-tolerance`): benign write/write
    /// pairs count as races.
    pub strict: bool,
    /// `--assume EXPR` (command line only, CUDA): a C condition over the
    /// kernel's parameters and launch, stated as `__requires(EXPR);` at
    /// the start of each selected kernel (`mapcheck_driver::assume`).
    pub assume: Vec<String>,
    /// Look for a checked precondition and fix of each race (`check` only;
    /// `mapcheck_driver::suggest`).
    pub suggest: bool,
}

/// The warp size of `--warp-sync` without a value.
pub const DEFAULT_WARP_SIZE: u64 = 32;

/// A warp size: a positive number.
pub fn parse_warp_size(s: &str) -> Result<u64, String> {
    match s.trim().parse::<u64>() {
        Ok(n) if n >= 1 => Ok(n),
        _ => Err(format!("expected a positive warp size, found `{s}`")),
    }
}

/// Every flag of GPUVerify's command line (`GPUVerify.py --help`, and
/// the flags of its test suites' headers) that does not change what
/// mapcheck checks: accepted, with or without `=value`, and reported as
/// ignored.  (`-D`, `-I`, `--blockDim`/`--local_size`,
/// `--gridDim`/`--num_groups` are understood: see [`header_flags`].)  The one
/// list of them.
const GPUVERIFY_ONLY: &[&str] = &[
    // what to check and how (GPUVerify's verification modes)
    "--findbugs",
    "--verify",
    "--loop-unwind",
    "--only-divergence",
    "--only-log",
    "--only-requires",
    "--no-barrier-access-checks",
    "--no-constant-write-checks",
    "--check-array-bounds",
    "--atomic",
    "--no-refined-atomics",
    "--race-instrumenter",
    "--adversarial-abstraction",
    "--equality-abstraction",
    "--array-equalities",
    "--asymmetric-asserts",
    "--math-int",
    "--pointer-bitwidth",
    "--kernel-args",
    "--kernel-arrays",
    "--global_offset",
    "--global_size",
    // invariant inference and the verifier
    "--no-infer",
    "--omit-infer",
    "--infer-info",
    "--infer-timeout",
    "--staged-inference",
    "--parallel-inference",
    "--dynamic-analysis",
    "--scheduling",
    "--no-annotations",
    "--invariants-as-candidates",
    "--no-loop-predicate-invariants",
    "--no-smart-predication",
    "--no-source-loc-infer",
    "--no-uniformity-analysis",
    "--call-site-analysis",
    "--k-induction-depth",
    "--solver",
    "--no-inline",
    "--inline",
    "--vcgen-opt",
    "--boogie-opt",
    "--bugle-opt",
    "--cruncher-opt",
    "--clang-opt",
    "--opt-llvm",
    "--bugle-lang",
    "--gen-smt2",
    "--boogie-file",
    "--stop-at-opt",
    "--stop-at-bc",
    "--stop-at-gbpl",
    "--stop-at-cbpl",
    "--stop-at-bpl",
    "--keep-temps",
    // reporting and resources
    "--time",
    "--time-as-csv",
    "--timeout",
    "--memout",
    "--silent",
    "--verbose",
    "--debug",
    "--json",
    "--source-language",
];

/// What a file's header says.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct HeaderFlags {
    pub flags: Flags,
    /// Flags only GPUVerify understands (accepted, reported as ignored),
    /// with where they are.
    pub ignored: Vec<(String, Span)>,
    /// Flags that could not be understood.
    pub errors: Vec<Diagnostic>,
}

/// Parses the words of the `//--` lines of `file`'s header, each with its
/// span (`semantics::surface::parse::parse_header_with_spans`).
pub fn header_flags(file: &Path, words: &[String], spans: &[Span]) -> HeaderFlags {
    let mut h = HeaderFlags::default();
    let mut it = words.iter().zip(spans.iter().copied()).peekable();
    while let Some((w, span)) = it.next() {
        let (name, value) = match w.split_once('=') {
            Some((n, v)) if n.starts_with("--") => (n, Some(v.to_string())),
            _ => (w.as_str(), None),
        };
        // The value of `--flag=value` or `--flag value`.
        let mut take = || value.clone().or_else(|| it.next().map(|(v, _)| v.clone()));
        let f = &mut h.flags;
        let result = match name {
            // `-b`, `-g` and `-p` are Faial's spellings (`-b 16,16`).
            "--blockDim" | "--block-dim" | "--local_size" | "-b" => {
                value_of(name, take(), Dims::parse).map(|d| f.block_dim = Some(d))
            }
            "--gridDim" | "--grid-dim" | "--num_groups" | "-g" => {
                value_of(name, take(), Dims::parse).map(|d| f.grid_dim = Some(d))
            }
            "--param" | "-p" => value_of(name, take(), parse_param).map(|p| f.params.push(p)),
            "--threads" => value_of(name, take(), |v| {
                v.parse::<u64>()
                    .map_err(|_| format!("expected a number, found `{v}`"))
            })
            .map(|n| f.threads = Some(n)),
            "--kernel" => value_of(name, take(), |v| Ok(v.to_string())).map(|k| f.kernel = Some(k)),
            "--grid-level" => {
                f.grid_level = true;
                Ok(())
            }
            // GPUVerify's name for the same scope: races between threads
            // of one group (block) only.
            "--block-level" | "--only-intra-group" => {
                f.block_level = true;
                Ok(())
            }
            "--all-dims" => {
                f.all_dims = true;
                Ok(())
            }
            "--large-params" => {
                f.large_params = true;
                Ok(())
            }
            // `--warp-sync` alone takes no value (the next word is a flag).
            "--warp-sync" => match &value {
                Some(v) => parse_warp_size(v).map(|n| f.warp_sync = Some(n)),
                None => {
                    f.warp_sync = Some(DEFAULT_WARP_SIZE);
                    Ok(())
                }
            }
            .map_err(|e| format!("--warp-sync: {e}")),
            "--strict" | "--no-benign-tolerance" => {
                f.strict = true;
                Ok(())
            }
            "-D" => {
                f.defines.extend(take());
                Ok(())
            }
            "-I" => {
                f.includes.extend(take().map(PathBuf::from));
                Ok(())
            }
            _ if name.starts_with("-D") => {
                f.defines.push(name[2..].to_string());
                Ok(())
            }
            _ if name.starts_with("-I") => {
                f.includes.push(PathBuf::from(&name[2..]));
                Ok(())
            }
            _ if GPUVERIFY_ONLY.contains(&name) => {
                h.ignored.push((w.clone(), span));
                Ok(())
            }
            _ => Err(format!("unknown flag `{w}`")),
        };
        if let Err(e) = result {
            let message = format!("bad header flag: {e}");
            h.errors
                .push(Diagnostic::error(message).in_file(file).at(span));
        }
    }
    h
}

/// `NAME=VALUE` with a natural number below 2^64: a variable of a
/// protocol or BabyCUDA program (`mapcheck run`).
pub fn parse_natural_param(s: &str) -> Result<(String, u64), String> {
    let (name, value) = parse_param(s)?;
    let natural = u64::try_from(value).map_err(|_| {
        format!("the value of `{name}` must be a natural number (a protocol's variables are), found {value}")
    })?;
    Ok((name, natural))
}

/// The `--param` values of at least zero (which the checker fixes) and
/// the others, by their magnitude.
fn split_params(
    all: std::collections::BTreeMap<String, i128>,
) -> (
    std::collections::BTreeMap<String, u64>,
    std::collections::BTreeMap<String, u128>,
) {
    let mut natural = std::collections::BTreeMap::new();
    let mut negative = std::collections::BTreeMap::new();
    for (x, v) in all {
        match u64::try_from(v) {
            Ok(n) => {
                natural.insert(x, n);
            }
            Err(_) => {
                negative.insert(x, v.unsigned_abs());
            }
        }
    }
    (natural, negative)
}

/// The value of flag `name`, parsed; an error names the flag.
fn value_of<T>(
    name: &str,
    value: Option<String>,
    parse: impl Fn(&str) -> Result<T, String>,
) -> Result<T, String> {
    let v = value.ok_or_else(|| format!("{name} needs a value"))?;
    parse(&v).map_err(|e| format!("{name}: {e}"))
}

/// The typed options of one file.
#[derive(Clone, Debug, Default)]
pub struct Options {
    pub load: LoadOptions,
    pub check: CheckOptions,
}

/// The one merge of a file's header flags and the command line's: the
/// command line wins (a dimension it gives replaces the header's whole),
/// `-D`/`-I` of both apply (the header's first, its `-I` relative to the
/// file), parameters of both apply, and the dimensions are the launch's
/// with their origin (the CUDA front end completes it per kernel; the
/// checker reads it, `Kernel::launch`).
pub fn merge(file: &Path, header: &Flags, cli: &Flags) -> Options {
    let dir = file.parent().unwrap_or(Path::new(""));
    let mut launch = Launch::default();
    let families = [
        (Builtin::BlockDim, &cli.block_dim, &header.block_dim),
        (Builtin::GridDim, &cli.grid_dim, &header.grid_dim),
    ];
    for (family, cli, header) in families {
        let given = match (cli, header) {
            (Some(d), _) => Some((d, Origin::CommandLine)),
            (None, Some(d)) => Some((d, Origin::Header)),
            (None, None) => None,
        };
        let Some((dims, origin)) = given else {
            continue;
        };
        for (a, v) in Axis::ALL.into_iter().zip(dims.xyz()) {
            *launch.dim_mut(family, a) = Dim {
                extent: Extent::Known(v),
                origin: origin.clone(),
            };
        }
    }
    let all: std::collections::BTreeMap<String, i128> =
        header.params.iter().chain(&cli.params).cloned().collect();
    // The checker fixes natural numbers; a value below zero is stated in
    // C terms by the CUDA front end (`LoadOptions::negative_params`).
    let (params, negative_params) = split_params(all);
    let load = LoadOptions {
        defines: header.defines.iter().chain(&cli.defines).cloned().collect(),
        includes: header
            .includes
            .iter()
            .map(|i| dir.join(i))
            .chain(cli.includes.iter().cloned())
            .collect(),
        kernel: cli.kernel.clone().or_else(|| header.kernel.clone()),
        grid_level: cli.grid_level || header.grid_level,
        block_level: cli.block_level || header.block_level,
        all_dims: cli.all_dims || header.all_dims,
        large_params: cli.large_params || header.large_params,
        launch,
        params: params.clone(),
        negative_params,
        extra_args: Vec::new(),
    };
    let check = CheckOptions {
        threads: cli.threads.or(header.threads),
        params,
        array: cli.array.clone().or_else(|| header.array.clone()),
        logic: cli.logic.or(header.logic).unwrap_or_default(),
        timeout_ms: cli
            .timeout_ms
            .or(header.timeout_ms)
            .unwrap_or(CheckOptions::default().timeout_ms),
        file_budget_s: cli
            .file_budget_s
            .unwrap_or(CheckOptions::default().file_budget_s),
        meter: None,
        warp_sync: cli.warp_sync.or(header.warp_sync),
        strict: cli.strict || header.strict,
    };
    Options { load, check }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn header(s: &str) -> HeaderFlags {
        let src = format!("//{s}\n");
        let (h, spans) = semantics::surface::parse::parse_header_with_spans(&src);
        header_flags(Path::new("dir/k.cu"), &h.flags, &spans)
    }

    #[test]
    fn faial_short_flags_are_aliases() {
        // A flag line starts with `--` (`docs/headers.md`); the short
        // spellings may follow.
        let h = header("--all-dims -b 16,16 -g [4] -p N=8");
        assert!(h.errors.is_empty(), "{:?}", h.errors);
        assert_eq!(h.flags.block_dim, Some(Dims(vec![16, 16])));
        assert_eq!(h.flags.grid_dim, Some(Dims(vec![4])));
        assert_eq!(h.flags.params, vec![("N".to_string(), 8)]);
    }

    #[test]
    fn gpuverify_header_line() {
        let h = header("--blockDim=[16, 16] --gridDim=64 -DN=4 --warp-sync=32 -I inc");
        let f = &h.flags;
        assert_eq!(f.block_dim, Some(Dims(vec![16, 16])));
        assert_eq!(f.grid_dim, Some(Dims(vec![64])));
        assert_eq!(f.defines, vec!["N=4".to_string()]);
        assert_eq!(f.includes, vec![PathBuf::from("inc")]);
        assert_eq!(f.warp_sync, Some(32));
        assert!(h.ignored.is_empty());
        assert!(h.errors.is_empty());
        let h = header("--blockDim=64 --warp-sync=16 --no-inline");
        assert_eq!(h.flags.warp_sync, Some(16));
        assert_eq!(h.ignored.len(), 1);
        assert_eq!(h.ignored[0].0, "--no-inline");
        assert_eq!((h.ignored[0].1.line, h.ignored[0].1.col), (1, 32));
    }

    #[test]
    fn warp_sync_without_a_size_is_32_and_takes_no_value() {
        let h = header("--warp-sync --no-benign-tolerance --blockDim=32");
        assert_eq!(h.flags.warp_sync, Some(DEFAULT_WARP_SIZE));
        assert!(h.flags.strict);
        assert_eq!(h.flags.block_dim, Some(Dims(vec![32])));
        assert!(h.errors.is_empty() && h.ignored.is_empty());
        assert_eq!(header("--warp-sync=0").errors.len(), 1);
        let both = merge(
            Path::new("k.cu"),
            &h.flags,
            &Flags {
                warp_sync: Some(16),
                ..Flags::default()
            },
        );
        assert_eq!(both.check.warp_sync, Some(16));
        assert!(both.check.strict);
    }

    #[test]
    fn bad_flags_are_reported_where_they_are() {
        let h = header("--blockDim=[0] --frobnicate");
        assert_eq!(h.errors.len(), 2);
        assert_eq!(
            h.errors[1].to_string(),
            "dir/k.cu:1:18: bad header flag: unknown flag `--frobnicate`"
        );
        assert!(Dims::parse("[1,2,3,4]").is_err());
        assert!(Dims::parse("abc").is_err());
        assert_eq!(Dims::parse("[16, 8]").map(|d| d.xyz()), Ok([16, 8, 1]));
    }

    #[test]
    fn the_command_line_wins_and_replaces_a_dimension_whole() {
        let header = header("--gridDim=[2,2] --blockDim=32 --param N=4 --param M=1 -I inc").flags;
        let cli = Flags {
            grid_dim: Some(Dims(vec![3])),
            params: vec![("N".into(), 8)],
            ..Flags::default()
        };
        let o = merge(Path::new("dir/k.cu"), &header, &cli);
        let p = |x: &str| o.check.params.get(x).copied();
        let fixed = o.load.launch.fixed_by_flags();
        let d = |x: &str| fixed.get(x).copied();
        assert_eq!((d("gridDim.x"), d("gridDim.y")), (Some(3), Some(1)));
        assert_eq!((d("blockDim.x"), d("blockDim.y")), (Some(32), Some(1)));
        let origin = |f, a| o.load.launch.dim(f, a).origin.clone();
        assert_eq!(origin(Builtin::GridDim, Axis::Z), Origin::CommandLine);
        assert_eq!(origin(Builtin::BlockDim, Axis::X), Origin::Header);
        assert_eq!((p("N"), p("M")), (Some(8), Some(1)));
        assert_eq!(p("blockDim.x"), None, "dimensions are the launch's");
        assert_eq!(o.load.includes, vec![PathBuf::from("dir/inc")]);
        assert_eq!(o.check.timeout_ms, CheckOptions::default().timeout_ms);
    }

    #[test]
    fn every_gpuverify_flag_is_accepted() {
        let h = header(
            "--no-infer --no-inline --only-intra-group --warp-sync --equality-abstraction \
             --check-array-bounds --boogie-file=k.bpl --kernel-args=k,1,2 --loop-unwind=2 \
             --only-divergence --adversarial-abstraction --timeout=30 --race-instrumenter=watchdog-single",
        );
        assert!(h.errors.is_empty(), "{:?}", h.errors);
        // All but `--warp-sync` and `--only-intra-group` (`--block-level`),
        // which mapcheck understands.
        assert_eq!(h.ignored.len(), 11);
        assert_eq!(h.flags.warp_sync, Some(DEFAULT_WARP_SIZE));
        assert!(h.flags.block_level);
    }

    #[test]
    fn scope_flags_of_the_header_or_the_command_line_apply() {
        let h = header("--block-level --grid-level");
        assert!(h.errors.is_empty(), "{:?}", h.errors);
        let cli = Flags {
            all_dims: true,
            ..Flags::default()
        };
        let o = merge(Path::new("k.cu"), &h.flags, &cli);
        assert!(o.load.block_level && o.load.all_dims && o.load.grid_level);
        let o = merge(Path::new("k.cu"), &Flags::default(), &Flags::default());
        assert!(!o.load.block_level && !o.load.all_dims);
    }
}
