//! mapcheck's output formats, each rendered from the pipeline's reports
//! (`mapcheck_core::results::FileReport`, with the classification and triage of
//! every race): readable text with the source lines of both accesses
//! underlined ([`text`]), JSON ([`json`]), SARIF 2.1.0 ([`sarif`]), CSV
//! ([`csv`]), the suite's table ([`suite`]), and diagnostics ([`diagnostic`]);
//! [`fingerprint`] and [`locate`] serve SARIF.
//! `docs/reports.md` and `docs/formats.md`.

pub mod csv;
pub mod diagnostic;
pub mod fingerprint;
pub mod json;
pub mod locate;
pub mod sarif;
pub mod suite;
pub mod text;
