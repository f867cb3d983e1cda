#!/usr/bin/env python3
"""A correct marble program (standard rules) that prints its answers, flushes, then
starts a classic double-forked daemon (fork, setsid, fork again, the middle process
exits) that sleeps 5 s with stdout still open; the program itself exits 0 at once.

Usage: marble_daemon_child.py [PIDFILE] — the daemon writes its pid to PIDFILE first.
"""
import os
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from marble_correct import solve_input  # noqa: E402

answers = solve_input(sys.stdin.read(), [])
sys.stdout.write("".join(a + "\n" for a in answers))
sys.stdout.flush()
if os.fork() == 0:
    os.setsid()
    if os.fork() == 0:
        if len(sys.argv) > 1:
            with open(sys.argv[1] + ".tmp", "w") as f:
                f.write("%d\n" % os.getpid())
            os.replace(sys.argv[1] + ".tmp", sys.argv[1])
        time.sleep(5)
    os._exit(0)
os._exit(0)
