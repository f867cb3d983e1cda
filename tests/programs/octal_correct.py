#!/usr/bin/env python3
"""A correct octal-game solution (docs/rules.md, "Octal"): the code is the first argument
(`python3 octal_correct.py .77`), the contest input on stdin. g(n) by the mex recurrence
(O(n^2) with splits), and for heaps past the table the period of g, found and proved by
the periodicity theorem (g(n + p) = g(n) for n0 <= n <= 2*n0 + p + t, t the code's
length) in tables of 64, 128, ... up to 4,096 values, so a heap of up to 10^18 tokens is
g(n0 + (n - n0) mod p). A code whose period does not prove that early gets the table up
to its largest heap. XOR over the heaps, `Alice` when it is non-zero."""
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


# the longest table the period is looked for in
SEARCH = 4096


def find_period(g, t):
    """The smallest period p (with its smallest pre-period n0) that the periodicity
    theorem proves on the table g, as (n0, p), or None."""
    size = len(g)
    for p in range(1, size):
        # the proof reads g up to index 2*n0 + 2*p + t, so n0 >= 0 needs this much
        if 2 * p + t > size - 1:
            return None
        n = size - 1 - p
        while n >= 0 and g[n + p] == g[n]:
            n -= 1
        n0 = n + 1
        if 2 * n0 + 2 * p + t <= size - 1:
            return n0, p
    return None


def grundy_function(d, largest):
    """n -> g(n) for every heap n up to `largest`."""
    size = 64
    while True:
        g = table(d, size - 1)
        if size > largest:
            return lambda n: g[n]
        found = find_period(g, len(d))
        if found:
            n0, p = found
            return lambda n: g[n] if n < len(g) else g[n0 + (n - n0) % p]
        if size >= SEARCH:
            g = table(d, largest)
            return lambda n: g[n]
        size *= 2


def solve_input(code, text):
    tok = text.split()
    t = int(tok[0])
    cases, i = [], 1
    for _ in range(t):
        h = int(tok[i])
        cases.append([int(a) for a in tok[i + 1 : i + 1 + h]])
        i += 1 + h
    d = digits(code)
    while d and d[-1] == 0:
        d.pop()
    g = grundy_function(d, max((max(c) for c in cases), default=0))
    answers = []
    for c in cases:
        x = 0
        for h in c:
            x ^= g(h)
        answers.append("Alice" if x else "Bob")
    return answers


if __name__ == "__main__":
    sys.stdout.write("".join(a + "\n" for a in solve_input(sys.argv[1], sys.stdin.read())))
