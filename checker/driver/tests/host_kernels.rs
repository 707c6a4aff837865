//! The kernels whose verdict goes through the host code of their file —
//! launches, the values the host passes, the calling contexts of host
//! wrappers (`host_contexts.rs`, `host_values.rs`, `launches.rs`) — through
//! the front end and the checker, in this crate so that a mutation run of
//! those files sees them (see proofs-notes/mutation-testing.md).
//! `mapcheck suite kernels/` runs the same files; here they are every
//! kernel file under `kernels/cuda/` whose text launches a kernel or
//! instantiates a template explicitly, found
//! when the test runs, so that a new one is never left out.

mod common;

use mapcheck_core::verdict::Severity;
use semantics::surface::{parse::parse_header, Expect};
use std::path::{Path, PathBuf};

/// Does the source launch a kernel (`k<<<…>>>` or the launch API) or
/// instantiate a template explicitly (`template void f<32>(…);`)?
fn launches(source: &str) -> bool {
    let instantiates = source.lines().any(|l| {
        l.trim_start().strip_prefix("template").is_some_and(|rest| {
            rest.starts_with(char::is_whitespace) && !rest.trim_start().starts_with('<')
        })
    });
    source.contains("<<<") || source.contains("cudaLaunchKernel") || instantiates
}

/// Every `.cu` file below `dir`, sorted so that runs are alike.
fn cuda_files(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    for entry in std::fs::read_dir(dir).expect("kernel directory") {
        let path = entry.expect("directory entry").path();
        if path.is_dir() {
            out.extend(cuda_files(&path));
        } else if path.extension().is_some_and(|e| e == "cu") {
            out.push(path);
        }
    }
    out.sort();
    out
}

/// The kernel files with an expectation header that launch a kernel or
/// instantiate a template.
fn host_kernels() -> Vec<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../kernels/cuda");
    cuda_files(&dir)
        .into_iter()
        .filter(|f| {
            let source = std::fs::read_to_string(f).expect("read kernel");
            launches(&source) && parse_header(&source).expect.is_some()
        })
        .collect()
}

/// Each kernel against its expectation as `mapcheck suite` reads it: racy
/// is met by a race or a barrier divergence, DRF by every array DRF.
/// Stops at the first kernel that misses it (a mutant is caught sooner).
#[test]
fn kernels_with_host_code_meet_their_expectations_in_the_front_end() {
    let files = host_kernels();
    // 44 files launched when this was set up (session 15), and 9 more
    // instantiate templates; fewer means the search broke.
    assert!(files.len() >= 53, "only {} host kernels found", files.len());
    for f in &files {
        let (expect, verdicts) = common::expectation_and_verdicts(f);
        let worst = verdicts.iter().map(|v| v.severity()).max();
        let ok = match expect {
            Expect::Racy => matches!(worst, Some(Severity::Racy | Severity::Divergence)),
            Expect::Drf => verdicts.iter().all(|v| v.is_drf()),
        };
        let got: Vec<_> = verdicts.iter().map(|v| v.keyword()).collect();
        assert!(ok, "{}: expected {expect:?}, got {got:?}", f.display());
    }
}
