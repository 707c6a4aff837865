//! Every CSV mapcheck writes goes through the `csv` crate, so all quote
//! alike: a field with a comma, a quote or a line break is quoted, quotes
//! doubled (RFC 4180).  [`check_csv`] is `mapcheck check --format csv`.

use mapcheck_core::results::{CheckedArray, CheckedKernel, FileReport};
use mapcheck_core::verdict::Verdict;
use semantics::surface::Span;

/// The header of `mapcheck check --format csv`.
pub const CHECK_HEADER: &str =
    "file,kernel,array,verdict,classification,line1,col1,line2,col2,index,seconds,assumptions,precondition,fix_line,fix";

/// A CSV document: the header, then the rows.
pub fn write_csv<R, F>(header: &[&str], rows: R) -> String
where
    R: IntoIterator<Item = Vec<F>>,
    F: AsRef<[u8]>,
{
    let mut w = ::csv::Writer::from_writer(Vec::new());
    let written = std::iter::once(w.write_record(header))
        .chain(rows.into_iter().map(|r| w.write_record(r)))
        .all(|r| r.is_ok());
    match w.into_inner() {
        Ok(bytes) if written => String::from_utf8_lossy(&bytes).into_owned(),
        _ => String::new(),
    }
}

/// One field as the CSV writers quote it (in a row of several fields).
pub fn csv_field(s: &str) -> String {
    if s.is_empty() {
        // Alone on its row, an empty field is quoted to tell it from no field.
        return String::new();
    }
    let row = write_csv(&[s], std::iter::empty::<Vec<&str>>());
    row.strip_suffix('\n').unwrap_or(&row).to_string()
}

/// `mapcheck check --format csv`: one row per kernel and array (a kernel
/// without array accesses has none).  `classification`, `line2`, `col2`
/// and `index` are for races; `line1,col1` is the first access of a race
/// or the location of another verdict; empty where not applicable;
/// `assumptions`, then a race's checked `precondition` and fix (`fix_line`,
/// `fix`: the statement to insert before that line) last, so that the
/// columns before them keep their places.
pub fn check_csv(files: &[FileReport]) -> String {
    let rows = files.iter().flat_map(|f| &f.kernels).flat_map(|k| {
        k.arrays.iter().map(move |a| {
            let pos = |s: Option<&Span>| match s {
                Some(s) if s.line > 0 => [s.line.to_string(), s.col.to_string()],
                _ => [String::new(), String::new()],
            };
            let (first, second, index) = match a.verdict() {
                Verdict::Racy(w) => (
                    pos(Some(&w.accesses[0].span)),
                    pos(Some(&w.accesses[1].span)),
                    crate::text::index_text(w),
                ),
                Verdict::Drf { .. } => (pos(None), pos(None), String::new()),
                Verdict::Unknown { span, .. } => (pos(span.as_ref()), pos(None), String::new()),
                Verdict::Divergence { span, .. } | Verdict::Invalid { span, .. } => {
                    (pos(Some(span)), pos(None), String::new())
                }
            };
            let [line1, col1] = first;
            let [line2, col2] = second;
            vec![
                k.file.display().to_string(),
                k.kernel.clone(),
                a.check.array.clone(),
                a.verdict().keyword().to_string(),
                a.classification.clone().unwrap_or_default(),
                line1,
                col1,
                line2,
                col2,
                index,
                format!("{:.6}", a.check.seconds),
                assumptions(k, a),
                a.precondition
                    .as_ref()
                    .map(|p| p.expr.clone())
                    .unwrap_or_default(),
                a.fix
                    .as_ref()
                    .map(|f| f.line.to_string())
                    .unwrap_or_default(),
                a.fix.as_ref().map(|f| f.insert.clone()).unwrap_or_default(),
            ]
        })
    });
    let header: Vec<&str> = CHECK_HEADER.split(',').collect();
    write_csv(&header, rows)
}

/// What the verdict rests on beyond the code, `; `-separated: the
/// launch assumptions the user did not state (every verdict of the kernel
/// rests on them, as the text report's `assuming` lines say), then the
/// assumptions of a DRF verdict.
fn assumptions(k: &CheckedKernel, a: &CheckedArray) -> String {
    let drf = match a.verdict() {
        Verdict::Drf { assumptions } => assumptions.as_slice(),
        _ => &[],
    };
    let launch = k.launch.iter().cloned();
    let assumed = drf.iter().map(|asm| asm.to_string());
    launch.chain(assumed).collect::<Vec<_>>().join("; ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fields_are_quoted_when_needed() {
        assert_eq!(csv_field("plain"), "plain");
        assert_eq!(csv_field("a,b"), "\"a,b\"");
        assert_eq!(csv_field(""), "");
        let doc = write_csv(&["a", "b"], [vec!["1", "x\"y"]]);
        assert_eq!(doc, "a,b\n1,\"x\"\"y\"\n");
    }
}
