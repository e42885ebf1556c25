#!/usr/bin/env python3
"""python-chess as a test-only oracle for the command line's verdict on three-check and
crazyhouse positions (spec/variants.md section 11: judged by the variants' rules).

    variant_validity_oracle.py --fenkit PATH/TO/fenkit [--positions N]

For each variant it plays seeded random games with python-chess (`chess.variant`), keeping the
FEN after every ply and, beside it, a mutation of that position (a piece added, removed or
moved, or the side to move flipped), N positions in all (default 6,000). They go through
`fenkit check --variant V --output-format json` as one file, and the script checks that a line
has an error exactly when python-chess's `is_valid()` is false.

Every mismatch names the position (its line and text), python-chess's verdict and fenkit's
codes. Exit status: 0 when every verdict agrees, 1 on a mismatch, 2 when the oracle or fenkit
cannot be run. python-chess (GPL) is only ever installed into the test venv that scripts/test
makes from tests/requirements.txt.
"""

import argparse
import json
import os
import random
import subprocess
import sys
import tempfile

# How many mismatches are printed in full; the rest are counted.
SHOWN = 10

from pinned_chess import chess  # noqa: E402  (exits 2 without the pinned python-chess)

import chess.variant  # noqa: E402

BOARDS = {
    "threecheck": chess.variant.ThreeCheckBoard,
    "crazyhouse": chess.variant.CrazyhouseBoard,
}
SEEDS = {"threecheck": 0x39_3C4E, "crazyhouse": 0x39_C4A2}


def mutated(board, rng):
    """A copy of `board` with one change: a piece added, removed or moved, or the turn flipped."""
    other = board.copy(stack=False)
    squares = list(other.piece_map())
    kind = rng.randrange(4)
    if kind == 0:
        piece = chess.Piece(rng.randrange(1, 7), rng.choice([chess.WHITE, chess.BLACK]))
        other.set_piece_at(rng.randrange(64), piece)
    elif kind == 1 and squares:
        other.remove_piece_at(rng.choice(squares))
    elif kind == 2 and squares:
        piece = other.remove_piece_at(rng.choice(squares))
        other.set_piece_at(rng.randrange(64), piece)
    else:
        other.turn = not other.turn
    return other


def positions(variant, count):
    """FENs of seeded random games of `variant`, each ply's position and a mutation of it."""
    rng = random.Random(SEEDS[variant])
    fens = []
    while len(fens) < count:
        board = BOARDS[variant]()
        for _ in range(rng.randrange(1, 120)):
            moves = list(board.legal_moves)
            if not moves or board.is_variant_end():
                break
            board.push(rng.choice(moves))
            fens.append(board.fen())
            fens.append(mutated(board, rng).fen())
    return fens[:count]


def check_variant(fenkit, variant, count, workdir):
    fens = positions(variant, count)
    path = os.path.join(workdir, f"{variant}.fen")
    with open(path, "w", encoding="utf-8") as out:
        out.write("\n".join(fens) + "\n")
    run = subprocess.run(
        [fenkit, "check", "--variant", variant, "--output-format", "json", path],
        capture_output=True, text=True, check=False)
    if run.returncode not in (0, 1):
        sys.stderr.write(f"fenkit check failed ({run.returncode}):\n{run.stderr}")
        sys.exit(2)
    diagnostics = json.loads(run.stdout)["diagnostics"]
    codes = {}
    for diagnostic in diagnostics:
        codes.setdefault(diagnostic["line"], []).append(
            (diagnostic["code"], diagnostic["severity"]))
    mismatches = 0
    for line, fen in enumerate(fens, 1):
        valid = BOARDS[variant](fen).is_valid()
        found = codes.get(line, [])
        error = any(severity == "error" for _, severity in found)
        if valid == error:
            mismatches += 1
            if mismatches <= SHOWN:
                print(f"MISMATCH {variant} line {line}: {fen}\n"
                      f"  python-chess: {'valid' if valid else 'invalid'}\n"
                      f"  fenkit:       {[code for code, _ in found] or 'no finding'}")
    errors = sum(1 for found in codes.values() if any(s == "error" for _, s in found))
    print(f"variant validity oracle: {variant}: {len(fens)} positions from python-chess "
          f"{chess.__version__} through fenkit check, {errors} invalid, {mismatches} mismatches")
    return mismatches


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--fenkit", required=True, help="the fenkit binary to check")
    parser.add_argument("--positions", type=int, default=6_000, help="positions per variant")
    args = parser.parse_args()
    mismatches = 0
    with tempfile.TemporaryDirectory() as workdir:
        for variant in BOARDS:
            mismatches += check_variant(args.fenkit, variant, args.positions, workdir)
    sys.exit(1 if mismatches else 0)


if __name__ == "__main__":
    main()
