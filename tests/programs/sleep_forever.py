#!/usr/bin/env python3
"""Never answers (any game). With a PIDFILE argument it first starts a grandchild that
also sleeps and writes "<own pid> <grandchild pid>" to PIDFILE, so a test can check
that a timeout kills the whole process group."""
import subprocess
import sys
import time

if len(sys.argv) > 1:
    child = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(10**6)"])
    with open(sys.argv[1] + ".tmp", "w") as f:
        f.write("%d %d\n" % (__import__("os").getpid(), child.pid))
    __import__("os").replace(sys.argv[1] + ".tmp", sys.argv[1])
while True:
    time.sleep(1000)
