#!/usr/bin/env python3
"""The correct paint solution (paint_correct.py), made slow on purpose (for the times of
a timeout's cases).

Usage: paint_slow.py [--hang-on-n N] [--sleep-per-case SECS] [--burn-per-case SECS]
--hang-on-n N: after reading the input, sleeps for ever when a case has exactly N
columns (so that one case times out on its own and the others do not);
--sleep-per-case SECS: sleeps SECS per case before answering (wall-clock time only);
--burn-per-case SECS: computes for SECS of CPU time per case before answering (so that
many cases together pass the CPU time limit and none alone does).
"""
import os
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from paint_correct import solve_input  # noqa: E402

hang_on, per_case, burn = None, 0.0, 0.0
args = sys.argv[1:]
while args:
    if args[0] == "--hang-on-n":
        hang_on, args = int(args[1]), args[2:]
    elif args[0] == "--sleep-per-case":
        per_case, args = float(args[1]), args[2:]
    elif args[0] == "--burn-per-case":
        burn, args = float(args[1]), args[2:]
    else:
        sys.exit("unknown option " + args[0])

text = sys.stdin.read()
data = list(map(int, text.split()))
t, pos = data[0], 1
for _ in range(t):
    n, m = data[pos], data[pos + 1]
    pos += 2 + 2 * m
    if n == hang_on:
        while True:
            time.sleep(1000)
    time.sleep(per_case)
    until = time.process_time() + burn
    while time.process_time() < until:
        pass
sys.stdout.write("".join(a + "\n" for a in solve_input(text)))
