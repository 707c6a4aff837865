//! The two scopes of a CUDA race (`docs/cuda-model.md`):
//! `__syncthreads()` orders the threads of one block only, so a kernel is
//! checked twice — for two threads of the same block (barriers apply;
//! shared and global memory) and for two threads of different blocks (no
//! barrier orders them; global memory only, since each block has its own
//! shared memory).  This module derives the second kernel from the
//! protocol inferred with `blockIdx` per thread.

use mapcheck_ir::kernel::{Kernel, Origin, Scope, ThreadModel};
use semantics::expr::{BExp, NExp, ROp};
use semantics::surface::{Assumption, Span, Stmt, StmtKind};
use std::collections::BTreeSet;

use super::DIMS;

/// The kernel for two threads of different blocks: barriers erased,
/// shared arrays dropped, threads told apart by `blockIdx` (their
/// `threadIdx` are thread-local values below `blockDim`).
pub fn across_blocks(mut k: Kernel, shared: &BTreeSet<String>) -> Kernel {
    k.program.body = erase(std::mem::take(&mut k.program.body), shared);
    k.threads = ThreadModel::Cuda(Scope::AcrossBlocks);
    for d in DIMS {
        let t = format!("threadIdx.{d}");
        k.program.locals.push(t.clone());
        let cond = BExp::rel(ROp::Lt, NExp::var(&t), NExp::var(&format!("blockDim.{d}")));
        let span = Span::default();
        k.assume(Assumption { cond, span }, Origin::Cuda);
    }
    k
}

/// Is `array` the variable `root` or one of its fields (`root.f`, `root.f.g`)?
pub fn belongs_to(array: &str, root: &str) -> bool {
    array
        .strip_prefix(root)
        .is_some_and(|rest| rest.is_empty() || rest.starts_with('.'))
}

fn is_shared(array: &str, shared: &BTreeSet<String>) -> bool {
    shared.iter().any(|s| belongs_to(array, s))
}

/// The block without accesses to shared arrays.  (Its only barriers are
/// grid barriers: the inference omits block barriers across blocks.)
fn erase(block: Vec<Stmt>, shared: &BTreeSet<String>) -> Vec<Stmt> {
    super::rewrite::rewrite_leaves(block, &mut |s| match &s.kind {
        StmtKind::Access { array: Some(a), .. } if is_shared(a, shared) => vec![],
        _ => vec![s],
    })
}

/// The CUDA built-ins (`threadIdx.x`, `gridDim.y`, …) used by a kernel and
/// the functions it calls.
pub fn builtins_used(unit: &super::ast::Unit, f: &super::ast::Func) -> BTreeSet<String> {
    use super::ast::{RefKind, EK};
    let mut out = BTreeSet::new();
    let mut todo = vec![f.key.clone()];
    let mut seen = BTreeSet::new();
    while let Some(key) = todo.pop() {
        if !seen.insert(key.clone()) {
            continue;
        }
        let Some(g) = unit.func(&key) else { continue };
        super::infer::visit_stmt(&g.body, &mut |e| match &e.kind {
            EK::Builtin(b) => {
                out.insert(b.clone());
            }
            // The whole built-in (`uint3 i = threadIdx;`, `&threadIdx`,
            // `dim3 d = blockDim;`): each of its components may be read.
            EK::Var(name, _, RefKind::Global)
                if super::convert::BUILTIN_VARS.contains(&name.as_str()) =>
            {
                out.extend(DIMS.iter().map(|d| format!("{name}.{d}")));
            }
            EK::Call(c, _) => {
                // A method with no body here (`thread_rank()` of a library
                // class such as cooperative groups' `thread_block`) may read
                // any index, and so may inline assembly (`%tid.x`): the
                // dimensions must not default to 1 on their account.
                // So do the lane masks (`__lanemask_lt()`: the lane index),
                // and a free function without a body that is not the CUDA
                // API's or the C library's (`extern __device__ int row();`
                // defined elsewhere, clang's `__nvvm_read_ptx_sreg_tid_y()`).
                let lane = c.name.starts_with("__lanemask");
                // A call of a template goes to the copy of its instance
                // (`Unit::callee`), as the inference inlines it.
                let target = c.key.as_ref().and_then(|k| unit.callee(k, &c.arguments));
                if lane || target.is_none() && (!c.free || !c.library) {
                    out.extend(every_index());
                }
                todo.extend(target.map(|g| g.key.clone()))
            }
            EK::Unknown(what, _) if what == super::convert::INLINE_ASSEMBLY => {
                out.extend(every_index())
            }
            _ => {}
        });
    }
    out
}

/// `threadIdx.x`, …, `blockIdx.z`.
fn every_index() -> Vec<String> {
    ["threadIdx", "blockIdx"]
        .iter()
        .flat_map(|id| DIMS.iter().map(move |d| format!("{id}.{d}")))
        .collect()
}
