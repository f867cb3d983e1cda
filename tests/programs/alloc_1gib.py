#!/usr/bin/env python3
"""Reads its input, then allocates 1 GiB and touches it (any game): under
`--memory-limit 256` this is "memory limit exceeded". With the argument `first` it
allocates before reading its input: under a 256 MiB resident limit it cannot start, as
it could not at a judge with that limit on any test."""
import sys

first = sys.argv[1:] == ["first"]
if not first:
    sys.stdin.read()
block = bytearray(1 << 30)
if first:
    sys.stdin.read()
print(len(block))
