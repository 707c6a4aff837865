//! What the kernel-file tests of this crate share (each test uses some).
#![allow(dead_code)]

use mapcheck_core::check::check_kernel;
use mapcheck_core::verdict::Verdict;
use mapcheck_frontend::options::Flags;
use mapcheck_frontend::{load, load_source};
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

/// The notes (assumptions, launches) printed with the kernels of a file
/// `k.cu` holding `source`.
pub fn printed_notes(source: &str) -> Vec<String> {
    let loaded = load_source(Path::new("k.cu"), source, &Flags::default()).expect("loads");
    loaded.kernels.iter().flat_map(|k| k.assumed()).collect()
}
