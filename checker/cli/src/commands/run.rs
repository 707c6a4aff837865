//! `mapcheck run`: the reference interpreter.  Evaluates a `.proto` protocol
//! with the big-step semantics of the paper (`semantics`, Fig. 5) for fixed
//! thread count and parameters, and prints its history and verdict; or prints
//! `align(p)`, `split(align(p))`, `seq(split(align(p)))` with `--show`.

use super::{exit, RunArgs, Stage};
use mapcheck_frontend::{read_source, Diagnostic};
use mapcheck_report::diagnostic::{render, Style};
use semantics::aligned::print_aligned_pair;
use semantics::history::{history_race, History};
use semantics::surface::{self, LowerOptions, Program, Span, Stmt, StmtKind};
use semantics::{align, seq_list, split_pair, NExp, Nat, Threads, Var, W};
use std::collections::BTreeMap;

/// A bad-input error of `run` at a position of the file.
fn error_at(span: Span, message: impl Into<String>) -> Diagnostic {
    Diagnostic::error(message).at(span)
}

pub fn main(args: &RunArgs) -> i32 {
    match args.file.extension().and_then(|e| e.to_str()) {
        Some("bcu") => return super::run_bcu_dispatch(args),
        Some("proto") => {}
        _ => {
            let e = Diagnostic::error(
                "mapcheck run takes a .proto or .bcu file: the reference interpreter has no semantics for CUDA (use `mapcheck check`)",
            );
            eprint!("{}", render(&e.in_file(&args.file), None, Style::Short));
            return exit::BAD_INPUT;
        }
    }
    match run(args) {
        Ok(code) => code,
        Err(e) => {
            let e = match e.file {
                Some(_) => e,
                None => e.in_file(&args.file),
            };
            eprint!("{}", render(&e, None, Style::Short));
            exit::BAD_INPUT
        }
    }
}

fn run(args: &RunArgs) -> Result<i32, Diagnostic> {
    let source = read_source(&args.file)?;
    let program = surface::parse(&source)
        .map_err(|e| Diagnostic::at_position(&args.file, e.line, e.col, e.message))?;
    thread_count(args.threads).map_err(Diagnostic::error)?;
    let env = environment(&program, args)?;
    let arrays = selected_arrays(&program, args)?;
    if let Some(stage) = args.show {
        for array in &arrays {
            let w = lower(&program, array, &env)?;
            print_stage(stage, array, &w);
        }
        return Ok(exit::OK);
    }
    let params = require_params(&program, &env)?;
    check_assumptions(&program, &params)?;
    let threads = thread_locals(&program, args)?;
    let mut racy = false;
    for array in &arrays {
        let w = instantiate(&lower(&program, array, &env)?, &params);
        let steps = semantics::limits::MAX_STEPS;
        match semantics::limits::with_steps(steps, || w.eval(&threads)) {
            Ok(history) => racy |= report(array, &history),
            Err(semantics::NoDerivation::OutOfSteps) => {
                let e = Diagnostic::error(format!(
                    "unknown: the run needs more than {steps} evaluation steps (the reference interpreter's limit): use fewer threads or smaller parameters"
                ));
                eprint!("{}", render(&e.in_file(&args.file), None, Style::Short));
                return Ok(if racy { exit::RACE } else { exit::UNKNOWN });
            }
            Err(e) => return Err(no_derivation(&program, e)),
        }
    }
    Ok(if racy { exit::RACE } else { exit::OK })
}

/// `--threads N` must be in `2..=MAX_THREADS` (the reference simulates each
/// thread; `check` prints no replay line beyond that).
pub fn thread_count(n: u64) -> Result<(), String> {
    let max = semantics::limits::MAX_THREADS;
    if n < 2 {
        Err(format!(
            "--threads {n}: at least 2 threads are needed (one thread cannot race)"
        ))
    } else if n > max {
        Err(format!(
            "--threads {n}: the reference interpreter simulates at most {max} threads"
        ))
    } else {
        Ok(())
    }
}

/// `--param` values plus `T = --threads`; rejects names that are not parameters.
fn environment(program: &Program, args: &RunArgs) -> Result<BTreeMap<Var, Nat>, Diagnostic> {
    let params = program.parameters();
    let mut env = BTreeMap::new();
    for (name, value) in &args.params {
        if !params.contains(name) {
            return Err(Diagnostic::error(format!(
                "--param {name}: `{name}` is not a parameter of this protocol (parameters: {})",
                list_or_none(&params)
            )));
        }
        env.insert(name.clone(), Nat::from(*value));
    }
    env.insert(
        semantics::trace::THREAD_COUNT.to_string(),
        Nat::from(args.threads),
    );
    Ok(env)
}

fn list_or_none(names: &[Var]) -> String {
    if names.is_empty() {
        "none".into()
    } else {
        names.join(", ")
    }
}

/// Every parameter must have a value to run the protocol.
fn require_params(
    program: &Program,
    env: &BTreeMap<Var, Nat>,
) -> Result<BTreeMap<Var, Nat>, Diagnostic> {
    for x in program.parameters() {
        if !env.contains_key(&x) {
            return Err(error_at(
                first_use(&program.body, &x).unwrap_or_default(),
                format!("missing --param {x}=VALUE: `{x}` is a free variable of the protocol"),
            ));
        }
    }
    Ok(env.clone())
}

fn check_assumptions(program: &Program, env: &BTreeMap<Var, Nat>) -> Result<(), Diagnostic> {
    for a in &program.assumptions {
        let mut c = a.cond.clone();
        for (x, v) in env {
            c = c.subst(x, &NExp::Num(v.clone()));
        }
        match c.eval() {
            Ok(true) => {}
            Ok(false) => {
                return Err(error_at(
                    a.span,
                    format!(
                        "assumption `{}` does not hold for the given parameters",
                        a.cond
                    ),
                ))
            }
            Err(e) => {
                return Err(error_at(
                    a.span,
                    format!("assumption `{}` cannot be evaluated: {e}", a.cond),
                ))
            }
        }
    }
    Ok(())
}

/// `--local x=v0,v1,…`: one value per thread for each declared `local`.
fn thread_locals(program: &Program, args: &RunArgs) -> Result<Threads, Diagnostic> {
    let mut threads = Threads::new(args.threads);
    for spec in &args.locals {
        let (name, values) = spec.split_once('=').ok_or_else(|| {
            Diagnostic::error(format!("--local expects NAME=V0,V1,…, found `{spec}`"))
        })?;
        let values: Vec<Nat> = values
            .split(',')
            .map(|v| v.trim().parse::<Nat>())
            .collect::<Result<_, _>>()
            .map_err(|_| {
                Diagnostic::error(format!("--local {name}: values must be natural numbers"))
            })?;
        if values.len() as u64 != args.threads {
            return Err(Diagnostic::error(format!(
                "--local {name}: expected {} values (one per thread), found {}",
                args.threads,
                values.len()
            )));
        }
        threads.locals.insert(name.to_string(), values);
    }
    for x in &program.locals {
        if !threads.locals.contains_key(x) {
            return Err(Diagnostic::error(format!(
                "missing --local {x}=V0,V1,…: `{x}` is a thread-local unknown"
            )));
        }
    }
    Ok(threads)
}

fn selected_arrays(program: &Program, args: &RunArgs) -> Result<Vec<String>, Diagnostic> {
    let all = program.arrays();
    match &args.array {
        None if all.is_empty() => Ok(vec![String::new()]),
        None => Ok(all),
        Some(a) if all.contains(a) => Ok(vec![a.clone()]),
        Some(a) => Err(Diagnostic::error(format!(
            "--array {a}: no such array in this protocol"
        ))),
    }
}

fn lower(program: &Program, array: &str, env: &BTreeMap<Var, Nat>) -> Result<W, Diagnostic> {
    let opts = LowerOptions {
        array: array.to_string(),
        env: env.clone(),
    };
    surface::lower(program, &opts).map_err(|e| error_at(e.span, lower_message(&e)))
}

fn lower_message(e: &surface::LowerError) -> String {
    let full = e.to_string();
    // The Display of LowerError starts with the position, printed separately here.
    full.split_once(": ")
        .map(|(_, m)| m.to_string())
        .unwrap_or(full)
}

fn instantiate(w: &W, env: &BTreeMap<Var, Nat>) -> W {
    env.iter()
        .fold(w.clone(), |w, (x, v)| w.subst(x, &NExp::Num(v.clone())))
}

fn no_derivation(program: &Program, e: semantics::NoDerivation) -> Diagnostic {
    match &e {
        semantics::NoDerivation::EmptySyncLoop { var, .. } => error_at(
            loop_span(&program.body, var).unwrap_or_default(),
            e.to_string(),
        ),
        semantics::NoDerivation::Open(s) => error_at(
            first_use(&program.body, &s.free_var).unwrap_or_default(),
            e.to_string(),
        ),
        semantics::NoDerivation::OutOfSteps => Diagnostic::error(e.to_string()),
    }
}

/// Prints one array's history phase by phase; returns whether it is racy.
fn report(array: &str, history: &History) -> bool {
    let name = if array.is_empty() { "(unnamed)" } else { array };
    println!("array {name}: {} phases", history.len());
    for (k, phase) in history.iter().enumerate() {
        let accesses: Vec<String> = phase.iter().map(ToString::to_string).collect();
        println!("  phase {k}: {{{}}}", accesses.join(", "));
    }
    match history_race(history) {
        None => {
            println!("  verdict: data-race free");
            false
        }
        Some(r) => {
            let (a, b) = (&r.race.first, &r.race.second);
            println!(
                "  verdict: racy: thread {} {} and thread {} {} index {} in phase {}",
                a.owner,
                a.mode,
                b.owner,
                b.mode,
                index_text(&a.index),
                r.phase
            );
            true
        }
    }
}

fn index_text(index: &[Nat]) -> String {
    index.iter().map(|j| format!("[{j}]")).collect()
}

fn print_stage(stage: Stage, array: &str, w: &W) {
    if !array.is_empty() {
        println!("// array {array}");
    }
    // The reference output, shown with `skip` units removed and constants
    // folded (semantics::simplify), as the paper prints it.
    let (a, u) = align(w);
    match stage {
        Stage::Protocol | Stage::Wellformed => println!("{}", w.simplify()),
        Stage::Aligned => print!("{}", print_aligned_pair(&(a.simplify(), u.simplify()))),
        Stage::Split => {
            for (k, c) in split_pair(&(a, u)).iter().enumerate() {
                println!("// closure {k}\n{}", c.simplify());
            }
        }
        Stage::Traces | Stage::Smt => {
            for (k, h) in seq_list(&split_pair(&(a, u))).iter().enumerate() {
                println!("// trace {k}\n{}", h.simplify());
            }
        }
    }
}

/// The span of the first statement that mentions `x`.
fn first_use(block: &[Stmt], x: &str) -> Option<Span> {
    for s in block {
        let mentions = |e: &NExp| e.fv().contains(x);
        match &s.kind {
            StmtKind::Access { index, .. } if index.iter().any(mentions) => return Some(s.span),
            StmtKind::If {
                cond,
                then_branch,
                else_branch,
            } => {
                if cond.fv().contains(x) {
                    return Some(s.span);
                }
                if let Some(sp) = first_use(then_branch, x).or_else(|| first_use(else_branch, x)) {
                    return Some(sp);
                }
            }
            StmtKind::For { lo, hi, body, .. } => {
                if mentions(lo) || mentions(hi) {
                    return Some(s.span);
                }
                if let Some(sp) = first_use(body, x) {
                    return Some(sp);
                }
            }
            _ => {}
        }
    }
    None
}

/// The span of the loop binding `x`.
fn loop_span(block: &[Stmt], x: &str) -> Option<Span> {
    block.iter().find_map(|s| match &s.kind {
        StmtKind::For { var, body, .. } => {
            if var == x {
                Some(s.span)
            } else {
                loop_span(body, x)
            }
        }
        StmtKind::If {
            then_branch,
            else_branch,
            ..
        } => loop_span(then_branch, x).or_else(|| loop_span(else_branch, x)),
        _ => None,
    })
}
