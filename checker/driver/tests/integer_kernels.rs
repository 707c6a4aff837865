//! The exact-integer kernels (`kernels/cuda/integers/`) through the front
//! end and the checker, in this crate so that the mutation runs of
//! `infer/integers.rs` and `lin.rs` see them (see
//! proofs-notes/mutation-testing.md; `checker/cli/tests/integer_kernels.rs`
//! runs the same files through `mapcheck suite`).

mod common;

use mapcheck_frontend::load;
use mapcheck_frontend::options::Flags;
use std::path::{Path, PathBuf};

#[test]
fn integer_kernels_meet_their_expectations_in_the_front_end() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../kernels/cuda/integers");
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .expect("kernels/cuda/integers")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "cu"))
        .collect();
    files.sort();
    assert!(files.len() >= 20, "{files:?}");
    let wrong = common::unmet_expectations(files.iter().map(PathBuf::as_path));
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

/// The bound on wide parameters is stated for an `unsigned` one and not
/// for an `int` one (whose range already is below 2^31), and
/// `--large-params` drops it.
#[test]
fn only_wide_parameters_are_assumed_below_2_to_the_31() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../kernels/cuda/integers");
    let notes = |file: &str, flags: &Flags| -> Vec<String> {
        let loaded = load(&dir.join(file), flags).expect("loads");
        loaded.kernels.iter().flat_map(|k| k.assumed()).collect()
    };
    let wide = "smaller than 2^31";
    let unsigned = notes("unsigned-grid-stride-drf.cu", &Flags::default());
    assert!(
        unsigned
            .iter()
            .any(|n| n.contains("`n`") && n.contains(wide)),
        "{unsigned:?}"
    );
    let int = notes("negative-param-drf.cu", &Flags::default());
    assert!(!int.iter().any(|n| n.contains(wide)), "{int:?}");
    let large = Flags {
        large_params: true,
        ..Flags::default()
    };
    let dropped = notes("unsigned-grid-stride-drf.cu", &large);
    assert!(!dropped.iter().any(|n| n.contains(wide)), "{dropped:?}");
}

/// Each parameter of a C kernel has its C type, width and signedness.
#[test]
fn kernel_parameters_have_their_c_types() {
    use mapcheck_ir::kernel::{IntType, Param};
    let src = "typedef unsigned long size_t;\n__global__ void k(const float *x, int n, size_t m, unsigned char c) {}\n";
    let loaded =
        mapcheck_frontend::load_source(Path::new("k.cu"), src, &Flags::default()).expect("loads");
    let int = |bits, signed| Some(IntType { bits, signed });
    let param = |name: &str, c_type: &str, int| Param {
        name: name.into(),
        c_type: c_type.into(),
        int,
    };
    assert_eq!(
        loaded.kernels[0].params,
        vec![
            param("x", "const float *", None),
            param("n", "int", int(32, true)),
            param("m", "size_t", int(64, false)),
            param("c", "unsigned char", int(8, false)),
        ]
    );
}
