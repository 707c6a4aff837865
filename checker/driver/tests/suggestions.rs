//! The suggestions of a race (`docs/reports.md`, "Suggestions"), on the
//! kernels of `kernels/cuda/suggestions/`.  Each file's header says, from
//! the truth of the kernel (argued in its comments), which precondition
//! the report must give (`// suggest-precondition: EXPR` or `none`) and
//! before which line a barrier fixes the race (`// suggest-fix: LINE`),
//! which line a barrier out of a divergent condition replaces
//! (`// suggest-fix: replace LINE`), or `none`.  Every suggestion the report gives is then checked again here,
//! independently of how the driver checked it: the precondition through
//! `--assume` and the fix by writing `__syncthreads();` into a copy of the
//! file; the array must then be race-free, with no barrier divergence.

use mapcheck_core::results::{CheckedArray, FileReport};
use mapcheck_core::verdict::Verdict;
use mapcheck_driver::pipeline::check_file;
use mapcheck_frontend::options::Flags;
use std::path::{Path, PathBuf};

fn dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../kernels/cuda/suggestions")
}

fn files() -> Vec<PathBuf> {
    let mut out: Vec<PathBuf> = std::fs::read_dir(dir())
        .expect("kernels/cuda/suggestions")
        .map(|e| e.expect("entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "cu"))
        .collect();
    out.sort();
    out
}

/// The value of header line `// KEY: value`.
fn header(text: &str, key: &str) -> String {
    let prefix = format!("// {key}: ");
    text.lines()
        .find_map(|l| l.strip_prefix(&prefix))
        .unwrap_or_else(|| panic!("no `{prefix}` line"))
        .trim()
        .to_string()
}

fn suggesting() -> Flags {
    Flags {
        suggest: true,
        ..Flags::default()
    }
}

/// The racy or divergent arrays of the report, with their kernel's name.
fn races(r: &FileReport) -> Vec<(&str, &CheckedArray)> {
    r.kernels
        .iter()
        .flat_map(|k| k.arrays.iter().map(move |a| (k.kernel.as_str(), a)))
        .filter(|(_, a)| a.verdict().is_racy() || matches!(a.verdict(), Verdict::Divergence { .. }))
        .collect()
}

/// The verdict of `array` of kernel `kernel` in `r`.
fn verdict<'a>(r: &'a FileReport, kernel: &str, array: &str) -> &'a Verdict {
    let k = r
        .kernels
        .iter()
        .find(|k| k.kernel == kernel)
        .expect("the kernel");
    let a = k
        .arrays
        .iter()
        .find(|a| a.check.array == array)
        .expect("the array");
    a.verdict()
}

fn no_divergence(r: &FileReport) -> bool {
    r.kernels
        .iter()
        .flat_map(|k| &k.arrays)
        .all(|a| !matches!(a.verdict(), Verdict::Divergence { .. }))
}

#[test]
fn the_suggested_preconditions_are_the_expected_ones_and_make_the_arrays_race_free() {
    for path in files() {
        let text = std::fs::read_to_string(&path).expect("reads");
        let expected = header(&text, "suggest-precondition");
        let r = check_file(&path, &suggesting());
        let races = races(&r);
        assert!(!races.is_empty(), "{}: no race", path.display());
        let given: Vec<&str> = races
            .iter()
            .filter_map(|(_, a)| a.precondition.as_ref().map(|p| p.expr.as_str()))
            .collect();
        if expected == "none" {
            assert!(given.is_empty(), "{}: {given:?}", path.display());
            continue;
        }
        // One race gets the expected precondition; another may get it
        // with a sign added, when the suggestion checks' budget could not
        // decide the weaker candidate for it (every one is checked below).
        assert!(
            given.contains(&expected.as_str()),
            "{}: {given:?}",
            path.display()
        );
        let implies = |g: &&str| *g == expected || g.ends_with(&format!(" && {expected}"));
        assert!(given.iter().all(implies), "{}: {given:?}", path.display());
        for (kernel, a) in races.iter().filter(|(_, a)| a.precondition.is_some()) {
            let function = kernel.split(" (").next().expect("a name");
            let own = a
                .precondition
                .as_ref()
                .expect("a precondition")
                .expr
                .clone();
            let flags = Flags {
                assume: vec![own.clone()],
                kernel: Some(function.to_string()),
                ..Flags::default()
            };
            let again = check_file(&path, &flags);
            let v = verdict(&again, kernel, &a.check.array);
            assert!(
                v.is_drf(),
                "{}: {kernel} under {own}: {v:?}",
                path.display()
            );
        }
    }
}

#[test]
fn the_suggested_fixes_are_the_expected_ones_and_make_the_arrays_race_free() {
    for path in files() {
        let text = std::fs::read_to_string(&path).expect("reads");
        let expected = header(&text, "suggest-fix");
        let r = check_file(&path, &suggesting());
        let fixes: Vec<(&str, &CheckedArray, u32)> = races(&r)
            .into_iter()
            .filter_map(|(k, a)| a.fix.as_ref().map(|f| (k, a, f.line)))
            .collect();
        if expected == "none" {
            assert!(fixes.is_empty(), "{}: {:?}", path.display(), fixes.len());
            continue;
        }
        let (replace, line) = match expected.strip_prefix("replace ") {
            Some(l) => (true, l),
            None => (false, expected.as_str()),
        };
        let line: u32 = line.parse().expect("a line number");
        assert!(!fixes.is_empty(), "{}: no fix", path.display());
        for (kernel, a, at) in fixes {
            assert_eq!(at, line, "{}", path.display());
            let fix = a.fix.as_ref().expect("a fix");
            assert_eq!(fix.replace, replace, "{}", path.display());
            let tmp = tempfile::tempdir().expect("tempdir");
            let copy = tmp.path().join(path.file_name().expect("a name"));
            let mut lines: Vec<&str> = text.lines().collect();
            if replace {
                lines[at as usize - 1] = &fix.insert;
            } else {
                lines.insert(at as usize - 1, "__syncthreads();");
            }
            std::fs::write(&copy, lines.join("\n")).expect("writes");
            let again = check_file(&copy, &Flags::default());
            let v = verdict(&again, kernel, &a.check.array);
            assert!(v.is_drf(), "{}: fixed {kernel}: {v:?}", path.display());
            assert!(
                no_divergence(&again),
                "{}: the fix diverges",
                path.display()
            );
        }
    }
}

#[test]
fn without_the_flag_nothing_is_suggested() {
    for path in files() {
        let r = check_file(&path, &Flags::default());
        for (_, a) in races(&r) {
            assert!(a.precondition.is_none() && a.fix.is_none());
        }
    }
}
