//! Command-line flags written in a kernel's header (GPUVerify style):
//! `//--blockDim=[16,16] --gridDim=64 -DN=4 --warp-sync=32`.  Shared by
//! `mapcheck check` and `mapcheck suite`: parse the words once, then apply
//! dimensions and parameters to a [`Kernel`] as assumptions.

use mapcheck_core::kernel::Kernel;
use semantics::expr::{BExp, NExp, ROp};
use semantics::surface::{Assumption, Span};
use std::path::PathBuf;

/// The flags of one file.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct FileFlags {
    pub defines: Vec<String>,
    pub includes: Vec<PathBuf>,
    pub block_dim: Option<Vec<u64>>,
    pub grid_dim: Option<Vec<u64>>,
    pub params: Vec<(String, u64)>,
    pub threads: Option<u64>,
    pub grid_level: bool,
    pub block_level: bool,
    pub all_dims: bool,
    pub kernel: Option<String>,
    /// Flags that only mean something to GPUVerify (accepted, reported as ignored).
    pub ignored: Vec<String>,
    /// Flags that could not be understood.
    pub errors: Vec<String>,
}

/// Every flag of GPUVerify's command line (`GPUVerify.py --help`, and
/// the flags of its test suites' headers) that does not change what
/// mapcheck checks: accepted, with or without `=value`, and reported as
/// ignored.  (`-D`, `-I`, `--blockDim`/`--local_size`,
/// `--gridDim`/`--num_groups` are understood: see [`parse_flags`].)  The one
/// list of them.
const GPUVERIFY_ONLY: &[&str] = &[
    // what to check and how (GPUVerify's verification modes)
    "--findbugs",
    "--verify",
    "--loop-unwind",
    "--only-divergence",
    "--only-intra-group",
    "--only-log",
    "--only-requires",
    "--no-benign-tolerance",
    "--no-barrier-access-checks",
    "--no-constant-write-checks",
    "--check-array-bounds",
    "--warp-sync",
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

/// `NAME=VALUE`, a parameter fixed on the command line or in a header.
pub fn parse_param(s: &str) -> Result<(String, u64), String> {
    let (name, value) = s
        .split_once('=')
        .ok_or_else(|| format!("expected NAME=VALUE, found `{s}`"))?;
    let value = value
        .trim()
        .parse::<u64>()
        .map_err(|_| format!("the value of `{name}` must be a natural number, found `{value}`"))?;
    Ok((name.trim().to_string(), value))
}

/// `16`, `16,16`, `[16, 16]`, `[16,16,1]`.
pub fn parse_dims(s: &str) -> Result<Vec<u64>, String> {
    let t = s.trim().trim_start_matches('[').trim_end_matches(']');
    let dims: Result<Vec<u64>, _> = t.split(',').map(|d| d.trim().parse::<u64>()).collect();
    match dims {
        Ok(d) if (1..=3).contains(&d.len()) && d.iter().all(|x| *x >= 1) => Ok(d),
        _ => Err(format!(
            "expected 1 to 3 positive dimensions like [16,16], found `{s}`"
        )),
    }
}

/// Parses the words of the header's `//--` lines.
pub fn parse_flags(words: &[String]) -> FileFlags {
    let mut f = FileFlags::default();
    let mut it = words.iter().peekable();
    while let Some(w) = it.next() {
        let (name, value) = match w.split_once('=') {
            Some((n, v)) if n.starts_with("--") => (n.to_string(), Some(v.to_string())),
            _ => (w.clone(), None),
        };
        let take = |it: &mut std::iter::Peekable<std::slice::Iter<String>>| {
            value.clone().or_else(|| it.next().cloned())
        };
        match name.as_str() {
            "--blockDim" | "--block-dim" | "--local_size" => {
                match take(&mut it).map(|v| parse_dims(&v)) {
                    Some(Ok(d)) => f.block_dim = Some(d),
                    Some(Err(e)) => f.errors.push(format!("{name}: {e}")),
                    None => f.errors.push(format!("{name} needs a value")),
                }
            }
            "--gridDim" | "--grid-dim" | "--num_groups" => {
                match take(&mut it).map(|v| parse_dims(&v)) {
                    Some(Ok(d)) => f.grid_dim = Some(d),
                    Some(Err(e)) => f.errors.push(format!("{name}: {e}")),
                    None => f.errors.push(format!("{name} needs a value")),
                }
            }
            "--param" => match take(&mut it).map(|v| parse_param(&v)) {
                Some(Ok(p)) => f.params.push(p),
                Some(Err(e)) => f.errors.push(e),
                None => f.errors.push("--param needs NAME=VALUE".into()),
            },
            "--threads" => match take(&mut it).and_then(|v| v.parse().ok()) {
                Some(n) => f.threads = Some(n),
                None => f.errors.push("--threads needs a number".into()),
            },
            "--kernel" => f.kernel = take(&mut it),
            "--grid-level" => f.grid_level = true,
            "--block-level" => f.block_level = true,
            "--all-dims" => f.all_dims = true,
            "-D" => f.defines.extend(it.next().cloned()),
            "-I" => f.includes.extend(it.next().map(PathBuf::from)),
            _ if name.starts_with("-D") => f.defines.push(name[2..].to_string()),
            _ if name.starts_with("-I") => f.includes.push(PathBuf::from(&name[2..])),
            _ if GPUVERIFY_ONLY.contains(&name.as_str()) => f.ignored.push(w.clone()),
            _ => f.errors.push(format!("unknown flag `{w}`")),
        }
    }
    f
}

fn is_dim_equality(a: &Assumption) -> bool {
    match &a.cond {
        BExp::Rel(ROp::Eq, NExp::Var(x), NExp::Num(_)) => {
            x.starts_with("blockDim.") || x.starts_with("gridDim.")
        }
        _ => false,
    }
}

/// Fixes block and grid dimensions (missing trailing dimensions are 1) as
/// assumptions of the kernel, replacing dimensions fixed before (the
/// command line overrides the header).
pub fn apply_dims(kernel: &mut Kernel, block: Option<&[u64]>, grid: Option<&[u64]>) {
    let mut fixed = Vec::new();
    for (name, dims) in [("blockDim", block), ("gridDim", grid)] {
        if let Some(d) = dims {
            fixed.push(name);
            for (i, axis) in ["x", "y", "z"].iter().enumerate() {
                let v = d.get(i).copied().unwrap_or(1);
                let var = format!("{name}.{axis}");
                kernel.program.assumptions.retain(|a| {
                    !(is_dim_equality(a)
                        && matches!(&a.cond, BExp::Rel(_, NExp::Var(x), _) if *x == var))
                });
                kernel.program.assumptions.push(Assumption {
                    cond: BExp::rel(ROp::Eq, NExp::var(&var), NExp::num(v)),
                    span: Span::default(),
                });
            }
        }
    }
}

/// Fixes parameters (`--param N=4`) as assumptions.
pub fn apply_params(kernel: &mut Kernel, params: &[(String, u64)]) {
    for (name, v) in params {
        kernel.program.assumptions.push(Assumption {
            cond: BExp::rel(ROp::Eq, NExp::var(name), NExp::num(*v)),
            span: Span::default(),
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn words(s: &str) -> Vec<String> {
        semantics::surface::parse::parse_header(&format!("//{s}\n")).flags
    }

    #[test]
    fn gpuverify_header_line() {
        let f = parse_flags(&words(
            "--blockDim=[16, 16] --gridDim=64 -DN=4 --warp-sync=32 -I inc",
        ));
        assert_eq!(f.block_dim, Some(vec![16, 16]));
        assert_eq!(f.grid_dim, Some(vec![64]));
        assert_eq!(f.defines, vec!["N=4".to_string()]);
        assert_eq!(f.includes, vec![PathBuf::from("inc")]);
        assert_eq!(f.ignored, vec!["--warp-sync=32".to_string()]);
        assert!(f.errors.is_empty());
    }

    #[test]
    fn every_gpuverify_flag_is_accepted() {
        let f = parse_flags(&words(
            "--no-infer --no-inline --only-intra-group --warp-sync --equality-abstraction \
             --check-array-bounds --boogie-file=k.bpl --kernel-args=k,1,2 --loop-unwind=2 \
             --only-divergence --adversarial-abstraction --timeout=30 --race-instrumenter=watchdog-single",
        ));
        assert!(f.errors.is_empty(), "{:?}", f.errors);
        assert_eq!(f.ignored.len(), 13);
    }

    #[test]
    fn bad_flags_are_reported() {
        let f = parse_flags(&words("--blockDim=[0] --frobnicate"));
        assert_eq!(f.errors.len(), 2);
        assert!(parse_dims("[1,2,3,4]").is_err());
    }
}
