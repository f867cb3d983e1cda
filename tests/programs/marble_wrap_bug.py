#!/usr/bin/env python3
"""Marble with the classic edge-wrap bug: runs are built on the flat index r*n + c with
steps +1, +n, +n+1, +n-1 and only the check 0 <= i < n*n, so a run may continue from the
last cell of a square row to the first cell of the next. Otherwise marble_correct.py."""
import sys
from functools import lru_cache

import marble_correct


def wrapping_moves(n, k):
    out = set()
    for start in range(n * n):
        for step in (1, n, n + 1, n - 1):
            mask = 0
            for t in range(k):
                i = start + t * step
                if not 0 <= i < n * n:  # BUG: no check that the run stays inside the row
                    break
                mask |= 1 << i
                out.add(mask)
    return sorted(out)


marble_correct.moves = wrapping_moves

if __name__ == "__main__":
    answers = marble_correct.solve_input(sys.stdin.read(), sys.argv[1:])
    sys.stdout.write("".join(a + "\n" for a in answers))
