//! The crate table of ARCHITECTURE.md is enforced: no crate reaches,
//! directly or through others (its own dev-dependencies included), a crate
//! its "may not depend on" column names.  The table is read from the
//! document itself, so the two cannot drift apart; the graph is Cargo's
//! (`cargo metadata`, resolved from `Cargo.lock`).

use serde_json::Value;
use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;
use std::process::Command;

fn root() -> &'static Path {
    Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/../.."))
}

/// Each workspace crate's forbidden dependencies, as ARCHITECTURE.md's
/// crate table states them.
fn forbidden() -> BTreeMap<String, BTreeSet<String>> {
    let text = std::fs::read_to_string(root().join("ARCHITECTURE.md")).expect("ARCHITECTURE.md");
    let section = text
        .split("\n## ")
        .find(|s| s.starts_with("Crates"))
        .expect("a section \"Crates\"");
    let rows: Vec<Vec<String>> = section
        .lines()
        .filter(|l| l.starts_with("| `"))
        .map(|l| {
            l.split(" | ")
                .map(|c| c.trim_matches('|').trim().to_string())
                .collect()
        })
        .filter(|cells: &Vec<String>| cells.len() == 3)
        .collect();
    let crates: Vec<String> = rows.iter().map(|r| first_code(&r[0])).collect();
    let mapcheck: BTreeSet<String> = crates
        .iter()
        .filter(|c| c.starts_with("mapcheck"))
        .cloned()
        .collect();
    rows.iter()
        .zip(&crates)
        .map(|(row, name)| (name.clone(), parse_forbidden(&row[2], name, &mapcheck)))
        .collect()
}

/// The first `code` span of a cell (`mapcheck-ir` in "`mapcheck-ir` (`checker/ir/`)").
fn first_code(cell: &str) -> String {
    cell.split('`').nth(1).unwrap_or(cell).to_string()
}

/// "frontend, driver, `z3`" → the crate names; "any `mapcheck-*` crate"
/// (or "any other …") → every `mapcheck` crate but `me`.
fn parse_forbidden(cell: &str, me: &str, mapcheck: &BTreeSet<String>) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    for item in cell.split(", ").map(|s| s.trim().trim_matches('`')) {
        match item {
            "—" | "" => {}
            s if s.starts_with("any ") => {
                out.extend(mapcheck.iter().filter(|c| *c != me).cloned());
            }
            "cli" => {
                out.insert("mapcheck".to_string());
            }
            s if s.contains('-') || s == "semantics" || s == "z3" => {
                out.insert(s.to_string());
            }
            s => {
                out.insert(format!("mapcheck-{s}"));
            }
        }
    }
    out
}

/// Cargo's resolved graph: package name → names of its dependencies, of
/// the given kinds (`None` is a normal dependency).
fn graph(kinds: &[Option<&str>]) -> Graph {
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    // This platform's packages only: those are the ones a build fetched,
    // so no download is needed.
    let out = Command::new(cargo)
        .args(["metadata", "--format-version", "1", "--locked", "--offline"])
        .args(["--filter-platform", &host()])
        .current_dir(root())
        .output()
        .expect("cargo metadata runs");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let meta: Value = serde_json::from_slice(&out.stdout).expect("metadata is JSON");
    let names: BTreeMap<&str, &str> = meta["packages"]
        .as_array()
        .expect("packages")
        .iter()
        .map(|p| (p["id"].as_str().unwrap(), p["name"].as_str().unwrap()))
        .collect();
    let mut g = BTreeMap::new();
    for node in meta["resolve"]["nodes"].as_array().expect("resolve") {
        let deps = node["deps"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|d| {
                d["dep_kinds"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .any(|k| kinds.contains(&k["kind"].as_str()))
            })
            .map(|d| names[d["pkg"].as_str().unwrap()].to_string())
            .collect();
        g.insert(names[node["id"].as_str().unwrap()].to_string(), deps);
    }
    g
}

/// The host's target triple, as rustc states it.
fn host() -> String {
    let rustc = std::env::var("RUSTC").unwrap_or_else(|_| "rustc".into());
    let out = Command::new(rustc)
        .arg("-vV")
        .output()
        .expect("rustc -vV runs");
    String::from_utf8_lossy(&out.stdout)
        .lines()
        .find_map(|l| l.strip_prefix("host: ").map(str::to_string))
        .expect("rustc names its host")
}

type Graph = BTreeMap<String, BTreeSet<String>>;

/// Everything `start` reaches: its own dependencies of any kind (`own`),
/// then theirs that are built into it (normal and build: `built`).
fn reach(start: &str, own: &Graph, built: &Graph) -> BTreeSet<String> {
    let mut seen = BTreeSet::new();
    let mut todo: Vec<String> = own
        .get(start)
        .cloned()
        .unwrap_or_default()
        .into_iter()
        .collect();
    while let Some(c) = todo.pop() {
        if seen.insert(c.clone()) {
            todo.extend(built.get(&c).cloned().unwrap_or_default());
        }
    }
    seen
}

#[test]
fn no_crate_reaches_what_architecture_forbids() {
    let table = forbidden();
    // The table names every crate of the pipeline.
    for c in [
        "semantics",
        "mapcheck-ir",
        "mapcheck-core",
        "mapcheck-frontend",
        "mapcheck-report",
    ] {
        assert!(
            table.contains_key(c),
            "ARCHITECTURE.md's table lacks {c}: {table:?}"
        );
    }
    assert!(table["mapcheck-frontend"].contains("mapcheck-core"));
    assert!(table["mapcheck-ir"].contains("z3") && table["mapcheck-ir"].contains("clang-sys"));
    let own = graph(&[None, Some("build"), Some("dev")]);
    let built = graph(&[None, Some("build")]);
    let mut broken = Vec::new();
    for (krate, banned) in &table {
        assert!(
            own.contains_key(krate),
            "{krate} is not a crate of the workspace"
        );
        let reached = reach(krate, &own, &built);
        for b in banned.intersection(&reached) {
            broken.push(format!("{krate} depends on {b}"));
        }
    }
    assert!(broken.is_empty(), "{broken:#?}");
}

#[test]
fn the_table_parser_reads_each_form() {
    let all: BTreeSet<String> = ["mapcheck-ir", "mapcheck-core", "mapcheck"]
        .map(String::from)
        .into();
    let p = |cell: &str| parse_forbidden(cell, "mapcheck-ir", &all);
    assert_eq!(
        p("core, cli, `z3`"),
        ["mapcheck-core", "mapcheck", "z3"].map(String::from).into()
    );
    assert_eq!(
        p("any other `mapcheck-*` crate, `clang-sys`"),
        ["mapcheck-core", "mapcheck", "clang-sys"]
            .map(String::from)
            .into()
    );
    assert!(p("—").is_empty());
}
