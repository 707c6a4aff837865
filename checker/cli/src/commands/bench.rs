//! `mapcheck bench synthetic --max N --out DIR`: `DIR/synthetic.csv` and
//! `DIR/synthetic.svg` (Claim 2, Fig. 17).

use super::{exit, BenchArgs};
use mapcheck_bench::measure::{csv, plot, run, slowest};
use mapcheck_core::verdict::CheckOptions;

/// Largest `--max`.
const MAX_SIZE: usize = 1_000;

pub fn main(args: &BenchArgs) -> i32 {
    if args.what != "synthetic" {
        eprintln!(
            "mapcheck bench: unknown benchmark `{}` (expected `synthetic`)",
            args.what
        );
        return exit::BAD_INPUT;
    }
    if args.max > MAX_SIZE {
        eprintln!(
            "mapcheck bench: --max {}: at most {MAX_SIZE} (every size up to it is checked in all five categories)",
            args.max
        );
        return exit::BAD_INPUT;
    }
    if let Err(e) = std::fs::create_dir_all(&args.out) {
        eprintln!("mapcheck bench: cannot create {}: {e}", args.out.display());
        return exit::BAD_INPUT;
    }
    let rows = run(args.max, &CheckOptions::default());
    let csv_path = args.out.join("synthetic.csv");
    let svg_path = args.out.join("synthetic.svg");
    if let Err(e) = std::fs::write(&csv_path, csv(&rows)) {
        eprintln!("mapcheck bench: cannot write {}: {e}", csv_path.display());
        return exit::BAD_INPUT;
    }
    if let Err(e) = plot(&rows, &svg_path) {
        eprintln!("mapcheck bench: cannot plot {}: {e}", svg_path.display());
        return exit::BAD_INPUT;
    }
    println!("wrote {} and {}", csv_path.display(), svg_path.display());
    for (c, size, secs) in slowest(&rows) {
        println!("{c:12} slowest: size {size:3}  {:.4} s", secs);
    }
    let not_drf = rows.iter().filter(|r| r.verdict != "drf").count();
    println!("{} protocols, {} not verified DRF", rows.len(), not_drf);
    if not_drf == 0 {
        exit::OK
    } else {
        exit::RACE
    }
}
