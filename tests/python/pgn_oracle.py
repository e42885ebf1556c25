#!/usr/bin/env python3
"""python-chess as a test-only oracle for fenkit's PGN reader (the `pgn` crate).

    pgn_oracle.py [--reader CMD] [--fmt FENKIT] PATH...

PATH is a PGN file (`*.pgn`), a TSV file whose `pgn` column holds movetext (lichess's
chess-openings), or a directory searched for both. Every game is read twice:

- by fenkit, through READER (default: the `pgn_json` example of the `pgn` crate,
  `target/debug/examples/pgn_json`), which prints one JSON object per game: the mainline in
  UCI, the final position, whether the game has an error, and the findings;
- by python-chess's `chess.pgn.read_game`.

They must agree, game by game, on the mainline in UCI, the final position (FEN as python-chess
writes it), and whether the game has an error (python-chess's `game.errors`). Games in a
variant fenkit does not read are counted, not compared; games in the lichess variants
(`Variant` tag: crazyhouse, three-check, antichess …) are compared as standard games are. Where fenkit finds an error that
python-chess does not report by design (an unknown token, a comment or variation that never
closes: spec/pgn.md, "python-chess"), the game is counted as explained.

Then the file as `fmt` writes it (READER `--fix`, or with `--fmt FENKIT` the command line's
`FENKIT fmt` run on a copy of the file) is read by python-chess again: every game must be the
same as before, its moves, variations, comments and NAGs (python-chess's export of the
movetext, without the tags, which `fmt` may add to).

Exit status: 0 when every game agrees or is explained, 1 on a disagreement, 2 when the oracle
or the reader cannot be run. python-chess (GPL) is only ever installed into a test venv.
"""

import argparse
import collections
import csv
import io
import json
import os
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.join(HERE, "..", "..")
DEFAULT_READER = os.path.join(ROOT, "target", "debug", "examples", "pgn_json")
SHOWN = 12
# fenkit's errors that python-chess does not report by design (spec/pgn.md, "python-chess").
SYNTAX_ONLY = {"PGN001", "PGN002", "PGN003", "PGN004", "PGN006", "PGN009", "PGN204"}
# fenkit's errors in moves, which python-chess reports too.
MOVE_ERRORS = {"PGN201", "PGN202", "PGN203"}

sys.path.insert(0, HERE)
from pinned_chess import chess  # noqa: E402
import chess.pgn  # noqa: E402
import logging  # noqa: E402

# python-chess logs each error it collects; the verdicts are compared, not printed.
logging.getLogger("chess.pgn").setLevel(logging.CRITICAL)


def inputs(paths):
    files = []
    for path in paths:
        if os.path.isdir(path):
            for root, _, names in os.walk(path):
                files.extend(os.path.join(root, n) for n in names if n.endswith((".pgn", ".tsv")))
        else:
            files.append(path)
    return sorted(files)


def python_games(text):
    """Each game python-chess reads: (uci mainline, final fen, has error, variant)."""
    handle = io.StringIO(text)
    games = []
    while True:
        game = chess.pgn.read_game(handle)
        if game is None:
            return games
        try:
            board = game.board()
        except ValueError:
            # A FEN tag python-chess cannot read: only the error verdict is compared.
            games.append(("", None, True, game.headers.get("Variant", "")))
            continue
        moves = []
        for move in game.mainline_moves():
            moves.append(board.uci(move))
            board.push(move)
        games.append((" ".join(moves), board.fen(), bool(game.errors), game.headers.get("Variant", "")))


def exported(text):
    """Each game as python-chess writes its movetext (no tags): its moves, variations, comments
    and NAGs, the same before and after `fmt`."""
    handle = io.StringIO(text)
    games = []
    while True:
        game = chess.pgn.read_game(handle)
        if game is None:
            return games
        exporter = chess.pgn.StringExporter(headers=False, columns=None)
        try:
            games.append(game.accept(exporter))
        except ValueError:
            # A FEN tag python-chess cannot read: its moves, as python-chess kept them.
            games.append(str([str(node.move) for node in game.mainline()]))


def run(reader, path, *flags):
    out = subprocess.run(reader + list(flags) + [path], capture_output=True, text=True)
    if out.returncode != 0:
        sys.stderr.write(f"error: {' '.join(reader)} failed on {path}: {out.stderr}\n")
        sys.exit(2)
    return out.stdout


def fmt_copy(fenkit, path):
    """The file as `fenkit fmt` writes it: formatted in place in a copy."""
    with tempfile.TemporaryDirectory() as tmp:
        copy = os.path.join(tmp, os.path.basename(path))
        shutil.copyfile(path, copy)
        out = subprocess.run(fenkit + ["fmt", "-q", copy], capture_output=True, text=True)
        if out.returncode not in (0, 1):
            sys.stderr.write(f"error: {' '.join(fenkit)} fmt failed on {path}: {out.stderr}\n")
            sys.exit(2)
        with open(copy, encoding="utf-8-sig", errors="replace") as f:
            return f.read()


def movetext_rows(path):
    with open(path, encoding="utf-8") as f:
        return [row["pgn"] for row in csv.DictReader(f, delimiter="\t")]


def compare(label, ours, theirs, counts, problems):
    counts["games"] += 1
    if not ours.get("variant_checked", ours["variant"] in ("standard", "chess960")):
        counts["variant fenkit does not read, not compared"] += 1
        return
    if ours["variant"] not in ("standard", "chess960"):
        counts[f"variant games ({ours['variant']})"] += 1
    uci, fen, error, _ = theirs
    our_codes = {f["code"] for f in ours["findings"] if f["severity"] == "error"}
    if ours["uci"] != uci and "PGN009" in our_codes:
        # python-chess reads a variation before any move as moves of the mainline.
        counts["explained: a variation before any move"] += 1
        return
    if ours["uci"] != uci and error and ours["uci"].startswith(uci) and our_codes & MOVE_ERRORS:
        # After a variation with an illegal move, python-chess goes on in the variation's
        # position and loses the rest of the mainline.
        counts["explained: python-chess stops the mainline after a bad variation"] += 1
        return
    if ours["uci"] != uci:
        problems.append(f"{label}: mainline differs\n  fenkit: {ours['uci'][:200]}\n  python-chess: {uci[:200]}")
        return
    if fen is not None and ours["final_fen"] != fen:
        problems.append(f"{label}: final position differs\n  fenkit: {ours['final_fen']}\n  python-chess: {fen}")
        return
    if ours["has_error"] != error:
        if ours["has_error"] and our_codes <= SYNTAX_ONLY:
            counts["explained: syntax errors python-chess skips"] += 1
            return
        problems.append(f"{label}: error verdicts differ (fenkit {sorted(our_codes)}, python-chess {error})")
        return
    counts["agree"] += 1
    if error:
        counts["agree, with an error"] += 1


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--reader", default=DEFAULT_READER)
    parser.add_argument("--fmt", metavar="FENKIT", help="the fenkit binary whose `fmt` writes the fixed files")
    parser.add_argument("paths", nargs="+")
    args = parser.parse_args()
    reader = args.reader.split()
    counts = collections.Counter()
    problems = []
    for path in inputs(args.paths):
        if path.endswith(".tsv"):
            rows = movetext_rows(path)
            with open(os.devnull, "w"):
                pass
            tmp = path + ".movetext"
            # The reader reads one movetext per line.
            lines_path = os.path.join(os.environ.get("TMPDIR", "/tmp"), os.path.basename(tmp))
            with open(lines_path, "w", encoding="utf-8") as f:
                f.write("\n".join(rows) + "\n")
            ours = [json.loads(line) for line in run(reader, lines_path, "--movetext").splitlines()]
            fixed = run(reader, lines_path, "--movetext", "--fix").splitlines()
            if len(ours) != len(rows):
                problems.append(f"{path}: fenkit read {len(ours)} rows of {len(rows)}")
                continue
            for index, (row, game) in enumerate(zip(rows, ours)):
                theirs = python_games(row)[0]
                compare(f"{path}:{index + 2}", game, theirs, counts, problems)
                if fixed[index] != row:
                    counts["rows fmt rewrites"] += 1
                    again = python_games(fixed[index])[0]
                    if again[0] != theirs[0]:
                        problems.append(f"{path}:{index + 2}: python-chess reads the fixed row differently")
                if game["findings"]:
                    counts["rows with findings"] += 1
            continue
        with open(path, encoding="utf-8-sig", errors="replace") as f:
            text = f.read()
        ours = [json.loads(line) for line in run(reader, path).splitlines()]
        theirs = python_games(text)
        if len(ours) != len(theirs):
            problems.append(f"{path}: fenkit reads {len(ours)} games, python-chess {len(theirs)}")
            continue
        for index, (game, other) in enumerate(zip(ours, theirs)):
            compare(f"{path} game {index + 1}", game, other, counts, problems)
        fixed_text = fmt_copy(args.fmt.split(), path) if args.fmt else run(reader, path, "--fix")
        before, after = exported(text), exported(fixed_text)
        if before != after:
            first = next((i for i, (a, b) in enumerate(zip(before, after)) if a != b), min(len(before), len(after)))
            problems.append(
                f"{path}: python-chess reads game {first + 1} of the fixed file differently"
                f" (moves, variations, comments or NAGs)"
            )
        else:
            counts["files whose every game fmt keeps (moves, variations, comments)"] += 1
    for name, count in counts.items():
        print(f"{name}: {count}")
    for problem in problems[:SHOWN]:
        print(problem)
    if len(problems) > SHOWN:
        print(f"… and {len(problems) - SHOWN} more")
    sys.exit(1 if problems else 0)


if __name__ == "__main__":
    main()
