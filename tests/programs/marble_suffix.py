#!/usr/bin/env python3
"""A correct marble solution whose output lines are dressed up: usage
`marble_suffix.py SUFFIX END TRAILER [homoglyphs]`, each a hex string of bytes: every
answer line is followed by SUFFIX and then END (the line end), and TRAILER ends the
output. With `homoglyphs`, `Alice` and `Bob` are written with a Cyrillic letter each
(`Аlice`, `Bоb`), which look the same."""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from marble_correct import solve_input  # noqa: E402

suffix, end, trailer = (bytes.fromhex(a) for a in sys.argv[1:4])
answers = solve_input(sys.stdin.read(), [])
if sys.argv[4:] == ["homoglyphs"]:
    answers = [a.replace("A", "\u0410").replace("o", "\u043e") for a in answers]
out = b"".join(a.encode() + suffix + end for a in answers) + trailer
sys.stdout.buffer.write(out)
