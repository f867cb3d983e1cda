#!/usr/bin/env python3
"""Reads its input, starts a child that sleeps, writes "<own pid> <child pid>" to a new
file in the folder PIDDIR (its first argument), then sleeps for ever (any game). A test
signals gamecheck and then looks for these pids."""
import os
import subprocess
import sys
import time

sys.stdin.read()
child = subprocess.Popen([sys.executable, "-S", "-c", "import time; time.sleep(10**6)"])
tmp = os.path.join(sys.argv[1], "%d.tmp" % os.getpid())
with open(tmp, "w") as f:
    f.write("%d %d\n" % (os.getpid(), child.pid))
os.replace(tmp, os.path.join(sys.argv[1], "%d.pids" % os.getpid()))
while True:
    time.sleep(1000)
