//! Source excerpts and diagnostics, drawn by `codespan-reporting`: the
//! underlined source lines of the text report ([`excerpt`]) and every
//! error or note about the input or the command line ([`render`]).

use codespan_reporting::diagnostic::{Diagnostic as Codespan, Label, Severity};
use codespan_reporting::files::SimpleFile;
use codespan_reporting::term::{self, termcolor::NoColor, Config, DisplayStyle};
use mapcheck_ir::{Diagnostic, Level};
use semantics::surface::Span;
use std::ops::Range;
use std::path::Path;

/// How a diagnostic is rendered.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Style {
    /// The message, then the source line with the position underlined
    /// (when the diagnostic has a position and the source is known).
    Rich,
    /// One line: `file:line:col: error: message`.
    Short,
}

/// A diagnostic as text ending with a newline; `source` is the text of its
/// file, when known.
pub fn render(d: &Diagnostic, source: Option<&str>, style: Style) -> String {
    let located = d.file.as_deref().zip(d.span).zip(source);
    let Some(((file, span), source)) = located else {
        return one_line(d);
    };
    let Some(range) = byte_range(source, &span) else {
        return one_line(d);
    };
    let display = match style {
        Style::Rich => DisplayStyle::Rich,
        Style::Short => DisplayStyle::Short,
    };
    let diagnostic = Codespan::new(severity(d.level))
        .with_message(&d.message)
        .with_labels(vec![Label::primary((), range)]);
    emit(file, source, &diagnostic, display)
}

/// `file: error: message` when there is no position to show.
fn one_line(d: &Diagnostic) -> String {
    let level = match d.level {
        Level::Error => "error",
        Level::Warning => "warning",
        Level::Note => "note",
    };
    match (&d.file, &d.span) {
        (Some(f), Some(s)) => format!(
            "{}:{}:{}: {level}: {}\n",
            f.display(),
            s.line,
            s.col,
            d.message
        ),
        (Some(f), None) => format!("{}: {level}: {}\n", f.display(), d.message),
        (None, _) => format!("{level}: {}\n", d.message),
    }
}

fn severity(level: Level) -> Severity {
    match level {
        Level::Error => Severity::Error,
        Level::Warning => Severity::Warning,
        Level::Note => Severity::Note,
    }
}

/// The source lines of the spans, each underlined with its label, as
/// codespan draws them below a diagnostic's header and locus (which are
/// left out: the report says where).  Spans outside the source are
/// skipped; `""` when none is left.
pub fn excerpt(file: &Path, source: &str, labels: &[(Span, &str)]) -> String {
    let labels: Vec<Label<()>> = labels
        .iter()
        .filter_map(|(span, text)| {
            Some(Label::primary((), byte_range(source, span)?).with_message(*text))
        })
        .collect();
    if labels.is_empty() {
        return String::new();
    }
    let diagnostic = Codespan::new(Severity::Note).with_labels(labels);
    let drawn = emit(file, source, &diagnostic, DisplayStyle::Rich);
    // The header (`note: `), the locus (`┌─ file:line:col`) and an empty
    // gutter line come first, a blank line last.
    let lines: Vec<&str> = drawn
        .lines()
        .skip(1)
        .skip_while(|l| l.contains('┌') || l.trim() == "│")
        .collect();
    let end = lines
        .iter()
        .rposition(|l| !l.trim().is_empty())
        .map_or(0, |i| i + 1);
    lines[..end].iter().map(|l| format!("{l}\n")).collect()
}

fn emit(file: &Path, source: &str, diagnostic: &Codespan<()>, style: DisplayStyle) -> String {
    let files = SimpleFile::new(file.display().to_string(), source);
    let config = Config {
        display_style: style,
        ..Config::default()
    };
    let mut out = NoColor::new(Vec::new());
    if term::emit(&mut out, &config, &files, diagnostic).is_err() {
        return String::new();
    }
    String::from_utf8_lossy(&out.into_inner()).into_owned()
}

/// The bytes of `source` that `span` covers (1-based lines and columns in
/// characters, end exclusive); an empty span covers its first character.
pub fn byte_range(source: &str, span: &Span) -> Option<Range<usize>> {
    let start = byte_offset(source, span.line, span.col)?;
    let end = byte_offset(source, span.end_line, span.end_col)
        .filter(|e| *e > start)
        .unwrap_or_else(|| start + source[start..].chars().next().map_or(0, char::len_utf8));
    Some(start..end)
}

/// The byte offset of 1-based `line`, `col` (a column just past the end of
/// the line is its end).
fn byte_offset(source: &str, line: u32, col: u32) -> Option<usize> {
    if line == 0 || col == 0 {
        return None;
    }
    let mut start = 0;
    for (n, text) in source.split_inclusive('\n').enumerate() {
        if n + 1 == line as usize {
            let text = text.trim_end_matches(['\n', '\r']);
            let k = col as usize - 1;
            let offset = match text.char_indices().nth(k) {
                Some((b, _)) => b,
                None if k == text.chars().count() => text.len(),
                None => return None,
            };
            return Some(start + offset);
        }
        start += text.len();
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Columns `col..end_col` of `line`.
    fn on_line(line: u32, col: u32, end_col: u32) -> Span {
        Span {
            line,
            col,
            end_line: line,
            end_col,
        }
    }

    #[test]
    fn spans_are_character_positions() {
        let src = "ab\n\tλx[i] = 0;\n";
        let span = on_line(2, 3, 7);
        assert_eq!(&src[byte_range(src, &span).expect("in range")], "x[i]");
        assert_eq!(byte_range(src, &Span::point(9, 1)), None);
    }

    #[test]
    fn tabs_do_not_shift_the_underline() {
        let src = "\t\tA[x] := 0\n";
        let span = on_line(1, 3, 7);
        let text = excerpt(Path::new("k.bcu"), src, &[(span, "here")]);
        let lines: Vec<&str> = text.lines().collect();
        let code = lines
            .iter()
            .find(|l| l.contains("A[x]"))
            .expect("source line");
        let marks = lines.iter().find(|l| l.contains('^')).expect("underline");
        assert_eq!(code.find("A[x]"), marks.find("^^^^ here"), "{text}");
    }

    #[test]
    fn diagnostics_without_a_position_take_one_line() {
        let d = Diagnostic::error("cannot read").in_file(Path::new("k.cu"));
        assert_eq!(render(&d, None, Style::Rich), "k.cu: error: cannot read\n");
        let d = Diagnostic::at_position(Path::new("k.proto"), 1, 4, "expected `]`");
        assert_eq!(
            render(&d, Some("wr[tid;\n"), Style::Short),
            "k.proto:1:4: error: expected `]`\n"
        );
        let rich = render(&d, Some("wr[tid;\n"), Style::Rich);
        assert!(rich.starts_with("error: expected `]`\n"), "{rich}");
        assert!(rich.contains("k.proto:1:4"), "{rich}");
    }
}
