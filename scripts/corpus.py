#!/usr/bin/env python3
"""Measures mapcheck on program directories as a user meets them.

    scripts/corpus.py run BIN OUT DIR...   # `BIN check DIR --format json`, one directory at a time
    scripts/corpus.py summary OUT          # counts and times of the JSON files in OUT

`run` writes OUT/<name>.json (the report), OUT/<name>.err (standard error)
and OUT/<name>.meta (exit status and wall-clock seconds of the directory);
a directory already measured in OUT is skipped, so an interrupted run can
go on.  `summary` counts translation units by status, kernels by verdict
(a kernel is one scope of a `__global__` function, or both scopes as
one; its verdict is the worst of its arrays: racy, divergence, unknown,
invalid, then drf) and gives the median,
90th percentile and maximum of the seconds per translation unit (the
`seconds` of each checked or host-only unit) and per directory.

The corpora (`../shared/corpus/`) are not part of a clone: the test suite
never runs this; closing notes and benchmarks do.
"""

import json
import statistics
import subprocess
import sys
import time
from collections import Counter
from pathlib import Path

# A directory that runs longer than this is stopped and counted as lost.
DIR_LIMIT_SECONDS = 1800


def run(binary, out, dirs):
    out.mkdir(parents=True, exist_ok=True)
    for d in dirs:
        name = Path(d).name
        meta = out / f"{name}.meta"
        if meta.exists():
            continue
        start = time.monotonic()
        with open(out / f"{name}.json", "wb") as js, open(out / f"{name}.err", "wb") as err:
            try:
                p = subprocess.run(
                    [binary, "check", d, "--format", "json"],
                    stdout=js,
                    stderr=err,
                    timeout=DIR_LIMIT_SECONDS,
                )
                status = p.returncode
            except subprocess.TimeoutExpired:
                status = "timeout"
        seconds = time.monotonic() - start
        meta.write_text(json.dumps({"dir": d, "status": status, "seconds": round(seconds, 2)}))
        print(f"{name}: exit {status}, {seconds:.1f} s", flush=True)


ORDER = ("racy", "divergence", "unknown", "invalid", "drf")


def kernel_verdict(kernel):
    verdicts = {a.get("verdict") for a in kernel.get("arrays", [])}
    return next((w for w in ORDER if w in verdicts), "drf")


def percentiles(xs):
    if not xs:
        return "none"
    xs = sorted(xs)
    p90 = xs[min(len(xs) - 1, int(round(0.9 * (len(xs) - 1))))]
    return f"median {statistics.median(xs):.1f} s, p90 {p90:.1f} s, max {xs[-1]:.1f} s (n = {len(xs)})"


def summary(out):
    units, kernels, unit_seconds, dir_seconds, lost = Counter(), Counter(), [], [], []
    functions = Counter()
    slow = []
    for meta in sorted(out.glob("*.meta")):
        m = json.loads(meta.read_text())
        dir_seconds.append(m["seconds"])
        try:
            report = json.loads(meta.with_suffix(".json").read_text())
        except (OSError, ValueError):
            lost.append(f"{meta.stem} (exit {m['status']})")
            continue
        for tu in report.get("translation_units", []):
            units[tu["status"]] += 1
            if tu["status"] in ("checked", "host-only"):
                unit_seconds.append(tu.get("seconds", 0.0))
                if tu.get("seconds", 0.0) > 60:
                    slow.append(f"{tu['file']} {tu['seconds']} s")
        by_function = {}
        for k in report.get("kernels", []):
            v = kernel_verdict(k)
            kernels[v] += 1
            name = (k["file"], k["kernel"].removesuffix(" (across blocks)"))
            by_function.setdefault(name, set()).add(v)
        for vs in by_function.values():
            functions[next(w for w in ORDER if w in vs)] += 1
    print("directories:", len(dir_seconds), "; without a report:", ", ".join(lost) or "none")
    print("translation units:", dict(sorted(units.items())))
    print("kernels (each scope):", dict(sorted(kernels.items())), "total", sum(kernels.values()))
    print("kernels (both scopes as one):", dict(sorted(functions.items())), "total", sum(functions.values()))
    print("per translation unit:", percentiles(unit_seconds))
    print("per directory:", percentiles(dir_seconds))
    print("translation units over 60 s:", len(slow))
    for s in slow:
        print("  ", s)


def main(argv):
    if len(argv) >= 4 and argv[1] == "run":
        run(argv[2], Path(argv[3]), argv[4:])
    elif len(argv) == 3 and argv[1] == "summary":
        summary(Path(argv[2]))
    else:
        print(__doc__, file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
