#!/usr/bin/env python3
"""An octal solution with a planted bug: it knows Kayles (`.77`) has period 12, but not
that the period starts at 71; it computes g exactly below 24 and then repeats the last
12 values: g(n) = g(n - 12) for n >= 24. g(27) = 8 and g(28) = 5 come out as 7 and 1, so
some cases with a heap of 27 or more are answered wrongly (a heap of 28 with a heap of 1:
5 xor 1 = 4, Alice wins, but the program says 1 xor 1 = 0, Bob). Otherwise
octal_correct.py, whose period finder proves period 12 from 12 on this table and answers
huge heaps by it."""
import sys

import octal_correct

PERIOD, FROM = 12, 24
correct_table = octal_correct.table


def table_with_short_preperiod(d, size):
    g = correct_table(d, min(size, FROM - 1))
    for n in range(FROM, size + 1):
        g.append(g[n - PERIOD])  # BUG: the pre-period is 71, not 12
    return g


octal_correct.table = table_with_short_preperiod

if __name__ == "__main__":
    sys.stdout.write(
        "".join(a + "\n" for a in octal_correct.solve_input(sys.argv[1], sys.stdin.read()))
    )
