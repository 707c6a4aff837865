//! A suite's results as data: what a file expects, what the checker
//! answered, and how the two compare ([`outcome`]), with the totals of a run.

use super::RunOutcome;
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
    /// `// expect: known-alarm`: the kernel is race-free, and mapcheck is
    /// known to raise an alarm (or answer `unknown`) on it
    /// (`docs/corpus.md`): either answer meets the expectation, and so
    /// does DRF.
    #[serde(rename = "known-alarm")]
    KnownAlarm,
    /// `// expect: known-unknown`: the kernel is racy (or diverges), and
    /// mapcheck is known to answer `unknown` on it: racy and unknown meet
    /// the expectation; DRF is a missed race.
    #[serde(rename = "known-unknown")]
    KnownUnknown,
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
    /// A known alarm (or `unknown`) on a race-free kernel, or a known
    /// `unknown` on a racy one.
    KnownAlarm,
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
                | Outcome::KnownAlarm
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
    pub known_alarms: usize,
    /// Of the files without expectation: racy (or barrier divergence),
    /// unknown, and errors (unreadable, crashed).
    pub no_expectation_racy: usize,
    pub no_expectation_unknown: usize,
    pub no_expectation_errors: usize,
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
                Outcome::KnownAlarm => &mut t.known_alarms,
            };
            *slot += 1;
            if r.expected == Expected::None {
                let slot = match r.got {
                    Got::Racy | Got::Divergence => &mut t.no_expectation_racy,
                    Got::Unknown => &mut t.no_expectation_unknown,
                    Got::Error => &mut t.no_expectation_errors,
                    Got::Drf => continue,
                };
                *slot += 1;
            }
        }
        t
    }
    /// Every expectation met.
    pub fn all_met(&self) -> bool {
        self.false_alarms + self.missed_races + self.unknown + self.errors == 0
    }
}

/// What a suite run comes to (`docs/errors.md`, "Exit status"): a file
/// that could not be checked (and was not expected to be rejected) is
/// unreadable input, before anything else; an expectation missed is an
/// alarm, and so is a race in a file without expectation; an unknown in a
/// file without expectation is unknown.  A file without expectation is
/// judged as `mapcheck check` would judge it, so that a directory without
/// headers cannot pass with races or unreadable files in it.
pub fn run_outcome(results: &[FileResult]) -> RunOutcome {
    let unexpected = |r: &&FileResult| r.expected == Expected::None;
    if results
        .iter()
        .any(|r| r.got == Got::Error && r.expected != Expected::Error)
    {
        RunOutcome::Unreadable
    } else if results.iter().any(|r| !r.outcome.met())
        || results
            .iter()
            .filter(unexpected)
            .any(|r| matches!(r.got, Got::Racy | Got::Divergence))
    {
        RunOutcome::Alarm
    } else if results
        .iter()
        .filter(unexpected)
        .any(|r| r.got == Got::Unknown)
    {
        RunOutcome::Unknown
    } else {
        RunOutcome::Clean
    }
}

/// How an answer compares with the expectation.
pub fn outcome(expected: Expected, got: Got) -> Outcome {
    match (expected, got) {
        (Expected::None, _) => Outcome::NoExpectation,
        (Expected::Error, Got::Error) => Outcome::CorrectError,
        (_, Got::Error) | (Expected::Error, _) => Outcome::Error,
        (Expected::KnownAlarm, Got::Drf) => Outcome::CorrectDrf,
        (Expected::KnownAlarm, _) => Outcome::KnownAlarm,
        (Expected::KnownUnknown, Got::Drf) => Outcome::MissedRace,
        (Expected::KnownUnknown, Got::Unknown) => Outcome::KnownAlarm,
        (Expected::KnownUnknown, _) => Outcome::CorrectRacy,
        (_, Got::Unknown) => Outcome::Unknown,
        (Expected::Drf, Got::Drf) => Outcome::CorrectDrf,
        (Expected::Drf, _) => Outcome::FalseAlarm,
        (Expected::Racy, Got::Drf) => Outcome::MissedRace,
        (Expected::Racy, _) => Outcome::CorrectRacy,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn row(expected: Expected, got: Got) -> FileResult {
        FileResult {
            file: PathBuf::from("k.cu"),
            expected,
            got,
            outcome: outcome(expected, got),
            millis: 0.0,
            classification: None,
            detail: String::new(),
            ignored_flags: Vec::new(),
        }
    }

    #[test]
    fn files_without_expectation_are_judged_as_check_would() {
        use Expected::None as No;
        let run = |rows: &[(Expected, Got)]| {
            let results: Vec<_> = rows.iter().map(|&(e, g)| row(e, g)).collect();
            run_outcome(&results)
        };
        assert_eq!(run(&[(No, Got::Drf)]), RunOutcome::Clean);
        assert_eq!(run(&[(No, Got::Unknown)]), RunOutcome::Unknown);
        assert_eq!(
            run(&[(No, Got::Racy), (No, Got::Unknown)]),
            RunOutcome::Alarm
        );
        assert_eq!(run(&[(No, Got::Divergence)]), RunOutcome::Alarm);
        // An unreadable file is never hidden by a race.
        assert_eq!(
            run(&[(No, Got::Racy), (No, Got::Error)]),
            RunOutcome::Unreadable
        );
        assert_eq!(
            run(&[(Expected::Drf, Got::Racy), (No, Got::Error)]),
            RunOutcome::Unreadable
        );
    }

    #[test]
    fn expectations_decide_files_that_have_one() {
        let run = |rows: &[(Expected, Got)]| {
            let results: Vec<_> = rows.iter().map(|&(e, g)| row(e, g)).collect();
            run_outcome(&results)
        };
        assert_eq!(run(&[(Expected::Racy, Got::Racy)]), RunOutcome::Clean);
        assert_eq!(run(&[(Expected::Error, Got::Error)]), RunOutcome::Clean);
        assert_eq!(run(&[(Expected::Drf, Got::Unknown)]), RunOutcome::Alarm);
        assert_eq!(run(&[(Expected::Error, Got::Drf)]), RunOutcome::Alarm);
        assert_eq!(run(&[(Expected::Drf, Got::Error)]), RunOutcome::Unreadable);
        let known = |g| outcome(Expected::KnownAlarm, g);
        assert_eq!(known(Got::Racy), Outcome::KnownAlarm);
        assert_eq!(known(Got::Unknown), Outcome::KnownAlarm);
        assert_eq!(known(Got::Drf), Outcome::CorrectDrf);
        let racy = |g| outcome(Expected::KnownUnknown, g);
        assert_eq!(racy(Got::Unknown), Outcome::KnownAlarm);
        assert_eq!(racy(Got::Divergence), Outcome::CorrectRacy);
        assert_eq!(
            racy(Got::Drf),
            Outcome::MissedRace,
            "never hides a missed race"
        );
        assert_eq!(
            run(&[(Expected::KnownAlarm, Got::Divergence)]),
            RunOutcome::Clean
        );
    }

    #[test]
    fn totals_split_the_files_without_expectation() {
        let rows = [Got::Drf, Got::Racy, Got::Unknown, Got::Error, Got::Error];
        let results: Vec<_> = rows.iter().map(|&g| row(Expected::None, g)).collect();
        let t = Totals::of(&results);
        assert_eq!(t.no_expectation, 5);
        assert_eq!(t.no_expectation_racy, 1);
        assert_eq!(t.no_expectation_unknown, 1);
        assert_eq!(t.no_expectation_errors, 2);
        assert_eq!(t.errors, 0, "errors count missed expectations only");
    }
}
