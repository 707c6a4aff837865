#!/usr/bin/env bash
# The whole test suite, from a fresh clone: system packages, build, unit and
# property tests, the kernel suite, formatting and lints.
set -euo pipefail
cd "$(dirname "$0")/.."
./scripts/setup.sh
cargo build --release --locked --bin mapcheck
cargo test --release --locked --workspace
# Every bundled kernel against its expectation header.
./target/release/mapcheck suite kernels/ --jobs 2
cargo fmt --all -- --check
cargo clippy --release --locked --workspace --all-targets -- -D warnings
