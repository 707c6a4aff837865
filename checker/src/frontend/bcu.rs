//! `.bcu` files (BabyCUDA, `seeds/004_*`): the protocol is inferred by the
//! type system of Fig. 6 when the program is typable
//! ([`Provenance::Typed`]: every alarm is a true race, Theorem 1 of 004);
//! otherwise by the sound over-approximation in which each value read from an
//! array is a thread-local unknown ([`Provenance::Approximated`], one
//! [`Unknown`] with cause [`UnknownCause::ArrayRead`] per such value that
//! reaches an index, a condition or a loop bound).

use super::{read_source, LoadError, LoadOptions};
use crate::kernel::{Kernel, Provenance, ThreadModel, Unknown, UnknownCause};
use semantics::babycuda::{self, TypeError};
use std::path::Path;

/// The result of inferring the protocol of a BabyCUDA program, with the
/// typing errors that forced the approximation (empty when typed).
pub struct Inferred {
    pub kernel: Kernel,
    pub program: babycuda::Program,
    pub type_errors: Vec<TypeError>,
}

/// Parses and infers, keeping the BabyCUDA program (for triage and replay).
pub fn infer(path: &Path, source: String) -> Result<Inferred, LoadError> {
    let program =
        babycuda::parse(&source).map_err(|e| LoadError::new(path, e.line, e.col, e.message))?;
    let name = path
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_default();
    let (protocol, unknowns, provenance, type_errors) = match babycuda::type_program(&program) {
        Ok(typed) => (typed.protocol, Vec::new(), Provenance::Typed, Vec::new()),
        Err(errors) => {
            let a = babycuda::approximate(&program);
            let unknowns = a
                .unknowns
                .iter()
                .map(|u| Unknown {
                    var: u.var.clone(),
                    cause: UnknownCause::ArrayRead {
                        array: u.array.clone(),
                    },
                    span: u.span,
                })
                .collect();
            (a.protocol, unknowns, Provenance::Approximated, errors)
        }
    };
    let kernel = Kernel {
        name,
        file: path.to_path_buf(),
        source,
        program: protocol,
        threads: ThreadModel::single_tid(),
        unknowns,
        unsupported: Vec::new(),
        provenance,
    };
    Ok(Inferred {
        kernel,
        program,
        type_errors,
    })
}

/// Parses a `.bcu` file into one kernel named after the file.
pub fn load(path: &Path, _opts: &LoadOptions) -> Result<Vec<Kernel>, LoadError> {
    let source = read_source(path)?;
    Ok(vec![infer(path, source)?.kernel])
}
