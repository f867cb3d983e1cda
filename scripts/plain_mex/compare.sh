#!/usr/bin/env bash
# The sparse-space method against the plain O(n²) mex table in C, side by side on one
# machine: `gamecheck values` and plain_mex.c print g(0..=N) of one code; both are
# timed (/usr/bin/time: user seconds and peak memory) and their outputs compared. Flags
# after N go to `gamecheck values` (`--method plain`: the plain recurrence against the C
# table, with no period shortcut).
#
#     scripts/plain_mex/compare.sh .16 199999
#     scripts/plain_mex/compare.sh .07 199999 --method plain
set -euo pipefail
code=${1:-.16}
upto=${2:-199999}
shift $(($# < 2 ? $# : 2))
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cc -O2 -o "$work/plain_mex" "$here/plain_mex.c"
(cd "$root" && cargo build --release --quiet)
echo "g(0..=$upto) of $code"
/usr/bin/time -f "plain mex in C:      %U s user, %e s wall, %M KiB peak" \
    "$work/plain_mex" "$code" "$upto" >"$work/c.txt"
/usr/bin/time -f "gamecheck:           %U s user, %e s wall, %M KiB peak" \
    "$root/target/release/gamecheck" values octal --code "$code" --upto "$upto" "$@" >"$work/ours.txt"
if cmp -s "$work/c.txt" "$work/ours.txt"; then
    echo "same values"
else
    echo "the values differ" >&2
    exit 1
fi
