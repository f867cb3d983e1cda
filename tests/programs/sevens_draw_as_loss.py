#!/usr/bin/env python3
"""Sevens with the draw-as-loss bug: a boolean `wins` minimax in which "every card played"
counts as a loss for the player to move (a draw read as a loss). Its answers differ from
the correct ones exactly on drawn deals, where it names the opener (the player who is not
to move after the forced opening) as the winner. Otherwise sevens_correct.py (`lose` rule).
"""
import sys
from functools import lru_cache

import sevens_correct


def solve_deal(alice, suits, ranks, start, stuck):
    deck = {(s, r) for s in range(suits) for r in range(1, ranks + 1)}
    owner = {c: (0 if c in alice else 1) for c in deck}

    def playable(chains, c):
        s, r = c
        if chains[s] is None:
            return r == start
        return r == chains[s][0] - 1 or r == chains[s][1] + 1

    def play(chains, c):
        s, r = c
        new = list(chains)
        new[s] = (r, r) if chains[s] is None else (min(r, chains[s][0]), max(r, chains[s][1]))
        return tuple(new)

    def on_table(chains, c):
        s, r = c
        return chains[s] is not None and chains[s][0] <= r <= chains[s][1]

    @lru_cache(maxsize=None)
    def wins(chains, player):
        moves = [c for c in deck if owner[c] == player and not on_table(chains, c)
                 and playable(chains, c)]
        # BUG: when every card is played there is no move either, so it "loses"
        return any(not wins(play(chains, c), 1 - player) for c in moves)

    names = ["Alice", "Bob"]
    opener = owner[(0, start)]
    chains = play(tuple([None] * suits), (0, start))
    return names[1 - opener] if wins(chains, 1 - opener) else names[opener]


if __name__ == "__main__":
    answers = sevens_correct.solve_input(sys.stdin.read(), sys.argv[1:], solve_deal)
    sys.stdout.write("".join(a + "\n" for a in answers))
