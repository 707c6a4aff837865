#![allow(non_upper_case_globals)]
//! Template functions analysed as they are instantiated (`docs/c-model.md`, "Templates").
//!
//! libclang shows a template's body only as written, with its dependent
//! types and names unresolved (`T *s = SharedMemory<T>();` is a construct
//! of an unknown class converted to an unknown pointer), and it does not
//! visit the instantiations clang builds.  So for every instantiation the
//! file names — an explicit instantiation `template __global__ void
//! k<int>(…);` (of a host wrapper too, whose copy launches the kernel's
//! instance), a launch `k<float, 256><<<…>>>(…)` (arguments deduced or
//! written), a call of a template device function with all its arguments
//! known — the front end appends to the file a copy of the template's
//! definition in a namespace of its own, where each template parameter is
//! declared with its argument (`typedef int T;`, `static const unsigned
//! blockSize = 256;`), and parses the file again (`cuda::with_instances`,
//! a few rounds: calls inside copies name further instances).  The copy is
//! an ordinary function that clang resolves completely; a `#line`
//! directive and leading spaces give its tokens the template's own lines
//! and columns, so reports point at the user's source.
//!
//! The copies replace the template: a template kernel with instances is
//! checked once per instance (at most [`MAX_INSTANCES`]), a call goes to
//! its instance's copy (`Unit::callee`); a template without instances is
//! analysed generically as before.  When the copies do not compile (more
//! errors than the original parse), the last parse that did is kept.

use super::ast::{Launch, Unit, EK};
use super::clang::{Cursor, Tu};
use super::infer::visit_stmt;
use clang_sys::*;
use std::ops::Range;

/// At most this many instances of one template kernel are checked; the
/// others are dropped from the plan and the template stays generic.
pub const MAX_INSTANCES: usize = 64;

/// One instance of a template kernel, copied into the augmented file.
#[derive(Clone, Debug)]
pub struct Instance {
    /// The template kernel's key (`Func::key`, `Launch::kernel`).
    pub template: String,
    /// The template arguments as C++ text, in order.
    pub arguments: Vec<String>,
    /// `k<int, 256>`: the kernel's name in reports.
    pub label: String,
    /// The copy's bytes in the augmented file.
    pub range: Range<u32>,
    /// `T = int, blockSize = 256`, for the report.
    pub bindings: String,
    /// The template's parameter names (`T`, `blockSize`).
    pub parameters: Vec<String>,
    /// The project header the template is defined in (`None`: the main
    /// file).  The copy is then analysed as that header's functions are:
    /// a device function inlined, its accesses reported at the call
    /// (`Func::in_main_file`); a kernel reported against the header.
    pub header: Option<std::path::PathBuf>,
}

/// The file with the copies appended, and what each copy is.
pub struct Augmented {
    pub bytes: Vec<u8>,
    pub instances: Vec<Instance>,
}

/// The file with a copy of each instance of a template function of the
/// main file that `unit` names and `known` does not hold yet, and every
/// instance (`known` and new); `None` when there is no new one.  Any
/// template function is instantiated by its explicit instantiations and
/// its calls with complete arguments, a kernel by its launches too (calls inside
/// copies name instances too: [`crate::cuda`] repeats this a few rounds).
pub fn augment(tu: &Tu, unit: &Unit, bytes: &[u8], known: &[Instance]) -> Option<Augmented> {
    let mut out = bytes.to_vec();
    let mut instances = known.to_vec();
    for t in template_functions(tu.root()) {
        let key = t.decl_key();
        // A template of a project header is copied from the header's text;
        // its copy keeps the header's name and lines (`#line N "file"`).
        let header = (!t.in_main_file()).then(|| t.file()).flatten();
        let header_bytes;
        let source: &[u8] = match &header {
            Some(h) => match std::fs::read(h) {
                Ok(b) => {
                    header_bytes = b;
                    &header_bytes
                }
                Err(_) => continue,
            },
            None => bytes,
        };
        let Some((start, line)) = definition_start(tu, t, source, header.is_some()) else {
            continue;
        };
        let text = &source[start as usize..(t.end_offset() as usize).min(source.len())];
        let params = t.template_parameters();
        let kernel = t.has_attr(CXCursor_CUDAGlobalAttr);
        let lists = argument_lists(unit, &key, params.len(), kernel);
        for arguments in lists {
            let seen = |i: &Instance| i.template == key && i.arguments == arguments;
            if instances.iter().any(seen) {
                continue;
            }
            let Some(preamble) = declarations(&params, &arguments) else {
                continue;
            };
            let column = start as usize - line_start(source, start as usize);
            // Every copy names its file in its `#line`: a device function's
            // copy the header (for clang's messages), any other the main
            // file — a kernel of a header too, so that its spans are the
            // header's lines and columns (it is reported against the header,
            // `cuda::load_kernel`) — and a copy after a header's copy does
            // not inherit the header's name.
            let named = match (&header, kernel) {
                (Some(h), false) => h.display().to_string(),
                _ => tu.main_file_name(),
            };
            let file = format!(" \"{}\"", named.replace('\\', "\\\\").replace('"', "\\\""));
            // The copy sits in the template's namespaces, so that the names
            // the template finds there (`dwt_cuda::FDWT53`) it finds too.
            let (open, close) = enclosing_namespaces(t);
            let head = format!(
                "\n{open}namespace __mapcheck_instance_{} {{\n{preamble}#line {line}{file}\n{}",
                instances.len(),
                " ".repeat(column)
            );
            out.extend_from_slice(head.as_bytes());
            let from = out.len() as u32;
            out.extend_from_slice(text);
            let to = out.len() as u32;
            out.extend_from_slice(format!("\n}}{close}\n").as_bytes());
            instances.push(Instance {
                label: format!("{}<{}>", t.spelling(), arguments.join(", ")),
                bindings: bindings(&params, &arguments),
                parameters: params.iter().map(|p| p.spelling()).collect(),
                template: key.clone(),
                arguments,
                range: from..to,
                header: header.clone(),
            });
        }
    }
    (instances.len() > known.len()).then_some(Augmented {
        bytes: out,
        instances,
    })
}

/// The template functions defined in the main file or in the project's
/// headers (not the CUDA or system headers), through namespaces.
fn template_functions(scope: Cursor) -> Vec<Cursor> {
    let mut out = Vec::new();
    for d in scope.children() {
        match d.kind() {
            CXCursor_Namespace | CXCursor_LinkageSpec => out.extend(template_functions(d)),
            CXCursor_FunctionTemplate
                if d.is_definition() && (d.in_main_file() || !d.in_library()) =>
            {
                out.push(d)
            }
            _ => {}
        }
    }
    out
}

/// The text that reopens the namespaces `t` is declared in, outermost
/// first (`namespace dwt_cuda { `; `namespace { ` for an anonymous one),
/// and the text that closes them.
fn enclosing_namespaces(t: Cursor) -> (String, String) {
    let mut names = Vec::new();
    let mut p = t.semantic_parent();
    while !p.is_null() && p.kind() != CXCursor_TranslationUnit {
        if p.kind() == CXCursor_Namespace {
            names.push(p.spelling());
        }
        p = p.semantic_parent();
    }
    let open: String = names
        .iter()
        .rev()
        .map(|n| format!("namespace {n} {{ "))
        .collect();
    (open, " }".repeat(names.len()))
}

/// The distinct, complete argument lists that name template `key`: its
/// explicit instantiations, for a kernel its launches, for any template
/// the calls of the unit's functions (at most [`MAX_INSTANCES`]; none
/// when there are more, so that the template stays generic).
fn argument_lists(unit: &Unit, key: &str, arity: usize, kernel: bool) -> Vec<Vec<String>> {
    let mut out: Vec<Vec<String>> = Vec::new();
    let mut add = |args: Option<Vec<String>>| {
        if let Some(a) = args.filter(|a| a.len() == arity && arity > 0) {
            if !out.contains(&a) {
                out.push(a);
            }
        }
    };
    // Any template function by its explicit instantiations (a host
    // wrapper `template void reduce<float>(…);` whose copy then launches
    // `reduce3<float>`), a kernel by its launches too.
    let launches = if kernel { &unit.launches[..] } else { &[] };
    for l in launches.iter().chain(&unit.instantiations) {
        if l.kernel == key {
            add(complete(l, arity));
        }
    }
    for f in &unit.funcs {
        visit_stmt(&f.body, &mut |e| {
            if let EK::Call(c, _) = &e.kind {
                if c.key.as_deref() == Some(key) {
                    add(c.arguments.iter().cloned().collect());
                }
            }
        });
    }
    if out.len() > MAX_INSTANCES {
        out.clear();
    }
    out
}

/// A launch's template arguments when it gives every one as text.
fn complete(l: &Launch, arity: usize) -> Option<Vec<String>> {
    let args: Option<Vec<String>> = l.arguments.iter().cloned().collect();
    args.filter(|a| a.len() == arity && arity > 0)
}

/// Does launch `l` give exactly the arguments of `instance`?
pub fn launches_instance(l: &Launch, instance: &Instance) -> bool {
    l.kernel == instance.template
        && complete(l, instance.arguments.len()).as_ref() == Some(&instance.arguments)
}

/// The declarations that give each template parameter its argument, or
/// `None` when one cannot be declared (a template template parameter).
fn declarations(params: &[Cursor], arguments: &[String]) -> Option<String> {
    let mut out = String::new();
    for (p, a) in params.iter().zip(arguments) {
        let name = p.spelling();
        match p.kind() {
            _ if name.is_empty() => {}
            CXCursor_TemplateTypeParameter => out.push_str(&format!("typedef {a} {name};\n")),
            CXCursor_NonTypeTemplateParameter => {
                let ty = p.ty().spelling();
                out.push_str(&format!("static const {ty} {name} = {a};\n"));
            }
            _ => return None,
        }
    }
    Some(out)
}

/// `T = int, blockSize = 256`.
fn bindings(params: &[Cursor], arguments: &[String]) -> String {
    params
        .iter()
        .zip(arguments)
        .map(|(p, a)| format!("{} = {a}", p.spelling()))
        .collect::<Vec<_>>()
        .join(", ")
}

/// The offset and line of the first token after the template parameter
/// list `template <…>` of `t` (the start of the function's declaration),
/// in `bytes`, the text of `t`'s file (a header's when `header`).
fn definition_start(tu: &Tu, t: Cursor, bytes: &[u8], header: bool) -> Option<(u32, u32)> {
    let tokens = tu.tokens(t);
    let open = tokens.iter().position(|(w, _)| w == "template")? + 1;
    if tokens.get(open)?.0 != "<" {
        return None;
    }
    let (mut angles, mut parens) = (0i32, 0i32);
    for (i, (w, _)) in tokens.iter().enumerate().skip(open) {
        match w.as_str() {
            "(" => parens += 1,
            ")" => parens -= 1,
            "<" if parens == 0 => angles += 1,
            ">" if parens == 0 => angles -= 1,
            ">>" if parens == 0 => angles -= 2,
            _ => {}
        }
        if angles <= 0 {
            let start = tokens.get(i + 1)?.1;
            let in_file = (start as usize) < bytes.len() && t.end_offset() as usize <= bytes.len();
            let line = |start: u32| {
                if header {
                    1 + bytes[..start as usize]
                        .iter()
                        .filter(|b| **b == b'\n')
                        .count() as u32
                } else {
                    tu.position(start).0
                }
            };
            return in_file.then(|| (start, line(start)));
        }
    }
    None
}

/// The offset of the first byte of the line holding `at`.
fn line_start(bytes: &[u8], at: usize) -> usize {
    bytes[..at]
        .iter()
        .rposition(|b| *b == b'\n')
        .map_or(0, |i| i + 1)
}
