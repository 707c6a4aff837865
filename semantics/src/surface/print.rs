//! Printer of the `.proto` format: `parse(print(p)) == p`, and printing is
//! stable (`print(parse(print(p))) == print(p)`).

use super::ast::*;
use crate::expr::NExp;
use crate::protocol::Printer;
use std::fmt;

fn print_block(pr: &mut Printer, block: &Block) {
    let n = block.len();
    for (k, s) in block.iter().enumerate() {
        print_stmt(pr, s, if k + 1 < n { ";" } else { "" });
    }
}

fn print_stmt(pr: &mut Printer, s: &Stmt, sep: &str) {
    match &s.kind {
        StmtKind::Skip => pr.line(&format!("skip{sep}")),
        StmtKind::Sync => pr.line(&format!("sync{sep}")),
        StmtKind::ScopedSync { scope, mask } => match mask {
            Some(m) => pr.line(&format!("sync({scope}, {m}){sep}")),
            None => pr.line(&format!("sync({scope}){sep}")),
        },
        StmtKind::Access { mode, array, index } => {
            let mut t = mode.keyword().to_string();
            if let Some(a) = array {
                t.push(' ');
                t.push_str(a);
            }
            for n in index {
                t.push_str(&format!("[{n}]"));
            }
            pr.line(&format!("{t}{sep}"));
        }
        StmtKind::If {
            cond,
            then_branch,
            else_branch,
        } => {
            pr.open(&format!("if {cond}"));
            print_block(pr, then_branch);
            if else_branch.is_empty() {
                pr.close(sep);
            } else {
                pr.middle("} else {");
                print_block(pr, else_branch);
                pr.close(sep);
            }
        }
        StmtKind::For {
            tag,
            var,
            lo,
            hi,
            body,
        } => {
            open_for(pr, *tag, var, lo, hi);
            print_block(pr, body);
            pr.close(sep);
        }
    }
}

/// Opens `for x in lo..hi {`, `forU …` or `forS …` (shared with `.bcu`).
pub(crate) fn open_for(pr: &mut Printer, tag: Option<LoopTag>, var: &str, lo: &NExp, hi: &NExp) {
    let kw = match tag {
        None => "for",
        Some(LoopTag::Unsync) => "forU",
        Some(LoopTag::Sync) => "forS",
    };
    pr.open(&format!("{kw} {var} in {lo}..{hi}"));
}

/// The expectation header and the `param` line (shared with `.bcu`).
pub(crate) fn print_preamble(pr: &mut Printer, header: &Header, params: &[String]) {
    if let Some(e) = header.expect {
        pr.line(&format!("// expect: {e}"));
    }
    if !header.flags.is_empty() {
        pr.line(&format!("//{}", header.flags.join(" ")));
    }
    if !params.is_empty() {
        pr.line(&format!("param {};", params.join(", ")));
    }
}

impl fmt::Display for Program {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut pr = Printer::new();
        print_preamble(&mut pr, &self.header, &self.params);
        if !self.locals.is_empty() {
            pr.line(&format!("local {};", self.locals.join(", ")));
        }
        for a in &self.assumptions {
            pr.line(&format!("assume {};", a.cond));
        }
        print_block(&mut pr, &self.body);
        f.write_str(&pr.finish())
    }
}

#[cfg(test)]
mod tests {
    use super::super::parse::parse;

    #[test]
    fn print_parse_round_trip() {
        let src = "// expect: drf\n//--blockDim=32\nparam N;\nlocal x;\nassume N > 0 && (x < 3 || !(N == 2));\nforS r in 0..N {\n  for i in 0..x * (N - 1) { wr A[tid][i] };\n  sync;\n  if tid < 2 { atomic[tid] } else { rd[tid + 1 - r] }\n}\nif N == 1 { skip }";
        let p = parse(src).unwrap();
        let printed = p.to_string();
        let p2 = parse(&printed).unwrap();
        assert_eq!(p.without_spans(), p2.without_spans());
        assert_eq!(printed, p2.to_string());
    }
}
