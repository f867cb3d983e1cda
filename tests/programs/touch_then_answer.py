#!/usr/bin/env python3
"""A correct marble solution that reads its input, then fills MIB mebibytes (its
argument) so that they are resident, then answers: under a resident-memory limit below
MIB (plus the interpreter's own) it is ended at the limit; above it, it passes."""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from marble_correct import solve_input  # noqa: E402

text = sys.stdin.read()
block = b"\x01" * (int(sys.argv[1]) << 20)
sys.stdout.write("".join(a + "\n" for a in solve_input(text, [])))
