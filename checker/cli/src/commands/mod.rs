//! The command line (README.md, "Command line").  Each subcommand lives in
//! its own module; this one only declares the arguments.

use clap::{Args, Parser, Subcommand, ValueEnum};
use std::path::PathBuf;

pub mod bench;
pub mod check;
pub mod gen;
pub mod run;
pub mod run_bcu;
pub mod suite;

/// Exit status of `check` and `suite` (README.md).
pub mod exit {
    /// Nothing racy / every expectation met.
    pub const OK: i32 = 0;
    /// A race found / an expectation missed (also: barrier divergence).
    pub const RACE: i32 = 1;
    /// Bad input or usage.
    pub const BAD_INPUT: i32 = 2;
    /// Unknown (timeout, unsupported construct) and no race found.
    pub const UNKNOWN: i32 = 3;
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
    Check(CheckArgs),
    /// Reference interpreter: the history of a protocol (or BabyCUDA program) and its verdict.
    Run(RunArgs),
    /// Every input under the directories against its expectation header.
    Suite(SuiteArgs),
    /// Generate inputs (the synthetic protocols of Fig. 17).
    Gen(GenArgs),
    /// Benchmarks (timings as CSV and an SVG plot).
    Bench(BenchArgs),
}

pub use mapcheck_frontend::options::parse_param;

#[derive(Args, Debug, Clone, Default)]
pub struct ThreadArgs {
    /// Number of threads |T| (protocols, BabyCUDA); symbolic when absent.
    #[arg(long)]
    pub threads: Option<u64>,
    /// CUDA block dimensions X[,Y[,Z]] (also accepts [X,Y]); symbolic when absent.
    #[arg(long = "block-dim")]
    pub block_dim: Option<String>,
    /// CUDA grid dimensions X[,Y[,Z]]; symbolic when absent.
    #[arg(long = "grid-dim")]
    pub grid_dim: Option<String>,
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
    /// Fix a kernel parameter / free protocol variable.
    #[arg(long = "param", value_parser = parse_param)]
    pub params: Vec<(String, u64)>,
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

#[derive(Copy, Clone, Debug, PartialEq, Eq, ValueEnum)]
pub enum Stage {
    Protocol,
    Wellformed,
    Aligned,
    Split,
    Traces,
    Smt,
}

#[derive(Args, Debug, Clone)]
pub struct CheckArgs {
    /// Input files (.cu, .proto, .bcu).
    #[arg(required = true)]
    pub files: Vec<PathBuf>,
    #[command(flatten)]
    pub threads: ThreadArgs,
    /// Preprocessor definition NAME[=VAL] (.cu).
    #[arg(short = 'D', value_name = "NAME[=VAL]")]
    pub defines: Vec<String>,
    /// Include directory (.cu).
    #[arg(short = 'I', value_name = "DIR")]
    pub includes: Vec<PathBuf>,
    /// Only this kernel.
    #[arg(long)]
    pub kernel: Option<String>,
    /// Only this array.
    #[arg(long)]
    pub array: Option<String>,
    #[arg(long, value_enum, default_value_t = Logic::Lia)]
    pub logic: Logic,
    /// Per SMT query, in milliseconds.
    #[arg(long, default_value_t = 10_000)]
    pub timeout: u64,
    #[arg(long, value_enum, default_value_t = Format::Text)]
    pub format: Format,
    /// Print a pipeline stage instead of checking.
    #[arg(long, value_enum)]
    pub show: Option<Stage>,
}

#[derive(Args, Debug, Clone)]
pub struct RunArgs {
    /// A .proto (or .bcu) file.
    pub file: PathBuf,
    /// Number of threads |T| (at least 2).
    #[arg(long, required = true)]
    pub threads: u64,
    /// Value of a free variable NAME=VALUE.
    #[arg(long = "param", value_parser = parse_param)]
    pub params: Vec<(String, u64)>,
    /// Thread-local values NAME=V0,V1,… (one per thread).
    #[arg(long = "local")]
    pub locals: Vec<String>,
    /// Only this array.
    #[arg(long)]
    pub array: Option<String>,
    /// Print align(p), split(align(p)) or seq(split(align(p))) instead of the history.
    #[arg(long, value_enum)]
    pub show: Option<Stage>,
}

#[derive(Args, Debug, Clone)]
pub struct SuiteArgs {
    /// Directories (or files) to run.
    #[arg(required = true)]
    pub dirs: Vec<PathBuf>,
    #[arg(long, value_enum, default_value_t = Format::Text)]
    pub format: Format,
    /// Files checked in parallel.
    #[arg(long, default_value_t = 1)]
    pub jobs: usize,
    /// Per SMT query, in milliseconds.
    #[arg(long, default_value_t = 10_000)]
    pub timeout: u64,
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
    /// What to benchmark: `synthetic`.
    pub what: String,
    /// Largest size.
    #[arg(long, default_value_t = 50)]
    pub max: usize,
    /// Output directory for the CSV and the SVG plot.
    #[arg(long)]
    pub out: PathBuf,
}

/// `mapcheck run` on a BabyCUDA (`.bcu`) file.
pub fn run_bcu_dispatch(args: &RunArgs) -> i32 {
    run_bcu::main(args)
}
