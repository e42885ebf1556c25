#!/usr/bin/env python3
"""A small FEN4 v1 parser written from spec/fen4.md alone, speaking the adapter protocol.

It accepts or rejects as the spec says, with the FEN40xx code, the reference code and the
character offset, and writes the canonical form of section 4. Standard library only.
"""

import re
import sys

import adapter_protocol

PREFIX = "4d-fen v1:"
WS = " \t\n\r"
NON_PAWN = "NBRQKnbrqk"


class Reject(Exception):
    def __init__(self, code, ref, offset, message):
        super().__init__(message)
        self.code, self.ref, self.offset, self.message = code, ref, offset, message


def parse(s):
    """Returns the pieces as {index: spec}, or raises Reject."""
    n = len(s)
    i = 0
    while i < n and s[i] in WS:
        i += 1
    if not s.startswith(PREFIX, i):
        version = re.match(r"4d-fen v(\d+):", s[i:])
        if version and version.group(1) != "1":
            raise Reject("FEN4002", -2, i, f"unsupported version v{version.group(1)}")
        raise Reject("FEN4001", -2, i, "missing '4d-fen v1:' prefix")
    i += len(PREFIX)

    def skip(i):
        while i < n and s[i] in WS:
            i += 1
        return i

    pieces = {}
    i = skip(i)
    if i == n:
        return pieces
    while True:
        start = i
        c = s[i] if i < n else ""
        if c and c in NON_PAWN:
            spec = c
            i += 1
        elif c in ("P", "p") and c:
            i += 1
            if i < n and s[i] == "/":
                i += 1
            axis = s[i] if i < n else ""
            if axis in ("w", "y") and axis:
                spec = c + axis
                i += 1
            elif axis.isalpha():
                raise Reject("FEN4005", -3, start, f"unknown pawn axis {axis!r}")
            else:
                raise Reject("FEN4004", -3, start, "pawn without an axis")
        else:
            raise Reject("FEN4003", -3, i, f"unknown piece {c!r}")
        i = skip(i)
        if i >= n or s[i] != "@":
            raise Reject("FEN4006", -3, i, "expected '@' after the piece spec")
        i = skip(i + 1)
        coord = []
        for k in range(4):
            if k > 0:
                if i >= n or s[i] != ",":
                    raise Reject("FEN4009", -4, i, "expected ','")
                i += 1
            d = s[i] if i < n else ""
            if d and d in "01234567":
                coord.append(int(d))
            elif d in ("8", "9") and d:
                raise Reject("FEN4008", -4, i, f"coordinate {d} out of range")
            else:
                raise Reject("FEN4007", -4, i, f"expected a digit 0-7, found {d!r}")
            i += 1
        x, y, z, w = coord
        index = ((x * 8 + y) * 8 + z) * 8 + w
        if index in pieces:
            raise Reject("FEN4010", -5, i, f"duplicate square {x},{y},{z},{w}")
        pieces[index] = spec
        after = i
        i = skip(i)
        if i == n:
            return pieces
        c = s[i]
        if c == ";":
            i = skip(i + 1)
            if i == n:
                return pieces
            continue
        if i == after and (c == "," or c.isdigit()):
            raise Reject("FEN4012", -6, i, "more than four coordinate components")
        if c == "\0":
            raise Reject("FEN4013", -6, i, "unexpected nul character")
        raise Reject("FEN4011", -6, i, f"expected ';' or end of input, found {c!r}")


def canonical(pieces):
    if not pieces:
        return PREFIX
    parts = []
    for index in sorted(pieces):
        x, y, z, w = index >> 9, (index >> 6) & 7, (index >> 3) & 7, index & 7
        parts.append(f"{pieces[index]}@{x},{y},{z},{w}")
    return PREFIX + " " + "; ".join(parts)


def check(text):
    try:
        pieces = parse(text)
    except Reject as r:
        return (False, r.code, r.message, r.ref, r.offset)
    return (True, canonical(pieces))


if __name__ == "__main__":
    sys.exit(adapter_protocol.main(check))
