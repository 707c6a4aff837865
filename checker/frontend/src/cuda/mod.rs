//! The CUDA front end (Sec. 6 of `seeds/000`, "Inference"): libclang parses
//! the file as CUDA device code with mapcheck's prelude (no CUDA SDK
//! needed), [`convert`] turns cursors into a small syntax tree, and
//! [`infer`] runs every `__global__` function symbolically, emitting one
//! protocol per array (shared arrays and scalars, pointer parameters,
//! `__device__` globals).
//!
//! Threads are `threadIdx.{x,y,z}` below `blockDim.{x,y,z}`; `blockIdx` is
//! shared by both threads (a parameter below `gridDim`) unless
//! `--grid-level`.  Integers are modelled as described in [`lin`]: C's
//! signed arithmetic is exact for `+ - *` and comparisons; integer kernel
//! parameters are assumed non-negative (protocol variables range over ℕ).

pub mod ast;
pub mod clang;
pub mod convert;
pub mod infer;
pub mod lin;
pub mod scope;

use super::{decode_source, read_source_bytes, LoadError, LoadOptions};
use crate::options as flags;
use mapcheck_core::kernel::{Kernel, Provenance, ThreadModel};
use semantics::expr::{BExp, NExp, ROp};
use semantics::surface::{parse::parse_header, Assumption, Program, Span};
use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

pub const DIMS: [&str; 3] = ["x", "y", "z"];

/// Loads every kernel of a `.cu` file.  The flags of the file's header
/// (`//--blockDim=… -DN=4`) apply; command-line `-D`/`-I` come on top, and
/// the file's own directory (`.` for a bare file name) ends the include
/// path, before mapcheck's CUDA headers.  clang
/// reads the file's bytes as they are; the text kept for reports is
/// decoded by [`decode_source`] (UTF-8, else Latin-1), so positions agree.
pub fn load(path: &Path, opts: &LoadOptions) -> Result<Vec<Kernel>, LoadError> {
    let bytes = read_source_bytes(path)?;
    let source = decode_source(&bytes);
    let header = parse_header(&source);
    let file_flags = flags::parse_flags(&header.flags);
    let mut defines = file_flags.defines.clone();
    defines.extend(opts.defines.iter().cloned());
    let mut includes = file_flags.includes.clone();
    includes.extend(opts.includes.iter().cloned());
    includes.push(file_dir(path));
    let tu = clang::Tu::parse(path, &bytes, &defines, &includes)
        .map_err(|diags| parse_error(path, diags))?;
    let unit = convert::Converter { tu: &tu }.unit();
    drop(tu);
    let kernels: Vec<&ast::Func> = unit
        .funcs
        .iter()
        .filter(|f| f.is_kernel && f.in_main_file)
        .filter(|f| opts.kernel.as_ref().is_none_or(|k| *k == f.name))
        .collect();
    if let (Some(k), true) = (&opts.kernel, kernels.is_empty()) {
        return Err(LoadError::new(path, 0, 0, format!("no kernel named `{k}`")));
    }
    let mut out = Vec::new();
    for f in kernels {
        let mut scopes = vec![build_kernel(path, &source, &unit, f, false).0];
        if !opts.block_level {
            let (k, shared) = build_kernel(path, &source, &unit, f, true);
            scopes.push(scope::across_blocks(k, &shared));
        }
        let mentioned = scope::builtins_used(&unit, f);
        for mut k in scopes {
            k.program.header = header.clone();
            if !opts.all_dims {
                let fixed: Vec<&str> = [
                    ("blockDim", file_flags.block_dim.is_some()),
                    ("gridDim", file_flags.grid_dim.is_some()),
                ]
                .iter()
                .filter(|(_, f)| *f)
                .map(|(d, _)| *d)
                .collect();
                scope::default_dimensions(&mut k, &mentioned, &fixed);
            }
            flags::apply_dims(
                &mut k,
                file_flags.block_dim.as_deref(),
                file_flags.grid_dim.as_deref(),
            );
            out.push(k);
        }
    }
    Ok(out)
}

/// The directory of a file: `.` for a bare file name (`k.cu`), whose
/// parent is the empty path.
fn file_dir(path: &Path) -> PathBuf {
    match path.parent() {
        Some(dir) if !dir.as_os_str().is_empty() => dir.to_path_buf(),
        _ => PathBuf::from("."),
    }
}

fn parse_error(path: &Path, diags: Vec<clang::Diagnostic>) -> LoadError {
    let (line, col) = diags.first().map(|d| (d.line, d.col)).unwrap_or((0, 0));
    let text: Vec<String> = diags.into_iter().map(|d| d.text).collect();
    LoadError::new(
        path,
        line,
        col,
        format!("the file does not compile:\n{}", text.join("\n")),
    )
}

/// The thread model: `threadIdx` below `blockDim`, plus `blockIdx` below
/// `gridDim` when blocks may race with each other.
pub fn thread_model(grid_level: bool) -> ThreadModel {
    let mut ids: Vec<_> = DIMS
        .iter()
        .map(|d| {
            (
                format!("threadIdx.{d}"),
                NExp::var(&format!("blockDim.{d}")),
            )
        })
        .collect();
    if grid_level {
        ids.extend(
            DIMS.iter()
                .map(|d| (format!("blockIdx.{d}"), NExp::var(&format!("gridDim.{d}")))),
        );
    }
    ThreadModel { ids }
}

/// What CUDA guarantees about dimensions: at least one thread and block
/// per dimension, and (block level) the block index within the grid.
fn dimension_assumptions(grid_level: bool) -> Vec<Assumption> {
    let mut out = Vec::new();
    for d in DIMS {
        for dim in ["blockDim", "gridDim"] {
            out.push(BExp::rel(
                ROp::Ge,
                NExp::var(&format!("{dim}.{d}")),
                NExp::num(1),
            ));
        }
        if !grid_level {
            out.push(BExp::rel(
                ROp::Lt,
                NExp::var(&format!("blockIdx.{d}")),
                NExp::var(&format!("gridDim.{d}")),
            ));
        }
    }
    out.into_iter()
        .map(|cond| Assumption {
            cond,
            span: Span::default(),
        })
        .collect()
}

fn build_kernel(
    path: &Path,
    source: &str,
    unit: &ast::Unit,
    f: &ast::Func,
    grid_level: bool,
) -> (Kernel, BTreeSet<String>) {
    let mut reserved: Vec<String> = f.params.iter().map(|p| p.name.clone()).collect();
    for d in DIMS {
        for b in ["threadIdx", "blockIdx", "blockDim", "gridDim"] {
            reserved.push(format!("{b}.{d}"));
        }
    }
    reserved.extend(["tid", "T"].map(String::from));
    let out = infer::Infer::new(unit, reserved)
        .grid_level(grid_level)
        .kernel(f);
    let mut program = Program {
        body: out.body,
        ..Program::default()
    };
    program.assumptions = dimension_assumptions(grid_level);
    program.assumptions.extend(out.assumptions);
    let free: BTreeSet<String> = program.free_vars();
    program.locals = out
        .locals
        .into_iter()
        .filter(|x| free.contains(x))
        .collect();
    let unknowns: Vec<_> = out
        .unknowns
        .into_iter()
        .filter(|u| free.contains(&u.var))
        .collect();
    let provenance = if unknowns.is_empty() && !out.approximate {
        Provenance::CudaExact
    } else {
        Provenance::CudaApproximated
    };
    let kernel = Kernel {
        name: f.name.clone(),
        file: path.to_path_buf(),
        source: source.to_string(),
        program,
        threads: thread_model(grid_level),
        unknowns,
        unsupported: out.unsupported,
        provenance,
        launch: out.notes,
    };
    (kernel, out.shared)
}
