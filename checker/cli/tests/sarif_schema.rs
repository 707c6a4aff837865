//! The SARIF documents of `mapcheck check` and `mapcheck suite` against the
//! SARIF 2.1.0 schema the repository ships (`checker/report/schema/`), and
//! the exit statuses of runs with mixed results (`docs/errors.md`, "Exit
//! status").

use serde_json::Value;
use std::path::PathBuf;

mod support;
use support::run_in as mapcheck_in;

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// The schema's complaints about `doc` (empty: valid).
fn schema_errors(doc: &Value) -> Vec<String> {
    let path = root().join("checker/report/schema/sarif-schema-2.1.0.json");
    let text = std::fs::read_to_string(path).expect("reads the schema");
    let schema: Value = serde_json::from_str(&text).expect("the schema is JSON");
    let validator = jsonschema::validator_for(&schema).expect("compiles the schema");
    validator
        .iter_errors(doc)
        .map(|e| format!("{} at {}", e, e.instance_path))
        .collect()
}

fn parse(out: &str, err: &str) -> Value {
    serde_json::from_str(out).unwrap_or_else(|e| panic!("not JSON ({e}): {out}\nstderr: {err}"))
}

/// A racy, a race-free and an unreadable protocol, with no expectation
/// header, in a fresh directory.
fn mixed_dir() -> tempfile::TempDir {
    let dir = tempfile::tempdir().expect("tempdir");
    let write =
        |name: &str, text: &str| std::fs::write(dir.path().join(name), text).expect("writes");
    // Every thread writes cell 0: a race for any two threads.
    write("racy.proto", "wr[0]\n");
    // Each thread writes its own cell.
    write("drf.proto", "wr[tid]\n");
    // An unclosed bracket: the file cannot be parsed.
    write("broken.proto", "wr[tid;\n");
    dir
}

#[test]
fn the_validator_rejects_a_document_that_breaks_the_schema() {
    // A result needs a message; `level` has four values.
    let bad = serde_json::json!({
        "version": "2.1.0",
        "runs": [{"tool": {"driver": {"name": "x"}}, "results": [{"level": "fatal"}]}]
    });
    assert!(!schema_errors(&bad).is_empty());
    let good = serde_json::json!({
        "version": "2.1.0",
        "runs": [{"tool": {"driver": {"name": "x"}}, "results": []}]
    });
    assert_eq!(schema_errors(&good), Vec::<String>::new());
}

#[test]
fn check_sarif_is_valid_for_every_kind_of_verdict() {
    let files = [
        "kernels/protocols/listing-2.2.proto",
        "kernels/protocols/divergence-sync-under-tid.proto",
        "kernels/protocols/first-iter-drf.proto",
        "kernels/cuda/divergence/do-while-counter-per-thread-divergent.cu",
        "kernels/cuda/atomic-counter-drf.cu",
    ];
    let mut args = vec!["check", "--format", "sarif"];
    args.extend(files);
    let (code, out, err) = mapcheck_in(&root(), &args);
    assert_eq!(code, 1, "{err}");
    let doc = parse(&out, &err);
    assert_eq!(schema_errors(&doc), Vec::<String>::new(), "{doc:#}");
    let results = doc["runs"][0]["results"].as_array().expect("results");
    // The race links its second access, the related location with id 1.
    let race = &results[0];
    assert_eq!(race["ruleId"], "data-race");
    let text = race["message"]["text"].as_str().expect("message");
    assert!(text.contains("[second access](1)"), "{text}");
    assert!(
        text.contains(r"wr\[tid\]"),
        "brackets of the text escaped: {text}"
    );
    assert_eq!(race["relatedLocations"][0]["id"], 1);
    let print = race["partialFingerprints"]["mapcheckResult/v1"].as_str();
    assert_eq!(print.map(str::len), Some(16), "{race}");
    // The CUDA divergence touches two arrays: one result names both.
    let cuda: Vec<&Value> = results
        .iter()
        .filter(|r| r["properties"]["kernel"] == "rotate")
        .collect();
    assert_eq!(cuda.len(), 1, "{doc:#}");
    assert_eq!(
        cuda[0]["properties"]["arrays"],
        serde_json::json!(["out", "s"])
    );
    // Every rule says what to do about its results.
    for rule in doc["runs"][0]["tool"]["driver"]["rules"]
        .as_array()
        .expect("rules")
    {
        assert!(
            rule["help"]["text"].as_str().is_some_and(|t| t.len() > 80),
            "{rule}"
        );
    }
}

/// A race with a checked fix and precondition: the `fixes` entry and the
/// property keep the document valid.
#[test]
fn a_checked_fix_is_valid_sarif() {
    let file = "kernels/cuda/suggestions/pad-offset-racy.cu";
    let (code, out, err) = mapcheck_in(&root(), &["check", "--format", "sarif", file]);
    assert_eq!(code, 1, "{err}");
    let doc = parse(&out, &err);
    assert_eq!(schema_errors(&doc), Vec::<String>::new(), "{doc:#}");
    let fixes = &doc["runs"][0]["results"][0]["fixes"];
    assert_eq!(fixes.as_array().map(Vec::len), Some(1), "{doc:#}");
}

/// A race at one of several launches links that launch (the related
/// location with id 2), and the document stays valid.
#[test]
fn a_race_at_a_launch_links_the_launch() {
    let file = "kernels/cuda/host-facts/two-shapes-racy.cu";
    let (code, out, err) = mapcheck_in(&root(), &["check", "--format", "sarif", file]);
    assert_eq!(code, 1, "{err}");
    let doc = parse(&out, &err);
    assert_eq!(schema_errors(&doc), Vec::<String>::new(), "{doc:#}");
    let race = &doc["runs"][0]["results"][0];
    let text = race["message"]["text"].as_str().expect("message");
    let at = format!("[the launch](2) at {file}:24:3 (with n = ");
    assert!(text.contains(&at), "{text}");
    let launch = &race["relatedLocations"][1];
    assert_eq!(launch["id"], 2, "{race:#}");
    let region = &launch["physicalLocation"]["region"];
    assert_eq!(
        (&region["startLine"], &region["startColumn"]),
        (&24.into(), &3.into())
    );
    // The encoding's names of the host values and of the launch selector.
    for internal in ["host_n", "host_launch"] {
        assert!(!out.contains(internal), "{out}");
    }
}

#[test]
fn suite_prints_valid_sarif_and_an_unreadable_file_outranks_a_race() {
    let dir = mixed_dir();
    let (code, out, err) = mapcheck_in(dir.path(), &["suite", ".", "--format", "sarif"]);
    // Nothing has an expectation: the files are judged as `check` judges
    // them, and the unreadable file is not hidden by the race.
    assert_eq!(code, 2, "{out}{err}");
    let doc = parse(&out, &err);
    assert_eq!(schema_errors(&doc), Vec::<String>::new(), "{doc:#}");
    let run = &doc["runs"][0];
    let results = run["results"].as_array().expect("results");
    assert_eq!(results.len(), 1, "{doc:#}");
    assert_eq!(results[0]["ruleId"], "data-race");
    let uri = &results[0]["locations"][0]["physicalLocation"]["artifactLocation"]["uri"];
    assert_eq!(uri, "racy.proto");
    let invocation = &run["invocations"][0];
    assert_eq!(invocation["executionSuccessful"], false);
    let notes = invocation["toolExecutionNotifications"].to_string();
    assert!(notes.contains("broken.proto"), "{notes}");
}

#[test]
fn suite_without_headers_fails_on_races_and_unknowns() {
    let dir = mixed_dir();
    std::fs::remove_file(dir.path().join("broken.proto")).expect("removes");
    let (code, out, err) = mapcheck_in(dir.path(), &["suite", "."]);
    assert_eq!(code, 1, "{out}{err}");
    assert!(out.contains("2 without expectation (1 racy)"), "{out}");
    std::fs::remove_file(dir.path().join("racy.proto")).expect("removes");
    let (code, out, err) = mapcheck_in(dir.path(), &["suite", "."]);
    assert_eq!(code, 0, "{out}{err}");
    // Non-linear indices the solver cannot settle in 1 ms: unknown, 3.
    std::fs::write(
        dir.path().join("hard.proto"),
        "param A, B, C;\nassume A > 1 && B > 1 && C > 1;\nwr[A * A * A * tid + B * B * B];\nrd[C * C * C * tid + 7 * A * B * C + 11 * A * A]\n",
    )
    .expect("writes");
    let (code, out, err) = mapcheck_in(dir.path(), &["suite", ".", "--timeout", "1"]);
    assert_eq!(code, 3, "{out}{err}");
    // (drf.proto may time out at 1 ms too.)
    assert!(out.contains(" unknown)"), "{out}");
}

#[test]
fn check_exits_2_when_a_file_is_unreadable_even_beside_a_race() {
    let dir = mixed_dir();
    let (code, out, err) = mapcheck_in(dir.path(), &["check", "racy.proto", "broken.proto"]);
    assert_eq!(code, 2, "{out}{err}");
    assert!(out.contains("racy"), "the race is still reported: {out}");
    let (code, _, _) = mapcheck_in(dir.path(), &["check", "racy.proto", "drf.proto"]);
    assert_eq!(code, 1);
}
