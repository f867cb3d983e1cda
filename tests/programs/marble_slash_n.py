#!/usr/bin/env python3
"""Right answers, but joined by a literal `/n` instead of newlines (a typo for `\n`)."""
import sys

import marble_correct

answers = marble_correct.solve_input(sys.stdin.read(), sys.argv[1:])
sys.stdout.write("".join(a + "/n" for a in answers))
