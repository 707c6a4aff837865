//! Printer of the `.bcu` format: `parse(print(b)) == b` and printing is
//! stable.  A `let` that ends its block is printed in the open form
//! (`let x = A[n] in` followed by its body); otherwise its body is braced.

use super::syntax::*;
use crate::protocol::Printer;
use crate::surface::print::{open_for, print_preamble};
use std::fmt;

fn print_block(pr: &mut Printer, block: &[Stmt]) {
    let n = block.len();
    for (k, s) in block.iter().enumerate() {
        let last = k + 1 == n;
        print_stmt(pr, s, if last { "" } else { ";" }, last);
    }
}

fn print_stmt(pr: &mut Printer, s: &Stmt, sep: &str, last: bool) {
    match &s.kind {
        StmtKind::Skip => pr.line(&format!("skip{sep}")),
        StmtKind::Sync => pr.line(&format!("sync{sep}")),
        StmtKind::Write {
            array,
            index,
            value,
        } => pr.line(&format!("{array}[{index}] := {value}{sep}")),
        StmtKind::Let {
            var,
            array,
            index,
            body,
        } => {
            let head = format!("let {var} = {array}[{index}] in");
            if last {
                pr.line(&head);
                print_block(pr, body);
            } else {
                pr.open(&head);
                print_block(pr, body);
                pr.close(sep);
            }
        }
        StmtKind::If {
            cond,
            then_branch,
            else_branch,
        } => {
            pr.open(&format!("if {cond}"));
            print_block(pr, then_branch);
            pr.middle("} else {");
            print_block(pr, else_branch);
            pr.close(sep);
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

/// Prints a block (used by reports).
pub fn block_to_string(block: &[Stmt]) -> String {
    let mut pr = Printer::new();
    print_block(&mut pr, block);
    pr.finish()
}

impl fmt::Display for Program {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut pr = Printer::new();
        print_preamble(&mut pr, &self.header, &self.params);
        for i in &self.inits {
            let vals: Vec<String> = i.values.iter().map(|v| v.to_string()).collect();
            pr.line(&format!("init {} = [{}];", i.array, vals.join(", ")));
        }
        print_block(&mut pr, &self.body);
        f.write_str(&pr.finish())
    }
}
