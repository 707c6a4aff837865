//! Projects as input, end to end through the `mapcheck` binary
//! (`docs/command-line.md`, "Projects"): a directory means its translation
//! units; a fragment is checked through the file that includes it; bad
//! input is a located message and exit status 2, never a panic.  Every
//! project is written by the test into a temporary directory.  Needs
//! libclang (scripts/setup.sh).

use std::path::Path;
use std::process::{Command, Output};

fn mapcheck(dir: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_mapcheck"))
        .current_dir(dir)
        .args(args)
        .output()
        .expect("mapcheck runs")
}

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

fn text(o: &Output) -> String {
    format!("{}{}", stdout(o), String::from_utf8_lossy(&o.stderr))
}

fn write(dir: &Path, name: &str, text: &str) {
    let path = dir.join(name);
    std::fs::create_dir_all(path.parent().expect("a parent")).expect("creates");
    std::fs::write(path, text).expect("writes");
}

/// No panic, whatever the input: Rust's panic message is never printed.
fn no_panic(o: &Output) {
    assert!(!text(o).contains("panicked"), "{}", text(o));
}

/// A main file that includes two kernel fragments, and a host-only file:
/// each kernel is checked once, through the main file.
fn fragments_project(dir: &Path) {
    write(
        dir,
        "app/inc.cu",
        "__global__ void inc(int *a) { a[threadIdx.x] += 1; }\n",
    );
    write(
        dir,
        "app/kernels/scale.cu",
        "__global__ void scale(int *b, int k) { b[threadIdx.x] *= k; }\n",
    );
    write(
        dir,
        "app/main.cu",
        "#include \"inc.cu\"\n#include \"kernels/scale.cu\"\n\
         int main() { int *a = 0; inc<<<1, 64>>>(a); scale<<<1, 64>>>(a, 2); return 0; }\n",
    );
    write(
        dir,
        "app/device.cu",
        "int pick_device(int n) { return n > 1 ? 1 : 0; }\n",
    );
}

#[test]
fn a_directory_checks_each_kernel_once_through_the_file_that_includes_it() {
    let dir = tempfile::tempdir().unwrap();
    fragments_project(dir.path());
    let out = mapcheck(dir.path(), &["check", "app"]);
    no_panic(&out);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out));
    let report = stdout(&out);
    for kernel in ["kernel `inc", "kernel `scale"] {
        let lines = report.lines().filter(|l| l.contains(kernel)).count();
        // One line per scope (within a block, across blocks), once.
        assert_eq!(lines, 2, "{kernel} checked once:\n{}", text(&out));
    }
    let all = text(&out);
    assert!(
        all.contains("app/inc.cu: note: included by `app/main.cu`"),
        "{all}"
    );
    assert!(all.contains("app/device.cu: note: host code only"), "{all}");
    assert!(!all.contains("error"), "{all}");
    assert!(
        report.ends_with(
            "summary: 2 translation units (1 host code only), 2 fragments checked through \
             their includers, 2 kernels: 2 DRF, 0 racy, 0 unknown; 0 unreadable\n"
        ),
        "{all}"
    );
    let out = mapcheck(dir.path(), &["check", "app", "--format", "json"]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out));
    let doc: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
    for key in ["version", "errors", "kernels"] {
        assert!(doc.get(key).is_some(), "schema version 1 keeps `{key}`");
    }
    let units: Vec<(String, String, String)> = doc["translation_units"]
        .as_array()
        .expect("a list")
        .iter()
        .map(|u| {
            let s = |k: &str| u[k].as_str().unwrap_or("").to_string();
            (s("file"), s("role"), s("status"))
        })
        .collect();
    let unit = |f: &str, r: &str, s: &str| (f.to_string(), r.to_string(), s.to_string());
    assert_eq!(
        units,
        vec![
            unit("app/device.cu", "unit", "host-only"),
            unit("app/inc.cu", "fragment", "included"),
            unit("app/kernels/scale.cu", "fragment", "included"),
            unit("app/main.cu", "unit", "checked"),
        ]
    );
    assert_eq!(doc["translation_units"][1]["included_by"], "app/main.cu");
}

/// A file without kernels given by name is host code too: a note, exit
/// status 0, as for a race-free file.
#[test]
fn a_host_only_file_is_a_note_not_an_error() {
    let dir = tempfile::tempdir().unwrap();
    fragments_project(dir.path());
    let out = mapcheck(dir.path(), &["check", "app/device.cu"]);
    no_panic(&out);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out));
    assert!(
        text(&out).contains("app/device.cu: note: host code only"),
        "{}",
        text(&out)
    );
}

#[test]
fn a_directory_without_a_cu_file_is_an_error_about_it() {
    let dir = tempfile::tempdir().unwrap();
    write(dir.path(), "empty/readme.txt", "no kernels here\n");
    let out = mapcheck(dir.path(), &["check", "empty"]);
    no_panic(&out);
    assert_eq!(out.status.code(), Some(2), "{}", text(&out));
    assert!(
        text(&out).contains("empty: error: no `.cu` file under this directory"),
        "{}",
        text(&out)
    );
}

/// A link to an ancestor is walked once; a loop of links to a `.cu` file
/// is a located error, and the rest is still checked.
#[cfg(unix)]
#[test]
fn symbolic_link_loops_end_the_walk_with_a_located_error() {
    use std::os::unix::fs::symlink;
    let dir = tempfile::tempdir().unwrap();
    write(
        dir.path(),
        "p/k.cu",
        "__global__ void k(int *a) { a[threadIdx.x] = 0; }\n",
    );
    symlink(dir.path().join("p"), dir.path().join("p/again")).unwrap();
    let out = mapcheck(dir.path(), &["check", "p"]);
    no_panic(&out);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out));
    let checked = stdout(&out)
        .lines()
        .filter(|l| l.contains("kernel `k"))
        .count();
    assert_eq!(checked, 2, "walked once:\n{}", text(&out));

    symlink("b.cu", dir.path().join("p/a.cu")).unwrap();
    symlink("a.cu", dir.path().join("p/b.cu")).unwrap();
    let out = mapcheck(dir.path(), &["check", "p"]);
    no_panic(&out);
    assert_eq!(out.status.code(), Some(2), "{}", text(&out));
    assert!(
        text(&out).contains("p/a.cu: error: cannot read:"),
        "{}",
        text(&out)
    );

    let only_links = dir.path().join("q");
    std::fs::create_dir(&only_links).unwrap();
    symlink(&only_links, only_links.join("loop")).unwrap();
    let out = mapcheck(dir.path(), &["check", "q"]);
    no_panic(&out);
    assert_eq!(out.status.code(), Some(2), "{}", text(&out));
    assert!(
        text(&out).contains("no `.cu` file under this directory"),
        "{}",
        text(&out)
    );
}

/// A project whose kernel compiles only with its compilation database's
/// `-I` (for `config.h`), `-D` (for `SCALE`) and `-include` (for
/// `OFFSET`); the database also names a host file, which is not a CUDA
/// translation unit.
fn database_project(dir: &Path) {
    write(dir, "proj/include/config.h", "#define STRIDE 2\n");
    write(dir, "proj/include/pre.h", "#define OFFSET 1\n");
    write(
        dir,
        "proj/src/k.cu",
        "#include \"config.h\"\n\
         __global__ void k(int *a) { a[threadIdx.x * STRIDE + OFFSET] = SCALE; }\n",
    );
    let build = dir.join("proj/build");
    let commands = serde_json::json!([
        {
            "directory": build,
            "arguments": ["nvcc", "-I../include", "-D", "SCALE=3", "-include", "../include/pre.h",
                          "-std=c++14", "-c", "../src/k.cu"],
            "file": "../src/k.cu"
        },
        {
            "directory": build,
            "command": "c++ -c ../src/main.cpp",
            "file": "../src/main.cpp"
        }
    ]);
    write(
        dir,
        "proj/build/compile_commands.json",
        &commands.to_string(),
    );
}

#[test]
fn a_compilation_database_gives_each_unit_its_include_directories_and_definitions() {
    let dir = tempfile::tempdir().unwrap();
    database_project(dir.path());
    // Alone, the kernel does not compile: no `config.h`, no `SCALE`.
    let alone = mapcheck(dir.path(), &["check", "proj/src/k.cu"]);
    assert_ne!(alone.status.code(), Some(0), "{}", text(&alone));
    // The database in `build/` is found; `-p` names it.
    for args in [
        &["check", "proj"][..],
        &["check", "-p", "proj/build", "proj"],
        &["check", "-p", "proj/build", "proj/src/k.cu"],
    ] {
        let out = mapcheck(dir.path(), args);
        no_panic(&out);
        assert_eq!(out.status.code(), Some(0), "{args:?}: {}", text(&out));
        let all = text(&out);
        assert!(all.contains("kernel `k`, array `a`: drf"), "{all}");
        assert!(!all.contains("warning"), "{all}");
        assert!(!all.contains("main.cpp"), "{all}");
    }
}

#[test]
fn a_bad_compilation_database_is_a_located_error() {
    let dir = tempfile::tempdir().unwrap();
    write(
        dir.path(),
        "p/k.cu",
        "__global__ void k(int *a) { a[0] = 1; }\n",
    );
    write(
        dir.path(),
        "p/compile_commands.json",
        "[\n  {\"file\": \"k.cu\",,\n",
    );
    let out = mapcheck(dir.path(), &["check", "p"]);
    no_panic(&out);
    assert_eq!(out.status.code(), Some(2), "{}", text(&out));
    assert!(
        text(&out)
            .contains("p/compile_commands.json:2:19: error: not a compilation database: not JSON"),
        "{}",
        text(&out)
    );

    let commands = serde_json::json!([
        {"directory": dir.path().join("p"), "command": "nvcc -c gone.cu", "file": "gone.cu"}
    ]);
    write(dir.path(), "p/compile_commands.json", &commands.to_string());
    let out = mapcheck(dir.path(), &["check", "p"]);
    no_panic(&out);
    assert_eq!(out.status.code(), Some(2), "{}", text(&out));
    assert!(
        text(&out).contains("p/compile_commands.json: error: names `"),
        "{}",
        text(&out)
    );
    assert!(
        text(&out).contains("gone.cu`, which is not a file"),
        "{}",
        text(&out)
    );
}
