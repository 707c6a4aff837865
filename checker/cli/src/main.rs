mod commands;

use clap::Parser as _;
use commands::{self as cli, Cli, Command};

fn main() {
    restore_sigpipe();
    let cli = Cli::parse();
    let code = match cli.command {
        Command::Run(args) => cli::run::main(&args),
        Command::Check(args) => cli::check::main(&args),
        Command::Gen(args) => cli::gen::main(&args),
        Command::Bench(args) => cli::bench::main(&args),
        Command::Suite(args) => cli::suite::main(&args),
    };
    std::process::exit(code);
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
