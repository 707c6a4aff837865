//! `mapcheck run`: the reference interpreter.
use super::RunArgs;

pub fn main(_args: &RunArgs) -> i32 {
    eprintln!("mapcheck run: not available yet");
    super::exit::BAD_INPUT
}
