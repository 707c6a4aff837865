//! Values read from memory that every thread of a block reads alike (the
//! part barrier divergence needs; `docs/barrier-divergence.md`, "Values
//! read from memory").
//!
//! A read gives a fresh thread-local unknown ([`Infer::read_place`]).  For
//! the kernel within one block, it is made thread-global (dropped from the
//! locals: one value shared by the two threads of a query) when every
//! thread of the block provably reads the same value:
//!
//! * the index mentions no thread identifier, no thread-local unknown and
//!   no variable of an enclosing loop (so it is one cell, the same in every
//!   thread and every iteration);
//! * a `__shared__` array: the read is in no synchronized loop (each
//!   iteration is another barrier interval, where the cell may hold
//!   another value), and no thread writes the array (plain write or
//!   atomic, at any index, including the accesses of unlocated places)
//!   anywhere in the read's barrier interval — from the last barrier every
//!   thread passed before the read to the next one after it;
//! * any other array (global memory): the kernel never writes it.
//!
//! A read of a `__shared__` cell in a synchronized loop that passes the
//! other tests (the interval scan goes around the loop's back edge: the end
//! of the previous iteration, the start of the next) is alike only within
//! an iteration: its unknowns stay thread-local and are listed in
//! `Kernel::iteration_uniform`, which `core::divergence` shares between the
//! two threads of its queries.
//!
//! The barrier interval is over-approximated on the protocol: from the
//! read, backwards and forwards in its block, up to a `sync` statement of
//! that block; every statement passed over counts whole (with the barriers
//! and accesses inside it); at the end of the block the scan goes on in the
//! enclosing block, counting the enclosing statement whole when it is an
//! unsynchronized conditional (other threads may run the other branch in
//! the same interval) or a loop.  A synchronized conditional is taken by
//! all threads alike (else it is barrier divergence, which the checker
//! reports), so its other branch is not part of the interval.
//!
//! Soundness: within an interval no thread writes the cell, and a cell of
//! shared memory is written by the threads of its block only, so every
//! thread reads the value the cell held at the interval's start.  Global
//! memory never written by the kernel holds its initial value throughout
//! (parameters are distinct arrays, as everywhere in mapcheck).  Reads that
//! decide a synchronized conditional are made uniform by this argument only
//! up to the first divergent barrier; by induction on the barriers passed,
//! the first divergence would be at a condition whose reads are all
//! uniform, so there is none that the uniformity hides.  With
//! `--grid-level` (the kernel across blocks) nothing is made uniform:
//! threads of different blocks read different shared arrays.
//!
//! Candidates are matched to their accesses in the protocol by array and
//! source location; when a location is emitted several times (unrolled
//! loops, inlined calls), every occurrence must pass.  The location, not
//! an identity of each read, is what ties a value to its accesses: a
//! normalised loop's bound is evaluated twice (`Infer::loop_limits`), once
//! for the reads emitted before the loop and once, quietly, for the value
//! the loop's range uses, whose own reads are never emitted; only their
//! common location says that the range's value is the one those accesses
//! read.  (It also merges what one location stands for: the reads of a
//! function inlined from another file, all at the call.)

use super::*;

/// A read that may be uniform: its unknowns, array and (emitted) location.
#[derive(Clone, Debug)]
pub(in crate::cuda::infer) struct UniformRead {
    pub vars: Vec<String>,
    pub array: String,
    pub span: Span,
}

/// An array and a source location (spans are not ordered).
type Key = (String, [u32; 4]);

fn key(array: &str, s: Span) -> Key {
    (array.to_string(), [s.line, s.col, s.end_line, s.end_col])
}

impl Infer<'_> {
    /// Remembers a read of `arr` whose value is the unknowns `vars`.
    pub(in crate::cuda::infer) fn candidate_read(
        &mut self,
        arr: &Arr,
        vars: Vec<String>,
        span: Span,
    ) {
        if self.params.grid_level || !arr.tracked {
            return;
        }
        let span = self.span(span);
        self.follow.uniform_reads.push(UniformRead {
            vars,
            array: arr.name.clone(),
            span,
        });
    }

    /// Drops from the locals the unknowns of the reads every thread of a
    /// block reads alike (see the module documentation).
    pub(super) fn settle_uniform_reads(&mut self) {
        let candidates = std::mem::take(&mut self.follow.uniform_reads);
        if candidates.is_empty() {
            return;
        }
        let keys: BTreeSet<Key> = candidates.iter().map(|c| key(&c.array, c.span)).collect();
        let locals: BTreeSet<String> = self.out.locals.iter().cloned().collect();
        let scan = Scan {
            body: &self.out.body,
            shared: &self.memory.shared,
            locals: &locals,
            keys: &keys,
            exits: &self.out.loop_exits,
        };
        let verdicts = scan.run();
        let mut uniform = BTreeSet::new();
        for c in candidates {
            match verdicts.get(&key(&c.array, c.span)) {
                Some(Alike::Block) => uniform.extend(c.vars),
                Some(Alike::Iteration) => self.out.iteration_uniform.extend(c.vars),
                Some(Alike::IterationAfterBarrier) => {
                    self.out.iteration_uniform.extend(c.vars.iter().cloned());
                    self.out.phase_uniform.extend(c.vars);
                }
                Some(Alike::PerThread) | None => {}
            }
        }
        self.promote_derived(&mut uniform);
        self.out.locals.retain(|x| !uniform.contains(x));
    }

    /// Adds to `uniform` the unknowns computed (C's operations are
    /// deterministic) only from values in it and from values invariant for
    /// the whole run (`t % 64` of a read `t` every thread reads alike):
    /// each is one value in all threads of the block, as its inputs are.
    pub(in crate::cuda::infer) fn promote_derived(&self, uniform: &mut BTreeSet<String>) {
        loop {
            let more: Vec<String> = self
                .follow
                .derived
                .iter()
                .filter(|(u, from)| {
                    !uniform.contains(*u)
                        && from
                            .iter()
                            .all(|x| uniform.contains(x) || self.invariant_var(x))
                })
                .map(|(u, _)| u.clone())
                .collect();
            if more.is_empty() {
                return;
            }
            uniform.extend(more);
        }
    }
}

/// Which threads read a value alike (ordered: the least of the occurrences
/// of a location holds for all).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Alike {
    /// Each thread may read its own value.
    PerThread,
    /// The threads of a block, within one iteration of the enclosing
    /// synchronized loops.
    Iteration,
    /// As [`Alike::Iteration`], read after a barrier of the iteration (a
    /// `sync` statement of its loop's body): every use comes after it in
    /// the iteration, so two threads that use it in one barrier interval
    /// are in the same iteration and hold the same value
    /// (`Kernel::phase_uniform`).
    IterationAfterBarrier,
    /// The threads of a block.
    Block,
}

struct Scan<'a> {
    body: &'a [Stmt],
    shared: &'a BTreeSet<String>,
    locals: &'a BTreeSet<String>,
    keys: &'a BTreeSet<Key>,
    /// `Kernel::loop_exits`.
    exits: &'a [Span],
}

/// One step of the path from the kernel's body to an access: the block and
/// the position in it.
type Path<'a> = Vec<(&'a [Stmt], usize)>;

impl<'a> Scan<'a> {
    /// For each candidate key, whether every occurrence is uniform.
    fn run(&self) -> BTreeMap<Key, Alike> {
        let mut out = BTreeMap::new();
        let mut path = Vec::new();
        self.walk(self.body, &mut path, &mut out);
        out
    }

    fn walk(&self, block: &'a [Stmt], path: &mut Path<'a>, out: &mut BTreeMap<Key, Alike>) {
        for (i, s) in block.iter().enumerate() {
            path.push((block, i));
            match &s.kind {
                StmtKind::Access {
                    mode: Mode::Rd,
                    array: Some(a),
                    index,
                } if self.keys.contains(&key(a, s.span)) => {
                    let alike = self.alike(a, index, path);
                    let entry = out.entry(key(a, s.span)).or_insert(alike);
                    *entry = (*entry).min(alike);
                }
                StmtKind::If {
                    then_branch,
                    else_branch,
                    ..
                } => {
                    self.walk(then_branch, path, out);
                    self.walk(else_branch, path, out);
                }
                StmtKind::For { body, .. } => self.walk(body, path, out),
                _ => {}
            }
            path.pop();
        }
    }

    /// The statements an iteration that goes on to the next runs after
    /// `rest` begins: through the `else` branch of a loop exit among them.
    fn iteration_tail(&self, rest: &'a [Stmt]) -> std::vec::IntoIter<&'a Stmt> {
        let mut out = Vec::new();
        for s in rest {
            match self.exit_rest(s) {
                Some(else_branch) => {
                    out.extend(else_branch);
                    break;
                }
                None => out.push(s),
            }
        }
        out.into_iter()
    }

    /// Is the access at the end of `path` after a `sync` statement of the
    /// body of its innermost synchronized loop (the rest of the body after
    /// a loop exit counts as the body)?
    fn after_a_barrier(&self, path: &Path<'a>) -> bool {
        let Some(level) = (0..path.len().saturating_sub(1)).rev().find(|&l| {
            let (block, i) = path[l];
            matches!(&block[i].kind, StmtKind::For { body, .. } if block_has_sync(body))
        }) else {
            return false;
        };
        for &(block, i) in &path[level + 1..] {
            if block[..i].iter().any(|s| matches!(s.kind, StmtKind::Sync)) {
                return true;
            }
            if self.exit_rest(&block[i]).is_none() {
                return false;
            }
        }
        false
    }

    /// The `else` branch of a loop exit (the rest of the loop body).
    fn exit_rest(&self, s: &'a Stmt) -> Option<&'a [Stmt]> {
        match &s.kind {
            StmtKind::If { else_branch, .. } if self.exits.contains(&s.span) => Some(else_branch),
            _ => None,
        }
    }

    fn is_shared(&self, array: &str) -> bool {
        self.shared.iter().any(|s| belongs_to(array, s))
    }

    /// Which threads read the same value at the read of `array[index]` at
    /// the end of `path`?
    fn alike(&self, array: &str, index: &[NExp], path: &Path<'a>) -> Alike {
        // The loops around the access, and whether any has a barrier.
        let mut loop_vars = BTreeSet::new();
        let mut in_sync_loop = false;
        for (block, i) in &path[..path.len() - 1] {
            if let StmtKind::For { var, body, .. } = &block[*i].kind {
                loop_vars.insert(var.clone());
                in_sync_loop |= block_has_sync(body);
            }
        }
        let index_ok = index.iter().all(|n| {
            n.fv().iter().all(|x| {
                !x.starts_with("threadIdx.") && !self.locals.contains(x) && !loop_vars.contains(x)
            })
        });
        if !index_ok {
            return Alike::PerThread;
        }
        if !self.is_shared(array) {
            return match writes(self.body, array) {
                true => Alike::PerThread,
                false => Alike::Block,
            };
        }
        match (self.written_in_interval(array, path), in_sync_loop) {
            (true, _) => Alike::PerThread,
            (false, true) if self.after_a_barrier(path) => Alike::IterationAfterBarrier,
            (false, true) => Alike::Iteration,
            (false, false) => Alike::Block,
        }
    }

    /// May a thread write `array` in the barrier interval of the access at
    /// the end of `path`?
    fn written_in_interval(&self, array: &str, path: &Path<'a>) -> bool {
        let (mut back, mut forth) = (true, true);
        // Forwards, past a loop exit: the scan goes on after the loop.
        let mut exited = false;
        for level in (0..path.len()).rev() {
            let (block, i) = path[level];
            if back {
                for s in block[..i].iter().rev() {
                    if matches!(s.kind, StmtKind::Sync) {
                        back = false;
                        break;
                    }
                    if writes(std::slice::from_ref(s), array) {
                        return true;
                    }
                }
            }
            if forth {
                for s in &block[i + 1..] {
                    if matches!(s.kind, StmtKind::Sync) {
                        forth = false;
                        break;
                    }
                    if let Some(rest) = self.exit_rest(s) {
                        // The rest of the iteration up to its barrier, or
                        // out of the loop (below) with every thread.
                        if written_until_sync(rest.iter(), array) {
                            return true;
                        }
                        exited = true;
                        break;
                    }
                    if writes(std::slice::from_ref(s), array) {
                        return true;
                    }
                }
            }
            if !back && !forth {
                return false;
            }
            if level == 0 {
                break;
            }
            // Leaving the block: the enclosing statement.
            let (outer, j) = path[level - 1];
            let enclosing = &outer[j];
            let synchronized = enclosing.has_sync();
            if let StmtKind::For { .. } = enclosing.kind {
                if synchronized {
                    // The body of a synchronized loop: backwards, the end of
                    // the previous iteration, forwards the start of the
                    // next (and, either way, the code around the loop).
                    if back && written_until_sync(self.iteration_tail(&block[i + 1..]).rev(), array)
                    {
                        return true;
                    }
                    if forth && !exited && written_until_sync(block[..i].iter(), array) {
                        return true;
                    }
                    exited = false;
                    continue;
                }
            }
            // A synchronized conditional is taken alike by all threads;
            // anything else (unsynchronized conditional or loop) counts
            // whole.
            let whole = !matches!(enclosing.kind, StmtKind::If { .. }) || !synchronized;
            if whole && writes(std::slice::from_ref(enclosing), array) {
                return true;
            }
        }
        false
    }
}

/// Do the statements write `array` before the first `sync` among them?
fn written_until_sync<'s>(stmts: impl Iterator<Item = &'s Stmt>, array: &str) -> bool {
    for s in stmts {
        if matches!(s.kind, StmtKind::Sync) {
            return false;
        }
        if writes(std::slice::from_ref(s), array) {
            return true;
        }
    }
    false
}

/// Does `block` write `array` (or a field of it, or a record it is a field
/// of) anywhere, with a plain write or an atomic?
pub(super) fn writes(block: &[Stmt], array: &str) -> bool {
    accesses_in(block, array, &[Mode::Wr, Mode::Atomic])
}

/// Does `block` access `array` (or a field of it, or a record it is a
/// field of) anywhere in one of the `modes`?
pub(super) fn accesses_in(block: &[Stmt], array: &str, modes: &[Mode]) -> bool {
    block.iter().any(|s| match &s.kind {
        StmtKind::Access {
            mode,
            array: Some(a),
            ..
        } => modes.contains(mode) && (belongs_to(a, array) || belongs_to(array, a)),
        StmtKind::Access { array: None, .. } => false,
        StmtKind::If {
            then_branch,
            else_branch,
            ..
        } => accesses_in(then_branch, array, modes) || accesses_in(else_branch, array, modes),
        StmtKind::For { body, .. } => accesses_in(body, array, modes),
        StmtKind::Skip | StmtKind::Sync | StmtKind::ScopedSync { .. } => false,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn body(src: &str) -> Vec<Stmt> {
        semantics::surface::parse(src).expect("parses").body
    }

    /// The verdict of the read of `s` at line `line` of `src`, with `s`
    /// shared.
    fn alike_at(src: &str, line: u32) -> Option<Alike> {
        let body = body(src);
        let shared: BTreeSet<String> = ["s".to_string()].into();
        let locals: BTreeSet<String> = ["u".to_string()].into();
        let mut keys = BTreeSet::new();
        collect_reads(&body, &mut keys);
        let scan = Scan {
            body: &body,
            shared: &shared,
            locals: &locals,
            keys: &keys,
            exits: &[],
        };
        scan.run()
            .into_iter()
            .find(|((a, sp), _)| a == "s" && sp[0] == line)
            .map(|(_, alike)| alike)
    }

    fn uniform_at(src: &str, line: u32) -> Option<bool> {
        alike_at(src, line).map(|a| a == Alike::Block)
    }

    pub(super) fn collect_reads(block: &[Stmt], keys: &mut BTreeSet<Key>) {
        for s in block {
            match &s.kind {
                StmtKind::Access {
                    mode: Mode::Rd,
                    array: Some(a),
                    ..
                } => {
                    keys.insert(key(a, s.span));
                }
                StmtKind::If {
                    then_branch,
                    else_branch,
                    ..
                } => {
                    collect_reads(then_branch, keys);
                    collect_reads(else_branch, keys);
                }
                StmtKind::For { body, .. } => collect_reads(body, keys),
                _ => {}
            }
        }
    }

    #[test]
    fn a_read_after_a_barrier_with_no_write_until_the_next_is_uniform() {
        let src = "if threadIdx.x == 0 { wr s[0] };\nsync;\nrd s[0];\nsync;\nwr s[0]";
        assert_eq!(uniform_at(src, 3), Some(true));
    }

    #[test]
    fn a_write_in_the_same_interval_before_or_after_makes_it_per_thread() {
        let before = "sync;\nif threadIdx.x == 0 { wr s[0] };\nrd s[0];\nsync";
        assert_eq!(uniform_at(before, 3), Some(false));
        let after = "sync;\nrd s[0];\nwr s[threadIdx.x];\nsync";
        assert_eq!(uniform_at(after, 2), Some(false));
        let atomic = "sync;\nrd s[0];\natomic s[1];\nsync";
        assert_eq!(uniform_at(atomic, 2), Some(false));
    }

    #[test]
    fn the_other_branch_of_an_unsynchronized_conditional_is_in_the_interval() {
        let src = "sync;\nif threadIdx.x == 0 {\nwr s[0]\n} else {\nrd s[0]\n};\nsync";
        assert_eq!(uniform_at(src, 5), Some(false));
    }

    #[test]
    fn a_barrier_passed_only_under_a_condition_does_not_end_the_interval() {
        let src = "if N > 0 { sync };\nif threadIdx.x == 0 { wr s[0] };\nif N > 1 { sync };\nrd s[0];\nsync";
        assert_eq!(uniform_at(src, 4), Some(false));
        // Before the barriers of the loop: the loop may run zero times.
        let src = "wr s[0];\nforS i in 0..N { sync };\nrd s[0];\nsync";
        assert_eq!(uniform_at(src, 3), Some(false));
    }

    #[test]
    fn thread_dependent_or_loop_dependent_indices_are_per_thread() {
        assert_eq!(
            uniform_at("sync;\nrd s[threadIdx.x];\nsync", 2),
            Some(false)
        );
        assert_eq!(uniform_at("sync;\nrd s[u];\nsync", 2), Some(false));
        assert_eq!(
            uniform_at("sync;\nforU i in 0..4 {\nrd s[i]\n};\nsync", 3),
            Some(false)
        );
        // The same cell in every iteration of a loop without barriers.
        assert_eq!(
            uniform_at("sync;\nforU i in 0..4 {\nrd s[0]\n};\nsync", 3),
            Some(true)
        );
    }

    #[test]
    fn a_read_in_a_synchronized_loop_is_alike_only_within_an_iteration() {
        // Each iteration is another interval: the flag may change.
        // Read after a barrier of the iteration: alike in any interval
        // where it is used.
        let src = "forS i in 0..N {\nsync;\nrd s[0];\nsync;\nwr s[0]\n}";
        assert_eq!(alike_at(src, 3), Some(Alike::IterationAfterBarrier));
        // Read before the first barrier: its uses after the last one share
        // an interval with the next iteration's.
        let src = "forS i in 0..N {\nrd s[0];\nsync;\nwr s[0];\nsync\n}";
        assert_eq!(alike_at(src, 2), Some(Alike::Iteration));
        // The write at the end of the body is in the interval of the read
        // at its start (the next iteration).
        let src = "forS i in 0..N {\nrd s[0];\nsync;\nwr s[0]\n}";
        assert_eq!(alike_at(src, 2), Some(Alike::PerThread));
        // Forwards, the start of the next iteration.
        let src = "forS i in 0..N {\nwr s[0];\nsync;\nrd s[0]\n}";
        assert_eq!(alike_at(src, 4), Some(Alike::PerThread));
        // Around the loop: the first iteration's read follows the code
        // before the loop, the last one's precedes the code after it.
        let src = "wr s[0];\nforS i in 0..N {\nrd s[0];\nsync\n}";
        assert_eq!(alike_at(src, 3), Some(Alike::PerThread));
        let src = "forS i in 0..N {\nsync;\nrd s[0]\n};\nwr s[0]";
        assert_eq!(alike_at(src, 3), Some(Alike::PerThread));
    }

    #[test]
    fn a_global_array_is_uniform_only_when_never_written() {
        let src = "sync;\nrd g[0];\nsync";
        let body = body(src);
        let none = BTreeSet::new();
        let keys: BTreeSet<Key> = [key("g", body[1].span)].into();
        let scan = Scan {
            body: &body,
            shared: &none,
            locals: &none,
            keys: &keys,
            exits: &[],
        };
        assert_eq!(scan.run().values().next(), Some(&Alike::Block));
        let src = "sync;\nrd g[0];\nsync;\nwr g[threadIdx.x]";
        let body2 = semantics::surface::parse(src).unwrap().body;
        let keys: BTreeSet<Key> = [key("g", body2[1].span)].into();
        let scan = Scan {
            body: &body2,
            shared: &none,
            locals: &none,
            keys: &keys,
            exits: &[],
        };
        assert_eq!(scan.run().values().next(), Some(&Alike::PerThread));
    }
}

/// Brute force over short straight-line bodies against what the C
/// semantics says of them, each statement on its own line.
#[cfg(test)]
mod brute_force {
    use super::*;

    /// A statement of the bodies: its text and the cells of `s` and `g` it
    /// writes (plainly or with an atomic: either changes what a later
    /// read sees).
    struct Item {
        text: &'static str,
        writes: &'static [(&'static str, u32)],
    }

    const ITEMS: [Item; 10] = [
        Item {
            text: "sync",
            writes: &[],
        },
        Item {
            text: "rd s[0]",
            writes: &[],
        },
        Item {
            text: "rd s[1]",
            writes: &[],
        },
        Item {
            text: "wr s[0]",
            writes: &[("s", 0)],
        },
        Item {
            text: "atomic s[0]",
            writes: &[("s", 0)],
        },
        Item {
            text: "atomic s[1]",
            writes: &[("s", 1)],
        },
        Item {
            text: "if threadIdx.x == 0 { atomic s[0] }",
            writes: &[("s", 0)],
        },
        Item {
            text: "forU i in 0..2 { atomic s[i] }",
            writes: &[("s", 0), ("s", 1)],
        },
        Item {
            text: "rd g[0]",
            writes: &[],
        },
        Item {
            text: "atomic g[0]",
            writes: &[("g", 0)],
        },
    ];

    /// Every body of 1 to `len` items.
    fn bodies(len: usize) -> Vec<Vec<&'static Item>> {
        let mut out: Vec<Vec<&Item>> = vec![Vec::new()];
        let mut all = Vec::new();
        for _ in 0..len {
            out = out
                .iter()
                .flat_map(|b| ITEMS.iter().map(move |it| [b.clone(), vec![it]].concat()))
                .collect();
            all.extend(out.iter().cloned());
        }
        all
    }

    /// The scan's verdict on the read at each line (1-based) of `items`.
    fn verdicts(items: &[&Item]) -> BTreeMap<u32, Alike> {
        let src: Vec<&str> = items.iter().map(|it| it.text).collect();
        let body = semantics::surface::parse(&src.join(";\n"))
            .expect("parses")
            .body;
        let shared: BTreeSet<String> = ["s".to_string()].into();
        let mut keys = BTreeSet::new();
        super::tests::collect_reads(&body, &mut keys);
        let scan = Scan {
            body: &body,
            shared: &shared,
            locals: &BTreeSet::new(),
            keys: &keys,
            exits: &[],
        };
        scan.run()
            .into_iter()
            .map(|((_, sp), a)| (sp[0], a))
            .collect()
    }

    /// May two threads of a block read different values at the read of
    /// `cell` at `at`?  Yes for `g[c]` when any statement writes `g[c]`
    /// (other blocks run the whole kernel at any time), and for `s[c]`
    /// when a statement between the barriers around the read writes `s[c]`
    /// (another thread may run it between the two threads' reads).
    fn may_differ(items: &[&Item], at: usize, cell: (&str, u32)) -> bool {
        let lo = items[..at]
            .iter()
            .rposition(|it| it.text == "sync")
            .map_or(0, |p| p + 1);
        let hi = items[at..]
            .iter()
            .position(|it| it.text == "sync")
            .map_or(items.len(), |p| at + p);
        let range = if cell.0 == "g" {
            0..items.len()
        } else {
            lo..hi
        };
        items[range].iter().any(|it| it.writes.contains(&cell))
    }

    /// Reads two threads may see differently are never taken as alike,
    /// and reads of an array nothing writes are alike in the block (every
    /// body of up to 4 statements: 11,110 bodies).  Counting atomics as no
    /// writes takes `rd s[0]; atomic s[0]` as alike.
    #[test]
    fn reads_are_alike_exactly_as_the_c_semantics_allows() {
        let (mut differ, mut alike) = (0, 0);
        for items in bodies(4) {
            let verdicts = verdicts(&items);
            let texts: Vec<&str> = items.iter().map(|it| it.text).collect();
            for (at, it) in items.iter().enumerate() {
                let Some(cell) = it.text.strip_prefix("rd ") else {
                    continue;
                };
                let cell = (&cell[..1], u32::from(cell.as_bytes()[2] - b'0'));
                let verdict = verdicts[&(at as u32 + 1)];
                if may_differ(&items, at, cell) {
                    differ += 1;
                    assert_eq!(verdict, Alike::PerThread, "line {} of {texts:?}", at + 1);
                }
                if !items
                    .iter()
                    .any(|it| it.writes.iter().any(|w| w.0 == cell.0))
                {
                    alike += 1;
                    assert_eq!(verdict, Alike::Block, "line {} of {texts:?}", at + 1);
                }
            }
        }
        assert!(
            differ > 1000 && alike > 1000,
            "{differ} reads that may differ, {alike} alike"
        );
    }
}
