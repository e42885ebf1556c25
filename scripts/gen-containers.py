#!/usr/bin/env python3
"""Test data in the shape of the lichess databases, from a fixed seed (no download).

    scripts/gen-containers.py eval LINES OUT.jsonl [SEED]    lichess evaluations: one JSON
        object a line, `fen` a four-field FEN (no clocks), `evals` a list of analyses
    scripts/gen-containers.py puzzle LINES OUT.csv [SEED]    lichess puzzles: a CSV header,
        then `PuzzleId,FEN,Moves,Rating,...` rows with a six-field FEN
    scripts/gen-containers.py distinct LINES OUT.jsonl [SEED]    as `eval`, with every position
        distinct (the memory `dedupe` needs per distinct position, docs/performance.md)

The positions are random but well formed: two kings apart, up to 14 other pieces, no pawn on
the first or last rank, no castling or en passant. About 1 line in 16 repeats an earlier
position (what `dedupe` finds). The same seed always writes the same bytes.
"""

import random
import sys

PIECES = "QRRBBNNPPPPPPPPqrrbbnnpppppppp"


def placement(rng):
    board = [None] * 64
    white_king = rng.randrange(64)
    while True:
        black_king = rng.randrange(64)
        if abs(black_king // 8 - white_king // 8) > 1 or abs(black_king % 8 - white_king % 8) > 1:
            break
    board[white_king], board[black_king] = "K", "k"
    for piece in rng.sample(PIECES, rng.randrange(15)):
        for _ in range(8):
            square = rng.randrange(64)
            if board[square] is None and not (piece in "Pp" and square // 8 in (0, 7)):
                board[square] = piece
                break
    ranks = []
    for rank in range(7, -1, -1):
        row, empty = "", 0
        for file in range(8):
            piece = board[rank * 8 + file]
            if piece is None:
                empty += 1
            else:
                row += (str(empty) if empty else "") + piece
                empty = 0
        ranks.append(row + (str(empty) if empty else ""))
    return "/".join(ranks) + " " + rng.choice("wb") + " - -"


def distinct_positions(rng, lines):
    seen = set()
    while len(seen) < lines:
        fen = placement(rng)
        if fen not in seen:
            seen.add(fen)
            yield fen


def positions(rng, lines):
    seen = []
    for _ in range(lines):
        if seen and rng.randrange(16) == 0:
            yield rng.choice(seen)
            continue
        fen = placement(rng)
        if len(seen) < 4096:
            seen.append(fen)
        else:
            seen[rng.randrange(4096)] = fen
        yield fen


def main():
    kind, lines, out = sys.argv[1], int(sys.argv[2]), sys.argv[3]
    rng = random.Random(int(sys.argv[4]) if len(sys.argv) > 4 else 0xC0FFEE)
    with open(out, "w", newline="") as f:
        if kind in ("eval", "distinct"):
            chosen = positions if kind == "eval" else distinct_positions
            for fen in chosen(rng, lines):
                cp = rng.randrange(-900, 900)
                f.write(
                    '{"fen":"%s","evals":[{"pvs":[{"cp":%d,"line":"e2e4 e7e5 g1f3"}],'
                    '"knodes":%d,"depth":%d}]}\n' % (fen, cp, rng.randrange(1, 500000), rng.randrange(10, 60))
                )
        elif kind == "puzzle":
            f.write("PuzzleId,FEN,Moves,Rating,RatingDeviation,Popularity,NbPlays,Themes,GameUrl,OpeningTags\n")
            for n, fen in enumerate(positions(rng, lines)):
                f.write(
                    "%05x,%s 0 %d,e2e4 e7e5,%d,75,94,%d,crushing middlegame,https://lichess.org/x%d,\n"
                    % (n, fen, rng.randrange(1, 80), rng.randrange(600, 3000), rng.randrange(10000), n)
                )
        else:
            sys.exit("expected `eval`, `distinct` or `puzzle`")


if __name__ == "__main__":
    main()
