#!/usr/bin/env python3
"""Files over a length and functions over a length in Rust sources.

    python3 scripts/long_items.py [--file 1000] [--fn 200] DIR...

A function runs from its `fn` line to the closing brace at its indent.
"""
import os
import re
import sys


def main():
    args = sys.argv[1:]
    file_max, fn_max = 1000, 200
    if "--file" in args:
        i = args.index("--file"); file_max = int(args[i + 1]); del args[i:i + 2]
    if "--fn" in args:
        i = args.index("--fn"); fn_max = int(args[i + 1]); del args[i:i + 2]
    start = re.compile(r"^(\s*)(pub(\([^)]*\))? )?(const )?(async )?fn (\w+)")
    for d in args:
        for root, _, files in os.walk(d):
            for f in sorted(files):
                if not f.endswith(".rs"):
                    continue
                p = os.path.join(root, f)
                lines = open(p).read().split("\n")
                if len(lines) > file_max:
                    print(f"file {p}: {len(lines)} lines")
                for i, l in enumerate(lines):
                    m = start.match(l)
                    if not m or l.rstrip().endswith(";"):
                        continue
                    indent = m.group(1)
                    for j in range(i + 1, len(lines)):
                        if lines[j] == indent + "}":
                            if j - i + 1 > fn_max:
                                print(f"fn {p}:{i + 1} {m.group(6)}: {j - i + 1} lines")
                            break


if __name__ == "__main__":
    main()
