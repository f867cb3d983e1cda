#!/usr/bin/env python3
"""An octal solution that is right for heaps of at most 300 tokens and crashes with a
`KeyError` on any larger heap (its Grundy values are a dict filled up to 300, as a
contest solution for at most 300 pins would be): a failure from one size on, for
shrinking to find exactly (301). The code is the first argument, the input on stdin."""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from octal_correct import digits, table  # noqa: E402

LARGEST = 300

d = digits(sys.argv[1])
while d and d[-1] == 0:
    d.pop()
g = dict(enumerate(table(d, LARGEST)))
tok = sys.stdin.read().split()
t, i, out = int(tok[0]), 1, []
for _ in range(t):
    h = int(tok[i])
    x = 0
    for a in tok[i + 1 : i + 1 + h]:
        x ^= g[int(a)]
    out.append("Alice" if x else "Bob")
    i += 1 + h
sys.stdout.write("".join(a + "\n" for a in out))
