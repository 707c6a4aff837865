use checker::cli::{self, Cli, Command};
use clap::Parser;

fn main() {
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
