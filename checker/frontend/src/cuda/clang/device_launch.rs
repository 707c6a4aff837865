//! Kernel launches in device code (CUDA dynamic parallelism).  clang does
//! not implement them: any reference to a `__global__` function inside
//! device code is the error "reference to __global__ function 'child' in
//! __global__ function", and the statement is dropped from the tree.  So a
//! file with such errors is parsed again with each launch at an error
//! rewritten in place, every other byte where it was:
//!
//! ```text
//! child<<<grid, block>>>(a, n)      (as written)
//! $dl(     grid, block)  (a, n)     (as parsed)
//! ```
//!
//! `$dl` and the type it returns are mapcheck's prelude's
//! (`cuda-prelude/mapcheck_cuda.h`); the converter knows the call by that
//! type and the launched kernel by [`DeviceLaunchSite`], found at the
//! position of `$dl`.  What the launch means is the inference's
//! (`docs/cuda-model.md`, "Dynamic parallelism").

use std::path::Path;

/// The prelude's function a rewritten launch calls (`$dl`, three bytes:
/// the shortest launch `k<<<` has four).
pub const LAUNCH_FUNCTION: &str = "$dl";
/// The type `$dl` returns, whose `operator()` takes the kernel's arguments.
pub const LAUNCHER_TYPE: &str = "__mapcheck_device_launch";

/// A launch in device code, rewritten: where `$dl` now stands (the
/// position of the kernel's name as written) and the kernel it launches,
/// as written (`child`, `ns::child`, `child<float>`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DeviceLaunchSite {
    pub line: u32,
    pub col: u32,
    pub kernel: String,
}

impl DeviceLaunchSite {
    /// The kernel's name without its namespace and template arguments
    /// (`ns::child<float>`: `child`), as [`crate::cuda::ast::Func::name`]
    /// starts.
    pub fn base_name(&self) -> &str {
        let name = self.kernel.split('<').next().unwrap_or(&self.kernel);
        name.rsplit("::").next().unwrap_or(name).trim()
    }
}

/// The file's text with every launch in device code that clang rejected
/// (an error of `errors` in `path` at the launched kernel's name)
/// rewritten, and the launches; `None` when no error is such a launch.
/// A reference to a kernel that is not a `<<<…>>>` launch (`&child`) is
/// left as it is: its error stays.
pub fn rewrite(
    source: &[u8],
    path: &Path,
    errors: &[super::Diagnostic],
) -> Option<(Vec<u8>, Vec<DeviceLaunchSite>)> {
    let mut text = source.to_vec();
    let mut sites = Vec::new();
    for e in errors {
        let in_main = e.file.as_deref().is_some_and(|f| f == path);
        if !in_main || !is_device_reference(&e.text) {
            continue;
        }
        let Some(at) = offset_of(source, e.line, e.col) else {
            continue;
        };
        if let Some((start, kernel)) = rewrite_at(&mut text, at) {
            sites.push(DeviceLaunchSite {
                line: e.line,
                col: e.col - (at - start) as u32,
                kernel,
            });
        }
    }
    (!sites.is_empty()).then_some((text, sites))
}

/// Is the diagnostic clang's refusal of a kernel named in device code?
fn is_device_reference(text: &str) -> bool {
    let first = text.lines().next().unwrap_or("");
    first.contains("error: reference to __global__ function '")
        && (first.ends_with(" in __global__ function")
            || first.ends_with(" in __device__ function")
            || first.ends_with(" in __host__ __device__ function"))
}

/// The byte offset of 1-based `line` and byte column `col`.
fn offset_of(source: &[u8], line: u32, col: u32) -> Option<usize> {
    if line == 0 || col == 0 {
        return None;
    }
    let mut start = 0usize;
    for _ in 1..line {
        start += source.get(start..)?.iter().position(|&b| b == b'\n')? + 1;
    }
    let at = start + col as usize - 1;
    (at < source.len()).then_some(at)
}

/// Rewrites the launch whose kernel name starts at `at` (its namespace
/// qualifiers before it included, on the same line), returning where the
/// rewrite starts and the kernel as written; `None` (and `text`
/// unchanged) unless a whole `name<<<…>>>(` is there.
fn rewrite_at(text: &mut [u8], at: usize) -> Option<(usize, String)> {
    let start = qualified_start(text, at);
    let name_end = at + text[at..].iter().take_while(|b| is_ident(**b)).count();
    let mut i = skip_space(text, name_end);
    if text.get(i) == Some(&b'<') && !text[i..].starts_with(b"<<<") {
        i = skip_space(text, angle_end(text, i)?);
    }
    let kernel = String::from_utf8_lossy(&text[start..i]).trim().to_string();
    if !text[i..].starts_with(b"<<<") || name_end == at {
        return None;
    }
    let close = config_end(text, i + 3)?;
    if text.get(skip_space(text, close + 3)) != Some(&b'(') {
        return None;
    }
    // `child<<<` becomes `$dl(` and spaces; `>>>` becomes `)` and spaces.
    let open = i + 3;
    text[start..open].fill(b' ');
    text[start..start + 3].copy_from_slice(LAUNCH_FUNCTION.as_bytes());
    text[start + 3] = b'(';
    text[close..close + 3].copy_from_slice(b")  ");
    Some((start, kernel))
}

fn is_ident(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b == b'_'
}

fn skip_space(text: &[u8], mut i: usize) -> usize {
    while text.get(i).is_some_and(|b| b.is_ascii_whitespace()) {
        i += 1;
    }
    i
}

/// The start of the qualified name whose last part starts at `at`
/// (`ns::child`: the `n`).
fn qualified_start(text: &[u8], at: usize) -> usize {
    let mut start = at;
    while start >= 2 && &text[start - 2..start] == b"::" {
        let before = text[..start - 2].iter().rev().take_while(|b| is_ident(**b));
        start -= 2 + before.count();
    }
    start
}

/// Just past the `>` closing the template argument list opened at `open`
/// (brackets counted; `None` past a `;`, a `{` or the end).
fn angle_end(text: &[u8], open: usize) -> Option<usize> {
    let mut depth = 0i32;
    for (k, b) in text.iter().enumerate().skip(open) {
        match b {
            b'<' | b'(' | b'[' => depth += 1,
            b'>' | b')' | b']' => {
                depth -= 1;
                if depth == 0 {
                    return (*b == b'>').then_some(k + 1);
                }
            }
            b';' | b'{' => return None,
            _ => {}
        }
    }
    None
}

/// The position of the `>>>` that closes a launch configuration starting
/// at `from`: the first one outside parentheses and brackets (`None` past
/// a `;`, a `{` or the end).
fn config_end(text: &[u8], from: usize) -> Option<usize> {
    let mut depth = 0i32;
    let mut k = from;
    while k < text.len() {
        match text[k] {
            b'(' | b'[' => depth += 1,
            b')' | b']' => depth -= 1,
            b'>' if depth == 0 && text[k..].starts_with(b">>>") => return Some(k),
            b';' | b'{' => return None,
            _ => {}
        }
        k += 1;
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::path::PathBuf;

    fn error_at(line: u32, col: u32, kernel: &str) -> super::super::Diagnostic {
        super::super::Diagnostic {
            file: Some(PathBuf::from("k.cu")),
            line,
            col,
            text: format!(
                "k.cu:{line}:{col}: error: reference to __global__ function '{kernel}' in __global__ function"
            ),
            is_error: true,
        }
    }

    fn rewritten(src: &str, line: u32, col: u32) -> Option<(String, Vec<DeviceLaunchSite>)> {
        let errors = [error_at(line, col, "k")];
        rewrite(src.as_bytes(), Path::new("k.cu"), &errors)
            .map(|(t, s)| (String::from_utf8(t).unwrap(), s))
    }

    #[test]
    fn a_launch_keeps_every_position() {
        let src = "x;\n  child<<<(n + 1) / 2, dim3(4, 1)>>>(a, f(b));\n";
        let (text, sites) = rewritten(src, 2, 3).unwrap();
        assert_eq!(text, "x;\n  $dl(    (n + 1) / 2, dim3(4, 1))  (a, f(b));\n");
        assert_eq!(text.len(), src.len());
        assert_eq!(sites[0].kernel, "child");
        assert_eq!((sites[0].line, sites[0].col), (2, 3));
    }

    #[test]
    fn qualified_and_template_kernels_are_rewritten_whole() {
        let src = "ns::k<T, 4> <<<1, 2, 0, s>>> (p);";
        let (text, sites) = rewritten(src, 1, 5).unwrap();
        assert_eq!(text, "$dl(           1, 2, 0, s)   (p);");
        assert_eq!(text.len(), src.len());
        assert_eq!(sites[0].kernel, "ns::k<T, 4>");
        // Where `$dl` now stands, not where clang saw the name.
        assert_eq!((sites[0].line, sites[0].col), (1, 1));
        assert_eq!(sites[0].base_name(), "k");
    }

    #[test]
    fn a_reference_that_is_no_launch_is_left_alone() {
        assert!(rewritten("void *p = (void *)k;", 1, 19).is_none());
        assert!(rewritten("k<<<1, 2>>>;", 1, 1).is_none());
        // Another error, or one in a header, is not a launch.
        let other = super::super::Diagnostic {
            text: "k.cu:1:1: error: use of undeclared identifier 'k'".into(),
            ..error_at(1, 1, "k")
        };
        assert!(rewrite(b"k<<<1, 2>>>(a);", Path::new("k.cu"), &[other]).is_none());
        let header = super::super::Diagnostic {
            file: Some(PathBuf::from("h.cuh")),
            ..error_at(1, 1, "k")
        };
        assert!(rewrite(b"k<<<1, 2>>>(a);", Path::new("k.cu"), &[header]).is_none());
    }
}
