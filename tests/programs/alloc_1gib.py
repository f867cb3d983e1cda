#!/usr/bin/env python3
"""Reads its input, then allocates 1 GiB and touches it (any game): under
`--memory-limit 256` this is "memory limit exceeded"."""
import sys

sys.stdin.read()
block = bytearray(1 << 30)
print(len(block))
