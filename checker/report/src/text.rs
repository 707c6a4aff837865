//! Reports of `mapcheck check`: readable text (with the source lines of both
//! accesses marked), stable JSON (schema in README, "JSON output") and CSV
//! (README, "SARIF and CSV output").  SARIF is in [`crate::sarif`].

use mapcheck_core::verdict::{
    ArrayReport, Assumption, KernelReport, ThreadValues, Verdict, Witness, WitnessAccess,
};
use semantics::expr::{Nat, Var};
use semantics::surface::Span;
use semantics::trace::THREAD_COUNT;
use serde_json::{json, Map, Value};
use std::collections::BTreeMap;
use std::fmt::Write as _;

/// Version of the JSON schema (bumped on incompatible changes).
pub const JSON_SCHEMA_VERSION: u64 = 1;

/// The display name of an array (`""` is the unnamed array).
pub fn array_name(a: &str) -> &str {
    if a.is_empty() {
        "(unnamed)"
    } else {
        a
    }
}

// ---------------------------------------------------------------------------
// Text
// ---------------------------------------------------------------------------

/// The text report of one kernel; `source` is the file's text.
pub fn text(report: &KernelReport, source: &str) -> String {
    let mut out = String::new();
    for a in &report.arrays {
        let _ = writeln!(
            out,
            "{}: kernel `{}`, array `{}`: {}",
            report.file.display(),
            report.kernel,
            array_name(&a.array),
            a.verdict.keyword()
        );
        text_verdict(&mut out, report, a, source);
    }
    if report.arrays.is_empty() {
        let _ = writeln!(
            out,
            "{}: kernel `{}`: no array accesses: drf",
            report.file.display(),
            report.kernel
        );
    }
    out
}

fn text_verdict(out: &mut String, report: &KernelReport, a: &ArrayReport, source: &str) {
    match &a.verdict {
        Verdict::Drf { assumptions } => {
            for asm in assumptions {
                let _ = writeln!(out, "  assuming {asm}");
            }
        }
        Verdict::Racy(w) => text_witness(out, report, w, source),
        Verdict::Unknown { reason, span } => {
            let at = span.map(|s| format!(" at {s}")).unwrap_or_default();
            let _ = writeln!(out, "  {reason}{at}");
        }
        Verdict::Divergence { span, message } | Verdict::Invalid { span, message } => {
            let _ = writeln!(out, "  {}:{span}: {message}", report.file.display());
            mark(out, source, span, "here");
        }
    }
}

/// The labels of the two sides of a race: `first access` is `accesses[0]`,
/// done by the thread `threads[0]` (whose id may be any value).
pub const ACCESS_LABELS: [&str; 2] = ["first access", "second access"];

fn text_witness(out: &mut String, report: &KernelReport, w: &Witness, source: &str) {
    for (k, acc) in w.accesses.iter().enumerate() {
        let _ = writeln!(
            out,
            "  {} (thread {}): {} at {}",
            ACCESS_LABELS[k],
            values(&w.threads[k].ids),
            access_text(acc),
            acc.span
        );
        let rest = thread_extras(&w.threads[k]);
        if !rest.is_empty() {
            let _ = writeln!(out, "    {rest}");
        }
        mark(out, source, &acc.span, ACCESS_LABELS[k]);
    }
    let index: Vec<String> = w.index.iter().map(|v| format!("[{v}]")).collect();
    let _ = writeln!(out, "  index: {}", index.concat());
    if !w.sync_vars.is_empty() {
        let _ = writeln!(
            out,
            "  synchronized loop variables: {}",
            values(&w.sync_vars)
        );
    }
    let _ = writeln!(out, "  parameters: {}", values(&w.params));
    for asm in &w.assumptions {
        let _ = writeln!(out, "  assuming {}", asm.condition);
    }
    if let Some(replay) = replay_command(&report.file, w) {
        let _ = writeln!(out, "  replay: {}", replay.join(" "));
    }
}

/// The `mapcheck run` command that replays the race in the reference
/// interpreter, for the inputs it runs: `.proto` protocols, and `.bcu`
/// programs (whose values read from arrays are computed, not given, so
/// `--local` is left out).  CUDA kernels have no reference interpreter.
pub fn replay_command(file: &std::path::Path, w: &Witness) -> Option<Vec<String>> {
    let ext = file.extension().and_then(|e| e.to_str());
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

/// Prints the source line of `span` with a marker under it.
fn mark(out: &mut String, source: &str, span: &Span, label: &str) {
    if span.line == 0 {
        return;
    }
    let Some(line) = source.lines().nth(span.line as usize - 1) else {
        return;
    };
    let width = if span.end_line == span.line && span.end_col > span.col {
        (span.end_col - span.col) as usize
    } else {
        1
    };
    let pad = " ".repeat(span.col.saturating_sub(1) as usize);
    let _ = writeln!(out, "    {:>4} | {line}", span.line);
    let _ = writeln!(out, "         | {pad}{} {label}", "^".repeat(width.max(1)));
}

// ---------------------------------------------------------------------------
// JSON
// ---------------------------------------------------------------------------

/// The JSON document of `mapcheck check --format json`.
pub fn json_document(reports: &[KernelReport], errors: &[String]) -> Value {
    json!({
        "version": JSON_SCHEMA_VERSION,
        "kernels": reports.iter().map(json_kernel).collect::<Vec<_>>(),
        "errors": errors,
    })
}

pub fn json_kernel(r: &KernelReport) -> Value {
    json!({
        "file": r.file.display().to_string(),
        "kernel": r.kernel,
        "arrays": r.arrays.iter().map(|a| json_array(r, a)).collect::<Vec<_>>(),
    })
}

fn json_array(r: &KernelReport, a: &ArrayReport) -> Value {
    let mut m = Map::new();
    m.insert("array".into(), json!(a.array));
    m.insert("verdict".into(), json!(a.verdict.keyword()));
    m.insert("closures".into(), json!(a.closures));
    m.insert("queries".into(), json!(a.queries));
    m.insert("seconds".into(), json!(a.seconds));
    match &a.verdict {
        Verdict::Drf { assumptions } => {
            m.insert("assumptions".into(), json_assumptions(assumptions));
        }
        Verdict::Racy(w) => {
            m.insert("witness".into(), json_witness(r, w));
        }
        Verdict::Unknown { reason, span } => {
            m.insert("reason".into(), json!(reason));
            m.insert(
                "location".into(),
                span.as_ref().map(json_span).unwrap_or(Value::Null),
            );
        }
        Verdict::Divergence { span, message } | Verdict::Invalid { span, message } => {
            m.insert("message".into(), json!(message));
            m.insert("location".into(), json_span(span));
        }
    }
    Value::Object(m)
}

/// `{"line", "col", "end_line", "end_col"}`, 1-based, end exclusive.
pub fn json_span(s: &Span) -> Value {
    json!({"line": s.line, "col": s.col, "end_line": s.end_line, "end_col": s.end_col})
}

/// A number when it fits in a `u64`, else a decimal string.
pub fn json_nat(v: &Nat) -> Value {
    match u64::try_from(v) {
        Ok(n) => json!(n),
        Err(_) => json!(v.to_string()),
    }
}

fn json_values(m: &BTreeMap<Var, Nat>) -> Value {
    Value::Object(m.iter().map(|(x, v)| (x.clone(), json_nat(v))).collect())
}

fn json_assumptions(a: &[Assumption]) -> Value {
    json!(a
        .iter()
        .map(|a| json!({"condition": a.condition, "reason": a.reason, "location": json_span(&a.span)}))
        .collect::<Vec<_>>())
}

/// The `witness` object of the JSON report (also the SARIF `properties`).
pub fn json_witness(r: &KernelReport, w: &Witness) -> Value {
    let access = |a: &WitnessAccess| json!({"mode": a.mode.keyword(), "array": a.array, "index": a.index, "location": json_span(&a.span)});
    let thread = |t: &ThreadValues| json!({"ids": json_values(&t.ids), "locals": json_values(&t.locals), "loop_vars": json_values(&t.loop_vars)});
    let replay = replay_command(&r.file, w);
    json!({
        "accesses": w.accesses.iter().map(access).collect::<Vec<_>>(),
        "threads": w.threads.iter().map(thread).collect::<Vec<_>>(),
        "index": w.index.iter().map(json_nat).collect::<Vec<_>>(),
        "sync_vars": json_values(&w.sync_vars),
        "params": json_values(&w.params),
        "assumptions": json_assumptions(&w.assumptions),
        "replay": replay,
    })
}

// ---------------------------------------------------------------------------
// CSV
// ---------------------------------------------------------------------------

/// The header line of `mapcheck check --format csv`.
pub const CSV_HEADER: &str =
    "file,kernel,array,verdict,classification,line1,col1,line2,col2,index,seconds";

/// One CSV field, quoted when it contains a comma, a quote, a line break or
/// leading/trailing blanks (RFC 4180: quotes doubled inside quotes).
pub fn csv_field(s: &str) -> String {
    let needs = s.contains([',', '"', '\n', '\r']) || s.trim() != s;
    if needs {
        format!("\"{}\"", s.replace('"', "\"\""))
    } else {
        s.to_string()
    }
}

/// The CSV rows of one kernel, one per array (no header; a kernel without
/// array accesses has no row).  `classification` gives the classification
/// of a racy array; the column is empty for other verdicts.  `line1,col1`
/// is the first access of a race or the location of another verdict,
/// `line2,col2` the second access of a race; `index` is the common index
/// of a race (`[1][0]`); empty fields where not applicable.
pub fn csv_rows(report: &KernelReport, classification: &dyn Fn(&str) -> String) -> String {
    let mut out = String::new();
    for a in &report.arrays {
        let pos = |s: Option<&Span>| -> [String; 2] {
            match s {
                Some(s) if s.line > 0 => [s.line.to_string(), s.col.to_string()],
                _ => [String::new(), String::new()],
            }
        };
        let (class, first, second, index) = match &a.verdict {
            Verdict::Racy(w) => (
                classification(&a.array),
                pos(Some(&w.accesses[0].span)),
                pos(Some(&w.accesses[1].span)),
                w.index.iter().map(|v| format!("[{v}]")).collect(),
            ),
            Verdict::Drf { .. } => (String::new(), pos(None), pos(None), String::new()),
            Verdict::Unknown { span, .. } => {
                (String::new(), pos(span.as_ref()), pos(None), String::new())
            }
            Verdict::Divergence { span, .. } | Verdict::Invalid { span, .. } => {
                (String::new(), pos(Some(span)), pos(None), String::new())
            }
        };
        let fields = [
            report.file.display().to_string(),
            report.kernel.clone(),
            a.array.clone(),
            a.verdict.keyword().to_string(),
            class,
            first[0].clone(),
            first[1].clone(),
            second[0].clone(),
            second[1].clone(),
            index,
            format!("{:.6}", a.seconds),
        ];
        let line: Vec<String> = fields.iter().map(|f| csv_field(f)).collect();
        let _ = writeln!(out, "{}", line.join(","));
    }
    out
}
