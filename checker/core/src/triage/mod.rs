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
//! are the two store-to-load forwardings; `outcome` holds what triage
//! concludes about an alarm.

mod classify;
mod forward;
mod forward_phases;
mod outcome;
mod refute;
mod replay;

pub use classify::{check_with_triage, triage_bcu};
pub use forward::forwarded;
pub use forward_phases::{forwarded_across_barriers, Forwarded};
pub use outcome::{Class, ConcreteRace, Resolution, Triage, TriageBug};
pub use replay::{confirm, replay, ReplayFailure};

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
