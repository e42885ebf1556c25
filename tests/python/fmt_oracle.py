#!/usr/bin/env python3
"""python-chess as a test-only oracle for `fenkit fmt`, `fenkit check` and `fenkit perft` in
Chess960 mode, through the command line.

    fmt_oracle.py --fenkit PATH/TO/fenkit [--sample FILE] [--data DIR] [--perft-depth N]

What is checked, on the sample (tests/python/chess960_sample.fen, our own: its `# chess960`
and `# standard` comment lines say how the lines below are read) and with `--data DIR` on every
FEN line of the gathered public suites (see /work/data/SOURCES.md; the lines are found and
classed as tests/python/chess960_oracle.py does):

1. `fenkit check` reads every Chess960 line without an error with `--chess960`, and every
   Shredder-FEN line (a castling field with a file letter) without an error even without it;
2. `fenkit fmt` keeps python-chess's reading of every line: placement, side to move, castling
   rights as rook squares and the en-passant square under python-chess's `legal` mode, before
   and after, for the Chess960 lines with `--chess960` (and with `--castling shredder`, and
   with `--en-passant legal`), for the Shredder-FEN lines and the standard lines without it;
3. with `--data`, every `.txt` file there, formatted whole as a file without a notation of its
   own (read by its first position): python-chess reads each line after `fmt` as before;
4. `fenkit perft --standard --chess960` counts what python-chess counts on the sample's Chess960
   lines to depth 2, and with `--data` what Ethereal's fischer.epd says for each of its
   positions to `--perft-depth` (default 3).

The lines are written into temporary `.fen` files, one per group, which fmt rewrites in place.
Every mismatch names the line and what differs. Exit status: 0 when everything agrees, 1 on a
mismatch, 2 when python-chess or fenkit cannot be run.
"""

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from pinned_chess import chess  # noqa: E402  (exits 2 without the pinned python-chess)
from chess960_oracle import Report, data_lines, reading  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))


def sample_lines(path):
    """(file, line number, FEN, whether it is a Chess960 line) of the sample."""
    found = []
    chess960 = False
    with open(path, encoding="utf-8") as f:
        for number, line in enumerate(f.read().splitlines(), 1):
            if line.startswith("#"):
                word = line[1:].strip()
                if word in ("chess960", "standard"):
                    chess960 = word == "chess960"
                continue
            if line.strip():
                found.append((path, number, line.strip(), chess960))
    return found


def fenkit(binary, args, check=True):
    result = subprocess.run([binary, *args], capture_output=True, text=True, check=False)
    if check and result.returncode not in (0, 1):
        sys.stderr.write(f"error: fenkit {' '.join(args)} exited {result.returncode}: {result.stderr}\n")
        sys.exit(2)
    return result


def errors_by_line(binary, args, path):
    """The error codes `fenkit check` reports, by line."""
    result = fenkit(binary, ["check", "--isolated", "--output-format", "json-lines", *args, path])
    found = {}
    for row in result.stdout.splitlines():
        finding = json.loads(row)
        if finding["severity"] == "error":
            found.setdefault(finding["line"], []).append(finding["code"])
    return found


def check_group(binary, report, label, entries, mode_args, chess960, fmt_variants):
    if not entries:
        return
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "lines.fen")
        texts = [entry[2] for entry in entries]
        with open(path, "w", encoding="utf-8") as f:
            f.write("".join(text + "\n" for text in texts))
        errors = errors_by_line(binary, mode_args, path)
        for index, (source, number, text, _) in enumerate(entries, 1):
            report.check(f"{source}:{number} ({label})", "check's errors", text,
                         errors.get(index, []), [])
        for extra in fmt_variants:
            with open(path, "w", encoding="utf-8") as f:
                f.write("".join(text + "\n" for text in texts))
            fenkit(binary, ["fmt", "--isolated", "-q", *mode_args, *extra, path])
            with open(path, encoding="utf-8") as f:
                after = f.read().splitlines()
            if len(after) != len(texts):
                report.check(label, "line count after fmt", path, len(after), len(texts))
                continue
            for (source, number, text, _), written in zip(entries, after):
                report.check(f"{source}:{number} ({label}, fmt {' '.join(mode_args + extra)})",
                             "python-chess's reading after fmt", text,
                             reading(written, chess960), reading(text, chess960))


def check_lines(binary, report, lines):
    chess960_lines = [e for e in lines if e[3]]
    shredder_lines = [e for e in chess960_lines if any(c not in "KQkq-" for c in e[2].split()[2])]
    standard_lines = [e for e in lines if not e[3]]
    check_group(binary, report, "Chess960 mode", chess960_lines, ["--chess960"], True,
                [[], ["--castling", "shredder"], ["--en-passant", "legal"]])
    check_group(binary, report, "no mode (Shredder-FEN)", shredder_lines, [], True, [[]])
    check_group(binary, report, "no mode (standard lines)", standard_lines, [], False,
                [[], ["--en-passant", "legal"]])
    return len(chess960_lines), len(shredder_lines), len(standard_lines)


def perft(binary, fen, depth):
    result = fenkit(binary, ["perft", "--standard", "--chess960", "--depth", str(depth), fen],
                    check=False)
    return result.stdout.strip() if result.returncode == 0 else f"exit {result.returncode}: {result.stderr.strip()}"


def python_perft(board, depth):
    if depth == 0:
        return 1
    total = 0
    for move in board.legal_moves:
        board.push(move)
        total += python_perft(board, depth - 1)
        board.pop()
    return total


def check_sample_perft(binary, report, lines):
    count = 0
    for source, number, text, chess960 in lines:
        if not chess960:
            continue
        board = chess.Board(text, chess960=True)
        for depth in (1, 2):
            report.check(f"{source}:{number}", f"perft depth {depth}", text,
                         perft(binary, text, depth), str(python_perft(board, depth)))
        count += 1
    return count


def check_fischer(binary, report, directory, depth):
    """Every position of fischer.epd under DIR to `depth`, against the file's own counts."""
    path = None
    for root, _, files in os.walk(directory):
        if "fischer.epd" in files:
            path = os.path.join(root, "fischer.epd")
            break
    if path is None:
        return 0, 0.0
    started = time.monotonic()
    count = 0
    with open(path, encoding="utf-8") as f:
        for number, line in enumerate(f.read().splitlines(), 1):
            fields = [part.strip() for part in line.split(";")]
            if not fields[0]:
                continue
            counts = dict(part.split() for part in fields[1:] if part.startswith("D"))
            expected = counts.get(f"D{depth}")
            if expected is None:
                continue
            report.check(f"{os.path.relpath(path, directory)}:{number}", f"perft depth {depth}",
                         fields[0], perft(binary, fields[0], depth), expected)
            count += 1
    return count, time.monotonic() - started


def python_chess_fen(line):
    """python-chess's FEN of a line, or None when it cannot read it."""
    try:
        return chess.Board(line.strip()).fen()
    except ValueError:
        return None


def check_text_files(binary, report, directory):
    """Every `.txt` file under `directory`, formatted whole as fenkit reads a file without a
    notation of its own (by its first position): python-chess reads each line after `fmt` as
    it read it before. (lichess's `mainline_fen.txt` once lost every line to a DFEN dice
    field.)"""
    files = lines = 0
    for root, _, names in os.walk(directory):
        for name in sorted(names):
            if not name.endswith(".txt"):
                continue
            with open(os.path.join(root, name), encoding="utf-8") as f:
                before = f.read()
            with tempfile.TemporaryDirectory() as tmp:
                path = os.path.join(tmp, name)
                with open(path, "w", encoding="utf-8") as f:
                    f.write(before)
                fenkit(binary, ["fmt", "--isolated", "-q", path])
                with open(path, encoding="utf-8") as f:
                    after = f.read()
            files += 1
            old, new = before.splitlines(), after.splitlines()
            report.check(name, "line count", "", len(new), len(old))
            for number, (was, now) in enumerate(zip(old, new), 1):
                theirs = python_chess_fen(was)
                if theirs is None:
                    continue
                lines += 1
                report.check(f"{name}:{number}", "python-chess's reading after fmt", was,
                             python_chess_fen(now), theirs)
    return files, lines


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--fenkit", required=True, help="the fenkit binary")
    parser.add_argument("--sample", default=os.path.join(HERE, "chess960_sample.fen"))
    parser.add_argument("--data", help="a directory of gathered public suites")
    parser.add_argument("--perft-depth", type=int, default=3)
    args = parser.parse_args()
    report = Report()
    sample = sample_lines(args.sample)
    counts = check_lines(args.fenkit, report, sample)
    perfts = check_sample_perft(args.fenkit, report, sample)
    print(f"sample: {len(sample)} lines ({counts[0]} Chess960, {counts[1]} of them Shredder-FEN, "
          f"{counts[2]} standard), {perfts} Chess960 perfts to depth 2")
    if args.data:
        data = data_lines(args.data)
        counts = check_lines(args.fenkit, report, data)
        print(f"data: {len(data)} lines ({counts[0]} Chess960, {counts[1]} of them Shredder-FEN, "
              f"{counts[2]} standard) under {args.data}")
        positions, seconds = check_fischer(args.fenkit, report, args.data, args.perft_depth)
        print(f"data: fischer.epd, {positions} positions to depth {args.perft_depth} "
              f"in {seconds:.1f} s")
    if args.data:
        files, lines = check_text_files(args.fenkit, report, args.data)
        print(f"data: {files} .txt files as fenkit reads them by their content, "
              f"{lines} lines python-chess reads")
    if report.failures > 15:
        print(f"... and {report.failures - 15} more mismatches")
    print(f"fmt oracle: {report.checked} comparisons, {report.failures} mismatches")
    sys.exit(1 if report.failures else 0)


if __name__ == "__main__":
    main()
