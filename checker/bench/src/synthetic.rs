//! The synthetic protocols of Claim 2 (Fig. 17 of `seeds/000_*`): five
//! categories, one per construct of the protocol language, each repeating
//! (or nesting) a pattern `size` times.  All of them are DRF.

use std::fmt;
use std::str::FromStr;

/// A category of Fig. 17.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Category {
    /// `rd[tid + n1*T]; wr[tid + 1*T]; rd[tid + n2*T]; wr[tid + 2*T]; …`
    Access,
    /// `wr[tid]; sync; wr[tid]; sync; …`
    Barrier,
    /// `if tid == 0 {wr[tid]}; if tid == 1 {wr[tid]}; …`
    Conditional,
    /// `forU i1 in 0..N { wr[tid]; forU i2 in 0..N { wr[tid]; … }}`
    UnsyncLoop,
    /// `forS i1 in 0..N { wr[tid]; sync; forS i2 in 0..N { wr[tid]; sync; … }}`
    SyncLoop,
}

impl Category {
    pub const ALL: [Category; 5] = [
        Category::Access,
        Category::Barrier,
        Category::Conditional,
        Category::UnsyncLoop,
        Category::SyncLoop,
    ];

    /// The command-line name (`access`, `barrier`, `conditional`, `unsync-loop`, `sync-loop`).
    pub fn name(self) -> &'static str {
        match self {
            Category::Access => "access",
            Category::Barrier => "barrier",
            Category::Conditional => "conditional",
            Category::UnsyncLoop => "unsync-loop",
            Category::SyncLoop => "sync-loop",
        }
    }
}

impl fmt::Display for Category {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Category {
    type Err = String;
    fn from_str(s: &str) -> Result<Category, String> {
        Category::ALL
            .into_iter()
            .find(|c| c.name() == s)
            .ok_or_else(|| {
                let names: Vec<&str> = Category::ALL.iter().map(|c| c.name()).collect();
                format!(
                    "unknown category `{s}`: expected one of {}",
                    names.join(", ")
                )
            })
    }
}

/// The `.proto` text of a category at a size (with a `// expect: drf` header).
pub fn generate(category: Category, size: usize) -> String {
    let mut out = format!("// expect: drf\n// Fig. 17 of seeds/000: {category}, size {size}\n");
    let body = match category {
        Category::Access => (1..=size)
            .map(|i| format!("rd[tid + {}*T];\nwr[tid + {i}*T];\n", 2 * i + 1))
            .collect(),
        Category::Barrier => "wr[tid];\nsync;\n".repeat(size),
        Category::Conditional => (0..size)
            .map(|i| format!("if tid == {i} {{ wr[tid] }};\n"))
            .collect(),
        Category::UnsyncLoop => nested(size, "forU", "wr[tid];"),
        Category::SyncLoop => nested(size, "forS", "wr[tid]; sync;"),
    };
    out.push_str(&body);
    out
}

/// `size` nested loops, each starting with `stmt`.
fn nested(size: usize, tag: &str, stmt: &str) -> String {
    let mut out = String::new();
    for i in 1..=size {
        out.push_str(&format!(
            "{}{tag} i{i} in 0..N {{ {stmt}\n",
            "  ".repeat(i - 1)
        ));
    }
    out.push_str(&"}".repeat(size));
    out.push('\n');
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_category_parses_at_several_sizes() {
        for c in Category::ALL {
            for size in [1, 3, 17] {
                let src = generate(c, size);
                let p = semantics::surface::parse(&src)
                    .unwrap_or_else(|e| panic!("{c} {size}: {e}\n{src}"));
                assert_eq!(p.header.expect, Some(semantics::surface::Expect::Drf));
            }
            assert_eq!(c.name().parse::<Category>(), Ok(c));
        }
        assert!("loops".parse::<Category>().is_err());
    }
}
