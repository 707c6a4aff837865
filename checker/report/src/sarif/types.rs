//! The SARIF 2.1.0 objects mapcheck writes, as serde-derived types (one
//! struct per object of the schema it uses, fields in its camelCase).

use crate::json::JsonWitness;
use serde::Serialize;
use std::collections::BTreeMap;

/// A `reportingDescriptor` of `tool.driver.rules`.
pub struct Rule {
    pub id: &'static str,
    pub name: &'static str,
    /// The default `level` of its results.
    pub level: &'static str,
    pub short: &'static str,
    pub full: &'static str,
    /// What to do about a result of the rule (`help`, shown by code
    /// scanning beside the alert).
    pub help: &'static str,
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
    pub help: Text,
    pub default_configuration: Configuration,
    pub properties: RuleProperties,
}

#[derive(Serialize)]
pub struct Text {
    pub text: String,
}

impl Text {
    pub(super) fn new(text: impl Into<String>) -> Text {
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

/// A `notification` of `invocations[0].toolExecutionNotifications`: a
/// file that could not be checked (`error`), or what a DRF verdict
/// assumed (`note`).
#[derive(Serialize)]
pub struct Notification {
    pub level: &'static str,
    pub message: Text,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub locations: Vec<Location>,
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
    /// [`fingerprint::KEY`] → what the result is about, hashed.
    pub partial_fingerprints: BTreeMap<&'static str, String>,
    /// A race the user silenced (SARIF 2.1.0 §3.27.23): code scanning
    /// shows it closed, with the justification.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub suppressions: Vec<SarifSuppression>,
    /// A checked barrier that removes the race (SARIF 2.1.0 §3.55): an
    /// insertion of a line.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub fixes: Vec<SarifFix>,
    pub properties: ResultProperties<'a>,
}

/// A `fix`: its description and its one change.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub struct SarifFix {
    pub description: Text,
    pub artifact_changes: Vec<ArtifactChange>,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ArtifactChange {
    pub artifact_location: ArtifactLocation,
    pub replacements: Vec<Replacement>,
}

/// An insertion: an empty deleted region at the start of a line, and the
/// inserted line.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Replacement {
    pub deleted_region: Region,
    pub inserted_content: Text,
}

#[derive(Serialize)]
pub struct ResultProperties<'a> {
    pub kernel: &'a str,
    /// The first of `arrays`.
    pub array: &'a str,
    /// Every array the result is about: one for a race; the arrays whose
    /// checks met the same divergence, malformed construct or unknown.
    pub arrays: Vec<&'a str>,
    pub verdict: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub classification: Option<&'a str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub witness: Option<JsonWitness<'a>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reason: Option<&'a str>,
    /// A checked C condition under which the array is race-free.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub precondition: Option<&'a str>,
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

/// A `suppression` of a result.
#[derive(Serialize)]
pub struct SarifSuppression {
    /// `inSource` (a `// mapcheck-ignore:` comment) or `external`
    /// (`mapcheck.toml`).
    pub kind: &'static str,
    pub justification: String,
    pub location: Option<Location>,
}
