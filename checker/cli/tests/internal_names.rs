//! No report of a bundled racy kernel names a variable of the encoding
//! (`docs/reports.md`: values in C terms): for every file under
//! `kernels/` whose header expects a race (one in six by default and those
//! of `kernels/cuda/host-facts`, all
//! with `MAPCHECK_FULL=1`), the report in every format —
//! text, JSON, CSV, SARIF — holds no word that the kernels' IR marks as
//! internal (`Kernel::internal_vars`: `neg` parts of signed values, the
//! index base, unknowns, the host values of launches and the launch
//! selector).  The source lines quoted under an access are the
//! user's text and are not searched.

use mapcheck_core::check::par_map;
use mapcheck_core::results::FileReport;
use mapcheck_driver::pipeline::check_file;
use mapcheck_driver::suite::{collect_files, expectation, Expected};
use mapcheck_frontend::options::Flags;
use mapcheck_report::{csv, json, sarif, text};
use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

fn kernels_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../kernels")
}

/// One racy file in this many is checked by default: every one of them is
/// checked by the kernel suite already, and checking the ~560 of them again
/// here, in four formats, would double the test suite's time.  The sample
/// takes files at a fixed stride through the sorted list, so it spans every
/// folder of `kernels/`; `MAPCHECK_FULL=1` checks them all.
const STRIDE: usize = 6;

/// The folder whose racy files are always checked: their witnesses carry
/// the host values of launches (`Encoding::host`), which no report may
/// name by their encoding's names.
const ALWAYS: &str = "cuda/host-facts";

/// The files whose header expects a race (a sample of them: [`STRIDE`],
/// and every one under [`ALWAYS`]).
fn racy_files() -> Vec<PathBuf> {
    let mut all = collect_files(&[kernels_dir()]).expect("kernels/ is readable");
    all.sort();
    let stride = if std::env::var_os("MAPCHECK_FULL").is_some() {
        1
    } else {
        STRIDE
    };
    let racy: Vec<PathBuf> = all
        .into_iter()
        .filter(|p| {
            let text = std::fs::read(p).unwrap_or_default();
            expectation(&String::from_utf8_lossy(&text)) == Expected::Racy
        })
        .collect();
    let always = kernels_dir().join(ALWAYS);
    let mut picked: Vec<PathBuf> = racy.iter().step_by(stride).cloned().collect();
    picked.extend(racy.into_iter().filter(|p| p.starts_with(&always)));
    picked.sort();
    picked.dedup();
    picked
}

/// What the IR of the file's kernels marks as internal.
fn internal_names(path: &Path, flags: &Flags) -> BTreeSet<String> {
    let bytes = std::fs::read(path).unwrap_or_default();
    let Ok(loaded) = mapcheck_frontend::load_bytes_with(path, &bytes, flags, &[]) else {
        return BTreeSet::new();
    };
    loaded
        .kernels
        .iter()
        .flat_map(|k| k.internal_vars())
        .collect()
}

/// The report of one file in every format, the quoted source lines of
/// the text report left out.
fn renderings(report: FileReport) -> Vec<(&'static str, String)> {
    let text: String = text::text(&report)
        .lines()
        .filter(|l| !l.contains('│'))
        .map(|l| format!("{l}\n"))
        .collect();
    let files = [report];
    vec![
        ("text", text),
        ("json", json::json(&files)),
        ("csv", csv::check_csv(&files)),
        ("sarif", sarif::sarif(&files, Path::new("."))),
    ]
}

/// The internal names `rendered` holds, as whole words (a dotted word is
/// one: `e.g.` holds no `g`, `blockDim.x` no `x`; a sentence's last
/// period is not part of its word).
fn leaks(rendered: &str, internal: &BTreeSet<String>) -> BTreeSet<String> {
    rendered
        .split(|c: char| !(c.is_alphanumeric() || c == '_' || c == '.'))
        .map(|w| w.trim_end_matches('.'))
        .filter(|w| internal.contains(*w))
        .map(str::to_string)
        .collect()
}

#[test]
fn no_report_of_a_bundled_racy_kernel_names_an_internal_variable() {
    let files = racy_files();
    assert!(files.len() > 60, "found only {} racy kernels", files.len());
    let flags = Flags::default();
    // The binary's stack (`cli/src/main.rs`): checking recurses deeply.
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(2)
        .stack_size(512 << 20)
        .build()
        .expect("a thread pool");
    let found = pool.install(|| {
        par_map(files, |path| {
            let internal = internal_names(&path, &flags);
            let report = check_file(&path, &flags);
            let leaked: Vec<String> = renderings(report)
                .into_iter()
                .filter_map(|(format, r)| {
                    let names = leaks(&r, &internal);
                    (!names.is_empty()).then(|| format!("{format}: {names:?}"))
                })
                .collect();
            (!leaked.is_empty()).then(|| format!("{}: {}", path.display(), leaked.join("; ")))
        })
    });
    let found: Vec<String> = found.into_iter().flatten().collect();
    assert!(found.is_empty(), "{}", found.join("\n"));
}

#[test]
fn a_leak_would_be_found() {
    let internal = BTreeSet::from(["n_neg".to_string(), "u_3".to_string()]);
    let got = leaks("parameters: n = 0, n_neg = 1; `x` = u_3", &internal);
    assert_eq!(got.len(), 2);
    assert!(leaks("parameters: n = -1, n_negative = 2", &internal).is_empty());
    let dotted = BTreeSet::from(["g".to_string()]);
    assert!(leaks("a fixed size (e.g. 64); blockDim.g", &dotted).is_empty());
    assert_eq!(leaks("the value is g.", &dotted).len(), 1);
}
