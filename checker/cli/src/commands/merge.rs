//! `mapcheck merge FILE...`: the JSON or SARIF documents of several
//! `mapcheck check` runs — the shards of one project (`--shard K/N`), CI
//! matrix jobs — as one document, with the exit status one run over all
//! their files would have had (`docs/ci.md`, "Shards").
//!
//! The documents are read as they were written (`docs/formats.md`) and
//! joined key by key: JSON's `errors`, `kernels` and `translation_units`
//! concatenated; SARIF's results and tool notifications concatenated into
//! the first document's one run.  Documents of different formats or
//! versions are a usage error.

use super::exit;
use serde_json::Value;
use std::path::PathBuf;

/// Runs `mapcheck merge`; returns the exit status.
pub fn main(files: &[PathBuf]) -> i32 {
    match merge(files) {
        Ok((doc, status)) => {
            println!("{}", serde_json::to_string_pretty(&doc).unwrap_or_default());
            status
        }
        Err(e) => {
            eprintln!("error: {e}");
            exit::BAD_INPUT
        }
    }
}

/// The merged document and its exit status.
fn merge(files: &[PathBuf]) -> Result<(Value, i32), String> {
    let mut docs = Vec::new();
    for f in files {
        let text = std::fs::read_to_string(f).map_err(|e| format!("{}: {e}", f.display()))?;
        let doc: Value =
            serde_json::from_str(&text).map_err(|e| format!("{}: not JSON: {e}", f.display()))?;
        docs.push((f, doc));
    }
    let (first, rest) = docs.split_first().ok_or("no document to merge")?;
    let sarif = is_sarif(&first.1);
    let mut out = first.1.clone();
    for (f, doc) in rest {
        if is_sarif(doc) != sarif || doc["version"] != out["version"] {
            return Err(format!(
                "{}: not a document of the same format and version as {}",
                f.display(),
                first.0.display()
            ));
        }
        if sarif {
            join_sarif(&mut out, doc)?;
        } else {
            join_json(&mut out, doc)?;
        }
    }
    let status = if sarif {
        sarif_status(&out)
    } else {
        json_status(&out)
    };
    Ok((out, status))
}

fn is_sarif(doc: &Value) -> bool {
    doc.get("runs").is_some()
}

/// Appends the array at `key` of `from` to that of `into`.
fn append(into: &mut Value, from: &Value, key: &str) -> Result<(), String> {
    let more = from[key].as_array().cloned().unwrap_or_default();
    match into.get_mut(key).and_then(Value::as_array_mut) {
        Some(a) => a.extend(more),
        None if more.is_empty() => {}
        None => return Err(format!("a document has no `{key}` list")),
    }
    Ok(())
}

fn join_json(into: &mut Value, from: &Value) -> Result<(), String> {
    for key in ["errors", "kernels", "translation_units"] {
        append(into, from, key)?;
    }
    Ok(())
}

fn join_sarif(into: &mut Value, from: &Value) -> Result<(), String> {
    let run = &from["runs"][0];
    let target = into["runs"]
        .get_mut(0)
        .ok_or("a SARIF document without a run")?;
    append(target, run, "results")?;
    let notes = &run["invocations"][0];
    let invocation = target["invocations"]
        .get_mut(0)
        .ok_or("a SARIF run without an invocation")?;
    append(invocation, notes, "toolExecutionNotifications")?;
    let ok = invocation["executionSuccessful"].as_bool().unwrap_or(true)
        && notes["executionSuccessful"].as_bool().unwrap_or(true);
    invocation["executionSuccessful"] = Value::Bool(ok);
    Ok(())
}

/// The exit status of a JSON run (`docs/errors.md`): an error or a
/// malformed protocol 2, else a race or divergence not suppressed 1, else
/// an unknown 3, else 0.
fn json_status(doc: &Value) -> i32 {
    let arrays: Vec<&Value> = doc["kernels"]
        .as_array()
        .into_iter()
        .flatten()
        .flat_map(|k| k["arrays"].as_array().into_iter().flatten())
        .collect();
    let verdict = |a: &&Value| a["verdict"].as_str().unwrap_or_default().to_string();
    let errors = doc["errors"].as_array().is_some_and(|e| !e.is_empty());
    if errors || arrays.iter().any(|a| verdict(a) == "invalid") {
        exit::BAD_INPUT
    } else if arrays.iter().any(|a| {
        a.get("suppressed").is_none() && ["racy", "divergence"].contains(&verdict(a).as_str())
    }) {
        exit::RACE
    } else if arrays.iter().any(|a| verdict(a) == "unknown") {
        exit::UNKNOWN
    } else {
        exit::OK
    }
}

/// The exit status of a SARIF run, from its rules and notifications.
fn sarif_status(doc: &Value) -> i32 {
    let run = &doc["runs"][0];
    let results: Vec<&Value> = run["results"].as_array().into_iter().flatten().collect();
    let rule = |r: &&Value| r["ruleId"].as_str().unwrap_or_default().to_string();
    let failed = !run["invocations"][0]["executionSuccessful"]
        .as_bool()
        .unwrap_or(true);
    let open = |r: &&Value| r["suppressions"].as_array().is_none_or(|s| s.is_empty());
    if failed || results.iter().any(|r| rule(r) == "invalid-input") {
        exit::BAD_INPUT
    } else if results
        .iter()
        .any(|r| open(r) && ["data-race", "barrier-divergence"].contains(&rule(r).as_str()))
    {
        exit::RACE
    } else if results.iter().any(|r| rule(r) == "unknown") {
        exit::UNKNOWN
    } else {
        exit::OK
    }
}
