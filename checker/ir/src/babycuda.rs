//! BabyCUDA programs as kernels: the protocol is the program's type (Fig. 6
//! of `seeds/004_*`) when the type system accepts it, and its
//! over-approximation otherwise (array reads become thread-local unknowns).

use crate::kernel::{Kernel, Provenance, Unknown, UnknownCause};
use semantics::babycuda::{self, TypeError};
use std::path::Path;

/// A BabyCUDA kernel with the program it came from (for triage and replay).
pub struct Inferred {
    pub kernel: Kernel,
    pub program: babycuda::Program,
    pub type_errors: Vec<TypeError>,
}

/// Types (or approximates) a parsed program; the kernel is named after the
/// file stem.
pub fn infer(path: &Path, source: String, program: babycuda::Program) -> Inferred {
    let name = path
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_default();
    let Typing {
        protocol,
        unknowns,
        provenance,
        type_errors,
    } = typing(&program);
    // The theory's threads and nothing CUDA-specific, as for a `.proto`
    // file; the unknowns and provenance are the typing's.
    let kernel = Kernel {
        unknowns,
        provenance,
        ..Kernel::protocol(&name, path.to_path_buf(), source, protocol)
    };
    Inferred {
        kernel,
        program,
        type_errors,
    }
}

/// The protocol of a program: its type, or its over-approximation.
struct Typing {
    protocol: semantics::surface::Program,
    unknowns: Vec<Unknown>,
    provenance: Provenance,
    type_errors: Vec<TypeError>,
}

fn typing(program: &babycuda::Program) -> Typing {
    match babycuda::type_program(program) {
        Ok(typed) => Typing {
            protocol: typed.protocol,
            unknowns: Vec::new(),
            provenance: Provenance::BabyCudaTyped,
            type_errors: Vec::new(),
        },
        Err(errors) => {
            let a = babycuda::approximate(program);
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
            Typing {
                protocol: a.protocol,
                unknowns,
                provenance: Provenance::BabyCudaApproximated,
                type_errors: errors,
            }
        }
    }
}

/// Parses and infers a `.bcu` text; `None` when it does not parse.
pub fn infer_source(path: &Path, source: String) -> Option<Inferred> {
    let program = babycuda::parse(&source).ok()?;
    Some(infer(path, source, program))
}
