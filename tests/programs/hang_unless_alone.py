#!/usr/bin/env python3
"""Reads its input; an input of one case (T = 1) is answered `Alice` at once, any other
sleeps for ever (marble or paint): a timeout that no case has on its own."""
import sys
import time

if sys.stdin.read().split()[:1] == ["1"]:
    print("Alice")
    sys.exit(0)
while True:
    time.sleep(1000)
