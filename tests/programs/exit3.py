#!/usr/bin/env python3
"""Reads its input, prints nothing useful, and exits with status 3 (any game)."""
import sys

sys.stdin.read()
sys.stderr.write("fixture: giving up with status 3\n")
sys.exit(3)
