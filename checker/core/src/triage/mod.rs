//! Alarm triage (`docs/reports.md`, `docs/babycuda.md`): each race is
//!
//! * `provable` — the protocol is the BabyCUDA type of the program (Fig. 6 of
//!   `seeds/004_*`), so by Theorem 1 of 004 the race is real.  The witness is
//!   replayed in the reference semantics with concrete values; a replay that
//!   does not reproduce it is a bug ([`TriageBug`]).
//! * `data-dependent` / `control-dependent` — a value read from an array
//!   reaches an index / a condition or loop bound; the alarm may be spurious.
//!   We then try to settle it (beyond the paper):
//!   (a) **confirm**: bounded search of concrete executions (thread counts,
//!   parameters, initial contents) of the reference semantics;
//!   (b) **refute**: store-to-load forwarding — a read of an index the thread
//!   itself wrote earlier in the same phase returns that write's payload
//!   (`lastwrite`, rule LASTWRITE-CURR: a thread sees its own writes of the
//!   current phase first).  Forwarding preserves the histories exactly; if
//!   the forwarded program is typable, its type is an exact MAP (Theorem 1)
//!   and the SMT checker decides it: DRF refutes the alarm, a race is real.
//!
//! Modules: `classify` gives each alarm its class and settles it, `replay`
//! runs witnesses and the bounded search in the reference semantics,
//! `refute` checks the forwarded program, and `forward` / `forward_phases`
//! are the two store-to-load forwardings.

mod classify;
mod forward;
mod forward_phases;
mod refute;
mod replay;

pub use classify::{check_with_triage, triage_bcu};
pub use forward::forwarded;
pub use forward_phases::{forwarded_across_barriers, Forwarded};
pub use replay::{confirm, replay, ReplayFailure};

use semantics::babycuda::eval::{Contents, DataRace};
use semantics::{Nat, Var};
use std::collections::BTreeMap;
use std::fmt;

/// The class of an alarm.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Class {
    Provable,
    DataDependent,
    ControlDependent,
}

impl fmt::Display for Class {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Class::Provable => "provable",
            Class::DataDependent => "data-dependent",
            Class::ControlDependent => "control-dependent",
        })
    }
}

/// A race reproduced by the reference semantics.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ConcreteRace {
    pub threads: u64,
    pub params: BTreeMap<Var, Nat>,
    pub init: Contents,
    pub race: DataRace,
}

impl fmt::Display for ConcreteRace {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "with T = {}", self.threads)?;
        for (x, v) in &self.params {
            write!(f, ", {x} = {v}")?;
        }
        for (a, vals) in &self.init.arrays {
            if vals.iter().any(|v| *v != Nat::from(0u32)) {
                let v: Vec<String> = vals.iter().map(|v| v.to_string()).collect();
                write!(f, ", init {a} = [{}]", v.join(", "))?;
            }
        }
        write!(f, ": {}", self.race)
    }
}

/// How an alarm was settled.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Resolution {
    /// Provable race, replayed concretely.
    Replayed(ConcreteRace),
    /// Data/control-dependent alarm confirmed by a concrete execution.
    Confirmed(ConcreteRace),
    /// The alarm is spurious: the array is DRF (`how` explains why).
    Refuted {
        how: String,
    },
    Unresolved(String),
}

/// The triage of one racy array.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Triage {
    pub array: String,
    pub class: Class,
    /// Variables and lines that make the alarm data/control-dependent.
    pub causes: Vec<String>,
    pub resolution: Resolution,
}

impl Triage {
    /// Is the array DRF after all (alarm refuted)?
    pub fn refuted(&self) -> bool {
        matches!(self.resolution, Resolution::Refuted { .. })
    }
}

impl fmt::Display for Triage {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "array `{}`: {}", self.array, self.class)?;
        for c in &self.causes {
            writeln!(f, "  because {c}")?;
        }
        match &self.resolution {
            Resolution::Replayed(r) => writeln!(f, "  replayed {r}"),
            Resolution::Confirmed(r) => writeln!(f, "  confirmed {r}"),
            Resolution::Refuted { how } => {
                writeln!(f, "  refuted (spurious): {how}; the array is DRF")
            }
            Resolution::Unresolved(why) => writeln!(f, "  unresolved: {why}"),
        }
    }
}

/// A provable race whose replay failed: a bug in the checker or the reference.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TriageBug(pub String);

impl fmt::Display for TriageBug {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "BUG: {}", self.0)
    }
}

impl std::error::Error for TriageBug {}

#[cfg(test)]
mod test_support {
    use super::{triage_bcu, Triage};
    use crate::babycuda::Inferred;
    use crate::check::check_kernel;
    use crate::verdict::{CheckOptions, KernelReport};
    use std::path::PathBuf;

    /// A kernel of `kernels/babycuda/`.
    pub(super) fn kernel(name: &str) -> Inferred {
        let path = PathBuf::from(format!(
            "{}/../../kernels/babycuda/{name}",
            env!("CARGO_MANIFEST_DIR")
        ));
        let src = std::fs::read_to_string(&path).unwrap();
        crate::babycuda::infer_source(&path, src).unwrap()
    }

    pub(super) fn bcu(src: &str) -> Inferred {
        crate::babycuda::infer_source(&PathBuf::from("t.bcu"), src.to_string()).unwrap()
    }

    /// A kernel of `kernels/babycuda/`, checked and triaged.
    pub(super) fn triage(name: &str, opts: &CheckOptions) -> (KernelReport, Vec<Triage>) {
        let inf = kernel(name);
        let report = check_kernel(&inf.kernel, opts);
        let t = triage_bcu(&inf, &report, opts).unwrap();
        (report, t)
    }
}
