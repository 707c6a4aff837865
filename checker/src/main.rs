use checker::cli::{self, Cli, Command};
use clap::Parser;

fn main() {
    let cli = Cli::parse();
    let code = match cli.command {
        Command::Run(args) => cli::run::main(&args),
        Command::Check(_) | Command::Suite(_) | Command::Gen(_) | Command::Bench(_) => {
            eprintln!("mapcheck: this command is not available yet");
            cli::exit::BAD_INPUT
        }
    };
    std::process::exit(code);
}
