#!/usr/bin/env python3
"""A wrapper as judges' and contestants' launch scripts often are (any game): reads the
whole input, then runs the command of its arguments with that input on stdin, and exits
with its status (128 + N for a signal N). Run as `stdin_wrapper.py java -cp classes
Main`, the input is read before the JVM starts, so a JVM that cannot start under an
address-space limit fails after its input was read."""
import subprocess
import sys

data = sys.stdin.buffer.read()
done = subprocess.run(sys.argv[1:], input=data)
sys.exit(done.returncode if done.returncode >= 0 else 128 - done.returncode)
