#!/usr/bin/env python3
"""A correct octal-game solution (docs/rules.md, "Octal"): the code is the first argument
(`python3 octal_correct.py .77`), the contest input on stdin. g(n) by the mex recurrence
up to the largest heap (O(n^2) with splits: fine for the small heaps of the tests), XOR
over the heaps, `Alice` when it is non-zero."""
import sys


def digits(code):
    return [int(c) for c in code.split(".", 1)[1]]


def table(d, size):
    g = [0] * (size + 1)
    for n in range(1, size + 1):
        seen = set()
        for k, dk in enumerate(d, start=1):
            if k > n:
                break
            rest = n - k
            if dk & 1 and rest == 0:
                seen.add(0)
            if dk & 2 and rest > 0:
                seen.add(g[rest])
            if dk & 4 and rest >= 2:
                for a in range(1, rest // 2 + 1):
                    seen.add(g[a] ^ g[rest - a])
        v = 0
        while v in seen:
            v += 1
        g[n] = v
    return g


def grundy(d, heaps, size):
    g = table(d, size)
    x = 0
    for h in heaps:
        x ^= g[h]
    return x


def solve_input(code, text):
    tok = text.split()
    t = int(tok[0])
    cases, i = [], 1
    for _ in range(t):
        h = int(tok[i])
        cases.append([int(a) for a in tok[i + 1 : i + 1 + h]])
        i += 1 + h
    d = digits(code)
    size = max((max(c) for c in cases), default=0)
    return ["Alice" if grundy(d, c, size) else "Bob" for c in cases]


if __name__ == "__main__":
    sys.stdout.write("".join(a + "\n" for a in solve_input(sys.argv[1], sys.stdin.read())))
