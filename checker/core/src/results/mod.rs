//! What checking found, as data: per file, per kernel, per array, with the
//! classification and triage of every race ([`FileReport`]), and how a file
//! of a suite compares with its expectation ([`suite`]).  The driver fills
//! them in; the report crate renders them.  No I/O here.

pub mod suite;

use crate::triage::Triage;
use crate::verdict::{worst, ArrayReport, Severity, Verdict};
use mapcheck_ir::kernel::Scope;
use mapcheck_ir::Diagnostic;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// What the pipeline found in one file.
#[derive(Clone, Debug)]
pub struct FileReport {
    pub file: PathBuf,
    /// The file's text (`None` if it could not be read): every span of the
    /// report points into it.
    pub source: Option<String>,
    pub kernels: Vec<CheckedKernel>,
    /// Why the file (or one of its kernels) could not be checked, and notes
    /// about its header, in the order they arose.
    pub diagnostics: Vec<Diagnostic>,
    /// Header flags only GPUVerify understands (accepted and ignored).
    pub ignored_flags: Vec<String>,
    /// Why the file was checked: given by name, a translation unit of a
    /// directory, or a fragment checked through its includer
    /// (`docs/command-line.md`, "Projects").
    pub role: Role,
    /// The file loaded and holds no kernel (CUDA host code): a note, never
    /// an error.
    pub host_only: bool,
    /// Wall-clock seconds the file took to load and check (0 when not
    /// measured): shown per translation unit in the JSON output, so that a
    /// project's slow files can be found.
    pub seconds: f64,
}

/// Why a file is in a run (`docs/command-line.md`, "Projects").
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Role {
    /// Named on the command line.
    Given,
    /// A translation unit of a directory given on the command line (from
    /// its compilation database, or a `.cu` file no other file includes).
    Unit,
    /// A file another file of the project includes: checked through it,
    /// not alone.
    Fragment { included_by: PathBuf },
}

/// What became of a file of a run.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Status {
    /// Its kernels were checked.
    Checked,
    /// It loaded and holds no kernel.
    HostOnly,
    /// A fragment: its kernels are checked through its includer.
    Included,
    /// It (or one of its kernels) could not be checked: an error.
    Unreadable,
}

impl Status {
    /// The status's name in reports (`docs/formats.md`).
    pub fn name(self) -> &'static str {
        match self {
            Status::Checked => "checked",
            Status::HostOnly => "host-only",
            Status::Included => "included",
            Status::Unreadable => "unreadable",
        }
    }
}

impl Role {
    /// The role's name in reports (`docs/formats.md`).
    pub fn name(&self) -> &'static str {
        match self {
            Role::Given => "given",
            Role::Unit => "unit",
            Role::Fragment { .. } => "fragment",
        }
    }
}

/// One kernel's verdicts, with what the report says about each race.
#[derive(Clone, Debug)]
pub struct CheckedKernel {
    pub kernel: String,
    pub file: PathBuf,
    /// One entry per array (or one unnamed entry when nothing could be
    /// modelled, or when a kernel without arrays is not well formed).
    pub arrays: Vec<CheckedArray>,
    /// Launch assumptions the user did not state: the default dimensions
    /// of a CUDA kernel (`blockDim.y = 1 (…)`,
    /// `docs/launch-configuration.md`).
    pub launch: Vec<String>,
    /// The text of [`CheckedKernel::file`] when it is not the checked
    /// file's (a kernel written in an included header): its spans point
    /// into this text, not [`FileReport::source`].
    pub source: Option<String>,
}

impl CheckedKernel {
    /// The text the kernel's spans point into: its header's, or else
    /// `file_source`, the checked file's.
    pub fn source<'a>(&'a self, file_source: &'a str) -> &'a str {
        self.source.as_deref().unwrap_or(file_source)
    }
}

/// One array's verdict, with the classification and triage of a race.
#[derive(Clone, Debug)]
pub struct CheckedArray {
    /// The verdict, its witness and what it cost.
    pub check: ArrayReport,
    /// For a race: whether it is certainly real (`protocol`, `provable`,
    /// `data-dependent`, `control-dependent`, `approximated`;
    /// `docs/reports.md`).
    pub classification: Option<String>,
    /// For an alarm on a BabyCUDA program: how triage settled it (the
    /// verdict of a refuted alarm is DRF).
    pub triage: Option<Triage>,
    /// For a race the user reviewed and silenced: where and why.  The
    /// verdict stays racy and every report shows it, but it no longer
    /// decides the exit status (`docs/ci.md`, "Suppressions").
    pub suppressed: Option<Suppression>,
    /// For a race: a condition on the kernel's parameters and launch under
    /// which the array is race-free, checked by checking the kernel again
    /// with it (`docs/reports.md`, "Suggestions").
    pub precondition: Option<Precondition>,
    /// For a race between threads of one block: a barrier whose insertion
    /// makes the array race-free without barrier divergence, checked the
    /// same way.
    pub fix: Option<Fix>,
}

/// A checked precondition: the kernel with `__requires(expr);` at the
/// start of its body was checked again and the array is race-free there.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Precondition {
    /// A C expression over the kernel's parameters and launch dimensions
    /// (`n >= 0`, `width >= gridDim.x * blockDim.x`).
    pub expr: String,
    /// Where the kernel's body opens (its `{`, line and column), after
    /// which the `__requires` goes.
    pub line: u32,
    pub col: u32,
}

/// A checked fix: the kernel with `insert` on a line of its own before
/// line `line` (or, when `replace`, instead of that line) was checked
/// again: the array is race-free and no barrier diverges.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Fix {
    pub line: u32,
    /// The text to insert: a statement (`__syncthreads();`), or the lines
    /// that replace a barrier under a divergent condition (the condition's
    /// block closed, the barrier, the block opened again).
    pub insert: String,
    /// `insert` replaces line `line` rather than going before it.
    pub replace: bool,
}

/// Why a race is silenced: an inline `// mapcheck-ignore: data-race —
/// reason` on one of its access lines, or an entry of `mapcheck.toml`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Suppression {
    /// In the source (`inSource` in SARIF) or in the configuration file
    /// (`external`).
    pub in_source: bool,
    /// Where it is: `k.cu:12` or `mapcheck.toml`.
    pub at: String,
    /// The reason the user gave.
    pub reason: String,
}

impl CheckedArray {
    pub fn verdict(&self) -> &Verdict {
        &self.check.verdict
    }
}

impl FileReport {
    /// Nothing found yet about `file`.
    pub fn new(file: &Path) -> FileReport {
        FileReport {
            file: file.to_path_buf(),
            source: None,
            kernels: Vec::new(),
            diagnostics: Vec::new(),
            ignored_flags: Vec::new(),
            role: Role::Given,
            host_only: false,
            seconds: 0.0,
        }
    }

    /// What became of the file: an error makes it unreadable, whatever
    /// else it holds.
    pub fn status(&self) -> Status {
        if self.errors().next().is_some() {
            Status::Unreadable
        } else if matches!(self.role, Role::Fragment { .. }) {
            Status::Included
        } else if self.host_only {
            Status::HostOnly
        } else {
            Status::Checked
        }
    }

    /// The errors: the file, or one of its kernels, could not be checked.
    pub fn errors(&self) -> impl Iterator<Item = &Diagnostic> {
        self.diagnostics.iter().filter(|d| d.is_error())
    }

    /// The first of the worst arrays, with its kernel.
    pub fn worst(&self) -> Option<(&CheckedKernel, &CheckedArray)> {
        let all = self
            .kernels
            .iter()
            .flat_map(|k| k.arrays.iter().map(move |a| (k, a)));
        worst(all, |(_, a)| a.verdict().severity())
    }
}

/// The worst outcome of a run: its worst verdict, where a file that could
/// not be checked counts as invalid input (`None`: nothing was checked).
pub fn worst_outcome(files: &[FileReport]) -> Option<Severity> {
    let verdicts = files
        .iter()
        .filter_map(|f| f.worst())
        .map(|(_, a)| a.verdict().severity());
    let errors = files
        .iter()
        .filter(|f| f.errors().next().is_some())
        .map(|_| Severity::Invalid);
    verdicts.chain(errors).max()
}

/// What a run comes to, for its exit status (`docs/errors.md`, "Exit
/// status"): the first variant that applies.  Input that could not be
/// checked comes first, before any race: a race found in one file must
/// not hide that another file was never checked, since a script that sees
/// "race" would take the run for complete.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum RunOutcome {
    /// A file (or a kernel's protocol) could not be checked: bad input.
    Unreadable,
    /// A race (not suppressed) or barrier divergence (for `suite`: an
    /// expectation missed).
    Alarm,
    /// Neither, but something was not decided.
    Unknown,
    /// Everything checked and race-free (for `suite`: every expectation met).
    Clean,
}

impl RunOutcome {
    /// The outcome of a `check` run: an error of a file or a malformed
    /// protocol (`Verdict::Invalid`) is unreadable input, whatever the
    /// other verdicts.
    pub fn of(files: &[FileReport]) -> RunOutcome {
        let severities = || {
            files
                .iter()
                .flat_map(|f| &f.kernels)
                .flat_map(|k| &k.arrays)
                .map(|a| a.verdict().severity())
        };
        if files.iter().any(|f| f.errors().next().is_some())
            || severities().any(|s| s == Severity::Invalid)
        {
            RunOutcome::Unreadable
        } else if files
            .iter()
            .flat_map(|f| &f.kernels)
            .flat_map(|k| &k.arrays)
            .filter(|a| a.suppressed.is_none())
            .any(|a| {
                matches!(
                    a.verdict().severity(),
                    Severity::Racy | Severity::Divergence
                )
            })
        {
            RunOutcome::Alarm
        } else if severities().any(|s| s == Severity::Unknown) {
            RunOutcome::Unknown
        } else {
            RunOutcome::Clean
        }
    }
}

/// The counts of a run's one-line summary (`docs/reports.md`, "Several
/// files"): files by what became of them, kernels by their worst verdict.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Summary {
    /// Files checked alone (given, or units of a directory) without an
    /// error, host code included.
    pub units: usize,
    pub host_only: usize,
    /// Fragments, checked through their includers.
    pub fragments: usize,
    /// Files (or directories) with an error.
    pub unreadable: usize,
    /// `__global__` functions (a CUDA kernel's two scopes count once).
    pub kernels: usize,
    pub drf: usize,
    /// Racy, or barrier divergence.
    pub racy: usize,
    /// Unknown, or not a valid kernel.
    pub unknown: usize,
}

impl Summary {
    pub fn of(files: &[FileReport]) -> Summary {
        let mut s = Summary::default();
        for f in files {
            match f.status() {
                Status::Included => s.fragments += 1,
                Status::HostOnly => {
                    s.units += 1;
                    s.host_only += 1
                }
                Status::Unreadable => s.unreadable += 1,
                Status::Checked => s.units += 1,
            }
            // A CUDA kernel is checked within a block and across blocks:
            // one kernel, its worse verdict.
            let mut kernels: BTreeMap<(&Path, &str), Severity> = BTreeMap::new();
            for k in &f.kernels {
                let name = k.kernel.strip_suffix(Scope::AcrossBlocks.suffix());
                let key = (k.file.as_path(), name.unwrap_or(&k.kernel));
                let arrays = k.arrays.iter().map(|a| a.verdict().severity());
                let worst = arrays.max().unwrap_or(Severity::Drf);
                let entry = kernels.entry(key).or_insert(worst);
                *entry = (*entry).max(worst);
            }
            for severity in kernels.into_values() {
                s.kernels += 1;
                match severity {
                    Severity::Drf => s.drf += 1,
                    Severity::Racy | Severity::Divergence => s.racy += 1,
                    Severity::Unknown | Severity::Invalid => s.unknown += 1,
                }
            }
        }
        s
    }
}

/// The display name of an array (`""` is the unnamed array).
pub fn array_name(a: &str) -> &str {
    if a.is_empty() {
        "(unnamed)"
    } else {
        a
    }
}
