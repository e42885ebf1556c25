#!/usr/bin/env python3
"""python-chess as a test-only oracle for fenkit's Chess960 castling and en-passant policies.

    chess960_oracle.py --tool PATH/TO/fen_lines [--positions N] [--data DIR]

The tool is the `dfen` library's example `fen_lines` (dfen/examples/fen_lines.rs): it reads
positions one a line with the library's `Parser` and writes each back with its `Writer`, so what
is checked is the library itself (`cargo build -p dfen --example fen_lines` builds it). Checked,
each as one run of the tool over a whole corpus:

1. all 960 Chess960 starts and N positions (default 10,000) of seeded random Chess960 games:
   read in Chess960 mode from python-chess's `board.fen()` (X-FEN) and from its
   `board.fen(shredder=True)`, fenkit writes exactly `board.fen()` in X-FEN and exactly
   `board.fen(shredder=True)` in Shredder-FEN, and its castling rights, as rook squares, are
   python-chess's; the Shredder-FEN text also reads so without the mode;
2. N positions of seeded random standard games that hold an en-passant square: read from
   `board.fen(en_passant="fen")`, fenkit writes exactly `board.fen(en_passant=P)` for each
   policy P of `legal`, `xfen` and `fen`, with standard chess's legality;
3. with `--data DIR` (the gathered public suites, see /work/data/SOURCES.md): every Chess960
   line reads without an error in Chess960 mode, every Shredder-FEN line without an error even
   without it, and `fixed()` (what `fenkit fmt` writes) keeps python-chess's reading of every
   line: placement, side to move, castling rights as rook squares and the en-passant square
   under its `legal` mode.

Every mismatch names the corpus, the position and what differs. Exit status: 0 when everything
agrees, 1 on a mismatch, 2 when python-chess or the tool cannot be run. python-chess (GPL) is
installed only into the test venv that scripts/test makes from tests/requirements.txt; the
script refuses to run without it (or with another version) rather than pass without comparing.
"""

import argparse
import os
import random
import re
import subprocess
import sys

# How many mismatches are printed in full; the rest are counted.
SHOWN = 15
MAX_PLIES = 200

from pinned_chess import chess  # noqa: E402  (exits 2 without the pinned python-chess)


class Report:
    def __init__(self):
        self.failures = 0
        self.checked = 0

    def check(self, corpus, what, text, ours, theirs):
        self.checked += 1
        if ours == theirs:
            return
        self.failures += 1
        if self.failures <= SHOWN:
            print(f"MISMATCH {corpus}: {what} of {text!r}\n  fenkit:      {ours!r}\n  python-chess: {theirs!r}")


def run_tool(tool, args, lines):
    """The tool's answer for each line: ("ok", text, rooks, codes, errors) or ("error", code, message)."""
    result = subprocess.run(
        [tool, *args], input="".join(line + "\n" for line in lines),
        capture_output=True, text=True, check=False,
    )
    if result.returncode != 0:
        sys.stderr.write(f"error: {tool} {' '.join(args)} failed: {result.stderr}\n")
        sys.exit(2)
    answers = [line.split("\t") for line in result.stdout.splitlines()]
    if len(answers) != len(lines):
        sys.stderr.write(f"error: {tool} answered {len(answers)} lines for {len(lines)}\n")
        sys.exit(2)
    return answers


def rook_squares(board):
    """python-chess's castling rights as rook square names, in square order (a1 first)."""
    names = [chess.square_name(s) for s in chess.SquareSet(board.clean_castling_rights())]
    return ",".join(names) if names else "-"


def chess960_positions(count, seed):
    """The 960 starts, then `count` positions of seeded random Chess960 games: boards."""
    boards = [chess.Board.from_chess960_pos(n) for n in range(960)]
    rng = random.Random(seed)
    played = []
    while len(played) < count:
        board = chess.Board.from_chess960_pos(rng.randrange(960))
        for _ in range(MAX_PLIES):
            moves = list(board.legal_moves)
            if not moves or len(played) == count:
                break
            board.push(rng.choice(moves))
            played.append(board.copy(stack=False))
    return boards, played


def inner_rook_positions(count, seed):
    """`count` Chess960 positions with a third rook on a back rank, for X-FEN's inner letters.

    Random play seldom leaves a rook with its right inside another rook of its colour on the
    same side of the king, which X-FEN writes with its file letter. These positions are built
    instead: a Chess960 start whose back ranks keep only the king and the rooks, plus one more
    rook of each colour on a free square of its back rank, and for each side of each king a
    right for one of the rooks there, or none.
    """
    rng = random.Random(seed)
    boards = []
    while len(boards) < count:
        board = chess.Board.from_chess960_pos(rng.randrange(960))
        rights = 0
        for color, rank in ((chess.WHITE, 0), (chess.BLACK, 7)):
            for file in range(8):
                square = chess.square(file, rank)
                if board.piece_type_at(square) not in (chess.KING, chess.ROOK):
                    board.remove_piece_at(square)
            free = [f for f in range(8) if board.piece_at(chess.square(f, rank)) is None]
            board.set_piece_at(chess.square(rng.choice(free), rank), chess.Piece(chess.ROOK, color))
            king = chess.square_file(board.king(color))
            rooks = [f for f in range(8)
                     if board.piece_type_at(chess.square(f, rank)) == chess.ROOK]
            for side in ([f for f in rooks if f < king], [f for f in rooks if f > king]):
                if side and rng.random() < 0.8:
                    rights |= chess.BB_SQUARES[chess.square(rng.choice(side), rank)]
        board.castling_rights = rights
        board.turn = rng.choice([chess.WHITE, chess.BLACK])
        boards.append(board)
    return boards


def en_passant_positions(count, seed):
    """`count` positions of seeded random standard games that hold an en-passant square."""
    rng = random.Random(seed)
    found = []
    while len(found) < count:
        board = chess.Board()
        for _ in range(MAX_PLIES):
            moves = list(board.legal_moves)
            if not moves or len(found) == count:
                break
            # Pawn moves half the time, so that double pushes beside enemy pawns are common.
            pawn_moves = [m for m in moves if board.piece_type_at(m.from_square) == chess.PAWN]
            board.push(rng.choice(pawn_moves if pawn_moves and rng.random() < 0.5 else moves))
            if board.ep_square is not None:
                found.append(board.copy(stack=False))
    return found


def en_passant_pins(count, seed):
    """`count` sparse positions in which a pawn can take en passant pseudo-legally, about half
    of them where the capture is illegal (a pin along the rank or a diagonal, or a check), which
    random games seldom give: what tells `legal` from `xfen`."""
    rng = random.Random(seed)
    found = []
    while len(found) < count:
        board = chess.Board(None)
        white = rng.random() < 0.5
        us, them = (chess.WHITE, chess.BLACK) if white else (chess.BLACK, chess.WHITE)
        rank = 4 if white else 3
        file = rng.randrange(8)
        beside = [f for f in (file - 1, file + 1) if 0 <= f < 8]
        board.set_piece_at(chess.square(file, rank), chess.Piece(chess.PAWN, them))
        board.set_piece_at(chess.square(rng.choice(beside), rank), chess.Piece(chess.PAWN, us))
        if rng.random() < 0.5:
            # The king and an enemy rook or queen on the pawns' rank, the pawns between them:
            # taking en passant would leave the king attacked along the rank.
            files = sorted([file, *(f for f in beside
                                    if board.piece_at(chess.square(f, rank)) is not None)])
            left = list(range(0, files[0]))
            right = list(range(files[-1] + 1, 8))
            if left and right:
                sides = [left, right]
                rng.shuffle(sides)
                board.set_piece_at(chess.square(rng.choice(sides[0]), rank),
                                   chess.Piece(chess.KING, us))
                board.set_piece_at(chess.square(rng.choice(sides[1]), rank),
                                   chess.Piece(rng.choice([chess.ROOK, chess.QUEEN]), them))
        free = [sq for sq in chess.SQUARES if board.piece_at(sq) is None]
        rng.shuffle(free)
        if board.king(us) is None:
            board.set_piece_at(free.pop(), chess.Piece(chess.KING, us))
        board.set_piece_at(free.pop(), chess.Piece(chess.KING, them))
        for _ in range(rng.randrange(1, 4)):
            role = rng.choice([chess.ROOK, chess.BISHOP, chess.QUEEN, chess.KNIGHT])
            board.set_piece_at(free.pop(), chess.Piece(role, rng.choice([us, them])))
        board.turn = us
        board.ep_square = chess.square(file, 5 if white else 2)
        if board.is_valid() and board.has_pseudo_legal_en_passant():
            found.append(board)
    return found


def check_chess960(tool, report, corpus, boards):
    xfen = [b.fen() for b in boards]
    shredder = [b.fen(shredder=True) for b in boards]
    expected_rooks = [rook_squares(b) for b in boards]
    for source, texts in (("X-FEN", xfen), ("Shredder-FEN", shredder)):
        for args, want in (
            (["--chess960"], xfen),
            (["--chess960", "--castling", "shredder"], shredder),
        ):
            answers = run_tool(tool, args, texts)
            for text, answer, expected, rooks in zip(texts, answers, want, expected_rooks):
                what = f"read from {source}, written with {' '.join(args)}"
                if answer[0] != "ok" or answer[4] != "-":
                    report.check(corpus, what + ": verdict", text, answer, "accepted")
                    continue
                report.check(corpus, what, text, answer[1], expected)
                report.check(corpus, what + ": rook squares", text, answer[2], rooks)
    # Shredder-FEN needs no mode: its file letters say Chess960.
    for text, answer, rooks in zip(shredder, run_tool(tool, [], shredder), expected_rooks):
        if answer[0] != "ok" or answer[4] != "-":
            report.check(corpus, "Shredder-FEN without the mode: verdict", text, answer, "accepted")
            continue
        report.check(corpus, "Shredder-FEN without the mode: rook squares", text, answer[2], rooks)


def check_en_passant(tool, report, boards):
    texts = [b.fen(en_passant="fen") for b in boards]
    for policy in ("legal", "xfen", "fen"):
        answers = run_tool(tool, ["--en-passant", policy, "--game", "standard"], texts)
        for board, text, answer in zip(boards, texts, answers):
            report.check(f"en passant ({policy})", f"--en-passant {policy}", text,
                         answer[1] if answer[0] == "ok" else answer,
                         board.fen(en_passant=policy))


def reading(text, chess960):
    """python-chess's reading of a FEN: what fixed() must keep, or None when it refuses it."""
    try:
        board = chess.Board(text, chess960=chess960)
    except ValueError:
        return None
    ep = board.ep_square if board.has_legal_en_passant() else None
    return (board.board_fen(), board.turn, rook_squares(board),
            None if ep is None else chess.square_name(ep))


FEN_RE = re.compile(
    r"([1-8pnbrqkPNBRQK]+(?:/[1-8pnbrqkPNBRQK]+){7} [wb] (?:-|[KQkqA-Ha-h]+) (?:-|[a-h][36])"
    r"(?: \d+ \d+)?)"
)


def data_lines(directory):
    """(file, line number, FEN, whether it is a Chess960 line) of the gathered suites."""
    found = []
    for root, dirs, files in os.walk(directory):
        # Games of the lichess variants (tests/data/pgn/variants) hold positions of other
        # rules; the PGN and variant rules oracles read them.
        dirs[:] = [d for d in dirs if d != "variants"]
        for name in sorted(files):
            path = os.path.join(root, name)
            try:
                with open(path, encoding="utf-8") as f:
                    lines = f.read().splitlines()
            except (UnicodeDecodeError, OSError):
                continue
            # Stockfish's files say which lines are Chess960: perft.sh per test, the benchmark
            # between its UCI_Chess960 options. The perft suites name the variant by file;
            # scalachess's tricky.perft marks its X-FEN cases by id.
            in_960 = False
            current_id = ""
            for number, line in enumerate(lines, 1):
                if "UCI_Chess960 value" in line:
                    in_960 = "value true" in line
                if line.startswith("id "):
                    current_id = line
                match = FEN_RE.search(line)
                if not match:
                    continue
                fen = match.group(1)
                if len(fen.split()) == 4:
                    fen += " 0 1"
                if name == "perft.sh":
                    chess960 = line.rstrip().endswith('"true"')
                elif name in ("fischer.epd", "chess960.perft"):
                    chess960 = True
                elif "FRC" in name or os.path.basename(root) == "chess960":
                    # tests/data: Stockfish's FRC and DFRC books, the Chess960 samples.
                    chess960 = True
                elif name == "tricky.perft":
                    chess960 = "x-fen" in current_id or "xfen" in current_id
                else:
                    chess960 = in_960
                found.append((path, number, fen, chess960))
    return found


def check_data(tool, report, directory):
    lines = data_lines(directory)
    if not lines:
        sys.stderr.write(f"error: no FEN lines under {directory}\n")
        sys.exit(2)
    chess960_lines = [entry for entry in lines if entry[3]]
    shredder_lines = [entry for entry in chess960_lines
                      if any(c not in "KQkq-" for c in entry[2].split()[2])]
    runs = (
        ("Chess960 mode", ["--chess960", "--fixed"], chess960_lines, True),
        ("no mode (Shredder-FEN)", ["--fixed"], shredder_lines, True),
        ("no mode (standard lines)", ["--fixed"], [e for e in lines if not e[3]], False),
    )
    for label, args, entries, chess960 in runs:
        texts = [entry[2] for entry in entries]
        for (path, number, text, _), answer in zip(entries, run_tool(tool, args, texts)):
            where = f"{os.path.relpath(path, directory)}:{number} ({label})"
            if answer[0] != "ok" or answer[4] != "-":
                report.check(where, "verdict", text, answer, "read without an error")
                continue
            report.check(where, "python-chess's reading after fixed()", text,
                         reading(answer[1], chess960), reading(text, chess960))
    print(f"data: {len(lines)} lines ({len(chess960_lines)} Chess960, "
          f"{len(shredder_lines)} of them Shredder-FEN) under {directory}")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--tool", required=True, help="the dfen example fen_lines")
    parser.add_argument("--positions", type=int, default=10_000)
    parser.add_argument("--data", help="a directory of gathered public suites")
    args = parser.parse_args()
    report = Report()
    starts, played = chess960_positions(args.positions, seed=0x960)
    check_chess960(args.tool, report, "the 960 starts", starts)
    check_chess960(args.tool, report, "random Chess960 games", played)
    inner = inner_rook_positions(args.positions // 2, seed=0x3A)
    check_chess960(args.tool, report, "three rooks on a back rank", inner)
    check_en_passant(args.tool, report, en_passant_positions(args.positions, seed=0xE9))
    pins = en_passant_pins(args.positions // 5, seed=0x919)
    illegal = sum(1 for b in pins if not b.has_legal_en_passant())
    if illegal < len(pins) // 10:
        sys.stderr.write(f"error: only {illegal} of {len(pins)} built positions tell legal from xfen\n")
        sys.exit(2)
    check_en_passant(args.tool, report, pins)
    if args.data:
        check_data(args.tool, report, args.data)
    if report.failures > SHOWN:
        print(f"... and {report.failures - SHOWN} more mismatches")
    print(f"chess960 oracle: {report.checked} comparisons, {report.failures} mismatches "
          f"(960 starts, {len(played)} positions of Chess960 games, "
          f"{len(inner)} with three rooks on a back rank, {args.positions} en-passant positions "
          f"of games and {len(pins)} built, {illegal} of them with an illegal capture)")
    sys.exit(1 if report.failures else 0)


if __name__ == "__main__":
    main()
