//! `mapcheck check`, `gen` and `bench` through the binary: exit statuses,
//! JSON witnesses replayed with `mapcheck run`, timeouts, divergence.

use std::path::PathBuf;
use std::process::Command;

fn mapcheck(args: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_mapcheck"))
        .args(args)
        .output()
        .expect("runs mapcheck");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

fn kernel(name: &str) -> String {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../kernels/protocols")
        .join(name)
        .display()
        .to_string()
}

fn temp_proto(dir: &tempfile::TempDir, name: &str, text: &str) -> String {
    let p = dir.path().join(name);
    std::fs::write(&p, text).expect("writes");
    p.display().to_string()
}

#[test]
fn json_witness_replays_in_the_reference_interpreter() {
    for file in [
        "first-iter-racy.proto",
        "last-iter-racy.proto",
        "listing-2.2.proto",
        "last-iter-first-iter-racy.proto",
    ] {
        let (code, out, err) = mapcheck(&["check", &kernel(file), "--format", "json"]);
        assert_eq!(code, 1, "{file}: {out}{err}");
        let doc: serde_json::Value = serde_json::from_str(&out).expect("valid JSON");
        assert_eq!(doc["version"], 1);
        let array = &doc["kernels"][0]["arrays"][0];
        assert_eq!(array["verdict"], "racy");
        let w = &array["witness"];
        assert_eq!(w["accesses"].as_array().map(Vec::len), Some(2));
        assert!(w["accesses"][0]["location"]["line"].as_u64().unwrap_or(0) > 0);
        assert!(w["params"]["T"].as_u64().unwrap_or(0) >= 2);
        let replay: Vec<String> = w["replay"]
            .as_array()
            .expect("replay")
            .iter()
            .map(|v| v.as_str().unwrap_or_default().to_string())
            .collect();
        assert_eq!(&replay[..2], ["mapcheck", "run"]);
        let args: Vec<&str> = replay[1..].iter().map(String::as_str).collect();
        let (code, out, err) = mapcheck(&args);
        assert_eq!(code, 1, "{file}: replay {args:?} did not race: {out}{err}");
        assert!(out.contains("racy"), "{out}");
    }
}

#[test]
fn drf_protocols_exit_zero_and_text_names_the_verdict() {
    let (code, out, _) = mapcheck(&["check", &kernel("first-iter-drf.proto")]);
    assert_eq!(code, 0, "{out}");
    assert!(out.contains(": drf"), "{out}");
}

#[test]
fn barrier_divergence_exits_one_with_location() {
    let (code, out, _) = mapcheck(&["check", &kernel("divergence-sync-under-tid.proto")]);
    assert_eq!(code, 1);
    assert!(out.contains("divergence") && out.contains(":8:1"), "{out}");
}

#[test]
fn a_timeout_on_a_hard_query_is_unknown_exit_three() {
    let dir = tempfile::tempdir().expect("tempdir");
    let hard = "param A, B, C;\nassume A > 1 && B > 1 && C > 1;\nwr[A * A * A * tid + B * B * B];\nrd[C * C * C * tid + 7 * A * B * C + 11 * A * A]\n";
    let f = temp_proto(&dir, "hard.proto", hard);
    let (code, out, _) = mapcheck(&["check", &f, "--timeout", "1"]);
    assert_eq!(code, 3, "{out}");
    assert!(out.contains("unknown") && out.contains("timeout"), "{out}");
}

#[test]
fn bad_input_exits_two_with_a_location() {
    let dir = tempfile::tempdir().expect("tempdir");
    let f = temp_proto(&dir, "bad.proto", "wr[tid;\n");
    let (code, _, err) = mapcheck(&["check", &f]);
    assert_eq!(code, 2);
    assert!(err.contains("bad.proto:1:"), "{err}");
    // A `sync` in a `forU` is rejected by the parser, as by `mapcheck run`.
    let f = temp_proto(&dir, "forU.proto", "forU i in 0..2 { wr[tid]; sync }\n");
    let (code, _, err) = mapcheck(&["check", &f]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("forU.proto:1:1"), "{err}");
    assert!(
        err.contains("`sync` inside an unsynchronized loop"),
        "{err}"
    );
}

#[test]
fn fixed_threads_and_params_are_respected() {
    // Listing 2.2 is racy iff M > 1.
    let f = kernel("listing-2.2.proto");
    assert_eq!(
        mapcheck(&["check", &f, "--threads", "4", "--param", "M=1"]).0,
        0
    );
    assert_eq!(
        mapcheck(&["check", &f, "--threads", "4", "--param", "M=2"]).0,
        1
    );
    assert_eq!(mapcheck(&["check", &f, "--logic", "bv32"]).0, 1);
}

#[test]
fn show_stages_print_the_pipeline() {
    let f = kernel("first-iter-racy.proto");
    let (code, out, _) = mapcheck(&["check", &f, "--show", "smt"]);
    assert_eq!(code, 0);
    assert!(
        out.contains("(check-sat)") && out.contains("declare-const"),
        "{out}"
    );
    let (_, out, _) = mapcheck(&["check", &f, "--show", "aligned"]);
    assert!(
        out.contains("forS x in 0 + 1..N") || out.contains("forS x in 1..N"),
        "{out}"
    );
    let (_, out, _) = mapcheck(&["check", &f, "--show", "split"]);
    assert!(out.contains("var x in"), "{out}");
}

#[test]
fn gen_synthetic_writes_drf_protocols_that_check_drf() {
    let dir = tempfile::tempdir().expect("tempdir");
    for c in [
        "access",
        "barrier",
        "conditional",
        "unsync-loop",
        "sync-loop",
    ] {
        let (code, out, _) = mapcheck(&["gen", "synthetic", "--category", c, "--size", "5"]);
        assert_eq!(code, 0);
        let f = temp_proto(&dir, &format!("{c}.proto"), &out);
        let (code, out, _) = mapcheck(&["check", &f]);
        assert_eq!(code, 0, "{c}: {out}");
    }
    assert_eq!(
        mapcheck(&["gen", "synthetic", "--category", "loops", "--size", "5"]).0,
        2
    );
}

#[test]
fn bench_writes_csv_and_svg() {
    let dir = tempfile::tempdir().expect("tempdir");
    let out_dir = dir.path().display().to_string();
    let (code, out, err) = mapcheck(&["bench", "synthetic", "--max", "3", "--out", &out_dir]);
    assert_eq!(code, 0, "{out}{err}");
    let csv = std::fs::read_to_string(dir.path().join("synthetic.csv")).expect("csv");
    assert_eq!(csv.lines().count(), 1 + 5 * 3);
    assert!(csv.starts_with("category,size,verdict,seconds,peak_rss_kb\n"));
    assert!(
        csv.lines()
            .skip(1)
            .all(|l| l.split(',').nth(2) == Some("drf")),
        "{csv}"
    );
    let svg = std::fs::read_to_string(dir.path().join("synthetic.svg")).expect("svg");
    assert!(svg.contains("<svg") && svg.contains("sync-loop"));
    assert!(out.contains("access") && out.contains("slowest"), "{out}");
}

#[test]
fn bench_steps_through_sizes_and_fits_the_growth() {
    let dir = tempfile::tempdir().expect("tempdir");
    let out_dir = dir.path().display().to_string();
    let args = [
        "bench",
        "synthetic",
        "--max",
        "100",
        "--step",
        "50",
        "--out",
        &out_dir,
    ];
    let (code, out, err) = mapcheck(&args);
    assert_eq!(code, 0, "{out}{err}");
    let csv = std::fs::read_to_string(dir.path().join("synthetic.csv")).expect("csv");
    let sizes: Vec<&str> = csv
        .lines()
        .skip(1)
        .filter(|l| l.starts_with("access,"))
        .filter_map(|l| l.split(',').nth(1))
        .collect();
    assert_eq!(sizes, ["1", "50", "100"]);
    // Two sizes ≥ 50 per category: each gets a fitted growth.
    assert_eq!(out.matches("growth: time ∝ size^").count(), 5, "{out}");
}

#[test]
fn bench_corpus_writes_one_row_per_kernel_and_a_summary() {
    let dir = tempfile::tempdir().expect("tempdir");
    let out_dir = dir.path().display().to_string();
    let corpus = dir.path().join("corpus");
    std::fs::create_dir(&corpus).expect("mkdir");
    std::fs::write(corpus.join("two.proto"), "wr A[tid];\nwr B[0]\n").expect("write");
    std::fs::write(corpus.join("bad.proto"), "wr[\n").expect("write");
    let corpus_dir = corpus.display().to_string();
    let (code, out, err) = mapcheck(&["bench", "corpus", &corpus_dir, "--out", &out_dir]);
    assert_eq!(code, 0, "{out}{err}");
    let csv = std::fs::read_to_string(dir.path().join("corpus.csv")).expect("csv");
    let rows: Vec<Vec<&str>> = csv
        .lines()
        .skip(1)
        .map(|l| l.split(',').collect())
        .collect();
    assert_eq!(rows.len(), 2, "{csv}");
    assert!(rows
        .iter()
        .any(|r| r[0].ends_with("bad.proto") && r[1].is_empty() && r[2] == "error"));
    assert!(rows
        .iter()
        .any(|r| r[0].ends_with("two.proto") && r[1] == "two" && r[2] == "racy"));
    assert!(
        out.contains("2 files: 1 kernels analysed, 1 files not analysed"),
        "{out}"
    );
    assert!(out.contains("check time per kernel: median"), "{out}");
    let svg = std::fs::read_to_string(dir.path().join("corpus.svg")).expect("svg");
    assert!(svg.contains("<svg"));
}

/// `--kernel NAME` selects a template's instances by the template's name
/// (`copy_tile` selects `copy_tile<16>`), as well as one instance by its
/// full name.
#[test]
fn kernel_selects_the_instances_of_a_template() {
    let file = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../kernels/cuda/template-tile-drf.cu")
        .display()
        .to_string();
    let file = file.as_str();
    for name in ["copy_tile", "copy_tile<16>"] {
        let (code, out, err) = mapcheck(&["check", file, "--kernel", name, "--no-suggest"]);
        assert_eq!(code, 0, "{name}: {out}{err}");
        assert!(out.contains("kernel `copy_tile<16>`"), "{name}: {out}");
    }
    let (code, _, err) = mapcheck(&["check", file, "--kernel", "copy"]);
    assert_eq!(code, 2, "{err}");
}
