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

use crate::json::JsonWitness;
use crate::text::ACCESS_LABELS;
use mapcheck_core::results::array_name;
use mapcheck_core::results::{CheckedArray, CheckedKernel, FileReport};
use mapcheck_core::verdict::{Verdict, Witness};
use semantics::surface::Span;
use serde::Serialize;
use std::collections::BTreeMap;
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

/// The document.
#[derive(Serialize)]
pub struct Sarif<'a> {
    #[serde(rename = "$schema")]
    pub schema: &'static str,
    pub version: &'static str,
    pub runs: Vec<Run<'a>>,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Run<'a> {
    pub tool: Tool,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub original_uri_base_ids: Option<BTreeMap<&'static str, UriBase>>,
    pub invocations: Vec<Invocation>,
    pub column_kind: &'static str,
    pub results: Vec<SarifResult<'a>>,
}

#[derive(Serialize)]
pub struct UriBase {
    pub uri: String,
}

#[derive(Serialize)]
pub struct Tool {
    pub driver: Driver,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Driver {
    pub name: &'static str,
    pub version: &'static str,
    pub semantic_version: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub information_uri: Option<&'static str>,
    pub rules: Vec<ReportingDescriptor>,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ReportingDescriptor {
    pub id: &'static str,
    pub name: &'static str,
    pub short_description: Text,
    pub full_description: Text,
    pub default_configuration: Configuration,
    pub properties: RuleProperties,
}

#[derive(Serialize)]
pub struct Text {
    pub text: String,
}

impl Text {
    fn new(text: impl Into<String>) -> Text {
        Text { text: text.into() }
    }
}

#[derive(Serialize)]
pub struct Configuration {
    pub level: &'static str,
}

#[derive(Serialize)]
pub struct RuleProperties {
    pub tags: [&'static str; 2],
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Invocation {
    pub execution_successful: bool,
    pub tool_execution_notifications: Vec<Notification>,
}

#[derive(Serialize)]
pub struct Notification {
    pub level: &'static str,
    pub message: Text,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub struct SarifResult<'a> {
    pub rule_id: &'static str,
    pub rule_index: usize,
    pub level: &'static str,
    pub message: Text,
    pub locations: Vec<Location>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub related_locations: Vec<Location>,
    pub properties: ResultProperties<'a>,
}

#[derive(Serialize)]
pub struct ResultProperties<'a> {
    pub kernel: &'a str,
    pub array: &'a str,
    pub verdict: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub classification: Option<&'a str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub witness: Option<JsonWitness<'a>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reason: Option<&'a str>,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Location {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub id: Option<u64>,
    pub physical_location: PhysicalLocation,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub message: Option<Text>,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub struct PhysicalLocation {
    pub artifact_location: ArtifactLocation,
    pub region: Region,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ArtifactLocation {
    pub uri: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub uri_base_id: Option<&'static str>,
}

/// A SARIF `region`: 1-based lines and columns, `endColumn` exclusive (as
/// in [`Span`]).
#[derive(Serialize, Debug, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct Region {
    pub start_line: u32,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub start_column: Option<u32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub end_line: Option<u32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub end_column: Option<u32>,
}

/// The SARIF document of the files' reports (files that could not be
/// checked become tool execution notifications); `cwd` is the directory
/// URIs are relative to.
pub fn document<'a>(files: &'a [FileReport], cwd: &Path) -> Sarif<'a> {
    let results = files
        .iter()
        .flat_map(|f| &f.kernels)
        .flat_map(|k| k.arrays.iter().filter_map(move |a| result(k, a, cwd)))
        .collect();
    let notifications: Vec<Notification> = files
        .iter()
        .flat_map(|f| f.errors())
        .map(|e| Notification {
            level: "error",
            message: Text::new(e.to_string()),
        })
        .collect();
    let run = Run {
        tool: Tool { driver: driver() },
        original_uri_base_ids: dir_uri(cwd).map(|uri| BTreeMap::from([(SRCROOT, UriBase { uri })])),
        invocations: vec![Invocation {
            execution_successful: notifications.is_empty(),
            tool_execution_notifications: notifications,
        }],
        column_kind: "unicodeCodePoints",
        results,
    };
    Sarif {
        schema: SCHEMA,
        version: VERSION,
        runs: vec![run],
    }
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

/// The result for one array, `None` when it is DRF.
fn result<'a>(k: &'a CheckedKernel, a: &'a CheckedArray, cwd: &Path) -> Option<SarifResult<'a>> {
    let uri = artifact_uri(&k.file, cwd);
    let mut props = ResultProperties {
        kernel: &k.kernel,
        array: &a.check.array,
        verdict: a.verdict().keyword(),
        classification: None,
        witness: None,
        reason: None,
    };
    let (rule, text, mut locations) = match a.verdict() {
        Verdict::Drf { .. } => return None,
        Verdict::Racy(w) => {
            let class = a.classification.as_deref().unwrap_or_default();
            props.classification = Some(class);
            props.witness = Some(JsonWitness::new(&k.file, w));
            let accesses = [0, 1].map(|n| {
                let id = (n == 1).then_some(1);
                location(&uri, Some(&w.accesses[n].span), Some(side_text(w, n)), id)
            });
            let name = array_name(&a.check.array);
            (
                "data-race",
                race_text(&k.kernel, name, w, class),
                Vec::from(accesses),
            )
        }
        Verdict::Divergence { span, message } | Verdict::Invalid { span, message } => {
            props.reason = Some(message);
            let (rule, text) = problem_text(k, a, message);
            (rule, text, vec![location(&uri, Some(span), None, None)])
        }
        Verdict::Unknown { reason, span } => {
            props.reason = Some(reason);
            let (rule, text) = problem_text(k, a, reason);
            (rule, text, vec![location(&uri, span.as_ref(), None, None)])
        }
    };
    let primary = locations.remove(0);
    let index = rule_index(rule);
    Some(SarifResult {
        rule_id: rule,
        rule_index: index,
        level: RULES[index].level,
        message: Text::new(text),
        locations: vec![primary],
        related_locations: locations,
        properties: props,
    })
}

/// The rule and message of a divergence, invalid or unknown verdict.
fn problem_text(k: &CheckedKernel, a: &CheckedArray, why: &str) -> (&'static str, String) {
    let kernel = &k.kernel;
    let name = array_name(&a.check.array);
    match a.verdict() {
        Verdict::Divergence { .. } => (
            "barrier-divergence",
            format!("Barrier divergence in kernel `{kernel}` (array `{name}`): {why}."),
        ),
        Verdict::Invalid { .. } => (
            "invalid-input",
            format!("Malformed protocol in kernel `{kernel}` (array `{name}`): {why}."),
        ),
        _ => (
            "unknown",
            format!(
                "mapcheck could not establish that array `{name}` of kernel `{kernel}` \
                 is data-race free: {why}."
            ),
        ),
    }
}

/// `Data race on array `A` in kernel `k`: first access wr A[tid] by thread
/// tid = 1 (14:4), second access …; index [1]; parameters: …; classification: …`
fn race_text(kernel: &str, array: &str, w: &Witness, class: &str) -> String {
    let index = crate::text::index_text(w);
    let mut s = format!(
        "Data race on array `{array}` in kernel `{kernel}`: {}, {}; index {index}",
        side_text(w, 0),
        side_text(w, 1),
    );
    if !w.sync_vars.is_empty() {
        s.push_str(&format!(
            "; synchronized loop variables: {}",
            crate::text::sync_text(w)
        ));
    }
    s.push_str(&format!(
        "; parameters: {}; classification: {class}.",
        crate::text::params_text(w)
    ));
    s
}

/// `first access wr[tid] by thread tid = 1 at 14:4`
fn side_text(w: &Witness, k: usize) -> String {
    let a = &w.accesses[k];
    format!(
        "{} {} by thread {} at {}",
        ACCESS_LABELS[k],
        crate::text::side_access(w, k),
        crate::text::ids_text(w, k),
        a.span
    )
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
    use serde_json::json;

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
