//! `mapcheck run` (the reference interpreter) on the bundled protocols: every
//! `// run: FLAGS => drf|racy` line of every `kernels/protocols/*.proto` file
//! gives the stated verdict and exit status; bad input gives one error line
//! with a location and exit status 2.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn mapcheck(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_mapcheck"))
        .args(args)
        .output()
        .expect("mapcheck runs")
}

fn protocols_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../kernels/protocols")
}

/// The `// run:` lines of a kernel file: (flags, expected verdict).
fn run_lines(file: &Path) -> Vec<(Vec<String>, String)> {
    std::fs::read_to_string(file)
        .unwrap()
        .lines()
        .filter_map(|l| l.trim().strip_prefix("// run:"))
        .map(|spec| {
            let (flags, verdict) = spec.split_once("=>").expect("run line has =>");
            let flags = flags.split_whitespace().map(String::from).collect();
            (flags, verdict.trim().to_string())
        })
        .collect()
}

#[test]
fn every_run_line_gives_its_verdict() {
    let mut files: Vec<PathBuf> = std::fs::read_dir(protocols_dir())
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "proto"))
        .collect();
    files.sort();
    let mut checked = 0;
    for file in &files {
        for (flags, expected) in run_lines(file) {
            let mut args = vec!["run", file.to_str().unwrap()];
            args.extend(flags.iter().map(String::as_str));
            let out = mapcheck(&args);
            let stdout = String::from_utf8_lossy(&out.stdout);
            let (code, text) = match expected.as_str() {
                "drf" => (0, "verdict: data-race free"),
                "racy" => (1, "verdict: racy"),
                other => panic!("{}: bad expectation {other}", file.display()),
            };
            assert_eq!(
                out.status.code(),
                Some(code),
                "{} {flags:?}:\n{stdout}",
                file.display()
            );
            assert!(
                stdout.contains(text),
                "{} {flags:?}:\n{stdout}",
                file.display()
            );
            checked += 1;
        }
    }
    assert!(checked >= 25, "only {checked} run lines");
}

/// The standard output of `mapcheck run kernels/protocols/NAME ARGS…`.
fn run_kernel(name: &str, args: &[&str]) -> String {
    let file = protocols_dir().join(name);
    let mut all = vec![
        "run",
        file.to_str().expect("bundled kernel paths are UTF-8"),
    ];
    all.extend_from_slice(args);
    String::from_utf8_lossy(&mapcheck(&all).stdout).into_owned()
}

#[test]
fn racy_run_names_threads_modes_index_and_phase() {
    let stdout = run_kernel("listing-2.2.proto", &["--threads", "2", "--param", "M=2"]);
    assert!(
        stdout.contains("racy: thread 1 wr and thread 0 rd index [1] in phase 0"),
        "{stdout}"
    );
}

/// Writes `src` to a temporary `.proto` file and runs `mapcheck run` on it.
fn run_source(src: &str, extra: &[&str]) -> (Option<i32>, String) {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("bad.proto");
    std::fs::write(&path, src).unwrap();
    let mut args = vec!["run", path.to_str().unwrap(), "--threads", "2"];
    args.extend_from_slice(extra);
    let out = mapcheck(&args);
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

fn assert_one_line_error_at(result: (Option<i32>, String), position: &str, words: &str) {
    let (code, stderr) = result;
    assert_eq!(code, Some(2), "{stderr}");
    assert_eq!(stderr.trim_end().lines().count(), 1, "{stderr}");
    assert!(
        stderr.contains(&format!("bad.proto:{position}")),
        "{stderr}"
    );
    assert!(stderr.contains(words), "{stderr}");
}

#[test]
fn bad_input_is_one_located_error_with_status_2() {
    assert_one_line_error_at(
        run_source("forU i in 0..2 {\n  wr[tid]\n", &[]),
        "1:16",
        "unclosed",
    );
    assert_one_line_error_at(
        run_source(
            "param N;\nforU i in 0..N {\n  wr[tid + Q] }",
            &["--param", "N=1"],
        ),
        "3:3",
        "unknown variable `Q`",
    );
    assert_one_line_error_at(
        run_source("wr[0];\nforU i in 0..2 { sync }", &[]),
        "2:1",
        "`sync` inside",
    );
    assert_one_line_error_at(
        run_source("wr[0];\nforS x in 0..N { sync }", &["--param", "N=0"]),
        "2:1",
        "empty range",
    );
    assert_one_line_error_at(
        run_source("wr[0];\nwr[tid + K]", &[]),
        "2:1",
        "missing --param K",
    );
    assert_one_line_error_at(
        run_source("wr[0];\nif tid < 1 { sync }", &[]),
        "2:1",
        "barrier divergence",
    );
}

#[test]
fn show_prints_the_paper_transformations() {
    let show = |stage| run_kernel("listing-2.3.proto", &["--threads", "2", "--show", stage]);
    let stdout = show("aligned");
    assert!(stdout.contains("forS r in 1..N {"), "{stdout}");
    let stdout = show("traces");
    assert!(stdout.contains("var t1 in 1..T;"), "{stdout}");
    assert_eq!(stdout.matches("// trace").count(), 3, "{stdout}");
}
