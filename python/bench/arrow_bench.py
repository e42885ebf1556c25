"""fenkit.arrow on a column of 1M FENs, against the scalar loop and python-chess, in one run
(not run by the tests).

    python/bench/run arrow                  # builds the release wheel, sets up a venv, runs this
    python arrow_bench.py [--count N] [--rounds N] [--clock cpu]

Two jobs, each done three ways over the same FENs (standard FENs from random games that
python-chess plays, from a fixed seed; a column of them built before any timing):

1. The dedupe key of every row: `fenkit.arrow.position_key(column)` (a uint64 column) against
   the scalar loop `[fenkit.position_hash(fen, "fen") for fen in fens]` and python-chess's key,
   `chess.polyglot.zobrist_hash(chess.Board(fen))`.
2. Checking every row, with its canonical form: `fenkit.arrow.check(column)` (the struct of
   `ok`, `canonical`, `code`) against the scalar loop (`fenkit.parse_dfen(fen)`: its
   findings, and the six-field FEN of the fixed position) and python-chess
   (`chess.Board(fen)`, `board.is_valid()`, `board.fen()`).

fenkit's rows keep their fastest of `--rounds` rounds; python-chess's take minutes a round over
1M FENs, so they run once. The last line is machine-readable: `RATIOS ...`.
"""

import argparse
import platform
import random
import sys
import time
from typing import Callable, List

import chess
import chess.polyglot
import polars as pl
import pyarrow as pa

import fenkit
import fenkit.arrow


def fen_corpus(count: int, seed: int = 30) -> List[str]:
    """`count` standard FENs from random games (python-chess plays them)."""
    rng = random.Random(seed)
    fens: List[str] = []
    while len(fens) < count:
        board = chess.Board()
        for _ in range(rng.randint(10, 160)):
            moves = list(board.legal_moves)
            if not moves:
                break
            board.push(rng.choice(moves))
            fens.append(board.fen())
    return fens[:count]


def fastest(rounds: int, job: Callable[[], object], clock: Callable[[], float]) -> float:
    best = float("inf")
    for _ in range(rounds):
        start = clock()
        job()
        best = min(best, clock() - start)
    return best


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--count", type=int, default=1_000_000)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--clock", choices=["wall", "cpu"], default="wall")
    args = parser.parse_args()
    clock = time.thread_time if args.clock == "cpu" else time.perf_counter

    fens = fen_corpus(args.count)
    column = pa.array(fens, type=pa.string())
    series = pl.Series(fens)

    def scalar_key() -> object:
        return [fenkit.position_hash(fen, "fen") for fen in fens]

    def chess_key() -> object:
        return [chess.polyglot.zobrist_hash(chess.Board(fen)) for fen in fens]

    def scalar_check() -> object:
        out = []
        for fen in fens:
            parsed = fenkit.parse_dfen(fen)
            out.append((parsed.has_errors, parsed.findings, parsed.fixed.to_fen()))
        return out

    def chess_check() -> object:
        out = []
        for fen in fens:
            board = chess.Board(fen)
            out.append((board.is_valid(), board.fen()))
        return out

    # The answers agree before anything is timed: the same keys, every row sound.
    keys = fenkit.arrow.position_key(column)
    assert keys.to_pylist()[:1000] == scalar_key()[:1000]  # type: ignore[index]
    assert keys.null_count == 0
    checked = fenkit.arrow.check(column)
    assert checked.field("ok").false_count == 0
    distinct = len(set(keys.to_pylist()))

    times = {
        "arrow_key": fastest(args.rounds, lambda: fenkit.arrow.position_key(column), clock),
        "arrow_key_polars": fastest(args.rounds, lambda: fenkit.arrow.position_key(series), clock),
        "scalar_key": fastest(args.rounds, scalar_key, clock),
        "chess_key": fastest(1, chess_key, clock),
        "arrow_check": fastest(args.rounds, lambda: fenkit.arrow.check(column), clock),
        "scalar_check": fastest(args.rounds, scalar_check, clock),
        "chess_check": fastest(1, chess_check, clock),
    }
    n = len(fens)
    print(
        f"{n} FENs ({distinct} distinct positions), CPython {platform.python_version()}, pyarrow {pa.__version__}, "
        f"polars {pl.__version__}, chess {chess.__version__}, fenkit best of {args.rounds} rounds, "
        f"python-chess one round, {args.clock} clock"
    )
    rows = [
        ("python-chess zobrist_hash(Board(fen))", "chess_key", "chess_key"),
        ("fenkit.position_hash(fen), a loop", "scalar_key", "chess_key"),
        ("fenkit.arrow.position_key(pyarrow column)", "arrow_key", "chess_key"),
        ("fenkit.arrow.position_key(Polars Series)", "arrow_key_polars", "chess_key"),
        ("python-chess Board(fen), is_valid(), fen()", "chess_check", "chess_check"),
        ("fenkit.parse_dfen(fen), findings, to_fen(), a loop", "scalar_check", "chess_check"),
        ("fenkit.arrow.check(pyarrow column)", "arrow_check", "chess_check"),
    ]
    for label, name, peer in rows:
        seconds = times[name]
        print(f"{label:52} {seconds:8.3f} s {seconds / n * 1e9:9.0f} ns/row {times[peer] / seconds:8.1f}x")
    ratios = {
        "key_vs_python_chess": times["chess_key"] / times["arrow_key"],
        "key_vs_scalar": times["scalar_key"] / times["arrow_key"],
        "check_vs_python_chess": times["chess_check"] / times["arrow_check"],
        "check_vs_scalar": times["scalar_check"] / times["arrow_check"],
    }
    print("RATIOS " + " ".join(f"{name}={value:.1f}" for name, value in ratios.items()))
    return 0


if __name__ == "__main__":
    sys.exit(main())
