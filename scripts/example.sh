#!/usr/bin/env bash
# Sets up, builds, and runs mapcheck on a bundled example: the racy matrix
# transpose of Listing 2.1 of the MAPs paper (a race between the reads of one
# repetition and the writes of the next), then its fixed version.
set -euo pipefail
cd "$(dirname "$0")/.."
./scripts/setup.sh
cargo build --release --locked --bin mapcheck
mapcheck=./target/release/mapcheck
status=0
$mapcheck check kernels/cuda/transpose-diagonal-racy.cu --array tile || status=$?
[ "$status" -eq 1 ] || { echo "example: expected a race (exit 1), got exit $status" >&2; exit 1; }
$mapcheck check kernels/cuda/transpose-diagonal-drf.cu
