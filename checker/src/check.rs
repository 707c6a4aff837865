//! The checking pipeline for one kernel (DESIGN.md, "Data flows one way"):
//! well-formedness ([`crate::wellformed`]) → phases ([`crate::phases`]) →
//! one SMT query per closure ([`crate::smt`]) → verdict and witness.

use crate::kernel::Kernel;
use crate::verdict::{ArrayReport, CheckOptions, KernelReport, Verdict};

/// Checks every array of `kernel` (or only `opts.array`).
pub fn check_kernel(kernel: &Kernel, opts: &CheckOptions) -> KernelReport {
    let arrays = kernel
        .program
        .arrays()
        .into_iter()
        .filter(|a| opts.array.as_ref().is_none_or(|only| only == a))
        .map(|a| ArrayReport {
            array: a,
            verdict: Verdict::Unknown {
                reason: "checker not implemented yet".into(),
                span: None,
            },
            closures: 0,
            queries: 0,
            seconds: 0.0,
        })
        .collect();
    KernelReport {
        kernel: kernel.name.clone(),
        file: kernel.file.clone(),
        arrays,
    }
}
