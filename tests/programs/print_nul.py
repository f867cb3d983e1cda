#!/usr/bin/env python3
"""Answers every marble position with `Alice` followed by a NUL byte (malformed output)."""
import sys

t = int(sys.stdin.read().split()[0])
sys.stdout.write("Alice\0\n" * t)
