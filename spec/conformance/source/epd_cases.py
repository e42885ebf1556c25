"""EPD cases, written from spec/epd.md (sections cited in the reasons).

`build.py` writes them to `v1/epd.jsonl`, a file v1 did not have at its release (a new
notation may join a released version as a new file, spec/conformance.md section 8).
`fenkit parity --notation epd` runs them through the parse protocol; the Python tests also check
every case against the library (`python/tests/test_epd.py`).

An accepted case also gives `operations`: the JSON form's list (spec/epd.md §6), each operation's
opcode, operands as written (strings unescaped) and, for move opcodes, the moves in UCI. A
rejected case's `code` is the first error: a syntax error (`EPD0xx`, `DFEN0xx`) or the first
error finding (`EPD2xx`, `EPD020`).
"""

from common import accept, reject

KK = "4k3/8/8/8/8/8/8/4K3"
BK01 = "1k1r4/pp1b1R2/3q2pp/4p3/2B5/4Q3/PPP2B2/2K5"
START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR"
CAST = "r3k2r/8/8/8/8/8/8/R3K2R"


def op(opcode, operands, moves=None):
    """One operation of the JSON form."""
    entry = {"opcode": opcode, "operands": list(operands)}
    if moves is not None:
        entry["moves"] = list(moves)
    return entry


def y(name, data, canonical, operations, reason, findings=()):
    accept("epd", name, data, canonical, reason, "spec", findings, operations=operations)


def n(name, data, code, reason):
    reject("epd", name, data, code, reason, "spec")


# ---------------------------------------------------------------- canonical lines
y("y_epd_bk01", f'{BK01} b - - bm Qd1+; id "BK.01";', f'{BK01} b - - bm Qd1+; id "BK.01";',
  [op("bm", ["Qd1+"], ["d6d1"]), op("id", ["BK.01"])],
  "Bratko-Kopec 1: a move with its check suffix and an id string (s2, s4)")
y("y_epd_no_operations", f"{KK} w - -", f"{KK} w - -", [],
  "four position fields and no operation (s1)")
y("y_epd_clocks_as_operations", f"{KK} b - - hmvc 7; fmvn 30;", f"{KK} b - - hmvc 7; fmvn 30;",
  [op("hmvc", ["7"]), op("fmvn", ["30"])], "hmvc and fmvn are the clocks (s1, s3)")
y("y_epd_dm_negative", "7K/k7/8/Pp6/8/8/8/8 w - - dm -15;", "7K/k7/8/Pp6/8/8/8/8 w - - dm -15;",
  [op("dm", ["-15"])], "a tablebase suite's dm -15: mated in 15 (s3)")
y("y_epd_pv_played_out", f"{START} w KQkq - pv f3 e5 g4 Qh4#;",
  f"{START} w KQkq - pv f3 e5 g4 Qh4#;",
  [op("pv", ["f3", "e5", "g4", "Qh4#"], ["f2f3", "e7e5", "g2g4", "d8h4"])],
  "a variation is played out move by move; the last one mates (s3, s4)")
y("y_epd_castling_moves", f"{CAST} w KQkq - bm O-O O-O-O;", f"{CAST} w KQkq - bm O-O O-O-O;",
  [op("bm", ["O-O", "O-O-O"], ["e1g1", "e1c1"])], "castling in UCI is the king's move (s4, s6)")
y("y_epd_no_operand_operations", f"{KK} w - - noop; draw_offer;", f"{KK} w - - noop; draw_offer;",
  [op("noop", []), op("draw_offer", [])], "operations with no operands (s3)")

# ---------------------------------------------------------------- strings
y("y_epd_string_with_semicolon", f'{KK} w - - c0 "bm f7g8; am h5h1";',
  f'{KK} w - - c0 "bm f7g8; am h5h1";', [op("c0", ["bm f7g8; am h5h1"])],
  "a `;` inside a string belongs to it (s2)")
y("y_epd_string_escapes", f'{KK} w - - c0 "say \\"hi\\" \\\\o/";',
  f'{KK} w - - c0 "say \\"hi\\" \\\\o/";', [op("c0", ['say "hi" \\o/'])],
  "`\\\"` and `\\\\` are the escapes; the JSON form holds the string unescaped (s2, s6)")
y("y_epd_lone_backslash", f'{KK} w - - c0 "C:\\games";', f'{KK} w - - c0 "C:\\\\games";',
  [op("c0", ["C:\\games"])], "a backslash before anything else is itself, written `\\\\` (s2)",
  findings=["EPD107"])
y("y_epd_bare_string", f"{KK} w - - c0 8;", f'{KK} w - - c0 "8";', [op("c0", ["8"])],
  "a bare token where a string belongs is quoted (s3)", findings=["EPD106"])

# ---------------------------------------------------------------- layout and spellings
y("y_epd_missing_final_semicolon", f"{KK} w - - bm Kd2", f"{KK} w - - bm Kd2;",
  [op("bm", ["Kd2"], ["e1d2"])], "a missing final `;` is appended (s2)", findings=["EPD101"])
y("y_epd_empty_operation", f"{KK} w - - noop;; id \"x\";", f'{KK} w - - noop; id "x";',
  [op("noop", []), op("id", ["x"])], "an empty operation is dropped (s2)", findings=["EPD102"])
y("y_epd_perft_layout", "4k3/8/8/8/8/8/8/4K2R w K - ;D1 15 ;D2 66",
  "4k3/8/8/8/8/8/8/4K2R w K - D1 15; D2 66;", [op("D1", ["15"]), op("D2", ["66"])],
  "the perft-suite layout is read as operations, exactly (s2, s7)", findings=["EPD103"])
y("y_epd_clocks_in_operation_position", f"{KK} w - - 0 1", f"{KK} w - - hmvc 0; fmvn 1;",
  [op("hmvc", ["0"]), op("fmvn", ["1"])],
  "two integers after the fields are the clocks, never an opcode (s2)", findings=["EPD105"])
y("y_epd_clocks_then_semicolon", f'{KK} w - - 8 47; id "x";',
  f'{KK} w - - hmvc 8; fmvn 47; id "x";', [op("hmvc", ["8"]), op("fmvn", ["47"]), op("id", ["x"])],
  "a line ending its clocks with `;` (s2)", findings=["EPD105"])
y("y_epd_uci_move", f"{START} w KQkq - bm b1c3;", f"{START} w KQkq - bm Nc3;",
  [op("bm", ["b1c3"], ["b1c3"])], "a UCI move is written as SAN (s4)", findings=["EPD110"])
y("y_epd_missing_check_and_capture", "6k1/6r1/8/8/8/8/8/K5R1 w - - bm Rg7;",
  "6k1/6r1/8/8/8/8/8/K5R1 w - - bm Rxg7+;", [op("bm", ["Rg7"], ["g1g7"])],
  "`Rg7` written for `Rxg7+`: the capture mark and the check suffix (s4)",
  findings=["EPD111", "EPD112"])
y("y_epd_castling_zeros", f"{CAST} w KQkq - bm 0-0;", f"{CAST} w KQkq - bm O-O;",
  [op("bm", ["0-0"], ["e1g1"])], "castling with zeros (s4)", findings=["EPD114"])
y("y_epd_unknown_opcode", "8/2K5/8/8/8/8/3p4/1k2N3 b - - wdl 2;",
  "8/2K5/8/8/8/8/3p4/1k2N3 b - - wdl 2;", [op("wdl", ["2"])],
  "an unknown opcode is kept as written: a note, no finding (s3)")

# ---------------------------------------------------------------- refused
n("n_epd_unterminated_string", f'{KK} w - - c0 "bm g5g2; am g5f5;', "EPD003",
  "a string without its closing quote (s2)")
n("n_epd_bad_opcode", f"{KK} w - - class mate; gate-prone", "EPD002",
  "an opcode is letters, digits and underscores (s2)")
n("n_epd_three_fields", "4k3/8/8/8/8/8/8/4K3 w -", "DFEN002", "four position fields (s1)")
n("n_epd_illegal_san", f"{KK} w - - bm Kd3;", "EPD203", "no legal move matches (s4)")
n("n_epd_ambiguous_san", "r1bqk2r/ppp2ppp/2n5/4P3/2Bp2n1/5N1P/PP1N1PP1/R2Q1RK1 b kq - am Ne5;",
  "EPD204", "two knights can take on e5 (s4)")
n("n_epd_not_san", "rnbq1rk1/pppp1ppp/4pn2/8/1bPP4/P1N5/1PQ1PPPP/R1B1KBNR b KQ - bm Bcx3+;",
  "EPD020", "`Bcx3+` is not SAN (s4)")
n("n_epd_illegal_in_variation", f"{START} w KQkq - pv e4 e4;", "EPD203",
  "the second move is read after the first: e4 again is no move (s3, s4)")
n("n_epd_repeated_opcode", f"{KK} w - - bm Kd2; bm Ke2;", "EPD205",
  "an opcode once per line (s3)")
n("n_epd_fmvn_zero", f"{KK} w - - fmvn 0;", "EPD202", "fmvn is at least 1 (s3)")
n("n_epd_operand_count", f"{KK} w - - acd 5 6;", "EPD201", "acd takes one integer (s3)")
n("n_epd_two_en_passant_squares", "4k3/8/8/8/PP6/8/8/4K3 b - a3b3", "EPD207",
  "standard chess has one en-passant square at most (s1)")
