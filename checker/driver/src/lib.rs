//! mapcheck's driver: the pipeline on whole files ([`pipeline`]) — load
//! with a front end, with the header merged with the command line; check
//! every kernel; triage the alarms — shown stage by stage for `--show`
//! ([`show`]), a suite of files against their expectation headers
//! ([`suite`]), and the paths of a run as translation units ([`project`]:
//! directories, fragments checked through their includer).

pub mod assume;
pub mod config;
pub mod database;
pub mod pipeline;
pub mod project;
pub mod show;
pub mod suggest;
pub mod suite;

pub use pipeline::{check_file, show_file, worst_outcome, CheckedArray, CheckedKernel, FileReport};
