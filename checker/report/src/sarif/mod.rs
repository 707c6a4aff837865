//! SARIF 2.1.0 output of `mapcheck check --format sarif`, for code-scanning
//! tools such as GitHub code scanning (`docs/formats.md`), as
//! serde-derived types.
//!
//! One `run`; one `result` per array whose verdict is not DRF: a race
//! (`data-race`), barrier divergence (`barrier-divergence`), an undecided
//! array (`unknown`) or a malformed protocol (`invalid-input`).  A race's
//! primary location is its first access, the related location its second;
//! `properties` carry the witness (the same object as in the JSON report) and
//! the classification.  Files that could not be loaded are tool execution
//! notifications of the invocation.

use crate::fingerprint::{self, fingerprint};
use crate::json::JsonWitness;
use crate::locate;
use crate::text::ACCESS_LABELS;
use mapcheck_core::results::array_name;
use mapcheck_core::results::{CheckedArray, CheckedKernel, FileReport};
use mapcheck_core::verdict::{Verdict, Witness};
use semantics::surface::Span;
use std::collections::BTreeMap;
use std::path::Path;

mod types;
mod uri;
pub use types::*;
use uri::dir_uri;
pub use uri::{artifact_uri, ArtifactUri};

/// `$schema` of the document.
pub const SCHEMA: &str = "https://json.schemastore.org/sarif-2.1.0.json";
/// `version` of the document.
pub const VERSION: &str = "2.1.0";
/// Where source URIs are relative to: the current directory.
pub const SRCROOT: &str = "%SRCROOT%";

/// The rules, in `tool.driver.rules` order (`ruleIndex` is the position).
pub const RULES: [Rule; 4] = [
    Rule {
        id: "data-race",
        name: "DataRace",
        level: "error",
        short: "Data race",
        full: "Two distinct threads access the same array cell in the same barrier \
               interval, and at least one access is a write.",
        help: "The two accesses of the result (the primary location and the related \
               `second access`) touch the same cell, for the thread identifiers and \
               parameter values in the message, with no barrier between them. \
               Fixes: put a barrier (`__syncthreads()`, or `__syncwarp()` within a \
               warp) between the two accesses so that every thread of the block \
               reaches it; or make the indices of different threads differ; or, if \
               the witness needs parameter values the kernel is never launched with, \
               state the precondition (`__requires(…)` in the kernel, `--param` or \
               the launch dimensions on the command line). The classification says \
               how certain the race is: `exact` and `protocol` races hold for the \
               code as written; `data-dependent`, `control-dependent` and \
               `approximated` ones rest on values mapcheck did not model and may be \
               spurious. To silence a reviewed alarm, say why in an inline \
               `// mapcheck-ignore: data-race — reason` on the access's line.",
    },
    Rule {
        id: "barrier-divergence",
        name: "BarrierDivergence",
        level: "error",
        short: "Barrier divergence",
        full: "Threads may disagree on reaching a barrier: a barrier under a \
               thread-dependent condition, or a synchronized loop whose bounds \
               depend on the thread.",
        help: "A barrier must be reached by every thread of the block, or by \
               none (CUDA's `__syncthreads()` is undefined otherwise). The location \
               is the conditional or loop whose condition two threads of the \
               message evaluate differently. Fixes: move the barrier out of the \
               conditional (compute the condition, synchronize, then branch), or \
               make the condition or loop bounds the same for every thread of the \
               block.",
    },
    Rule {
        id: "unknown",
        name: "Unknown",
        level: "warning",
        short: "Data-race freedom not established",
        full: "No race was found, but mapcheck could not prove the array \
               data-race free (solver timeout or unknown, unsupported construct).",
        help: "The message says why: a construct mapcheck does not model (at its \
               location), or a solver query that timed out (at the kernel). Try \
               increasing the timeout (`--timeout MS`), fixing the launch \
               dimensions or parameters the kernel is used with (`--block-dim`, \
               `--grid-dim`, `--param`), or rewriting the unsupported construct. \
               mapcheck never reports such an array data-race free.",
    },
    Rule {
        id: "invalid-input",
        name: "InvalidInput",
        level: "error",
        short: "Malformed protocol",
        full: "The kernel's memory access protocol is malformed, e.g. a barrier \
               inside a loop that cannot contain one.",
        help: "The protocol (a `.proto` file, or the one inferred from the kernel) \
               breaks a rule of the protocol language at the location, for \
               example a barrier inside a loop declared unsynchronized. Fix the \
               construct the message names; `docs/proto-format.md` gives the rules.",
    },
];

/// The SARIF document of the files' reports (files that could not be
/// checked become tool execution notifications, and so do the
/// assumptions of DRF verdicts); `cwd` is the directory URIs are
/// relative to.
pub fn document<'a>(files: &'a [FileReport], cwd: &Path) -> Sarif<'a> {
    let results = files.iter().flat_map(|f| file_results(f, cwd)).collect();
    let notifications = files
        .iter()
        .flat_map(|f| file_notifications(f, cwd))
        .collect();
    Sarif {
        schema: SCHEMA,
        version: VERSION,
        runs: vec![run(results, notifications, cwd)],
    }
}

/// The one run of a document.
fn run<'a>(results: Vec<SarifResult<'a>>, notifications: Vec<Notification>, cwd: &Path) -> Run<'a> {
    let failed = notifications.iter().any(|n| n.level == "error");
    Run {
        tool: Tool { driver: driver() },
        original_uri_base_ids: dir_uri(cwd).map(|uri| BTreeMap::from([(SRCROOT, UriBase { uri })])),
        invocations: vec![Invocation {
            execution_successful: !failed,
            tool_execution_notifications: notifications,
        }],
        column_kind: "unicodeCodePoints",
        results,
    }
}

/// The results of one file: one per array whose verdict is not DRF, where
/// the arrays of a kernel that met the same divergence, malformed
/// construct or unknown at the same place share one result (one barrier
/// under a thread-dependent condition is one alert, whatever the number
/// of arrays its kernel accesses).
pub fn file_results<'a>(f: &'a FileReport, cwd: &Path) -> Vec<SarifResult<'a>> {
    let source = f.source.as_deref().unwrap_or_default();
    let mut out: Vec<SarifResult<'a>> = Vec::new();
    for k in &f.kernels {
        for a in &k.arrays {
            let Some(r) = result(k, a, source, cwd) else {
                continue;
            };
            let same = |o: &&mut SarifResult<'a>| {
                r.rule_id != "data-race"
                    && o.rule_id == r.rule_id
                    && o.properties.kernel == r.properties.kernel
                    && o.properties.reason == r.properties.reason
                    && o.locations[0].physical_location.region
                        == r.locations[0].physical_location.region
            };
            match out.iter_mut().find(same) {
                Some(o) => {
                    o.properties.arrays.push(r.properties.array);
                    let why = o.properties.reason.unwrap_or_default();
                    let text =
                        problem_text(o.rule_id, o.properties.kernel, &o.properties.arrays, why)
                            + &suggestion_text(a);
                    o.message = Text::new(text);
                }
                None => out.push(r),
            }
        }
    }
    out
}

/// The notifications of one file: its errors, then for each kernel with
/// DRF arrays what those verdicts assumed (the launch dimensions mapcheck
/// chose, non-empty loops), one note per assumption.
pub fn file_notifications(f: &FileReport, cwd: &Path) -> Vec<Notification> {
    let errors = f.errors().map(|e| Notification {
        level: "error",
        message: Text::new(e.to_string()),
        locations: Vec::new(),
    });
    let source = f.source.as_deref().unwrap_or_default();
    let assumed = f.kernels.iter().flat_map(|k| drf_notes(k, source, cwd));
    errors.chain(assumed).collect()
}

/// The assumptions of a kernel's DRF verdicts, as notes located at what
/// they assume (a loop) or at the kernel (a launch dimension).
fn drf_notes(k: &CheckedKernel, source: &str, cwd: &Path) -> Vec<Notification> {
    let drf: Vec<&CheckedArray> = k
        .arrays
        .iter()
        .filter(|a| matches!(a.verdict(), Verdict::Drf { .. }))
        .collect();
    if drf.is_empty() {
        return Vec::new();
    }
    let uri = artifact_uri(&k.file, cwd);
    let names: Vec<String> = drf
        .iter()
        .map(|a| format!("`{}`", array_name(&a.check.array)))
        .collect();
    let at_kernel = locate::kernel_span(source, &k.kernel);
    let note = |what: &str, span: Option<&Span>| Notification {
        level: "note",
        message: Text::new(format!(
            "kernel `{}`: data-race free ({}) assuming {what}",
            k.kernel,
            names.join(", ")
        )),
        locations: vec![location(&uri, span.or(at_kernel.as_ref()), None, None)],
    };
    let mut notes: Vec<Notification> = k.launch.iter().map(|l| note(l, None)).collect();
    let mut seen = Vec::new();
    for a in &drf {
        let Verdict::Drf { assumptions } = a.verdict() else {
            continue;
        };
        for asm in assumptions {
            if seen.contains(&asm) {
                continue;
            }
            seen.push(asm);
            let what = format!("{} ({})", asm.condition, asm.reason);
            notes.push(note(&what, Some(&asm.span)));
        }
    }
    notes
}

/// One file's share of a suite's document (`mapcheck suite --format
/// sarif`), made where the file was checked — a child process, which
/// sends it as JSON — as `{"results": [...], "notifications": [...]}`.
pub fn file_part(f: &FileReport, cwd: &Path) -> serde_json::Value {
    serde_json::json!({
        "results": file_results(f, cwd),
        "notifications": file_notifications(f, cwd),
    })
}

/// The share of a file whose check did not finish (its child crashed, or
/// reached the time or memory limit): an error notification for a crash;
/// for a limit, an `unknown` result at the file, as `check` reports a
/// timeout.
pub fn failure_part(file: &Path, crashed: bool, why: &str, cwd: &Path) -> serde_json::Value {
    let uri = artifact_uri(file, cwd);
    let at = location(&uri, None, None, None);
    if crashed {
        let note = Notification {
            level: "error",
            message: Text::new(format!("{}: {why}", file.display())),
            locations: vec![at],
        };
        return serde_json::json!({"results": [], "notifications": [note]});
    }
    let index = rule_index("unknown");
    let print = fingerprint(&["unknown", &uri.uri, why]);
    let text = escape(&format!(
        "mapcheck could not establish that {} is data-race free: {why}.",
        file.display()
    ));
    serde_json::json!({
        "results": [{
            "ruleId": "unknown",
            "ruleIndex": index,
            "level": RULES[index].level,
            "message": Text::new(text),
            "locations": [at],
            "partialFingerprints": {fingerprint::KEY: print},
            "properties": {"verdict": "unknown", "reason": why},
        }],
        "notifications": [],
    })
}

/// The document of a suite: the shares of its files ([`file_part`],
/// [`failure_part`]), in order, in one run.
pub fn suite_sarif(parts: &[serde_json::Value], cwd: &Path) -> String {
    let mut doc = match serde_json::to_value(document(&[], cwd)) {
        Ok(d) => d,
        Err(_) => return String::new(),
    };
    let run = &mut doc["runs"][0];
    let mut results = Vec::new();
    let mut notes = Vec::new();
    for p in parts {
        results.extend(p["results"].as_array().into_iter().flatten().cloned());
        notes.extend(p["notifications"].as_array().into_iter().flatten().cloned());
    }
    let failed = notes.iter().any(|n| n["level"] == "error");
    run["results"] = serde_json::Value::Array(results);
    let invocation = &mut run["invocations"][0];
    invocation["executionSuccessful"] = serde_json::Value::Bool(!failed);
    invocation["toolExecutionNotifications"] = serde_json::Value::Array(notes);
    serde_json::to_string_pretty(&doc).unwrap_or_default()
}

/// The document as pretty-printed JSON.
pub fn sarif(files: &[FileReport], cwd: &Path) -> String {
    serde_json::to_string_pretty(&document(files, cwd)).unwrap_or_default()
}

fn driver() -> Driver {
    let rules = RULES
        .iter()
        .map(|r| ReportingDescriptor {
            id: r.id,
            name: r.name,
            short_description: Text::new(r.short),
            full_description: Text::new(r.full),
            help: Text::new(r.help),
            default_configuration: Configuration { level: r.level },
            properties: RuleProperties {
                tags: ["concurrency", "gpu"],
            },
        })
        .collect();
    // The package's repository or homepage, when Cargo.toml names one.
    let information_uri = [env!("CARGO_PKG_REPOSITORY"), env!("CARGO_PKG_HOMEPAGE")]
        .into_iter()
        .find(|u| !u.is_empty());
    Driver {
        name: "mapcheck",
        version: env!("CARGO_PKG_VERSION"),
        semantic_version: env!("CARGO_PKG_VERSION"),
        information_uri,
        rules,
    }
}

/// The index of rule `id` in [`RULES`].
fn rule_index(id: &str) -> usize {
    RULES.iter().position(|r| r.id == id).unwrap_or(0)
}

/// The result for one array, `None` when it is DRF.  A verdict without a
/// location of its own (a solver timeout) is located at the kernel's name.
fn result<'a>(
    k: &'a CheckedKernel,
    a: &'a CheckedArray,
    source: &str,
    cwd: &Path,
) -> Option<SarifResult<'a>> {
    let uri = artifact_uri(&k.file, cwd);
    let mut props = ResultProperties {
        kernel: &k.kernel,
        array: &a.check.array,
        arrays: vec![&a.check.array],
        verdict: a.verdict().keyword(),
        classification: None,
        witness: None,
        reason: None,
        precondition: a.precondition.as_ref().map(|p| p.expr.as_str()),
    };
    let (rule, text, mut locations, about) = match a.verdict() {
        Verdict::Drf { .. } => return None,
        Verdict::Racy(w) => {
            let class = a.classification.as_deref().unwrap_or_default();
            props.classification = Some(class);
            props.witness = Some(JsonWitness::new(&k.file, w));
            let accesses = [0, 1].map(|n| {
                let id = (n == 1).then_some(1);
                location(&uri, Some(&w.accesses[n].span), Some(side_text(w, n)), id)
            });
            let mut locations = Vec::from(accesses);
            locations.extend(launch_location(w, cwd));
            let name = array_name(&a.check.array);
            let about = [0, 1].map(|n| crate::text::side_access(w, n)).join(" ");
            let text = race_text(&k.kernel, name, w, class) + &suggestion_text(a);
            ("data-race", text, locations, about)
        }
        Verdict::Divergence { span, message } | Verdict::Invalid { span, message } => {
            props.reason = Some(message);
            props.classification = a.classification.as_deref();
            let rule = problem_rule(a.verdict());
            let text = problem_text(rule, &k.kernel, &props.arrays, message) + &suggestion_text(a);
            let at = location(&uri, Some(span), None, None);
            (rule, text, vec![at], message.clone())
        }
        Verdict::Unknown { reason, span } => {
            props.reason = Some(reason);
            let text = problem_text("unknown", &k.kernel, &props.arrays, reason);
            let span = span.or_else(|| locate::kernel_span(source, &k.kernel));
            let at = location(&uri, span.as_ref(), None, None);
            ("unknown", text, vec![at], reason.clone())
        }
    };
    let primary = locations.remove(0);
    let index = rule_index(rule);
    let print = fingerprint(&[rule, &uri.uri, &k.kernel, &a.check.array, &about]);
    Some(SarifResult {
        rule_id: rule,
        rule_index: index,
        level: RULES[index].level,
        message: Text::new(text),
        locations: vec![primary],
        related_locations: locations,
        partial_fingerprints: BTreeMap::from([(fingerprint::KEY, print)]),
        suppressions: a
            .suppressed
            .iter()
            .map(|s| SarifSuppression {
                kind: if s.in_source { "inSource" } else { "external" },
                justification: format!("{} ({})", s.reason, s.at),
                location: None,
            })
            .collect(),
        fixes: a.fix.iter().map(|f| fix(f, &uri)).collect(),
        properties: props,
    })
}

/// The checked suggestions of a race, as sentences after its message
/// (escaped).
fn suggestion_text(a: &CheckedArray) -> String {
    let mut out = String::new();
    if let Some(p) = &a.precondition {
        out.push_str(&format!(
            " The array is race-free if `{}` (checked with `__requires` at the start of the kernel).",
            p.expr
        ));
    }
    match &a.fix {
        Some(f) if f.replace => out.push_str(&format!(
            " Replacing line {} by `{}` (the barrier out of the condition) makes the kernel race-free without divergence (checked).",
            f.line,
            f.insert.lines().map(str::trim).collect::<Vec<_>>().join(" ")
        )),
        Some(f) => out.push_str(&format!(
            " Adding `{}` before line {} makes it race-free (checked).",
            f.insert, f.line
        )),
        None => {}
    }
    escape(&out)
}

/// The SARIF fix of a checked barrier: `insert` on a line of its own
/// before `line`.
fn fix(f: &mapcheck_core::results::Fix, uri: &ArtifactUri) -> SarifFix {
    // An insertion deletes the empty region at the line's start; a
    // replacement the whole line, up to the next one's start.
    let end = if f.replace { f.line + 1 } else { f.line };
    let at = Region {
        start_line: f.line,
        start_column: Some(1),
        end_line: Some(end),
        end_column: Some(1),
    };
    let what = if f.replace {
        "Replace line"
    } else {
        "Insert before line"
    };
    SarifFix {
        description: Text::new(escape(&format!(
            "{what} {}: `{}` (checked: the kernel is then race-free there and no barrier diverges).",
            f.line,
            f.insert.lines().map(str::trim).collect::<Vec<_>>().join(" ")
        ))),
        artifact_changes: vec![ArtifactChange {
            artifact_location: ArtifactLocation {
                uri: uri.uri.clone(),
                uri_base_id: uri.relative.then_some(SRCROOT),
            },
            replacements: vec![Replacement {
                deleted_region: at,
                inserted_content: Text::new(format!("{}\n", f.insert)),
            }],
        }],
    }
}

/// The rule of a divergence or invalid verdict.
fn problem_rule(v: &Verdict) -> &'static str {
    match v {
        Verdict::Divergence { .. } => "barrier-divergence",
        Verdict::Invalid { .. } => "invalid-input",
        _ => "unknown",
    }
}

/// The message of a divergence, invalid or unknown result about
/// `arrays` of `kernel` (escaped: it holds no link).
fn problem_text(rule: &str, kernel: &str, arrays: &[&str], why: &str) -> String {
    let names: Vec<String> = arrays
        .iter()
        .map(|a| format!("`{}`", array_name(a)))
        .collect();
    let (noun, names) = match names.len() {
        1 => ("array", names.join("")),
        _ => ("arrays", names.join(", ")),
    };
    let text = match rule {
        "barrier-divergence" => {
            format!("Barrier divergence in kernel `{kernel}` ({noun} {names}): {why}.")
        }
        "invalid-input" => {
            format!("Malformed protocol in kernel `{kernel}` ({noun} {names}): {why}.")
        }
        _ => format!(
            "mapcheck could not establish that {noun} {names} of kernel `{kernel}` \
             is data-race free: {why}."
        ),
    };
    escape(&text)
}

/// `Data race on array `A` in kernel `k`: first access wr A\[tid\] by
/// thread tid = 1 at 14:4, [second access](1) …; index \[1\]; parameters:
/// …; classification: …`.  The second access links the related location
/// (id 1), which code scanning shows only when the message links it
/// (SARIF 2.1.0 §3.11.6); brackets of the text are escaped.
fn race_text(kernel: &str, array: &str, w: &Witness, class: &str) -> String {
    let index = crate::text::index_text(w);
    let head = format!(
        "Data race on array `{array}` in kernel `{kernel}`: {}, ",
        side_text(w, 0)
    );
    let mut tail = format!(" {}; index {index}", side_detail(w, 1));
    if !w.sync_vars.is_empty() {
        tail.push_str(&format!(
            "; synchronized loop variables: {}",
            crate::text::sync_text(w)
        ));
    }
    tail.push_str(&format!("; parameters: {}", crate::text::params_text(w)));
    let mut text = format!(
        "{}[{}](1){}",
        escape(&head),
        ACCESS_LABELS[1],
        escape(&tail)
    );
    if let Some(l) = w.in_c.as_ref().and_then(|c| c.launch.as_ref()) {
        // Links the related location of the launch (id 2).
        text.push_str(&format!("; at [the launch](2) at {}", escape(&l.detail())));
    }
    text.push_str(&escape(&format!("; classification: {class}.")));
    text
}

/// The related location (id 2) of the launch at which the race happens,
/// when the kernel is checked under its launches' host facts.
fn launch_location(w: &Witness, cwd: &Path) -> Option<Location> {
    let l = w.in_c.as_ref()?.launch.as_ref()?;
    let uri = artifact_uri(&l.file, cwd);
    let what = format!("{l}");
    Some(location(&uri, Some(&l.span), Some(what), Some(2)))
}

/// `first access wr[tid] by thread tid = 1 at 14:4`
fn side_text(w: &Witness, k: usize) -> String {
    format!("{} {}", ACCESS_LABELS[k], side_detail(w, k))
}

/// `wr[tid] by thread tid = 1 at 14:4`
fn side_detail(w: &Witness, k: usize) -> String {
    let a = &w.accesses[k];
    format!(
        "{} by thread {} at {}",
        crate::text::side_access(w, k),
        crate::text::ids_text(w, k),
        a.span
    )
}

/// Plain text for a message that may hold embedded links: `\`, `[` and
/// `]` escaped with a backslash (SARIF 2.1.0 §3.11.6).
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        if matches!(c, '\\' | '[' | ']') {
            out.push('\\');
        }
        out.push(c);
    }
    out
}

/// A `location` in `uri`; without a usable span, line 1 of the file.
fn location(
    uri: &ArtifactUri,
    span: Option<&Span>,
    message: Option<String>,
    id: Option<u64>,
) -> Location {
    Location {
        id,
        physical_location: PhysicalLocation {
            artifact_location: ArtifactLocation {
                uri: uri.uri.clone(),
                uri_base_id: uri.relative.then_some(SRCROOT),
            },
            region: region(span),
        },
        message: message.map(Text::new),
    }
}

/// The region of a span: end positions only when they are after the start;
/// without a usable span, line 1.
pub fn region(span: Option<&Span>) -> Region {
    let Some(s) = span.filter(|s| s.line > 0) else {
        return Region {
            start_line: 1,
            start_column: None,
            end_line: None,
            end_column: None,
        };
    };
    let after = s.end_line > s.line || (s.end_line == s.line && s.end_col > s.col);
    let end = after && s.col > 0 && s.end_col > 0;
    Region {
        start_line: s.line,
        start_column: (s.col > 0).then_some(s.col),
        end_line: end.then_some(s.end_line),
        end_column: end.then_some(s.end_col),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use mapcheck_core::verdict::{ArrayReport, Assumption};
    use serde_json::json;

    fn array(name: &str, verdict: Verdict) -> CheckedArray {
        let mut check = ArrayReport::drf(name);
        check.verdict = verdict;
        CheckedArray {
            check,
            classification: None,
            triage: None,
            suppressed: None,
            precondition: None,
            fix: None,
        }
    }

    /// A CUDA file whose kernel `k` has a timed-out array `A`, a DRF array
    /// `B` under a loop assumption, and a launch default.
    fn timed_out_report() -> FileReport {
        let source = "#include <x.h>\n__global__ void k(int *A, int *B) {\n}\n";
        let mut f = FileReport::new(Path::new("k.cu"));
        f.source = Some(source.into());
        let timeout = Verdict::Unknown {
            reason: "solver timeout".into(),
            span: None,
        };
        let loop_span = Span {
            line: 3,
            col: 1,
            end_line: 3,
            end_col: 2,
        };
        let assumed = Verdict::Drf {
            assumptions: vec![Assumption {
                condition: "0 < n".into(),
                reason: "a synchronized loop runs".into(),
                span: loop_span,
            }],
        };
        f.kernels.push(CheckedKernel {
            kernel: "k".into(),
            file: f.file.clone(),
            arrays: vec![array("A", timeout), array("B", assumed)],
            launch: vec!["blockDim.y = 1".into()],
            source: None,
        });
        f
    }

    #[test]
    fn a_timeout_is_located_at_the_kernel() {
        let f = timed_out_report();
        let results = file_results(&f, Path::new("/"));
        assert_eq!(results.len(), 1);
        let region = &results[0].locations[0].physical_location.region;
        assert_eq!((region.start_line, region.start_column), (2, Some(17)));
    }

    #[test]
    fn the_assumptions_of_drf_verdicts_are_notes() {
        let f = timed_out_report();
        let notes = file_notifications(&f, Path::new("/"));
        let texts: Vec<&str> = notes.iter().map(|n| n.message.text.as_str()).collect();
        assert_eq!(
            texts,
            [
                "kernel `k`: data-race free (`B`) assuming blockDim.y = 1",
                "kernel `k`: data-race free (`B`) assuming 0 < n (a synchronized loop runs)"
            ]
        );
        assert!(notes.iter().all(|n| n.level == "note"));
        // The launch default at the kernel, the loop's at the loop.
        let line = |n: &Notification| n.locations[0].physical_location.region.start_line;
        assert_eq!((line(&notes[0]), line(&notes[1])), (2, 3));
    }

    #[test]
    fn text_is_escaped_around_links() {
        assert_eq!(escape(r"a[i] \ b"), r"a\[i\] \\ b");
    }

    #[test]
    fn uris_are_relative_to_the_current_directory() {
        let cwd = Path::new("/work/repo");
        let u = artifact_uri(Path::new("./kernels/a b.proto"), cwd);
        assert_eq!(u.uri, "kernels/a%20b.proto");
        assert!(u.relative);
        let u = artifact_uri(Path::new("/work/repo/k/x.cu"), cwd);
        assert_eq!(u.uri, "k/x.cu");
        let u = artifact_uri(Path::new("../other/x#1.cu"), cwd);
        assert_eq!(u.uri, "file:///work/other/x%231.cu");
        assert!(!u.relative);
        assert_eq!(dir_uri(cwd).as_deref(), Some("file:///work/repo/"));
    }

    #[test]
    fn regions_are_one_based_with_exclusive_end() {
        let s = Span {
            line: 14,
            col: 4,
            end_line: 14,
            end_col: 11,
        };
        let json = |r: Region| serde_json::to_value(r).expect("serializes");
        assert_eq!(
            json(region(Some(&s))),
            json!({"startLine": 14, "startColumn": 4, "endLine": 14, "endColumn": 11})
        );
        assert_eq!(json(region(None)), json!({"startLine": 1}));
        let point = Span {
            line: 3,
            col: 2,
            end_line: 3,
            end_col: 2,
        };
        assert_eq!(
            json(region(Some(&point))),
            json!({"startLine": 3, "startColumn": 2})
        );
    }
}
