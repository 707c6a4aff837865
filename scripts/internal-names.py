#!/usr/bin/env python3
"""Looks for names of mapcheck's own encoding in the reports of a corpus run.

    scripts/internal-names.py OUT DIR...

OUT is the output directory of `scripts/corpus.py run BIN OUT DIR...` (one
`check --format json` document per directory, `OUT/<dir name>.json`).  Every
name a report prints — arrays, thread identifiers, loop variables, the
parameters and host values of a witness, the variables of a precondition —
must be a word of the program (of some file under its directory) or one of
CUDA's built-ins; and no string may hold the encoding's marks (the 2^64
offset of indices, a `% 4294967296` wrap, `index_base`, `extern_shared`).
Prints each finding with its directory and kernel and exits 1 if there is
one.  The JSON holds everything the text, CSV and SARIF reports print (they
are rendered from the same results), so this covers every format.

`checker/cli/tests/internal_names.rs` checks the bundled kernels exactly,
against the names the kernels' IR marks internal; this script is the
corpus-scale check of `docs/reports.md`, which has no IR at hand.
"""
import json
import os
import re
import sys

BUILTINS = {"threadIdx", "blockIdx", "blockDim", "gridDim", "x", "y", "z", "warpSize"}
MARKS = ["18446744073709551616", "% 4294967296", "index_base", "extern_shared"]
WORD = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
SOURCE_EXT = (".cu", ".cuh", ".h", ".hpp", ".c", ".cpp", ".cc", ".inc", ".hh")


def words_of(directory):
    words = set()
    for root, _, files in os.walk(directory):
        for f in files:
            if f.endswith(SOURCE_EXT):
                try:
                    with open(os.path.join(root, f), encoding="utf-8", errors="replace") as h:
                        words.update(WORD.findall(h.read()))
                except OSError:
                    pass
    return words


def names_of(witness):
    """Every name the witness prints, with where."""
    for a in witness.get("accesses", []):
        yield "array", a.get("array", "")
    for t in witness.get("threads", []):
        for key in ("ids", "locals", "loop_vars"):
            for n in (t.get(key) or {}):
                yield key, n
    for key in ("sync_vars", "params"):
        for n in (witness.get(key) or {}):
            yield key, n
    launch = witness.get("launch_site") or {}
    for n in (launch.get("host_values") or {}):
        yield "host value", n


def strings(v):
    if isinstance(v, str):
        yield v
    elif isinstance(v, dict):
        for x in v.values():
            yield from strings(x)
    elif isinstance(v, list):
        for x in v:
            yield from strings(x)


def check(out, directory):
    name = os.path.basename(os.path.normpath(directory))
    path = os.path.join(out, name + ".json")
    try:
        with open(path) as h:
            doc = json.load(h)
    except (OSError, ValueError):
        return [f"{name}: no JSON document at {path}"]
    words = words_of(directory) | BUILTINS
    found = []
    for k in doc.get("kernels", []):
        kernel = k.get("kernel", "")
        for a in k.get("arrays", []):
            where = f"{name}: {kernel}, array `{a.get('array')}`"
            for part in re.split(r"[/.]", a.get("array", "")):
                if part and part != "(unnamed)" and part not in words:
                    found.append(f"{where}: array name `{part}`")
            w = a.get("witness") or {}
            for what, n in names_of(w):
                for part in n.split("."):
                    # A loop that has no C counter shows where it is.
                    if part and not part.startswith("iteration of") and part not in words:
                        found.append(f"{where}: {what} `{n}`")
            pre = a.get("precondition") or ""
            for part in WORD.findall(pre):
                if part not in words:
                    found.append(f"{where}: precondition `{pre}`")
            for s in strings(a):
                for mark in MARKS:
                    if mark in s:
                        found.append(f"{where}: `{mark}` in {s[:120]!r}")
    return found


def main():
    if len(sys.argv) < 3:
        print(__doc__, file=sys.stderr)
        return 2
    out, dirs = sys.argv[1], sys.argv[2:]
    found = [f for d in dirs for f in check(out, d)]
    for f in found:
        print(f)
    print(f"{len(dirs)} directories, {len(found)} findings", file=sys.stderr)
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())
