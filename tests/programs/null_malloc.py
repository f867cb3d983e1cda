#!/usr/bin/env python3
"""A marble solution that reads its input, then asks malloc for MIB mebibytes (its
argument) and writes through the pointer without checking it: when malloc returns NULL
(under a smaller memory limit) it dies of SIGSEGV with no word of memory; when it does
not, it answers correctly."""
import ctypes
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from marble_correct import solve_input  # noqa: E402

text = sys.stdin.read()
libc = ctypes.CDLL(None)
libc.malloc.restype = ctypes.c_void_p
block = libc.malloc(int(sys.argv[1]) << 20)
ctypes.memset(block or 0, 1, 1)
sys.stdout.write("".join(a + "\n" for a in solve_input(text, [])))
