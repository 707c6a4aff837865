//! A suite's results as data: what a file expects, what the checker
//! answered, and how the two compare ([`outcome`]), with the totals of a run.

use serde::{Deserialize, Serialize};
use std::path::PathBuf;

/// What a file expects.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Expected {
    Drf,
    Racy,
    /// `// expect: error`: the file must be rejected (bad input, exit 2).
    Error,
    /// No expectation header.
    None,
}

/// What the checker answered for a file (all kernels, all arrays).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Got {
    Drf,
    Racy,
    /// Barrier divergence (counts as racy: GPUVerify's `xfail`).
    Divergence,
    Unknown,
    Error,
}

/// How a result compares with its expectation.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Outcome {
    CorrectDrf,
    CorrectRacy,
    CorrectError,
    FalseAlarm,
    MissedRace,
    Unknown,
    Error,
    NoExpectation,
}

impl Outcome {
    /// Does this outcome meet the file's expectation?
    pub fn met(self) -> bool {
        matches!(
            self,
            Outcome::CorrectDrf
                | Outcome::CorrectRacy
                | Outcome::CorrectError
                | Outcome::NoExpectation
        )
    }
}

#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct FileResult {
    pub file: PathBuf,
    pub expected: Expected,
    pub got: Got,
    pub outcome: Outcome,
    pub millis: f64,
    /// Triage class of the first race: `provable`, `data-dependent`,
    /// `approximated`, `protocol`.
    pub classification: Option<String>,
    /// Why: the error, the unknown reason, or the racy array.
    pub detail: String,
    /// Header flags accepted but meaningless to mapcheck.
    pub ignored_flags: Vec<String>,
}

/// Totals of a run.
#[derive(Clone, Debug, Default, Serialize, PartialEq, Eq)]
pub struct Totals {
    pub files: usize,
    pub correct_drf: usize,
    pub correct_racy: usize,
    pub correct_error: usize,
    pub false_alarms: usize,
    pub missed_races: usize,
    pub unknown: usize,
    pub errors: usize,
    pub no_expectation: usize,
}

impl Totals {
    pub fn of(results: &[FileResult]) -> Totals {
        let mut t = Totals {
            files: results.len(),
            ..Totals::default()
        };
        for r in results {
            let slot = match r.outcome {
                Outcome::CorrectDrf => &mut t.correct_drf,
                Outcome::CorrectRacy => &mut t.correct_racy,
                Outcome::CorrectError => &mut t.correct_error,
                Outcome::FalseAlarm => &mut t.false_alarms,
                Outcome::MissedRace => &mut t.missed_races,
                Outcome::Unknown => &mut t.unknown,
                Outcome::Error => &mut t.errors,
                Outcome::NoExpectation => &mut t.no_expectation,
            };
            *slot += 1;
        }
        t
    }
    /// Every expectation met.
    pub fn all_met(&self) -> bool {
        self.false_alarms + self.missed_races + self.unknown + self.errors == 0
    }
}

/// How an answer compares with the expectation.
pub fn outcome(expected: Expected, got: Got) -> Outcome {
    match (expected, got) {
        (Expected::None, _) => Outcome::NoExpectation,
        (Expected::Error, Got::Error) => Outcome::CorrectError,
        (_, Got::Error) | (Expected::Error, _) => Outcome::Error,
        (_, Got::Unknown) => Outcome::Unknown,
        (Expected::Drf, Got::Drf) => Outcome::CorrectDrf,
        (Expected::Drf, _) => Outcome::FalseAlarm,
        (Expected::Racy, Got::Drf) => Outcome::MissedRace,
        (Expected::Racy, _) => Outcome::CorrectRacy,
    }
}
