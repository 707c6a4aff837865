//! What the host code states at a launch (`host_facts.rs`,
//! `host_guards.rs`), read off the notes printed with the verdict: the
//! relations kept, and the checks left out because they do not hold at
//! the launch (they do not dominate it, what they read changes, a `goto`
//! or a lambda is in the way), and the dimensions a default replaces.

mod common;

const KERNEL: &str = "__global__ void k(int *a, int n) {\n  int i = blockIdx.x * blockDim.x + threadIdx.x;\n  if (i < n) a[i] = i; else a[n] = i;\n}\n";

/// The host facts printed for `KERNEL` launched by `body`, the body of
/// `int main(int argc, char **argv)` with `int *d;` and `n` declared.
fn facts(body: &str) -> String {
    let source = format!(
        "#include <stdlib.h>\n#include <stdio.h>\n{KERNEL}int main(int argc, char **argv) {{\n  int *d; int n = atoi(argv[1]);\n{body}\n  return 0;\n}}\n"
    );
    let notes = common::printed_notes(&source);
    notes
        .into_iter()
        .filter(|n| n.contains("the host code at the launch"))
        .collect::<Vec<_>>()
        .join("\n")
}

const LAUNCH: &str = "  k<<<(n + 255) / 256, 256>>>(d, n);";

#[test]
fn a_dimension_and_an_argument_share_the_host_value() {
    let f = facts(LAUNCH);
    assert!(
        f.contains("gridDim.x = (unsigned int)((n + 255) / 256)"),
        "{f}"
    );
    assert!(f.contains("n = n"), "{f}");
}

#[test]
fn an_early_return_holds_at_the_launch() {
    let f = facts(&format!("  if (n % 256 != 0) return 1;\n{LAUNCH}"));
    assert!(
        f.contains("!((n % 256) != 0) (an earlier early exit)"),
        "{f}"
    );
}

#[test]
fn a_check_that_does_not_return_is_no_fact() {
    let f = facts(&format!("  if (n % 256) puts(\"bad\");\n{LAUNCH}"));
    assert!(!f.contains("early exit"), "{f}");
}

#[test]
fn a_check_of_a_variable_changed_later_is_no_fact() {
    let f = facts(&format!(
        "  if (n % 256 != 0) return 1;\n  n += 7;\n{LAUNCH}"
    ));
    assert!(!f.contains("early exit"), "{f}");
    // The launch still reads n's value at the launch.
    assert!(f.contains("n = n"), "{f}");
}

#[test]
fn an_enclosing_if_and_its_else_hold() {
    let f = facts(&format!(
        "  if (n > 4096) {{\n{LAUNCH}\n  }} else {{\n  k<<<1, 256>>>(d, n);\n  }}"
    ));
    assert!(f.contains("n > 4096 (the enclosing `if`)"), "{f}");
    assert!(
        f.contains("!(n > 4096) (the `else` of an enclosing `if`)"),
        "{f}"
    );
}

#[test]
fn no_check_holds_in_a_function_with_a_goto() {
    let f = facts(&format!(
        "  if (n % 256 != 0) return 1;\n  again:\n{LAUNCH}\n  if (n < 0) goto again;"
    ));
    assert!(!f.contains("early exit"), "{f}");
}

#[test]
fn a_case_label_between_the_check_and_the_launch_lets_control_past_it() {
    let f = facts(&format!(
        "  switch (argc) {{\n  case 1:\n  if (n % 256 != 0) return 1;\n  case 2:\n{LAUNCH}\n  }}"
    ));
    assert!(!f.contains("early exit"), "{f}");
}

#[test]
fn a_check_outside_a_lambda_does_not_hold_inside_it() {
    let f = facts(&format!(
        "  if (n % 256 != 0) return 1;\n  auto go = [&]() {{\n{LAUNCH}\n  }};\n  n = 3; go();"
    ));
    assert!(!f.contains("early exit"), "{f}");
}

#[test]
fn a_dim3_local_is_read_where_it_is_declared() {
    let stable = facts("  dim3 grid(n / 256);\n  k<<<grid, 256>>>(d, n);");
    assert!(
        stable.contains("gridDim.x = (unsigned int)(n / 256)"),
        "{stable}"
    );
    // `m` changes after `grid` is built from it: `grid` says nothing.
    let changed = facts("  int m = n;\n  dim3 grid(m / 256);\n  m = 0;\n  k<<<grid, 256>>>(d, n);");
    assert!(!changed.contains("gridDim.x"), "{changed}");
}

#[test]
fn a_dimension_the_header_gives_takes_no_host_fact() {
    // The header's grid replaces the launch's: `n / 256` must not be
    // equated to it (that would bound `n` by a grid the host never
    // launches).
    let source = format!(
        "//--gridDim=[4,4]\n#include <stdlib.h>\n{KERNEL}int main(int argc, char **argv) {{\n  int *d; int n = atoi(argv[1]);\n  if (n < 0) return 1;\n  k<<<dim3(n / 256, n / 16), 256>>>(d, n);\n  return 0;\n}}\n"
    );
    let notes = common::printed_notes(&source).join("\n");
    assert!(notes.contains("n < 0"), "{notes}");
    assert!(!notes.contains("gridDim.x = "), "{notes}");
}

#[test]
fn the_host_types_and_conversions_are_kept() {
    let f = facts("  unsigned short s = n;\n  unsigned short below = s - 256;\n  k<<<below / 256 + 1, 256>>>(d, s);");
    assert!(
        f.contains("(unsigned short)((int)(unsigned short)n - 256)"),
        "{f}"
    );
}

#[test]
fn a_helper_returning_one_expression_is_read_through() {
    let source = format!(
        "#include <stdlib.h>\n{KERNEL}static int ceil_div(int a, int b) {{ return (a + b - 1) / b; }}\nint main(int argc, char **argv) {{\n  int *d; int n = atoi(argv[1]);\n  k<<<ceil_div(n, 256), 256>>>(d, n);\n  return 0;\n}}\n"
    );
    let notes = common::printed_notes(&source).join("\n");
    assert!(
        notes.contains("gridDim.x = (unsigned int)(((n + 256) - 1) / 256)"),
        "{notes}"
    );
}

#[test]
fn an_if_that_assigns_on_both_ways_gives_the_join() {
    // `t = n; if (n > 512) t = 512;`: the block size is n > 512 ? 512 : n.
    let f = facts("  int t = n;\n  if (n > 512) t = 512;\n  k<<<1, t>>>(d, n);");
    assert!(
        f.contains("blockDim.x = (unsigned int)((n > 512) ? 512 : n)"),
        "{f}"
    );
    // The same number on both ways is that number, whatever the condition.
    let f = facts("  dim3 b;\n  if (argc > 2) { b.x = 64; b.y = 1; } else { b.x = 32; b.y = 1; }\n  k<<<1, b>>>(d, n);");
    assert!(f.contains("blockDim.y = 1"), "{f}");
    assert!(f.contains("blockDim.x = (argc > 2) ? 64 : 32"), "{f}");
    // A condition that changes the variable, or a way that changes it
    // other than by a last assignment, leaves it a host value of its own
    // (read at the launch).
    for body in [
        "  int t = n;\n  if (t++ > 512) t = 512;\n  k<<<1, t>>>(d, n);",
        "  int t = n;\n  if (n > 512) { t = 512; t += n; }\n  k<<<1, t>>>(d, n);",
    ] {
        let f = facts(body);
        assert!(f.contains("blockDim.x = (unsigned int)t "), "{f}");
        assert!(!f.contains("512"), "{f}");
    }
}
