//! `mapcheck check --show STAGE`: the stages of the check pipeline
//! (`mapcheck_core::check::observe_kernel`), each printed where the pipeline
//! produces it: the protocol when the kernel is loaded, the well-formed
//! cases after well-formedness, the closures and the SMT query of each case
//! before it would be solved.

use crate::pipeline::array_name;
use mapcheck_core::check::Observer;
use mapcheck_core::kernel::Kernel;
use mapcheck_core::numbered::C;
use mapcheck_core::smt::Query;
use mapcheck_core::wellformed::{Case, Wellformed, WfError};
use std::fmt::Write as _;

/// A stage of the pipeline that `--show` prints.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Stage {
    /// The kernel's protocol as the front end produced it.
    Protocol,
    /// Each well-formed case of an array (loops tagged, conditionals split).
    Wellformed,
    /// The reference's `align` of each case (`semantics::align`).
    Aligned,
    /// The closures (phases) the checker queries.
    Split,
    /// `seq` of each closure.
    Traces,
    /// The SMT-LIB query of each case.
    Smt,
}

impl Stage {
    /// Every stage, in pipeline order.
    pub const ALL: [Stage; 6] = [
        Stage::Protocol,
        Stage::Wellformed,
        Stage::Aligned,
        Stage::Split,
        Stage::Traces,
        Stage::Smt,
    ];

    /// Its name on the command line (`--show aligned`).
    pub fn name(self) -> &'static str {
        match self {
            Stage::Protocol => "protocol",
            Stage::Wellformed => "wellformed",
            Stage::Aligned => "aligned",
            Stage::Split => "split",
            Stage::Traces => "traces",
            Stage::Smt => "smt",
        }
    }

    /// The comment marker of the stage's output (`;` for SMT-LIB).
    fn comment(self) -> &'static str {
        if self == Stage::Smt {
            ";"
        } else {
            "//"
        }
    }
}

/// An observer that prints one stage into a buffer.
pub struct Show {
    stage: Stage,
    kernel: String,
    out: String,
}

impl Show {
    pub fn new(stage: Stage) -> Show {
        Show {
            stage,
            kernel: String::new(),
            out: String::new(),
        }
    }

    /// What was printed so far, emptying the buffer.
    pub fn take(&mut self) -> String {
        std::mem::take(&mut self.out)
    }
}

impl Observer for Show {
    fn kernel(&mut self, k: &Kernel) -> bool {
        self.kernel = k.display_name();
        if self.stage == Stage::Protocol {
            let _ = writeln!(self.out, "// kernel {}", k.display_name());
            // About two threads (`x@other` is the other's `x`): not `.proto`.
            for a in &k.relational {
                let _ = writeln!(
                    self.out,
                    "// assume for both orders of two threads: {}",
                    a.cond
                );
            }
            let _ = writeln!(self.out, "{}", k.program);
            return false;
        }
        true
    }

    fn wellformed(&mut self, array: &str, result: Result<&Wellformed, &WfError>) {
        let c = self.stage.comment();
        let name = array_name(array);
        let _ = writeln!(self.out, "{c} kernel {}, array {name}", self.kernel);
        if let Err(e) = result {
            let (span, message) = match e {
                WfError::Divergence { span, message } | WfError::Invalid { span, message } => {
                    (span, message)
                }
                WfError::Unknown { reason, span } => (span, reason),
            };
            let _ = writeln!(self.out, "{c} error: {span}: {message}");
        }
    }

    fn case(&mut self, n: usize, case: &Case, closures: &[C], query: Option<&Query>) {
        let c = self.stage.comment();
        let facts: Vec<String> = case.facts.iter().map(|f| f.to_string()).collect();
        let facts = if facts.is_empty() {
            "true".to_string()
        } else {
            facts.join(" && ")
        };
        let _ = writeln!(self.out, "{c} case {n}: {facts}");
        for a in &case.assumed {
            let _ = writeln!(self.out, "{c} assuming {a}");
        }
        let out = &mut self.out;
        match self.stage {
            Stage::Protocol | Stage::Wellformed => {
                let _ = writeln!(out, "{}", case.protocol.erase());
            }
            Stage::Aligned => {
                let aligned = semantics::align(&case.protocol.erase());
                out.push_str(&semantics::aligned::print_aligned_pair(&aligned));
            }
            Stage::Split | Stage::Traces => {
                for (i, closure) in closures.iter().enumerate() {
                    let closure = closure.erase();
                    let _ = if self.stage == Stage::Split {
                        writeln!(out, "// closure {i}\n{closure}")
                    } else {
                        writeln!(out, "// closure {i}\n{}", semantics::seq(&closure))
                    };
                }
            }
            Stage::Smt => match query {
                Some(q) => out.push_str(&q.script()),
                None => out.push_str("; no closure has conflicting accesses: no query\n"),
            },
        }
    }
}
