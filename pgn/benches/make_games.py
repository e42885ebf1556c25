#!/usr/bin/env python3
"""Writes seeded random games in the shape of lichess's exports, for `pgn/benches/read.rs`.

    make_games.py [--games N] [--seed S] [--variations] OUT

Each game has lichess's tags (ratings, time control, opening, termination) and after each move
a comment with `[%eval …]` and `[%clk …]`, as lichess writes them for analysed games. Moves
are random legal moves (python-chess, test-only: never a dependency of anything fenkit ships).
With `--variations`, one move in ten gets a short variation of random legal moves.
"""

import argparse
import random

import chess
import chess.pgn


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=38)
    parser.add_argument("--variations", action="store_true")
    parser.add_argument("out")
    args = parser.parse_args()
    rng = random.Random(args.seed)
    with open(args.out, "w", encoding="utf-8") as out:
        for index in range(args.games):
            game = chess.pgn.Game()
            white, black = rng.randint(1200, 2600), rng.randint(1200, 2600)
            game.headers.update({
                "Event": "Rated Blitz game",
                "Site": f"https://lichess.org/{rng.getrandbits(40):010x}",
                "Date": f"2026.{rng.randint(1, 12):02}.{rng.randint(1, 28):02}",
                "Round": "-",
                "White": f"player{rng.randint(1, 99999)}",
                "Black": f"player{rng.randint(1, 99999)}",
                "UTCDate": "2026.11.27",
                "UTCTime": f"{rng.randint(0, 23):02}:{rng.randint(0, 59):02}:{rng.randint(0, 59):02}",
                "WhiteElo": str(white),
                "BlackElo": str(black),
                "WhiteRatingDiff": f"+{rng.randint(1, 9)}",
                "BlackRatingDiff": f"-{rng.randint(1, 9)}",
                "ECO": f"{rng.choice('ABCDE')}{rng.randint(0, 99):02}",
                "Opening": "Random Opening",
                "TimeControl": "180+0",
                "Termination": "Normal",
            })
            board = chess.Board()
            node = game
            clocks = [180, 180]
            for ply in range(rng.randint(20, 160)):
                moves = list(board.legal_moves)
                if not moves:
                    break
                move = rng.choice(moves)
                if args.variations and ply > 2 and rng.random() < 0.1:
                    side = node.add_variation(rng.choice(moves))
                    scratch = board.copy()
                    scratch.push(side.move)
                    for _ in range(rng.randint(1, 6)):
                        more = list(scratch.legal_moves)
                        if not more:
                            break
                        side = side.add_variation(rng.choice(more))
                        scratch.push(side.move)
                node = node.add_main_variation(move)
                board.push(move)
                clocks[ply % 2] = max(0, clocks[ply % 2] - rng.randint(0, 8))
                seconds = clocks[ply % 2]
                if rng.random() < 0.02:
                    evaluation = f"#{rng.choice([-1, 1]) * rng.randint(1, 9)}"
                else:
                    evaluation = f"{rng.gauss(0, 2):.2f}"
                node.comment = f"[%eval {evaluation}] [%clk 0:{seconds // 60:02}:{seconds % 60:02}]"
            outcome = board.outcome()
            game.headers["Result"] = outcome.result() if outcome else rng.choice(["1-0", "0-1", "1/2-1/2"])
            print(game, file=out, end="\n\n")


if __name__ == "__main__":
    main()
