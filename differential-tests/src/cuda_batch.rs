//! Many random CUDA kernels checked from one translation unit, so that the
//! round trip through libclang costs one parse per batch rather than one
//! per kernel (the parse of the CUDA headers dominates a small kernel's
//! time).
//!
//! [`run`] generates the cases, prints each as a kernel with a name of its
//! own and a host launch fixing its block ([`crate::cuda_print::unit`]),
//! loads the unit from memory with the real front end, and hands each case
//! its own kernel to judge.  A failing case is shrunk (with
//! [`Arbitrary::shrink`]) by checking candidates alone, one kernel to a
//! unit, and reported with its source.

use crate::cuda_print::{unit, Printed};
use mapcheck_core::kernel::Kernel;
use mapcheck_frontend::options::Flags;
use quickcheck::{Arbitrary, Gen};
use std::collections::BTreeMap;
use std::path::Path;

/// The quickcheck generator size used for batched cases (quickcheck's own
/// default, as for the unbatched properties).
const GEN_SIZE: usize = 100;

/// How a property prints and judges its cases.
pub struct Property<C> {
    /// The case as a kernel function named by the second argument.
    pub print: fn(&C, &str) -> Printed,
    /// `Err` with an explanation when the checker's result for the case's
    /// kernel is wrong.
    pub judge: fn(&C, &Printed, &Kernel) -> Result<(), String>,
    /// The front end's options ([`one_block`] for the theory's threads;
    /// the defaults check across blocks too, as the command line does).
    pub flags: fn() -> Flags,
}

/// The theory's threads are the threads of one block: kernels are checked
/// within a block (`--block-level`), not across blocks.
pub fn one_block() -> Flags {
    Flags {
        block_level: true,
        ..Flags::default()
    }
}

/// The kernels of a `.cu` source held in memory, by name.
pub fn load_unit(source: &str) -> Result<BTreeMap<String, Kernel>, String> {
    load_unit_with(source, &one_block())
}

/// [`load_unit`] with the front end's options `flags` (with the defaults,
/// each kernel `k` also has its across-blocks kernel `k (across blocks)`).
pub fn load_unit_with(source: &str, flags: &Flags) -> Result<BTreeMap<String, Kernel>, String> {
    let loaded = mapcheck_frontend::load_source(Path::new("random-kernels.cu"), source, flags)
        .map_err(|e| e.to_string())?;
    Ok(loaded
        .kernels
        .into_iter()
        .map(|k| (k.display_name(), k))
        .collect())
}

/// Runs `property` on `total` random cases, `per_unit` kernels to a
/// translation unit; panics with a shrunk failing case.
pub fn run<C>(total: u64, per_unit: usize, property: &Property<C>)
where
    C: Arbitrary + std::fmt::Debug,
{
    let mut g = Gen::new(GEN_SIZE);
    let mut done = 0u64;
    while done < total {
        let n = (total - done).min(per_unit as u64) as usize;
        let cases: Vec<C> = (0..n).map(|_| C::arbitrary(&mut g)).collect();
        if let Some((k, why)) = first_failure(&cases, property) {
            let (case, why) = shrink(cases[k].clone(), why, property);
            let printed = (property.print)(&case, "k");
            panic!(
                "case {} of {total} failed; shrunk to:\n{case:?}\n{why}\nkernel:\n{}",
                done + k as u64 + 1,
                unit(std::slice::from_ref(&printed))
            );
        }
        done += n as u64;
        if total >= 100_000 && done % 10_000 < n as u64 {
            eprintln!("[cuda batch] {done} of {total} cases passed");
        }
    }
}

/// The first case of the batch whose kernel the property rejects (its
/// position in `cases`, and why).
fn first_failure<C>(cases: &[C], property: &Property<C>) -> Option<(usize, String)> {
    let printed: Vec<Printed> = cases
        .iter()
        .enumerate()
        .map(|(i, c)| (property.print)(c, &format!("k{i}")))
        .collect();
    let kernels = match load_unit_with(&unit(&printed), &(property.flags)()) {
        Ok(k) => k,
        // Find the kernel the front end cannot take, alone.
        Err(_) => {
            return cases
                .iter()
                .enumerate()
                .find_map(|(k, c)| alone(c, property).err().map(|e| (k, e)))
        }
    };
    for (k, (case, p)) in cases.iter().zip(&printed).enumerate() {
        let result = match kernels.get(&p.name) {
            Some(k) => (property.judge)(case, p, k),
            None => Err(format!("the front end lost kernel `{}`", p.name)),
        };
        if let Err(why) = result {
            return Some((k, why));
        }
    }
    None
}

/// Checks one case as a unit of its own.
fn alone<C>(case: &C, property: &Property<C>) -> Result<(), String> {
    let p = (property.print)(case, "k");
    let kernels = load_unit_with(&unit(std::slice::from_ref(&p)), &(property.flags)())?;
    match kernels.get(&p.name) {
        Some(k) => (property.judge)(case, &p, k),
        None => Err("the front end lost the kernel".to_string()),
    }
}

/// Greedy shrinking: the first smaller case that still fails, until none does.
fn shrink<C: Arbitrary>(mut case: C, mut why: String, property: &Property<C>) -> (C, String) {
    'smaller: loop {
        for smaller in case.shrink() {
            if let Err(e) = alone(&smaller, property) {
                case = smaller;
                why = e;
                continue 'smaller;
            }
        }
        return (case, why);
    }
}

/// Does the checker's verdict on array `array` of `k` (checked with
/// `opts`) agree with an oracle's: racy exactly when the oracle finds a
/// race (`oracle` names it in the message), an array with no access
/// counting as race-free?
pub fn agrees(
    k: &Kernel,
    opts: &mapcheck_core::verdict::CheckOptions,
    array: &str,
    racy: bool,
    oracle: &str,
) -> Result<(), String> {
    use mapcheck_core::check::check_kernel;
    use mapcheck_core::verdict::Verdict;
    let report = check_kernel(k, opts);
    let verdict = report
        .arrays
        .iter()
        .find(|a| a.array == array)
        .map(|a| &a.verdict);
    match (verdict, racy) {
        (Some(Verdict::Racy(_)), true) | (Some(Verdict::Drf { .. }) | None, false) => Ok(()),
        (v, _) => Err(format!("checker {v:?}, {oracle} racy = {racy}")),
    }
}
