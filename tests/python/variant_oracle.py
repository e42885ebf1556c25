#!/usr/bin/env python3
"""python-chess as a test-only oracle for fenkit's variant FENs (three-check and crazyhouse).

    variant_oracle.py --fenkit PATH/TO/fenkit [--positions N]

For each variant it plays seeded random games with python-chess (`chess.variant`) and keeps the
FEN of every ply, N positions in all (default 10,000). Those FENs are python-chess's own text,
the `stockfish` dialect (`3+3`; `[...]` pockets with `~` after promoted pieces). They go through
`fenkit convert --variant V --dialect stockfish --to-dialect D` for D in essay, stockfish and
lichess, one file, one line out per line in, and the script checks that:

- the stockfish output is python-chess's text, byte for byte;
- python-chess reads the stockfish and lichess outputs to the position it wrote: board, pockets,
  promoted pieces, remaining checks, side to move, castling rights, en passant and both clocks;
- the essay output, converted back (`--dialect essay --to-dialect stockfish`), is the original
  position: python-chess writes it as the original text. (Not byte for byte: the essay form
  keeps a pocket's pieces, not python-chess's order Q R B N P, and is written back in the
  canonical P N B R Q.)

Every mismatch names the position (its index and text), the variant and the dialect. Exit
status: 0 when everything agrees, 1 on a mismatch, 2 when the oracle or fenkit cannot be run.
python-chess (GPL) is only ever installed into the test venv that scripts/test makes from
tests/requirements.txt; the script refuses to run without it (or with another version) rather
than pass without comparing.
"""

import argparse
import os
import random
import subprocess
import sys
import tempfile

DIALECTS = ("essay", "stockfish", "lichess")
# How many mismatches are printed in full; the rest are counted.
SHOWN = 15

from pinned_chess import chess  # noqa: E402  (exits 2 without the pinned python-chess)


VARIANTS = {
    "threecheck": chess.variant.ThreeCheckBoard,
    "crazyhouse": chess.variant.CrazyhouseBoard,
}
SEEDS = {"threecheck": 0x3C4EC4, "crazyhouse": 0xC4A2F}
MAX_PLIES = 240


def random_positions(variant, count):
    """The FEN after every ply of seeded random games of `variant`, `count` of them."""
    rng = random.Random(SEEDS[variant])
    fens = []
    while len(fens) < count:
        board = VARIANTS[variant]()
        for _ in range(MAX_PLIES):
            moves = [] if board.is_variant_end() else list(board.legal_moves)
            if not moves or len(fens) == count:
                break
            board.push(rng.choice(moves))
            fens.append(board.fen())
    return fens


def squares(mask):
    """The names of the squares of a bitboard, in python-chess's order (a1, b1, ...)."""
    return [chess.square_name(square) for square in chess.SquareSet(mask)]


def state(variant, board):
    """Everything a FEN of `variant` holds, as python-chess read it, for comparison."""
    common = {
        "board": board.board_fen(promoted=False),
        "turn": "w" if board.turn else "b",
        "castling": squares(board.castling_rights),
        "ep": None if board.ep_square is None else chess.square_name(board.ep_square),
        "halfmove": board.halfmove_clock,
        "fullmove": board.fullmove_number,
    }
    if variant == "threecheck":
        common["remaining checks (w, b)"] = (
            board.remaining_checks[chess.WHITE],
            board.remaining_checks[chess.BLACK],
        )
    else:
        common["pockets (w, b)"] = tuple(
            tuple(board.pockets[color].count(role) for role in chess.PIECE_TYPES)
            for color in (chess.WHITE, chess.BLACK)
        )
        common["promoted"] = squares(board.promoted)
    return common


def read(variant, text):
    """python-chess's reading of `text`: `(state, None)` or `(None, why it refused)`."""
    try:
        return state(variant, VARIANTS[variant](text)), None
    except ValueError as error:
        return None, str(error)


def coverage(variant, states):
    """What the corpus must exercise, so that a comparison can fail where it matters."""
    def count(pred):
        return sum(1 for s in states if pred(s))

    needs = {
        "an en-passant square": count(lambda s: s["ep"] is not None),
        "black to move": count(lambda s: s["turn"] == "b"),
        "castling rights lost by one side only": count(
            lambda s: s["castling"] not in ([], squares(chess.BB_CORNERS))
        ),
    }
    if variant == "threecheck":
        for side, at in (("white", 0), ("black", 1)):
            for given in (1, 2, 3):
                needs[f"{given} check(s) given by {side}"] = count(
                    lambda s, at=at, g=given: s["remaining checks (w, b)"][at] == 3 - g
                )
    else:
        needs["a promoted piece"] = count(lambda s: s["promoted"])
        for side, at in (("white", 0), ("black", 1)):
            needs[f"a non-empty {side} pocket"] = count(lambda s, at=at: any(s["pockets (w, b)"][at]))
            needs[f"two roles in the {side} pocket"] = count(
                lambda s, at=at: sum(1 for n in s["pockets (w, b)"][at] if n) >= 2
            )
    return needs


def convert(fenkit, variant, dialect, to_dialect, lines, workdir):
    """`fenkit convert` over `lines` (one file): its output lines, or raises with its stderr."""
    path = os.path.join(workdir, f"{variant}.{dialect}.txt")
    with open(path, "w", encoding="utf-8") as f:
        f.write("".join(line + "\n" for line in lines))
    command = [
        fenkit, "convert", "--variant", variant, "--dialect", dialect, "--to-dialect", to_dialect,
        path,
    ]
    run = subprocess.run(command, capture_output=True, text=True, check=False)
    if run.returncode != 0:
        raise RuntimeError(
            f"`{' '.join(command)}` exited with {run.returncode}; stderr:\n"
            + "\n".join(run.stderr.splitlines()[:20])
        )
    out = run.stdout.splitlines()
    if len(out) != len(lines):
        raise RuntimeError(
            f"`{' '.join(command)}` wrote {len(out)} lines for {len(lines)} input lines"
        )
    return out


def check_variant(fenkit, variant, count, workdir):
    """All the comparisons for one variant: a list of mismatch messages."""
    fens = random_positions(variant, count)
    originals = []
    for fen in fens:
        original, why = read(variant, fen)
        if original is None:
            raise RuntimeError(f"python-chess refuses its own {variant} FEN {fen!r}: {why}")
        originals.append(original)
    short = [need for need, n in coverage(variant, originals).items() if n < 20]
    if short:
        raise RuntimeError(f"the {variant} corpus exercises too rarely: {', '.join(short)}")

    mismatches = []

    def mismatch(index, dialect, what):
        mismatches.append(f"{variant} position {index} {fens[index]!r}, {dialect} dialect: {what}")

    outputs = {d: convert(fenkit, variant, "stockfish", d, fens, workdir) for d in DIALECTS}
    for index, fen in enumerate(fens):
        written = outputs["stockfish"][index]
        if written != fen:
            mismatch(index, "stockfish", f"fenkit wrote {written!r}, not python-chess's text back")
        for dialect in ("stockfish", "lichess"):
            written = outputs[dialect][index]
            theirs, why = read(variant, written)
            if theirs is None:
                mismatch(index, dialect, f"python-chess refuses fenkit's {written!r}: {why}")
            elif theirs != originals[index]:
                differ = [k for k in theirs if theirs[k] != originals[index][k]]
                mismatch(
                    index,
                    dialect,
                    f"python-chess reads fenkit's {written!r} as another position: "
                    + "; ".join(
                        f"{k} {theirs[k]!r} instead of {originals[index][k]!r}" for k in differ
                    ),
                )
    # The essay form keeps the pieces of a pocket, not the order python-chess wrote them in
    # (Q R B N P; the canonical order is P N B R Q), so the stockfish text converted back from it
    # must be python-chess's once python-chess has written it again.
    back = convert(fenkit, variant, "essay", "stockfish", outputs["essay"], workdir)
    for index, fen in enumerate(fens):
        try:
            rewritten = repr(VARIANTS[variant](back[index]).fen())
        except ValueError as error:
            rewritten = f"nothing: python-chess refuses it ({error})"
        if rewritten != repr(fen):
            mismatch(
                index,
                "essay",
                f"fenkit wrote {outputs['essay'][index]!r}, which converts back to "
                f"{back[index]!r}, which python-chess writes as {rewritten}",
            )
    return mismatches


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--fenkit", required=True, help="the fenkit binary to check")
    parser.add_argument("--positions", type=int, default=10_000, help="positions per variant")
    args = parser.parse_args()
    failed = False
    with tempfile.TemporaryDirectory(prefix="fenkit-variant-oracle-") as workdir:
        for variant in VARIANTS:
            try:
                mismatches = check_variant(args.fenkit, variant, args.positions, workdir)
            except (OSError, RuntimeError) as error:
                sys.stderr.write(f"error: variant oracle, {variant}: {error}\n")
                return 2
            for line in mismatches[:SHOWN]:
                print(line)
            if len(mismatches) > SHOWN:
                print(f"... and {len(mismatches) - SHOWN} more {variant} mismatches")
            failed |= bool(mismatches)
            print(
                f"variant oracle: {variant}: {args.positions} positions from python-chess "
                f"{chess.__version__} through fenkit in {len(DIALECTS)} dialects, "
                f"{len(mismatches)} mismatches"
            )
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
