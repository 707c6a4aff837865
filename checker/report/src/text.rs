//! The text report of `mapcheck check`: one block per kernel and array,
//! with the source lines of both accesses of a race underlined
//! (`docs/reports.md`).

use crate::diagnostic::excerpt;
use mapcheck_core::c_terms::{CThread, CUnknown, CValue, CWitness};
use mapcheck_core::results::array_name;
use mapcheck_core::results::{CheckedArray, CheckedKernel, FileReport, Summary};
use mapcheck_core::triage::Triage;
use mapcheck_core::verdict::{BenignPair, ThreadValues, Verdict, Witness, WitnessAccess};
use semantics::expr::{Nat, Var};
use semantics::surface::Span;
use semantics::trace::THREAD_COUNT;
use std::collections::BTreeMap;
use std::fmt::Write as _;

/// The labels of the two sides of a race: `first access` is `accesses[0]`,
/// done by the thread `threads[0]` (whose id may be any value).
pub const ACCESS_LABELS: [&str; 2] = ["first access", "second access"];

/// The text report of a file's kernels (its diagnostics are rendered
/// separately, by [`crate::diagnostic::render`]).
pub fn text(file: &FileReport) -> String {
    let source = file.source.as_deref().unwrap_or_default();
    let mut out = String::new();
    for k in &file.kernels {
        kernel_text(&mut out, k, k.source(source));
    }
    out
}

/// The one-line summary that ends the text report of several files
/// (`docs/reports.md`, "Several files").
pub fn summary(files: &[FileReport]) -> String {
    let s = Summary::of(files);
    let plural =
        |n: usize, one: &str, many: &str| format!("{n} {}", if n == 1 { one } else { many });
    format!(
        "summary: {} ({} host code only), {}, {}: {} DRF, {} racy, {} unknown; {} unreadable\n",
        plural(s.units, "translation unit", "translation units"),
        s.host_only,
        plural(
            s.fragments,
            "fragment checked through its includer",
            "fragments checked through their includers"
        ),
        plural(s.kernels, "kernel", "kernels"),
        s.drf,
        s.racy,
        s.unknown,
        s.unreadable,
    )
}

fn kernel_text(out: &mut String, k: &CheckedKernel, source: &str) {
    let file = k.file.display();
    for a in &k.arrays {
        let name = array_name(&a.check.array);
        let verdict = a.verdict().keyword();
        let _ = writeln!(
            out,
            "{file}: kernel `{}`, array `{name}`: {verdict}",
            k.kernel
        );
        verdict_text(out, k, a, source);
        if let Some(c) = &a.classification {
            let _ = writeln!(out, "  classification: {c}");
        }
        if let Some(s) = &a.suppressed {
            let _ = writeln!(out, "  suppressed ({}): {}", s.at, s.reason);
        }
        suggestions_text(out, k, a);
        if let Some(t) = &a.triage {
            triage_text(out, t);
        }
    }
    if k.arrays.is_empty() {
        let _ = writeln!(out, "{file}: kernel `{}`: no array accesses: drf", k.kernel);
    }
    for note in &k.launch {
        let _ = writeln!(out, "  assuming {note}");
    }
}

/// The checked precondition and fix of a race (`docs/reports.md`,
/// "Suggestions").
fn suggestions_text(out: &mut String, k: &CheckedKernel, a: &CheckedArray) {
    let name = array_name(&a.check.array);
    if let Some(p) = &a.precondition {
        let _ = writeln!(
            out,
            "  help: `{name}` is race-free if `{}` (checked): add `__requires({});` at the start of the kernel's body (after its `{{` at {}:{}), or check with --kernel {} --assume '{}'",
            p.expr,
            p.expr,
            p.line,
            p.col,
            kernel_function(&k.kernel),
            p.expr
        );
    }
    match &a.fix {
        Some(f) if f.replace => {
            let lines: Vec<&str> = f.insert.lines().map(str::trim).collect();
            let _ = writeln!(
                out,
                "  help: replacing line {} by `{}` (the barrier out of the condition, which is evaluated again after it) makes the kernel race-free without divergence (checked)",
                f.line,
                lines.join(" ")
            );
        }
        Some(f) => {
            let _ = writeln!(
                out,
                "  help: adding `{}` before line {} makes `{name}` race-free (checked)",
                f.insert, f.line
            );
        }
        None => {}
    }
}

/// The function of a kernel's report name, as `--kernel` selects it
/// (`k (across blocks)` is `k`; a template's instance `k<float>` is `k`,
/// which selects every instance and needs no quotes in a shell).
pub fn kernel_function(name: &str) -> &str {
    let f = name.split(" (").next().unwrap_or(name);
    f.split('<').next().unwrap_or(f)
}

fn verdict_text(out: &mut String, k: &CheckedKernel, a: &CheckedArray, source: &str) {
    match a.verdict() {
        Verdict::Drf { assumptions } => {
            for asm in assumptions {
                let _ = writeln!(out, "  assuming {asm}");
            }
            for b in &a.check.benign {
                benign_text(out, k, b, source);
            }
        }
        Verdict::Racy(w) => witness_text(out, k, w, source),
        Verdict::Unknown { reason, span } => {
            let at = span.map(|s| format!(" at {s}")).unwrap_or_default();
            let _ = writeln!(out, "  {reason}{at}");
        }
        Verdict::Divergence { span, message } | Verdict::Invalid { span, message } => {
            let _ = writeln!(out, "  {}:{span}: {message}", k.file.display());
            mark(out, k, source, &[(*span, "here")]);
        }
    }
}

/// `first access (thread …): wr a[i] at 3:5`: access `n` of the witness.
fn access_line(w: &Witness, n: usize) -> String {
    let acc = &w.accesses[n];
    format!(
        "{} (thread {}): {} at {}",
        ACCESS_LABELS[n],
        ids_text(w, n),
        side_access(w, n),
        acc.span
    )
}

/// Thread `n`'s identifiers: `threadIdx.x = 1, …`.
pub fn ids_text(w: &Witness, n: usize) -> String {
    match &w.in_c {
        Some(c) => c_values(&c.threads[n].ids),
        None => values(&w.threads[n].ids),
    }
}

/// Access `n` as written: `wr s[tid + 1]` (for C, the source's text).
pub fn side_access(w: &Witness, n: usize) -> String {
    match &w.in_c {
        Some(c) => {
            let a = &c.accesses[n];
            format!("{} {}", a.mode.keyword(), a.text)
        }
        None => access_text(&w.accesses[n]),
    }
}

/// The cell both accesses touch: `[7][6]` (for C, the C index).
pub fn index_text(w: &Witness) -> String {
    match &w.in_c {
        Some(c) => c.index.iter().map(|v| format!("[{v}]")).collect(),
        None => w.index.iter().map(|v| format!("[{v}]")).collect(),
    }
}

/// The synchronized loop variables, `-` when none.
pub fn sync_text(w: &Witness) -> String {
    match &w.in_c {
        Some(c) => c_values(&c.sync_vars),
        None => values(&w.sync_vars),
    }
}

/// The parameters (for C, the kernel's and the launch's, and the values
/// alike in every thread that mapcheck does not compute).
pub fn params_text(w: &Witness) -> String {
    match &w.in_c {
        Some(c) if c.unknowns.is_empty() => c_values(&c.params),
        Some(c) => format!("{}; {}", c_values(&c.params), c_unknowns(&c.unknowns)),
        None => values(&w.params),
    }
}

/// The launch at which the race happens, with the host values there:
/// `the launch at k.cu:24:3 (with n = 1 on the host)`; `None` when the
/// kernel is not checked under its launches' host facts
/// (`docs/launch-configuration.md`, "Relations from the host code").
pub fn launch_text(w: &Witness) -> Option<String> {
    let launch = w.in_c.as_ref()?.launch.as_ref()?;
    Some(launch.to_string())
}

fn witness_text(out: &mut String, k: &CheckedKernel, w: &Witness, source: &str) {
    for (n, acc) in w.accesses.iter().enumerate() {
        let _ = writeln!(out, "  {}", access_line(w, n));
        let rest = match &w.in_c {
            Some(c) => c_thread_extras(&c.threads[n]),
            None => thread_extras(&w.threads[n]),
        };
        if !rest.is_empty() {
            let _ = writeln!(out, "    {rest}");
        }
        mark(out, k, source, &[(acc.span, ACCESS_LABELS[n])]);
    }
    let _ = writeln!(out, "  index: {}", index_text(w));
    if let Some(v) = &w.benign {
        let _ = writeln!(
            out,
            "  benign: both writes store the same value ({v}); a race because --strict counts it"
        );
    }
    if !w.sync_vars.is_empty() {
        let _ = writeln!(out, "  synchronized loop variables: {}", sync_text(w));
    }
    let _ = writeln!(out, "  parameters: {}", params_text(w));
    if let Some(at) = launch_text(w) {
        let _ = writeln!(out, "  at {at}");
    }
    let assumptions = w.in_c.as_ref().map_or(&w.assumptions, |c| &c.assumptions);
    for asm in assumptions {
        let _ = writeln!(out, "  assuming {}", asm.condition);
    }
    if let Some(c) = &w.in_c {
        c_notes(out, c);
    }
    if let Some(replay) = replay_command(&k.file, w) {
        let _ = writeln!(out, "  replay: {}", replay.join(" "));
    } else if let Some(why) = replay_unavailable(&k.file, w) {
        let _ = writeln!(out, "  replay: not printed: {why}");
    }
}

/// A benign pair under a race-free verdict: the two writes, the value they
/// both store and the cell (`docs/benign-writes.md`).
fn benign_text(out: &mut String, k: &CheckedKernel, b: &BenignPair, source: &str) {
    let w = &b.witness;
    let _ = writeln!(
        out,
        "  benign: two threads write the same value ({}) to index {} — not a race (--strict counts it)",
        b.value,
        index_text(w)
    );
    for n in 0..w.accesses.len() {
        let _ = writeln!(out, "    {}", access_line(w, n));
    }
    let spans: Vec<(Span, &str)> = if w.accesses[0].span == w.accesses[1].span {
        vec![(w.accesses[0].span, "both writes")]
    } else {
        vec![
            (w.accesses[0].span, ACCESS_LABELS[0]),
            (w.accesses[1].span, ACCESS_LABELS[1]),
        ]
    };
    mark(out, k, source, &spans);
}

/// The source lines of the spans, underlined and labelled, indented under
/// the report line they belong to.
fn mark(out: &mut String, k: &CheckedKernel, source: &str, labels: &[(Span, &str)]) {
    for line in excerpt(&k.file, source, labels).lines() {
        let _ = writeln!(out, "    {line}");
    }
}

/// `triage: …` lines: the class, its causes and how the alarm was settled.
fn triage_text(out: &mut String, t: &Triage) {
    for line in t.to_string().lines() {
        let _ = writeln!(out, "  triage: {line}");
    }
}

/// The `mapcheck run` command that replays the race in the reference
/// interpreter, for the inputs it runs: `.proto` protocols, and `.bcu`
/// programs (whose values read from arrays are computed, not given, so
/// `--local` is left out).  CUDA kernels have no reference interpreter.
/// `None` also when the race is too large for the interpreter
/// ([`replay_unavailable`] says why).
pub fn replay_command(file: &std::path::Path, w: &Witness) -> Option<Vec<String>> {
    let ext = file.extension().and_then(|e| e.to_str());
    if w.replay_limit(THREAD_COUNT).is_some() {
        return None;
    }
    let mut args = w.replay_args(THREAD_COUNT);
    match ext {
        Some("proto") => {}
        Some("bcu") => {
            if let Some(k) = args.iter().position(|a| a == "--local") {
                args.truncate(k);
            }
        }
        _ => return None,
    }
    let mut cmd = vec![
        "mapcheck".to_string(),
        "run".into(),
        file.display().to_string(),
    ];
    cmd.extend(args);
    Some(cmd)
}

/// Why a `.proto`/`.bcu` race gets no replay command, if it gets none.
pub fn replay_unavailable(file: &std::path::Path, w: &Witness) -> Option<String> {
    let ext = file.extension().and_then(|e| e.to_str());
    if !matches!(ext, Some("proto" | "bcu")) {
        return None;
    }
    w.replay_limit(THREAD_COUNT)
}

fn thread_extras(t: &ThreadValues) -> String {
    let mut parts = Vec::new();
    if !t.loop_vars.is_empty() {
        parts.push(format!("loop variables: {}", values(&t.loop_vars)));
    }
    if !t.locals.is_empty() {
        parts.push(format!("thread-locals: {}", values(&t.locals)));
    }
    parts.join("; ")
}

/// Why a C race may be spurious: what mapcheck over-approximated, and
/// values no size takes.
fn c_notes(out: &mut String, c: &CWitness) {
    if !c.approximations.is_empty() {
        let parts: Vec<String> = c
            .approximations
            .iter()
            .map(|a| format!("{} at {}", a.what, a.span))
            .collect();
        let _ = writeln!(out, "  over-approximated: {}", parts.join("; "));
    }
    if let Some(note) = &c.outside_sizes {
        let _ = writeln!(out, "  note: {note}");
    }
}

/// A C thread's own loop iteration and unknowns, on one line.
fn c_thread_extras(t: &CThread) -> String {
    let mut parts = Vec::new();
    if !t.loop_vars.is_empty() {
        parts.push(format!("loop variables: {}", c_values(&t.loop_vars)));
    }
    if !t.unknowns.is_empty() {
        parts.push(c_unknowns(&t.unknowns));
    }
    parts.join("; ")
}

/// `x = 1, y = -2`, or `-` when empty.
pub fn c_values(vs: &[CValue]) -> String {
    let parts: Vec<String> = vs
        .iter()
        .map(|v| format!("{} = {}", v.name, v.value))
        .collect();
    if parts.is_empty() {
        "-".into()
    } else {
        parts.join(", ")
    }
}

/// ``values mapcheck does not compute: `in[i]` at 9:11 = -1, …``.
///
/// One source expression evaluated many times (an unrolled loop, an
/// inlined call) is one entry with its distinct values and how often it
/// occurs (`` `add(a, b)` at 281:26 = 0 (18 times)``); at most
/// [`SHOWN_UNKNOWNS`] entries are listed (JSON has every one).
pub fn c_unknowns(us: &[CUnknown]) -> String {
    let mut groups: Vec<(&CUnknown, Vec<String>, usize)> = Vec::new();
    for u in us {
        let same = |g: &&mut (&CUnknown, Vec<String>, usize)| {
            g.0.expr == u.expr && g.0.what == u.what && g.0.span == u.span
        };
        let value = u.value.to_string();
        match groups.iter_mut().find(same) {
            Some(g) => {
                g.2 += 1;
                if !g.1.contains(&value) {
                    g.1.push(value);
                }
            }
            None => groups.push((u, vec![value], 1)),
        }
    }
    let mut parts: Vec<String> = groups
        .iter()
        .take(SHOWN_UNKNOWNS)
        .map(|(u, values, n)| unknown_group(u, values, *n))
        .collect();
    if groups.len() > SHOWN_UNKNOWNS {
        parts.push(format!("and {} more", groups.len() - SHOWN_UNKNOWNS));
    }
    format!("values mapcheck does not compute: {}", parts.join(", "))
}

/// How many source expressions a witness line lists.
const SHOWN_UNKNOWNS: usize = 12;

/// `` `e` at 3:4 = 1`` or `` `e` at 3:4 = 0, 1 (5 times)``.
fn unknown_group(u: &CUnknown, values: &[String], n: usize) -> String {
    let what = match &u.expr {
        Some(e) => format!("`{e}`"),
        None => u.what.clone(),
    };
    let shown = match values.len() {
        0..=4 => values.join(", "),
        _ => format!("{}, …", values[..4].join(", ")),
    };
    match n {
        1 => format!("{what} at {} = {shown}", u.span),
        _ => format!("{what} at {} = {shown} ({n} times)", u.span),
    }
}

/// `wr A[tid + 1]`
pub fn access_text(a: &WitnessAccess) -> String {
    let mut s = a.mode.keyword().to_string();
    if !a.array.is_empty() {
        s.push(' ');
        s.push_str(&a.array);
    }
    for n in &a.index {
        let _ = write!(s, "[{n}]");
    }
    s
}

/// `x = 1, y = 2`, or `-` when empty.
pub fn values(m: &BTreeMap<Var, Nat>) -> String {
    let parts: Vec<String> = m.iter().map(|(x, v)| format!("{x} = {v}")).collect();
    if parts.is_empty() {
        "-".into()
    } else {
        parts.join(", ")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn unknown(expr: &str, line: u32, value: i64) -> CUnknown {
        CUnknown {
            expr: Some(expr.into()),
            what: "a call".into(),
            span: Span::point(line, 5),
            value: value.into(),
        }
    }

    #[test]
    fn one_expression_evaluated_many_times_is_one_entry() {
        let mut us: Vec<CUnknown> = (0..18).map(|_| unknown("add(a, b)", 3, 0)).collect();
        us.push(unknown("in[i]", 4, -1));
        us.push(unknown("add(a, b)", 3, 7));
        assert_eq!(
            c_unknowns(&us),
            "values mapcheck does not compute: `add(a, b)` at 3:5 = 0, 7 (19 times), `in[i]` at 4:5 = -1"
        );
    }

    #[test]
    fn many_expressions_are_cut_with_a_count() {
        let us: Vec<CUnknown> = (1..=15).map(|l| unknown("x", l, 1)).collect();
        let t = c_unknowns(&us);
        assert!(t.contains("`x` at 12:5 = 1, and 3 more"), "{t}");
        assert!(!t.contains("13:5"), "{t}");
    }

    #[test]
    fn many_values_of_one_expression_are_cut() {
        let us: Vec<CUnknown> = (0..6).map(|v| unknown("x", 1, v)).collect();
        assert_eq!(
            c_unknowns(&us),
            "values mapcheck does not compute: `x` at 1:5 = 0, 1, 2, 3, … (6 times)"
        );
    }
}
