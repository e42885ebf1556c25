#!/usr/bin/env python3
"""A small variant FEN checker written from spec/variants.md alone, speaking the adapter protocol.

It reads three-check, crazyhouse and two-move chess in the dialects of section 2, chosen with
`--variant V --dialect D` (as `fenkit parity --notation variants` passes them through
`{variant}` and `{dialect}`), and answers with the canonical form in the dialect read, every
fixable finding applied, and the finding codes. The six standard fields are read with
dfen_checker.py, which checks their syntax only: the standard fields' position findings
(spec/dfen.md section 5.3) are not checked, the variants' own ones (section 4) are, and of
the rules that judge three-check and crazyhouse positions (section 11) the game ended by a
third check and crazyhouse's material. The divergences are listed in
variant_checker.known-failures. Standard library only.
"""

import re
import sys

import adapter_protocol
from dfen_checker import MAX_INPUT_LEN, Reject, castling, clock, en_passant, placement

LIMIT = 3
ROLES = "PNBRQ"
FILES = "abcdefgh"
# The fields after the six standard ones each dialect allows: (at least, at most).
EXTRA = {
    ("threecheck", "essay"): (0, 2),
    ("threecheck", "stockfish"): (0, 1),
    ("threecheck", "lichess"): (0, 1),
    ("crazyhouse", "essay"): (0, 2),
    ("crazyhouse", "stockfish"): (0, 0),
    ("crazyhouse", "lichess"): (0, 0),
    ("twomove", "essay"): (0, 1),
}


def option(name):
    args = sys.argv[1:]
    if name not in args or args.index(name) + 1 >= len(args):
        raise ValueError(f"{name} is required")
    return args[args.index(name) + 1]


def counter(text):
    if not re.fullmatch(r"0|[1-9][0-9]*", text) or int(text) > 255:
        raise Reject("DFEN030", f"malformed check counter {text!r}")
    return int(text)


def take_marks(board):
    """The board without its `~` marks, and the square of the piece before each mark (None
    when no piece stands right before it)."""
    plain, marks = [], []
    rank, file, last = 8, 0, None
    for c in board:
        if c == "~":
            marks.append(last)
            last = None
            continue
        plain.append(c)
        if c == "/":
            rank, file, last = rank - 1, 0, None
        elif c in "12345678":
            file, last = file + int(c), None
        else:
            last = f"{FILES[file]}{rank}" if file < 8 and 1 <= rank <= 8 else None
            file += 1
    return "".join(plain), marks


def squares(board):
    """The pieces of a canonical placement, by square name."""
    out = {}
    for row, rank in enumerate(board.split("/")):
        file = 0
        for c in rank:
            if c.isdigit():
                file += int(c)
            else:
                out[f"{FILES[file]}{8 - row}"] = c
                file += 1
    return out


def marked_board(pieces, promoted):
    ranks = []
    for rank in range(8, 0, -1):
        text, run = "", 0
        for f in FILES:
            piece = pieces.get(f"{f}{rank}")
            if piece is None:
                run += 1
                continue
            text += (str(run) if run else "") + piece + ("~" if f"{f}{rank}" in promoted else "")
            run = 0
        ranks.append(text + (str(run) if run else ""))
    return "/".join(ranks)


def ordered(letters, roles):
    return "".join(sorted(letters, key=lambda c: (c.islower(), roles.index(c.upper()))))


def pocket(text, essay, findings):
    """The pocket as it will be written: kept when in P N B R Q order (or, outside the essay
    field, Q R B N P), else in P N B R Q order with DFEN110."""
    if essay and text == "-":
        return ""
    for c in text:
        if c not in "PNBRQpnbrq":
            raise Reject("DFEN031", f"holdings letter {c!r} is not a piece that can be held")
    pawn_first = ordered(text, ROLES)
    if text == pawn_first or (not essay and text == ordered(text, ROLES[::-1])):
        return text
    findings.append("DFEN110")
    return pawn_first


def promoted_squares(text, findings):
    if text == "-":
        return []
    names = text.split(",")
    for i, name in enumerate(names):
        if len(name) != 2 or name[0] not in FILES or name[1] not in "12345678":
            raise Reject("DFEN033", f"malformed promoted square {name!r}")
        if name in names[:i]:
            raise Reject("DFEN033", f"promoted square {name} twice")
    if names != sorted(names):
        findings.append("DFEN111")
    return sorted(names)


def parse(text):
    variant, dialect = option("--variant"), option("--dialect")
    if variant == "twomove" and dialect != "essay":
        raise Reject("DFEN035", f"two-move chess has no {dialect} dialect")
    if (variant, dialect) not in EXTRA:
        raise ValueError(f"unknown variant or dialect: {variant} {dialect}")
    if len(text.encode("utf-8")) > MAX_INPUT_LEN:
        raise Reject("DFEN001", "input is too long")
    fields = [f for f in text.replace("\t", " ").split(" ") if f]
    if not fields:
        raise Reject("DFEN021", "empty input")
    findings = [] if " ".join(fields) == text else ["DFEN106"]
    low, high = EXTRA[(variant, dialect)]
    if not 6 + low <= len(fields) <= 6 + high:
        raise Reject("DFEN002", f"expected {6 + low} to {6 + high} fields, found {len(fields)}")
    counters = fields.pop(4) if (variant, dialect) == ("threecheck", "stockfish") and len(fields) == 7 else None
    six, extra = fields[:6], fields[6:]
    board, held, marks = six[0], None, []
    if variant == "crazyhouse" and dialect != "essay":
        if dialect == "stockfish" and "[" in board:
            start, end = board.index("["), board.find("]")
            if not start < end == len(board) - 1:
                raise Reject("DFEN032", "malformed pocket")
            board, held = board[:start], board[start + 1:end]
        elif dialect == "lichess" and board.count("/") >= 8:
            ranks = board.split("/")
            if len(ranks) > 9:
                raise Reject("DFEN032", "more than eight ranks and a pocket")
            board, held = "/".join(ranks[:8]), ranks[8]
        board, marks = take_marks(board)
        if held is None:
            findings.append("DFEN112")
            held = ""
    board = placement(board)
    side = six[1]
    if side not in ("w", "b"):
        raise Reject("DFEN007", f"side to move must be w or b, found {side!r}")
    rights, ep = castling(six[2]), en_passant(six[3])
    if len(ep) > 2:
        raise Reject("DFEN010", "one en-passant square at most")
    half, full = clock(six[4], False), clock(six[5], True)
    standard = f"{board} {side} {rights} {ep} {half} {full}"

    if variant == "threecheck":
        if dialect == "essay":
            white, black = ([counter(t) for t in extra] + [0, 0])[:2]
            if len(extra) < 2:
                findings.append("DFEN112")
        elif dialect == "stockfish":
            white = black = 0
            if counters is None:
                findings.append("DFEN112")
            else:
                if "+" not in counters[1:]:
                    raise Reject("DFEN030", f"malformed remaining checks {counters!r}")
                left, right = counters.split("+", 1)
                remaining = counter(left), counter(right)
                if max(remaining) > LIMIT:
                    raise Reject("DFEN230", "more checks remaining than the limit")
                white, black = LIMIT - remaining[0], LIMIT - remaining[1]
        else:
            white = black = 0
            if not extra:
                findings.append("DFEN112")
            elif not extra[0].startswith("+") or "+" not in extra[0][1:]:
                raise Reject("DFEN030", f"malformed checks given {extra[0]!r}")
            else:
                left, right = extra[0][1:].split("+", 1)
                white, black = counter(left), counter(right)
        if max(white, black) > LIMIT:
            raise Reject("DFEN230", "checks beyond the limit")
        if max(white, black) == LIMIT:
            findings.append("VAR101")  # the third check has ended the game (section 10)
        if dialect == "essay":
            return (True, f"{standard} {white} {black}", findings)
        if dialect == "stockfish":
            return (True, f"{board} {side} {rights} {ep} {LIMIT - white}+{LIMIT - black} {half} {full}",
                    findings)
        return (True, f"{standard} +{white}+{black}", findings)

    if variant == "crazyhouse":
        pieces = squares(board)
        if dialect == "essay":
            held = pocket(extra[0], True, findings) if extra else ""
            marked = promoted_squares(extra[1], findings) if len(extra) > 1 else []
            if len(extra) < 2:
                findings.append("DFEN112")
        else:
            held = pocket(held, False, findings)
            marked = marks
        promoted = set()
        for square in marked:
            if square is None or pieces.get(square, "K").upper() in "KP":
                findings.append("DFEN232")
            else:
                promoted.add(square)
        # Crazyhouse's material as its rules judge it (section 11, python-chess's): at most 16
        # pieces and 8 pawns a side on the board, each bound lifted while the board and both
        # pockets hold at most 32 pieces, and 16 pawns.
        side = lambda letters: sum(1 for p in pieces.values() if p in letters)
        total = len(pieces) + len(held)
        pawns = side("Pp") + held.upper().count("P")
        if total > 32 and (side("PNBRQK") > 16 or side("pnbrqk") > 16):
            raise Reject("VAR004", "too many pieces")
        if pawns > 16 and (side("P") > 8 or side("p") > 8):
            raise Reject("VAR005", "too many pawns")
        if dialect == "essay":
            return (True, f"{standard} {held or '-'} {','.join(sorted(promoted)) or '-'}", findings)
        rest = standard.split(" ", 1)[1]
        board = marked_board(pieces, promoted)
        written = f"{board}[{held}]" if dialect == "stockfish" else f"{board}/{held}"
        return (True, f"{written} {rest}", findings)

    sub_turn = extra[0] if extra else "1"
    if sub_turn not in ("1", "2"):
        raise Reject("DFEN034", f"sub-turn must be 1 or 2, found {sub_turn!r}")
    if not extra:
        findings.append("DFEN112")
    if sub_turn == "2" and ((side == "w" and full == "1") or ep != "-"):
        raise Reject("DFEN233", "sub-turn 2 contradicts the position")
    return (True, f"{standard} {sub_turn}", findings)


def check(text):
    try:
        result = parse(text)
        return (result[0], result[1], sorted(set(result[2])))
    except Reject as r:
        return (False, r.code, r.message)


if __name__ == "__main__":
    sys.exit(adapter_protocol.main(check))
