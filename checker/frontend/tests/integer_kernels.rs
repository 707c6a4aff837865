//! The exact-integer kernels (`kernels/cuda/integers/`) through the front
//! end and the checker, in this crate so that the mutation runs of
//! `infer/integers.rs` and `lin.rs` see them (see
//! proofs-notes/mutation-testing.md; `checker/cli/tests/integer_kernels.rs`
//! runs the same files through `mapcheck suite`).

use mapcheck_core::check::check_kernel;
use mapcheck_frontend::load;
use mapcheck_frontend::options::Flags;
use semantics::surface::{parse::parse_header, Expect};
use std::path::Path;

#[test]
fn integer_kernels_meet_their_expectations_in_the_front_end() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../kernels/cuda/integers");
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .expect("kernels/cuda/integers")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "cu"))
        .collect();
    files.sort();
    assert!(files.len() >= 20, "{files:?}");
    let mut wrong = Vec::new();
    for f in &files {
        let source = std::fs::read_to_string(f).expect("read kernel");
        let expect = parse_header(&source).expect.expect("expectation header");
        let loaded = load(f, &Flags::default()).expect("loads");
        let verdicts: Vec<_> = loaded
            .kernels
            .iter()
            .flat_map(|k| check_kernel(k, &loaded.options).arrays)
            .map(|a| a.verdict)
            .collect();
        let racy = verdicts.iter().any(|v| v.is_racy());
        let drf = verdicts.iter().all(|v| v.is_drf());
        let ok = match expect {
            Expect::Racy => racy,
            Expect::Drf => drf,
        };
        if !ok {
            wrong.push(format!(
                "{}: expected {expect:?}, got {verdicts:?}",
                f.display()
            ));
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}
