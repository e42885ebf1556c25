"""Variant cases, written from spec/variants.md (sections cited in the reasons).

Each case names its variant and dialect. Accepted cases give the canonical form in the dialect
read (the form `fenkit fmt` writes: every fixable finding applied, the dialect kept); rejected
cases the code of the first error. Three-check cases are read under the default check limit 3.
"""

from common import accept, reject

START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR"
KK = "4k3/8/8/8/8/8/8/4K3"
# After 1.e4 e5 (spec/variants.md section 2.2's three-check example).
E4E5 = "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR"
# After 1.e4 e5 2.Nf3 Nc6 (section 2's crazyhouse example with nothing held).
OPENING = "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R"
# A promoted rook on c8, White holding a pawn and Black two knights (section 2's examples).
ROOK = "2R1k3/8/8/8/8/8/8/4K3"
ROOK_MARKED = "2R~1k3/8/8/8/8/8/8/4K3"
# A middlegame board whose pockets hold White's Q, N, P and Black's r, p.
HAND = "r1b1kb2/pppp1ppp/8/8/8/8/PPP2PPP/R1B1KB1R"
# Three white queens on the board, the one on b1 promoted.
QUEENS = "q3k3/8/8/8/8/8/8/QQ1K4"
QUEENS_MARKED = "q3k3/8/8/8/8/8/8/QQ~1K4"
E4 = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR"


def y(variant, dialect, name, data, canonical, reason, findings=()):
    accept("variants", name, data, canonical, reason, findings=findings, variant=variant,
           dialect=dialect)


def n(variant, dialect, name, data, code, reason):
    reject("variants", name, data, code, reason, variant=variant, dialect=dialect)


# ================================================================ three-check
T = "threecheck"

# ---------------------------------------------------------------- essay: checks given, fields 7-8
y(T, "essay", "y_threecheck_essay_start", f"{START} w KQkq - 0 1 0 0", f"{START} w KQkq - 0 1 0 0",
  "the start position with no check given is canonical: the six fields, then `0 0` (s2.1)")
y(T, "essay", "y_threecheck_essay_one_given", f"{E4E5} w KQkq - 0 2 1 0",
  f"{E4E5} w KQkq - 0 2 1 0",
  "field 7 counts the checks White has given, field 8 Black's (s2.1); the same position as "
  "y_threecheck_stockfish_one_given and y_threecheck_lichess_one_given")
y(T, "essay", "y_threecheck_essay_at_limit", f"{KK} b - - 0 30 3 2", f"{KK} b - - 0 30 3 2",
  "three checks given is the limit, not beyond it: the game is over, the position is readable "
  "(s2.1, s4 DFEN230; s10 VAR101)", ["VAR101"])
y(T, "essay", "y_threecheck_essay_112_both_missing", f"{START} w KQkq - 0 1",
  f"{START} w KQkq - 0 1 0 0", "left-out slot fields take their defaults, `0 0` (s2.1, DFEN112)",
  ["DFEN112"])
y(T, "essay", "y_threecheck_essay_112_black_missing", f"{KK} w - - 0 9 2",
  f"{KK} w - - 0 9 2 0",
  "the fields may be left out from the end: Black's count defaults to 0 (s2.1, DFEN112)",
  ["DFEN112"])
y(T, "essay", "y_threecheck_essay_106_double_space", f"{KK} w - - 0 9 1  0",
  f"{KK} w - - 0 9 1 0", "slot fields are separated by single spaces too (s2, DFEN106)",
  ["DFEN106"])
y(T, "essay", "y_threecheck_essay_106_tab", f"{KK} w - - 0 9 1\t0", f"{KK} w - - 0 9 1 0",
  "a tab between slot fields is fixed to a space (s2, DFEN106)", ["DFEN106"])
n(T, "essay", "n_threecheck_essay_007_castling_without_rook", f"{KK} w K - 0 9 0 1", "VAR007",
  "a castling right without its rook: the position is judged by three-check's rules, as "
  "python-chess judges it, whatever the dialect (s7, s10 VAR007, s11)")
n(T, "essay", "n_threecheck_essay_230_beyond_limit", f"{KK} w - - 0 30 4 0", "DFEN230",
  "four checks given under the limit 3 (s4 DFEN230)")
n(T, "essay", "n_threecheck_essay_230_largest_counter", f"{KK} w - - 0 30 0 255", "DFEN230",
  "255 is the largest counter that can be written, and it is beyond the limit (s2.1, s4)")
n(T, "essay", "n_threecheck_essay_030_too_large", f"{KK} w - - 0 30 256 0", "DFEN030",
  "counters are 0-255 (s2.1 DFEN030)")
n(T, "essay", "n_threecheck_essay_030_leading_zero", f"{KK} w - - 0 9 01 0", "DFEN030",
  "counters have no leading zeros (s2.1 DFEN030)")
n(T, "essay", "n_threecheck_essay_030_negative", f"{KK} w - - 0 9 -1 0", "DFEN030",
  "a counter is a decimal number, not a sign (s2.1 DFEN030)")
n(T, "essay", "n_threecheck_essay_030_dash", f"{KK} w - - 0 9 - -", "DFEN030",
  "`-` is not a counter: no check given is `0` (s2.1 DFEN030)")
n(T, "essay", "n_threecheck_essay_002_three_counters", f"{KK} w - - 0 9 0 0 0", "DFEN002",
  "the essay dialect of three-check has six to eight fields (s2.1)")
n(T, "essay", "n_threecheck_essay_017_stockfish_form", f"{START} w KQkq - 3+3 0 1", "DFEN017",
  "the dialect is declared, never guessed: read as essay, `3+3` is the halfmove clock (s1; "
  "dfen.md DFEN017)")
n(T, "essay", "n_threecheck_essay_030_lichess_form", f"{START} w KQkq - 0 1 +0+0", "DFEN030",
  "read as essay, lichess's `+0+0` is a malformed counter in field 7 (s1, s2.1 DFEN030)")

# ---------------------------------------------------------------- stockfish: remaining, after ep
y(T, "stockfish", "y_threecheck_stockfish_start", f"{START} w KQkq - 3+3 0 1",
  f"{START} w KQkq - 3+3 0 1", "checks remaining to each side, between en passant and the "
  "clocks (s2.2)")
y(T, "stockfish", "y_threecheck_stockfish_one_given", f"{E4E5} w KQkq - 2+3 0 2",
  f"{E4E5} w KQkq - 2+3 0 2",
  "White has given one check, so 2 remain to White (s2.2, s3 decision 1); the same position as "
  "y_threecheck_essay_one_given")
y(T, "stockfish", "y_threecheck_stockfish_none_remaining", f"{KK} b - - 0+1 0 30",
  f"{KK} b - - 0+1 0 30", "0 remaining: White has given all three checks, the game is over (s2.2; s10 VAR101)",
  ["VAR101"])
y(T, "stockfish", "y_threecheck_stockfish_112_six_fields", f"{START} w KQkq - 0 1",
  f"{START} w KQkq - 3+3 0 1", "a six-field FEN is read with the default `3+3` (s2.2, DFEN112)",
  ["DFEN112"])
y(T, "stockfish", "y_threecheck_stockfish_106_trailing_space", f"{KK} w - - 3+3 0 9 ",
  f"{KK} w - - 3+3 0 9", "nothing after the last field (s2, DFEN106)", ["DFEN106"])
n(T, "stockfish", "n_threecheck_stockfish_230_beyond_limit", f"{KK} w - - 4+3 0 1", "DFEN230",
  "4 remaining is more than the limit 3 allows (s2.2, s4 DFEN230)")
n(T, "stockfish", "n_threecheck_stockfish_030_minus", f"{KK} w - - 3-3 0 1", "DFEN030",
  "the counters are `W+B` (s2.2, s4 DFEN030's example)")
n(T, "stockfish", "n_threecheck_stockfish_030_no_white", f"{KK} w - - +3 0 1", "DFEN030",
  "both counters are written (s2.2 DFEN030)")
n(T, "stockfish", "n_threecheck_stockfish_030_no_black", f"{KK} w - - 3+ 0 1", "DFEN030",
  "both counters are written (s2.2 DFEN030)")
n(T, "stockfish", "n_threecheck_stockfish_030_three_parts", f"{KK} w - - 3+3+3 0 1", "DFEN030",
  "two counters, one `+` (s2.2 DFEN030)")
n(T, "stockfish", "n_threecheck_stockfish_030_essay_counter", f"{KK} w - - 0 0 9", "DFEN030",
  "read as stockfish, a seventh field is the counters field after en passant, `W+B` (s1: the "
  "dialect is declared; s2.2)")
n(T, "stockfish", "n_threecheck_stockfish_002_essay_form", f"{START} w KQkq - 0 1 0 0",
  "DFEN002", "the stockfish dialect of three-check has six or seven fields (s2.2)")
n(T, "stockfish", "n_threecheck_stockfish_017_bad_clock", f"{KK} w - - 3+3 x 1", "DFEN017",
  "the standard fields keep their codes when the counters stand between them (s1)")

# ---------------------------------------------------------------- lichess: +given after clocks
y(T, "lichess", "y_threecheck_lichess_start", f"{START} w KQkq - 0 1 +0+0",
  f"{START} w KQkq - 0 1 +0+0", "checks given as one field `+W+B` after the clocks (s2.3)")
y(T, "lichess", "y_threecheck_lichess_one_given", f"{E4E5} w KQkq - 0 2 +1+0",
  f"{E4E5} w KQkq - 0 2 +1+0",
  "White has given one check (s2.3); the same position as y_threecheck_essay_one_given")
y(T, "lichess", "y_threecheck_lichess_at_limit", f"{KK} w - - 0 30 +2+3",
  f"{KK} w - - 0 30 +2+3",
  "three given by Black is the limit, not beyond it: the game is over (s2.3, s4; s10 VAR101)",
  ["VAR101"])
y(T, "lichess", "y_threecheck_lichess_112_six_fields", f"{START} w KQkq - 0 1",
  f"{START} w KQkq - 0 1 +0+0", "a left-out `+W+B` defaults to `+0+0` (s2.3, DFEN112)",
  ["DFEN112"])
n(T, "lichess", "n_threecheck_lichess_230_beyond_limit", f"{KK} w - - 0 1 +4+0", "DFEN230",
  "four checks given by White (s4 DFEN230's example)")
n(T, "lichess", "n_threecheck_lichess_030_no_leading_plus", f"{KK} w - - 0 1 0+0", "DFEN030",
  "the field starts with `+` (s2.3 DFEN030)")
n(T, "lichess", "n_threecheck_lichess_030_letter", f"{KK} w - - 0 1 +a+0", "DFEN030",
  "counters are decimal numbers (s2.1, s2.3 DFEN030)")
n(T, "lichess", "n_threecheck_lichess_002_split", f"{KK} w - - 0 1 +0 +0", "DFEN002",
  "`+W+B` is one field: the lichess dialect has six or seven fields (s2.3)")
n(T, "lichess", "n_threecheck_lichess_021_only_whitespace", " \t ", "DFEN021",
  "whitespace alone is an empty input, as the DFEN parser reads it (s1; dfen.md DFEN021)")
n(T, "lichess", "n_threecheck_lichess_017_stockfish_form", f"{START} w KQkq - 3+3 0 1", "DFEN017",
  "read as lichess, `3+3` is the halfmove clock (s1: the dialect is declared)")

# ================================================================ crazyhouse
Z = "crazyhouse"

# ---------------------------------------------------------------- essay: fields 7 and 8
y(Z, "essay", "y_crazyhouse_essay_nothing_held", f"{OPENING} w KQkq - 2 3 - -",
  f"{OPENING} w KQkq - 2 3 - -", "nothing held, nothing promoted: `- -` (s2.1 example)")
y(Z, "essay", "y_crazyhouse_essay_promoted_rook", f"{ROOK} b - - 0 40 Pnn c8",
  f"{ROOK} b - - 0 40 Pnn c8",
  "holdings in field 7, promoted squares in field 8 (s2.1 example); the same position as "
  "y_crazyhouse_stockfish_promoted_rook and y_crazyhouse_lichess_promoted_rook")
y(Z, "essay", "y_crazyhouse_essay_hand", f"{HAND} w KQq - 0 10 PNQpr -",
  f"{HAND} w KQq - 0 10 PNQpr -",
  "White first, each colour P N B R Q (s2.1, s3 decision 2); the position of "
  "y_crazyhouse_stockfish_pawn_first")
y(Z, "essay", "y_crazyhouse_essay_three_queens", f"{QUEENS} w - - 0 30 - b1",
  f"{QUEENS} w - - 0 30 - b1",
  "the queen on b1 is promoted, so two unpromoted queens (s3 decision 6)")
y(Z, "essay", "y_crazyhouse_essay_nine_white_pawns",
  "4k3/ppppppp1/8/8/8/P7/PPPPPPPP/4K3 w - - 0 20 - -",
  "4k3/ppppppp1/8/8/8/P7/PPPPPPPP/4K3 w - - 0 20 - -",
  "a captured pawn changes colour, so White may have nine: DFEN212 does not apply, 16 pawns in "
  "all is within crazyhouse's material (s3 decision 6)")
y(Z, "essay", "y_crazyhouse_essay_112_both_missing", f"{OPENING} w KQkq - 2 3",
  f"{OPENING} w KQkq - 2 3 - -", "left-out holdings and promoted squares default to `- -` "
  "(s2.1, DFEN112)", ["DFEN112"])
y(Z, "essay", "y_crazyhouse_essay_112_promoted_missing", f"{KK} b - - 0 9 Pp",
  f"{KK} b - - 0 9 Pp -", "the promoted squares may be left out alone (s2.1, DFEN112)",
  ["DFEN112"])
y(Z, "essay", "y_crazyhouse_essay_110_black_first", f"{KK} w - - 0 1 qP -",
  f"{KK} w - - 0 1 Pq -", "White's pieces come first (s2.1, s4 DFEN110's example)",
  ["DFEN110"])
y(Z, "essay", "y_crazyhouse_essay_110_queen_first", f"{HAND} w KQq - 0 10 QNPrp -",
  f"{HAND} w KQq - 0 10 PNQpr -",
  "the essay field has one order, P N B R Q: python-chess's order is fixed (s2.1, DFEN110)",
  ["DFEN110"])
y(Z, "essay", "y_crazyhouse_essay_110_essay_example", f"{KK} b - - 0 20 PPPrbq -",
  f"{KK} b - - 0 20 PPPbrq -",
  "the essay's own example `PPPrbq` is written `PPPbrq` (s3 decision 2)", ["DFEN110"])
y(Z, "essay", "y_crazyhouse_essay_111_out_of_order", "4k3/8/8/8/8/8/8/Q2QK3 w - - 0 1 - d1,a1",
  "4k3/8/8/8/8/8/8/Q2QK3 w - - 0 1 - a1,d1",
  "promoted squares are written alphabetically (s2.1, s4 DFEN111's example)", ["DFEN111"])
y(Z, "essay", "y_crazyhouse_essay_111_file_before_rank", "1Q2k3/8/8/8/8/8/8/Q3K3 b - - 0 1 - b8,a1",
  "1Q2k3/8/8/8/8/8/8/Q3K3 b - - 0 1 - a1,b8",
  "alphabetical means by file, then rank: a1 before b8 (s2.1, DFEN111)", ["DFEN111"])
y(Z, "essay", "y_crazyhouse_essay_232_empty_square", f"{KK} w - - 0 1 - d4",
  f"{KK} w - - 0 1 - -", "no piece stands on d4: the square is dropped (s4 DFEN232)",
  ["DFEN232"])
y(Z, "essay", "y_crazyhouse_essay_232_king", f"{KK} w - - 0 1 - e1", f"{KK} w - - 0 1 - -",
  "a king is never promoted (s4 DFEN232)", ["DFEN232"])
y(Z, "essay", "y_crazyhouse_essay_106_double_space", f"{KK} w - - 0 1 P  -",
  f"{KK} w - - 0 1 P -", "single spaces between the slot fields (s2, DFEN106)", ["DFEN106"])
n(Z, "essay", "n_crazyhouse_essay_031_king", f"{KK} w - - 0 1 PK -", "DFEN031",
  "kings are never held (s1, s4 DFEN031's example)")
n(Z, "essay", "n_crazyhouse_essay_031_dash_in_letters", f"{KK} w - - 0 1 P- -", "DFEN031",
  "`-` stands alone for empty holdings (s2.1 DFEN031)")
n(Z, "essay", "n_crazyhouse_essay_031_digit", f"{KK} w - - 0 1 2P -", "DFEN031",
  "holdings are letters, not counts (s2.1 DFEN031)")
n(Z, "essay", "n_crazyhouse_essay_033_semicolon", "4k3/8/8/8/8/8/8/3QK3 w - - 0 1 - d1;e4",
  "DFEN033", "squares are separated by commas (s4 DFEN033's example)")
n(Z, "essay", "n_crazyhouse_essay_033_repeated", "4k3/8/8/8/8/8/8/3QK3 w - - 0 1 - d1,d1",
  "DFEN033", "promoted squares are a set: each once (s2.1, s3 decision 3)")
n(Z, "essay", "n_crazyhouse_essay_033_off_board", f"{KK} w - - 0 1 - d9", "DFEN033",
  "d9 is not a square (s2.1 DFEN033)")
n(Z, "essay", "n_crazyhouse_essay_033_empty_name", "4k3/8/8/8/8/8/8/Q2QK3 w - - 0 1 - a1,,d1",
  "DFEN033", "no empty name between commas (s2.1 DFEN033)")
y(Z, "essay", "y_crazyhouse_essay_seventeen_pawns_held", f"{START} w KQkq - 0 1 P -",
  f"{START} w KQkq - 0 1 P -",
  "16 pawns on the board and one held: crazyhouse's rules bound the pawns on the board, 8 a "
  "side, and lift that bound while board and pockets hold at most 16 (s7, s10 VAR005)")
y(Z, "essay", "y_crazyhouse_essay_unmarked_queens", f"{QUEENS} w - - 0 30 - -",
  f"{QUEENS} w - - 0 30 - -",
  "three unpromoted white queens: crazyhouse's rules bound no kind of piece (s7, s10)")
n(Z, "essay", "n_crazyhouse_essay_005_pawns_in_all", "4k3/pppppppp/8/8/8/P7/PPPPPPPP/4K3 w - - 0 1 - -",
  "VAR005", "nine white and eight black pawns on the board: 17 in all (s10 VAR005)")
n(Z, "essay", "n_crazyhouse_essay_004_tilde", f"{ROOK_MARKED} b - - 0 40 Pnn -", "DFEN004",
  "`~` is not part of the essay dialect: its board is standard FEN's (s3 decision 5)")
n(Z, "essay", "n_crazyhouse_essay_004_brackets", f"{KK}[Pp] w - - 0 1", "DFEN004",
  "read as essay, the stockfish pocket is an unknown letter in the board (s1, s3 decision 5)")
n(Z, "essay", "n_crazyhouse_essay_002_nine_fields", f"{KK} w - - 0 1 - - -", "DFEN002",
  "the essay dialect of crazyhouse has six to eight fields (s2.1)")

# ---------------------------------------------------------------- stockfish: [pocket] and ~
y(Z, "stockfish", "y_crazyhouse_stockfish_empty_pocket", f"{OPENING}[] w KQkq - 2 3",
  f"{OPENING}[] w KQkq - 2 3", "`[]` when nothing is held (s2.2 example)")
y(Z, "stockfish", "y_crazyhouse_stockfish_promoted_rook", f"{ROOK_MARKED}[Pnn] b - - 0 40",
  f"{ROOK_MARKED}[Pnn] b - - 0 40",
  "`~` after the promoted rook, the pocket in brackets (s2.2 example); the position of "
  "y_crazyhouse_essay_promoted_rook")
y(Z, "stockfish", "y_crazyhouse_stockfish_pawn_first", f"{HAND}[PNQpr] w KQq - 0 10",
  f"{HAND}[PNQpr] w KQq - 0 10", "shakmaty's order: each colour P N B R Q (s2.2)")
y(Z, "stockfish", "y_crazyhouse_stockfish_queen_first", f"{HAND}[QNPrp] w KQq - 0 10",
  f"{HAND}[QNPrp] w KQq - 0 10",
  "python-chess's order, each colour Q R B N P, is read without a finding and written back as "
  "read (s2.2)")
y(Z, "stockfish", "y_crazyhouse_stockfish_three_queens", f"{QUEENS_MARKED}[] w - - 0 30",
  f"{QUEENS_MARKED}[] w - - 0 30",
  "a `~` queen is promoted, so two unpromoted queens (s2.2, s3 decision 6)")
y(Z, "stockfish", "y_crazyhouse_stockfish_112_no_brackets", f"{OPENING} w KQkq - 2 3",
  f"{OPENING}[] w KQkq - 2 3",
  "a board without brackets is read with an empty pocket (s2.2, DFEN112)", ["DFEN112"])
y(Z, "stockfish", "y_crazyhouse_stockfish_110_mixed", f"{HAND}[QNPpr] w KQq - 0 10",
  f"{HAND}[PNQpr] w KQq - 0 10",
  "White in python-chess's order, Black in shakmaty's: in neither order, so written "
  "P N B R Q (s2.2, DFEN110)", ["DFEN110"])
y(Z, "stockfish", "y_crazyhouse_stockfish_110_black_first", f"{HAND}[prPNQ] w KQq - 0 10",
  f"{HAND}[PNQpr] w KQq - 0 10", "White's pieces come first in either order (s2.2, DFEN110)",
  ["DFEN110"])
y(Z, "stockfish", "y_crazyhouse_stockfish_232_king", f"{KK[:-1]}~3[] w - - 0 1",
  f"{KK}[] w - - 0 1", "a `~` on a king is dropped (s4 DFEN232's example)", ["DFEN232"])
y(Z, "stockfish", "y_crazyhouse_stockfish_232_pawn", "4k3/8/8/8/8/8/4P~3/4K3[] w - - 0 1",
  "4k3/8/8/8/8/8/4P3/4K3[] w - - 0 1",
  "a pawn is never a promoted piece: the mark is dropped (s4 DFEN232)", ["DFEN232"])
y(Z, "stockfish", "y_crazyhouse_stockfish_232_after_no_piece",
  "4k3/8/8/8/8/8/8/~4K3[] w - - 0 1", f"{KK}[] w - - 0 1",
  "`~` marks the piece right before it; at the start of a rank there is none (s2.2, DFEN232)",
  ["DFEN232"])
y(Z, "stockfish", "y_crazyhouse_stockfish_232_double_mark",
  "2R~~1k3/8/8/8/8/8/8/4K3[Pnn] b - - 0 40", f"{ROOK_MARKED}[Pnn] b - - 0 40",
  "a second `~` follows a mark, not a piece: it is dropped, the first stays (s2.2, DFEN232)",
  ["DFEN232"])
y(Z, "stockfish", "y_crazyhouse_stockfish_110_232_together", "2R~1k3/8/8/8/8/8/8/4K~3[nnP] b - - 0 40",
  f"{ROOK_MARKED}[Pnn] b - - 0 40",
  "every fixable finding is applied and reported: the pocket order and the king's mark "
  "(s2.2, DFEN110, DFEN232)", ["DFEN110", "DFEN232"])
n(Z, "stockfish", "n_crazyhouse_stockfish_007_castling_without_rook", f"{KK}[] w K - 0 1",
  "VAR007", "a castling right without its rook: the position is judged by crazyhouse's rules, "
  "as python-chess judges it (s7, s10 VAR007, s11)")
y(Z, "stockfish", "y_crazyhouse_stockfish_106_tab", f"{KK}[]\tw - - 0 1", f"{KK}[] w - - 0 1",
  "a tab after the pocket is fixed to a space (s2, DFEN106)", ["DFEN106"])
n(Z, "stockfish", "n_crazyhouse_stockfish_031_king", f"{KK}[Kp] w - - 0 1", "DFEN031",
  "kings are never held (s1, DFEN031)")
n(Z, "stockfish", "n_crazyhouse_stockfish_031_dash", f"{KK}[-] w - - 0 1", "DFEN031",
  "an empty pocket is `[]`; `-` is not a piece (s2.2 DFEN031)")
n(Z, "stockfish", "n_crazyhouse_stockfish_032_unclosed", f"{KK}[Pp w - - 0 1", "DFEN032",
  "a pocket is closed by `]` (s4 DFEN032's example)")
n(Z, "stockfish", "n_crazyhouse_stockfish_032_after_bracket", f"{KK}[P]p w - - 0 1", "DFEN032",
  "`]` ends the board field (s2.2 DFEN032)")
n(Z, "stockfish", "n_crazyhouse_stockfish_032_reversed", f"{KK}]P[ w - - 0 1", "DFEN032",
  "the pocket is opened by `[` and closed by `]` (s2.2 DFEN032)")
y(Z, "stockfish", "y_crazyhouse_stockfish_queens_held", f"{KK}[QQQ] w - - 0 1",
  f"{KK}[QQQ] w - - 0 1",
  "three queens held and none promoted: crazyhouse's rules bound no kind of piece (s7, s10)")
y(Z, "stockfish", "y_crazyhouse_stockfish_seventeen_pawns_held", f"{START}[p] w KQkq - 0 1",
  f"{START}[p] w KQkq - 0 1",
  "16 pawns on the board and one in Black's pocket: 8 a side on the board (s7, s10 VAR005)")
y(Z, "stockfish", "y_crazyhouse_stockfish_unmarked_queens", f"{QUEENS}[] w - - 0 30",
  f"{QUEENS}[] w - - 0 30",
  "without the `~`, three unpromoted queens: crazyhouse's rules bound no kind of piece (s7, s10)")
n(Z, "stockfish", "n_crazyhouse_stockfish_003_lichess_form", f"{KK}/Pp w - - 0 1", "DFEN003",
  "read as stockfish, a ninth rank is a ninth rank of the board (s1: the dialect is declared)")
n(Z, "stockfish", "n_crazyhouse_stockfish_002_essay_form", f"{KK} w - - 0 1 Pp -", "DFEN002",
  "the stockfish dialect of crazyhouse has six fields (s2.2)")
n(Z, "stockfish", "n_crazyhouse_stockfish_001_too_long", f"{KK}[{'P' * 1100}] w - - 0 1",
  "DFEN001", "an input longer than 1024 bytes is refused before it is read (s1; dfen.md)")

# ---------------------------------------------------------------- lichess: ninth rank and ~
y(Z, "lichess", "y_crazyhouse_lichess_empty_pocket", f"{OPENING}/ w KQkq - 2 3",
  f"{OPENING}/ w KQkq - 2 3",
  "an empty ninth rank: the board field ends with `/` (s2.3)")
y(Z, "lichess", "y_crazyhouse_lichess_promoted_rook", f"{ROOK_MARKED}/Pnn b - - 0 40",
  f"{ROOK_MARKED}/Pnn b - - 0 40",
  "the pocket as a ninth rank, `~` after the promoted rook (s2.3 example); the position of "
  "y_crazyhouse_essay_promoted_rook")
y(Z, "lichess", "y_crazyhouse_lichess_queen_first", f"{HAND}/QNPrp w KQq - 0 10",
  f"{HAND}/QNPrp w KQq - 0 10",
  "orders as in stockfish: python-chess's is kept (s2.3)")
y(Z, "lichess", "y_crazyhouse_lichess_pawn_first", f"{HAND}/PNQpr w KQq - 0 10",
  f"{HAND}/PNQpr w KQq - 0 10", "orders as in stockfish: shakmaty's is kept (s2.3)")
y(Z, "lichess", "y_crazyhouse_lichess_112_eight_ranks", f"{OPENING} w KQkq - 2 3",
  f"{OPENING}/ w KQkq - 2 3", "a board without a ninth rank holds nothing (s2.3, DFEN112)",
  ["DFEN112"])
y(Z, "lichess", "y_crazyhouse_lichess_110", f"{KK}/pP w - - 0 1", f"{KK}/Pp w - - 0 1",
  "White's pieces first (s2.3, DFEN110)", ["DFEN110"])
y(Z, "lichess", "y_crazyhouse_lichess_232_king", "4k~3/8/8/8/8/8/8/4K3/ w - - 0 1",
  f"{KK}/ w - - 0 1", "a `~` on a king is dropped (s2.3, DFEN232)", ["DFEN232"])
n(Z, "lichess", "n_crazyhouse_lichess_031_king", f"{KK}/PK w - - 0 1", "DFEN031",
  "kings are never held (DFEN031)")
n(Z, "lichess", "n_crazyhouse_lichess_031_digit", f"{KK}/2P w - - 0 1", "DFEN031",
  "the ninth rank holds letters only: no empty squares to count (s2.3 DFEN031)")
n(Z, "lichess", "n_crazyhouse_lichess_032_tenth_rank", f"{KK}/P/p w - - 0 1", "DFEN032",
  "eight ranks and one pocket (s2.3 DFEN032)")
y(Z, "lichess", "y_crazyhouse_lichess_seventeen_pawns_held", f"{START}/P w KQkq - 0 1",
  f"{START}/P w KQkq - 0 1",
  "17 pawns on the board and in the pockets, 8 a side on the board (s7, s10 VAR005)")
n(Z, "lichess", "n_crazyhouse_lichess_004_stockfish_form", f"{KK}[Pp] w - - 0 1", "DFEN004",
  "read as lichess, `[` is an unknown letter in the board (s1: the dialect is declared)")

# ================================================================ two-move chess
W = "twomove"

y(W, "essay", "y_twomove_essay_start", f"{START} w KQkq - 0 1 1", f"{START} w KQkq - 0 1 1",
  "White's first turn, its one move (s2.1)")
y(W, "essay", "y_twomove_essay_black_first", f"{E4} b KQkq - 0 1 1", f"{E4} b KQkq - 0 1 1",
  "Black's first move of its first turn (s2.1 example)")
y(W, "essay", "y_twomove_essay_black_second", "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1 2",
  "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1 2",
  "Black's turns have two moves from the first (s2.1, s3 decision 7)")
y(W, "essay", "y_twomove_essay_first_with_en_passant", f"{E4} b KQkq e3 0 1 1",
  f"{E4} b KQkq e3 0 1 1",
  "at the first move of a turn the en-passant right stands (s3 decision 7)")
y(W, "essay", "y_twomove_essay_112_missing", f"{KK} w - - 0 9", f"{KK} w - - 0 9 1",
  "a left-out sub-turn is `1` (s2.1, DFEN112)", ["DFEN112"])
y(W, "essay", "y_twomove_essay_106_trailing_tab", f"{KK} w - - 0 9 2\t",
  f"{KK} w - - 0 9 2", "nothing after the last field (s2, DFEN106)", ["DFEN106"])
y(W, "essay", "y_twomove_essay_106_leading_space", f" {KK} w - - 0 9 1",
  f"{KK} w - - 0 9 1", "nothing before the first field (s2, DFEN106)", ["DFEN106"])
n(W, "essay", "n_twomove_essay_034_three", f"{KK} w - - 0 9 3", "DFEN034",
  "the sub-turn is `1` or `2` (s4 DFEN034's example)")
n(W, "essay", "n_twomove_essay_034_zero", f"{KK} w - - 0 9 0", "DFEN034",
  "the sub-turn is `1` or `2` (s2.1 DFEN034)")
n(W, "essay", "n_twomove_essay_034_dash", f"{KK} w - - 0 9 -", "DFEN034",
  "the sub-turn has no empty value (s2.1 DFEN034)")
n(W, "essay", "n_twomove_essay_233_white_first_turn", f"{START} w KQkq - 0 1 2", "DFEN233",
  "White's first turn is a single move (s3 decision 7, s4 DFEN233's example)")
n(W, "essay", "n_twomove_essay_233_en_passant",
  "rnbqkbnr/ppp1pppp/8/8/3pP3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 3 2", "DFEN233",
  "an en-passant right lapses once the side to move has moved (s3 decision 7)")
n(W, "essay", "n_twomove_essay_010_two_en_passant",
  "rnbqkbnr/pppppppp/8/8/P1P5/8/1P1PPPPP/RNBQKBNR b KQkq a3c3 0 1 1", "DFEN010",
  "several en-passant squares are Dice Chess's slot, not two-move chess's (s1)")
n(W, "essay", "n_twomove_essay_002_two_sub_turns", f"{KK} w - - 0 9 1 1", "DFEN002",
  "the essay dialect of two-move chess has six or seven fields (s2.1)")
n(W, "essay", "n_twomove_essay_021_empty", "", "DFEN021",
  "the six standard fields are read by the DFEN parser, which calls an empty input DFEN021 "
  "(s1; dfen.md)")
n(W, "essay", "n_twomove_essay_invalid_utf8", KK.encode() + b" w - - 0 9 \xff", "FENKIT001",
  "input that is not UTF-8 is refused before it is read, as for every notation")
n(W, "stockfish", "i_twomove_stockfish_035", f"{KK} w - - 0 9 1", "DFEN035",
  "two-move chess has only the essay dialect (s2.4, DFEN035); an implementation may refuse "
  "the request as a whole instead, as fenkit's command line does (a usage error)")
n(W, "lichess", "i_twomove_lichess_035", f"{KK} w - - 0 9 1", "DFEN035",
  "two-move chess has only the essay dialect (s2.4, s4 DFEN035's example); an implementation "
  "may refuse the request as a whole instead")
