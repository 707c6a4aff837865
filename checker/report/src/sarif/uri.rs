//! The URIs of a SARIF document: source files relative to the current
//! directory (`%SRCROOT%`) or absolute `file://` URIs, percent-encoded.

use std::path::{Component, Path, PathBuf};

/// The URI of a source file: relative to the current directory (with
/// `uriBaseId` [`SRCROOT`]) when the file is under it, else an absolute
/// `file://` URI.
pub struct ArtifactUri {
    pub uri: String,
    pub relative: bool,
}

/// The [`ArtifactUri`] of `file`, as given on the command line.
pub fn artifact_uri(file: &Path, cwd: &Path) -> ArtifactUri {
    let absolute = normalize(&cwd.join(file));
    let base = normalize(cwd);
    match absolute.strip_prefix(&base) {
        Ok(rel) if rel.components().next().is_some() => ArtifactUri {
            uri: encode_path(rel),
            relative: true,
        },
        _ => ArtifactUri {
            uri: format!("file://{}", encode_path(&absolute)),
            relative: false,
        },
    }
}

/// `file:///dir/` for a directory (`None` if it is not absolute).
pub(super) fn dir_uri(dir: &Path) -> Option<String> {
    let dir = normalize(dir);
    if !dir.is_absolute() {
        return None;
    }
    let mut s = format!("file://{}", encode_path(&dir));
    if !s.ends_with('/') {
        s.push('/');
    }
    Some(s)
}

/// Removes `.` and resolves `..` lexically (no file system access: the file
/// named on the command line need not be a canonical path).
pub(super) fn normalize(p: &Path) -> PathBuf {
    let mut out = PathBuf::new();
    for c in p.components() {
        match c {
            Component::CurDir => {}
            Component::ParentDir => {
                if !out.pop() {
                    out.push("..");
                }
            }
            c => out.push(c.as_os_str()),
        }
    }
    out
}

/// The path with `/` separators and every byte outside the URI path
/// characters percent-encoded (RFC 3986).
fn encode_path(p: &Path) -> String {
    let text = p.to_string_lossy();
    let mut out = String::new();
    for b in text.bytes() {
        let keep = b.is_ascii_alphanumeric() || b"-._~!$&'()*+,;=:@/".contains(&b);
        if keep {
            out.push(b as char);
        } else {
            out.push_str(&format!("%{b:02X}"));
        }
    }
    out
}
