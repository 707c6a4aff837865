//! What triage concludes about an alarm (see [`crate::triage`]): its
//! [`Class`], how it was settled ([`Resolution`], with a [`ConcreteRace`]
//! when one was reproduced), the [`Triage`] of a racy array, and the
//! [`TriageBug`] of a provable race whose replay failed.

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
