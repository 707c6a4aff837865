#!/usr/bin/env bash
# Sets up, builds, and runs mapcheck on a bundled example: Listing 2.2 of the
# paper (racy for M = 2).
set -euo pipefail
cd "$(dirname "$0")/.."
./scripts/setup.sh
cargo build --release --locked --bin mapcheck
./target/release/mapcheck run kernels/protocols/listing-2.2.proto --threads 2 --param M=2 || true
