use checker::cli::{self, Cli, Command};
use clap::Parser;

fn main() {
    let cli = Cli::parse();
    let code = match cli.command {
        Command::Run(args) => cli::run::main(&args),
        Command::Check(args) => cli::check::main(&args),
        Command::Gen(args) => cli::gen::main(&args),
        Command::Bench(args) => cli::bench::main(&args),
        Command::Suite(_) => {
            eprintln!("mapcheck: this command is not available yet");
            cli::exit::BAD_INPUT
        }
    };
    std::process::exit(code);
}
