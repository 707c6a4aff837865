//! `mapcheck check FILE...`: a verdict per kernel and array (README.md,
//! "Command line"), or one pipeline stage with `--show`.

use super::{exit, CheckArgs, Format, Logic, Stage};
use mapcheck_core::check::{fixed_env, query_context};
use mapcheck_core::kernel::Kernel;
use mapcheck_core::phases::closures;
use mapcheck_core::smt::encode_all;
use mapcheck_core::triage::{check_with_triage, Resolution, Triage};
use mapcheck_core::verdict::{CheckOptions, IntModel, KernelReport, Verdict};
use mapcheck_core::wellformed::{wellformed, WfError};
use mapcheck_driver::suite::classify;
use mapcheck_frontend::options::{apply_dims, parse_flags};
use mapcheck_frontend::{load, LoadOptions};
use mapcheck_report::text as report;

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

/// The options for one kernel: its file's header flags (`//--param N=4
/// --blockDim=[16,16] …`), overridden by the command line.  When the command
/// line gives dimensions, the header's dimension assumptions are replaced so
/// the two never contradict each other.
fn kernel_options(args: &CheckArgs, kernel: &mut Kernel) -> Result<CheckOptions, String> {
    let header = parse_flags(&kernel.program.header.flags);
    if let Some(e) = header.errors.first() {
        return Err(format!("bad header flag: {e}"));
    }
    for flag in &header.ignored {
        eprintln!(
            "mapcheck: {}: note: header flag `{flag}` only means something to GPUVerify; ignored",
            kernel.file.display()
        );
    }
    let cli_block = args.threads.block_dim.as_deref().map(parse_dims);
    let cli_grid = args.threads.grid_dim.as_deref().map(parse_dims);
    if cli_block.is_some() || cli_grid.is_some() {
        apply_dims(kernel, cli_block.as_deref(), cli_grid.as_deref());
    }
    let mut opts = options(args);
    opts.threads = opts.threads.or(header.threads);
    for (name, value) in &header.params {
        opts.params.entry(name.clone()).or_insert(*value);
    }
    for (name, dims) in [
        ("blockDim", &header.block_dim),
        ("gridDim", &header.grid_dim),
    ] {
        let Some(d) = dims else { continue };
        for (i, axis) in ["x", "y", "z"].iter().enumerate() {
            let v = d.get(i).copied().unwrap_or(1);
            opts.params.entry(format!("{name}.{axis}")).or_insert(v);
        }
    }
    Ok(opts)
}

/// The command line's load options plus the file header's `--grid-level`
/// and `--kernel` (the front ends apply the header's `-D` and `-I`).
fn file_load_options(file: &std::path::Path, cli: &LoadOptions) -> LoadOptions {
    let mut opts = cli.clone();
    if let Ok(source) = std::fs::read_to_string(file) {
        let header = parse_flags(&semantics::surface::parse::parse_header(&source).flags);
        opts.grid_level |= header.grid_level;
        opts.block_level |= header.block_level;
        opts.all_dims |= header.all_dims;
        opts.kernel = opts.kernel.or(header.kernel);
    }
    opts
}

/// Runs `mapcheck check`; returns the exit status.
pub fn main(args: &CheckArgs) -> i32 {
    let load_opts = LoadOptions {
        defines: args.defines.clone(),
        includes: args.includes.clone(),
        kernel: args.kernel.clone(),
        grid_level: args.threads.grid_level,
        block_level: args.threads.block_level,
        all_dims: args.threads.all_dims,
    };
    let mut errors = Vec::new();
    let mut reports = Vec::new();
    for file in &args.files {
        let kernels = match load(file, &file_load_options(file, &load_opts)) {
            Ok(k) => k,
            Err(e) => {
                eprintln!("mapcheck: {e}");
                errors.push(e.to_string());
                continue;
            }
        };
        for mut k in kernels
            .into_iter()
            .filter(|k| args.kernel.as_ref().is_none_or(|n| *n == k.name))
        {
            let opts = match kernel_options(args, &mut k) {
                Ok(o) => o,
                Err(e) => {
                    eprintln!("mapcheck: {}: {e}", file.display());
                    errors.push(format!("{}: {e}", file.display()));
                    continue;
                }
            };
            if let Some(stage) = args.show {
                print!("{}", show(&k, stage, &opts));
                continue;
            }
            match check_with_triage(&k, &opts) {
                Ok((report, triage)) => {
                    let class = classify(&k);
                    reports.push(Checked {
                        report,
                        launch: k.launch.clone(),
                        source: k.source.clone(),
                        triage,
                        class,
                    });
                }
                Err(bug) => {
                    // A provable race that does not replay: never hide it.
                    eprintln!("mapcheck: {}: internal error: {bug}", file.display());
                    errors.push(format!("{}: internal error: {bug}", file.display()));
                }
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
    exit_status(reports.iter().map(|c| &c.report), !errors.is_empty())
}

/// One kernel's result with what the report adds to it.
struct Checked {
    report: KernelReport,
    /// Launch assumptions the user did not state (default dimensions).
    launch: Vec<String>,
    source: String,
    /// Triage of the races (BabyCUDA inputs).
    triage: Vec<Triage>,
    /// The classification of a race when triage did not run.
    class: String,
}

impl Checked {
    /// The classification of the race on `array` (README.md, "Verdicts and reports").
    fn classification(&self, array: &str) -> String {
        match self.triage.iter().find(|t| t.array == array) {
            Some(t) => t.class.to_string(),
            None => self.class.clone(),
        }
    }
}

fn print_reports(reports: &[Checked], errors: &[String], format: Format) {
    match format {
        Format::Json => {
            let only: Vec<KernelReport> = reports.iter().map(|c| c.report.clone()).collect();
            let mut doc = report::json_document(&only, errors);
            annotate_json(&mut doc, reports);
            println!("{}", serde_json::to_string_pretty(&doc).unwrap_or_default());
        }
        Format::Sarif => {
            // One closure per kernel (all of the same type), borrowed below.
            let classify: Vec<_> = reports
                .iter()
                .map(|c| move |a: &str| c.classification(a))
                .collect();
            let kernels: Vec<mapcheck_report::sarif::Checked> = reports
                .iter()
                .zip(&classify)
                .map(|(c, f)| mapcheck_report::sarif::Checked {
                    report: &c.report,
                    classification: f,
                })
                .collect();
            let cwd = std::env::current_dir().unwrap_or_default();
            let doc = mapcheck_report::sarif::document(&kernels, errors, &cwd);
            println!("{}", serde_json::to_string_pretty(&doc).unwrap_or_default());
        }
        Format::Csv => {
            println!("{}", report::CSV_HEADER);
            for c in reports {
                print!("{}", report::csv_rows(&c.report, &|a| c.classification(a)));
            }
        }
        Format::Text => {
            for c in reports {
                print!("{}", report::text(&c.report, &c.source));
                for a in &c.launch {
                    println!("  assuming {a}");
                }
                print_classifications(c);
            }
        }
    }
}

/// After each racy array: its classification and, for BabyCUDA, the triage.
fn print_classifications(c: &Checked) {
    for a in c.report.arrays.iter().filter(|a| a.verdict.is_racy()) {
        println!("  classification: {}", c.classification(&a.array));
    }
    for t in &c.triage {
        for line in t.to_string().lines() {
            println!("  triage: {line}");
        }
    }
}

/// Adds `classification` (and `triage`) to every racy array of the JSON document.
fn annotate_json(doc: &mut serde_json::Value, reports: &[Checked]) {
    let Some(kernels) = doc.get_mut("kernels").and_then(|k| k.as_array_mut()) else {
        return;
    };
    for (kernel, c) in kernels.iter_mut().zip(reports) {
        let Some(arrays) = kernel.get_mut("arrays").and_then(|a| a.as_array_mut()) else {
            continue;
        };
        for a in arrays {
            let name = a
                .get("array")
                .and_then(|n| n.as_str())
                .unwrap_or_default()
                .to_string();
            if let Some(t) = c.triage.iter().find(|t| t.array == name) {
                a["triage"] = serde_json::json!({
                    "class": t.class.to_string(),
                    "causes": t.causes,
                    "resolution": resolution_text(t),
                });
            }
            if a.get("verdict").and_then(|v| v.as_str()) == Some("racy") {
                a["classification"] = serde_json::json!(c.classification(&name));
            }
        }
    }
}

fn resolution_text(t: &Triage) -> String {
    match &t.resolution {
        Resolution::Replayed(r) => format!("replayed {r}"),
        Resolution::Confirmed(r) => format!("confirmed {r}"),
        Resolution::Refuted { how } => format!("refuted (spurious): {how}"),
        Resolution::Unresolved(why) => format!("unresolved: {why}"),
    }
}

/// Exit status (README.md): 1 if any race or divergence, else 2 on bad
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
        match wellformed(k, array, &fixed_env(opts)) {
            Err(e) => out.push_str(&format!(
                "{} error: {}\n",
                comment(stage),
                wf_error_text(&e)
            )),
            Ok(mut wf) => {
                mapcheck_core::smt::Session::on_this_thread(|s| {
                    mapcheck_core::check::discharge(s, k, &mut wf, opts)
                });
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
    case: &mapcheck_core::wellformed::Case,
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
    let w = case.protocol.erase();
    match stage {
        Stage::Wellformed | Stage::Protocol => out.push_str(&format!("{w}\n")),
        Stage::Aligned => out.push_str(&semantics::aligned::print_aligned_pair(&semantics::align(
            &w,
        ))),
        Stage::Split | Stage::Traces => {
            for (i, c) in closures(&case.protocol).iter().enumerate() {
                let c = c.erase();
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
