#!/usr/bin/env python3
"""A Kayles solution (`python3 octal_residue_bug.py .77`) with a planted bug: g as
octal_correct.py computes it (by its proved period past the table), except that every
heap n >= 82 with n = 10 (mod 12) gets g(n) xor 1, 3 where Kayles has 2. A heap of 82
alone is still a win for Alice; 2 and 82 together (g = 2 xor 2 = 0) are a loss for her
that the program calls a win. Heaps up to 30 (the sizes before generation drew heaps
from the period) never show it; `2 2 82` is the smallest case that does."""
import sys

import octal_correct

correct_grundy_function = octal_correct.grundy_function


def grundy_function_with_a_wrong_class(d, largest):
    g = correct_grundy_function(d, largest)
    # BUG: the class of 10 (mod 12) from 82 on
    return lambda n: g(n) ^ 1 if n >= 82 and n % 12 == 10 else g(n)


octal_correct.grundy_function = grundy_function_with_a_wrong_class

if __name__ == "__main__":
    sys.stdout.write(
        "".join(a + "\n" for a in octal_correct.solve_input(sys.argv[1], sys.stdin.read()))
    )
