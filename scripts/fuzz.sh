#!/usr/bin/env bash
# A longer run of the mutation fuzzer (checker/cli/tests/fuzz.rs): batches of
# MAPCHECK_FUZZ_CASES mutants (default 200) until MAPCHECK_FUZZ_MINUTES
# (default 10) have passed, for the kernels of MAPCHECK_FUZZ_EXT (`proto`,
# `bcu`, `cu`; all by default).  Prints the executions, the duration and the
# failures; failing mutants are kept in target/fuzz-failures/.
set -uo pipefail
cd "$(dirname "$0")/.."
minutes=${MAPCHECK_FUZZ_MINUTES:-10}
export MAPCHECK_FUZZ_CASES=${MAPCHECK_FUZZ_CASES:-200}
# Build once, then run the test binary itself (no cargo lock held between batches).
bin=$(cargo test --release -p mapcheck --test fuzz --no-run 2>&1 | sed -n 's/.*Executable.*(\(.*\)).*/\1/p' | tail -1)
[ -x "$bin" ] || { echo "cannot build the fuzz test"; exit 2; }
end=$(( $(date +%s) + minutes * 60 ))
start=$(date +%s)
runs=0
failed_batches=0
while [ "$(date +%s)" -lt "$end" ]; do
    out=$("$bin" --nocapture 2>&1)
    n=$(printf '%s\n' "$out" | sed -n 's/^fuzz: \([0-9]*\) executions.*/\1/p')
    runs=$(( runs + ${n:-0} ))
    if ! printf '%s\n' "$out" | grep -q "test result: ok"; then
        failed_batches=$(( failed_batches + 1 ))
        printf '%s\n' "$out" | grep -A6 "Error:" | head -20
        # The failing batch stops at its first failure; count its cases.
        runs=$(( runs + 1 ))
    fi
done
echo "fuzz (${MAPCHECK_FUZZ_EXT:-all}): ${runs} executions in $(( $(date +%s) - start )) s, ${failed_batches} failing batches; mutants kept in target/fuzz-failures/"
