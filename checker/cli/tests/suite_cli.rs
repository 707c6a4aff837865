//! `mapcheck suite` end to end on the kernels of the repository (every
//! file under `kernels/`: the test suite's one run of them).

use std::path::Path;
use std::process::Command;

#[test]
fn suite_kernels_meet_their_expectations() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../kernels");
    // 30 s per SMT query instead of the default 10 s: the verdicts must
    // not depend on how loaded the machine running the tests is (the
    // hardest query, precision/struct-size_t-pitch-drf.cu across blocks,
    // takes 3-15 s depending on load).
    let out = Command::new(env!("CARGO_BIN_EXE_mapcheck"))
        .args(["suite", "--format", "json", "--jobs", "2"])
        .args(["--timeout", "30000"])
        .arg(&dir)
        .output()
        .unwrap();
    let doc: serde_json::Value = serde_json::from_slice(&out.stdout).expect("json");
    let t = &doc["totals"];
    assert_eq!(t["missed_races"], 0, "{doc:#}");
    assert_eq!(t["false_alarms"], 0, "{doc:#}");
    assert_eq!(t["errors"], 0, "{doc:#}");
    assert_eq!(t["unknown"], 0, "{doc:#}");
    // kernels/bad/parse-error.cu.
    assert_eq!(t["correct_error"], 1);
    assert!(t["correct_racy"].as_u64().unwrap() >= 10);
    assert_eq!(out.status.code(), Some(0));
}

#[test]
fn suite_known_alarm_misses_expectation_and_exits_1() {
    let dir = tempfile::tempdir().unwrap();
    let p = dir.path().join("k.cu");
    // Expected DRF but data-dependent: the protocol abstracts the data away.
    std::fs::write(
        &p,
        "//pass\n//--blockDim=64\n__global__ void k(int *A) { A[threadIdx.x] = threadIdx.x; int x = A[threadIdx.x]; A[x] = 0; }\n",
    )
    .unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_mapcheck"))
        .args(["suite", "--format", "csv"])
        .arg(dir.path())
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let csv = String::from_utf8_lossy(&out.stdout);
    assert!(csv.contains("drf,racy,false-alarm"), "{csv}");
    assert!(csv.contains("data-dependent"), "{csv}");
}
