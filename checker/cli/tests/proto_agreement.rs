//! Property (`docs/how-answers-are-checked.md`): on random `.proto`
//! programs — parameters and locals
//! named like the built-ins, names declared twice or not at all, huge
//! constants — `mapcheck check` and `mapcheck run` accept and reject the
//! same inputs, both stay within bounds (exit status 0–3, no panic), and
//! every replay command `check` prints is accepted by `run` and reproduces
//! its race.  `MAPCHECK_CASES` cases (default 40, at most 200: each case
//! runs the binary two or three times).

mod support;

use quickcheck::{Arbitrary, Gen, QuickCheck, TestResult};
use std::sync::atomic::{AtomicUsize, Ordering};
use support::{mapcheck_limited, replay_lines, write};

/// Cases both accept, cases both reject, replay commands run.
static ACCEPTED: AtomicUsize = AtomicUsize::new(0);
static REJECTED: AtomicUsize = AtomicUsize::new(0);
static REPLAYED: AtomicUsize = AtomicUsize::new(0);

const NAMES: &[&str] = &["N", "M", "x", "y", "tid", "T", "i"];
const NUMBERS: &[&str] = &[
    "0",
    "1",
    "2",
    "3",
    "16",
    "1000000000",
    "4294967296",
    "18446744073709551615",
    "18446744073709551616",
];

fn pick<'a>(g: &mut Gen, xs: &[&'a str]) -> &'a str {
    xs[usize::arbitrary(g) % xs.len()]
}

fn exp(g: &mut Gen, depth: u32) -> String {
    match usize::arbitrary(g) % if depth == 0 { 2 } else { 5 } {
        0 => pick(g, NUMBERS).to_string(),
        1 => pick(g, NAMES).to_string(),
        2 => format!("{} + {}", exp(g, depth - 1), exp(g, depth - 1)),
        3 => format!("{} - {}", exp(g, depth - 1), exp(g, depth - 1)),
        _ => format!("{} * {}", exp(g, depth - 1), exp(g, depth - 1)),
    }
}

fn cond(g: &mut Gen) -> String {
    let op = pick(g, &["<", "<=", "==", "!=", ">"]);
    format!("{} {op} {}", exp(g, 1), exp(g, 1))
}

fn stmts(g: &mut Gen, depth: u32) -> String {
    let n = 1 + usize::arbitrary(g) % 3;
    (0..n)
        .map(|_| stmt(g, depth))
        .collect::<Vec<_>>()
        .join("; ")
}

fn stmt(g: &mut Gen, depth: u32) -> String {
    match usize::arbitrary(g) % if depth == 0 { 3 } else { 6 } {
        0 => format!("wr[{}]", exp(g, 2)),
        1 => format!("rd[{}]", exp(g, 2)),
        2 => "sync".into(),
        3 => format!("if {} {{ {} }}", cond(g), stmts(g, depth - 1)),
        4 => format!(
            "forU {} in {}..{} {{ {} }}",
            pick(g, &["i", "j"]),
            exp(g, 1),
            exp(g, 1),
            stmts(g, depth - 1)
        ),
        _ => format!(
            "forS {} in {}..{} {{ {}; sync }}",
            pick(g, &["k", "i"]),
            exp(g, 1),
            exp(g, 1),
            stmts(g, depth - 1)
        ),
    }
}

#[derive(Clone, Debug)]
struct Proto(String);

impl Arbitrary for Proto {
    fn arbitrary(g: &mut Gen) -> Proto {
        let mut text = String::new();
        for _ in 0..usize::arbitrary(g) % 3 {
            let kw = pick(g, &["param", "local"]);
            text.push_str(&format!("{kw} {};\n", pick(g, NAMES)));
        }
        if bool::arbitrary(g) && bool::arbitrary(g) {
            text.push_str(&format!("assume {};\n", cond(g)));
        }
        text.push_str(&stmts(g, 2));
        text.push('\n');
        Proto(text)
    }
}

/// `run`'s exit status 2 for reasons of the values given, not of the input.
fn value_dependent(stderr: &str) -> bool {
    [
        "no derivation",
        "does not hold",
        "cannot be evaluated",
        "empty range",
        "barrier divergence",
        "step limit",
        "steps",
    ]
    .iter()
    .any(|w| stderr.contains(w))
}

fn agree(p: Proto) -> TestResult {
    let dir = tempfile::tempdir().expect("tempdir");
    let file = write(dir.path(), "p.proto", p.0.as_bytes());
    let check = mapcheck_limited(&["check", &file, "--timeout", "5000"], 60, 4096);
    if let Err(why) = check.bounded() {
        return TestResult::error(format!("check on\n{}\n{why}", p.0));
    }
    // `run` with every parameter 1 and every local 0,1 (the names of the
    // reference's own parse; if it rejects the text, `run` must too).
    let mut args: Vec<String> = vec!["run".into(), file.clone(), "--threads".into(), "2".into()];
    if let Ok(program) = semantics::surface::parse(&p.0) {
        for x in program.parameters() {
            args.extend(["--param".into(), format!("{x}=1")]);
        }
        for x in &program.locals {
            args.extend(["--local".into(), format!("{x}=0,1")]);
        }
    }
    let argv: Vec<&str> = args.iter().map(String::as_str).collect();
    let run = mapcheck_limited(&argv, 60, 4096);
    if let Err(why) = run.bounded() {
        return TestResult::error(format!("run on\n{}\n{why}", p.0));
    }
    // An input `check` rejects, `run` rejects (for whatever reason); an
    // input `run` rejects for a reason that is not about the values given,
    // `check` rejects or answers `unknown` (exit 3: a construct it does not
    // support, such as a synchronized conditional on a loop variable,
    // which `run` cannot evaluate without the variable's value).
    // A divergence `check` finds before such a conditional (a
    // synchronized loop bound by `tid` around it) is a verdict `run`
    // cannot give either way: nothing to compare.
    let check_rejects = check.code == Some(2);
    let check_unknown = check.code == Some(3);
    let check_divergence = check.code == Some(1) && check.stdout.contains("divergence");
    let run_cannot_evaluate = run.stderr.contains("give its value with --param");
    let run_rejects_input = run.code == Some(2) && !value_dependent(&run.stderr);
    let agree = (!check_rejects || run.code == Some(2))
        && (!run_rejects_input
            || check_rejects
            || check_unknown
            || (run_cannot_evaluate && check_divergence));
    if !agree {
        return TestResult::error(format!(
            "check and run disagree on\n{}\ncheck: exit {:?} {}{}\nrun: exit {:?} {}",
            p.0, check.code, check.stdout, check.stderr, run.code, run.stderr
        ));
    }
    let counter = if check_rejects { &REJECTED } else { &ACCEPTED };
    counter.fetch_add(1, Ordering::SeqCst);
    for replay in replay_lines(&check.stdout) {
        let argv: Vec<&str> = replay.iter().map(String::as_str).collect();
        let r = mapcheck_limited(&argv, 60, 4096);
        REPLAYED.fetch_add(1, Ordering::SeqCst);
        if r.code != Some(1) || !r.stdout.contains("verdict: racy") {
            return TestResult::error(format!(
                "on\n{}\nthe printed replay `{}` does not reproduce the race: exit {:?}\n{}{}",
                p.0,
                replay.join(" "),
                r.code,
                r.stdout,
                r.stderr
            ));
        }
    }
    TestResult::passed()
}

#[test]
fn check_and_run_agree_on_random_protocols() {
    let cases: u64 = std::env::var("MAPCHECK_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .map_or(40, |n: u64| n.min(200));
    QuickCheck::new()
        .tests(cases)
        .max_tests(cases * 2)
        .quickcheck(agree as fn(Proto) -> TestResult);
    eprintln!(
        "proto agreement: {} accepted by both, {} rejected by both, {} replay commands reproduced",
        ACCEPTED.load(Ordering::SeqCst),
        REJECTED.load(Ordering::SeqCst),
        REPLAYED.load(Ordering::SeqCst)
    );
}
