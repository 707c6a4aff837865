//! `mapcheck check --shard K/N` and `mapcheck merge` (`docs/ci.md`,
//! "Shards"): the shards of a project check each translation unit once,
//! and their merged JSON or SARIF is what one run over the project gives —
//! the same kernels and verdicts, the same exit status.

use serde_json::Value;
use std::collections::BTreeSet;
use std::path::Path;

mod support;
use support::run_in as mapcheck;

/// Three units: a race, a race-free kernel, and a file whose header has
/// a flag mapcheck does not know (an error, which outranks the race in
/// the exit status).
fn project(dir: &Path) {
    let write = |name: &str, text: &str| std::fs::write(dir.join(name), text).expect("writes");
    write(
        "a.cu",
        "__global__ void a(int *x) { x[0] = threadIdx.x; }\n",
    );
    write(
        "b.cu",
        "__global__ void b(int *x) { x[threadIdx.x] = 1; }\n",
    );
    write(
        "c.cu",
        "//--frobnicate\n__global__ void c(int *x) { x[threadIdx.x] = 1; }\n",
    );
}

/// The (kernel, array, verdict) triples of a JSON document.
fn verdicts(doc: &Value) -> BTreeSet<(String, String, String)> {
    let mut out = BTreeSet::new();
    for k in doc["kernels"].as_array().expect("kernels") {
        for a in k["arrays"].as_array().expect("arrays") {
            let s = |v: &Value| v.as_str().unwrap_or_default().to_string();
            out.insert((s(&k["kernel"]), s(&a["array"]), s(&a["verdict"])));
        }
    }
    out
}

#[test]
fn merged_shards_are_one_run() {
    let dir = tempfile::tempdir().expect("tempdir");
    let d = dir.path();
    project(d);
    for format in ["json", "sarif"] {
        let (whole_code, whole, _) = mapcheck(d, &["check", ".", "--format", format]);
        let mut names = Vec::new();
        let mut units = 0;
        for k in 1..=2 {
            let shard = format!("{k}/2");
            let (_, out, _) = mapcheck(d, &["check", ".", "--shard", &shard, "--format", format]);
            let name = format!("shard{k}.{format}.out");
            std::fs::write(d.join(&name), &out).expect("writes");
            names.push(name);
            if format == "json" {
                let doc: Value = serde_json::from_str(&out).expect("JSON");
                units += doc["translation_units"].as_array().map_or(0, Vec::len);
            }
        }
        let mut args = vec!["merge"];
        args.extend(names.iter().map(String::as_str));
        let (code, merged, err) = mapcheck(d, &args);
        assert_eq!(code, whole_code, "{format}: {err}");
        assert_eq!(code, 2, "the unreadable unit decides");
        let whole: Value = serde_json::from_str(&whole).expect("whole");
        let merged: Value = serde_json::from_str(&merged).expect("merged");
        if format == "json" {
            assert_eq!(units, 3, "each unit in one shard");
            assert_eq!(verdicts(&merged), verdicts(&whole));
            assert_eq!(merged["errors"], whole["errors"]);
        } else {
            let rules = |doc: &Value| -> Vec<String> {
                let mut r: Vec<String> = doc["runs"][0]["results"]
                    .as_array()
                    .expect("results")
                    .iter()
                    .map(|r| r["ruleId"].to_string())
                    .collect();
                r.sort();
                r
            };
            assert_eq!(rules(&merged), rules(&whole));
            assert_eq!(
                merged["runs"][0]["invocations"][0]["executionSuccessful"],
                false
            );
        }
    }
}

#[test]
fn bad_shards_and_mixed_documents_are_usage_errors() {
    let dir = tempfile::tempdir().expect("tempdir");
    let d = dir.path();
    project(d);
    for bad in ["0/2", "3/2", "2", "a/b"] {
        let (code, _, err) = mapcheck(d, &["check", ".", "--shard", bad]);
        assert_eq!(code, 2, "{bad}: {err}");
    }
    let (_, json, _) = mapcheck(d, &["check", "b.cu", "--format", "json"]);
    let (_, sarif, _) = mapcheck(d, &["check", "b.cu", "--format", "sarif"]);
    std::fs::write(d.join("x.json"), json).expect("writes");
    std::fs::write(d.join("x.sarif"), sarif).expect("writes");
    let (code, _, err) = mapcheck(d, &["merge", "x.json", "x.sarif"]);
    assert_eq!(code, 2);
    assert!(err.contains("not a document of the same format"), "{err}");
    let (code, out, _) = mapcheck(d, &["merge", "x.json"]);
    assert_eq!(code, 0, "one race-free document: {out}");
}
