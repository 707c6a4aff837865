#!/usr/bin/env bash
# The whole test suite, from a fresh clone: system packages, build, unit and
# property tests (the kernel suite over kernels/ is one of them:
# checker/cli/tests/suite_cli.rs), formatting and lints.
set -euo pipefail
cd "$(dirname "$0")/.."
./scripts/setup.sh
cargo build --release --locked --bin mapcheck
cargo test --release --locked --workspace
cargo fmt --all -- --check
cargo clippy --release --locked --workspace --all-targets -- -D warnings
