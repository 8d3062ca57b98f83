#!/usr/bin/env python3
"""The import graph of a crate's modules at a git revision.

    python3 scripts/import_graph.py REV crates/engine/src [--order a,b,c]

With --order (the folders from the foundations up), an import from a
folder to one later in the order is listed as upward.

A module imports another when its code (its tests and comments left out)
names `crate::a::b`: the longest such path that is a module counts. Prints the
number of modules and imports, every circle (a strongly connected group of
more than one module) and the imports between top-level folders.
"""
import re
import subprocess
import sys
from collections import defaultdict


def modules(rev, src):
    files = subprocess.check_output(
        ["git", "ls-tree", "-r", "--name-only", rev, src], text=True).split()
    out = {}
    for f in files:
        if not f.endswith(".rs"):
            continue
        parts = f[len(src):].strip("/")[:-3].split("/")
        if parts[-1] in ("mod", "lib"):
            parts = parts[:-1]
        out["::".join(parts)] = f
    return out


def imports(rev, mods):
    path = re.compile(r"\bcrate::((?:\w+::)*\w+)")
    edges = defaultdict(set)
    for name, f in mods.items():
        text = subprocess.check_output(["git", "show", f"{rev}:{f}"], text=True)
        text = text.split("#[cfg(test)]\nmod tests")[0]
        # Comments name modules without importing them.
        text = re.sub(r"//.*", "", text)
        for mo in path.finditer(text):
            parts = mo.group(1).split("::")
            for k in range(len(parts), 0, -1):
                target = "::".join(parts[:k])
                if target in mods:
                    if target and target != name and not name.startswith(target + "::"):
                        edges[name].add(target)
                    break
    return edges


def circles(mods, edges):
    index, low, stack, on, found = {}, {}, [], set(), []
    sys.setrecursionlimit(10000)

    def visit(v):
        index[v] = low[v] = len(index)
        stack.append(v)
        on.add(v)
        for w in edges[v]:
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group = []
            while True:
                w = stack.pop()
                on.discard(w)
                group.append(w)
                if w == v:
                    break
            if len(group) > 1:
                found.append(sorted(group))

    for v in mods:
        if v not in index:
            visit(v)
    return sorted(found, key=len, reverse=True)


def main():
    rev, src = sys.argv[1], sys.argv[2]
    mods = modules(rev, src)
    edges = imports(rev, mods)
    found = circles(mods, edges)
    print(f"{len(mods)} modules, {sum(len(e) for e in edges.values())} imports, "
          f"{len(found)} circles")
    for c in found:
        print(f"  circle of {len(c)}: {' '.join(c)}")
    top = lambda m: m.split("::")[0]
    between = defaultdict(int)
    for a, bs in edges.items():
        for b in bs:
            if top(a) != top(b):
                between[(top(a), top(b))] += 1
    if any("::" in m for m in mods):
        print("imports between folders:")
        for (a, b), n in sorted(between.items()):
            print(f"  {a} -> {b}: {n}")
    if "--order" in sys.argv:
        order = sys.argv[sys.argv.index("--order") + 1].split(",")
        rank = {f: i for i, f in enumerate(order)}
        upward = [(a, b) for a, bs in sorted(edges.items()) for b in sorted(bs)
                  if top(a) in rank and top(b) in rank and rank[top(a)] < rank[top(b)]]
        print(f"{len(upward)} upward imports")
        for a, b in upward:
            print(f"  {a} -> {b}")


if __name__ == "__main__":
    main()
