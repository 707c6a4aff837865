//! The one type of every message mapcheck prints about its input and its
//! command line: files that cannot be read or parsed, wrong header flags,
//! flags only GPUVerify understands, internal errors.  A [`Diagnostic`] says
//! where (file, position) and what; `mapcheck_report::diagnostic` renders it
//! with the source line underlined, or on one line.

use semantics::surface::Span;
use std::fmt;
use std::path::{Path, PathBuf};

/// How serious a diagnostic is.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Level {
    /// The input or the command line is wrong: exit status 2.
    Error,
    /// Probably not what was meant; ignored.
    Warning,
    /// Worth knowing; nothing failed.
    Note,
}

/// A message about a file (or the command line) and where in it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Diagnostic {
    pub level: Level,
    /// The file it is about; `None` for the command line.
    pub file: Option<PathBuf>,
    /// Where in the file (1-based, end exclusive); `None` for the whole file.
    pub span: Option<Span>,
    pub message: String,
}

impl Diagnostic {
    /// An error about the command line.
    pub fn error(message: impl Into<String>) -> Diagnostic {
        Diagnostic {
            level: Level::Error,
            file: None,
            span: None,
            message: message.into(),
        }
    }

    /// A warning about the command line.
    pub fn warning(message: impl Into<String>) -> Diagnostic {
        Diagnostic {
            level: Level::Warning,
            ..Diagnostic::error(message)
        }
    }

    /// A note about the command line.
    pub fn note(message: impl Into<String>) -> Diagnostic {
        Diagnostic {
            level: Level::Note,
            ..Diagnostic::error(message)
        }
    }

    /// The same message about `file`.
    pub fn in_file(self, file: &Path) -> Diagnostic {
        Diagnostic {
            file: Some(file.to_path_buf()),
            ..self
        }
    }

    /// The same message at `span` (a span at line 0 is no position).
    pub fn at(self, span: Span) -> Diagnostic {
        Diagnostic {
            span: (span.line > 0).then_some(span),
            ..self
        }
    }

    /// An error in `file` at line `line`, column `col` (1-based; line 0:
    /// no position), as parsers report them.
    pub fn at_position(file: &Path, line: u32, col: u32, message: impl Into<String>) -> Diagnostic {
        Diagnostic::error(message)
            .in_file(file)
            .at(Span::point(line, col))
    }

    pub fn is_error(&self) -> bool {
        self.level == Level::Error
    }
}

/// One line: `file:line:col: message` (what JSON and SARIF carry).
impl fmt::Display for Diagnostic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (&self.file, &self.span) {
            (Some(file), Some(s)) => write!(f, "{}:{}:{}: ", file.display(), s.line, s.col)?,
            (Some(file), None) => write!(f, "{}: ", file.display())?,
            (None, _) => {}
        }
        f.write_str(&self.message)
    }
}

impl std::error::Error for Diagnostic {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_line_form_names_file_and_position() {
        let f = Path::new("k.proto");
        assert_eq!(
            Diagnostic::at_position(f, 3, 7, "bad").to_string(),
            "k.proto:3:7: bad"
        );
        assert_eq!(
            Diagnostic::at_position(f, 0, 0, "bad").to_string(),
            "k.proto: bad"
        );
        assert_eq!(Diagnostic::error("bad").to_string(), "bad");
    }
}
