//! Running the binary under limits, for the fuzzer and the property tests
//! of `docs/errors.md` (bounded on any input), and plainly in a directory.

// Each test crate compiles this module and uses a part of it.
#![allow(dead_code)]

use std::io::Read;
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// What one run of `mapcheck` did.
#[derive(Debug)]
pub struct Outcome {
    /// `None`: killed by a signal, or by the wall-clock limit.
    pub code: Option<i32>,
    pub signal: Option<i32>,
    pub timed_out: bool,
    pub stdout: String,
    pub stderr: String,
    pub seconds: f64,
}

impl Outcome {
    /// Exit status 0–3, no panic, no internal error, no time-out.
    pub fn bounded(&self) -> Result<(), String> {
        let bad = |why: &str| Err(format!("{why}\nstderr: {}", tail(&self.stderr)));
        if self.timed_out {
            return bad(&format!(
                "no answer within the limit ({:.1} s)",
                self.seconds
            ));
        }
        match self.code {
            Some(0..=3) => {}
            Some(c) => return bad(&format!("exit status {c}")),
            None => return bad(&format!("killed by signal {:?}", self.signal)),
        }
        // (Temporary paths are random letters: match whole phrases.)
        for word in [
            "panicked at",
            "internal error",
            "BUG: ",
            "stack overflow",
            "fatal runtime error",
        ] {
            if self.stderr.contains(word) || self.stdout.contains(word) {
                return bad(&format!("`{word}` in the output"));
            }
        }
        Ok(())
    }
}

fn tail(s: &str) -> String {
    let lines: Vec<&str> = s.lines().collect();
    lines[lines.len().saturating_sub(8)..].join("\n")
}

/// Runs `mapcheck ARGS` with at most `seconds` of wall clock and `mib` MiB
/// of address space (plus its 512 MiB stack).
pub fn mapcheck_limited(args: &[&str], seconds: u64, mib: u64) -> Outcome {
    let start = Instant::now();
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_mapcheck"));
    cmd.args(args)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    let bytes = (mib + 512) << 20;
    // SAFETY: only async-signal-safe calls between fork and exec.
    unsafe {
        use std::os::unix::process::CommandExt;
        cmd.pre_exec(move || {
            let lim = libc::rlimit {
                rlim_cur: bytes as libc::rlim_t,
                rlim_max: bytes as libc::rlim_t,
            };
            libc::setrlimit(libc::RLIMIT_AS, &lim);
            let core = libc::rlimit {
                rlim_cur: 0,
                rlim_max: 0,
            };
            libc::setrlimit(libc::RLIMIT_CORE, &core);
            Ok(())
        });
    }
    let mut child = cmd.spawn().expect("starts mapcheck");
    let drain = |p: Option<Box<dyn Read + Send>>| {
        std::thread::spawn(move || {
            let mut b = Vec::new();
            if let Some(mut p) = p {
                let _ = p.read_to_end(&mut b);
            }
            String::from_utf8_lossy(&b).into_owned()
        })
    };
    let out = drain(
        child
            .stdout
            .take()
            .map(|p| Box::new(p) as Box<dyn Read + Send>),
    );
    let err = drain(
        child
            .stderr
            .take()
            .map(|p| Box::new(p) as Box<dyn Read + Send>),
    );
    let deadline = start + Duration::from_secs(seconds);
    let mut timed_out = false;
    let status = loop {
        if let Some(s) = child.try_wait().expect("waits") {
            break s;
        }
        if Instant::now() >= deadline {
            timed_out = true;
            let _ = child.kill();
            break child.wait().expect("waits");
        }
        std::thread::sleep(Duration::from_millis(2));
    };
    use std::os::unix::process::ExitStatusExt;
    Outcome {
        code: status.code(),
        signal: status.signal(),
        timed_out,
        stdout: out.join().unwrap_or_default(),
        stderr: err.join().unwrap_or_default(),
        seconds: start.elapsed().as_secs_f64(),
    }
}

/// `replay: mapcheck run …` lines of a text report, as argument lists
/// (without the leading `mapcheck`).
pub fn replay_lines(stdout: &str) -> Vec<Vec<String>> {
    stdout
        .lines()
        .filter_map(|l| l.trim().strip_prefix("replay: mapcheck "))
        .map(|l| l.split_whitespace().map(str::to_string).collect())
        .collect()
}

/// Writes `text` to `dir/name`.
pub fn write(dir: &Path, name: &str, text: &[u8]) -> String {
    let p = dir.join(name);
    std::fs::write(&p, text).expect("writes");
    p.display().to_string()
}

/// Runs `mapcheck ARGS` in `dir`, without limits: (exit status, or -1 when
/// killed by a signal; stdout; stderr).
pub fn run_in(dir: &Path, args: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_mapcheck"))
        .args(args)
        .current_dir(dir)
        .output()
        .expect("runs mapcheck");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}
