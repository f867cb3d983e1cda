#!/usr/bin/env python3
"""Answers a marble input correctly (through marble_correct.py), with a child that ignores
SIGTERM and sleeps for a long time; writes "<own pid> <child pid>" to a new file in the
folder PIDDIR (its first argument), then kills its parent: the supervisor gamecheck
started it from (with a second argument `stop`, stops it: SIGSTOP). With `escape`
instead, the child leaves the program's process group (a session of its own) and keeps
only stderr open, out of gamecheck's reach. A test looks for these pids once gamecheck
has ended."""
import os
import signal
import subprocess
import sys
import time

data = sys.stdin.buffer.read()
escape = sys.argv[2:] == ["escape"]
child = subprocess.Popen(
    [
        sys.executable,
        "-S",
        "-c",
        "import signal, time; signal.signal(signal.SIGTERM, signal.SIG_IGN); time.sleep(10**6)",
    ],
    start_new_session=escape,
    stdout=subprocess.DEVNULL if escape else None,
)
correct = os.path.join(os.path.dirname(os.path.abspath(__file__)), "marble_correct.py")
answers = subprocess.run([sys.executable, "-S", correct], input=data, stdout=subprocess.PIPE)
sys.stdout.buffer.write(answers.stdout)
sys.stdout.flush()
tmp = os.path.join(sys.argv[1], "%d.tmp" % os.getpid())
with open(tmp, "w") as f:
    f.write("%d %d\n" % (os.getpid(), child.pid))
os.replace(tmp, os.path.join(sys.argv[1], "%d.pids" % os.getpid()))
stop = sys.argv[2:] == ["stop"]
os.kill(os.getppid(), signal.SIGSTOP if stop else signal.SIGKILL)
time.sleep(10**6)
