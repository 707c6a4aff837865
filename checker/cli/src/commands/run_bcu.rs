//! `mapcheck run FILE.bcu --threads N [--param X=V]…`: the BabyCUDA reference
//! interpreter (`semantics::babycuda`, Fig. 5 of `seeds/004_*` plus the
//! synchronized fragment).  Prints the typing result, the history with the
//! values written, and the verdict of Definition 1.  Exit status: 0 DRF,
//! 1 racy (or barrier divergence), 2 bad input.

use super::{exit, RunArgs, Stage};
use mapcheck_frontend::read_source;
use semantics::babycuda::eval::{self, Config, Contents, EvalErrorKind};
use semantics::babycuda::{self, approximate, type_program};
use semantics::Nat;

/// Runs a `.bcu` file (see the module docs).
pub fn main(args: &RunArgs) -> i32 {
    let file = args.file.display();
    let source = match read_source(&args.file) {
        Ok(s) => s,
        Err(e) => {
            eprintln!("{e}");
            return exit::BAD_INPUT;
        }
    };
    let program = match babycuda::parse(&source) {
        Ok(p) => p,
        Err(e) => {
            eprintln!("{file}:{}:{}: error: {}", e.line, e.col, e.message);
            return exit::BAD_INPUT;
        }
    };
    if !args.locals.is_empty() {
        eprintln!("{file}: error: --local does not apply to BabyCUDA: values come from the arrays (use `init A = [...]`)");
        return exit::BAD_INPUT;
    }
    let typed = type_program(&program);
    if let Some(stage) = args.show {
        if stage != Stage::Protocol {
            eprintln!("{file}: error: only `--show protocol` is available for .bcu files");
            return exit::BAD_INPUT;
        }
        match &typed {
            Ok(t) => print!("{}", t.protocol),
            Err(_) => print!("{}", approximate(&program).protocol),
        }
        return exit::OK;
    }
    if args.threads < 2 {
        eprintln!("{file}: error: --threads must be at least 2 (one thread cannot race)");
        return exit::BAD_INPUT;
    }
    let mut cfg = Config::new(args.threads);
    cfg.init = Contents::from_program(&program);
    for (x, v) in &args.params {
        if !program.parameters().contains(x) {
            eprintln!("{file}: warning: `{x}` is not a parameter of this program (ignored)");
            continue;
        }
        cfg.params.insert(x.clone(), Nat::from(*v));
    }
    let missing: Vec<String> = program
        .parameters()
        .into_iter()
        .filter(|x| !cfg.params.contains_key(x))
        .collect();
    if !missing.is_empty() {
        eprintln!(
            "{file}: error: give a value to every parameter: {}",
            missing
                .iter()
                .map(|x| format!("--param {x}=N"))
                .collect::<Vec<_>>()
                .join(" ")
        );
        return exit::BAD_INPUT;
    }
    match &typed {
        Ok(_) => println!("typing: typable (Fig. 6 of 004): every alarm on its protocol is a real race (Theorem 1)"),
        Err(errors) => {
            println!("typing: not typable; the protocol over-approximates (alarms may be spurious):");
            for e in errors {
                println!("  {e}");
            }
        }
    }
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
    let h = match eval::run(&program, &cfg) {
        Ok(h) => h,
        Err(e) => {
            eprintln!("{file}:{e}");
            return match e.kind {
                EvalErrorKind::BarrierDivergence(_) => exit::RACE,
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
