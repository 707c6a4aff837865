//! SARIF 2.1.0 output of `mapcheck check --format sarif`, for code-scanning
//! tools such as GitHub code scanning (README.md, "Verdicts and reports";
//! README, "SARIF and CSV output").
//!
//! One `run`; one `result` per array whose verdict is not DRF: a race
//! (`data-race`), barrier divergence (`barrier-divergence`), an undecided
//! array (`unknown`) or a malformed protocol (`invalid-input`).  A race's
//! primary location is its first access, the related location its second;
//! `properties` carry the witness (the same object as in the JSON report) and
//! the classification.  Files that could not be loaded are tool execution
//! notifications of the invocation.

use crate::text::{access_text, array_name, json_witness, values};
use mapcheck_core::verdict::{KernelReport, Verdict, Witness};
use semantics::surface::Span;
use serde_json::{json, Map, Value};
use std::path::{Component, Path, PathBuf};

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
    },
    Rule {
        id: "barrier-divergence",
        name: "BarrierDivergence",
        level: "error",
        short: "Barrier divergence",
        full: "Threads may disagree on reaching a barrier: a barrier under a \
               thread-dependent condition, or a synchronized loop whose bounds \
               depend on the thread.",
    },
    Rule {
        id: "unknown",
        name: "Unknown",
        level: "warning",
        short: "Data-race freedom not established",
        full: "No race was found, but mapcheck could not prove the array \
               data-race free (solver timeout or unknown, unsupported construct).",
    },
    Rule {
        id: "invalid-input",
        name: "InvalidInput",
        level: "error",
        short: "Malformed protocol",
        full: "The kernel's memory access protocol is malformed, e.g. a barrier \
               inside a loop that cannot contain one.",
    },
];

/// A `reportingDescriptor` of `tool.driver.rules`.
pub struct Rule {
    pub id: &'static str,
    pub name: &'static str,
    /// The default `level` of its results.
    pub level: &'static str,
    pub short: &'static str,
    pub full: &'static str,
}

/// One checked kernel with what the SARIF result needs besides the report.
pub struct Checked<'a> {
    pub report: &'a KernelReport,
    /// The classification of the race on an array (README.md, "Verdicts and
    /// reports").
    pub classification: &'a dyn Fn(&str) -> String,
}

/// The SARIF document.  `errors` (files that could not be checked) become
/// tool execution notifications; `cwd` is the directory URIs are relative to.
pub fn document(kernels: &[Checked<'_>], errors: &[String], cwd: &Path) -> Value {
    let results: Vec<Value> = kernels
        .iter()
        .flat_map(|c| {
            c.report
                .arrays
                .iter()
                .filter_map(move |a| result(c, &a.array, &a.verdict, cwd))
        })
        .collect();
    let notifications: Vec<Value> = errors
        .iter()
        .map(|e| json!({"level": "error", "message": {"text": e}}))
        .collect();
    let mut run = Map::new();
    run.insert("tool".into(), json!({"driver": driver()}));
    if let Some(root) = dir_uri(cwd) {
        run.insert(
            "originalUriBaseIds".into(),
            json!({ SRCROOT: {"uri": root} }),
        );
    }
    run.insert(
        "invocations".into(),
        json!([{
            "executionSuccessful": errors.is_empty(),
            "toolExecutionNotifications": notifications,
        }]),
    );
    run.insert("columnKind".into(), json!("unicodeCodePoints"));
    run.insert("results".into(), Value::Array(results));
    json!({
        "$schema": SCHEMA,
        "version": VERSION,
        "runs": [Value::Object(run)],
    })
}

fn driver() -> Value {
    let rules: Vec<Value> = RULES
        .iter()
        .map(|r| {
            json!({
                "id": r.id,
                "name": r.name,
                "shortDescription": {"text": r.short},
                "fullDescription": {"text": r.full},
                "defaultConfiguration": {"level": r.level},
                "properties": {"tags": ["concurrency", "gpu"]},
            })
        })
        .collect();
    let mut d = Map::new();
    d.insert("name".into(), json!("mapcheck"));
    d.insert("version".into(), json!(env!("CARGO_PKG_VERSION")));
    d.insert("semanticVersion".into(), json!(env!("CARGO_PKG_VERSION")));
    // The package's repository or homepage, when Cargo.toml names one.
    let info = [env!("CARGO_PKG_REPOSITORY"), env!("CARGO_PKG_HOMEPAGE")]
        .into_iter()
        .find(|u| !u.is_empty());
    if let Some(u) = info {
        d.insert("informationUri".into(), json!(u));
    }
    d.insert("rules".into(), Value::Array(rules));
    Value::Object(d)
}

/// The index of rule `id` in [`RULES`].
fn rule_index(id: &str) -> usize {
    RULES.iter().position(|r| r.id == id).unwrap_or(0)
}

/// The result for one array, `None` when it is DRF.
fn result(c: &Checked<'_>, array: &str, verdict: &Verdict, cwd: &Path) -> Option<Value> {
    let r = c.report;
    let uri = artifact_uri(&r.file, cwd);
    let kernel = &r.kernel;
    let name = array_name(array);
    let mut props = Map::new();
    props.insert("kernel".into(), json!(kernel));
    props.insert("array".into(), json!(array));
    props.insert("verdict".into(), json!(verdict.keyword()));
    let (rule, text, primary, related) = match verdict {
        Verdict::Drf { .. } => return None,
        Verdict::Racy(w) => {
            let class = (c.classification)(array);
            props.insert("classification".into(), json!(class));
            props.insert("witness".into(), json_witness(r, w));
            let related = location(
                &uri,
                Some(&w.accesses[1].span),
                Some(side_text(w, 1)),
                Some(1),
            );
            (
                "data-race",
                race_text(kernel, name, w, &class),
                location(&uri, Some(&w.accesses[0].span), Some(side_text(w, 0)), None),
                vec![related],
            )
        }
        Verdict::Divergence { span, message } => {
            props.insert("reason".into(), json!(message));
            (
                "barrier-divergence",
                format!("Barrier divergence in kernel `{kernel}` (array `{name}`): {message}."),
                location(&uri, Some(span), None, None),
                vec![],
            )
        }
        Verdict::Unknown { reason, span } => {
            props.insert("reason".into(), json!(reason));
            (
                "unknown",
                format!(
                    "mapcheck could not establish that array `{name}` of kernel `{kernel}` \
                     is data-race free: {reason}."
                ),
                location(&uri, span.as_ref(), None, None),
                vec![],
            )
        }
        Verdict::Invalid { span, message } => {
            props.insert("reason".into(), json!(message));
            (
                "invalid-input",
                format!("Malformed protocol in kernel `{kernel}` (array `{name}`): {message}."),
                location(&uri, Some(span), None, None),
                vec![],
            )
        }
    };
    let index = rule_index(rule);
    let mut res = Map::new();
    res.insert("ruleId".into(), json!(rule));
    res.insert("ruleIndex".into(), json!(index));
    res.insert("level".into(), json!(RULES[index].level));
    res.insert("message".into(), json!({ "text": text }));
    res.insert("locations".into(), json!([primary]));
    if !related.is_empty() {
        res.insert("relatedLocations".into(), Value::Array(related));
    }
    res.insert("properties".into(), Value::Object(props));
    Some(Value::Object(res))
}

/// `Data race on array `A` in kernel `k`: first access wr A[tid] by thread
/// tid = 1 (14:4), second access …; index [1]; parameters: …; classification: …`
fn race_text(kernel: &str, array: &str, w: &Witness, class: &str) -> String {
    let index: String = w.index.iter().map(|v| format!("[{v}]")).collect();
    let mut s = format!(
        "Data race on array `{array}` in kernel `{kernel}`: {}, {}; index {index}",
        side_text(w, 0),
        side_text(w, 1),
    );
    if !w.sync_vars.is_empty() {
        s.push_str(&format!(
            "; synchronized loop variables: {}",
            values(&w.sync_vars)
        ));
    }
    s.push_str(&format!(
        "; parameters: {}; classification: {class}.",
        values(&w.params)
    ));
    s
}

/// `first access wr[tid] by thread tid = 1 at 14:4`
fn side_text(w: &Witness, k: usize) -> String {
    let a = &w.accesses[k];
    format!(
        "{} {} by thread {} at {}",
        crate::text::ACCESS_LABELS[k],
        access_text(a),
        values(&w.threads[k].ids),
        a.span
    )
}

/// A `location` in `uri`; without a usable span, line 1 of the file.
fn location(
    uri: &ArtifactUri,
    span: Option<&Span>,
    message: Option<String>,
    id: Option<u64>,
) -> Value {
    let mut artifact = Map::new();
    artifact.insert("uri".into(), json!(uri.uri));
    if uri.relative {
        artifact.insert("uriBaseId".into(), json!(SRCROOT));
    }
    let mut loc = Map::new();
    if let Some(id) = id {
        loc.insert("id".into(), json!(id));
    }
    loc.insert(
        "physicalLocation".into(),
        json!({"artifactLocation": artifact, "region": region(span)}),
    );
    if let Some(m) = message {
        loc.insert("message".into(), json!({ "text": m }));
    }
    Value::Object(loc)
}

/// A SARIF `region`: 1-based lines and columns, `endColumn` exclusive (as
/// in [`Span`]).  End positions are given only when they are after the start.
pub fn region(span: Option<&Span>) -> Value {
    let Some(s) = span.filter(|s| s.line > 0) else {
        return json!({"startLine": 1});
    };
    let mut m = Map::new();
    m.insert("startLine".into(), json!(s.line));
    if s.col > 0 {
        m.insert("startColumn".into(), json!(s.col));
    }
    let after = s.end_line > s.line || (s.end_line == s.line && s.end_col > s.col);
    if after && s.col > 0 && s.end_col > 0 {
        m.insert("endLine".into(), json!(s.end_line));
        m.insert("endColumn".into(), json!(s.end_col));
    }
    Value::Object(m)
}

/// The URI of a source file: relative to the current directory (with
/// `uriBaseId` [`SRCROOT`]) when the file is under it, else an absolute
/// `file://` URI.
pub struct ArtifactUri {
    pub uri: String,
    pub relative: bool,
}

/// The [`ArtifactUri`] of `file`, as given on the command line.
pub fn artifact_uri(file: &Path, cwd: &Path) -> ArtifactUri {
    let absolute = normalize(&cwd.join(file));
    let base = normalize(cwd);
    match absolute.strip_prefix(&base) {
        Ok(rel) if rel.components().next().is_some() => ArtifactUri {
            uri: encode_path(rel),
            relative: true,
        },
        _ => ArtifactUri {
            uri: format!("file://{}", encode_path(&absolute)),
            relative: false,
        },
    }
}

/// `file:///dir/` for a directory (`None` if it is not absolute).
fn dir_uri(dir: &Path) -> Option<String> {
    let dir = normalize(dir);
    if !dir.is_absolute() {
        return None;
    }
    let mut s = format!("file://{}", encode_path(&dir));
    if !s.ends_with('/') {
        s.push('/');
    }
    Some(s)
}

/// Removes `.` and resolves `..` lexically (no file system access: the file
/// named on the command line need not be a canonical path).
fn normalize(p: &Path) -> PathBuf {
    let mut out = PathBuf::new();
    for c in p.components() {
        match c {
            Component::CurDir => {}
            Component::ParentDir => {
                if !out.pop() {
                    out.push("..");
                }
            }
            c => out.push(c.as_os_str()),
        }
    }
    out
}

/// The path with `/` separators and every byte outside the URI path
/// characters percent-encoded (RFC 3986).
fn encode_path(p: &Path) -> String {
    let text = p.to_string_lossy();
    let mut out = String::new();
    for b in text.bytes() {
        let keep = b.is_ascii_alphanumeric() || b"-._~!$&'()*+,;=:@/".contains(&b);
        if keep {
            out.push(b as char);
        } else {
            out.push_str(&format!("%{b:02X}"));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

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
        assert_eq!(
            region(Some(&s)),
            json!({"startLine": 14, "startColumn": 4, "endLine": 14, "endColumn": 11})
        );
        assert_eq!(region(None), json!({"startLine": 1}));
        let point = Span {
            line: 3,
            col: 2,
            end_line: 3,
            end_col: 2,
        };
        assert_eq!(
            region(Some(&point)),
            json!({"startLine": 3, "startColumn": 2})
        );
    }
}
