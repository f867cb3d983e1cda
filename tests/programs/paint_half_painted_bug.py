#!/usr/bin/env python3
"""Paint with a planted bug: a column with exactly one painted cell is treated as fully
painted (it still cuts the strip, but its nim heap of size 1 is lost).
Otherwise paint_correct.py."""
import sys

import paint_correct


correct_parts = paint_correct.parts


def parts_half_as_full(n, painted):
    runs, _half = correct_parts(n, painted)
    return runs, 0  # BUG: the single unpainted cell of a half-painted column is ignored


paint_correct.parts = parts_half_as_full

if __name__ == "__main__":
    sys.stdout.write("".join(a + "\n" for a in paint_correct.solve_input(sys.stdin.read())))
