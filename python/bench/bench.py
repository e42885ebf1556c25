"""fenkit from Python against its Python peers, in one run (not run by the tests).

    python/bench/run                 # builds the release wheel, sets up a venv, runs this
    python bench.py [--rounds N]     # in an environment with fenkit, chess, chess-spectral
    python/bench/run --clock cpu     # CPU time instead of elapsed time, on a busy machine

Three figures, each a ratio of times measured in the same run, round by round (each round
times the peer and fenkit back to back; each side keeps its fastest round):

1. FEN4 parse per literal: `fenkit.parse_fen4(text)` (placement and findings) against
   chess-spectral 1.19.0's `chess_spectral.fen_4d.parse(text)`, on the same 100 literals of
   2-64 pieces.
2. DFEN/FEN parse with findings: `fenkit.parse_dfen(fen).findings` against python-chess
   `chess.Board(fen)`, on the same 100,000 FENs from random games.
3. EPD lines with their operations and the SAN check of each move: `fenkit.parse_epd(line)`
   (its findings read) against python-chess `chess.Board.from_epd(line)`, on the same 10,000
   lines that python-chess writes from random games (`bm`, `id`, and on every fourth line
   `ce` and a `c0` comment).
4. The batch entry points, one call for a whole corpus: `fenkit.parse_dfen_batch(fens)` and
   `fenkit.parse_fen4_batch(texts)` (a result object per line, findings read from each, as in
   1 and 2), and `fenkit.lint_dfen(fens)` and `fenkit.lint_fen4(texts)` (every finding of
   every line, and no object for what is clean).

The corpora come from fixed seeds. The last line is machine-readable: `RATIOS ...`.
"""

import argparse
import os
import platform
import random
import sys
import time
from typing import Callable, List, Sequence

# chess-spectral imports numpy, whose OpenBLAS threads would otherwise spin beside the timed
# loops on this 2-core machine; neither side uses them.
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")

import chess  # noqa: E402
from chess_spectral import fen_4d  # noqa: E402

import fenkit  # noqa: E402

PIECES = ["Q", "q", "R", "r", "B", "b", "N", "n", "Pw", "Py", "pw", "py"]


def fen4_corpus(count: int = 100, seed: int = 4) -> List[str]:
    """`count` canonical literals of 2-64 pieces on distinct random squares, two kings each."""
    rng = random.Random(seed)
    texts = []
    for _ in range(count):
        size = rng.randint(2, 64)
        squares = rng.sample(range(4096), size)
        specs = ["K", "k"] + [rng.choice(PIECES) for _ in range(size - 2)]
        # Written canonically (by ascending square index), as tools write them.
        body = "; ".join(
            f"{spec}@{i >> 9},{(i >> 6) & 7},{(i >> 3) & 7},{i & 7}"
            for i, spec in sorted(zip(squares, specs))
        )
        texts.append("4d-fen v1: " + body)
    return texts


def fen_corpus(count: int = 100_000, seed: int = 20) -> List[str]:
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


def epd_corpus(count: int = 10_000, seed: int = 28) -> List[str]:
    """`count` EPD lines from random games, as python-chess writes them (`Board.epd`)."""
    rng = random.Random(seed)
    lines: List[str] = []
    while len(lines) < count:
        board = chess.Board()
        for _ in range(rng.randint(10, 160)):
            moves = list(board.legal_moves)
            if not moves or len(lines) == count:
                break
            operations: dict = {"bm": [rng.choice(moves)], "id": f"bench.{len(lines)}"}
            if len(lines) % 4 == 0:
                operations["ce"] = rng.randint(-300, 300)
                operations["c0"] = 'a comment; with "quotes"'
            lines.append(board.epd(**operations))
            board.push(rng.choice(moves))
    return lines


def best(
    rounds: int, passes: Sequence[Callable[[], object]], clock: Callable[[], float] = time.perf_counter
) -> List[float]:
    """The fastest of `rounds` timings of each pass, the passes alternating round by round."""
    times = [float("inf")] * len(passes)
    for _ in range(rounds):
        for index, run in enumerate(passes):
            start = clock()
            run()
            times[index] = min(times[index], clock() - start)
    return times


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument(
        "--clock",
        choices=["wall", "cpu"],
        default="wall",
        help="wall: elapsed time (the default); cpu: this thread's CPU time, which leaves out the "
        "time other processes take the CPU, for a machine that is not idle",
    )
    args = parser.parse_args()

    fen4_texts = fen4_corpus()
    fens = fen_corpus()
    # Same answers first: both sides read every literal and FEN.
    for text in fen4_texts:
        assert len(fen_4d.parse(text)) == len(fenkit.parse_fen4(text).placement)
        assert fenkit.parse_fen4(text).canonical == text
    for fen in fens:
        assert not fenkit.parse_dfen(fen).has_errors, fen
    epd_lines = epd_corpus()
    for line in epd_lines:
        parsed = fenkit.parse_epd(line)
        assert not parsed.has_errors, line
        assert parsed.position == chess.Board.from_epd(line)[0].fen(en_passant="fen"), line

    # fenkit's FEN4 passes go over the corpus 50 times, so that each timing is long enough to
    # be measured (one pass of chess-spectral takes about as long as 50 of fenkit's).
    repeat = 50
    fen4_many = fen4_texts * repeat

    def spectral_fen4() -> None:
        for text in fen4_texts:
            fen_4d.parse(text)

    def fenkit_fen4() -> None:
        for text in fen4_many:
            fenkit.parse_fen4(text).findings

    def fenkit_fen4_batch() -> None:
        for parsed in fenkit.parse_fen4_batch(fen4_many):
            parsed.findings  # type: ignore[union-attr]

    def fenkit_fen4_lint() -> None:
        fenkit.lint_fen4(fen4_many)

    def python_chess() -> None:
        for fen in fens:
            chess.Board(fen)

    def fenkit_dfen() -> None:
        for fen in fens:
            fenkit.parse_dfen(fen).findings

    def fenkit_dfen_batch() -> None:
        for parsed in fenkit.parse_dfen_batch(fens):
            parsed.findings  # type: ignore[union-attr]

    def fenkit_dfen_lint() -> None:
        fenkit.lint_dfen(fens)

    def python_chess_epd() -> None:
        for line in epd_lines:
            chess.Board.from_epd(line)

    def fenkit_epd() -> None:
        for line in epd_lines:
            fenkit.parse_epd(line).findings

    clock = time.thread_time if args.clock == "cpu" else time.perf_counter
    fen4_rounds = args.rounds * 4
    t_spectral, t_fen4, t_fen4_batch, t_fen4_lint = best(
        fen4_rounds, [spectral_fen4, fenkit_fen4, fenkit_fen4_batch, fenkit_fen4_lint], clock
    )
    t_chess, t_dfen, t_batch, t_lint = best(
        args.rounds, [python_chess, fenkit_dfen, fenkit_dfen_batch, fenkit_dfen_lint], clock
    )
    t_chess_epd, t_epd = best(args.rounds, [python_chess_epd, fenkit_epd], clock)
    # Per item.
    n4, nd = len(fen4_texts), len(fens)
    t_spectral /= n4
    t_fen4, t_fen4_batch, t_fen4_lint = (t / (n4 * repeat) for t in (t_fen4, t_fen4_batch, t_fen4_lint))
    t_chess, t_dfen, t_batch, t_lint = (t / nd for t in (t_chess, t_dfen, t_batch, t_lint))
    t_chess_epd, t_epd = (t / len(epd_lines) for t in (t_chess_epd, t_epd))

    print(f"python {platform.python_version()} on {platform.machine()}, fenkit {fenkit.__version__}, "
          f"chess {chess.__version__}, best of {fen4_rounds} (FEN4) and {args.rounds} (DFEN) rounds, "
          f"{args.clock} clock")
    print()
    print(f"{'what':<62} {'per item':>11} {'ratio':>8}")
    rows = [
        ("FEN4: chess-spectral fen_4d.parse (100 literals, 2-64 pieces)", t_spectral, t_spectral),
        ("FEN4: fenkit.parse_fen4(text).findings, one call each", t_fen4, t_spectral),
        ("FEN4: fenkit.parse_fen4_batch(texts), findings read", t_fen4_batch, t_spectral),
        ("FEN4: fenkit.lint_fen4(texts), every finding", t_fen4_lint, t_spectral),
        ("FEN: python-chess chess.Board(fen) (100,000 FENs)", t_chess, t_chess),
        ("FEN: fenkit.parse_dfen(fen).findings, one call each", t_dfen, t_chess),
        ("FEN: fenkit.parse_dfen_batch(fens), findings read", t_batch, t_chess),
        ("FEN: fenkit.lint_dfen(fens), every finding", t_lint, t_chess),
        ("EPD: python-chess chess.Board.from_epd(line) (10,000 lines)", t_chess_epd, t_chess_epd),
        ("EPD: fenkit.parse_epd(line).findings, one call each", t_epd, t_chess_epd),
    ]
    for what, per_item, peer in rows:
        print(f"{what:<62} {per_item * 1e6:>8.3f} µs {peer / per_item:>7.1f}×")
    print()
    print(
        "RATIOS"
        f" fen4_vs_chess_spectral={t_spectral / t_fen4:.1f}"
        f" fen4_batch_vs_chess_spectral={t_spectral / t_fen4_batch:.1f}"
        f" fen4_lint_vs_chess_spectral={t_spectral / t_fen4_lint:.1f}"
        f" dfen_vs_python_chess={t_chess / t_dfen:.1f}"
        f" dfen_batch_vs_python_chess={t_chess / t_batch:.1f}"
        f" dfen_lint_vs_python_chess={t_chess / t_lint:.1f}"
        f" epd_vs_python_chess={t_chess_epd / t_epd:.1f}"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
