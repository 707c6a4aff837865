//! A report names what the user wrote even where mapcheck renames things
//! apart inside (`docs/reports.md`): a `__shared__` array that has the name
//! of a file-scope variable is reported under its own name.

use mapcheck_core::verdict::Verdict;
use mapcheck_driver::pipeline::check_file;
use mapcheck_frontend::options::Flags;
use std::path::Path;

#[test]
fn a_shared_array_renamed_apart_is_reported_by_its_name() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../kernels/cuda/reports/shadowed-shared-name-racy.cu");
    let r = check_file(&path, &Flags::default());
    let k = &r.kernels[0];
    let names: Vec<&str> = k.arrays.iter().map(|a| a.check.array.as_str()).collect();
    assert!(names.contains(&"result"), "{names:?}");
    let a = k
        .arrays
        .iter()
        .find(|a| a.check.array == "result")
        .expect("result");
    let Verdict::Racy(w) = a.verdict() else {
        panic!("{:?}", a.verdict());
    };
    let c = w.in_c.as_ref().expect("C terms");
    assert_eq!(c.array, "result");
    assert!(
        c.accesses.iter().all(|x| x.array == "result"),
        "{:?}",
        c.accesses
    );
}
