#!/usr/bin/env python3
"""A flaky marble solution: right on even-numbered runs, and on odd-numbered runs wrong
on the last position of an input with 2 empty cells or more — the way a C++ program that
reads an uninitialised array answers differently from run to run, but on a schedule, so
that a test knows what to expect.

Usage: marble_flaky.py COUNTER_FILE
COUNTER_FILE counts the runs (created when missing); runs side by side (`--jobs`) race
on it, so tests run this one at a time.
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from marble_correct import solve_input  # noqa: E402

if __name__ == "__main__":
    sys.setrecursionlimit(10000)
    counter = sys.argv[1]
    try:
        with open(counter) as f:
            run = int(f.read() or 0)
    except FileNotFoundError:
        run = 0
    with open(counter, "w") as f:
        f.write(str(run + 1))
    text = sys.stdin.read()
    answers = solve_input(text, [])
    # the empty cells of the last position: its symbols are the last 16 of the input
    symbols = [ch for ch in text if ch in "*."]
    if run % 2 == 1 and answers and symbols[-16:].count(".") >= 2:
        answers[-1] = "Bob" if answers[-1] == "Alice" else "Alice"
    sys.stdout.write("".join(a + "\n" for a in answers))
