#!/usr/bin/env python3
"""A correct marble solution, written from the rules (docs/rules.md) alone (shares no code with gamecheck).

Usage: marble_correct.py [--side N] [--run K] [--misere] [--crlf]
Reads the contest input on stdin (T, then T positions of N*N symbols `*`/`.`, whitespace
anywhere) and prints `Alice` or `Bob` per position. All four line families are allowed.
--crlf ends lines with CRLF and a trailing space (a judge must accept both).
"""
import sys
from functools import lru_cache

STEPS = [(0, 1), (1, 0), (1, 1), (1, -1)]  # square row, column, main and anti-diagonal


def options(argv):
    side, run, misere, crlf = 4, None, False, False
    i = 0
    while i < len(argv):
        if argv[i] == "--side":
            side, i = int(argv[i + 1]), i + 2
        elif argv[i] == "--run":
            run, i = int(argv[i + 1]), i + 2
        elif argv[i] == "--misere":
            misere, i = True, i + 1
        elif argv[i] == "--crlf":
            crlf, i = True, i + 1
        else:
            sys.exit("unknown option " + argv[i])
    return side, (run if run is not None else min(3, side)), misere, crlf


def reading_order(n):
    """(r, c) of each symbol, in input order: row k, j-th symbol is r = min(k, n-1) - j, c = k - r."""
    cells = []
    for k in range(2 * n - 1):
        length = k + 1 if k < n else 2 * n - 1 - k
        for j in range(length):
            r = min(k, n - 1) - j
            cells.append((r, k - r))
    return cells


def moves(n, k):
    """Every run of 1..k cells on one line of the n x n square, as a bit set over (r, c)."""
    out = set()
    for r in range(n):
        for c in range(n):
            for dr, dc in STEPS:
                mask = 0
                for t in range(k):
                    rr, cc = r + t * dr, c + t * dc
                    if not (0 <= rr < n and 0 <= cc < n):
                        break
                    mask |= 1 << (rr * n + cc)
                    out.add(mask)
    return sorted(out)


def solve_input(text, argv):
    n, k, misere, _ = options(argv)
    data = text.split(None, 1)
    t = int(data[0])
    symbols = [ch for ch in (data[1] if len(data) > 1 else "") if ch in "*."]
    order = reading_order(n)
    all_moves = moves(n, k)
    full = (1 << (n * n)) - 1

    @lru_cache(maxsize=None)
    def wins(filled):
        if filled == full:
            return misere
        return any(not wins(filled | m) for m in all_moves if filled & m == 0)

    answers = []
    for p in range(t):
        filled = 0
        for i, ch in enumerate(symbols[p * n * n:(p + 1) * n * n]):
            if ch == "*":
                r, c = order[i]
                filled |= 1 << (r * n + c)
        answers.append("Alice" if wins(filled) else "Bob")
    return answers


if __name__ == "__main__":
    sys.setrecursionlimit(10000)
    answers = solve_input(sys.stdin.read(), sys.argv[1:])
    crlf = "--crlf" in sys.argv[1:]
    sys.stdout.write("".join(a + (" \r\n" if crlf else "\n") for a in answers))
