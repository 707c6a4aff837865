//! The command line (`docs/command-line.md`).  Each subcommand lives in
//! its own module; this one only declares the arguments, and turns those
//! of `check` into [`Flags`] for the one merge with each file's header
//! (`mapcheck_frontend::options::merge`, whose docs say how to add a flag).

use clap::builder::{PossibleValuesParser, TypedValueParser};
use clap::{Args, Parser, Subcommand, ValueEnum};
use mapcheck_core::verdict::IntModel;
pub use mapcheck_driver::show::Stage;
use mapcheck_frontend::options::{Dims, Flags};
use std::path::PathBuf;

pub mod bench;
pub mod check;
pub mod gen;
pub mod merge;
pub mod run;
pub mod run_bcu;
pub mod suite;

/// Exit status of `check` and `suite` (`docs/errors.md`).
pub mod exit {
    /// Nothing racy / every expectation met.
    pub const OK: i32 = 0;
    /// A race found / an expectation missed (also: barrier divergence).
    pub const RACE: i32 = 1;
    /// Bad input or usage.
    pub const BAD_INPUT: i32 = 2;
    /// Unknown (timeout, unsupported construct) and no race found.
    pub const UNKNOWN: i32 = 3;

    use mapcheck_core::results::RunOutcome;

    /// The exit status of a run (`docs/errors.md`, "Exit status"): bad
    /// input 2 before a race 1 before unknown 3, else 0.
    pub fn of(outcome: RunOutcome) -> i32 {
        match outcome {
            RunOutcome::Unreadable => BAD_INPUT,
            RunOutcome::Alarm => RACE,
            RunOutcome::Unknown => UNKNOWN,
            RunOutcome::Clean => OK,
        }
    }
}

#[derive(Parser, Debug)]
#[command(
    name = "mapcheck",
    version,
    about = "Finds data races in GPU kernels, or proves there are none, with memory access protocols"
)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
}

#[derive(Subcommand, Debug)]
pub enum Command {
    /// Verdict per kernel and array for .cu, .proto and .bcu files.
    Check(Box<CheckArgs>),
    /// Reference interpreter: the history of a protocol (or BabyCUDA program) and its verdict.
    Run(RunArgs),
    /// Every input under the directories against its expectation header.
    Suite(SuiteArgs),
    /// Generate inputs (the synthetic protocols of Fig. 17).
    Gen(GenArgs),
    /// Benchmarks (timings as CSV and an SVG plot).
    Bench(BenchArgs),
    /// The JSON or SARIF outputs of several `check` runs (shards, CI jobs) as one document.
    Merge(MergeArgs),
    /// Internal: one file of `mapcheck suite`, checked in a child process;
    /// prints its result as JSON.
    #[command(name = "suite-file", hide = true)]
    SuiteFile(SuiteFileArgs),
}

pub use mapcheck_frontend::options::{parse_natural_param, parse_param, parse_warp_size};

#[derive(Args, Debug, Clone, Default)]
pub struct ThreadArgs {
    /// Number of threads |T| (protocols, BabyCUDA); symbolic when absent.
    #[arg(long)]
    pub threads: Option<u64>,
    /// CUDA block dimensions X[,Y[,Z]] (also accepts [X,Y]), replacing the
    /// header's; symbolic when absent.  GPUVerify's and Faial's spellings
    /// are aliases (`--blockDim=[16,16]`, `--local_size`, `-b`), as in
    /// headers (`docs/headers.md`).
    #[arg(
        long = "block-dim",
        short = 'b',
        visible_alias = "blockDim",
        alias = "local_size",
        value_name = "X[,Y[,Z]]",
        value_parser = Dims::parse
    )]
    pub block_dim: Option<Dims>,
    /// CUDA grid dimensions X[,Y[,Z]], replacing the header's; symbolic
    /// when absent.  Aliases `--gridDim`, `--num_groups`, `-g`.
    #[arg(
        long = "grid-dim",
        short = 'g',
        visible_alias = "gridDim",
        alias = "num_groups",
        value_name = "X[,Y[,Z]]",
        value_parser = Dims::parse
    )]
    pub grid_dim: Option<Dims>,
    /// Accepted for compatibility: races between threads of different blocks
    /// are checked by default.
    #[arg(long = "grid-level")]
    pub grid_level: bool,
    /// Only races between threads of the same block (CUDA).
    #[arg(long = "block-level")]
    pub block_level: bool,
    /// Every block and grid dimension symbolic, even those the kernel never
    /// mentions (by default they are 1).
    #[arg(long = "all-dims")]
    pub all_dims: bool,
    /// Integer kernel parameters may be 2^31 or more in magnitude (by
    /// default they are assumed smaller, so that sizes and indices computed
    /// from them in 32-bit unsigned arithmetic do not wrap around).
    #[arg(long = "large-params")]
    pub large_params: bool,
    /// Fix a kernel parameter / free protocol variable.
    #[arg(long = "param", value_parser = parse_param)]
    pub params: Vec<(String, i128)>,
    /// Assume warp-synchronous execution: the threads of one warp of N
    /// threads (default 32) run in lock-step, each statement's reads before
    /// its writes (`docs/warp-sync.md`); replaces the header's.
    #[arg(
        long = "warp-sync",
        value_name = "N",
        num_args = 0..=1,
        require_equals = true,
        default_missing_value = "32",
        value_parser = parse_warp_size
    )]
    pub warp_sync: Option<u64>,
    /// Count benign write/write pairs (two threads storing the same
    /// uniform value) as races (`docs/benign-writes.md`).
    #[arg(long)]
    pub strict: bool,
}

#[derive(Copy, Clone, Debug, PartialEq, Eq, ValueEnum, Default)]
pub enum Logic {
    /// Linear integer arithmetic with the total ℕ operators (non-linear terms allowed).
    #[default]
    Lia,
    /// 32-bit machine integers.
    Bv32,
}

#[derive(Copy, Clone, Debug, PartialEq, Eq, ValueEnum, Default)]
pub enum Format {
    #[default]
    Text,
    Json,
    Sarif,
    Csv,
}

/// `--show STAGE`: one of the names of [`Stage::ALL`].
fn stage_parser() -> impl TypedValueParser<Value = Stage> {
    PossibleValuesParser::new(Stage::ALL.map(Stage::name)).map(|name| {
        let named = Stage::ALL.into_iter().find(|s| s.name() == name);
        named.unwrap_or(Stage::Protocol)
    })
}

#[derive(Args, Debug, Clone)]
pub struct CheckArgs {
    /// Input files (.cu, .proto, .bcu) and directories (their CUDA
    /// translation units).
    #[arg(required = true, value_name = "PATH")]
    pub files: Vec<PathBuf>,
    #[command(flatten)]
    pub threads: ThreadArgs,
    /// Preprocessor definition NAME[=VAL] (.cu).
    #[arg(short = 'D', value_name = "NAME[=VAL]")]
    pub defines: Vec<String>,
    /// Include directory (.cu).
    #[arg(short = 'I', value_name = "DIR")]
    pub includes: Vec<PathBuf>,
    /// The directory of the compilation database (compile_commands.json),
    /// as for clang tools [default: found in a directory given, or in its
    /// build/]; `-p NAME=VALUE` is `--param NAME=VALUE` (Faial's spelling).
    #[arg(short = 'p', value_name = "DIR|NAME=VALUE")]
    pub p: Vec<String>,
    /// Only this kernel.
    #[arg(long)]
    pub kernel: Option<String>,
    /// Only this array.
    #[arg(long)]
    pub array: Option<String>,
    #[arg(long, value_enum, default_value_t = Logic::Lia)]
    pub logic: Logic,
    /// Per SMT query: its budget of solver work, in milliseconds (counted
    /// in the solver's deterministic resource units, the same on every
    /// run; docs/command-line.md).
    #[arg(long, default_value_t = 10_000)]
    pub timeout: u64,
    /// Per file: its budget of solver work, in seconds; the kernels after
    /// it is used up are unknown (time budget).
    #[arg(long = "file-budget", default_value_t = 60, value_name = "SECONDS")]
    pub file_budget: u64,
    #[arg(long, value_enum, default_value_t = Format::Text)]
    pub format: Format,
    /// Print a pipeline stage instead of checking.
    #[arg(long, value_parser = stage_parser())]
    pub show: Option<Stage>,
    /// A C condition over a kernel's parameters and launch dimensions
    /// (`'n >= 0'`, `'width >= gridDim.x * blockDim.x'`), checked as if
    /// `__requires(EXPR);` began each selected kernel (.cu).
    #[arg(long, value_name = "EXPR")]
    pub assume: Vec<String>,
    /// Do not look for a precondition or a barrier that removes a race
    /// (each is checked by checking the kernel again, which takes time).
    #[arg(long = "no-suggest")]
    pub no_suggest: bool,
    /// Check only shard K of N (1 ≤ K ≤ N): every N-th translation unit of
    /// the paths, starting with the K-th (`mapcheck merge` joins the
    /// shards' JSON or SARIF).
    #[arg(long, value_name = "K/N", value_parser = parse_shard)]
    pub shard: Option<(usize, usize)>,
}

/// `K/N` with 1 ≤ K ≤ N.
pub fn parse_shard(s: &str) -> Result<(usize, usize), String> {
    let bad = || format!("`{s}`: a shard is K/N with 1 <= K <= N (e.g. 2/4)");
    let (k, n) = s.split_once('/').ok_or_else(bad)?;
    let k: usize = k.trim().parse().map_err(|_| bad())?;
    let n: usize = n.trim().parse().map_err(|_| bad())?;
    if k == 0 || k > n {
        return Err(bad());
    }
    Ok((k, n))
}

#[derive(Args, Debug, Clone)]
pub struct MergeArgs {
    /// Documents written by `mapcheck check --format json` (or all by `--format sarif`).
    #[arg(required = true)]
    pub files: Vec<PathBuf>,
}

/// What `-p` means: clang tools' compilation database directory, or
/// Faial's `--param`.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct PFlags {
    pub database: Option<PathBuf>,
    pub params: Vec<(String, i128)>,
}

impl PFlags {
    /// Sorts the values of `-p`: a value with `=` whose left side is a
    /// name is a parameter, unless a directory of that name exists; any
    /// other value is the database's directory, of which there is one.
    pub fn of(values: &[String]) -> Result<PFlags, String> {
        let mut out = PFlags::default();
        for v in values {
            let param = parse_param(v);
            match param {
                Ok(p) if !std::path::Path::new(v).is_dir() => out.params.push(p),
                Err(e) if v.contains('=') && !std::path::Path::new(v).is_dir() => {
                    return Err(format!("-p {v}: {e}"));
                }
                _ if out.database.is_some() => {
                    return Err(format!(
                        "-p {v}: a second compilation database directory (-p DIR is given once)"
                    ));
                }
                _ => out.database = Some(PathBuf::from(v)),
            }
        }
        Ok(out)
    }
}

impl CheckArgs {
    /// The command line's flags, to be merged with each file's header.
    pub fn flags(&self) -> Flags {
        let p = PFlags::of(&self.p).unwrap_or_default();
        let t = &self.threads;
        Flags {
            threads: t.threads,
            block_dim: t.block_dim.clone(),
            grid_dim: t.grid_dim.clone(),
            grid_level: t.grid_level,
            block_level: t.block_level,
            all_dims: t.all_dims,
            large_params: t.large_params,
            params: t.params.iter().chain(&p.params).cloned().collect(),
            defines: self.defines.clone(),
            includes: self.includes.clone(),
            kernel: self.kernel.clone(),
            array: self.array.clone(),
            logic: Some(match self.logic {
                Logic::Lia => IntModel::Nat,
                Logic::Bv32 => IntModel::Bv32,
            }),
            timeout_ms: Some(self.timeout),
            file_budget_s: Some(self.file_budget),
            warp_sync: t.warp_sync,
            strict: t.strict,
            assume: self.assume.clone(),
            suggest: !self.no_suggest,
        }
    }
}

#[derive(Args, Debug, Clone)]
pub struct RunArgs {
    /// A .proto (or .bcu) file.
    pub file: PathBuf,
    /// Number of threads |T| (at least 2).
    #[arg(long, required = true)]
    pub threads: u64,
    /// Value of a free variable NAME=VALUE (a natural number).
    #[arg(long = "param", value_parser = parse_natural_param)]
    pub params: Vec<(String, u64)>,
    /// Thread-local values NAME=V0,V1,… (one per thread).
    #[arg(long = "local")]
    pub locals: Vec<String>,
    /// Only this array.
    #[arg(long)]
    pub array: Option<String>,
    /// Print align(p), split(align(p)) or seq(split(align(p))) instead of the history.
    #[arg(long, value_parser = stage_parser())]
    pub show: Option<Stage>,
}

#[derive(Args, Debug, Clone)]
pub struct SuiteArgs {
    /// Directories (or files) to run.
    #[arg(required = true)]
    pub dirs: Vec<PathBuf>,
    #[arg(long, value_enum, default_value_t = Format::Text)]
    pub format: Format,
    /// Files checked in parallel [default: the number of cores; at most 4
    /// per core].
    #[arg(long)]
    pub jobs: Option<usize>,
    /// Per SMT query, in milliseconds.
    #[arg(long, default_value_t = 10_000)]
    pub timeout: u64,
    /// Wall-clock limit per file, in seconds (the file is then `unknown`).
    #[arg(long = "file-timeout", default_value_t = 300, value_name = "SECONDS")]
    pub file_timeout: u64,
    /// Address-space limit per child process (a batch of files), in MiB,
    /// stack included (the file being checked is then `unknown`).
    #[arg(long = "file-memory", default_value_t = 4096, value_name = "MIB")]
    pub file_memory: u64,
}

#[derive(Args, Debug, Clone)]
pub struct SuiteFileArgs {
    #[arg(required = true)]
    pub files: Vec<PathBuf>,
    /// Per SMT query, in milliseconds.
    #[arg(long, default_value_t = 10_000)]
    pub timeout: u64,
    /// Each line also carries the file's share of a SARIF document.
    #[arg(long)]
    pub sarif: bool,
}

#[derive(Args, Debug, Clone)]
pub struct GenArgs {
    /// What to generate: `synthetic`.
    pub what: String,
    /// access | barrier | conditional | unsync-loop | sync-loop
    #[arg(long)]
    pub category: String,
    #[arg(long)]
    pub size: usize,
}

#[derive(Args, Debug, Clone)]
pub struct BenchArgs {
    /// What to benchmark: `synthetic` or `corpus`.
    pub what: String,
    /// `corpus`: the directories (or files) of CUDA kernels to run.
    pub dirs: Vec<PathBuf>,
    /// `synthetic`: largest size.
    #[arg(long, default_value_t = 50)]
    pub max: usize,
    /// `synthetic`: sizes 1 and every multiple of STEP up to --max.
    #[arg(long, default_value_t = 1)]
    pub step: usize,
    /// `corpus`: per SMT query, in milliseconds.
    #[arg(long, default_value_t = 10_000)]
    pub timeout: u64,
    /// Output directory for the CSV and the SVG plot.
    #[arg(long)]
    pub out: PathBuf,
}

/// `mapcheck run` on a BabyCUDA (`.bcu`) file.
pub fn run_bcu_dispatch(args: &RunArgs) -> i32 {
    run_bcu::main(args)
}
