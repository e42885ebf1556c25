"""Cases of the variants' rules, one case file per variant, written from spec/variants.md
section 7 (the rules) and section 10 (the `VARxxx` codes, each one of python-chess 1.11.2's
`status()` flags). Sections cited in the reasons are spec/variants.md's.

Each case's `notation` is its file's variant, and `variant` names it again, as the rules
table spells it. The input is a FEN as python-chess writes it for that variant (a crazyhouse
pocket in brackets, three-check's remaining checks as `3+3`). An accepted case's `canonical` is
the position as python-chess writes it (`Board.fen()`: no fix applied) and its `findings` the
warnings (`VAR101`, `VAR102`); a rejected case's `code` is the first error: a `VAR0xx` code, or
the `DFEN` code of a text that is no FEN.
"""

from common import _add, _input_fields

VARIANTS = ["antichess", "giveaway", "atomic", "horde", "racingkings", "kingofthehill",
            "threecheck", "crazyhouse"]

START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR"
KK = "4k3/8/8/8/8/8/8/4K3"


def _case(variant, name, data, reason):
    if variant not in VARIANTS:
        raise SystemExit(f"{name}: unknown variant {variant}")
    case = {"name": name, "notation": variant, "profile": "spec", "variant": variant}
    case.update(_input_fields(data))
    return case


def y(variant, name, data, reason, findings=(), canonical=None):
    case = _case(variant, name, data, reason)
    case["verdict"] = "accept"
    case["canonical"] = data if canonical is None else canonical
    case["findings"] = sorted(set(findings))
    case["reason"] = reason
    _add(variant, case)


def n(variant, name, data, code, reason):
    case = _case(variant, name, data, reason)
    case["verdict"] = "reject"
    case["code"] = code
    case["reason"] = reason
    _add(variant, case)


# ---------------------------------------------------------------- antichess
A = "antichess"
y(A, "y_antichess_start", f"{START} w - - 0 1", "lichess's antichess starts without castling rights (s7)")
y(A, "y_antichess_no_kings", "8/8/8/8/8/8/8/R6r w - - 0 1",
  "the king is an ordinary piece: a position without kings is valid (s7)")
y(A, "y_antichess_several_kings", "k7/8/8/8/8/8/8/KK6 w - - 0 1",
  "any number of kings: VAR003 is not antichess's (s10)")
y(A, "y_antichess_102_castling_rights", f"{START} w KQkq - 0 1",
  "castling rights mean nothing in lichess's antichess: a fixable warning (s7, s10 VAR102)",
  findings=["VAR102"])
y(A, "y_antichess_101_no_pieces_left", "8/8/8/8/8/8/8/4K3 b - - 0 1",
  "Black has no piece left and so has won: valid, the game is over (s7, s10 VAR101)",
  findings=["VAR101"])
n(A, "n_antichess_001_empty", "8/8/8/8/8/8/8/8 w - - 0 1", "VAR001", "an empty board (s10 VAR001)")
n(A, "n_antichess_005_pawns", "4k3/pppppppp/p7/8/8/8/8/4K3 w - - 0 1", "VAR005",
  "nine black pawns (s10 VAR005)")
n(A, "n_antichess_006_back_rank", "4k2P/8/8/8/8/8/8/4K3 w - - 0 1", "VAR006",
  "a pawn on rank 8 (s10 VAR006)")
n(A, "n_antichess_syntax", "8/8/8 w - - 0 1", "DFEN003", "three ranks: no FEN at all")

# ---------------------------------------------------------------- giveaway
G = "giveaway"
y(G, "y_giveaway_start", f"{START} w KQkq - 0 1",
  "giveaway is antichess with castling: its rights are meaningful, no warning (s7)")
y(G, "y_giveaway_two_black_kings", "8/8/3kk3/8/8/8/8/4K3 b - - 0 1",
  "any number of kings (s7)")
n(G, "n_giveaway_001_empty", "8/8/8/8/8/8/8/8 w - - 0 1", "VAR001", "an empty board (s10 VAR001)")

# ---------------------------------------------------------------- atomic
T = "atomic"
y(T, "y_atomic_start", f"{START} w KQkq - 0 1", "the start position (s7)")
y(T, "y_atomic_kings_touch", "8/8/8/8/8/8/8/kK6 w - - 0 1",
  "kings may stand side by side: neither gives check (s7)")
y(T, "y_atomic_opposite_check_dropped", "8/8/8/8/8/8/r7/K1k5 b - - 0 1",
  "python-chess drops STATUS_OPPOSITE_CHECK in atomic: the white king attacked, Black to move, "
  "is valid (s7)")
y(T, "y_atomic_101_king_exploded", "4k3/8/8/8/8/8/8/8 w - - 0 1",
  "the side to move has no king: it exploded, the game is over (s7, s10 VAR101)",
  findings=["VAR101"])
n(T, "n_atomic_002_no_king_not_to_move", "8/8/8/8/8/8/8/4K3 w - - 0 1", "VAR002",
  "in atomic a missing king is an error only for the side not to move (s10 VAR002)")

# ---------------------------------------------------------------- horde
H = "horde"
HORDE_START = "rnbqkbnr/pppppppp/8/1PP2PP1/PPPPPPPP/PPPPPPPP/PPPPPPPP/PPPPPPPP w kq - 0 1"
y(H, "y_horde_start", HORDE_START, "the horde's start: 36 white pawns, no white king (s7)")
y(H, "y_horde_pawns_on_rank_one", "4k3/8/8/8/8/8/8/PPPPPPPP b - - 0 1",
  "White's pawns may stand on rank 1 (s7, s10 VAR006)")
n(H, "n_horde_012_white_king", f"{START} w KQkq - 0 1", "VAR012",
  "a white king in the horde (s10 VAR012)")
n(H, "n_horde_002_no_black_king", "8/8/8/8/8/8/8/PPPPPPPP w - - 0 1", "VAR002",
  "Black needs its king (s10 VAR002)")

# ---------------------------------------------------------------- racing kings
R = "racingkings"
y(R, "y_racingkings_start", "8/8/8/8/8/8/krbnNBRK/qrbnNBRQ w - - 0 1", "the start position (s7)")
n(R, "n_racingkings_013_check", "8/8/8/8/8/8/k6q/6RK w - - 0 1", "VAR013",
  "no position may hold a check (s10 VAR013)")
n(R, "n_racingkings_014_over", "k5K1/8/8/8/8/8/8/8 b - - 0 1", "VAR014",
  "White's king is home and Black's cannot answer: the race is over (s10 VAR014)")
n(R, "n_racingkings_015_pawn", "8/8/8/8/8/P7/krbnNBRK/qrbnNBRQ w - - 0 1", "VAR015",
  "racing kings has no pawns (s10 VAR015)")

# ---------------------------------------------------------------- king of the hill
K = "kingofthehill"
y(K, "y_kingofthehill_start", f"{START} w KQkq - 0 1", "the start position (s7)")
y(K, "y_kingofthehill_101_on_the_hill", "rnbq1bnr/pppppppp/8/4k3/8/8/PPPPPPPP/RNBQKBNR w KQ - 0 1",
  "Black's king on e5: valid, and the game is over (s7, s10 VAR101)", findings=["VAR101"])
n(K, "n_kingofthehill_009_opposite_check", "4k3/8/8/8/8/8/8/4R1K1 w - - 0 1", "VAR009",
  "the side not to move is in check (s10 VAR009)")
n(K, "n_kingofthehill_003_kings", "k7/8/8/8/8/8/8/K3K3 w - - 0 1", "VAR003",
  "three kings (s10 VAR003)")
n(K, "n_kingofthehill_004_pieces", "4k3/8/8/8/8/NNNNNNNN/NNNNNNNN/4K3 w - - 0 1", "VAR004",
  "seventeen white pieces (s10 VAR004)")
n(K, "n_kingofthehill_007_castling", f"{KK} w KQ - 0 1", "VAR007",
  "castling rights without rooks (s10 VAR007)")
n(K, "n_kingofthehill_008_en_passant", f"{KK} w - e6 0 1", "VAR008",
  "an en-passant square with no pawn pushed past it (s10 VAR008)")
n(K, "n_kingofthehill_010_checkers", "4k3/8/8/8/1b6/3n4/4r3/4K3 w - - 0 1", "VAR010",
  "three pieces give check (s10 VAR010)")
n(K, "n_kingofthehill_011_impossible_check", "4k3/8/8/8/8/8/8/r3K2q w - - 0 1", "VAR011",
  "two checks along one line no move can give (s10 VAR011)")

# ---------------------------------------------------------------- three-check
C = "threecheck"
y(C, "y_threecheck_start", f"{START} w KQkq - 3+3 0 1",
  "the start position, three checks to give each (s7)")
y(C, "y_threecheck_101_third_check", f"{KK} w - - 3+0 0 1",
  "Black has given its third check: valid, and the game is over (s7, s10 VAR101)",
  findings=["VAR101"])
n(C, "n_threecheck_009_opposite_check", "4k3/8/8/8/8/8/8/4R1K1 w - - 3+3 0 1", "VAR009",
  "the side not to move is in check (s10 VAR009)")

# ---------------------------------------------------------------- crazyhouse
Z = "crazyhouse"
y(Z, "y_crazyhouse_start", f"{START}[] w KQkq - 0 1", "the start position, nothing held (s7)")
y(Z, "y_crazyhouse_pockets", f"{KK}[QRp] w - - 0 1",
  "White holds a queen and a rook, Black a pawn (s7)")
y(Z, "y_crazyhouse_nine_white_pawns", "4k3/pppppp2/8/8/8/P7/PPPPPPPP/4K3[] w - - 0 1",
  "nine white pawns, 15 in all: crazyhouse counts 16 pawns in all, not 8 a side (s10 VAR005)")
y(Z, "y_crazyhouse_pawns_held_beyond_sixteen",
  "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R[Pp] w KQkq - 2 3",
  "as python-chess 1.11.2: pawns in the pockets only lift the limit of 8 a side on the board; "
  "16 on the board and 2 held is no error (s7)")
n(Z, "n_crazyhouse_005_pawns_in_all", "4k3/pppppppp/8/8/8/P7/PPPPPPPP/4K3[] w - - 0 1", "VAR005",
  "nine white and eight black pawns on the board: 17 in all (s10 VAR005)")
n(Z, "n_crazyhouse_006_back_rank", "4k2P/8/8/8/8/8/8/4K3[] w - - 0 1", "VAR006",
  "a pawn on rank 8 (s10 VAR006)")
