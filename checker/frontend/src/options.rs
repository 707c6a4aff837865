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

/// Flags GPUVerify accepts that do not change what mapcheck checks.
const GPUVERIFY_ONLY: &[&str] = &[
    "--warp-sync",
    "--only-intra-group",
    "--no-inline",
    "--equality-abstraction",
    "--check-array-bounds",
    "--no-benign-tolerance",
    "--adversarial-abstraction",
    "--asymmetric-asserts",
    "--no-barrier-access-checks",
    "--only-divergence",
    "--only-log",
    "--time",
    "--timeout",
    "--boogie-file",
    "--vcgen-opt",
    "--kernel-args",
    "--silent",
    "--verify",
    "--findbugs",
    "--loop-unwind",
    "--atomic",
    "--race-instrumenter",
    "--array-equalities",
    "--no-source-loc-infer",
    "--staged-inference",
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
    fn bad_flags_are_reported() {
        let f = parse_flags(&words("--blockDim=[0] --frobnicate"));
        assert_eq!(f.errors.len(), 2);
        assert!(parse_dims("[1,2,3,4]").is_err());
    }
}
