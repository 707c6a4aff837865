//! The CUDA front end (Sec. 6 of `seeds/000`, "Inference"): libclang parses
//! the file as CUDA device code with mapcheck's prelude (no CUDA SDK
//! needed), [`convert`] turns cursors into a small syntax tree, and
//! [`infer`] runs every `__global__` function symbolically, emitting one
//! protocol per array (shared arrays and scalars, pointer parameters,
//! `__device__` globals).
//!
//! Threads are `threadIdx.{x,y,z}` below `blockDim.{x,y,z}`; `blockIdx` is
//! shared by both threads (a parameter below `gridDim`) in the kernel
//! checked within a block; [`scope`] derives the kernel checked across
//! blocks (unless `--block-level`).  Integers are exact C integers: see
//! [`lin`] (signed values as differences of naturals) and
//! `infer::integers` (unsigned wrap-around, conversions, typed unknowns).

pub mod ast;
pub mod clang;
pub mod convert;
mod dims;
mod header_hints;
mod host_contexts;
mod host_facts;
mod host_flow;
mod host_guards;
mod host_loops;
mod host_nullness;
mod host_values;
pub mod infer;
mod instantiate;
mod launches;
mod library;
pub mod lin;
pub mod mentions;
mod params;
mod partial;
pub mod rewrite;
pub mod scope;

use super::{Diagnostic, LoadOptions};
use dims::LaunchLimits;
use mapcheck_ir::kernel::{
    IntType, Kernel, Origin, Param, Provenance, Scope, ThreadModel, OTHER_SUFFIX,
};
use semantics::expr::{BExp, NExp, ROp};
use semantics::surface::{Assumption, Program, Span};
use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

pub const DIMS: [&str; 3] = ["x", "y", "z"];

/// Loads every kernel of a `.cu` file (or only `opts.kernel`) with the
/// options merged from its header and the command line
/// ([`crate::options::merge`]): `-D`, `-I`, the scopes, and the fixed
/// dimensions, which become assumptions.  The file's own directory (`.`
/// for a bare file name) ends the include path, before mapcheck's CUDA
/// headers.  clang reads the file's `bytes` as they are; `source` is their
/// text as kept for reports ([`crate::decode_source`]: UTF-8, else
/// Latin-1), so positions agree.
pub fn load(
    path: &Path,
    bytes: &[u8],
    source: &str,
    opts: &LoadOptions,
) -> Result<(Vec<Kernel>, Vec<Diagnostic>), Diagnostic> {
    let mut includes = opts.includes.clone();
    includes.push(file_dir(path));
    let (tu, errors) =
        clang::Tu::parse_partial_with(path, bytes, &opts.defines, &includes, &opts.extra_args)
            .map_err(|diags| parse_error(path, diags))?;
    let missing = tu.missing.clone();
    let unit = convert::Converter::new(&tu).unit();
    let lost = mentions::lost(&tu, &unit, &errors, path);
    let (mut unit, errors, instances) =
        with_instances(path, tu, unit, errors, bytes, opts, &includes);
    unit.lost_mentions = lost;
    partial::withhold_facts(&mut unit, &errors, path);
    let instance_of = |f: &ast::Func| instance_of(&unit, &instances, f);
    let kernels = selected_kernels(&unit, &instances, opts);
    if let (Some(k), true) = (&opts.kernel, kernels.is_empty()) {
        return Err(Diagnostic::error(format!("no kernel named `{k}`")).in_file(path));
    }
    // Every kernel found is checked, or `unknown` at the errors that touch
    // it (`partial.rs`), even when none compiles.  Errors and no kernel
    // found in a file whose text declares one: the errors hid the
    // kernels, and the file is rejected (exit 2).  A file with no kernel
    // at all is host code: no kernels, its errors warnings (the driver
    // notes `host code only`, never an error).
    if kernels.is_empty() && !errors.is_empty() && partial::declares_kernel(source) {
        return Err(parse_error(path, errors));
    }
    let mut out = Vec::new();
    let mut used_errors = vec![false; errors.len()];
    let names = identifiers(source);
    for &f in &kernels {
        let hits = errors_reaching(&errors, &mut used_errors, &unit, f, path);
        let main = KernelFile {
            path,
            source,
            names: &names,
        };
        let mut scopes = load_kernel(&main, &unit, f, opts, instance_of(f), &hits);
        for k in &mut scopes {
            k.notes
                .extend(missing.iter().map(partial::stand_in_assumption));
        }
        out.extend(scopes);
    }
    let template_params: BTreeSet<String> = kernels
        .iter()
        .filter_map(|f| instance_of(f))
        .flat_map(|i| i.parameters.clone())
        .collect();
    if let Some(d) = unknown_param(&kernels, &out, &template_params, opts, path) {
        return Err(d);
    }
    if let Some(d) = params::misplaced_negative(&kernels, opts, path) {
        return Err(d);
    }
    let missing_notes = missing.iter().map(|m| partial::stand_in_warning(m, path));
    let warnings = missing_notes
        .chain(
            errors
                .iter()
                .zip(used_errors)
                .filter(|(_, used)| !used)
                .map(|(e, _)| partial::warning(e, path)),
        )
        .collect();
    Ok((out, warnings))
}

/// A `--param` that names nothing of the checked kernels — neither a C
/// parameter of one, nor a template parameter of one (`templates`), nor
/// a free variable of its protocol, nor a launch dimension
/// (`blockDim.x`): an error rather than a flag silently ignored (a
/// misspelt name).
fn unknown_param(
    funcs: &[&ast::Func],
    kernels: &[Kernel],
    templates: &BTreeSet<String>,
    opts: &LoadOptions,
    path: &Path,
) -> Option<Diagnostic> {
    if funcs.is_empty() {
        return None;
    }
    let c_params: BTreeSet<String> = funcs
        .iter()
        .flat_map(|f| f.params.iter().map(|p| p.name.clone()))
        .collect();
    let free: BTreeSet<String> = kernels
        .iter()
        .flat_map(|k| k.program.parameters())
        .collect();
    let dims = ["blockDim", "gridDim"]
        .iter()
        .flat_map(|b| DIMS.map(|d| format!("{b}.{d}")));
    let (x, _) = opts.params.iter().find(|(x, _)| {
        !c_params.contains(*x)
            && !templates.contains(*x)
            && !free.contains(*x)
            && !dims.clone().any(|d| d == **x)
    })?;
    let list: Vec<String> = c_params.into_iter().collect();
    let msg = format!(
        "--param {x}: `{x}` is not a parameter of the kernels of this file (parameters: {}; dimensions: blockDim.x … gridDim.z)",
        match list.is_empty() {
            true => "none".to_string(),
            false => list.join(", "),
        }
    );
    Some(Diagnostic::error(msg).in_file(path))
}

/// The kernels of `unit` to check: the user's, in the file or in a
/// project header it includes (not in the CUDA or system headers); a
/// template kernel with instances is checked as them; only
/// `opts.kernel` when given.
fn selected_kernels<'u>(
    unit: &'u ast::Unit,
    instances: &[instantiate::Instance],
    opts: &LoadOptions,
) -> Vec<&'u ast::Func> {
    unit.funcs
        .iter()
        .filter(|f| f.is_kernel && !f.library)
        .filter(|f| !instances.iter().any(|i| i.template == f.key))
        .filter(|f| {
            let base = f.name.split('<').next().unwrap_or(&f.name);
            opts.kernel
                .as_ref()
                .is_none_or(|k| *k == f.name || k == base)
        })
        .collect()
}

/// The parse errors in kernel `f` or in code it reaches, marked in
/// `used`.  Partial input: they make the kernel `unknown` with the
/// error; errors elsewhere are warnings.
fn errors_reaching<'e>(
    errors: &'e [clang::Diagnostic],
    used: &mut [bool],
    unit: &ast::Unit,
    f: &ast::Func,
    path: &Path,
) -> Vec<&'e clang::Diagnostic> {
    let reach = partial::reachable(unit, f);
    errors
        .iter()
        .enumerate()
        .filter(|(_, e)| partial::touches(e, &reach, unit, path))
        .map(|(i, e)| {
            used[i] = true;
            e
        })
        .collect()
}

/// The kernels that check `f`, within a block and (unless
/// `--block-level`) across blocks, configured by its launches (or the
/// default dimensions), with the parse errors that touch it (`hits`)
/// as unsupported code.
fn load_kernel(
    main: &KernelFile,
    unit: &ast::Unit,
    f: &ast::Func,
    opts: &LoadOptions,
    instance: Option<&instantiate::Instance>,
    hits: &[&clang::Diagnostic],
) -> Vec<Kernel> {
    // A kernel written in an included header is reported against it.
    let (header_text, header_names);
    let kfile = match (&f.file, f.in_main_file) {
        (Some(h), false) => {
            header_text = crate::read_source_bytes(h)
                .map(|b| crate::decode_source(&b))
                .unwrap_or_default();
            header_names = identifiers(&header_text);
            KernelFile {
                path: h.as_path(),
                source: header_text.as_str(),
                names: &header_names,
            }
        }
        _ => *main,
    };
    // The launches in the host code fix what they agree on.
    let configured = launches::configure(unit, f, opts, instance);
    let opts = &configured.opts;
    let mentioned = scope::builtins_used(unit, f);
    let mut launch = dims::configure(opts, &mentioned, &configured.unsettled);
    launch.notes = configured.notes.clone();
    let lost = unit
        .lost_mentions
        .iter()
        .filter(|m| m.keys.contains(&f.key));
    launch.notes.extend(lost.map(mentions::note));
    let mut limits = LaunchLimits::new(opts, &launch, &configured);
    let (converted, notes) = params::converted_constants(f, opts);
    launch.notes.extend(notes);
    let fixed = |x: &str| opts.params.contains_key(x) || opts.negative_params.contains_key(x);
    limits.constants.extend(converted);
    limits.host = host_facts::usable(&configured.facts, &launch, &fixed, &f.params);
    launch.notes.extend(host_facts::notes(&limits.host));
    let mut scopes = vec![build_kernel(&kfile, unit, f, false, &limits).0];
    if !opts.block_level {
        let (k, shared) = build_kernel(&kfile, unit, f, true, &limits);
        scopes.push(scope::across_blocks(k, &shared));
    }
    for k in &mut scopes {
        k.unsupported
            .extend(hits.iter().map(|e| partial::unsupported(e, kfile.path)));
        dims::assume(k, &launch, &configured.unsettled, &opts.params);
    }
    scopes
}

/// The unit with a copy of each instance of its template functions
/// ([`instantiate`]) when the copies compile, the parse's errors, and the
/// instances; otherwise the unit as it was.  Calls inside a copy name
/// further instances, so this runs up to [`INSTANCE_ROUNDS`] parses.
fn with_instances(
    path: &Path,
    tu: clang::Tu,
    unit: ast::Unit,
    errors: Vec<clang::Diagnostic>,
    bytes: &[u8],
    opts: &LoadOptions,
    includes: &[PathBuf],
) -> (
    ast::Unit,
    Vec<clang::Diagnostic>,
    Vec<instantiate::Instance>,
) {
    let (mut tu, mut unit, mut errors) = (tu, unit, errors);
    let mut text = bytes.to_vec();
    let mut instances = Vec::new();
    let allowed = errors.len();
    for _ in 0..INSTANCE_ROUNDS {
        let Some(augmented) = instantiate::augment(&tu, &unit, &text, &instances) else {
            break;
        };
        match clang::Tu::parse_partial_with(
            path,
            &augmented.bytes,
            &opts.defines,
            includes,
            &opts.extra_args,
        ) {
            Ok((again, more)) if more.len() <= allowed => {
                unit = convert::Converter::new(&again).unit();
                (tu, errors) = (again, more);
                (text, instances) = (augmented.bytes, augmented.instances);
            }
            _ => break,
        }
    }
    let in_copy = |f: &ast::Func| {
        let at = |i: &&instantiate::Instance| f.in_main_file && i.range.contains(&f.offset);
        instances.iter().find(at)
    };
    let mut copies = Vec::new();
    for f in unit.funcs.iter_mut() {
        if let Some(i) = in_copy(f) {
            f.name = i.label.clone();
            // A copy of a header's template is one of the header's functions.
            if let Some(h) = &i.header {
                f.in_main_file = false;
                f.file = Some(h.clone());
            }
            copies.push((i.template.clone(), i.arguments.clone(), f.key.clone()));
        }
    }
    unit.instances = copies;
    (unit, errors, instances)
}

/// The instance that function `f` is the copy of (`Unit::instances`
/// records each copy's key).
fn instance_of<'i>(
    unit: &ast::Unit,
    instances: &'i [instantiate::Instance],
    f: &ast::Func,
) -> Option<&'i instantiate::Instance> {
    let (template, arguments, _) = unit.instances.iter().find(|(_, _, k)| *k == f.key)?;
    instances
        .iter()
        .find(|i| i.template == *template && i.arguments == *arguments)
}

/// How many times the file is parsed again for instances of templates.
const INSTANCE_ROUNDS: usize = 6;

/// The directory of a file: `.` for a bare file name (`k.cu`), whose
/// parent is the empty path.
fn file_dir(path: &Path) -> PathBuf {
    match path.parent() {
        Some(dir) if !dir.as_os_str().is_empty() => dir.to_path_buf(),
        _ => PathBuf::from("."),
    }
}

fn parse_error(path: &Path, diags: Vec<clang::Diagnostic>) -> Diagnostic {
    let (line, col) = diags.first().map(|d| (d.line, d.col)).unwrap_or((0, 0));
    let text: Vec<String> = diags.into_iter().map(|d| d.text).collect();
    Diagnostic::at_position(
        path,
        line,
        col,
        format!("the file does not compile:\n{}", text.join("\n")),
    )
}

/// The parameters of kernel `f`, with their C types.
fn kernel_params(unit: &ast::Unit, f: &ast::Func) -> Vec<Param> {
    let param = |p: &ast::VarDecl| Param {
        name: p.name.clone(),
        c_type: unit.param_types.get(&p.key).cloned().unwrap_or_default(),
        int: p.ty.map(|t| IntType {
            bits: t.bits,
            signed: t.signed,
        }),
    };
    f.params.iter().map(param).collect()
}

/// The thread model: two threads of one block, or (`grid_level`) of
/// different blocks.
fn thread_model(grid_level: bool) -> ThreadModel {
    ThreadModel::Cuda(if grid_level {
        Scope::AcrossBlocks
    } else {
        Scope::Block
    })
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

/// Every word of `source` spelled like a C identifier (comments and
/// strings included: a superset does no harm).
fn identifiers(source: &str) -> BTreeSet<String> {
    source
        .split(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
        .filter(|w| w.starts_with(|c: char| c.is_ascii_alphabetic() || c == '_'))
        .map(str::to_string)
        .collect()
}

/// The file a kernel is written in: its path, its text and the
/// identifiers of its text.
#[derive(Clone, Copy)]
struct KernelFile<'s> {
    path: &'s Path,
    source: &'s str,
    names: &'s BTreeSet<String>,
}

fn build_kernel(
    file: &KernelFile,
    unit: &ast::Unit,
    f: &ast::Func,
    grid_level: bool,
    limits: &LaunchLimits,
) -> (Kernel, BTreeSet<String>) {
    let mut reserved: Vec<String> = f.params.iter().map(|p| p.name.clone()).collect();
    for d in DIMS {
        for b in ["threadIdx", "blockIdx", "blockDim", "gridDim"] {
            reserved.push(format!("{b}.{d}"));
        }
    }
    reserved.extend(["tid", "T"].map(String::from));
    let out = infer::Infer::new(unit, reserved)
        .source_names(file.names)
        .grid_level(grid_level)
        .launch_limits(&limits.dims)
        .fixed_params(&limits.params)
        .large_params(limits.large_params)
        .constants(&limits.constants)
        .aliases(&limits.aliases)
        .null_pointers(&limits.nullness)
        .host_facts(&limits.host)
        .kernel(f);
    let mut program = Program {
        body: out.body,
        ..Program::default()
    };
    program.assumptions = dimension_assumptions(grid_level);
    let mut origins = vec![Origin::Cuda; program.assumptions.len()];
    // The inference gives a place to what the kernel's code states.
    origins.extend(out.assumptions.iter().map(|a| match a.span {
        s if s == Span::default() => Origin::Model,
        s => Origin::Code(s),
    }));
    program.assumptions.extend(out.assumptions);
    for (a, sites) in out.host {
        program.assumptions.push(a);
        origins.push(Origin::Launches(sites));
    }
    // A variable the other thread's copy of which a relational assumption
    // names stays a thread-local, as do those of the thread's own.
    let mut free: BTreeSet<String> = program.free_vars();
    for a in &out.relational {
        free.extend(
            a.cond
                .fv()
                .iter()
                .map(|x| x.strip_suffix(OTHER_SUFFIX).unwrap_or(x).to_string()),
        );
    }
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
        file: file.path.to_path_buf(),
        source: file.source.to_string(),
        program,
        threads: thread_model(grid_level),
        unknowns,
        unsupported: out.unsupported,
        provenance,
        notes: out.notes,
        launch: None,
        origins,
        written: out.written,
        iteration_uniform: out
            .iteration_uniform
            .into_iter()
            .filter(|x| free.contains(x))
            .collect(),
        phase_uniform: out
            .phase_uniform
            .into_iter()
            .filter(|x| free.contains(x))
            .collect(),
        relational: out.relational,
        loop_exits: out.loop_exits,
        signed: out.signed,
        encoding: out.encoding,
        params: kernel_params(unit, f),
        tile: None,
        body: f.body.span,
    };
    (kernel, out.shared)
}
