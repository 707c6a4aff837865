#!/usr/bin/env bash
# Long soak of the property tests: MAPCHECK_CASES random cases per property
# (default 1,000,000), for the properties named on the command line (default:
# Theorem 1 and checker-vs-reference).  Prints the time taken.  MAPCHECK_FULL
# makes the costly properties (whole language, BabyCUDA checker, CUDA round
# trip), which run a fraction of MAPCHECK_CASES in CI, run all of them.
#   ./scripts/soak.sh                       # 1,000,000 cases, default properties
#   MAPCHECK_CASES=50000 ./scripts/soak.sh lemmas
#   MAPCHECK_CASES=10000 ./scripts/soak.sh cuda_round_trip babycuda_checker
# MAPCHECK_FILTER runs only the tests whose names contain it, e.g. the
# protocol round trip without the whole-language one:
#   MAPCHECK_CASES=300000 MAPCHECK_FILTER=cuda_round_trip_agrees \
#     ./scripts/soak.sh cuda_round_trip
set -euo pipefail
cd "$(dirname "$0")/.."
./scripts/setup.sh
export MAPCHECK_CASES="${MAPCHECK_CASES:-1000000}"
export MAPCHECK_FULL=1
tests=("$@")
[ ${#tests[@]} -gt 0 ] || tests=(theorem1 checker_vs_reference)
for t in "${tests[@]}"; do
  echo "soak: $t with $MAPCHECK_CASES cases per property"
  start=$(date +%s)
  cargo test --release --locked -p differential-tests --test "$t" -- --nocapture --test-threads 2 \
    ${MAPCHECK_FILTER:+"$MAPCHECK_FILTER"}
  echo "soak: $t took $(( $(date +%s) - start )) s"
done
