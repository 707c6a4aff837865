//! `mapcheck check FILE...`: a verdict per kernel and array (DESIGN.md,
//! "Command line"), or one pipeline stage with `--show`.

use super::{exit, CheckArgs, Format, Logic, Stage};
use crate::check::{check_kernel, fixed_env, query_context};
use crate::frontend::{load, LoadOptions};
use crate::kernel::Kernel;
use crate::phases::closures;
use crate::report;
use crate::smt::encode_all;
use crate::verdict::{CheckOptions, IntModel, KernelReport, Verdict};
use crate::wellformed::{strip_tags, strip_u, wellformed, WfError};
use semantics::C;

/// The options of the checking pipeline from the command line.
pub fn options(args: &CheckArgs) -> CheckOptions {
    let mut params: std::collections::BTreeMap<String, u64> =
        args.threads.params.iter().cloned().collect();
    for (name, dims) in [
        ("blockDim", &args.threads.block_dim),
        ("gridDim", &args.threads.grid_dim),
    ] {
        if let Some(d) = dims {
            params.extend(
                parse_dims(d)
                    .into_iter()
                    .zip(["x", "y", "z"])
                    .map(|(v, c)| (format!("{name}.{c}"), v)),
            );
        }
    }
    CheckOptions {
        threads: args.threads.threads,
        params,
        array: args.array.clone(),
        logic: match args.logic {
            Logic::Lia => IntModel::Nat,
            Logic::Bv32 => IntModel::Bv32,
        },
        timeout_ms: args.timeout,
    }
}

/// `X[,Y[,Z]]` or `[X,Y]`: the numbers given (unparsable parts are skipped).
pub fn parse_dims(s: &str) -> Vec<u64> {
    s.trim_matches(|c| c == '[' || c == ']')
        .split(',')
        .filter_map(|p| p.trim().parse().ok())
        .collect()
}

/// Runs `mapcheck check`; returns the exit status.
pub fn main(args: &CheckArgs) -> i32 {
    let opts = options(args);
    let load_opts = LoadOptions {
        defines: args.defines.clone(),
        includes: args.includes.clone(),
        kernel: args.kernel.clone(),
        grid_level: args.threads.grid_level,
    };
    let mut errors = Vec::new();
    let mut reports = Vec::new();
    for file in &args.files {
        let kernels = match load(file, &load_opts) {
            Ok(k) => k,
            Err(e) => {
                eprintln!("mapcheck: {e}");
                errors.push(e.to_string());
                continue;
            }
        };
        for k in kernels
            .iter()
            .filter(|k| args.kernel.as_ref().is_none_or(|n| *n == k.name))
        {
            match args.show {
                Some(stage) => print!("{}", show(k, stage, &opts)),
                None => reports.push((check_kernel(k, &opts), k.source.clone())),
            }
        }
    }
    if args.show.is_some() {
        return if errors.is_empty() {
            exit::OK
        } else {
            exit::BAD_INPUT
        };
    }
    print_reports(&reports, &errors, args.format);
    exit_status(reports.iter().map(|(r, _)| r), !errors.is_empty())
}

fn print_reports(reports: &[(KernelReport, String)], errors: &[String], format: Format) {
    match format {
        Format::Json => {
            let only: Vec<KernelReport> = reports.iter().map(|(r, _)| r.clone()).collect();
            let doc = report::json_document(&only, errors);
            println!("{}", serde_json::to_string_pretty(&doc).unwrap_or_default());
        }
        _ => {
            for (r, source) in reports {
                print!("{}", report::text(r, source));
            }
        }
    }
}

/// Exit status (DESIGN.md): 1 if any race or divergence, else 2 on bad
/// input, else 3 if any verdict is unknown, else 0.
pub fn exit_status<'a>(reports: impl Iterator<Item = &'a KernelReport>, bad_input: bool) -> i32 {
    let verdicts: Vec<&Verdict> = reports
        .flat_map(|r| r.arrays.iter().map(|a| &a.verdict))
        .collect();
    if verdicts
        .iter()
        .any(|v| matches!(v, Verdict::Racy(_) | Verdict::Divergence { .. }))
    {
        exit::RACE
    } else if bad_input
        || verdicts
            .iter()
            .any(|v| matches!(v, Verdict::Invalid { .. }))
    {
        exit::BAD_INPUT
    } else if verdicts
        .iter()
        .any(|v| matches!(v, Verdict::Unknown { .. }))
    {
        exit::UNKNOWN
    } else {
        exit::OK
    }
}

/// Prints one stage of the pipeline for every array of a kernel.
pub fn show(k: &Kernel, stage: Stage, opts: &CheckOptions) -> String {
    if stage == Stage::Protocol {
        return format!("// kernel {}\n{}\n", k.name, k.program);
    }
    let mut out = String::new();
    let arrays = k.program.arrays();
    for array in arrays
        .iter()
        .filter(|a| opts.array.as_ref().is_none_or(|o| o == *a))
    {
        out.push_str(&format!(
            "{} kernel {}, array {}\n",
            comment(stage),
            k.name,
            report::array_name(array)
        ));
        match wellformed(k, array, &fixed_env(opts), true) {
            Err(e) => out.push_str(&format!(
                "{} error: {}\n",
                comment(stage),
                wf_error_text(&e)
            )),
            Ok(mut wf) => {
                crate::check::discharge(k, &mut wf, opts);
                for (n, case) in wf.cases.iter().enumerate() {
                    out.push_str(&show_case(k, case, n, stage, opts));
                }
            }
        }
    }
    out
}

fn wf_error_text(e: &WfError) -> String {
    match e {
        WfError::Divergence { span, message } | WfError::Invalid { span, message } => {
            format!("{span}: {message}")
        }
        WfError::Unknown { reason, span } => format!("{span}: {reason}"),
    }
}

fn show_case(
    k: &Kernel,
    case: &crate::wellformed::Case,
    n: usize,
    stage: Stage,
    opts: &CheckOptions,
) -> String {
    let mut out = String::new();
    let facts: Vec<String> = case.facts.iter().map(|f| f.to_string()).collect();
    out.push_str(&format!(
        "{} case {n}: {}\n",
        comment(stage),
        if facts.is_empty() {
            "true".into()
        } else {
            facts.join(" && ")
        }
    ));
    for a in &case.assumed {
        out.push_str(&format!("{} assuming {a}\n", comment(stage)));
    }
    let w = strip_tags(&case.protocol);
    match stage {
        Stage::Wellformed | Stage::Protocol => out.push_str(&format!("{w}\n")),
        Stage::Aligned => out.push_str(&semantics::aligned::print_aligned_pair(&semantics::align(
            &w,
        ))),
        Stage::Split | Stage::Traces => {
            for (i, c) in closures(&case.protocol).iter().enumerate() {
                let c = strip_closure(c);
                let text = if stage == Stage::Split {
                    c.to_string()
                } else {
                    semantics::seq(&c).to_string()
                };
                out.push_str(&format!("// closure {i}\n{text}\n"));
            }
        }
        Stage::Smt => {
            let ctx = query_context(k, case, opts);
            match encode_all(&closures(&case.protocol), &ctx) {
                Some(q) => out.push_str(&q.script()),
                None => out.push_str("; no closure has conflicting accesses: no query\n"),
            }
        }
    }
    out
}

/// The comment marker of a stage's output (`;` for SMT-LIB).
fn comment(stage: Stage) -> &'static str {
    if stage == Stage::Smt {
        ";"
    } else {
        "//"
    }
}

fn strip_closure(c: &C) -> C {
    match c {
        C::U(u) => C::U(strip_u(u)),
        C::Var(x, n, m, c) => C::Var(x.clone(), n.clone(), m.clone(), Box::new(strip_closure(c))),
    }
}
