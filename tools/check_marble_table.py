#!/usr/bin/env python3
"""Independent checker of gamecheck's exported marble tables (GCTABLE1 files).

Standard library only; shares nothing with the Rust code. For each FILE it reads the
rules from the header, generates the moves from the rules in its own straightforward way
(coordinates and direction steps on the n x n square), and checks every position's local
consistency:

  * a P-position (bit 0: the player to move loses) has only moves to N-positions;
  * an N-position (bit 1: the player to move wins) has a move to a P-position;
  * the full board (no move) has the end rule's value: lost in normal play, won in
    misere play.

File format (docs/numbers.md, "table: a solved table and its digest"): the line "GCTABLE1", one line of text
"marble --side N --run K --lines L [--misere]", then 2^(N*N) bits packed little-endian:
bit p (byte p // 8, bit p % 8) is square-frame position p, where square cell (r, c)
(0-based) is bit r*N + c. When FILE.sha256 exists beside FILE, its digest is checked too.

Usage: check_marble_table.py FILE...
Prints one line per file, "FILE: OK ..." or "FILE: REJECTED: why".
Exit status: 0 every file accepted, 1 a file rejected, 2 a file unreadable or malformed.
"""

import hashlib
import os
import sys

MAGIC = b"GCTABLE1\n"

# Line families as (row step, column step) on the square (see docs/rules.md, "Marble").
FAMILIES = {
    "falling": (0, 1),
    "rising": (1, 0),
    "vertical": (1, 1),
    "horizontal": (1, -1),
}


class Malformed(Exception):
    """The file is not a GCTABLE1 marble table."""


def parse_rules(line):
    """(side, run, families, misere) from 'marble --side 4 --run 3 --lines all'."""
    words = line.split()
    if not words or words[0] != "marble":
        raise Malformed("the rules line does not start with 'marble': %r" % line)
    side, run, lines, misere = None, None, None, False
    i = 1
    while i < len(words):
        w = words[i]
        if w == "--misere":
            misere = True
            i += 1
            continue
        if i + 1 >= len(words):
            raise Malformed("flag %s has no value" % w)
        value = words[i + 1]
        if w == "--side":
            side = int(value)
        elif w == "--run":
            run = int(value)
        elif w == "--lines":
            lines = value
        else:
            raise Malformed("unknown flag %s" % w)
        i += 2
    if side is None or run is None or lines is None:
        raise Malformed("the rules line needs --side, --run and --lines: %r" % line)
    if not 1 <= side <= 5 or not 1 <= run <= side:
        raise Malformed("side %d / run %d out of range" % (side, run))
    names = list(FAMILIES) if lines == "all" else lines.split(",")
    for name in names:
        if name not in FAMILIES:
            raise Malformed("unknown line family %r" % name)
    return side, run, names, misere


def all_moves(side, run, names):
    """Every move on the empty board as a bitmask: each single cell, and each run of
    2..run consecutive cells along an allowed family that stays on the square."""
    moves = set()
    for r in range(side):
        for c in range(side):
            moves.add(1 << (r * side + c))
            for name in names:
                dr, dc = FAMILIES[name]
                for length in range(2, run + 1):
                    cells = [(r + i * dr, c + i * dc) for i in range(length)]
                    if all(0 <= rr < side and 0 <= cc < side for rr, cc in cells):
                        mask = 0
                        for rr, cc in cells:
                            mask |= 1 << (rr * side + cc)
                        moves.add(mask)
    return sorted(moves)


def check(path):
    """(accepted, message) for one file; raises Malformed or OSError."""
    with open(path, "rb") as f:
        data = f.read()
    if not data.startswith(MAGIC):
        raise Malformed("no GCTABLE1 magic line")
    end = data.find(b"\n", len(MAGIC))
    if end < 0:
        raise Malformed("no rules line")
    side, run, names, misere = parse_rules(data[len(MAGIC):end].decode("ascii"))
    bits = data[end + 1:]
    count = 1 << (side * side)
    if len(bits) != (count + 7) // 8:
        raise Malformed("%d bytes of bits, expected %d" % (len(bits), (count + 7) // 8))
    if count % 8 and bits[-1] >> (count % 8):
        return False, "bits set past the last position"
    digest_path = path + ".sha256"
    if os.path.exists(digest_path):
        with open(digest_path) as f:
            want = f.read().split()[0]
        if hashlib.sha256(data).hexdigest() != want:
            return False, "the SHA-256 digest does not match %s" % digest_path
    won = [(bits[p >> 3] >> (p & 7)) & 1 for p in range(count)]
    moves = all_moves(side, run, names)
    full = count - 1
    if won[full] != (1 if misere else 0):
        return False, "the full board is marked %s under %s play" % (
            "won" if won[full] else "lost", "misere" if misere else "normal")
    for p in range(full):
        to_loss = False
        for m in moves:
            if not p & m and not won[p | m]:
                to_loss = True
                break
        if won[p] and not to_loss:
            return False, "position %#x (square frame) is marked won but has no move to a lost position" % p
        if not won[p] and to_loss:
            return False, "position %#x (square frame) is marked lost but has a move to a lost position" % p
    return True, "%d positions consistent (side %d, run %d, lines %s, %s play)" % (
        count, side, run, ",".join(names), "misere" if misere else "normal")


def main(argv):
    if len(argv) < 2:
        sys.stderr.write(__doc__)
        return 2
    status = 0
    for path in argv[1:]:
        try:
            ok, why = check(path)
        except (OSError, Malformed, ValueError, UnicodeDecodeError) as e:
            print("%s: MALFORMED: %s" % (path, e))
            status = 2
            continue
        if ok:
            print("%s: OK: %s" % (path, why))
        else:
            print("%s: REJECTED: %s" % (path, why))
            status = max(status, 1)
    return status


if __name__ == "__main__":
    sys.exit(main(sys.argv))
