#!/usr/bin/env python3
"""Writes seeded random variant games with python-chess (test-only, GPL): the variant games
that tests/python/pgn_oracle.py compares fenkit's PGN reader against.

    pgn_variant_games.py [--games N] [--seed S] OUT.pgn

For every variant python-chess and fenkit-variants both know, N games of random legal moves
(up to 120 plies, or to the game's end), with the `Variant` tag in lichess's spelling or an
alias, a variation now and then, and in every fifth game a planted fault: an illegal move (a
move of another position) or a move after the end. Some games start from a FEN tag taken from
a position of another random game.
"""

import argparse
import os
import random
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
from pinned_chess import chess  # noqa: E402
import chess.pgn  # noqa: E402
import chess.variant  # noqa: E402

# (python-chess board class, Variant tag spellings written).
VARIANTS = [
    (chess.variant.CrazyhouseBoard, ["Crazyhouse", "crazyhouse"]),
    (chess.variant.ThreeCheckBoard, ["Three-check", "Three-Check", "3check"]),
    (chess.variant.AntichessBoard, ["Antichess", "Suicide", "antichess"]),
    (chess.variant.AtomicBoard, ["Atomic", "atomic"]),
    (chess.variant.KingOfTheHillBoard, ["King of the Hill", "kingOfTheHill", "KOTH"]),
    (chess.variant.RacingKingsBoard, ["Racing Kings", "racingkings"]),
    (chess.variant.HordeBoard, ["Horde", "horde"]),
    (chess.variant.GiveawayBoard, ["Giveaway"]),
]


def random_game(rng, board_class, tag, number):
    board = board_class()
    game = chess.pgn.Game()
    game.headers["Event"] = f"random {board_class.uci_variant} game {number}"
    game.headers["Variant"] = tag
    if rng.random() < 0.2:
        # Start from a position a few random plies in.
        for _ in range(rng.randrange(2, 12)):
            moves = list(board.legal_moves)
            if not moves or board.is_variant_end():
                break
            board.push(rng.choice(moves))
        board = board_class(board.fen())
        game.setup(board)
    node = game
    plies = rng.randrange(1, 120)
    for _ in range(plies):
        moves = list(node.board().legal_moves)
        if not moves:
            break
        move = rng.choice(moves)
        if len(moves) > 1 and rng.random() < 0.08:
            other = rng.choice([m for m in moves if m != move])
            side = node.add_variation(other)
            side.comment = "side line"
            after = side.board()
            for _ in range(rng.randrange(0, 4)):
                replies = list(after.legal_moves)
                if not replies:
                    break
                reply = rng.choice(replies)
                side = side.add_variation(reply)
                after.push(reply)
        node = node.add_main_variation(move)
        if rng.random() < 0.05:
            node.comment = "[%clk 0:01:00]"
    game.headers["Result"] = node.board().result(claim_draw=False)
    text = str(game)
    if number % 5 == 4 and game.end().ply() > 0:
        # A planted fault: a move of the start position played at the end (often illegal
        # there), or after the end.
        start_moves = list(game.board().legal_moves)
        if start_moves:
            san = game.board().san(rng.choice(start_moves))
            marker = " " + game.headers["Result"]
            head, _, _ = text.rpartition(marker)
            ply = game.end().ply()
            prefix = f"{ply // 2 + 1}. " if ply % 2 == 0 else ""
            text = f"{head} {prefix}{san}{marker}"
    return text


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--seed", type=int, default=38)
    parser.add_argument("out")
    args = parser.parse_args()
    rng = random.Random(args.seed)
    games = []
    for board_class, tags in VARIANTS:
        for number in range(args.games):
            games.append(random_game(rng, board_class, tags[number % len(tags)], number))
    with open(args.out, "w", encoding="utf-8") as f:
        f.write("\n\n".join(games) + "\n")


if __name__ == "__main__":
    main()
