#!/usr/bin/env python3
"""A deliberately broken DFEN adapter, for testing that `fenkit parity` catches real bugs.

It is dfen_checker.py with one bug: it keeps en-passant squares in the order they were
written, so `c3a3` comes back as canonical instead of `a3c3` (spec/dfen.md section 3 says
they are sorted alphabetically).
"""

import sys

import adapter_protocol
import dfen_checker


def unsorted_en_passant(text):
    if text == "-":
        return "-"
    result = ORIGINAL(text)  # every syntax check still runs
    del result
    return text


ORIGINAL = dfen_checker.en_passant
dfen_checker.en_passant = unsorted_en_passant

if __name__ == "__main__":
    sys.exit(adapter_protocol.main(dfen_checker.check))
