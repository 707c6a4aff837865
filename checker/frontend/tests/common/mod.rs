//! What the kernel-file tests of this crate share.

use mapcheck_core::check::check_kernel;
use mapcheck_core::verdict::Verdict;
use mapcheck_frontend::load;
use mapcheck_frontend::options::Flags;
use semantics::surface::{parse::parse_header, Expect};
use std::path::Path;

/// A kernel file's expectation header and the verdict of each of its
/// arrays, through the front end and the checker.
pub fn expectation_and_verdicts(f: &Path) -> (Expect, Vec<Verdict>) {
    let source = std::fs::read_to_string(f).expect("read kernel");
    let expect = parse_header(&source).expect.expect("expectation header");
    let loaded = load(f, &Flags::default()).expect("loads");
    let verdicts = loaded
        .kernels
        .iter()
        .flat_map(|k| check_kernel(k, &loaded.options).arrays)
        .map(|a| a.verdict)
        .collect();
    (expect, verdicts)
}

/// The kernel files among `files` whose verdicts, through the front end
/// and the checker, miss the expectation of their header (racy: some
/// array racy; DRF: every array DRF), each with what it got.
#[allow(dead_code)] // loop_kernels.rs reads the verdicts itself
pub fn unmet_expectations<'p>(files: impl IntoIterator<Item = &'p Path>) -> Vec<String> {
    let mut wrong = Vec::new();
    for f in files {
        let (expect, verdicts) = expectation_and_verdicts(f);
        let ok = match expect {
            Expect::Racy => verdicts.iter().any(|v| v.is_racy()),
            Expect::Drf => verdicts.iter().all(|v| v.is_drf()),
        };
        if !ok {
            wrong.push(format!(
                "{}: expected {expect:?}, got {verdicts:?}",
                f.display()
            ));
        }
    }
    wrong
}
