#!/usr/bin/env python3
"""A correct paint solution, written from the rules (docs/rules.md) alone (shares no code with gamecheck).

Usage: paint_correct.py [--crlf]
Reads the contest input on stdin (integers separated by any whitespace: T, then per case
N M and M cells x y) and prints `Case i: Alice` or `Case i: Bob` per case.
A column with one painted cell is a nim heap of size 1 and cuts the strip; a run of L
fully unpainted columns is worth g(L) by the mex recurrence; Alice wins iff the XOR of
all parts is non-zero. --crlf ends lines with a trailing space and CRLF.
"""
import sys

G = [0]  # G[L] = g(L), grown on demand


def mex(values):
    m = 0
    while m in values:
        m += 1
    return m


def g(length):
    while len(G) <= length:
        n = len(G)
        options = {G[i] ^ 1 ^ G[n - 1 - i] for i in range(n)}  # paint one cell of column i+1
        options |= {G[i] ^ G[n - 2 - i] for i in range(n - 1)}  # paint the 2x2 block at i+1, i+2
        G.append(mex(options))
    return G[length]


def parts(n, painted):
    """(lengths of the runs of fully unpainted columns, number of half-painted columns)."""
    count = {}
    for _, col in painted:
        count[col] = count.get(col, 0) + 1
    runs, half, run = [], 0, 0
    for col in range(1, n + 1):
        k = count.get(col, 0)
        if k == 0:
            run += 1
            continue
        runs.append(run)
        run = 0
        if k == 1:
            half += 1
    runs.append(run)
    return runs, half


def alice_wins(n, painted):
    runs, half = parts(n, painted)
    x = half & 1
    for r in runs:
        x ^= g(r)
    return x != 0


def solve_input(text):
    data = list(map(int, text.split()))
    t, pos, answers = data[0], 1, []
    for i in range(1, t + 1):
        n, m = data[pos], data[pos + 1]
        cells = [(data[pos + 2 + 2 * k], data[pos + 3 + 2 * k]) for k in range(m)]
        pos += 2 + 2 * m
        answers.append("Case %d: %s" % (i, "Alice" if alice_wins(n, cells) else "Bob"))
    return answers


if __name__ == "__main__":
    end = " \r\n" if "--crlf" in sys.argv[1:] else "\n"
    sys.stdout.write("".join(a + end for a in solve_input(sys.stdin.read())))
