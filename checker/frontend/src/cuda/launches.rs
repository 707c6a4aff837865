#![allow(non_upper_case_globals)]
//! The launch configuration from the user's own host code: every
//! `kernel<<<grid, block, shmem>>>(args)` in a function of the file (clang
//! shows it as a call whose second child is the call of
//! `cudaConfigureCall(grid, block, shmem, stream)`), with the dimensions,
//! template arguments and integer arguments the host computes from
//! constants (`host_values.rs`).  `cuda::load` turns what every
//! launch of a kernel agrees on into assumptions, printed with the verdict.

use super::ast::{Func, Launch, Shape, Unit};
use super::clang::{Cursor, Tu};
use super::host_contexts::Context;
use super::host_facts::LaunchFacts;
use super::host_nullness::Nullness;
use super::host_values::{host_dim3, host_int};
use super::instantiate::{launches_instance, Instance};
use crate::LoadOptions;
use clang_sys::*;
use mapcheck_ir::launch::{Dim, Extent, Origin, Site};
use mapcheck_ir::threads::{Axis, Builtin};
use std::collections::BTreeMap;

/// What the launches of one kernel fix, merged with the command line and
/// the header (which win).
pub struct Configured {
    /// The options with the dimensions every launch agrees on (in
    /// `opts.launch`, from [`Origin::Launches`]).
    pub opts: LoadOptions,
    /// Families (`blockDim`, `gridDim`) the launches give but do not all
    /// agree on: no default of 1 for them; the components they agree on
    /// are known in `opts.launch`, the others stay symbolic.
    pub unsettled: Vec<Builtin>,
    /// Template parameters and scalar parameters (by key) every launch
    /// gives the same constant.
    pub constants: BTreeMap<String, i128>,
    /// Pointer parameters (by key) that a launch passes pointers into the
    /// same host storage as an earlier one: checked as that array.
    pub aliases: BTreeMap<String, Alias>,
    /// Pointer parameters (by key) that every launch passes null (`true`)
    /// or passes storage that is not null (`false`), with the note that
    /// says where, printed when a test of the pointer uses it
    /// (`host_nullness.rs`).
    pub nullness: BTreeMap<String, (bool, String)>,
    /// What was taken from where, printed with the verdict.
    pub notes: Vec<String>,
    /// What the host code states at each launch (`host_facts.rs`),
    /// before `host_facts::usable` picks what the check may use.
    pub facts: Vec<LaunchFacts>,
}

/// A pointer parameter that may point into the array of an earlier one.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Alias {
    /// The earlier parameter's key.
    pub of: String,
    /// Its offset in elements when every launch gives the same one
    /// (`k<<<…>>>(d, d + 1)`: 1); `None`: any, the same in every thread.
    pub offset: Option<i128>,
}

/// The configuration of kernel `f` from its launches in `unit`.
/// An instance of a template kernel (`instantiate.rs`) is configured by
/// the launches and explicit instantiations with its arguments.
pub fn configure(
    unit: &Unit,
    f: &Func,
    opts: &LoadOptions,
    instance: Option<&Instance>,
) -> Configured {
    let of_f = |l: &&Launch| match instance {
        Some(i) => launches_instance(l, i),
        None => l.kernel == f.key,
    };
    // A kernel named other than in a launch may be launched unseen: its
    // launches fix nothing.
    let template = instance.map_or(&f.key, |i| &i.template);
    let named = unit.escaped.contains(template);
    let escapes = named || unit.lost_mentions.iter().any(|m| m.keys.contains(template));
    let sites: Vec<&Launch> = match escapes {
        true => Vec::new(),
        false => unit.launches.iter().filter(of_f).collect(),
    };
    let mut out = Configured {
        opts: opts.clone(),
        unsettled: Vec::new(),
        constants: BTreeMap::new(),
        aliases: BTreeMap::new(),
        nullness: BTreeMap::new(),
        notes: checked_kernel_notes(f, instance, named),
        facts: Vec::new(),
    };
    if sites.is_empty() {
        let instances: Vec<&Launch> = unit.instantiations.iter().filter(of_f).collect();
        instantiated(&mut out, &instances);
        distinct_pointers(&mut out, f);
        return out;
    }
    launched_dims(&mut out, &sites, opts);
    launched_constants(&mut out, f, &sites);
    out.aliases = aliases(f, &sites);
    out.facts = sites
        .iter()
        .map(|l| LaunchFacts {
            site: Site {
                file: l.file.clone(),
                span: l.span,
            },
            facts: l.facts.clone(),
        })
        .collect();
    for l in &sites {
        out.notes.push(describe(l, f));
        out.notes.extend(l.facts_withheld.clone());
    }
    alias_notes(&mut out, f);
    null_pointers(&mut out, f, &sites);
    distinct_pointers(&mut out, f);
    if sites.len() > 1 {
        out.notes.push(format!(
            "the {} launches of `{}` agree on what is fixed above; what they differ on stays symbolic",
            sites.len(),
            f.name
        ));
    }
    let by_flags = |f| super::dims::fixes(&opts.launch, f);
    if by_flags(Builtin::BlockDim) || by_flags(Builtin::GridDim) {
        out.notes.push(
            "dimensions given by the header or the command line replace the launches'".into(),
        );
    }
    out
}

/// The notes on which kernel is checked: a template kernel's instance,
/// and a kernel whose launches fix nothing as it escapes.
fn checked_kernel_notes(f: &Func, instance: Option<&Instance>, escapes: bool) -> Vec<String> {
    let mut notes = Vec::new();
    if let Some(i) = instance {
        notes.push(format!(
            "the template kernel is checked as its instance `{}`: {}",
            i.label, i.bindings
        ));
    }
    if escapes {
        notes.push(format!(
            "`{}` is named other than in a host `<<<…>>>` launch (a function pointer, \
             `cudaLaunchKernel`, a launch in device code), so its launches fix no dimension or argument",
            f.name
        ));
    }
    notes
}

/// The value every launch of `sites` gives alike, if any.
fn agreed(sites: &[&Launch], get: &dyn Fn(&Launch) -> Option<i128>) -> Option<i128> {
    let first = get(sites[0])?;
    sites.iter().all(|l| get(l) == Some(first)).then_some(first)
}

/// Fixes `blockDim` and `gridDim`, where neither the header nor the
/// command line does, to the dimensions every launch of `sites` gives;
/// a family the launches disagree on stays unsettled, keeping the
/// components they agree on.
fn launched_dims(out: &mut Configured, sites: &[&Launch], opts: &LoadOptions) {
    let dims = |pick: fn(&Launch) -> [Option<u64>; 3]| -> Vec<Option<u64>> {
        (0..3)
            .map(|i| agreed(sites, &|l: &Launch| pick(l)[i].map(i128::from)).map(|v| v as u64))
            .collect()
    };
    let origin = Origin::Launches(
        sites
            .iter()
            .map(|l| Site {
                file: l.file.clone(),
                span: l.span,
            })
            .collect(),
    );
    type Pick = fn(&Launch) -> [Option<u64>; 3];
    let families: [(Builtin, Pick); 2] = [
        (Builtin::BlockDim, |l| l.block),
        (Builtin::GridDim, |l| l.grid),
    ];
    for (family, pick) in families {
        if super::dims::fixes(&opts.launch, family) {
            continue;
        }
        let agreed = dims(pick);
        if agreed.iter().any(Option::is_none) {
            out.unsettled.push(family);
        }
        for (a, value) in Axis::ALL.into_iter().zip(agreed) {
            if let Some(v) = value {
                *out.opts.launch.dim_mut(family, a) = Dim {
                    extent: Extent::Known(v),
                    origin: origin.clone(),
                };
            }
        }
    }
}

/// Fixes the template arguments and the scalar arguments of `f` that
/// every launch of `sites` gives alike.
fn launched_constants(out: &mut Configured, f: &Func, sites: &[&Launch]) {
    let template_keys: Vec<String> = sites[0].template.iter().map(|(k, _)| k.clone()).collect();
    for key in template_keys {
        let value = |l: &Launch| l.template.iter().find(|(k, _)| *k == key).map(|(_, v)| *v);
        if let Some(v) = agreed(sites, &value) {
            out.constants.insert(key, v);
        }
    }
    for (i, p) in f.params.iter().enumerate() {
        if p.shape == Shape::Scalar && p.ty.is_some() {
            if let Some(v) = agreed(sites, &|l: &Launch| l.args.get(i).copied().flatten()) {
                out.constants.insert(p.key.clone(), v);
            }
        }
    }
}

/// A note for each pair of pointer parameters of `f` the launches may
/// make overlap (`out.aliases`).
fn alias_notes(out: &mut Configured, f: &Func) {
    let name = |k: &str| {
        f.params
            .iter()
            .find(|p| p.key == k)
            .map_or("?", |p| &p.name)
    };
    for (key, a) in &out.aliases {
        let offset = a
            .offset
            .map_or("any offset (the launches fix none)".into(), |o| {
                format!("offset {o}")
            });
        out.notes.push(format!(
            "the pointer parameters `{}` and `{}` may overlap (launches pass pointers into the same host storage, to them or to parameters overlapping them): one array, `{}` at {offset}",
            name(&a.of),
            name(key),
            name(key),
        ));
    }
}

/// The pointer parameters of `f` that every calling context of every
/// launch passes null, or passes storage that is not null, each with the
/// note that names where the host shows it (`host_nullness.rs`).  Any
/// other may be null or not (`infer/nullness.rs`).
fn null_pointers(out: &mut Configured, f: &Func, sites: &[&Launch]) {
    for (i, p) in f.params.iter().enumerate() {
        if !matches!(p.shape, Shape::Pointer | Shape::Array(_)) {
            continue;
        }
        let passed: Vec<Nullness> = sites
            .iter()
            .flat_map(|l| match l.pointers.is_empty() {
                true => vec![Nullness::Unknown],
                false => l.pointers.iter().map(|c| null_at(c, i)).collect(),
            })
            .collect();
        if passed.iter().all(|n| *n == Nullness::Null) {
            let note = format!("`{}` is null: every launch passes the null pointer", p.name);
            out.nullness.insert(p.key.clone(), (true, note));
        } else if passed.iter().all(|n| matches!(n, Nullness::NotNull(_))) {
            let mut from: Vec<&str> = passed
                .iter()
                .filter_map(|n| match n {
                    Nullness::NotNull(w) => Some(w.as_str()),
                    _ => None,
                })
                .collect();
            from.dedup();
            let note = format!(
                "`{}` is not null: every launch passes storage ({})",
                p.name,
                from.join(", ")
            );
            out.nullness.insert(p.key.clone(), (false, note));
        }
    }
}

/// Whether calling context `c` passes null as argument `i`.
fn null_at(c: &Context, i: usize) -> Nullness {
    match c.get(i) {
        Some(Some(p)) => p.null.clone(),
        _ => Nullness::Unknown,
    }
}

/// States the assumption that the pointer parameters not found to
/// overlap point to distinct arrays (`docs/launch-configuration.md`).
fn distinct_pointers(out: &mut Configured, f: &Func) {
    let names: Vec<String> = f
        .params
        .iter()
        .filter(|p| p.shape == Shape::Pointer && !out.aliases.contains_key(&p.key))
        .map(|p| format!("`{}`", p.name))
        .collect();
    if names.len() >= 2 {
        out.notes.push(format!(
            "the pointer parameters {} point to distinct arrays that do not overlap",
            names.join(", ")
        ));
    }
}

/// The pointer parameters of `f` that some launch passes pointers into
/// the same host storage as an earlier parameter (`host_pointer`).  Two
/// parameters some launch passes overlapping are one array, and so,
/// transitively, are all the parameters of such a class (one launch may
/// pass `c` with `a`, another `c` with `b`: `a`, `b` and `c` are then
/// one array): each is an alias of the class's first parameter, at the
/// offset every launch agrees on (else any offset).  Over-approximate for
/// the launches where they do not overlap (more pairs may meet), never
/// under.  Each calling context of each launch (`host_contexts`) counts
/// as a launch.
fn aliases(f: &Func, launches: &[&Launch]) -> BTreeMap<String, Alias> {
    let pointers: Vec<usize> = (0..f.params.len())
        .filter(|&i| f.params[i].shape == Shape::Pointer)
        .collect();
    let sites: Vec<&Context> = launches.iter().flat_map(|l| &l.pointers).collect();
    // `Some(offset of j from i)` when context `l` passes both into the
    // same host storage (the offset `None` when not shown).
    let overlaps = |l: &Context, i: usize, j: usize| {
        let (a, b) = (l.get(i)?.as_ref()?, l.get(j)?.as_ref()?);
        a.same_storage(b)
            .then(|| b.offset.zip(a.offset).map(|(b, a)| b - a))
    };
    // Each parameter's class, named by its first parameter.
    let mut class: BTreeMap<usize, usize> = pointers.iter().map(|&i| (i, i)).collect();
    for (n, &j) in pointers.iter().enumerate() {
        for &i in &pointers[..n] {
            if sites.iter().any(|l| overlaps(l, i, j).is_some()) {
                let (ci, cj) = (class[&i], class[&j]);
                let (keep, gone) = (ci.min(cj), ci.max(cj));
                for c in class.values_mut() {
                    if *c == gone {
                        *c = keep;
                    }
                }
            }
        }
    }
    let mut out = BTreeMap::new();
    for (&j, &i) in &class {
        if i == j {
            continue;
        }
        let offsets: Vec<Option<i128>> =
            sites.iter().map(|l| overlaps(l, i, j).flatten()).collect();
        let agreed = sites.iter().all(|l| overlaps(l, i, j).is_some())
            && offsets.windows(2).all(|w| w[0] == w[1]);
        let offset = offsets[0].filter(|_| agreed);
        let of = f.params[i].key.clone();
        out.insert(f.params[j].key.clone(), Alias { of, offset });
    }
    out
}

/// Without launches, the template arguments that every explicit
/// instantiation of the kernel gives (each instantiation is a kernel the
/// program may launch; what they differ on stays symbolic).
fn instantiated(out: &mut Configured, instances: &[&Launch]) {
    let Some(first) = instances.first() else {
        return;
    };
    for (key, v) in &first.template {
        let same = instances
            .iter()
            .all(|i| i.template.iter().any(|(k, w)| k == key && w == v));
        if same {
            out.constants.insert(key.clone(), *v);
        }
    }
    for i in instances {
        let args: Vec<String> = i
            .template
            .iter()
            .map(|(k, v)| format!("{} = {v}", k.split('@').next().unwrap_or(k)))
            .collect();
        out.notes.push(format!(
            "the explicit instantiation at {}: {}",
            place(i),
            args.join(", ")
        ));
    }
    if instances.len() > 1 {
        out.notes
            .push("template arguments the explicit instantiations differ on stay symbolic".into());
    }
}

/// `k.cu:40:3` (the file when known).
fn place(l: &Launch) -> String {
    match &l.file {
        Some(file) => format!("{}:{}:{}", file.display(), l.span.line, l.span.col),
        None => format!("{}:{}", l.span.line, l.span.col),
    }
}

/// `launch at k.cu:40:3: gridDim = [4, 2, 1], blockDim = [256, 1, 1], …`.
fn describe(l: &Launch, f: &Func) -> String {
    let dim = |d: [Option<u64>; 3]| {
        let parts: Vec<String> = d
            .iter()
            .map(|v| v.map_or("?".to_string(), |v| v.to_string()))
            .collect();
        format!("[{}]", parts.join(", "))
    };
    let mut parts = vec![
        format!("gridDim = {}", dim(l.grid)),
        format!("blockDim = {}", dim(l.block)),
    ];
    if let Some(b) = l.shared_bytes.filter(|b| *b > 0) {
        parts.push(format!("{b} bytes of dynamic shared memory"));
    }
    for (k, v) in &l.template {
        let name = k.split('@').next().unwrap_or(k);
        parts.push(format!("{name} = {v}"));
    }
    for (p, v) in f.params.iter().zip(&l.args) {
        if let (Some(v), Shape::Scalar) = (v, &p.shape) {
            parts.push(format!("{} = {v}", p.name));
        }
    }
    format!("the launch at {}: {}", place(l), parts.join(", "))
}

/// Appends the launches in (the body of) `c` to `out`, and to `escaped`
/// the functions `c` names other than as the kernel of a launch (see
/// [`Escapes`]).
pub fn find(c: Cursor, out: &mut Vec<Launch>, escaped: &mut Escapes) {
    find_in(c, c, &mut Vec::new(), out, escaped)
}

/// The launches under `c`, a part of function `fun` under the ancestors
/// `path` (`host_flow::Path`, without `c`).
fn find_in(
    fun: Cursor,
    c: Cursor,
    path: &mut Vec<(Cursor, usize)>,
    out: &mut Vec<Launch>,
    escaped: &mut Escapes,
) {
    for (i, k) in c.children().into_iter().enumerate() {
        path.push((c, i));
        visit(fun, k, path, out, escaped);
        path.pop();
    }
}

/// The functions (definition keys, as [`Launch::kernel`]) that host or
/// device code names other than as the kernel of a `k<<<…>>>(…)` launch:
/// `cudaLaunchKernel((void *)k, …)`, `void (*f)(int *) = k;
/// f<<<1, 128>>>(a)`, `&k`.  Such a kernel may be launched in ways the
/// front end does not see, with other dimensions and arguments, so its
/// launches fix nothing (`configure`).  Naming a kernel in the CUDA
/// calls that only query or set its attributes (`cudaFuncSetAttribute`,
/// `cudaOccupancyMaxPotentialBlockSize`, …) does not launch it.
pub type Escapes = std::collections::BTreeSet<String>;

/// The CUDA runtime calls that take a kernel without launching it.
const KERNEL_QUERIES: &[&str] = &[
    "cudaFuncGetAttributes",
    "cudaFuncSetAttribute",
    "cudaFuncSetCacheConfig",
    "cudaFuncSetSharedMemConfig",
    "cudaOccupancyAvailableDynamicSMemPerBlock",
    "cudaOccupancyMaxActiveBlocksPerMultiprocessor",
    "cudaOccupancyMaxActiveBlocksPerMultiprocessorWithFlags",
    "cudaOccupancyMaxActiveClusters",
    "cudaOccupancyMaxPotentialBlockSize",
    "cudaOccupancyMaxPotentialBlockSizeVariableSMem",
    "cudaOccupancyMaxPotentialBlockSizeVariableSMemWithFlags",
    "cudaOccupancyMaxPotentialBlockSizeWithFlags",
    "cudaOccupancyMaxPotentialClusterSize",
];

fn visit(
    fun: Cursor,
    k: Cursor,
    path: &mut Vec<(Cursor, usize)>,
    out: &mut Vec<Launch>,
    escaped: &mut Escapes,
) {
    // A branch the host never takes (`if (block_size == 16)` with
    // `block_size` fixed at 32) launches nothing; what it names still
    // escapes.
    if let Some(dead) = dead_branch(k) {
        for (i, child) in k.children().into_iter().enumerate() {
            path.push((k, i));
            match i == dead {
                true => visit(fun, child, path, &mut Vec::new(), escaped),
                false => visit(fun, child, path, out, escaped),
            }
            path.pop();
        }
        return;
    }
    if k.kind() == CXCursor_CallExpr {
        if let Some(l) = launch(fun, path, k) {
            out.push(l);
            // The first child names the launched kernel; the configuration
            // and the arguments may name others.
            for (i, child) in k.children().into_iter().enumerate().skip(1) {
                path.push((k, i));
                visit(fun, child, path, out, escaped);
                path.pop();
            }
            return;
        }
        if KERNEL_QUERIES.contains(&k.spelling().as_str()) {
            return;
        }
    }
    if matches!(k.kind(), CXCursor_DeclRefExpr | CXCursor_OverloadedDeclRef) {
        let r = k.referenced();
        if matches!(r.kind(), CXCursor_FunctionDecl | CXCursor_FunctionTemplate) {
            let key = super::convert::definition_key(r).unwrap_or_else(|| r.decl_key());
            escaped.insert(key);
        }
    }
    find_in(fun, k, path, out, escaped);
}

/// For `if (c) a else b` whose condition the host fixes: the position
/// among the statement's children of the branch that never runs.
fn dead_branch(k: Cursor) -> Option<usize> {
    if k.kind() != CXCursor_IfStmt {
        return None;
    }
    let ch = k.children();
    if !(2..=3).contains(&ch.len()) || !ch[0].is_expression() {
        return None;
    }
    match host_int(ch[0])? {
        0 => Some(1),
        _ if ch.len() == 3 => Some(2),
        _ => None,
    }
}

/// The launch `c` (in function `fun`, under `path`) is, if it is one.
fn launch(fun: Cursor, path: &[(Cursor, usize)], c: Cursor) -> Option<Launch> {
    let ch = c.children();
    let config = ch
        .get(1)
        .filter(|k| k.kind() == CXCursor_CallExpr && k.spelling() == "cudaConfigureCall")?;
    let callee = c.referenced();
    let kernel = super::convert::definition_key(callee).unwrap_or_else(|| callee.decl_key());
    let config_args: Vec<Cursor> = (0..config.num_args().max(0) as u32)
        .map(|i| config.arg(i))
        .collect();
    let dims = |i: usize| {
        config_args
            .get(i)
            .map(|a| host_dim3(*a))
            .unwrap_or([Some(1); 3])
    };
    let facts = super::host_facts::launch_facts(fun, path, c, *config, &scalar_params(callee));
    Some(Launch {
        kernel,
        grid: with_constant_facts(dims(0), &facts, Builtin::GridDim),
        block: with_constant_facts(dims(1), &facts, Builtin::BlockDim),
        shared_bytes: config_args
            .get(2)
            .and_then(|a| host_int(*a))
            .and_then(|v| u64::try_from(v).ok()),
        template: callee.template_values(),
        arguments: callee.template_argument_texts(),
        args: (0..c.num_args().max(0) as u32)
            .map(|i| host_int(c.arg(i)))
            .collect(),
        pointers: {
            let args: Vec<Cursor> = (0..c.num_args().max(0) as u32).map(|i| c.arg(i)).collect();
            super::host_contexts::pointer_contexts(fun, &args)
        },
        facts,
        host_fn: Some((fun.file(), fun.span())),
        facts_withheld: None,
        file: c.file(),
        span: c.span(),
    })
}

/// `dims` (of `family`) with each component the constant evaluation
/// left open and a fact of the launch fixes to a number (a `dim3`
/// component set after its declaration: `threads.x = 256;`).
fn with_constant_facts(
    mut dims: [Option<u64>; 3],
    facts: &[super::host_facts::HostFact],
    family: Builtin,
) -> [Option<u64>; 3] {
    use super::host_facts::Subject;
    for f in facts {
        let Subject::Dim(fam, axis) = f.subject else {
            continue;
        };
        let d = &mut dims[axis as usize];
        if fam == family && d.is_none() {
            *d = super::host_facts::constant_dim(&f.cond);
        }
    }
    dims
}

/// The integer scalar parameters of kernel `k` (by position; `None` for
/// any other), for the facts of its launches.
fn scalar_params(k: Cursor) -> Vec<Option<super::host_facts::ScalarParam>> {
    let param = |p: Cursor| {
        let ty = p.ty();
        let ty = (!ty.is_reference()).then(|| ty.int_type()).flatten()?;
        Some(super::host_facts::ScalarParam {
            name: p.spelling(),
            ty,
        })
    };
    k.parameters().into_iter().map(param).collect()
}

/// The explicit instantiations `template __global__ void k<32>(…);`
/// of the file's template kernels.  libclang does not visit them, so
/// they are read from the tokens: `template` not followed by `<`, up to
/// the next `;`, naming a template with literal arguments (`true` and
/// `false` are 1 and 0; an argument that is not a literal is left out).
pub fn explicit_instantiations(tu: &Tu, templates: &[Cursor]) -> Vec<Launch> {
    if templates.is_empty() {
        return Vec::new();
    }
    let toks = tu.tokens(tu.root());
    let words: Vec<&str> = toks.iter().map(|t| t.0.as_str()).collect();
    let mut out = Vec::new();
    for (at, _) in words.iter().enumerate().filter(|(_, w)| **w == "template") {
        if words.get(at + 1) == Some(&"<") {
            continue;
        }
        let end = words[at..]
            .iter()
            .position(|w| *w == ";")
            .map_or(words.len(), |e| at + e);
        let statement = &words[at..end];
        for t in templates.iter() {
            let name = t.spelling();
            let Some(open) = statement
                .windows(2)
                .position(|w| w[0] == name && w[1] == "<")
            else {
                continue;
            };
            let args = template_arguments(&statement[open + 2..]);
            let params = t.template_parameters();
            let template = params
                .iter()
                .zip(&args)
                .filter(|(p, _)| p.kind() == CXCursor_NonTypeTemplateParameter)
                .filter_map(|(p, a)| literal_argument(a).map(|v| (p.decl_key(), v)))
                .collect();
            let (line, col) = tu.position(toks[at].1);
            out.push(Launch {
                kernel: t.decl_key(),
                grid: [None; 3],
                block: [None; 3],
                shared_bytes: None,
                template,
                arguments: args.iter().map(|a| Some(a.join(" "))).collect(),
                args: Vec::new(),
                pointers: Vec::new(),
                facts: Vec::new(),
                host_fn: None,
                facts_withheld: None,
                file: t.file(),
                span: semantics::surface::Span::point(line, col),
            });
        }
    }
    out
}

/// The value of a template argument written as one literal (or `true`,
/// `false`); anything else `None`.
fn literal_argument(words: &[&str]) -> Option<i128> {
    match words {
        [one] => literal(one),
        _ => None,
    }
}

/// The template arguments written `a, b, …>`, each as its tokens.  The
/// lexer joins closing brackets: `A<B<int>>` ends in `>>`, and in CUDA
/// `A<B<C>>>` in `>>>`; such a token closes nested lists first, then
/// this one.  Brackets inside parentheses are operators.
fn template_arguments<'w>(words: &[&'w str]) -> Vec<Vec<&'w str>> {
    let mut out = Vec::new();
    let mut current: Vec<&'w str> = Vec::new();
    let (mut angles, mut parens) = (0usize, 0usize);
    for w in words {
        let closers = w.len();
        match *w {
            "(" => parens += 1,
            ")" => parens = parens.saturating_sub(1),
            "<" if parens == 0 => angles += 1,
            ">" | ">>" | ">>>" if parens == 0 && closers > angles => {
                // The first `angles` brackets close nested lists.
                if angles > 0 {
                    current.push(&">>>"[..angles]);
                }
                out.push(current);
                return out;
            }
            ">" | ">>" | ">>>" if parens == 0 => angles -= closers,
            "," if parens == 0 && angles == 0 => {
                out.push(std::mem::take(&mut current));
                continue;
            }
            _ => {}
        }
        current.push(*w);
    }
    out
}

/// An integer literal (decimal or hexadecimal, any suffix), `true`, `false`.
fn literal(w: &str) -> Option<i128> {
    match w {
        "true" => return Some(1),
        "false" => return Some(0),
        _ => {}
    }
    let digits = w.trim_end_matches(['u', 'U', 'l', 'L']);
    match digits
        .strip_prefix("0x")
        .or_else(|| digits.strip_prefix("0X"))
    {
        Some(hex) => i128::from_str_radix(hex, 16).ok(),
        None => digits.parse().ok(),
    }
}
