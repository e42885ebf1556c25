#!/usr/bin/env python3
"""python-chess as a test-only oracle for fenkit's EPD reader.

    epd_oracle.py [--reader CMD] [--verify-perft N] PATH...
    epd_oracle.py --fenkit FENKIT [--verify-perft N] PATH...

PATH is an EPD file or a directory searched for `*.epd`. Every line that holds a position
(not blank, not a `%` or `#` comment) is read twice:

- by fenkit, through READER, a program that prints one JSON object per position line (default:
  the `epd_json` example of the `fenkit-chess` crate, `target/debug/examples/epd_json`; it will be
  `fenkit convert --to json` once the command line reads EPD). Its `epd` key is the JSON form of
  the line (the position's JSON form with `operations`, spec/epd.md), `canonical` the line as
  `fmt` writes it, `findings` and `notes` what fenkit found;
- by python-chess's `chess.Board.from_epd`.

Where both read a line, they must agree on the position (placement, side, castling rights,
en-passant square, both clocks) and on every operation: its opcode, its operands, and for the
move opcodes the moves in UCI. Where fenkit writes the line differently (`fmt`'s canonical form),
python-chess must read the canonical form to the same position and operations. With
`--verify-perft N`, the perft counts `D1` to `DN` are checked by fenkit's standard-chess perft:
python-chess does not read the perft layout, so the counts themselves are the oracle there.

With `--fenkit`, the same is checked through the command line, as a user runs it: each file is
copied into a temporary directory and formatted there with `fenkit fmt`; `fenkit convert --to
json --aligned` and `--to fen --aligned` give fenkit's reading of each line (the operations, and
the position with its clocks); python-chess reads the original line and the formatted one, and
must read both to fenkit's position and operations (where it reads them at all, by its rules
above). `fenkit check --output-format json-lines` gives the findings, and with
`--verify-perft N` (`fenkit check --verify-perft N`) the wrong perft counts; every line fenkit
refuses is listed as a defect of its file (`file:line: code: message`).

Lines only one of them reads are sorted by reason. python-chess refuses some lines fenkit reads
with a fixable finding or a note, by its own rules (spec/epd.md, "python-chess"); those are
counted, not failures. A line fenkit refuses, or reads with an error, is a defect of the file:
each is listed with fenkit's message and python-chess's verdict.

Exit status: 0 when every line both read agrees and every fenkit verdict is explained, 1 on a
disagreement (or a wrong perft count), 2 when the oracle or the reader cannot be run.
python-chess (GPL) is only ever installed into the test venv that scripts/test makes from
tests/requirements.txt.
"""

import argparse
import collections
import json
import os
import re
import shlex
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.join(HERE, "..", "..")
DEFAULT_READER = os.path.join(ROOT, "target", "debug", "examples", "epd_json")
MOVE_OPCODES = {"am", "bm", "pm", "pv", "sm"}
# How many cases of each kind are printed in full; the rest are counted.
SHOWN = 12

from pinned_chess import chess  # noqa: E402  (exits 2 without the pinned python-chess)


def epd_files(paths):
    """The EPD files named, directories searched for `*.epd`, sorted."""
    files = []
    for path in paths:
        if os.path.isdir(path):
            for root, _, names in os.walk(path):
                files.extend(os.path.join(root, n) for n in names if n.endswith(".epd"))
        else:
            files.append(path)
    return sorted(files)


def castling_letters(board):
    """python-chess's castling rights as written (not cleaned), as `KQkq` letters."""
    letters = []
    for color, upper in ((chess.WHITE, True), (chess.BLACK, False)):
        rank = chess.BB_RANK_1 if color == chess.WHITE else chess.BB_RANK_8
        king = board.king(color)
        king_file = chess.square_file(king) if king is not None else 4
        for square in chess.scan_forward(board.castling_rights & rank):
            letter = "k" if chess.square_file(square) > king_file else "q"
            letters.append(letter.upper() if upper else letter)
    return "".join(sorted(letters, key="KQkq".index))


def python_position(board):
    """The position python-chess read, as fenkit's JSON form has it."""
    return {
        "placement": board.board_fen(),
        "side": "white" if board.turn == chess.WHITE else "black",
        "castling": castling_letters(board),
        "en_passant": chess.SQUARE_NAMES[board.ep_square] if board.ep_square is not None else "-",
        "halfmove": board.halfmove_clock,
        "fullmove": board.fullmove_number,
    }


def castling_sides(placement, rights):
    """Castling rights as the sides they castle to, `KQkq`: a Shredder-FEN file letter (`H`,
    `f`) is the side of the king its rook stands on, as python-chess reports it."""
    ranks = placement.split("/")
    letters = set()
    for right in rights:
        if right in "KQkq":
            letters.add(right)
            continue
        white = right.isupper()
        rank, king = (ranks[7], "K") if white else (ranks[0], "k")
        files, at = [], 0
        for char in rank:
            if char.isdigit():
                at += int(char)
            else:
                files.append((at, char))
                at += 1
        king_file = next((f for f, char in files if char == king), 4)
        side = "k" if "abcdefgh".index(right.lower()) > king_file else "q"
        letters.add(side.upper() if white else side)
    return "".join(sorted(letters, key="KQkq".index))


def fenkit_position(record):
    """The position fenkit read: the JSON form's clocks, the canonical form's fields."""
    epd = record["epd"]
    fields = record["canonical"].split(" ")
    return {
        "placement": fields[0],
        "side": epd["side"],
        "castling": castling_sides(fields[0], epd["castling"]),
        "en_passant": epd["en_passant"][0] if epd["en_passant"] else "-",
        "halfmove": epd["halfmove"],
        "fullmove": epd["fullmove"],
    }


def python_operations(ops):
    """python-chess's operations as opcode -> list of strings (moves in UCI)."""
    out = {}
    for opcode, value in ops.items():
        if value is None:
            out[opcode] = []
        elif isinstance(value, chess.Move):
            out[opcode] = [value.uci()]
        elif isinstance(value, list):
            out[opcode] = [move.uci() for move in value]
        else:
            out[opcode] = [str(value)]
    return out


def fenkit_operations(record):
    """fenkit's operations in the same shape: the moves of move opcodes, else the operands.

    A number is compared as python-chess reads it (`+15` is 15), and an operand of `c0` written
    bare (`c0 8`) is the same either way."""
    out = {}
    for operation in record["epd"]["operations"]:
        if operation["opcode"] in MOVE_OPCODES:
            out[operation["opcode"]] = operation.get("moves", [])
        else:
            values = []
            for operand in operation["operands"]:
                values.append(str(int(operand)) if re.fullmatch(r"[+-]?\d+", operand) else operand)
            out[operation["opcode"]] = values
    return out


def read_python(text):
    """python-chess's reading of a line: (position, operations) or the exception's text."""
    try:
        board, ops = chess.Board.from_epd(text)
    except Exception as error:  # python-chess raises ValueError and its subclasses
        return None, f"{type(error).__name__}: {error}"
    return (python_position(board), python_operations(ops)), None


def codes(record, severity=None):
    """The codes of a record's findings (of one severity, when given)."""
    return {f["code"] for f in record.get("findings", []) if severity in (None, f["severity"])}


def python_refusal_reason(record, error, after_fmt=False):
    """Why python-chess refuses a line that fenkit reads, by python-chess's known rules; of
    the line as fmt writes it (its spellings fixed) with `after_fmt`."""
    found = set() if after_fmt else codes(record)
    notes = {n["code"] for n in record.get("notes", [])}
    if "EPD209" in notes and ("invalid san" in error or "illegal san" in error):
        if "EPD105" in found:
            return "clocks after the four fields, and a bare operand of an unknown opcode"
        return "a bare operand of an unknown opcode (python-chess reads it as a move)"
    if "EPD105" in found:
        return "clocks after the four fields (python-chess: an opcode must start with a letter)"
    if "EPD116" in found:
        return "an annotation glyph after a move (python-chess: invalid san)"
    if "could not convert string to float" in error or "invalid literal for int" in error:
        return "several operands that start with a number (python-chess reads them as one number)"
    return None


# The opcodes EPD defines (spec/epd.md section 3); any other is kept as written.
KNOWN_OPCODES = {
    "am", "bm", "pm", "pv", "sm", "acd", "acn", "acs", "hmvc", "rc", "fmvn", "tcgs", "ce", "dm",
    "id", "eco", "nic", "tcri", "tcsi", "noop", "draw_accept", "draw_claim", "draw_offer",
    "draw_reject", "resign",
} | {f"c{i}" for i in range(10)} | {f"v{i}" for i in range(10)}


def formatted_refusal_reason(epd, error):
    """Why python-chess refuses a line as `fmt` writes it, by python-chess's known rules
    (spec/epd.md, "python-chess"): `fmt` keeps what no rule of EPD lets it change."""
    unknown = [
        op["opcode"] for op in epd["operations"]
        if op["opcode"] not in KNOWN_OPCODES and not re.fullmatch(r"D\d{1,3}", op["opcode"])
    ]
    if unknown and ("invalid san" in error or "illegal san" in error):
        return "a bare operand of an unknown opcode (python-chess reads it as a move)"
    if "could not convert string to float" in error or "invalid literal for int" in error:
        return "several operands that start with a number (python-chess reads them as one number)"
    return None


def run_fenkit(fenkit, args):
    """`fenkit ARGS`: its standard output, or None when it could not run (exit status 2)."""
    try:
        result = subprocess.run([fenkit, *args], capture_output=True, text=True, check=False)
    except OSError as error:
        sys.stderr.write(f"error: cannot run {fenkit!r}: {error}\n")
        return None
    if result.returncode not in (0, 1):
        sys.stderr.write(f"error: fenkit {' '.join(args)} failed ({result.returncode}):\n{result.stderr}")
        return None
    return result.stdout


def main_cli(fenkit, files, verify_perft):
    """The oracle through the command line (see the module's documentation)."""
    import shutil
    import tempfile

    counts = collections.Counter()
    disagreements = []
    unexplained = []
    defects = []
    perft_wrong = []
    refused_after_fmt = collections.defaultdict(list)
    check_args = ["check", "--quiet", "--output-format", "json-lines"]
    if verify_perft:
        check_args += ["--verify-perft", str(verify_perft)]
    findings = run_fenkit(fenkit, check_args + files)
    if findings is None:
        return 2
    by_line = collections.defaultdict(list)
    for line in findings.splitlines():
        finding = json.loads(line)
        by_line[(os.path.abspath(finding["path"]), finding["line"])].append(finding)
        if finding["code"] == "EPD208":
            perft_wrong.append((f"{os.path.relpath(finding['path'])}:{finding['line']}", finding["message"]))
    with tempfile.TemporaryDirectory() as scratch:
        for index, path in enumerate(files):
            copy = os.path.join(scratch, f"{index}.epd")
            shutil.copyfile(path, copy)
            if run_fenkit(fenkit, ["fmt", "--quiet", copy]) is None:
                return 2
            as_json = run_fenkit(fenkit, ["convert", "--quiet", "--aligned", "--from", "epd", "--to", "json", path])
            as_fen = run_fenkit(fenkit, ["convert", "--quiet", "--aligned", "--lossy", "--from", "epd", "--to", "fen", path])
            if as_json is None or as_fen is None:
                return 2
            with open(path, encoding="utf-8", errors="replace", newline="") as f:
                original = f.read().splitlines()
            with open(copy, encoding="utf-8", errors="replace", newline="") as f:
                formatted = f.read().splitlines()
            json_rows, fen_rows = as_json.splitlines(), as_fen.splitlines()
            if not (len(original) == len(formatted) == len(json_rows) == len(fen_rows)):
                sys.stderr.write(f"error: {path}: fmt or convert --aligned changed the line count\n")
                return 2
            for number, (text, after, row, fen) in enumerate(zip(original, formatted, json_rows, fen_rows), 1):
                text = text.rstrip("\r")
                if not text.strip() or text.lstrip().startswith(("%", "#")):
                    continue
                where = f"{os.path.relpath(path)}:{number}"
                counts["lines"] += 1
                errors = [
                    f for f in by_line[(os.path.abspath(path), number)]
                    if f["severity"] == "error" and f["code"] != "EPD208"
                ]
                if row == "null" or errors:
                    counts["fenkit refuses"] += 1
                    python, python_error = read_python(text)
                    verdict = f"python-chess: {python_error}" if python_error else "python-chess reads it"
                    defects.append((where, text, [f"{f['code']}: {f['message']}" for f in errors], verdict))
                    continue
                counts["fenkit reads"] += 1
                mine = (fenkit_position({"epd": json.loads(row), "canonical": fen}),
                        fenkit_operations({"epd": json.loads(row)}))
                python, python_error = read_python(text)
                if python_error is None:
                    if python == mine:
                        counts["agree as written"] += 1
                    else:
                        counts["disagree as written"] += 1
                        disagreements.append((where, text, "as written", mine, python))
                else:
                    counts["python-chess refuses as written"] += 1
                after = after.rstrip("\r")
                if after != text:
                    counts["rewritten by fmt"] += 1
                again, again_error = read_python(after)
                if again_error is None:
                    if again == mine:
                        counts["python-chess reads the fmt line as fenkit reads the original"] += 1
                    else:
                        counts["disagree after fmt"] += 1
                        disagreements.append((where, after, "after fmt", mine, again))
                    continue
                reason = formatted_refusal_reason(json.loads(row), again_error)
                if reason:
                    refused_after_fmt[reason].append(where)
                    counts["python-chess refuses the fmt line, by its rules"] += 1
                else:
                    counts["python-chess refuses the fmt line, unexplained"] += 1
                    unexplained.append((where, after, again_error))

    print(f"python-chess {chess.__version__} through {fenkit}; {len(files)} files, {counts['lines']} position lines")
    for key in (
        "fenkit reads",
        "agree as written",
        "disagree as written",
        "python-chess refuses as written",
        "rewritten by fmt",
        "python-chess reads the fmt line as fenkit reads the original",
        "disagree after fmt",
        "python-chess refuses the fmt line, by its rules",
        "python-chess refuses the fmt line, unexplained",
        "fenkit refuses",
    ):
        print(f"  {key}: {counts[key]}")
    for reason, where in sorted(refused_after_fmt.items()):
        print(f"python-chess refuses after fmt: {reason}: {len(where)} lines (e.g. {where[0]})")
    if perft_wrong:
        print(f"wrong perft counts: {len(perft_wrong)}")
        for where, message in perft_wrong[:SHOWN]:
            print(f"  {where}: {message}")
    elif verify_perft:
        print(f"perft counts D1 to D{verify_perft}: all right")
    if defects:
        print(f"defects (fenkit refuses the line, or reads it with an error): {len(defects)}")
        for where, text, messages, verdict in defects:
            print(f"  {where}: {text}")
            for message in messages:
                print(f"      {message}")
            print(f"      ({verdict})")
    for where, text, error in unexplained[:SHOWN]:
        print(f"UNEXPLAINED python-chess refusal after fmt {where}: {text}\n    {error}")
    for where, text, stage, mine, theirs in disagreements[:SHOWN]:
        print(f"DISAGREE ({stage}) {where}: {text}\n    fenkit:       {mine}\n    python-chess: {theirs}")
    return 1 if disagreements or unexplained or perft_wrong else 0


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("paths", nargs="+", help="EPD files, or directories searched for *.epd")
    parser.add_argument("--reader", default=DEFAULT_READER, help="the program that prints fenkit's reading")
    parser.add_argument("--fenkit", metavar="FENKIT", help="check through this fenkit binary (fmt, convert, check)")
    parser.add_argument("--verify-perft", type=int, default=0, metavar="N")
    args = parser.parse_args()

    files = epd_files(args.paths)
    if not files:
        sys.stderr.write("error: no EPD file found\n")
        return 2
    if args.fenkit:
        return main_cli(args.fenkit, files, args.verify_perft)
    command = shlex.split(args.reader)
    if args.verify_perft:
        command += ["--verify-perft", str(args.verify_perft)]
    try:
        result = subprocess.run(command + files, capture_output=True, text=True, check=False)
    except OSError as error:
        sys.stderr.write(f"error: cannot run the reader {args.reader!r}: {error}\n")
        return 2
    if result.returncode != 0:
        sys.stderr.write(f"error: the reader failed ({result.returncode}):\n{result.stderr}")
        return 2
    records = [json.loads(line) for line in result.stdout.splitlines()]

    counts = collections.Counter()
    per_file = collections.defaultdict(collections.Counter)
    disagreements = []
    python_only = collections.defaultdict(list)
    unexplained_python = []
    defects = []
    perft_wrong = []
    for record in records:
        where = f"{os.path.relpath(record['file'])}:{record['line']}"
        text = record["text"]
        counts["lines"] += 1
        per_file[record["file"]]["lines"] += 1
        python, python_error = read_python(text)
        fenkit_error = record.get("error")
        errors = codes(record, "error")
        if "EPD208" in errors:
            perft_wrong.append((where, [f["message"] for f in record["findings"] if f["code"] == "EPD208"]))
            errors.discard("EPD208")
        if fenkit_error or errors:
            counts["fenkit refuses"] += 1
            per_file[record["file"]]["fenkit refuses"] += 1
            messages = (
                [f"{fenkit_error['code']}: {fenkit_error['message']}"]
                if fenkit_error
                else [f"{f['code']}: {f['message']}" for f in record["findings"] if f["severity"] == "error"]
            )
            verdict = f"python-chess: {python_error}" if python_error else "python-chess reads it"
            defects.append((where, text, messages, verdict))
            continue
        counts["fenkit reads"] += 1
        if python_error:
            reason = python_refusal_reason(record, python_error)
            if reason:
                python_only[reason].append(where)
                counts["python-chess refuses, explained"] += 1
                # Once written canonically, the line is one python-chess reads as fenkit did.
                again, again_error = read_python(record["canonical"])
                mine = (fenkit_position(record), fenkit_operations(record))
                # What fmt does not rewrite, python-chess still refuses for the same reason;
                # clocks fmt does rewrite.
                again_reason = python_refusal_reason(record, again_error, True) if again_error else None
                if again_reason:
                    counts["refused after fmt too, by python-chess's rules"] += 1
                elif again_error or again != mine:
                    disagreements.append((where, record["canonical"], "after fmt", mine, again or again_error))
                    counts["disagree after fmt"] += 1
                else:
                    counts["refused, then read after fmt as fenkit reads it"] += 1
            else:
                unexplained_python.append((where, text, python_error, sorted(codes(record))))
                counts["python-chess refuses, unexplained"] += 1
            continue
        mine = (fenkit_position(record), fenkit_operations(record))
        if mine != python:
            disagreements.append((where, text, "as read", mine, python))
            counts["disagree"] += 1
            continue
        counts["agree"] += 1
        per_file[record["file"]]["agree"] += 1
        if record["canonical"] != text:
            counts["rewritten by fmt"] += 1
            again, again_error = read_python(record["canonical"])
            if again_error or again != python:
                disagreements.append((where, record["canonical"], "after fmt", python, again or again_error))
                counts["disagree after fmt"] += 1
            else:
                counts["rewritten, python-chess reads the same"] += 1

    print(f"python-chess {chess.__version__}; {len(files)} files, {counts['lines']} position lines")
    for key in (
        "agree",
        "disagree",
        "rewritten by fmt",
        "rewritten, python-chess reads the same",
        "disagree after fmt",
        "python-chess refuses, explained",
        "refused, then read after fmt as fenkit reads it",
        "refused after fmt too, by python-chess's rules",
        "python-chess refuses, unexplained",
        "fenkit refuses",
    ):
        print(f"  {key}: {counts[key]}")
    for reason, where in sorted(python_only.items()):
        print(f"python-chess refuses, fenkit reads: {reason}: {len(where)} lines (e.g. {where[0]})")
    if perft_wrong:
        print(f"wrong perft counts: {len(perft_wrong)}")
        for where, messages in perft_wrong[:SHOWN]:
            print(f"  {where}: {'; '.join(messages)}")
    elif args.verify_perft:
        print(f"perft counts D1 to D{args.verify_perft}: all right")
    if defects:
        print(f"defects (fenkit refuses the line, or reads it with an error): {len(defects)}")
        for where, text, messages, verdict in defects:
            print(f"  {where}: {text}")
            for message in messages:
                print(f"      {message}")
            print(f"      ({verdict})")
    for where, text, error, found in unexplained_python[:SHOWN]:
        print(f"UNEXPLAINED python-chess refusal {where}: {text}\n    {error}; fenkit found {found}")
    for where, text, stage, mine, theirs in disagreements[:SHOWN]:
        print(f"DISAGREE ({stage}) {where}: {text}\n    fenkit:       {mine}\n    python-chess: {theirs}")
    failed = disagreements or unexplained_python or perft_wrong
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
