//! `mapcheck check --format sarif|csv` and the text report's wording,
//! through the binary.  Positions are computed from the kernel files
//! themselves, not copied from mapcheck's output.

use serde_json::Value;
use std::path::PathBuf;
use std::process::Command;

/// The repository root: kernels are named relative to it, as a user would.
fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// Runs mapcheck in the repository root: (exit status, stdout, stderr).
fn mapcheck(args: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_mapcheck"))
        .args(args)
        .current_dir(root())
        .output()
        .expect("runs mapcheck");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

fn sarif(files: &[&str]) -> (i32, Value) {
    let mut args = vec!["check"];
    args.extend_from_slice(files);
    args.extend(["--format", "sarif"]);
    let (code, out, err) = mapcheck(&args);
    let doc = serde_json::from_str(&out)
        .unwrap_or_else(|e| panic!("not JSON ({e}): {out}\nstderr: {err}"));
    (code, doc)
}

/// 1-based (line, column) of the first occurrence of `needle` in `file`.
fn position(file: &str, needle: &str) -> (u64, u64) {
    let text = std::fs::read_to_string(root().join(file)).expect("reads the kernel");
    for (i, line) in text.lines().enumerate() {
        if let Some(byte) = line.find(needle) {
            let col = line[..byte].chars().count() + 1;
            return (i as u64 + 1, col as u64);
        }
    }
    panic!("`{needle}` not in {file}")
}

/// The structure every mapcheck SARIF document has; returns the results.
fn check_structure(doc: &Value) -> Vec<Value> {
    assert_eq!(doc["version"], "2.1.0", "{doc}");
    let schema = doc["$schema"].as_str().expect("$schema");
    assert!(
        schema.contains("sarif") && schema.contains("2.1.0"),
        "{schema}"
    );
    let runs = doc["runs"].as_array().expect("runs");
    assert_eq!(runs.len(), 1);
    let driver = &runs[0]["tool"]["driver"];
    assert_eq!(driver["name"], "mapcheck");
    assert_eq!(driver["version"], env!("CARGO_PKG_VERSION"));
    let rules: Vec<&str> = driver["rules"]
        .as_array()
        .expect("rules")
        .iter()
        .map(|r| r["id"].as_str().expect("rule id"))
        .collect();
    assert_eq!(
        rules,
        [
            "data-race",
            "barrier-divergence",
            "unknown",
            "invalid-input"
        ]
    );
    let results = runs[0]["results"].as_array().expect("results").clone();
    for r in &results {
        let id = r["ruleId"].as_str().expect("ruleId");
        let index = r["ruleIndex"].as_u64().expect("ruleIndex") as usize;
        assert_eq!(rules.get(index), Some(&id), "{r}");
        let level = r["level"].as_str().expect("level");
        let expected = if id == "unknown" { "warning" } else { "error" };
        assert_eq!(level, expected, "{r}");
        assert!(!r["message"]["text"].as_str().expect("message").is_empty());
        let locations = r["locations"].as_array().expect("locations");
        assert_eq!(locations.len(), 1, "{r}");
        let region = &locations[0]["physicalLocation"]["region"];
        assert!(region["startLine"].as_u64().expect("startLine") >= 1, "{r}");
        let uri = locations[0]["physicalLocation"]["artifactLocation"]["uri"]
            .as_str()
            .expect("uri");
        assert!(!uri.is_empty() && !uri.contains(' '), "{uri}");
    }
    results
}

fn region(location: &Value) -> (u64, u64, u64, u64) {
    let r = &location["physicalLocation"]["region"];
    let n = |k: &str| r[k].as_u64().unwrap_or_else(|| panic!("{k} in {r}"));
    (
        n("startLine"),
        n("startColumn"),
        n("endLine"),
        n("endColumn"),
    )
}

#[test]
fn sarif_race_of_listing_2_2_points_at_both_accesses() {
    let file = "kernels/protocols/listing-2.2.proto";
    let (code, doc) = sarif(&[file]);
    assert_eq!(code, 1, "{doc}");
    let results = check_structure(&doc);
    assert_eq!(results.len(), 1, "{doc}");
    let r = &results[0];
    assert_eq!(r["ruleId"], "data-race");
    assert_eq!(r["level"], "error");

    // The write of iteration r = 1 is the first access, the read the second.
    let (wl, wc) = position(file, "wr[tid]");
    let (rl, rc) = position(file, "rd[tid+j]");
    let first = &r["locations"][0];
    let artifact = &first["physicalLocation"]["artifactLocation"];
    assert_eq!(artifact["uri"], file);
    assert_eq!(artifact["uriBaseId"], "%SRCROOT%");
    let base = &doc["runs"][0]["originalUriBaseIds"]["%SRCROOT%"]["uri"];
    let base = base.as_str().expect("base URI");
    assert!(
        base.starts_with("file:///") && base.ends_with('/'),
        "{base}"
    );
    // End columns are exclusive: `wr[tid]` is 7 characters, `rd[tid+j]` 9.
    assert_eq!(region(first), (wl, wc, wl, wc + 7));
    let related = r["relatedLocations"].as_array().expect("relatedLocations");
    assert_eq!(related.len(), 1);
    assert_eq!(
        related[0]["physicalLocation"]["artifactLocation"]["uri"],
        file
    );
    assert_eq!(region(&related[0]), (rl, rc, rl, rc + 9));

    // The message's brackets are escaped (it links the second access).
    let text = r["message"]["text"].as_str().expect("message");
    let text = text.replace(r"\[", "[").replace(r"\]", "]");
    for part in [
        "wr[tid]",
        "rd[tid + j]",
        "tid = 1",
        "tid = 0",
        "index [1]",
        "M = 2",
        "classification: protocol",
    ] {
        assert!(text.contains(part), "`{part}` missing in: {text}");
    }
    let p = &r["properties"];
    assert_eq!(p["kernel"], "listing-2.2");
    assert_eq!(p["classification"], "protocol");
    assert_eq!(p["witness"]["index"], serde_json::json!([1]));
    assert_eq!(p["witness"]["threads"][0]["ids"]["tid"], 1);
    assert_eq!(p["witness"]["threads"][1]["ids"]["tid"], 0);
    assert_eq!(p["witness"]["params"]["M"], 2);
}

#[test]
fn sarif_has_no_result_for_drf_files() {
    let (code, doc) = sarif(&[
        "kernels/protocols/first-iter-drf.proto",
        "kernels/protocols/last-iter-drf.proto",
        "kernels/protocols/divergence-uniform-drf.proto",
    ]);
    assert_eq!(code, 0, "{doc}");
    assert!(check_structure(&doc).is_empty(), "{doc}");
    assert_eq!(
        doc["runs"][0]["invocations"][0]["executionSuccessful"],
        true
    );
}

#[test]
fn sarif_rules_for_divergence_invalid_and_unknown() {
    let file = "kernels/protocols/divergence-sync-under-tid.proto";
    let (code, doc) = sarif(&[file, "kernels/protocols/first-iter-drf.proto"]);
    assert_eq!(code, 1);
    let results = check_structure(&doc);
    assert_eq!(results.len(), 1, "{doc}");
    assert_eq!(results[0]["ruleId"], "barrier-divergence");
    // The conditional barrier: `if tid < 16 { sync }`.
    let (line, col) = position(file, "if tid");
    let r = &results[0]["locations"][0]["physicalLocation"]["region"];
    assert_eq!(
        (r["startLine"].as_u64(), r["startColumn"].as_u64()),
        (Some(line), Some(col))
    );

    let dir = tempfile::tempdir().expect("tempdir");
    // Contradictory assumptions: a verdict `invalid` (a `sync` in a `forU`
    // is now a parse error, a load notification rather than a result).
    let invalid = dir.path().join("contradiction.proto");
    std::fs::write(&invalid, "assume 2 < 1;\nwr[tid]\n").expect("writes");
    let hard = dir.path().join("hard.proto");
    std::fs::write(
        &hard,
        "param A, B, C;\nassume A > 1 && B > 1 && C > 1;\nwr[A * A * A * tid + B * B * B];\nrd[C * C * C * tid + 7 * A * B * C + 11 * A * A]\n",
    )
    .expect("writes");
    let (code, out, err) = mapcheck(&[
        "check",
        &invalid.display().to_string(),
        &hard.display().to_string(),
        "--timeout",
        "1",
        "--format",
        "sarif",
    ]);
    assert_eq!(code, 2, "{out}{err}");
    let doc: Value = serde_json::from_str(&out).expect("JSON");
    let results = check_structure(&doc);
    let rules: Vec<&str> = results
        .iter()
        .filter_map(|r| r["ruleId"].as_str())
        .collect();
    assert_eq!(rules, ["invalid-input", "unknown"], "{doc}");
    assert_eq!(results[1]["level"], "warning");
    // Files outside the current directory get absolute file URIs.
    let uri = results[0]["locations"][0]["physicalLocation"]["artifactLocation"]["uri"]
        .as_str()
        .expect("uri");
    assert!(
        uri.starts_with("file:///") && uri.ends_with("/contradiction.proto"),
        "{uri}"
    );
}

#[test]
fn sarif_reports_unreadable_files_as_notifications() {
    let dir = tempfile::tempdir().expect("tempdir");
    let bad = dir.path().join("bad.proto");
    std::fs::write(&bad, "wr[tid;\n").expect("writes");
    let (code, out, _) = mapcheck(&["check", &bad.display().to_string(), "--format", "sarif"]);
    assert_eq!(code, 2);
    let doc: Value = serde_json::from_str(&out).expect("JSON");
    assert!(check_structure(&doc).is_empty());
    let inv = &doc["runs"][0]["invocations"][0];
    assert_eq!(inv["executionSuccessful"], false);
    let note = inv["toolExecutionNotifications"][0]["message"]["text"]
        .as_str()
        .expect("notification");
    assert!(note.contains("bad.proto:1:"), "{note}");
}

/// An RFC 4180 parser: records of fields, quotes doubled inside quotes.
fn parse_csv(text: &str) -> Vec<Vec<String>> {
    let mut records = Vec::new();
    let mut record = Vec::new();
    let mut field = String::new();
    let mut quoted = false;
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        match (quoted, c) {
            (true, '"') if chars.peek() == Some(&'"') => {
                chars.next();
                field.push('"');
            }
            (true, '"') => quoted = false,
            (true, c) => field.push(c),
            (false, '"') if field.is_empty() => quoted = true,
            (false, ',') => record.push(std::mem::take(&mut field)),
            (false, '\n') => {
                record.push(std::mem::take(&mut field));
                records.push(std::mem::take(&mut record));
            }
            (false, '\r') => {}
            (false, c) => field.push(c),
        }
    }
    assert!(!quoted, "unterminated quote in {text}");
    if !field.is_empty() || !record.is_empty() {
        record.push(field);
        records.push(record);
    }
    records
}

const HEADER: [&str; 15] = [
    "file",
    "kernel",
    "array",
    "verdict",
    "classification",
    "line1",
    "col1",
    "line2",
    "col2",
    "index",
    "seconds",
    "assumptions",
    "precondition",
    "fix_line",
    "fix",
];

#[test]
fn csv_parses_back_with_the_right_columns() {
    let race = "kernels/protocols/listing-2.2.proto";
    let tile = "kernels/protocols/transpose-diagonal-racy.proto";
    let div = "kernels/protocols/divergence-sync-under-tid.proto";
    let drf = "kernels/protocols/first-iter-drf.proto";
    let (code, out, err) = mapcheck(&["check", race, tile, div, drf, "--format", "csv"]);
    assert_eq!(code, 1, "{out}{err}");
    let rows = parse_csv(&out);
    assert_eq!(rows[0], HEADER);
    assert_eq!(rows.len(), 5, "{out}");
    for row in &rows[1..] {
        assert_eq!(row.len(), HEADER.len(), "{row:?}");
        let secs: f64 = row[10].parse().expect("seconds");
        assert!(secs >= 0.0);
    }
    let row = |file: &str| -> &Vec<String> {
        rows.iter()
            .find(|r| r[0] == file)
            .unwrap_or_else(|| panic!("no row for {file}: {out}"))
    };
    let (wl, wc) = position(race, "wr[tid]");
    let (rl, rc) = position(race, "rd[tid+j]");
    let r = row(race);
    assert_eq!(&r[1..5], ["listing-2.2", "", "racy", "protocol"]);
    assert_eq!(
        &r[5..10],
        [
            wl.to_string(),
            wc.to_string(),
            rl.to_string(),
            rc.to_string(),
            "[1]".to_string()
        ]
    );
    let r = row(tile);
    assert_eq!(&r[2..5], ["tile", "racy", "protocol"]);
    assert!(
        r[9].starts_with('[') && r[9].matches('[').count() == 2,
        "{r:?}"
    );
    let r = row(div);
    assert_eq!(r[3], "divergence");
    let (line, col) = position(div, "if tid");
    assert_eq!(
        &r[5..10],
        [
            line.to_string(),
            col.to_string(),
            "".into(),
            "".into(),
            "".into()
        ]
    );
    let r = row(drf);
    assert_eq!(r[3], "drf");
    assert!(r[4..10].iter().all(String::is_empty), "{r:?}");
}

#[test]
fn csv_quotes_fields_with_commas_and_quotes() {
    let dir = tempfile::tempdir().expect("tempdir");
    let file = dir.path().join("a,\"b\".proto");
    std::fs::write(&file, "wr[0]\n").expect("writes");
    let name = file.display().to_string();
    let (code, out, err) = mapcheck(&["check", &name, "--format", "csv"]);
    assert_eq!(code, 1, "{out}{err}");
    assert!(out.contains("\"\"b\"\""), "{out}");
    let rows = parse_csv(&out);
    assert_eq!(rows.len(), 2, "{out}");
    assert_eq!(rows[1].len(), HEADER.len(), "{rows:?}");
    assert_eq!(rows[1][0], name);
    assert_eq!(rows[1][3], "racy");
    assert_eq!(&rows[1][5..10], ["1", "1", "1", "1", "[0]"]);

    use mapcheck_report::csv::csv_field;
    assert_eq!(csv_field("plain"), "plain");
    assert_eq!(csv_field("a,b"), "\"a,b\"");
    assert_eq!(csv_field("say \"hi\""), "\"say \"\"hi\"\"\"");
    assert_eq!(csv_field("two\nlines"), "\"two\nlines\"");
    assert_eq!(
        parse_csv(&format!("{}\n", csv_field("x,\"y\"\nz")))[0],
        ["x,\"y\"\nz"]
    );
}

#[test]
fn text_report_names_first_and_second_access() {
    let file = "kernels/protocols/listing-2.2.proto";
    let (code, out, _) = mapcheck(&["check", file]);
    assert_eq!(code, 1);
    assert!(
        out.contains("first access (thread tid = 1): wr[tid] at"),
        "{out}"
    );
    assert!(
        out.contains("second access (thread tid = 0): rd[tid + j] at"),
        "{out}"
    );
    assert!(
        out.contains("^ first access") && out.contains("^ second access"),
        "{out}"
    );
    assert!(
        !out.contains("thread 1") && !out.contains("thread 2"),
        "{out}"
    );
}

/// The JSON `location` of an access: (line, col, end_line, end_col).
fn json_location(access: &Value) -> (u64, u64, u64, u64) {
    let l = &access["location"];
    let n = |k: &str| l[k].as_u64().unwrap_or_else(|| panic!("{k} in {l}"));
    (n("line"), n("col"), n("end_line"), n("end_col"))
}

#[test]
fn json_locations_of_both_accesses_are_exact() {
    // (file, extra flags, first access as written, second access as written)
    let cases = [
        (
            "kernels/protocols/listing-2.2.proto",
            vec![],
            "wr[tid]",
            "rd[tid+j]",
        ),
        (
            "kernels/cuda/transpose-diagonal-racy.cu",
            vec!["--array", "tile"],
            "tile[threadIdx.y + i][threadIdx.x]",
            "tile[threadIdx.x][threadIdx.y + i]",
        ),
    ];
    for (file, flags, first, second) in cases {
        let mut args = vec!["check", file, "--format", "json"];
        args.extend(flags);
        let (code, out, err) = mapcheck(&args);
        assert_eq!(code, 1, "{file}: {out}{err}");
        let doc: Value = serde_json::from_str(&out).expect("JSON");
        let accesses = &doc["kernels"][0]["arrays"][0]["witness"]["accesses"];
        for (k, text) in [first, second].into_iter().enumerate() {
            let (line, col) = position(file, text);
            let width = text.chars().count() as u64;
            assert_eq!(
                json_location(&accesses[k]),
                (line, col, line, col + width),
                "{file}: access {k} `{text}`: {accesses}"
            );
        }
    }
}

/// The launch at which a race happens, in the text and JSON reports of a
/// kernel checked under its launches' host facts
/// (`docs/launch-configuration.md`, "Relations from the host code"): with
/// two launches, the one whose facts the witness meets (the first launch
/// of `two-shapes-racy.cu` is race-free); with one, that one.  The host
/// value is named as the host code names it, and no parameter of the
/// encoding that stands for a host value or picks a launch is printed.
#[test]
fn a_race_names_its_launch_and_the_host_values_there() {
    let cases = [
        "kernels/cuda/host-facts/two-shapes-racy.cu",
        "kernels/cuda/host-facts/rounded-grid-racy.cu",
    ];
    for file in cases {
        let (line, col) = position(file, "tail<<<(n + 255) / 256");
        let at = format!("{file}:{line}:{col}");
        let (code, out, err) = mapcheck(&["check", file]);
        assert_eq!(code, 1, "{file}: {out}{err}");
        let expected = format!("  at the launch at {at} (with n = ");
        assert!(out.contains(&expected), "{expected}\n{out}");
        assert!(!out.contains("host_"), "{out}");
        let (code, out, err) = mapcheck(&["check", file, "--format", "json"]);
        assert_eq!(code, 1, "{file}: {out}{err}");
        assert!(
            !out.contains("host_n") && !out.contains("host_launch"),
            "{out}"
        );
        let doc: Value = serde_json::from_str(&out).expect("JSON");
        let witness = &doc["kernels"][0]["arrays"][0]["witness"];
        let site = &witness["launch_site"];
        assert_eq!(site["file"], file, "{witness:#}");
        assert_eq!(json_location(site).0, line, "{witness:#}");
        assert_eq!(json_location(site).1, col, "{witness:#}");
        let n = site["host_values"]["n"].as_i64().expect("the host's n");
        // The race needs the host's n to be the kernel's n.
        assert_eq!(Some(n), witness["params"]["n"].as_i64(), "{witness:#}");
        let params = witness["params"].as_object().expect("params");
        assert!(params.keys().all(|k| !k.starts_with("host")), "{params:?}");
    }
}

#[test]
fn a_race_carries_its_checked_precondition_and_fix_in_every_format() {
    let file = "kernels/cuda/suggestions/pad-offset-racy.cu";
    let (code, out, err) = mapcheck(&["check", file, "--kernel", "pad", "--format", "json"]);
    assert_eq!(code, 1, "{out}{err}");
    let v: serde_json::Value = serde_json::from_str(&out).expect("JSON");
    let a = &v["kernels"][0]["arrays"][0];
    assert_eq!(a["precondition"], "n >= 0 && n >= blockDim.x", "{out}");
    assert_eq!(a["fix"]["line"], 17, "{out}");
    assert_eq!(a["fix"]["insert"], "__syncthreads();", "{out}");

    let (_, out, _) = mapcheck(&["check", file, "--kernel", "pad", "--format", "csv"]);
    let rows = parse_csv(&out);
    let racy = rows.iter().find(|r| r[3] == "racy").expect("a racy row");
    assert_eq!(
        &racy[12..],
        ["n >= 0 && n >= blockDim.x", "17", "__syncthreads();"]
    );

    let (_, out, _) = mapcheck(&["check", file, "--kernel", "pad", "--format", "sarif"]);
    let v: serde_json::Value = serde_json::from_str(&out).expect("SARIF");
    let r = &v["runs"][0]["results"][0];
    assert_eq!(r["properties"]["precondition"], "n >= 0 && n >= blockDim.x");
    let change = &r["fixes"][0]["artifactChanges"][0]["replacements"][0];
    assert_eq!(change["deletedRegion"]["startLine"], 17);
    assert_eq!(change["insertedContent"]["text"], "__syncthreads();\n");

    let (_, out, _) = mapcheck(&["check", file, "--kernel", "pad"]);
    assert!(
        out.contains(
            "help: adding `__syncthreads();` before line 17 makes `a` race-free (checked)"
        ),
        "{out}"
    );
    let (_, out, _) = mapcheck(&[
        "check",
        file,
        "--kernel",
        "pad",
        "--no-suggest",
        "--format",
        "json",
    ]);
    assert!(
        !out.contains("precondition") && !out.contains("\"fix\""),
        "{out}"
    );
}

#[test]
fn assume_states_a_precondition_and_a_name_the_kernel_lacks_is_an_error() {
    let file = "kernels/cuda/suggestions/pad-offset-racy.cu";
    let (code, out, err) = mapcheck(&[
        "check",
        file,
        "--assume",
        "n >= 0 && n >= blockDim.x",
        "--no-suggest",
    ]);
    assert_eq!(code, 0, "{out}{err}");
    assert!(
        out.contains("assuming n >= 0 && n >= blockDim.x (--assume"),
        "{out}"
    );
    let (code, out, err) = mapcheck(&["check", file, "--assume", "m >= 0"]);
    assert_eq!(code, 2, "{out}{err}");
    assert!(
        err.contains("--assume 'm >= 0': not a condition of kernel `pad`"),
        "{err}"
    );
    let (code, _, err) = mapcheck(&[
        "check",
        "kernels/protocols/listing-2.2.proto",
        "--assume",
        "M > 0",
    ]);
    assert_eq!(code, 2, "{err}");
}

/// A divergence is classified like a race: `exact` here, where nothing of
/// the kernel is approximated, in JSON and in SARIF's properties.
#[test]
fn a_divergence_has_a_classification() {
    let file = "kernels/cuda/divergence/guard-partial-grid-divergent.cu";
    let (code, out, err) = mapcheck(&["check", file, "--no-suggest", "--format", "json"]);
    assert_eq!(code, 1, "{out}{err}");
    let v: serde_json::Value = serde_json::from_str(&out).expect("JSON");
    let a = &v["kernels"][0]["arrays"][0];
    assert_eq!(a["verdict"], "divergence", "{out}");
    assert_eq!(a["classification"], "exact", "{out}");
    let (_, out, _) = mapcheck(&["check", file, "--no-suggest", "--format", "sarif"]);
    let v: serde_json::Value = serde_json::from_str(&out).expect("SARIF");
    let r = &v["runs"][0]["results"][0];
    assert_eq!(r["ruleId"], "barrier-divergence");
    assert_eq!(r["properties"]["classification"], "exact");
}
