#!/usr/bin/env python3
"""python-chess as a test-only oracle for the variant rules library (`variants/`).

    variant_rules_oracle.py --tool PATH/TO/variant_rules [--games N] [--perft-every K]
                            [--write-suites DIR]

For every variant of the library's table it plays seeded random games with python-chess
(`chess.variant`), N games (default 30) of up to 120 plies, and keeps the FEN of every ply. To
those it adds mutated positions, one per position played: a piece added on an empty square, a
piece removed, a piece moved to an empty square, or the side to move flipped (python-chess
writes each back as FEN). Every FEN goes through the `variant_rules` example binary, and the
script checks, position by position, that the library and python-chess agree on:

- the validity verdict and the reasons: the set of `status()` flags, and the library's
  findings: an error exactly when `is_valid()` is false;
- the legal moves, as a set of UCI strings, on every position python-chess calls valid;
- perft(2), on every K-th valid position (default 4);
- the outcome (termination and winner), on every valid position;
- the SAN of every legal move (python-chess's, but `P@e4` for a pawn drop, as lichess writes
  it), and that each SAN reads back as its move.

With `--write-suites DIR` it also writes, per variant, a perft suite of 12 positions from the
games with python-chess's counts to depth 3 (`DIR/<variant>.perft`): the suites committed in
`variants/tests/data/perft/`.

Every mismatch names the variant, the position and what differs. Exit status: 0 when
everything agrees, 1 on a mismatch, 2 when the oracle or the tool cannot be run.
python-chess (GPL) is only ever installed into the test venv that scripts/test makes from
tests/requirements.txt.
"""

import argparse
import os
import random
import subprocess
import sys

from pinned_chess import chess  # noqa: E402  (exits 2 without the pinned python-chess)

SHOWN = 15
MAX_PLIES = 120

VARIANTS = {
    "chess": chess.Board,
    "antichess": chess.variant.AntichessBoard,
    "giveaway": chess.variant.GiveawayBoard,
    "atomic": chess.variant.AtomicBoard,
    "horde": chess.variant.HordeBoard,
    "racingkings": chess.variant.RacingKingsBoard,
    "kingofthehill": chess.variant.KingOfTheHillBoard,
    "3check": chess.variant.ThreeCheckBoard,
    "crazyhouse": chess.variant.CrazyhouseBoard,
}

STATUS_NAMES = [name for name in dir(chess) if name.startswith("STATUS_") and name != "STATUS_VALID"]


def status_names(status):
    names = sorted(name for name in STATUS_NAMES if status & getattr(chess, name))
    return ",".join(names) if names else "-"


def perft(board, depth):
    if depth == 0:
        return 1
    if depth == 1:
        return board.legal_moves.count()
    nodes = 0
    for move in list(board.legal_moves):
        board.push(move)
        nodes += perft(board, depth - 1)
        board.pop()
    return nodes


def mutate(board, rng):
    """A copy of `board` with one random change; None when the change cannot be made."""
    board = board.copy(stack=False)
    kind = rng.randrange(4)
    occupied = list(chess.SquareSet(board.occupied))
    empty = [sq for sq in chess.SQUARES if sq not in occupied]
    if kind == 0 and empty:
        piece = chess.Piece(rng.choice(chess.PIECE_TYPES), rng.choice(chess.COLORS))
        board.set_piece_at(rng.choice(empty), piece)
    elif kind == 1 and occupied:
        board.remove_piece_at(rng.choice(occupied))
    elif kind == 2 and occupied and empty:
        square = rng.choice(occupied)
        piece = board.remove_piece_at(square)
        board.set_piece_at(rng.choice(empty), piece)
    else:
        board.turn = not board.turn
        board.ep_square = None
    try:
        fen = board.fen()
        type(board)(fen)
    except ValueError:
        return None
    return fen


def positions(name, games, seed):
    """(played FENs, mutated FENs) of `games` seeded random games of `name`."""
    rng = random.Random(seed)
    played, mutated = [], []
    for _ in range(games):
        board = VARIANTS[name]()
        for _ in range(MAX_PLIES):
            moves = list(board.legal_moves)
            if not moves:
                break
            board.push(rng.choice(moves))
            played.append(board.fen())
            fen = mutate(board, rng)
            if fen is not None:
                mutated.append(fen)
            if board.is_game_over():
                break
    return played, mutated


def expected(name, fen, depth):
    board = VARIANTS[name](fen)
    status = status_names(board.status())
    valid = board.is_valid()
    moves = " ".join(sorted(m.uci() for m in board.legal_moves)) if valid else None
    sans = " ".join(sorted(f"{m.uci()}={lichess_san(board, m)}" for m in board.legal_moves)) if valid else "-"

    count = perft(board, depth) if (valid and depth) else None
    outcome = None
    if valid:
        o = board.outcome()
        if o is None:
            outcome = "-"
        else:
            winner = {True: "w", False: "b", None: "-"}[o.winner]
            outcome = f"{o.termination.name}:{winner}"
    return status, moves or "-", count, outcome, sans or "-"


def lichess_san(board, move):
    """python-chess's SAN, with a pawn drop written `P@e4` as lichess writes it."""
    san = board.san(move)
    return "P" + san if san.startswith("@") else san


def write_suite(path, name, fens, rng):
    chosen = []
    valid = [f for f in fens if VARIANTS[name](f).is_valid()]
    rng.shuffle(valid)
    for fen in valid:
        board = VARIANTS[name](fen)
        if board.is_game_over():
            continue
        chosen.append(board)
        if len(chosen) == 12:
            break
    with open(path, "w", encoding="utf-8") as f:
        f.write(f"# {name}: positions of seeded random games, counts by python-chess "
                f"{chess.__version__} (tests/python/variant_rules_oracle.py --write-suites)\n")
        for i, board in enumerate(chosen):
            f.write(f"\nid {name}-random-{i + 1}\nepd {board.epd()}\n")
            for depth in (1, 2, 3):
                f.write(f"perft {depth} {perft(board, depth)}\n")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tool", required=True, help="the variant_rules example binary")
    parser.add_argument("--games", type=int, default=30)
    parser.add_argument("--perft-every", type=int, default=4)
    parser.add_argument("--write-suites", metavar="DIR")
    parser.add_argument("--only", help="one variant")
    args = parser.parse_args()
    if not os.access(args.tool, os.X_OK):
        sys.stderr.write(f"error: {args.tool} is not an executable; build it with "
                         "`cargo build -p fenkit-variants --example variant_rules`\n")
        return 2

    failures = 0
    shown = 0
    for index, name in enumerate(VARIANTS):
        if args.only and name != args.only:
            continue
        played, mutated = positions(name, args.games, 0x5EED + index)
        cases = []
        for i, fen in enumerate(played):
            cases.append((fen, 2 if i % args.perft_every == 0 else 0, "played"))
        for fen in mutated:
            cases.append((fen, 0, "mutated"))
        lines = "".join(f"{name}\t{fen}\t{depth or ''}\n" for fen, depth, _ in cases)
        run = subprocess.run([args.tool], input=lines, capture_output=True, text=True)
        if run.returncode != 0:
            sys.stderr.write(f"error: {args.tool} failed: {run.stderr}\n")
            return 2
        outputs = run.stdout.splitlines()
        if len(outputs) != len(cases):
            sys.stderr.write(f"error: {len(cases)} lines in, {len(outputs)} out\n")
            return 2
        counts = {"played": 0, "mutated": 0, "valid": 0, "perft": 0}
        for (fen, depth, origin), output in zip(cases, outputs):
            counts[origin] += 1
            status, moves, count, outcome, sans = expected(name, fen, depth)
            fields = output.split("\t")
            problems = []
            if fields[0] != "ok":
                problems.append(f"not read: {fields[1:]}")
            else:
                got_status, got_moves, got_perft, got_outcome, got_errors, got_sans = fields[1:7]
                if (got_errors == "-") != (status == "-"):
                    problems.append(f"verdict: python-chess is_valid() {status == '-'}, "
                                    f"library errors {got_errors}")
                got_status = ",".join(sorted(got_status.split(",")))
                if got_status != status:
                    problems.append(f"status: python-chess {status}, library {got_status}")
                if status == "-":
                    counts["valid"] += 1
                    if got_moves != moves:
                        a, b = set(moves.split()), set(got_moves.split())
                        problems.append(f"moves: only python-chess {sorted(a - b)}, "
                                        f"only library {sorted(b - a)}")
                    if count is not None:
                        counts["perft"] += 1
                        if got_perft != str(count):
                            problems.append(f"perft 2: python-chess {count}, library {got_perft}")
                    if got_sans != sans:
                        a, b = set(sans.split()), set(got_sans.split())
                        problems.append(f"san: only python-chess {sorted(a - b)[:4]}, "
                                        f"only library {sorted(b - a)[:4]}")
                    if got_outcome != outcome:
                        problems.append(f"outcome: python-chess {outcome}, library {got_outcome}")
            if problems:
                failures += 1
                if shown < SHOWN:
                    shown += 1
                    print(f"MISMATCH {name} ({origin}) {fen}: " + "; ".join(problems))
        print(f"{name}: {counts['played']} played and {counts['mutated']} mutated positions, "
              f"{counts['valid']} valid, perft(2) on {counts['perft']}")
        if args.write_suites:
            os.makedirs(args.write_suites, exist_ok=True)
            write_suite(os.path.join(args.write_suites, f"{name}.perft"), name, played,
                        random.Random(0xC0FFEE + index))
    if failures:
        print(f"{failures} positions disagree ({min(failures, SHOWN)} shown)")
        return 1
    print("the variant rules agree with python-chess on every position")
    return 0


if __name__ == "__main__":
    sys.exit(main())
