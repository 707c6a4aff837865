//! `mapcheck run FILE.bcu --threads N [--param X=V]…`: the BabyCUDA reference
//! interpreter (`semantics::babycuda`, Fig. 5 of `seeds/004_*` plus the
//! synchronized fragment).  Prints the typing result, the history with the
//! values written, and the verdict of Definition 1.  Exit status: 0 DRF,
//! 1 racy (or barrier divergence), 2 bad input, 3 a limit of the interpreter
//! reached (unknown).

use super::{exit, RunArgs, Stage};
use mapcheck_frontend::{read_source, Diagnostic};
use mapcheck_report::diagnostic::{render, Style};
use semantics::babycuda::eval::{self, Config, Contents, EvalErrorKind};
use semantics::babycuda::{self, approximate, type_program};
use semantics::Nat;

/// Prints a diagnostic about the file on one line.
fn eprint(args: &RunArgs, d: Diagnostic) {
    eprint!("{}", render(&d.in_file(&args.file), None, Style::Short));
}

/// A bad-input error about the file; returns exit status 2.
fn bad_input(args: &RunArgs, message: &str) -> i32 {
    eprint(args, Diagnostic::error(message));
    exit::BAD_INPUT
}

/// Runs a `.bcu` file (see the module docs).
pub fn main(args: &RunArgs) -> i32 {
    let source = match read_source(&args.file) {
        Ok(s) => s,
        Err(e) => {
            eprint(args, e);
            return exit::BAD_INPUT;
        }
    };
    let program = match babycuda::parse(&source) {
        Ok(p) => p,
        Err(e) => {
            let at = Diagnostic::at_position(&args.file, e.line, e.col, e.message);
            eprint(args, at);
            return exit::BAD_INPUT;
        }
    };
    if !args.locals.is_empty() {
        return bad_input(args, "--local does not apply to BabyCUDA: values come from the arrays (use `init A = [...]`)");
    }
    let typed = type_program(&program);
    if let Some(stage) = args.show {
        if stage != Stage::Protocol {
            return bad_input(args, "only `--show protocol` is available for .bcu files");
        }
        match &typed {
            Ok(t) => print!("{}", t.protocol),
            Err(_) => print!("{}", approximate(&program).protocol),
        }
        return exit::OK;
    }
    if let Err(message) = super::run::thread_count(args.threads) {
        return bad_input(args, &message);
    }
    let cfg = match config(args, &program) {
        Ok(cfg) => cfg,
        Err(code) => return code,
    };
    match &typed {
        Ok(_) => println!("typing: typable (Fig. 6 of 004): every alarm on its protocol is a real race (Theorem 1)"),
        Err(errors) => {
            println!("typing: not typable; the protocol over-approximates (alarms may be spurious):");
            for e in errors {
                println!("  {e}");
            }
        }
    }
    history_and_verdict(args, &program, &cfg)
}

/// The interpreter's configuration: thread count, initial contents and a
/// value for every parameter (else exit status 2).
fn config(args: &RunArgs, program: &babycuda::Program) -> Result<Config, i32> {
    let mut cfg = Config::new(args.threads);
    cfg.init = Contents::from_program(program);
    for (x, v) in &args.params {
        if !program.parameters().contains(x) {
            let warning = format!("`{x}` is not a parameter of this program (ignored)");
            eprint(args, Diagnostic::warning(warning));
            continue;
        }
        cfg.params.insert(x.clone(), Nat::from(*v));
    }
    let missing: Vec<String> = program
        .parameters()
        .into_iter()
        .filter(|x| !cfg.params.contains_key(x))
        .map(|x| format!("--param {x}=N"))
        .collect();
    if !missing.is_empty() {
        let message = format!("give a value to every parameter: {}", missing.join(" "));
        return Err(bad_input(args, &message));
    }
    Ok(cfg)
}

/// Prints the history phase by phase and the verdict; returns the exit status.
fn history_and_verdict(args: &RunArgs, program: &babycuda::Program, cfg: &Config) -> i32 {
    let params: Vec<String> = cfg
        .params
        .iter()
        .map(|(x, v)| format!("{x} = {v}"))
        .collect();
    println!(
        "history (T = {}{}{}):",
        args.threads,
        if params.is_empty() { "" } else { ", " },
        params.join(", ")
    );
    let h = match eval::run(program, cfg) {
        Ok(h) => h,
        Err(e) => {
            eprintln!("{}:{e}", args.file.display());
            return match e.kind {
                EvalErrorKind::BarrierDivergence(_) => exit::RACE,
                ref k if k.is_limit() => exit::UNKNOWN,
                _ => exit::BAD_INPUT,
            };
        }
    };
    print!("{}", eval::format_history(&h));
    let race = h
        .iter()
        .enumerate()
        .filter_map(|(k, p)| {
            let mut p = p.clone();
            if let Some(only) = &args.array {
                for rw in p.values_mut() {
                    rw.retain(|a, _| a == only);
                }
            }
            eval::phase_race(k, &p)
        })
        .next();
    match race {
        None => {
            println!("verdict: data-race free");
            exit::OK
        }
        Some(r) => {
            println!("verdict: racy: {r}");
            exit::RACE
        }
    }
}
