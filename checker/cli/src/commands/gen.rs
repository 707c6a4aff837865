//! `mapcheck gen synthetic --category C --size N`: prints a protocol of Fig. 17.

use super::{exit, GenArgs};
use mapcheck_bench::synthetic::{generate, Category};

/// Largest `--size`: a few megabytes of protocol text.
const MAX_SIZE: usize = 100_000;

pub fn main(args: &GenArgs) -> i32 {
    if args.what != "synthetic" {
        eprintln!(
            "mapcheck gen: unknown generator `{}` (expected `synthetic`)",
            args.what
        );
        return exit::BAD_INPUT;
    }
    if args.size > MAX_SIZE {
        eprintln!(
            "mapcheck gen: --size {}: at most {MAX_SIZE} (the loop categories nest one loop per unit of size; `check` accepts {} levels)",
            args.size,
            semantics::limits::MAX_NESTING
        );
        return exit::BAD_INPUT;
    }
    match args.category.parse::<Category>() {
        Ok(c) => {
            print!("{}", generate(c, args.size));
            exit::OK
        }
        Err(e) => {
            eprintln!("mapcheck gen: {e}");
            exit::BAD_INPUT
        }
    }
}
