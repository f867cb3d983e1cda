#!/usr/bin/env python3
"""Right paint answers, but joined by a literal `/n` instead of newlines (a typo for `\n`)."""
import sys

import paint_correct

sys.stdout.write("".join(a + "/n" for a in paint_correct.solve_input(sys.stdin.read())))
