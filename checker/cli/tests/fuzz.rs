//! A mutation fuzzer for the `.proto`, `.bcu` and CUDA front ends and the
//! whole `check` path (`docs/errors.md`), driven by quickcheck and seeded with the
//! bundled kernels (`kernels/`).  Each case mutates one kernel's bytes or
//! tokens (flips, inserts of hostile tokens — deep nesting, huge numbers,
//! built-in names, NUL, non-UTF-8 —, deletions, duplications, splices with
//! another kernel), runs `mapcheck check` on it under 60 s and 4 GiB, and
//! requires exit status 0–3 with no panic or internal error; every replay
//! command a `.proto`/`.bcu` report prints must then run and reproduce its
//! race (exit status 1).
//!
//! CI runs a smoke run (`MAPCHECK_FUZZ_CASES`, default 12 cases).  Longer:
//! `MAPCHECK_FUZZ_CASES=5000 MAPCHECK_FUZZ_EXT=proto cargo test --release -p
//! mapcheck --test fuzz -- --nocapture` (`MAPCHECK_FUZZ_EXT`: `proto`, `bcu`
//! or `cu`; all by default).  Failing mutants are kept in
//! `target/fuzz-failures/`.

mod support;

use quickcheck::{Arbitrary, Gen, QuickCheck, TestResult};
use std::path::PathBuf;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::OnceLock;
use support::{mapcheck_limited, replay_lines, write};

/// The seed corpus: every kernel of the selected kind under `kernels/`.
fn seeds() -> &'static Vec<(String, Vec<u8>)> {
    static SEEDS: OnceLock<Vec<(String, Vec<u8>)>> = OnceLock::new();
    SEEDS.get_or_init(|| {
        let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../kernels");
        let only = std::env::var("MAPCHECK_FUZZ_EXT").ok();
        let mut out = Vec::new();
        let mut stack = vec![root];
        while let Some(d) = stack.pop() {
            for e in std::fs::read_dir(&d).expect("kernels/").flatten() {
                let p = e.path();
                if p.is_dir() {
                    stack.push(p);
                    continue;
                }
                let ext = p
                    .extension()
                    .and_then(|e| e.to_str())
                    .unwrap_or("")
                    .to_string();
                let wanted = match &only {
                    Some(o) => *o == ext,
                    None => ["proto", "bcu", "cu"].contains(&ext.as_str()),
                };
                if wanted {
                    out.push((ext, std::fs::read(&p).expect("reads")));
                }
            }
        }
        out.sort();
        assert!(!out.is_empty(), "no seeds");
        out
    })
}

/// Tokens that have broken parsers and interpreters before.
const HOSTILE: &[&str] = &[
    "{",
    "}",
    "(",
    ")",
    "[",
    "]",
    ";",
    "sync",
    "tid",
    "T",
    "param tid;",
    "local tid;",
    "local x;",
    "0",
    "1",
    "2147483648",
    "4294967296",
    "9223372036854775807",
    "18446744073709551615",
    "18446744073709551616",
    "99999999999999999999999999",
    "forS i in 0..N { sync }",
    "for (int i = 0; i < n; i++) {",
    "__syncthreads();",
    "threadIdx.x",
    "let v = A[0] in",
    "A[tid] := 1;",
    "wr[tid]",
    "rd[x]",
    "if (tid > 1000000000) {",
    "\u{feff}",
    "\0",
    "\u{7f}",
    "/*",
    "*/",
    "//",
    "#define X X X",
    "#include \"x.h\"",
    "\\",
    "\"",
    "'",
    "!",
    "-",
    "%",
    "/ 0",
    "..",
    "∈",
];

#[derive(Clone, Debug)]
enum Mutation {
    FlipByte {
        at: usize,
        bit: u8,
    },
    InsertByte {
        at: usize,
        byte: u8,
    },
    InsertToken {
        at: usize,
        token: usize,
        times: u8,
    },
    Delete {
        at: usize,
        len: usize,
    },
    Duplicate {
        at: usize,
        len: usize,
        times: u8,
    },
    Splice {
        at: usize,
        other: usize,
        from: usize,
        len: usize,
    },
    SwapWords {
        a: usize,
        b: usize,
    },
}

#[derive(Clone, Debug)]
struct Mutant {
    seed: usize,
    mutations: Vec<Mutation>,
}

fn small(g: &mut Gen, n: usize) -> usize {
    usize::arbitrary(g) % n.max(1)
}

impl Arbitrary for Mutation {
    fn arbitrary(g: &mut Gen) -> Mutation {
        let at = usize::arbitrary(g);
        match small(g, 7) {
            0 => Mutation::FlipByte {
                at,
                bit: u8::arbitrary(g) % 8,
            },
            1 => Mutation::InsertByte {
                at,
                byte: u8::arbitrary(g),
            },
            2 => Mutation::InsertToken {
                at,
                token: small(g, HOSTILE.len()),
                // Mostly once; sometimes enough to nest thousands deep.
                times: if small(g, 6) == 0 {
                    u8::arbitrary(g)
                } else {
                    1
                },
            },
            3 => Mutation::Delete {
                at,
                len: 1 + small(g, 40),
            },
            4 => Mutation::Duplicate {
                at,
                len: 1 + small(g, 60),
                times: 1 + small(g, 30) as u8,
            },
            5 => Mutation::Splice {
                at,
                other: usize::arbitrary(g),
                from: usize::arbitrary(g),
                len: 1 + small(g, 200),
            },
            _ => Mutation::SwapWords {
                a: usize::arbitrary(g),
                b: usize::arbitrary(g),
            },
        }
    }
}

impl Arbitrary for Mutant {
    fn arbitrary(g: &mut Gen) -> Mutant {
        let n = 1 + small(g, 4);
        Mutant {
            seed: usize::arbitrary(g) % seeds().len(),
            mutations: (0..n).map(|_| Mutation::arbitrary(g)).collect(),
        }
    }
}

/// Word boundaries (start, end) of `text`.
fn words(text: &[u8]) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    let mut start = None;
    for (i, b) in text.iter().enumerate() {
        match (b.is_ascii_alphanumeric() || *b == b'_', start) {
            (true, None) => start = Some(i),
            (false, Some(s)) => {
                out.push((s, i));
                start = None;
            }
            _ => {}
        }
    }
    if let Some(s) = start {
        out.push((s, text.len()));
    }
    out
}

impl Mutant {
    fn apply(&self) -> (String, Vec<u8>) {
        let (ext, seed) = &seeds()[self.seed];
        let mut t = seed.clone();
        for m in &self.mutations {
            let pos = |at: usize, t: &Vec<u8>| at % (t.len() + 1);
            match *m {
                Mutation::FlipByte { at, bit } if !t.is_empty() => {
                    let i = at % t.len();
                    t[i] ^= 1 << bit;
                }
                Mutation::FlipByte { .. } => {}
                Mutation::InsertByte { at, byte } => {
                    let i = pos(at, &t);
                    t.insert(i, byte);
                }
                Mutation::InsertToken { at, token, times } => {
                    let i = pos(at, &t);
                    let tok = format!(" {} ", HOSTILE[token]).repeat(times.max(1) as usize * 20);
                    t.splice(i..i, tok.bytes());
                }
                Mutation::Delete { at, len } => {
                    let i = pos(at, &t);
                    let j = (i + len).min(t.len());
                    t.drain(i..j);
                }
                Mutation::Duplicate { at, len, times } => {
                    let i = pos(at, &t);
                    let j = (i + len).min(t.len());
                    let piece = t[i..j].repeat(times as usize);
                    t.splice(j..j, piece);
                }
                Mutation::Splice {
                    at,
                    other,
                    from,
                    len,
                } => {
                    let o = &seeds()[other % seeds().len()].1;
                    let f = from % (o.len() + 1);
                    let piece = &o[f..(f + len).min(o.len())];
                    let i = pos(at, &t);
                    t.splice(i..i, piece.iter().copied());
                }
                Mutation::SwapWords { a, b } => {
                    let w = words(&t);
                    if w.len() >= 2 {
                        let (x, y) = (w[a % w.len()], w[b % w.len()]);
                        let (x, y) = if x.0 <= y.0 { (x, y) } else { (y, x) };
                        if x.1 <= y.0 {
                            let (wx, wy) = (t[x.0..x.1].to_vec(), t[y.0..y.1].to_vec());
                            t.splice(y.0..y.1, wx);
                            t.splice(x.0..x.1, wy);
                        }
                    }
                }
            }
        }
        (ext.clone(), t)
    }
}

static CASES: AtomicUsize = AtomicUsize::new(0);
static FAILED: AtomicUsize = AtomicUsize::new(0);

fn keep_failure(ext: &str, text: &[u8]) -> String {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../target/fuzz-failures");
    let _ = std::fs::create_dir_all(&dir);
    let n = FAILED.fetch_add(1, Ordering::SeqCst);
    let name = format!("failure-{}-{n}.{ext}", std::process::id());
    write(&dir, &name, text)
}

fn check_mutant(m: Mutant) -> TestResult {
    let (ext, text) = m.apply();
    CASES.fetch_add(1, Ordering::SeqCst);
    let dir = tempfile::tempdir().expect("tempdir");
    let file = write(dir.path(), &format!("m.{ext}"), &text);
    let out = mapcheck_limited(&["check", &file, "--timeout", "5000"], 60, 4096);
    if let Err(why) = out.bounded() {
        let kept = keep_failure(&ext, &text);
        return TestResult::error(format!("check {kept}: {why}"));
    }
    for replay in replay_lines(&out.stdout) {
        let args: Vec<&str> = replay.iter().map(String::as_str).collect();
        let r = mapcheck_limited(&args, 60, 4096);
        if r.code != Some(1) {
            let kept = keep_failure(&ext, &text);
            return TestResult::error(format!(
                "{kept}: printed replay `{}` does not reproduce the race (exit {:?}): {}",
                replay.join(" "),
                r.code,
                r.stderr
            ));
        }
    }
    TestResult::passed()
}

#[test]
fn mutated_kernels_are_checked_within_bounds() {
    let cases: u64 = std::env::var("MAPCHECK_FUZZ_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(12);
    let start = std::time::Instant::now();
    QuickCheck::new()
        .tests(cases)
        .max_tests(cases * 2)
        .quickcheck(check_mutant as fn(Mutant) -> TestResult);
    eprintln!(
        "fuzz: {} executions of `check` in {:.1} s, {} failures kept",
        CASES.load(Ordering::SeqCst),
        start.elapsed().as_secs_f64(),
        FAILED.load(Ordering::SeqCst)
    );
}
