mod commands;

use clap::Parser as _;
use commands::{self as cli, Cli, Command};

/// The stack of the thread that runs a command.  The front ends, the checker
/// and the reference interpreter recurse on the nesting of their input; the
/// parsers reject nesting deeper than `semantics::limits::MAX_NESTING`, and
/// this stack leaves a wide margin above what that nesting needs (the default
/// 8 MiB main stack already held 3,000 nested loops).  Only the pages used
/// are ever backed by memory.
pub(crate) const STACK_BYTES: usize = 512 << 20;

fn main() {
    restore_sigpipe();
    // The kernels of a file are checked on rayon's pool: its threads need
    // the same stack (a straight-line kernel of thousands of accesses is a
    // protocol nested as deep).  Failing to build it leaves rayon's default.
    let _ = rayon::ThreadPoolBuilder::new()
        .stack_size(STACK_BYTES)
        .build_global();
    let cli = Cli::parse();
    let worker = std::thread::Builder::new()
        .name("mapcheck".into())
        .stack_size(STACK_BYTES)
        .spawn(move || run(cli));
    let code = match worker {
        Ok(handle) => handle.join().unwrap_or(101),
        // No thread (a tiny address-space limit): run on the main stack.
        Err(_) => run(Cli::parse()),
    };
    std::process::exit(code);
}

fn run(cli: Cli) -> i32 {
    match cli.command {
        Command::Run(args) => cli::run::main(&args),
        Command::Check(args) => cli::check::main(&args),
        Command::Gen(args) => cli::gen::main(&args),
        Command::Bench(args) => cli::bench::main(&args),
        Command::Suite(args) => cli::suite::main(&args),
        Command::Merge(args) => cli::merge::main(&args.files),
        Command::SuiteFile(args) => cli::suite::file_main(&args),
    }
}

/// `mapcheck check … | head` must end quietly when the reader goes away, as
/// Unix tools do, instead of panicking on a failed write: Rust ignores
/// SIGPIPE by default, so put back the default action.
fn restore_sigpipe() {
    // SAFETY: called first thing in `main`, before any other thread exists;
    // `signal` with `SIG_DFL` has no other precondition.
    unsafe {
        libc::signal(libc::SIGPIPE, libc::SIG_DFL);
    }
}
