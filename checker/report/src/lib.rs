//! mapcheck's output formats: readable text with the source lines of both
//! accesses marked, stable JSON, CSV and SARIF 2.1.0 (README, "Output
//! formats").  Every renderer reads the same report types of
//! [`mapcheck_core::verdict`] and [`mapcheck_driver`].

pub mod sarif;
pub mod text;
