"""FEN4 cases, written from spec/fen4.md and issue 3's measured reference behaviour.

Reference codes: -2 prefix, -3 piece spec or missing `@`, -4 coordinate, -5 duplicate square,
-6 trailing input. Offsets count characters from the start of the input; for -5 the offset is
just after the duplicate's coordinate.
"""

from common import accept, reject

P = "4d-fen v1:"
TWO = f"{P} K@0,0,0,0; k@7,7,7,7"


def y(name, data, canonical, reason, findings=()):
    accept("fen4", name, data, canonical, reason, "spec", findings)


def n(name, data, code, ref_code, offset, reason):
    reject("fen4", name, data, code, reason, "spec", ref_code=ref_code, offset=offset)


def sq(x, y_, z, w):
    return ((x * 8 + y_) * 8 + z) * 8 + w


# ---------------------------------------------------------------- canonical input
y("y_fen4_empty_board", P, P, "an empty body is an empty board, written without a trailing space; "
  "neither side has a king (FEN4202)", findings=["FEN4202"])
y("y_fen4_two_kings", TWO, TWO, "the seed's two-kings example is canonical")
y("y_fen4_black_king_first", f"{P} k@0,0,0,0; K@7,7,7,7", f"{P} k@0,0,0,0; K@7,7,7,7",
  "order is by square index, not by colour")
y("y_fen4_w_varies_fastest", f"{P} K@0,0,0,1; k@0,0,1,0", f"{P} K@0,0,0,1; k@0,0,1,0",
  "sq4 index 1 before 8: w varies fastest")
y("y_fen4_x_varies_slowest", f"{P} K@0,7,7,7; k@1,0,0,0", f"{P} K@0,7,7,7; k@1,0,0,0",
  "sq4 index 511 before 512: x varies slowest")
for letter in "NBRQ":
    y(f"y_fen4_white_{letter.lower()}", f"{P} K@0,0,0,0; {letter}@3,1,4,1; k@7,7,7,7",
      f"{P} K@0,0,0,0; {letter}@3,1,4,1; k@7,7,7,7", f"white non-pawn letter {letter}")
for letter in "nbrq":
    y(f"y_fen4_black_{letter}", f"{P} K@0,0,0,0; {letter}@5,2,6,5; k@7,7,7,7",
      f"{P} K@0,0,0,0; {letter}@5,2,6,5; k@7,7,7,7", f"black non-pawn letter {letter}")
for spec, desc in [("Pw", "white W-axis"), ("Py", "white Y-axis"), ("pw", "black W-axis"),
                   ("py", "black Y-axis")]:
    y(f"y_fen4_pawn_{spec.lower()}_{'white' if spec[0] == 'P' else 'black'}",
      f"{P} K@0,0,0,0; {spec}@2,6,1,3; k@7,7,7,7", f"{P} K@0,0,0,0; {spec}@2,6,1,3; k@7,7,7,7",
      f"pawn spec {spec}: {desc} pawn")
y("y_fen4_all_fourteen_specs",
  f"{P} N@0,0,0,1; B@0,0,0,2; R@0,0,0,3; Q@0,0,0,4; K@0,0,0,5; n@0,0,0,6; b@0,0,0,7; "
  "r@0,0,1,0; q@0,0,1,1; k@0,0,1,2; Pw@0,0,1,3; Py@0,0,1,4; pw@0,0,1,5; py@0,0,1,6",
  f"{P} N@0,0,0,1; B@0,0,0,2; R@0,0,0,3; Q@0,0,0,4; K@0,0,0,5; n@0,0,0,6; b@0,0,0,7; "
  "r@0,0,1,0; q@0,0,1,1; k@0,0,1,2; Pw@0,0,1,3; Py@0,0,1,4; pw@0,0,1,5; py@0,0,1,6",
  "every piece spec of the table, already in square order")
y("y_fen4_all_digits", f"{P} K@0,1,2,3; k@4,5,6,7", f"{P} K@0,1,2,3; k@4,5,6,7",
  "every coordinate digit 0-7")
row = "; ".join(f"Pw@3,{i},0,0" for i in range(8))
y("y_fen4_row_of_pawns", f"{P} K@0,0,0,0; {row}; k@7,7,7,7", f"{P} K@0,0,0,0; {row}; k@7,7,7,7",
  "eight pawns along y in index order")
big = "; ".join(f"{'Pw' if (x + y_) % 2 else 'py'}@{x},{y_},{z},0"
                for x in range(8) for y_ in range(8) for z in range(8))
y("y_fen4_512_pieces", f"{P} {big}", f"{P} {big}",
  "512 pawns, no king for either side (FEN4202): large inputs are fine", findings=["FEN4202"])
full = "; ".join(f"{'N' if i % 2 else 'n'}@{i >> 9},{(i >> 6) & 7},{(i >> 3) & 7},{i & 7}"
                 for i in range(4096))
y("y_fen4_full_board", f"{P} {full}", f"{P} {full}",
  "all 4096 squares filled, in index order: the largest placement; no kings (FEN4202)",
  findings=["FEN4202"])

# ---------------------------------------------------------------- accepted, not canonical (fixable)
y("y_fen4_101_slash_white_w", f"{P} K@0,0,0,0; P/w@1,1,0,0; k@7,7,7,7",
  f"{P} K@0,0,0,0; Pw@1,1,0,0; k@7,7,7,7", "slash pawn form P/w is written Pw (FEN4101)",
  findings=["FEN4101"])
y("y_fen4_101_slash_white_y", f"{P} K@0,0,0,0; P/y@1,1,0,0; k@7,7,7,7",
  f"{P} K@0,0,0,0; Py@1,1,0,0; k@7,7,7,7", "P/y becomes Py (FEN4101)", findings=["FEN4101"])
y("y_fen4_101_slash_black_w", f"{P} K@0,0,0,0; p/w@6,6,0,0; k@7,7,7,7",
  f"{P} K@0,0,0,0; pw@6,6,0,0; k@7,7,7,7", "p/w becomes pw (FEN4101)", findings=["FEN4101"])
y("y_fen4_101_slash_black_y", f"{P} K@0,0,0,0; p/y@6,6,0,0; k@7,7,7,7",
  f"{P} K@0,0,0,0; py@6,6,0,0; k@7,7,7,7", "p/y becomes py (FEN4101)", findings=["FEN4101"])
y("y_fen4_101_mixed_forms", f"{P} K@0,0,0,0; Pw@1,0,0,0; P/w@1,0,0,1; k@7,7,7,7",
  f"{P} K@0,0,0,0; Pw@1,0,0,0; Pw@1,0,0,1; k@7,7,7,7",
  "slash and plain forms may be mixed in one literal (FEN4101)", findings=["FEN4101"])
y("y_fen4_102_no_space_after_prefix", f"{P}K@0,0,0,0; k@7,7,7,7", TWO,
  "whitespace after the prefix is optional; canonical has one space (FEN4102)",
  findings=["FEN4102"])
y("y_fen4_102_two_spaces_after_prefix", f"{P}  K@0,0,0,0; k@7,7,7,7", TWO,
  "two spaces after the prefix (FEN4102)", findings=["FEN4102"])
y("y_fen4_102_tab_after_prefix", f"{P}\tK@0,0,0,0; k@7,7,7,7", TWO,
  "a tab after the prefix (FEN4102)", findings=["FEN4102"])
y("y_fen4_102_no_space_after_semicolon", f"{P} K@0,0,0,0;k@7,7,7,7", TWO,
  "no space after `;` (FEN4102)", findings=["FEN4102"])
y("y_fen4_102_space_before_semicolon", f"{P} K@0,0,0,0 ; k@7,7,7,7", TWO,
  "a space before `;` (FEN4102)", findings=["FEN4102"])
y("y_fen4_102_spaces_around_at", f"{P} K @ 0,0,0,0; k@7,7,7,7", TWO,
  "spaces around `@` (FEN4102)", findings=["FEN4102"])
y("y_fen4_102_space_after_at", f"{P} K@ 0,0,0,0; k@7,7,7,7", TWO,
  "a space after `@` only (FEN4102)", findings=["FEN4102"])
y("y_fen4_102_tab_before_at", f"{P} K\t@0,0,0,0; k@7,7,7,7", TWO,
  "a tab before `@` (FEN4102)", findings=["FEN4102"])
y("y_fen4_102_slash_pawn_spaced", f"{P} K@0,0,0,0; P/w @ 1,1,0,0; k@7,7,7,7",
  f"{P} K@0,0,0,0; Pw@1,1,0,0; k@7,7,7,7", "a slash pawn with spaces around `@`",
  findings=["FEN4101", "FEN4102"])
y("y_fen4_103_seed_multiline", f"{P}\n    K @ 0,0,0,0 ;\n    k @ 7,7,7,7 ;\n    Pw @ 0,1,0,0 ;",
  f"{P} K@0,0,0,0; Pw@0,1,0,0; k@7,7,7,7",
  "the seed's multi-line example: line breaks (FEN4103), spaces around @ and ; (FEN4102), "
  "a trailing ; (FEN4104), Pw (64) after k (4095) (FEN4105)",
  findings=["FEN4102", "FEN4103", "FEN4104", "FEN4105"])
y("y_fen4_103_seed_mixed",
  f"{P} K@4,0,0,0; k@4,7,7,7;\n            Pw@0,1,0,0; Pw@1,1,0,0; Py@0,0,1,1;\n"
  "            py@7,6,7,7; n@3,3,3,3; B@2,2,2,2",
  f"{P} Py@0,0,1,1; Pw@0,1,0,0; Pw@1,1,0,0; B@2,2,2,2; n@3,3,3,3; K@4,0,0,0; k@4,7,7,7; "
  "py@7,6,7,7",
  "the seed's mixed example: indices 9, 64, 576, 1170, 1755, 2048, 2559, 4031 once sorted; "
  "a whitespace run holding a line break is FEN4103 (not also FEN4102); out of order (FEN4105)",
  findings=["FEN4103", "FEN4105"])
y("y_fen4_103_crlf", f"{P}\r\nK@0,0,0,0;\r\nk@7,7,7,7", TWO,
  "CR LF line breaks are whitespace (FEN4103 for each run that holds one)", findings=["FEN4103"])
y("y_fen4_103_newline_after_prefix", f"{P}\nK@0,0,0,0; k@7,7,7,7", TWO,
  "a line break straight after the prefix (FEN4103)", findings=["FEN4103"])
y("y_fen4_104_trailing_semicolon", f"{TWO};", TWO, "a trailing `;` is allowed (FEN4104)",
  findings=["FEN4104"])
y("y_fen4_104_trailing_semicolon_space", f"{TWO} ;", TWO, "` ;` at the end (FEN4104, FEN4102)",
  findings=["FEN4102", "FEN4104"])
y("y_fen4_105_unsorted", f"{P} k@7,7,7,7; K@0,0,0,0", TWO, "pieces are written by ascending index "
  "(FEN4105)", findings=["FEN4105"])
y("y_fen4_105_unsorted_three", f"{P} Q@0,0,0,2; K@0,0,0,0; k@0,0,0,1",
  f"{P} K@0,0,0,0; k@0,0,0,1; Q@0,0,0,2", "indices 2, 0, 1 sort to 0, 1, 2 (FEN4105)",
  findings=["FEN4105"])
y("y_fen4_105_w_before_z", f"{P} K@0,0,1,0; k@0,0,0,7", f"{P} k@0,0,0,7; K@0,0,1,0",
  "index 8 comes after index 7 (FEN4105)", findings=["FEN4105"])
y("y_fen4_106_leading_space", f" {TWO}", TWO, "leading space before the prefix (FEN4106)",
  findings=["FEN4106"])
y("y_fen4_106_leading_tab", f"\t{TWO}", TWO, "leading tab (FEN4106)", findings=["FEN4106"])
y("y_fen4_106_leading_newline", f"\n{TWO}", TWO, "a leading line feed is leading whitespace (FEN4106), not a line break inside the literal",
  findings=["FEN4106"])
y("y_fen4_106_leading_cr", f"\r{TWO}", TWO, "a leading carriage return (FEN4106)",
  findings=["FEN4106"])
y("y_fen4_107_trailing_space", f"{TWO} ", TWO, "trailing space (FEN4107)", findings=["FEN4107"])
y("y_fen4_107_trailing_tab", f"{TWO}\t", TWO, "trailing tab (FEN4107)", findings=["FEN4107"])
y("y_fen4_107_empty_board_trailing_space", f"{P} ", P,
  "`4d-fen v1: ` with its space but no pieces is the empty board (FEN4107)",
  findings=["FEN4107", "FEN4202"])
y("y_fen4_all_fixables", f"  {P}\n  k @ 7,7,7,7 ;\n  P/y@0,0,0,1 ;K@0,0,0,0;  ",
  f"{P} K@0,0,0,0; Py@0,0,0,1; k@7,7,7,7",
  "every fixable form at once, reported in one pass",
  findings=["FEN4101", "FEN4102", "FEN4103", "FEN4104", "FEN4105", "FEN4106", "FEN4107"])
y("y_fen4_201_two_white_kings", f"{P} K@0,0,0,0; K@0,0,0,1; k@7,7,7,7",
  f"{P} K@0,0,0,0; K@0,0,0,1; k@7,7,7,7", "two white kings: a warning, never a rejection (FEN4201)",
  findings=["FEN4201"])
y("y_fen4_201_three_black_kings", f"{P} K@0,0,0,0; k@7,7,7,5; k@7,7,7,6; k@7,7,7,7",
  f"{P} K@0,0,0,0; k@7,7,7,5; k@7,7,7,6; k@7,7,7,7", "three black kings (FEN4201)",
  findings=["FEN4201"])
y("y_fen4_202_no_black_king", f"{P} K@0,0,0,0", f"{P} K@0,0,0,0", "Black has no king (FEN4202)",
  findings=["FEN4202"])
y("y_fen4_202_no_white_king", f"{P} k@0,0,0,0; Q@1,1,1,1", f"{P} k@0,0,0,0; Q@1,1,1,1",
  "White has no king (FEN4202)", findings=["FEN4202"])

# ---------------------------------------------------------------- prefix (-2)
n("n_fen4_empty", "", "FEN4001", -2, 0,
  "no input at all: the Python reference answers -2 at offset 0 (-1 is the C reference's NULL)")
n("n_fen4_whitespace_only", "\n\t ", "FEN4001", -2, 3,
  "leading whitespace is skipped, then the prefix is missing at the end")
n("n_fen4_no_prefix", "K@0,0,0,0", "FEN4001", -2, 0, "a piece list without the prefix")
n("n_fen4_version_2", "4d-fen v2: K@0,0,0,0", "FEN4002", -2, 0,
  "v1 readers must reject v2 rather than mis-read it (seed: versioning)")
n("n_fen4_upper_case_prefix", "4D-FEN v1: K@0,0,0,0", "FEN4001", -2, 0, "the prefix is case-sensitive")
n("n_fen4_upper_v", "4d-fen V1: K@0,0,0,0", "FEN4001", -2, 0, "`V1` is not `v1`")
n("n_fen4_two_spaces_in_prefix", "4d-fen  v1: K@0,0,0,0", "FEN4001", -2, 0,
  "the references need exactly one space inside the prefix, though the EBNF allows more")
n("n_fen4_tab_in_prefix", "4d-fen\tv1: K@0,0,0,0", "FEN4001", -2, 0,
  "a tab inside the prefix is not the one space")
n("n_fen4_no_space_in_prefix", "4d-fenv1: K@0,0,0,0", "FEN4001", -2, 0, "the space is required")
n("n_fen4_no_colon", "4d-fen v1 K@0,0,0,0", "FEN4001", -2, 0, "the colon is part of the prefix")
n("n_fen4_prefix_truncated", "4d-fen v", "FEN4001", -2, 0, "the input ends inside the prefix")
n("n_fen4_bom", "\ufeff4d-fen v1: K@0,0,0,0", "FEN4001", -2, 0,
  "a byte-order mark is not whitespace")
n("n_fen4_leading_ws_then_wrong", "  4d-fen v2:", "FEN4002", -2, 2,
  "the offset counts the skipped leading whitespace")
n("n_fen4_v0", "4d-fen v0: K@0,0,0,0", "FEN4002", -2, 0, "another version number")

# ---------------------------------------------------------------- piece spec (-3)
n("n_fen4_unknown_piece", f"{P} X@0,0,0,0", "FEN4003", -3, 11, "X is no piece letter")
n("n_fen4_unknown_piece_later", f"{P} K@0,0,0,0; A@1,1,1,1", "FEN4003", -3, 22,
  "the second piece has an unknown letter")
n("n_fen4_bare_pawn", f"{P} P@0,0,0,0", "FEN4004", -3, 11, "a bare P lacks its axis; the offset is the piece spec's start")
n("n_fen4_bare_black_pawn", f"{P} K@0,0,0,0; p@1,1,1,1", "FEN4004", -3, 22, "a bare p lacks its axis")
n("n_fen4_axis_z", f"{P} Pz@0,0,0,0", "FEN4005", -3, 11,
  "pawns advance along W or Y; the Z axis is forbidden")
n("n_fen4_axis_upper", f"{P} PW@0,0,0,0", "FEN4005", -3, 11, "axis letters are lower case")
n("n_fen4_axis_x_black", f"{P} px@0,0,0,0", "FEN4005", -3, 11, "x is not a pawn axis")
n("n_fen4_slash_bad_axis", f"{P} P/z@0,0,0,0", "FEN4005", -3, 11, "a slash pawn with a bad axis")
n("n_fen4_slash_no_axis", f"{P} P/@0,0,0,0", "FEN4004", -3, 11, "a slash and then no axis")
n("n_fen4_double_slash", f"{P} P//w@0,0,0,0", "FEN4004", -3, 11,
  "only one slash: after `P/` an axis letter is missing (a non-letter is a missing axis, a wrong "
  "letter an unknown one)")
n("n_fen4_slash_after_king", f"{P} K/w@0,0,0,0", "FEN4006", -3, 12,
  "the slash form is for pawns only: after K an `@` is expected")
n("n_fen4_space_in_pawn_spec", f"{P} P w@0,0,0,0", "FEN4004", -3, 11,
  "no whitespace inside a piece spec")
n("n_fen4_missing_at", f"{P} K0,0,0,0", "FEN4006", -3, 12, "the `@` is missing")
n("n_fen4_missing_at_pawn", f"{P} Pw0,0,0,0", "FEN4006", -3, 13, "the `@` is missing after a pawn")
n("n_fen4_two_letters", f"{P} KQ@0,0,0,0", "FEN4006", -3, 12, "one letter per piece")
n("n_fen4_at_without_piece", f"{P} @0,0,0,0", "FEN4003", -3, 11, "a coordinate without a piece")
n("n_fen4_leading_semicolon", f"{P} ; K@0,0,0,0", "FEN4003", -3, 11, "the list cannot start with `;`")
n("n_fen4_double_semicolon", f"{P} K@0,0,0,0;; k@7,7,7,7", "FEN4003", -3, 21,
  "an empty item between two `;`")
n("n_fen4_semicolon_only", f"{P} ;", "FEN4003", -3, 11, "a lone `;` is not an empty board")
n("n_fen4_piece_at_end", f"{P} K", "FEN4006", -3, 12, "the input ends where `@` is expected")
n("n_fen4_nul_in_spec", f"{P} \0@0,0,0,0", "FEN4003", -3, 11, "a NUL byte where a piece letter is expected")

# ---------------------------------------------------------------- coordinate (-4)
n("n_fen4_digit_8", f"{P} K@0,0,8,0", "FEN4008", -4, 17, "coordinates lie in 0-7")
n("n_fen4_digit_9_first", f"{P} K@9,0,0,0", "FEN4008", -4, 13, "9 as the x coordinate")
n("n_fen4_digit_8_last", f"{P} K@0,0,0,8", "FEN4008", -4, 19, "8 as the w coordinate")
n("n_fen4_letter_coord", f"{P} K@a,0,0,0", "FEN4007", -4, 13, "a letter instead of a digit")
n("n_fen4_negative_coord", f"{P} K@-1,0,0,0", "FEN4007", -4, 13, "a sign is not a digit")
n("n_fen4_three_coords", f"{P} K@0,0,0", "FEN4009", -4, 18, "too few coordinates: the input ends")
n("n_fen4_three_coords_then_piece", f"{P} K@0,0,0; k@7,7,7,7", "FEN4009", -4, 18,
  "too few coordinates before `;`")
n("n_fen4_trailing_comma", f"{P} K@0,0,0,", "FEN4007", -4, 19, "a comma and then nothing")
n("n_fen4_at_then_end", f"{P} K@", "FEN4007", -4, 13, "no coordinate after `@`")
n("n_fen4_space_in_coord", f"{P} K@0, 0,0,0", "FEN4007", -4, 15, "no whitespace inside a coordinate")
n("n_fen4_space_before_comma", f"{P} K@0 ,0,0,0", "FEN4009", -4, 14, "no whitespace before a comma")
n("n_fen4_double_comma", f"{P} K@0,,0,0,0", "FEN4007", -4, 15, "an empty component")
n("n_fen4_two_digit_x", f"{P} K@00,0,0,0", "FEN4009", -4, 14, "components are one digit each")
n("n_fen4_semicolon_separators", f"{P} K@0;0;0;0", "FEN4009", -4, 14, "components are separated by commas")
n("n_fen4_unicode_digit", f"{P} K@٣,0,0,0", "FEN4007", -4, 13, "only ASCII digits 0-7")
n("n_fen4_coord_after_space_at", f"{P} K @ 8,0,0,0", "FEN4008", -4, 15,
  "whitespace around `@` is fine, the digit 8 is not")

# ---------------------------------------------------------------- duplicate square (-5)
n("n_fen4_duplicate", f"{P} K@0,0,0,0; k@0,0,0,0", "FEN4010", -5, 31,
  "two pieces on one square; the offset is just after the duplicate's coordinate")
n("n_fen4_duplicate_same_piece", f"{P} Pw@1,2,3,4; Pw@1,2,3,4", "FEN4010", -5, 33,
  "the same piece twice on one square")
n("n_fen4_duplicate_not_adjacent", f"{P} K@0,0,0,0; k@7,7,7,7; Q@0,0,0,0", "FEN4010", -5, 42,
  "the third piece repeats the first square")
n("n_fen4_duplicate_spaced", f"{P} K@0,0,0,0; k @ 0,0,0,0 ;", "FEN4010", -5, 33,
  "the offset is after the coordinate, before any whitespace")

# ---------------------------------------------------------------- trailing input (-6)
n("n_fen4_missing_semicolon", f"{P} K@0,0,0,0 k@7,7,7,7", "FEN4011", -6, 21,
  "pieces are separated by `;`")
n("n_fen4_comma_separator", f"{P} K@0,0,0,0, k@7,7,7,7", "FEN4012", -6, 20,
  "a comma after four components is a fifth component")
n("n_fen4_five_coords", f"{P} K@0,0,0,0,0", "FEN4012", -6, 20, "a fifth coordinate component")
n("n_fen4_two_digit_w", f"{P} K@0,0,0,00", "FEN4012", -6, 20, "a second digit in the w component")
n("n_fen4_two_digit_w_8", f"{P} K@0,0,0,08", "FEN4012", -6, 20,
  "a digit after w is trailing input even when it is 8 or 9")
n("n_fen4_letter_after", f"{P} K@0,0,0,0x", "FEN4011", -6, 20, "a letter after the coordinate")
n("n_fen4_garbage_after_semicolon_ws", f"{TWO} ; ;", "FEN4003", -3, 34,
  "after `;` only a piece or the end may follow")
n("n_fen4_garbage_after_prefix", f"{P} hello", "FEN4003", -3, 11, "h is not a piece letter")
n("n_fen4_nul_after_coord", f"{P} K@0,0,0,0\0", "FEN4013", -6, 20,
  "a NUL byte where `;` or the end is expected: the Python reference's -6")
n("i_fen4_nul_then_more", f"{P} K@0,0,0,0\0; k@7,7,7,7", "FEN4013", -6, 20,
  "the C reference stops reading at NUL and accepts; the spec follows the Python reference's -6")
n("n_fen4_duplicate_before_trailing", f"{P} K@0,0,0,0; k@0,0,0,0x", "FEN4010", -5, 31,
  "the duplicate square is reported before the trailing `x` (spec s8)")
n("n_fen4_no_break_space", f"{P}\u00a0K@0,0,0,0", "FEN4003", -3, 10,
  "a no-break space is not whitespace, so it stands where a piece letter is expected (spec s3)")
n("n_fen4_vertical_tab_leading", f"\u000b{P} K@0,0,0,0", "FEN4001", -2, 0,
  "a vertical tab is not whitespace, so the prefix is missing (spec s3)")
n("n_fen4_period_end", f"{TWO}.", "FEN4011", -6, 31, "a full stop after the last piece")

# ---------------------------------------------------------------- not UTF-8
reject("fen4", "n_fen4_invalid_utf8", b"4d-fen v1: K@0,0,0,0; \xff@1,1,1,1", "FENKIT001",
       "input that is not UTF-8 is rejected before parsing (adapter protocol)", "spec")
