//! mapcheck's driver: runs the pipeline on whole files — load with a front
//! end, check every kernel, triage the alarms — and runs a suite of files
//! against their expectation headers ([`suite`]).

pub mod suite;
