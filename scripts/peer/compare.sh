#!/usr/bin/env bash
# gamecheck's sparse-space method against tczajka/octal-games (C++, its old/src), side by
# side on one machine: both print g(0..N) of one code, both are timed as whole processes
# (/usr/bin/time: user and wall seconds, peak memory) and their outputs compared.
#
#     git clone https://github.com/tczajka/octal-games /tmp/octal-games
#     scripts/peer/compare.sh /tmp/octal-games .16 67108863 --method sparse
#
# Arguments: the peer's checkout, the code, N (the last value), then any flags for
# `gamecheck values`. Run it several times, in turns, on a machine shared with other work.
set -euo pipefail
peer=$(cd "$1" && pwd)
code=$2
upto=$3
shift 3
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
g++ -O3 -march=native -std=c++17 -I "$peer/old/src" -o "$work/values" "$here/values_driver.cc" \
    "$peer/old/src/game.cc" "$peer/old/src/hadamard.cc"
(cd "$root" && cargo build --release --quiet)
echo "g(0..=$upto) of $code"
/usr/bin/time -f "peer (C++):  %U s user, %e s wall, %M KiB peak" \
    "$work/values" "$code" "$((upto + 1))" >"$work/peer.txt"
/usr/bin/time -f "gamecheck:   %U s user, %e s wall, %M KiB peak" \
    "$root/target/release/gamecheck" values octal --code "$code" --upto "$upto" "$@" >"$work/ours.txt"
if cmp -s "$work/peer.txt" "$work/ours.txt"; then
    echo "same values"
else
    echo "the values differ" >&2
    exit 1
fi
