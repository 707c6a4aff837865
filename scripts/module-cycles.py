#!/usr/bin/env python3
"""Module graph of a Rust crate's src/ and its strongly connected components.

usage: modcycles.py SRC_DIR [--edges]

A module is a file (lib.rs = crate root, a/mod.rs = a, a/b.rs = a::b).  An
edge m -> n means non-test code of m names an item of n: through `use`
(crate::, super::, self::, a child module, or a module imported by an
earlier `use`) or an inline path (`crate::x::y`, `super::y`, `child::y`,
`alias::y`).  Test code is skipped: files named tests.rs and any item
under `#[cfg(test)]` (a `mod tests { .. }` block, a test-only fn, ...).
Comments (and so doc links) are ignored.

An item reached through a module that only re-exports it (`pub use
other::Item`) is attributed to the module that defines it, so a child
using its parent's re-export of a sibling's item is no edge to the parent;
a child using an item its parent defines is one (and a cycle if the parent
uses the child).  `pub use` itself is an edge from the re-exporter.

Prints every strongly connected component of more than one module (and a
count); with --edges, the edges as well, each with the names it carries.
"""
import os
import re
import sys
from collections import defaultdict


def strip_comments_and_strings(src):
    """Source text with comments removed and string/char literals blanked."""
    out = []
    i, n = 0, len(src)
    while i < n:
        c = src[i]
        if src.startswith("//", i):
            j = src.find("\n", i)
            i = n if j < 0 else j
        elif src.startswith("/*", i):
            depth, i = 1, i + 2
            while i < n and depth:
                if src.startswith("/*", i):
                    depth, i = depth + 1, i + 2
                elif src.startswith("*/", i):
                    depth, i = depth - 1, i + 2
                else:
                    if src[i] == "\n":
                        out.append("\n")
                    i += 1
        elif c == "r" and re.match(r'r#*"', src[i:i + 10]) and (i == 0 or not (src[i - 1].isalnum() or src[i - 1] == "_")):
            m = re.match(r'r(#*)"', src[i:])
            close = '"' + m.group(1)
            j = src.find(close, i + len(m.group(0)))
            j = n if j < 0 else j + len(close)
            out.append('""' + "\n" * src.count("\n", i, j))
            i = j
        elif c == '"':
            j = i + 1
            while j < n and src[j] != '"':
                j += 2 if src[j] == "\\" else 1
            out.append('""' + "\n" * src.count("\n", i, j))
            i = j + 1
        elif c == "'":
            # char literal ('a', '\n', '\u{..}') vs lifetime ('a)
            m = re.match(r"'(\\u\{[0-9a-fA-F]+\}|\\.|[^\\'])'", src[i:])
            if m:
                out.append("' '")
                i += len(m.group(0))
            else:
                out.append(c)
                i += 1
        else:
            out.append(c)
            i += 1
    return "".join(out)


def matching_brace(s, open_at):
    depth = 0
    for k in range(open_at, len(s)):
        if s[k] == "{":
            depth += 1
        elif s[k] == "}":
            depth -= 1
            if depth == 0:
                return k
    return len(s) - 1


def drop_test_items(s):
    """Remove every item annotated #[cfg(test)] (up to its `;` or closing brace)."""
    while True:
        m = re.search(r"#\[cfg\(test\)\]", s)
        if not m:
            return s
        k = m.end()
        # the item ends at the first `;` before any `{`, or at the `{`'s match
        semi, brace = s.find(";", k), s.find("{", k)
        if brace < 0 or (0 <= semi < brace):
            end = semi
        else:
            end = matching_brace(s, brace)
        s = s[: m.start()] + "\n" * s.count("\n", m.start(), end + 1) + s[end + 1:]


def module_of(rel):
    parts = rel[:-3].split("/")
    if parts[-1] in ("mod", "lib") :
        parts = parts[:-1]
    return tuple(parts)


def parse_use_tree(text, prefix):
    """Paths of a use tree: list of (segments, alias_or_None, is_glob)."""
    text = text.strip()
    res = []
    if "{" in text and text.endswith("}"):
        b = text.index("{")
        head = [p for p in text[:b].strip().rstrip(":").split("::") if p]
        inner = text[b + 1: -1]
        parts, depth, cur = [], 0, ""
        for ch in inner:
            if ch == "," and depth == 0:
                parts.append(cur)
                cur = ""
                continue
            depth += ch == "{"
            depth -= ch == "}"
            cur += ch
        parts.append(cur)
        for p in parts:
            if p.strip():
                res += parse_use_tree(p, prefix + head)
        return res
    alias = None
    m = re.match(r"(.*)\s+as\s+(\w+)$", text)
    if m:
        text, alias = m.group(1).strip(), m.group(2)
    segs = [p.strip() for p in text.split("::") if p.strip()]
    if segs == ["self"]:
        return [(prefix, alias, False)]
    if segs and segs[-1] == "*":
        return [(prefix + segs[:-1], None, True)]
    return [(prefix + segs, alias, False)]


def main():
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    show_edges = "--edges" in sys.argv
    root = args[0] if args else "checker/core/src"
    files = {}
    for dp, _, fns in os.walk(root):
        for f in fns:
            if f.endswith(".rs") and f != "tests.rs":
                rel = os.path.relpath(os.path.join(dp, f), root)
                files[module_of(rel)] = open(os.path.join(dp, f)).read()
    mods = set(files)
    code = {m: drop_test_items(strip_comments_and_strings(s)) for m, s in files.items()}

    use_re = re.compile(r"\b(pub(?:\([^)]*\))?\s+)?use\s+([^;]*);", re.S)
    children = {m: set(re.findall(r"\bmod\s+(\w+)\s*;", code[m])) for m in mods}

    def absolute(m, segs):
        """Segments from the crate root, or None for an external path."""
        if not segs:
            return None
        head, rest = segs[0], segs[1:]
        if head == "crate":
            return list(rest)
        if head == "self":
            return list(m) + list(rest)
        if head == "super":
            base = list(m)
            while segs and segs[0] == "super":
                base, segs = base[:-1], segs[1:]
            return base + list(segs)
        if head in children[m]:
            return list(m) + list(segs)
        return None

    # re-exports and imports
    reexports = defaultdict(dict)  # module -> name -> absolute path
    imports = defaultdict(list)  # module -> [(abs segs, alias, glob, pub)]
    for m in mods:
        for um in use_re.finditer(code[m]):
            for segs, alias, glob in parse_use_tree(um.group(2), []):
                a = absolute(m, segs)
                if a is None:
                    continue
                imports[m].append((a, alias, glob))
                if um.group(1) and not glob and a:
                    reexports[m][alias or a[-1]] = a

    def resolve(path, seen=()):
        """Defining module of the item named by an absolute path."""
        k = len(path)
        while k > 0 and tuple(path[:k]) not in mods:
            k -= 1
        mod, rest = tuple(path[:k]), path[k:]
        if rest and rest[0] in reexports[mod] and (mod, rest[0]) not in seen:
            return resolve(reexports[mod][rest[0]] + rest[1:], seen + ((mod, rest[0]),))
        return mod

    edges = defaultdict(lambda: defaultdict(set))

    def add(m, path):
        n = resolve(path)
        if n != m and n in mods:
            edges[m][n].add("::".join(path))

    path_re = re.compile(r"(?<![\w:])((?:[A-Za-z_]\w*)(?:::(?:[A-Za-z_]\w*|\{))+)")
    for m in mods:
        aliases = {}
        for a, alias, glob in imports[m]:
            add(m, a)
            if not glob and a and tuple(a) in mods:
                aliases[alias or a[-1]] = a
        body = use_re.sub(" ", code[m])
        for pm in path_re.finditer(body):
            segs = [s for s in pm.group(1).split("::") if s and s != "{"]
            a = absolute(m, segs)
            if a is None and segs[0] in aliases:
                a = aliases[segs[0]] + segs[1:]
            if a is not None:
                add(m, a)

    def name(m):
        return "::".join(m) or "crate"

    # Tarjan
    index, low, stack, on, sccs, counter = {}, {}, [], set(), [], [0]
    sys.setrecursionlimit(10000)

    def strong(v):
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on.add(v)
        for w in edges[v]:
            if w not in index:
                strong(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            sccs.append(comp)

    for v in sorted(mods):
        if v not in index:
            strong(v)
    big = [sorted(c) for c in sccs if len(c) > 1]
    if show_edges:
        for m in sorted(edges):
            for n in sorted(edges[m]):
                print(f"{name(m)} -> {name(n)}: {', '.join(sorted(edges[m][n]))}")
        print()
    for c in sorted(big, key=lambda c: (-len(c), c)):
        members = set(c)
        print(f"SCC of {len(c)}: {' '.join(name(m) for m in c)}")
        for m in c:
            for n in sorted(edges[m]):
                if n in members:
                    print(f"    {name(m)} -> {name(n)}: {', '.join(sorted(edges[m][n]))}")
    print(f"{len(big)} strongly connected components of more than one module "
          f"({len(mods)} modules)")


if __name__ == "__main__":
    main()
