#!/usr/bin/env python3
"""Reads its input, fills MIB mebibytes (its argument) so that they are resident, then
fails an assertion that has nothing to do with memory (any game): under a limit a little
above MIB this is a crash, however close the peak came to the limit."""
import sys

sys.stdin.read()
block = b"\x01" * (int(sys.argv[1]) << 20)
assert len(block) == 0, "an unrelated bug"
