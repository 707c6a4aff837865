//! The exact-integer kernels (`kernels/cuda/integers/`: wrap-around,
//! narrowing conversions, shifts, signed values, row-major arrays, template
//! instances) meet their expectations — a quick end-to-end check of the
//! CUDA front end's integer model (also the test the mutation runs of
//! `infer/integers.rs` and `lin.rs` use; see proofs-notes/mutation-testing.md).

use std::path::Path;
use std::process::Command;

#[test]
fn integer_kernels_meet_their_expectations() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../kernels/cuda/integers");
    let out = Command::new(env!("CARGO_BIN_EXE_mapcheck"))
        .args(["suite", "--format", "json", "--jobs", "2"])
        .arg(&dir)
        .output()
        .expect("mapcheck runs");
    let doc: serde_json::Value = serde_json::from_slice(&out.stdout).expect("json");
    let t = &doc["totals"];
    for key in ["missed_races", "false_alarms", "errors", "unknown"] {
        assert_eq!(t[key], 0, "{key}: {doc:#}");
    }
    assert!(t["correct_racy"].as_u64().unwrap_or(0) >= 10, "{doc:#}");
    assert!(t["correct_drf"].as_u64().unwrap_or(0) >= 10, "{doc:#}");
    assert_eq!(out.status.code(), Some(0));
}
