#!/usr/bin/env bash
# Before/after on the synthetic protocols, in one run: for each category and
# size, the `before` binary then the `after` one check the same protocol.
#   scripts/bench-ab.sh BEFORE AFTER SIZE...    (CSV on standard output)
# e.g. scripts/bench-ab.sh /tmp/mapcheck-main ./target/release/mapcheck 100 400 1000
set -euo pipefail
before=$1 after=$2
shift 2
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
echo "# $(uptime)"
echo "category,size,before_s,before_verdict,after_s,after_verdict,ratio"
for c in access unsync-loop barrier conditional sync-loop; do
  for n in "$@"; do
    f="$dir/$c-$n.proto"
    "$after" gen synthetic --category "$c" --size "$n" > "$f"
    t0=$(date +%s.%N)
    vb=$("$before" check "$f" --format csv 2>/dev/null | tail -1 | cut -d, -f4 || true)
    t1=$(date +%s.%N)
    va=$("$after" check "$f" --format csv 2>/dev/null | tail -1 | cut -d, -f4 || true)
    t2=$(date +%s.%N)
    awk -v c="$c" -v n="$n" -v t0="$t0" -v t1="$t1" -v t2="$t2" -v vb="$vb" -v va="$va" \
        'BEGIN { b = t1 - t0; a = t2 - t1; printf "%s,%s,%.3f,%s,%.3f,%s,%.1f\n", c, n, b, vb, a, va, b / a }'
  done
done
echo "# $(uptime)"
