//! What a report suggests for a race, each suggestion checked
//! (`docs/reports.md`, "Suggestions"): a precondition under which the
//! array is race-free ([`preconditions`]), a barrier whose insertion
//! makes it race-free ([`fixes`]) and, for a barrier under a divergent
//! condition, the condition's block split around it ([`hoist`]).  A suggestion is checked on the very
//! text it proposes: the file's text is edited in memory ([`edit`]),
//! loaded again by the front end and the kernel checked again; it is
//! printed only when that check says the array is race-free (and, for a
//! barrier, that no barrier diverges).  Nothing here changes a verdict.
//!
//! Each file has an allowance of such checks ([`RECHECKS_PER_FILE`]) and
//! one budget of solver work for all of them, in the solver's
//! deterministic units ([`SUGGEST_MS`]), so that suggestions cost a bounded
//! amount beside the file's own check and are the same on every run (a
//! wall-clock safety net, [`SUGGEST_WALL_S`], only stops runaway loads).

pub mod condition;
pub mod edit;
mod fixes;
mod hoist;
mod preconditions;
pub mod tokens;

use mapcheck_core::budget::FileBudget;
use mapcheck_core::check::check_kernel;
use mapcheck_core::kernel::{Kernel, UnsupportedKind};
use mapcheck_core::results::CheckedKernel;
use mapcheck_core::smt::units_of_ms;
use mapcheck_core::verdict::Verdict;
use mapcheck_frontend::load_bytes_with;
use mapcheck_frontend::options::Flags;
use std::cell::Cell;
use std::path::Path;
use std::sync::Arc;
use std::time::{Duration, Instant};

/// How many times one file is loaded and checked again for suggestions.
pub const RECHECKS_PER_FILE: usize = 12;

/// The solver work of all the checks of one file's edits, in
/// milliseconds of the solver's units (`mapcheck_core::smt::units_of_ms`).
pub const SUGGEST_MS: u64 = 5_000;

/// The budget of one query of such a check (`--timeout`, when lower).
pub const QUERY_MS: u64 = 2_000;

/// The wall-clock safety net of a file's suggestions, in seconds: no
/// check of an edit starts after it, and the checks in flight stop.
pub const SUGGEST_WALL_S: u64 = 10;

/// A file's text and how it was loaded, to load edits of it the same way.
pub struct Recheck<'a> {
    path: &'a Path,
    text: &'a str,
    cli: Flags,
    extra_args: &'a [String],
    left: Cell<usize>,
    budget: Arc<FileBudget>,
    /// No check of an edit starts after this: [`SUGGEST_WALL_S`] from the
    /// start, and never past the file's own wall-clock limit
    /// (`--file-budget`), so that suggestions do not make a file outlast
    /// its budget.
    deadline: Instant,
    /// The `--assume` conditions the text already holds: a precondition
    /// found on it holds together with them.
    assumed: Vec<String>,
}

/// The verdicts of an edited kernel's arrays, under the user's names.
pub struct Rechecked(Vec<(String, Verdict)>);

impl Rechecked {
    /// Is `array` race-free in the edited kernel?
    pub fn drf(&self, array: &str) -> bool {
        self.0.iter().any(|(a, v)| a == array && v.is_drf())
    }

    /// Does a barrier of the edited kernel diverge?
    pub fn diverges(&self) -> bool {
        self.0
            .iter()
            .any(|(_, v)| matches!(v, Verdict::Divergence { .. }))
    }
}

impl<'a> Recheck<'a> {
    /// Edits of `text`, the text of `path` that was checked with `cli` and
    /// the compilation database's `extra_args`.
    pub fn new(
        path: &'a Path,
        text: &'a str,
        cli: &Flags,
        extra_args: &'a [String],
        file_deadline: Instant,
    ) -> Self {
        let assumed = cli.assume.clone();
        let left = file_deadline.saturating_duration_since(Instant::now());
        let wall = Duration::from_secs(SUGGEST_WALL_S).min(left);
        let cli = Flags {
            // The edits already hold the assumptions.
            assume: Vec::new(),
            suggest: false,
            ..cli.clone()
        };
        Recheck {
            path,
            text,
            cli,
            extra_args,
            left: Cell::new(RECHECKS_PER_FILE),
            // The checks in flight stop at the deadline too.
            budget: FileBudget::new(units_of_ms(SUGGEST_MS), 1, wall.as_secs()),
            deadline: Instant::now() + wall,
            assumed,
        }
    }

    /// `cond` with the `--assume` conditions the text holds, which it
    /// was found together with: `(n >= 0) && n >= blockDim.x`.
    pub fn with_assumptions(&self, cond: &str) -> String {
        let mut parts: Vec<String> = self.assumed.iter().map(|a| format!("({a})")).collect();
        parts.push(cond.to_string());
        parts.join(" && ")
    }

    /// The file's text.
    pub fn text(&self) -> &str {
        self.text
    }

    /// Checks may still be spent.
    pub fn can(&self) -> bool {
        self.left.get() > 0
            && !self.budget.over()[0]
            && !self.budget.wall_passed()
            && Instant::now() < self.deadline
    }

    /// The kernel `k` (same name and scope) of the edited text, checked:
    /// `None` when the allowance is spent, the edit does not load, the
    /// edited kernel does not compile or its check ran out of its budget.
    pub fn check(&self, edited: &str, k: &Kernel) -> Option<Rechecked> {
        if !self.can() {
            return None;
        }
        self.left.set(self.left.get().checked_sub(1)?);
        let cli = Flags {
            kernel: Some(k.name.clone()),
            ..self.cli.clone()
        };
        let loaded = load_bytes_with(self.path, edited.as_bytes(), &cli, self.extra_args).ok()?;
        let again = loaded
            .kernels
            .iter()
            .find(|e| e.display_name() == k.display_name())?;
        if again
            .unsupported
            .iter()
            .any(|u| u.kind == UnsupportedKind::DoesNotCompile)
        {
            return None;
        }
        let mut opts = loaded.options.clone();
        opts.meter = Some(self.budget.meter(0));
        opts.timeout_ms = opts.timeout_ms.min(QUERY_MS);
        let report = check_kernel(again, &opts);
        if std::env::var("MAPCHECK_TRACE").is_ok_and(|v| v != "0") {
            let verdicts: Vec<String> = report
                .arrays
                .iter()
                .map(|a| format!("{} {}", a.array, a.verdict.keyword()))
                .collect();
            eprintln!(
                "mapcheck-trace: suggestion check of `{}` ({} units so far): {}",
                k.display_name(),
                self.budget.total(),
                verdicts.join(", ")
            );
        }
        if self.budget.over()[0] || self.budget.wall_passed() {
            // The check may have been cut short: nothing it says is used.
            return None;
        }
        let verdicts = report
            .arrays
            .into_iter()
            .map(|a| (again.encoding.array_name(&a.array), a.verdict))
            .collect();
        Some(Rechecked(verdicts))
    }
}

/// Looks for a checked precondition and a checked fix for each race of
/// `checked`, the report of `k`.  Only a kernel written in the checked
/// file itself, with a C body, can be edited.
pub fn kernel(checked: &mut CheckedKernel, k: &Kernel, recheck: &Recheck) {
    if k.body == Default::default() || k.file != recheck.path {
        return;
    }
    preconditions::search(checked, k, recheck);
    fixes::search(checked, k, recheck);
    hoist::search(checked, k, recheck);
}

/// The indices of the arrays of `checked` that a suggestion is looked for:
/// racy, not suppressed, with a witness in C terms, and `pending`.
fn open_races(
    checked: &CheckedKernel,
    pending: impl Fn(&mapcheck_core::results::CheckedArray) -> bool,
) -> Vec<usize> {
    (0..checked.arrays.len())
        .filter(|&i| {
            let a = &checked.arrays[i];
            a.suppressed.is_none() && witness(a).is_some() && pending(a)
        })
        .collect()
}

/// The race of an array, in C terms.
fn witness(a: &mapcheck_core::results::CheckedArray) -> Option<&mapcheck_core::verdict::CWitness> {
    match a.verdict() {
        Verdict::Racy(w) => w.in_c.as_deref(),
        _ => None,
    }
}
