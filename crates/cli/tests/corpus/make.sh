#!/bin/bash
# The replay corpus (issue 24): saved games of both games made by `b5 sim`
# and `b5 empires sim` BEFORE the engine's files were moved, kept gzipped;
# `crates/cli/tests/cli/replay_corpus.rs` replays every one and checks its
# digests. Made once, with the build of the commit that added them; run it
# again only to make a new corpus on purpose (it overwrites this one).
#
#   cargo build --release && bash crates/cli/tests/corpus/make.sh
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
b5=${B5:-$here/../../../../target/release/b5}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
rm -rf "$here/b5" "$here/empires"
mkdir -p "$here/b5" "$here/empires"
# keep FROM TO: the saves of FROM-short and FROM-whole, gzipped as
# TO-short-game-0001.json.gz, ...
keep() {
    for kind in short whole; do
        for f in "$1-$kind"/*.json; do
            gzip -9 -n -c "$f" > "$2-$kind-$(basename "$f").gz"
        done
    done
}
# Babylon 5 CCG: 2 to 6 players, greedy and random players alternating;
# 40 short games (6 turns) and 8 whole games per table size.
for n in 2 3 4 5 6; do
    "$b5" sim --players $n --games 40 --turn-limit 6 --seed $((n * 1000)) --bot greedy,random --save "$tmp/b5-$n-short" > /dev/null
    "$b5" sim --players $n --games 8 --seed $((n * 1000 + 500)) --bot greedy,random --save "$tmp/b5-$n-whole" > /dev/null
    keep "$tmp/b5-$n" "$here/b5/p$n"
done
# Babylon 5 Empires: 2 to 4 players; 30 short games (8 turns) and 5 whole
# games per table size.
for n in 2 3 4; do
    "$b5" empires sim --players $n --games 30 --turn-limit 8 --seed $((n * 1000)) --bot greedy,random --save "$tmp/e-$n-short" > /dev/null
    "$b5" empires sim --players $n --games 5 --seed $((n * 1000 + 500)) --bot greedy,random --save "$tmp/e-$n-whole" > /dev/null
    keep "$tmp/e-$n" "$here/empires/p$n"
done
echo "b5: $(ls "$here/b5" | wc -l) games, empires: $(ls "$here/empires" | wc -l) games, $(du -sh "$here" | cut -f1)"
