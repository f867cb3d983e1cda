#!/usr/bin/env python3
"""A correct sevens solution, written from the rules (docs/rules.md) alone (shares no code with gamecheck).

Usage: sevens_correct.py [--suits S] [--ranks R] [--start K] [--stuck lose|pass]
Reads the contest input on stdin (optional T alone on the first line, then deals of half
the deck each: Alice's cards like `S7 H10 DA`) and prints `Alice`, `Bob` or `Draw` per
deal. Plain minimax over the chains with a memo per deal; fast enough for small decks
(2 suits x 5 ranks), far too slow for the standard deck.
"""
import sys
from functools import lru_cache

SUITS = "SHCD"
RANK_WORDS = {"A": 1, "T": 10, "J": 11, "Q": 12, "K": 13}


def options(argv):
    opts = {"suits": 4, "ranks": 13, "start": None, "stuck": "lose"}
    i = 0
    while i < len(argv):
        key = argv[i].lstrip("-")
        if key not in opts or i + 1 >= len(argv):
            sys.exit("unknown option " + argv[i])
        opts[key] = argv[i + 1] if key == "stuck" else int(argv[i + 1])
        i += 2
    if opts["start"] is None:
        opts["start"] = (opts["ranks"] + 1) // 2
    return opts["suits"], opts["ranks"], opts["start"], opts["stuck"]


def card(word):
    suit = SUITS.index(word[0].upper())
    rest = word[1:].upper()
    return suit, RANK_WORDS[rest] if rest in RANK_WORDS else int(rest)


def solve_deal(alice, suits, ranks, start, stuck):
    """The winner of one deal: 'Alice', 'Bob' or 'Draw'. `alice` is a set of (suit, rank)."""
    deck = {(s, r) for s in range(suits) for r in range(1, ranks + 1)}
    owner = {c: (0 if c in alice else 1) for c in deck}

    def playable(chains, c):
        s, r = c
        if chains[s] is None:
            return r == start
        low, high = chains[s]
        return r == low - 1 or r == high + 1

    def play(chains, c):
        s, r = c
        new = list(chains)
        new[s] = (r, r) if chains[s] is None else (min(r, chains[s][0]), max(r, chains[s][1]))
        return tuple(new)

    def left(chains, player):
        """Cards of `player` not on the table yet."""
        return [c for c in deck if owner[c] == player and not on_table(chains, c)]

    def on_table(chains, c):
        s, r = c
        return chains[s] is not None and chains[s][0] <= r <= chains[s][1]

    @lru_cache(maxsize=None)
    def value(chains, player):
        """+1 win, 0 draw, -1 loss for `player`, who is to move."""
        mine = left(chains, player)
        if stuck == "lose":
            if not mine and not left(chains, 1 - player):
                return 0  # every card played: draw
            moves = [c for c in mine if playable(chains, c)]
            if not moves:
                return -1  # stuck (an empty hand included): loss
            return max(-value(play(chains, c), 1 - player) for c in moves)
        # pass: the game ended when a hand emptied (checked after each play)
        moves = [c for c in mine if playable(chains, c)]
        if not moves:
            return -value(chains, 1 - player)  # pass
        best = -1
        for c in moves:
            after = play(chains, c)
            v = 1 if len(mine) == 1 else -value(after, 1 - player)
            best = max(best, v)
        return best

    names = ["Alice", "Bob"]
    if stuck == "pass":
        for p in (0, 1):
            if not any(owner[c] == p for c in deck):
                return names[p]  # an empty hand wins before the first move
    opener = owner[(0, start)]
    chains = play(tuple([None] * suits), (0, start))
    if stuck == "pass" and not left(chains, opener):
        return names[opener]
    v = value(chains, 1 - opener)
    return "Draw" if v == 0 else names[1 - opener] if v > 0 else names[opener]


def solve_input(text, argv, solve=solve_deal):
    suits, ranks, start, stuck = options(argv)
    words = text.split()
    hand = suits * ranks // 2
    if words and words[0].isdigit():
        t = int(words[0])
        words = words[1:]
    else:
        t = len(words) // hand
    return [
        solve(set(map(card, words[i * hand:(i + 1) * hand])), suits, ranks, start, stuck)
        for i in range(t)
    ]


if __name__ == "__main__":
    sys.setrecursionlimit(10000)
    sys.stdout.write("".join(a + "\n" for a in solve_input(sys.stdin.read(), sys.argv[1:])))
