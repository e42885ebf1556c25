#!/usr/bin/env python3
"""A small DFEN syntax checker written from spec/dfen.md alone, speaking the adapter protocol.

It implements the grammar (section 2), the syntax codes DFEN0xx (5.1), the canonical form
(section 3) and the spelling fixes DFEN1xx (5.2) for the `spec` profile. It is a *syntax*
checker: it does not look at the position (section 5.3), so it neither rejects DFEN201-204
nor drops the rights and squares of DFEN220-223. Those divergences, and the other profiles,
are listed in dfen_checker.known-failures. Standard library only.
"""

import sys
import unicodedata

import adapter_protocol

MAX_INPUT_LEN = 1024
MAX_CLOCK = 4294967295
PIECES = "PNBRQKpnbrqk"
DICE_ORDER = "PNBRQK"


class Reject(Exception):
    def __init__(self, code, message):
        super().__init__(message)
        self.code, self.message = code, message


def is_digit_char(c):
    return c.isdigit() or unicodedata.category(c) == "Nd"


def placement(text):
    ranks = text.split("/")
    if len(ranks) != 8:
        raise Reject("DFEN003", f"placement must have 8 ranks, found {len(ranks)}")
    out = []
    for rank in ranks:
        squares = 0
        canonical = ""
        run = 0
        for c in rank:
            if c in "12345678":
                squares += int(c)
                run += int(c)
            elif c in PIECES:
                if run:
                    canonical += str(run)
                    run = 0
                canonical += c
                squares += 1
            elif is_digit_char(c):
                raise Reject("DFEN006", f"invalid digit {c!r} in placement")
            else:
                raise Reject("DFEN004", f"unknown piece letter {c!r}")
        if squares != 8:
            raise Reject("DFEN005", f"rank {rank!r} adds up to {squares} squares, not 8")
        if run:
            canonical += str(run)
        out.append(canonical)
    return "/".join(out)


def castling(text):
    if text == "-":
        return "-"
    if any(c not in "KQkq" for c in text):
        raise Reject("DFEN008", f"invalid castling field {text!r}")
    if len(set(text)) != len(text):
        raise Reject("DFEN009", f"repeated castling letter in {text!r}")
    return "".join(c for c in "KQkq" if c in text)


def en_passant(text):
    if text == "-":
        return "-"
    pairs = [text[i:i + 2] for i in range(0, len(text), 2)]
    if len(text) % 2 or any(p[0] not in "abcdefgh" or p[1] not in "12345678" for p in pairs):
        raise Reject("DFEN010", f"malformed en-passant field {text!r}")
    for p in pairs:
        if p[1] not in "36":
            raise Reject("DFEN011", f"en-passant square {p} is not on rank 3 or 6")
    if len(set(pairs)) != len(pairs):
        raise Reject("DFEN013", f"repeated en-passant square in {text!r}")
    return "".join(sorted(pairs))


def clock(text, fullmove):
    if not text or any(c not in "0123456789" for c in text):
        raise Reject("DFEN017", f"clock must be a non-negative integer, found {text!r}")
    value = int(text)
    if value > MAX_CLOCK:
        raise Reject("DFEN018", f"clock {text} is too large")
    if fullmove and value == 0:
        # DFEN019 is a fixable warning: the fullmove number 0 is written as 1.
        return "1"
    return str(value)


def dice(text, side):
    if text == "-":
        return "-"
    if any(c not in PIECES for c in text):
        raise Reject("DFEN015", f"unknown dice letter in {text!r}")
    if len(text) > 3:
        raise Reject("DFEN014", f"more than 3 dice: {text!r}")
    if not (text.isupper() or text.islower()):
        raise Reject("DFEN016", f"dice of mixed case: {text!r}")
    if text.isupper() != (side == "w"):
        raise Reject("DFEN012", f"dice {text!r} do not match the side to move")
    letters = sorted(text.upper(), key=DICE_ORDER.index)
    joined = "".join(letters)
    return joined if side == "w" else joined.lower()


def parse(text):
    if len(text.encode("utf-8")) > MAX_INPUT_LEN:
        raise Reject("DFEN001", "input is too long")
    fields = text.replace("\t", " ").split()
    if not fields:
        raise Reject("DFEN021", "empty input")
    if len(fields) not in (6, 7):
        raise Reject("DFEN002", f"expected 6 or 7 fields, found {len(fields)}")
    board = placement(fields[0])
    side = fields[1]
    if side not in ("w", "b"):
        raise Reject("DFEN007", f"side to move must be w or b, found {side!r}")
    rights = castling(fields[2])
    squares = en_passant(fields[3])
    halfmove = clock(fields[4], False)
    fullmove = clock(fields[5], True)
    pool = dice(fields[6], side) if len(fields) == 7 else "-"
    return " ".join([board, side, rights, squares, halfmove, fullmove, pool])


def check(text):
    try:
        return (True, parse(text))
    except Reject as r:
        return (False, r.code, r.message)


if __name__ == "__main__":
    sys.exit(adapter_protocol.main(check))
