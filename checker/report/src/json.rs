//! The JSON document of `mapcheck check --format json` (schema version
//! [`JSON_SCHEMA_VERSION`], `docs/formats.md`), as serde-derived types
//! built from the pipeline's reports.  The SARIF output carries the same
//! [`JsonWitness`] in its `properties`.

use crate::text::replay_command;
use mapcheck_core::c_terms::{CAccess, CLaunch, CThread, CUnknown, CValue, CWitness};
use mapcheck_core::results::{CheckedArray, CheckedKernel, FileReport, Role};
use mapcheck_core::triage::{Resolution, Triage};
use mapcheck_core::verdict::{Assumption, ThreadValues, Verdict, Witness, WitnessAccess};
use num_bigint::BigInt;
use semantics::expr::{Nat, Var};
use semantics::surface::Span;
use serde::Serialize;
use std::collections::BTreeMap;
use std::path::Path;

/// Version of the JSON schema (bumped on incompatible changes).
pub const JSON_SCHEMA_VERSION: u64 = 1;

/// The whole document.
#[derive(Serialize)]
pub struct JsonDocument<'a> {
    pub version: u64,
    /// `file:line:col: message` for each file (or kernel) that could not be checked.
    pub errors: Vec<String>,
    pub kernels: Vec<JsonKernel<'a>>,
    /// Every file of the run, with why it is there and what became of it
    /// (`docs/formats.md`).
    pub translation_units: Vec<JsonUnit>,
}

/// A file of the run: `role` `given`, `unit` or `fragment` (with
/// `included_by`); `status` `checked`, `host-only`, `included` or
/// `unreadable`.
#[derive(Serialize)]
pub struct JsonUnit {
    pub file: String,
    pub role: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub included_by: Option<String>,
    pub status: &'static str,
    /// Wall-clock seconds to load and check the file (0 for a fragment).
    pub seconds: f64,
}

impl JsonUnit {
    fn new(f: &FileReport) -> JsonUnit {
        let included_by = match &f.role {
            Role::Fragment { included_by } => Some(included_by.display().to_string()),
            Role::Given | Role::Unit => None,
        };
        JsonUnit {
            file: f.file.display().to_string(),
            role: f.role.name(),
            included_by,
            status: f.status().name(),
            seconds: (f.seconds * 100.0).round() / 100.0,
        }
    }
}

#[derive(Serialize)]
pub struct JsonKernel<'a> {
    pub file: String,
    pub kernel: &'a str,
    pub arrays: Vec<JsonArray<'a>>,
    /// Launch assumptions the user did not state (CUDA's default
    /// dimensions), as printed after the kernel's arrays in text.
    pub launch: &'a [String],
}

#[derive(Serialize)]
pub struct JsonArray<'a> {
    /// `""` is the unnamed array.
    pub array: &'a str,
    /// `drf`, `racy`, `unknown`, `divergence`, `invalid`.
    pub verdict: &'static str,
    pub closures: usize,
    pub queries: usize,
    pub seconds: f64,
    #[serde(flatten)]
    pub details: JsonVerdict<'a>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub classification: Option<&'a str>,
    /// A race the user silenced (`docs/ci.md`, "Suppressions"); absent
    /// otherwise.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub suppressed: Option<JsonSuppressed<'a>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub triage: Option<JsonTriage<'a>>,
    /// For a race: a C condition under which the array is race-free,
    /// checked (`docs/reports.md`, "Suggestions"); absent when none was
    /// found.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub precondition: Option<&'a str>,
    /// For a race: a checked fix, a statement to insert on a line of its
    /// own before `line`; absent when none was found.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub fix: Option<JsonFix<'a>>,
    /// Benign write/write pairs of a race-free array: two threads store
    /// the same uniform value in one cell (`docs/benign-writes.md`); absent
    /// when there is none.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub benign: Vec<JsonBenign<'a>>,
}

/// A benign pair: the value both writes store and the pair, as a witness.
#[derive(Serialize)]
pub struct JsonBenign<'a> {
    pub value: &'a str,
    pub witness: JsonWitness<'a>,
}

/// What each verdict carries besides its keyword.
#[derive(Serialize)]
#[serde(untagged)]
pub enum JsonVerdict<'a> {
    Drf {
        assumptions: Vec<JsonAssumption<'a>>,
    },
    Racy {
        witness: Box<JsonWitness<'a>>,
    },
    Unknown {
        reason: &'a str,
        location: Option<JsonSpan>,
    },
    /// Divergence and invalid input.
    Located {
        message: &'a str,
        location: JsonSpan,
    },
}

/// `{"line", "col", "end_line", "end_col"}`, 1-based, end exclusive.
#[derive(Serialize, Clone, Copy)]
pub struct JsonSpan {
    pub line: u32,
    pub col: u32,
    pub end_line: u32,
    pub end_col: u32,
}

impl From<&Span> for JsonSpan {
    fn from(s: &Span) -> JsonSpan {
        JsonSpan {
            line: s.line,
            col: s.col,
            end_line: s.end_line,
            end_col: s.end_col,
        }
    }
}

/// A number when it fits in a `u64` (or, negative, an `i64`), else a
/// decimal string.
#[derive(Serialize)]
#[serde(untagged)]
pub enum JsonNat {
    Number(u64),
    Negative(i64),
    Text(String),
}

impl From<&BigInt> for JsonNat {
    fn from(v: &BigInt) -> JsonNat {
        match (u64::try_from(v), i64::try_from(v)) {
            (Ok(n), _) => JsonNat::Number(n),
            (_, Ok(n)) => JsonNat::Negative(n),
            _ => JsonNat::Text(v.to_string()),
        }
    }
}

impl From<&Nat> for JsonNat {
    fn from(v: &Nat) -> JsonNat {
        match u64::try_from(v) {
            Ok(n) => JsonNat::Number(n),
            Err(_) => JsonNat::Text(v.to_string()),
        }
    }
}

type JsonValues<'a> = BTreeMap<&'a str, JsonNat>;

fn json_values(m: &BTreeMap<Var, Nat>) -> JsonValues<'_> {
    m.iter().map(|(x, v)| (x.as_str(), v.into())).collect()
}

fn json_c_values(vs: &[CValue]) -> JsonValues<'_> {
    vs.iter()
        .map(|v| (v.name.as_str(), (&v.value).into()))
        .collect()
}

/// A value of a C kernel that mapcheck does not compute: the source
/// expression it stands for, where, and its value in the witness.
#[derive(Serialize)]
pub struct JsonUnknown<'a> {
    /// The source text, `null` when it is a statement rather than a short
    /// expression (`what` says what it is).
    pub expression: Option<&'a str>,
    pub what: &'a str,
    pub location: JsonSpan,
    pub value: JsonNat,
}

fn json_unknowns(us: &[CUnknown]) -> Vec<JsonUnknown<'_>> {
    us.iter()
        .map(|u| JsonUnknown {
            expression: u.expr.as_deref(),
            what: &u.what,
            location: (&u.span).into(),
            value: (&u.value).into(),
        })
        .collect()
}

#[derive(Serialize)]
pub struct JsonAssumption<'a> {
    pub condition: &'a str,
    pub reason: &'a str,
    pub location: JsonSpan,
}

fn json_assumptions(a: &[Assumption]) -> Vec<JsonAssumption<'_>> {
    a.iter()
        .map(|a| JsonAssumption {
            condition: &a.condition,
            reason: &a.reason,
            location: (&a.span).into(),
        })
        .collect()
}

/// The `witness` object of a race (also SARIF's `properties.witness`).
#[derive(Serialize)]
pub struct JsonWitness<'a> {
    /// Thread 1's access, then thread 2's.
    pub accesses: Vec<JsonAccess<'a>>,
    pub threads: Vec<JsonThread<'a>>,
    /// One value per dimension.
    pub index: Vec<JsonNat>,
    pub sync_vars: JsonValues<'a>,
    /// Every parameter, including `T`.
    pub params: JsonValues<'a>,
    pub assumptions: Vec<JsonAssumption<'a>>,
    /// The `mapcheck run` command that replays the race (`null` for CUDA).
    pub replay: Option<Vec<String>>,
    /// Under `--strict`, when both writes store the same uniform value:
    /// that value (the pair is benign, counted because of `--strict`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub benign: Option<&'a str>,
    /// For a C kernel: the values alike in every thread that mapcheck
    /// does not compute (`params` holds the others).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub unknowns: Option<Vec<JsonUnknown<'a>>>,
    /// For a C kernel: the constructs mapcheck over-approximated.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub approximations: Option<Vec<JsonApproximation<'a>>>,
    /// For a C kernel whose witness gives a parameter or index that no size
    /// takes (negative, 2^31 or more): that, in one line.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub outside_sizes: Option<&'a str>,
    /// For a C kernel checked under its launches' host facts: the launch
    /// at which the race happens.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub launch_site: Option<JsonLaunchSite<'a>>,
}

/// The launch at which a race happens (`docs/formats.md`): where it is and
/// the host values there, by the host variables' names.
#[derive(Serialize)]
pub struct JsonLaunchSite<'a> {
    pub file: String,
    pub location: JsonSpan,
    pub host_values: JsonValues<'a>,
}

impl<'a> From<&'a CLaunch> for JsonLaunchSite<'a> {
    fn from(l: &'a CLaunch) -> JsonLaunchSite<'a> {
        JsonLaunchSite {
            file: l.file.display().to_string(),
            location: (&l.span).into(),
            host_values: json_c_values(&l.host_values),
        }
    }
}

/// A construct mapcheck over-approximated, and where.
#[derive(Serialize)]
pub struct JsonApproximation<'a> {
    pub what: &'a str,
    pub location: JsonSpan,
}

#[derive(Serialize)]
pub struct JsonAccess<'a> {
    pub mode: &'static str,
    pub array: &'a str,
    /// The protocol's index expressions (empty for a C kernel: see `text`).
    pub index: &'a [String],
    pub location: JsonSpan,
    /// For a C kernel: the access's source text.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub text: Option<&'a str>,
}

#[derive(Serialize)]
pub struct JsonThread<'a> {
    pub ids: JsonValues<'a>,
    /// The protocol's thread-local unknowns (empty for a C kernel: see
    /// `unknowns`).
    pub locals: JsonValues<'a>,
    pub loop_vars: JsonValues<'a>,
    /// For a C kernel: this thread's values that mapcheck does not compute.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub unknowns: Option<Vec<JsonUnknown<'a>>>,
}

impl<'a> JsonWitness<'a> {
    /// The witness of a C kernel, in C terms ([`mapcheck_core::c_terms`]).
    fn in_c(file: &Path, w: &'a Witness, c: &'a CWitness) -> JsonWitness<'a> {
        let access = |a: &'a CAccess| JsonAccess {
            mode: a.mode.keyword(),
            array: &a.array,
            index: &[],
            location: (&a.span).into(),
            text: Some(&a.text),
        };
        let thread = |t: &'a CThread| JsonThread {
            ids: json_c_values(&t.ids),
            locals: BTreeMap::new(),
            loop_vars: json_c_values(&t.loop_vars),
            unknowns: Some(json_unknowns(&t.unknowns)),
        };
        JsonWitness {
            accesses: c.accesses.iter().map(access).collect(),
            threads: c.threads.iter().map(thread).collect(),
            index: c.index.iter().map(JsonNat::from).collect(),
            sync_vars: json_c_values(&c.sync_vars),
            params: json_c_values(&c.params),
            assumptions: json_assumptions(&c.assumptions),
            replay: replay_command(file, w),
            benign: w.benign.as_deref(),
            unknowns: Some(json_unknowns(&c.unknowns)),
            approximations: Some(
                c.approximations
                    .iter()
                    .map(|a| JsonApproximation {
                        what: &a.what,
                        location: (&a.span).into(),
                    })
                    .collect(),
            ),
            outside_sizes: c.outside_sizes.as_deref(),
            launch_site: c.launch.as_ref().map(JsonLaunchSite::from),
        }
    }

    pub fn new(file: &Path, w: &'a Witness) -> JsonWitness<'a> {
        if let Some(c) = &w.in_c {
            return JsonWitness::in_c(file, w, c);
        }
        let access = |a: &'a WitnessAccess| JsonAccess {
            mode: a.mode.keyword(),
            array: &a.array,
            index: &a.index,
            location: (&a.span).into(),
            text: None,
        };
        let thread = |t: &'a ThreadValues| JsonThread {
            ids: json_values(&t.ids),
            locals: json_values(&t.locals),
            loop_vars: json_values(&t.loop_vars),
            unknowns: None,
        };
        JsonWitness {
            accesses: w.accesses.iter().map(access).collect(),
            threads: w.threads.iter().map(thread).collect(),
            index: w.index.iter().map(JsonNat::from).collect(),
            sync_vars: json_values(&w.sync_vars),
            params: json_values(&w.params),
            assumptions: json_assumptions(&w.assumptions),
            replay: replay_command(file, w),
            benign: w.benign.as_deref(),
            unknowns: None,
            approximations: None,
            outside_sizes: None,
            launch_site: None,
        }
    }
}

/// A checked fix: insert `insert` before line `line` or, with
/// `"replace": true`, instead of it.
#[derive(Serialize)]
pub struct JsonFix<'a> {
    pub line: u32,
    pub insert: &'a str,
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub replace: bool,
}

/// Where and why a race was suppressed.
#[derive(Serialize)]
pub struct JsonSuppressed<'a> {
    pub at: &'a str,
    pub reason: &'a str,
    pub in_source: bool,
}

#[derive(Serialize)]
pub struct JsonTriage<'a> {
    pub class: String,
    pub causes: &'a [String],
    pub resolution: String,
}

impl<'a> From<&'a Triage> for JsonTriage<'a> {
    fn from(t: &'a Triage) -> JsonTriage<'a> {
        let resolution = match &t.resolution {
            Resolution::Replayed(r) => format!("replayed {r}"),
            Resolution::Confirmed(r) => format!("confirmed {r}"),
            Resolution::Refuted { how } => format!("refuted (spurious): {how}"),
            Resolution::Unresolved(why) => format!("unresolved: {why}"),
        };
        JsonTriage {
            class: t.class.to_string(),
            causes: &t.causes,
            resolution,
        }
    }
}

impl<'a> JsonArray<'a> {
    pub fn new(k: &CheckedKernel, a: &'a CheckedArray) -> JsonArray<'a> {
        let details = match a.verdict() {
            Verdict::Drf { assumptions } => JsonVerdict::Drf {
                assumptions: json_assumptions(assumptions),
            },
            Verdict::Racy(w) => JsonVerdict::Racy {
                witness: Box::new(JsonWitness::new(&k.file, w)),
            },
            Verdict::Unknown { reason, span } => JsonVerdict::Unknown {
                reason,
                location: span.as_ref().map(JsonSpan::from),
            },
            Verdict::Divergence { span, message } | Verdict::Invalid { span, message } => {
                JsonVerdict::Located {
                    message,
                    location: span.into(),
                }
            }
        };
        JsonArray {
            array: &a.check.array,
            verdict: a.verdict().keyword(),
            closures: a.check.closures,
            queries: a.check.queries,
            seconds: a.check.seconds,
            details,
            classification: a.classification.as_deref(),
            suppressed: a.suppressed.as_ref().map(|s| JsonSuppressed {
                at: &s.at,
                reason: &s.reason,
                in_source: s.in_source,
            }),
            triage: a.triage.as_ref().map(JsonTriage::from),
            precondition: a.precondition.as_ref().map(|p| p.expr.as_str()),
            fix: a.fix.as_ref().map(|f| JsonFix {
                line: f.line,
                insert: &f.insert,
                replace: f.replace,
            }),
            benign: a
                .check
                .benign
                .iter()
                .map(|b| JsonBenign {
                    value: &b.value,
                    witness: JsonWitness::new(&k.file, &b.witness),
                })
                .collect(),
        }
    }
}

impl<'a> JsonDocument<'a> {
    pub fn new(files: &'a [FileReport]) -> JsonDocument<'a> {
        let kernels = files
            .iter()
            .flat_map(|f| &f.kernels)
            .map(|k| JsonKernel {
                file: k.file.display().to_string(),
                kernel: &k.kernel,
                arrays: k.arrays.iter().map(|a| JsonArray::new(k, a)).collect(),
                launch: &k.launch,
            })
            .collect();
        let errors = files
            .iter()
            .flat_map(|f| f.errors())
            .map(|e| e.to_string())
            .collect();
        JsonDocument {
            version: JSON_SCHEMA_VERSION,
            errors,
            kernels,
            translation_units: files.iter().map(JsonUnit::new).collect(),
        }
    }
}

/// The JSON document of `mapcheck check --format json`, pretty-printed.
pub fn json(files: &[FileReport]) -> String {
    serde_json::to_string_pretty(&JsonDocument::new(files)).unwrap_or_default()
}
