//! Kernels launched in device code (dynamic parallelism; the model is
//! `docs/cuda-model.md`, "Dynamic parallelism").  The child grid runs
//! concurrently with its parent, from the launch until the parent grid
//! ends: no barrier of the parent waits for it.  For the parent, the launch
//! is a read and a write, at unknown cells, of every array the child can
//! reach (those its pointer arguments point into, the file-scope arrays
//! its code names): as accesses of the launching thread they meet the
//! other threads' accesses of the same barrier interval.  What the pairs
//! of two parent threads cannot show (the child still running past later
//! barriers, and while the launching thread itself goes on) is
//! `passes/device_launches.rs`: a later access of an array the child can
//! reach makes the parent unknown.  The child is checked in its own right,
//! as a kernel launched unseen (`launches::configure`).

use super::*;
use crate::cuda::ast::DeviceLaunch;

/// What a launch in device code reaches, for `passes/device_launches.rs`.
pub(super) struct LaunchRecord {
    /// The launch (the call's place).
    pub(super) span: Span,
    /// The kernel as written.
    pub(super) kernel: String,
    /// The arrays the child may access.
    pub(super) arrays: BTreeSet<String>,
    /// It may access arrays not known by name (an argument or a
    /// file-scope variable that is no array, a kernel without a body here).
    pub(super) every_array: bool,
}

/// The array name of the mark emitted after the accesses of launch `n`
/// (`MemoryState::device_launches[n]`); the pass removes it.
pub(super) fn launch_mark(n: usize) -> String {
    format!("{LAUNCH_MARK}{n}*")
}

/// The start of every [`launch_mark`].
pub(super) const LAUNCH_MARK: &str = "*device launch ";

impl Infer<'_> {
    /// A launch of `launch.kernel` in device code with `args` (the
    /// configuration's, then the kernel's): the arguments are evaluated,
    /// the child's arrays read and written at unknown cells, and a mark
    /// emitted for the pass.
    pub(super) fn device_launch(
        &mut self,
        launch: &DeviceLaunch,
        struct_pointers: bool,
        args: &[E],
        span: Span,
    ) -> Val {
        let values: Vec<Val> = args.iter().map(|a| self.eval(a)).collect();
        let mut record = LaunchRecord {
            span: self.span(span),
            kernel: launch.written.clone(),
            arrays: BTreeSet::new(),
            every_array: false,
        };
        for v in values.iter().skip(launch.config) {
            self.launch_argument(v, struct_pointers, &mut record, span);
        }
        self.launch_globals(launch, &mut record, span);
        let n = self.memory.device_launches.len();
        self.memory.device_launches.push(record);
        let mark = StmtKind::Access {
            mode: Mode::Rd,
            array: Some(launch_mark(n)),
            index: vec![],
        };
        self.emit(mark, span);
        Val::Int(Lin::int(0))
    }

    /// What the child may do with argument `v`: anything to the array a
    /// pointer points into; a number or a struct of numbers reaches no
    /// memory; anything else (a struct holding pointers, a pointer the
    /// front end cannot place) may reach every array.
    fn launch_argument(
        &mut self,
        v: &Val,
        struct_pointers: bool,
        record: &mut LaunchRecord,
        span: Span,
    ) {
        let why = format!(
            "cell the kernel `{}` launched here may access",
            record.kernel
        );
        match v {
            Val::Ptr { arr, .. } | Val::Cell(arr) if arr.tracked => {
                record.arrays.insert(arr.name.clone());
                self.access_anywhere(&[Mode::Rd, Mode::Wr], arr, &why, span);
            }
            Val::Int(_) | Val::Bool(_) => {}
            Val::Rec {
                memory: Memory::Local,
                ..
            } if !struct_pointers => {}
            _ => {
                record.every_array = true;
                let what = format!(
                    "an argument of the kernel `{}` launched in device code that is neither a number nor a pointer into an array: what the child reaches through it is not modelled",
                    record.kernel
                );
                self.unlocated_access(&[Mode::Rd, Mode::Wr], &what, span);
            }
        }
    }

    /// The file-scope memory the child may access: the arrays its code,
    /// and the code it calls, names (read only when `const`), or, for a
    /// kernel whose body is not in the file, any file-scope memory (as a
    /// function without a body, `escapes.rs`).
    fn launch_globals(&mut self, launch: &DeviceLaunch, record: &mut LaunchRecord, span: Span) {
        let unit = self.unit;
        let children: Vec<&Func> = unit
            .funcs
            .iter()
            .filter(|f| f.is_kernel && f.name.split('<').next() == Some(&launch.kernel))
            .collect();
        if children.is_empty() {
            record.every_array = true;
            self.extern_function_access(&launch.written, span);
            return;
        }
        let mut named = BTreeSet::new();
        for child in children {
            for f in crate::cuda::partial::reachable(unit, child) {
                visit_stmt(&f.body, &mut |e| {
                    if let EK::Var(_, key, RefKind::Global) = &e.kind {
                        named.insert(key.clone());
                    }
                });
            }
        }
        let why = format!(
            "cell the kernel `{}` launched here may access",
            launch.written
        );
        for g in unit.globals.iter().filter(|g| named.contains(&g.key)) {
            let modes: &[Mode] = match g.read_only {
                true => &[Mode::Rd],
                false => &[Mode::Rd, Mode::Wr],
            };
            match (&g.shape, self.values.env.get(&g.key).cloned()) {
                (Shape::Array(_) | Shape::Scalar, Some(Val::Ptr { arr, .. } | Val::Cell(arr)))
                    if arr.tracked =>
                {
                    record.arrays.insert(arr.name.clone());
                    self.access_anywhere(modes, &arr, &why, span);
                }
                _ => {
                    record.every_array = true;
                    let what = format!(
                        "the file-scope variable `{}`, which the kernel `{}` launched in device code uses, is not an array the front end tracks",
                        g.name, launch.written
                    );
                    self.unlocated_access(&[Mode::Rd, Mode::Wr], &what, span);
                }
            }
        }
    }
}
