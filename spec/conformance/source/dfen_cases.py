"""DFEN cases, written from spec/dfen.md (sections cited in the reasons)."""

from common import accept, reject

START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR"
KK = "4k3/8/8/8/8/8/8/4K3"
CAST = "r3k2r/8/8/8/8/8/8/R3K2R"
KIWI = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R"
SEED3 = "rnbqkbnr/pppppppp/8/8/P1P1P3/8/1P1P1PPP/RNBQKBNR"


def y(name, data, canonical, reason, profile="spec", findings=()):
    accept("dfen", name, data, canonical, reason, profile, findings)


def n(name, data, code, reason, profile="spec"):
    reject("dfen", name, data, code, reason, profile)


# ---------------------------------------------------------------- canonical input, spec profile
y("y_dfen_start_fresh", f"{START} w KQkq - 0 1 -", f"{START} w KQkq - 0 1 -",
  "the start position at a fresh turn is already canonical (s3)")
y("y_dfen_start_rolled_pnb", f"{START} w KQkq - 0 1 PNB", f"{START} w KQkq - 0 1 PNB",
  "three sorted upper-case dice for White are canonical (s1, s3)")
y("y_dfen_seed_three_pushes", f"{SEED3} b KQkq a3c3e3 0 1 -", f"{SEED3} b KQkq a3c3e3 0 1 -",
  "the seed's three-double-push example: rank-3 targets of the side that just moved (s1, s6)")
y("y_dfen_seed_three_pushes_black_rolled", f"{SEED3} b KQkq a3c3e3 0 1 pnb",
  f"{SEED3} b KQkq a3c3e3 0 1 pnb",
  "Black has rolled: the inherited white targets stay, lower-case dice match Black (s6)")
y("y_dfen_seed_phase2", f"{START} w KQkq - 0 1 PPP", f"{START} w KQkq - 0 1 PPP",
  "phase 2 of the seed's turn table: White rolled three pawns (s1)")
y("y_dfen_seed_phase3", "rnbqkbnr/pppppppp/8/8/P7/8/1PPPPPPP/RNBQKBNR w KQkq a3 0 1 PP",
  "rnbqkbnr/pppppppp/8/8/P7/8/1PPPPPPP/RNBQKBNR w KQkq a3 0 1 PP",
  "phase 3: one own target plus two dice is within one turn (s5 DFEN204 limit)")
y("y_dfen_seed_phase4", "rnbqkbnr/pppppppp/8/8/P1P5/8/1P1PPPPP/RNBQKBNR w KQkq a3c3 0 1 P",
  "rnbqkbnr/pppppppp/8/8/P1P5/8/1P1PPPPP/RNBQKBNR w KQkq a3c3 0 1 P",
  "phase 4: two own targets plus one die makes exactly three (s5 DFEN204 limit)")
y("y_dfen_kings_only", f"{KK} w - - 0 1 -", f"{KK} w - - 0 1 -",
  "two bare kings, nothing else: canonical (s3)")
y("y_dfen_black_to_move", f"{KK} b - - 0 1 -", f"{KK} b - - 0 1 -", "side `b` (s2)")
y("y_dfen_kiwipete", f"{KIWI} w KQkq - 0 1 -", f"{KIWI} w KQkq - 0 1 -",
  "a busy middlegame with every castling right; rooks and kings at home (s3)")
y("y_dfen_position3", "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1 -",
  "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1 -", "sparse endgame, digits 1 to 5 used (s2 rank)")
y("y_dfen_position6", "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10 -",
  "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10 -",
  "a multi-digit fullmove number (s2 clock)")
y("y_dfen_every_piece_letter", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 3 7 -",
  "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 3 7 -",
  "all twelve piece letters in one placement (s2 piece)")
y("y_dfen_rank_digit_1", "k7/8/8/8/8/8/8/1K6 w - - 0 1 -", "k7/8/8/8/8/8/8/1K6 w - - 0 1 -",
  "a leading `1` then a piece then `6` adds to 8 (s2 rank)")
y("y_dfen_rank_digits_mixed", "3k4/8/2p2p2/8/8/1P4P1/8/4K3 w - - 0 1 -",
  "3k4/8/2p2p2/8/8/1P4P1/8/4K3 w - - 0 1 -", "runs between pieces in the middle of a rank (s2 rank)")
y("y_dfen_full_rank_of_pieces", "rnbqkbnr/8/8/8/8/8/8/RNBQKBNR w - - 0 1 -",
  "rnbqkbnr/8/8/8/8/8/8/RNBQKBNR w - - 0 1 -", "a rank of eight pieces and no digit (s2 rank)")
for die, letter in [(1, "P"), (2, "N"), (3, "B"), (4, "R"), (5, "Q"), (6, "K")]:
    y(f"y_dfen_single_die_{die}_{letter.lower()}", f"{START} w KQkq - 0 1 {letter}",
      f"{START} w KQkq - 0 1 {letter}", f"one die `{letter}` = {die}, upper case for White (s1)")
y("y_dfen_black_single_die_k", f"{START} b KQkq - 0 1 k", f"{START} b KQkq - 0 1 k",
  "one lower-case die for Black (s1)")
y("y_dfen_dice_ppp", f"{KK} w - - 0 1 PPP", f"{KK} w - - 0 1 PPP",
  "three equal dice are allowed (s2 dice)")
y("y_dfen_dice_kkk_black", f"{KK} b - - 0 1 kkk", f"{KK} b - - 0 1 kkk",
  "three king dice for Black (s2 dice)")
y("y_dfen_dice_two", f"{KK} w - - 0 1 NQ", f"{KK} w - - 0 1 NQ", "a pool of two, in order N < Q (s3)")
y("y_dfen_dice_rqk", f"{KK} w - - 0 1 RQK", f"{KK} w - - 0 1 RQK", "R < Q < K is the canonical order (s3)")
y("y_dfen_dice_repeated_sorted", f"{KK} b - - 0 1 nnq", f"{KK} b - - 0 1 nnq",
  "repeated dice stay, sorted (s3)")
y("y_dfen_halfmove_max", f"{KK} w - - 4294967295 1 -", f"{KK} w - - 4294967295 1 -",
  "the largest 32-bit halfmove clock (s2 clock)")
y("y_dfen_fullmove_max", f"{KK} w - - 0 4294967295 -", f"{KK} w - - 0 4294967295 -",
  "the largest 32-bit fullmove number (s2 clock)")
y("y_dfen_halfmove_128_spec", f"{KK} w - - 128 70 -", f"{KK} w - - 128 70 -",
  "halfmove above 127 is fine outside the engine profile (s4)")
y("y_dfen_castling_all", f"{CAST} w KQkq - 0 1 -", f"{CAST} w KQkq - 0 1 -",
  "every right with king and rooks at home (s3)")
for rights in ["K", "Q", "k", "q", "Kq", "Qk", "KQk", "Qkq"]:
    y(f"y_dfen_castling_{''.join('w' + c.lower() if c.isupper() else 'b' + c for c in rights)}",
      f"{CAST} b {rights} - 0 1 -", f"{CAST} b {rights} - 0 1 -",
      f"castling subset `{rights}` already in K Q k q order (s2 castling, s3)")
y("y_dfen_ep_black_target_white_to_move", "4k3/8/8/4p3/8/8/8/4K3 w - e6 0 2 -",
  "4k3/8/8/4p3/8/8/8/4K3 w - e6 0 2 -",
  "rank-6 target of Black with its pawn on e5, White to move at a fresh turn (s6)")
y("y_dfen_ep_both_ranks_midturn", "4k3/8/8/3p4/P7/8/8/4K3 w - a3d6 0 2 NB",
  "4k3/8/8/3p4/P7/8/8/4K3 w - a3d6 0 2 NB",
  "mid-turn: inherited Black target d6 and White's own new a3; 1 own + 2 dice = 3 (s6, DFEN204)")
y("y_dfen_ep_alphabetical_across_ranks", "4k3/8/8/p7/2P5/8/8/4K3 w - a6c3 0 2 PN",
  "4k3/8/8/p7/2P5/8/8/4K3 w - a6c3 0 2 PN",
  "alphabetical as strings puts a6 before c3 (s3, decision 2)")
y("y_dfen_ep_three_black_targets", "4k3/8/8/p1p1p3/8/8/8/4K3 w - a6c6e6 0 2 -",
  "4k3/8/8/p1p1p3/8/8/8/4K3 w - a6c6e6 0 2 -", "three Black targets, White to move (s6)")
y("y_dfen_ep_h_file", "4k3/8/8/8/7P/8/8/4K3 b - h3 0 1 -", "4k3/8/8/8/7P/8/8/4K3 b - h3 0 1 -",
  "the h file is a file (s2 file)")
y("y_dfen_ep_a6_b6", "4k3/8/8/pp6/8/8/8/4K3 w - a6b6 0 5 -", "4k3/8/8/pp6/8/8/8/4K3 w - a6b6 0 5 -",
  "neighbouring targets of Black (s2 en-passant)")
y("y_dfen_black_midturn_own_and_inherited", "4k3/8/8/7p/P7/8/8/4K3 b - a3h6 0 1 pn",
  "4k3/8/8/7p/P7/8/8/4K3 b - a3h6 0 1 pn",
  "Black mid-turn: its own new h6 and White's inherited a3; 1 own + 2 dice = 3 (s6)")
y("y_dfen_no_kings_black_only", "4k3/8/8/8/8/8/8/8 b - - 0 9 -", "4k3/8/8/8/8/8/8/8 b - - 0 9 -",
  "White has no king: a finished game, a warning only (s5.3 DFEN210)", findings=["DFEN210"])
y("y_dfen_empty_board", "8/8/8/8/8/8/8/8 w - - 0 1 -", "8/8/8/8/8/8/8/8 w - - 0 1 -",
  "an empty board parses; both sides lack a king, a warning (s5.3 DFEN210)", findings=["DFEN210"])
y("y_dfen_sixteen_pieces", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1 -",
  "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1 -",
  "exactly 16 pieces a side is not DFEN211; no rights is `-` (s5.3)")
y("y_dfen_eight_pawns", "4k3/8/8/8/8/8/PPPPPPPP/4K3 w - - 0 1 -",
  "4k3/8/8/8/8/8/PPPPPPPP/4K3 w - - 0 1 -", "exactly 8 pawns is not DFEN212 (s5.3)")
y("y_dfen_promoted_queen_with_missing_pawn", "4k3/8/8/8/8/8/PPPPPPP1/QQ2K3 w - - 0 1 -",
  "4k3/8/8/8/8/8/PPPPPPP1/QQ2K3 w - - 0 1 -",
  "a second queen is one promotion and one pawn is missing: no DFEN213 (s5.3)")
y("y_dfen_bishops_one_per_colour", "4k3/8/8/8/8/8/PPPPPPPP/2B1KB2 w - - 0 1 -",
  "4k3/8/8/8/8/8/PPPPPPPP/2B1KB2 w - - 0 1 -",
  "c1 and f1 are different square colours, so neither bishop is promoted (s5.3 DFEN213)")

# ---------------------------------------------------------------- non-canonical spellings (fixable)
y("y_dfen_107_six_fields", f"{KK} w - - 0 1", f"{KK} w - - 0 1 -",
  "a standard six-field FEN: field 7 defaults to `-` (s5.2 DFEN107, decision 4)", findings=["DFEN107"])
y("y_dfen_107_start_fen", f"{START} w KQkq - 0 1", f"{START} w KQkq - 0 1 -",
  "the standard start FEN is a DFEN (decision 4)", findings=["DFEN107"])
y("y_dfen_107_standard_ep", "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1",
  "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1 -",
  "a standard FEN after 1.e4 (s5.2 DFEN107)", findings=["DFEN107"])
y("y_dfen_101_ep_unsorted", "4k3/8/8/8/P1P5/8/8/4K3 b - c3a3 0 1 -",
  "4k3/8/8/8/P1P5/8/8/4K3 b - a3c3 0 1 -", "spec example: c3a3 sorts to a3c3 (s5.2 DFEN101)",
  findings=["DFEN101"])
y("y_dfen_101_ep_reversed_three", f"{SEED3} b KQkq e3c3a3 0 1 -", f"{SEED3} b KQkq a3c3e3 0 1 -",
  "three squares in reverse order (s5.2 DFEN101)", findings=["DFEN101"])
y("y_dfen_101_ep_index_order_in_spec", "4k3/8/8/p7/2P5/8/8/4K3 w - c3a6 0 2 PN",
  "4k3/8/8/p7/2P5/8/8/4K3 w - a6c3 0 2 PN",
  "the engine's square-index order is out of order for spec (decision 2, DFEN101)",
  findings=["DFEN101"])
y("y_dfen_102_dice_unsorted", f"{KK} w - - 0 1 NP", f"{KK} w - - 0 1 PN",
  "spec example: NP sorts to PN (s5.2 DFEN102)", findings=["DFEN102"])
y("y_dfen_102_dice_reversed", f"{KK} w - - 0 1 KQR", f"{KK} w - - 0 1 RQK",
  "K > Q > R reversed (s5.2 DFEN102)", findings=["DFEN102"])
y("y_dfen_102_dice_black", f"{KK} b - - 0 1 kpb", f"{KK} b - - 0 1 pbk",
  "lower-case dice sort by value too (s5.2 DFEN102)", findings=["DFEN102"])
y("y_dfen_103_castling_reversed", f"{CAST} w qkQK - 0 1 -", f"{CAST} w KQkq - 0 1 -",
  "spec example: qkQK sorts to KQkq (s5.2 DFEN103)", findings=["DFEN103"])
y("y_dfen_103_castling_black_before_white", f"{CAST} w kK - 0 1 -", f"{CAST} w Kk - 0 1 -",
  "white letters come before black ones (s5.2 DFEN103)", findings=["DFEN103"])
y("y_dfen_103_castling_queen_before_king", f"{CAST} w QK - 0 1 -", f"{CAST} w KQ - 0 1 -",
  "K before Q (s5.2 DFEN103)", findings=["DFEN103"])
y("y_dfen_104_split_run", "4k3/44/8/8/8/8/8/4K3 w - - 0 1 -", f"{KK} w - - 0 1 -",
  "spec example: 44 merges into 8 (s5.2 DFEN104)", findings=["DFEN104"])
y("y_dfen_104_ones", "4k3/8/8/8/8/8/8/1111K3 w - - 0 1 -", f"{KK} w - - 0 1 -",
  "1111 merges into 4 (s5.2 DFEN104)", findings=["DFEN104"])
y("y_dfen_104_all_ones", "4k3/11111111/8/8/8/8/8/4K3 w - - 0 1 -", f"{KK} w - - 0 1 -",
  "eight 1s merge into 8 (s5.2 DFEN104)", findings=["DFEN104"])
y("y_dfen_104_after_piece", "4k21/8/8/8/8/8/8/4K3 w - - 0 1 -", f"{KK} w - - 0 1 -",
  "2 then 1 after the king merges into 3 (s5.2 DFEN104)", findings=["DFEN104"])
y("y_dfen_105_halfmove_zeros", f"{KK} w - - 007 1 -", f"{KK} w - - 7 1 -",
  "spec example: 007 is 7 (s5.2 DFEN105)", findings=["DFEN105"])
y("y_dfen_105_fullmove_zero_pad", f"{KK} w - - 0 01 -", f"{KK} w - - 0 1 -",
  "fullmove 01 is 1 (s5.2 DFEN105)", findings=["DFEN105"])
y("y_dfen_105_halfmove_00", f"{KK} w - - 00 1 -", f"{KK} w - - 0 1 -",
  "00 is 0 written with a leading zero (s5.2 DFEN105)", findings=["DFEN105"])
y("y_dfen_105_padded_max", f"{KK} w - - 04294967295 1 -", f"{KK} w - - 4294967295 1 -",
  "leading zeros do not count towards the 32-bit limit (s2 clock, DFEN105)", findings=["DFEN105"])
y("y_dfen_106_tab", f"{KK}\tw - - 0 1 -", f"{KK} w - - 0 1 -",
  "spec example: a tab separator (s5.2 DFEN106)", findings=["DFEN106"])
y("y_dfen_106_double_space", f"{KK}  w - - 0 1 -", f"{KK} w - - 0 1 -",
  "a run of two spaces (s5.2 DFEN106)", findings=["DFEN106"])
y("y_dfen_106_leading_space", f" {KK} w - - 0 1 -", f"{KK} w - - 0 1 -",
  "leading whitespace (s2 `ws?`, DFEN106)", findings=["DFEN106"])
y("y_dfen_106_trailing_space", f"{KK} w - - 0 1 - ", f"{KK} w - - 0 1 -",
  "trailing whitespace (s2 `ws?`, DFEN106)", findings=["DFEN106"])
y("y_dfen_106_trailing_tab_six_fields", f"{KK} w - - 0 1\t", f"{KK} w - - 0 1 -",
  "a trailing tab after six fields: both whitespace and the missing dice field",
  findings=["DFEN106", "DFEN107"])
y("y_dfen_106_tabs_everywhere", f"\t{KK}\tw\t-\t-\t0\t1\t-\t", f"{KK} w - - 0 1 -",
  "tabs as every separator and around the line (s2 ws)", findings=["DFEN106"])
y("y_dfen_106_mixed_run", f"{KK} \t w - - 0 1 -", f"{KK} w - - 0 1 -",
  "space-tab-space is one separator (s2 ws)", findings=["DFEN106"])
y("y_dfen_several_fixables", "4k3/8/8/8/P1P5/8/8/4K3  b - c3a3 00 1 pn",
  "4k3/8/8/8/P1P5/8/8/4K3 b - a3c3 0 1 pn",
  "double space, unsorted ep, zero-padded clock all reported in one pass (s5)",
  findings=["DFEN101", "DFEN105", "DFEN106"])
y("y_dfen_1024_bytes", f"{KK} w - - 0 1 -" + " " * (1024 - len(f"{KK} w - - 0 1 -")),
  f"{KK} w - - 0 1 -", "exactly 1024 bytes is within the limit; the padding is trailing whitespace "
  "(s2 input limit, DFEN106)", findings=["DFEN106"])

# ---------------------------------------------------------------- position findings
y("y_dfen_210_no_black_king", "8/8/8/8/8/8/8/4K3 w - - 0 1 -", "8/8/8/8/8/8/8/4K3 w - - 0 1 -",
  "spec example: Black has no king (s5.3 DFEN210)", findings=["DFEN210"])
y("y_dfen_211_too_many_pieces", "QQQQQQQQ/QQQQQQQQ/QQ6/8/8/8/8/K6k w - - 0 1 -",
  "QQQQQQQQ/QQQQQQQQ/QQ6/8/8/8/8/K6k w - - 0 1 -",
  "spec example: 19 white pieces (DFEN211); 17 extra queens with 8 missing pawns is also DFEN213",
  findings=["DFEN211", "DFEN213"])
y("y_dfen_212_nine_pawns", "4k3/8/8/8/8/P7/PPPPPPPP/4K3 w - - 0 1 -",
  "4k3/8/8/8/8/P7/PPPPPPPP/4K3 w - - 0 1 -", "spec example: nine white pawns (s5.3 DFEN212)",
  findings=["DFEN212"])
y("y_dfen_212_nine_black_pawns", "4k3/pppppppp/p7/8/8/8/8/4K3 b - - 0 1 -",
  "4k3/pppppppp/p7/8/8/8/8/4K3 b - - 0 1 -", "nine black pawns (s5.3 DFEN212)", findings=["DFEN212"])
y("y_dfen_213_queens", "4k3/8/8/8/8/8/PPPPPPPP/QQ2K3 w - - 0 1 -",
  "4k3/8/8/8/8/8/PPPPPPPP/QQ2K3 w - - 0 1 -",
  "spec example: a second queen with all 8 pawns on the board (s5.3 DFEN213)", findings=["DFEN213"])
y("y_dfen_213_same_colour_bishops", "4k3/8/8/8/8/8/PPPPPPPP/2B1K1B1 w - - 0 1 -",
  "4k3/8/8/8/8/8/PPPPPPPP/2B1K1B1 w - - 0 1 -",
  "c1 and g1 are both dark squares: one bishop must be promoted, no pawn is missing (DFEN213)",
  findings=["DFEN213"])
y("y_dfen_213_three_black_knights", "nnn1k3/pppppppp/8/8/8/8/8/4K3 b - - 0 1 -",
  "nnn1k3/pppppppp/8/8/8/8/8/4K3 b - - 0 1 -",
  "a third knight with all 8 black pawns present (DFEN213)", findings=["DFEN213"])
y("y_dfen_220_no_rook", f"{KK} w K - 0 1 -", f"{KK} w - - 0 1 -",
  "spec example: K without a rook on h1 is dropped (s5.3 DFEN220)", findings=["DFEN220"])
y("y_dfen_220_all_rights_no_rooks", f"{KK} w KQkq - 0 1 -", f"{KK} w - - 0 1 -",
  "every right without rooks is dropped (DFEN220)", findings=["DFEN220"])
y("y_dfen_224_king_moved", "r3k2r/8/8/8/8/8/8/R4K1R w KQkq - 0 1 -",
  "r3k2r/8/8/8/8/8/8/R4K1R w HAha - 0 1 -",
  "the white king is on f1 with a rook in each corner: K and Q read as Chess960 and stay, "
  "written as their rooks' files, which read back as those rooks with nothing to report "
  "(chess960.md s3, s4, DFEN224, DFEN120)", findings=["DFEN120", "DFEN224"])
y("y_dfen_220_king_moved_no_rook_on_its_side", "r3k2r/8/8/8/8/8/8/R4K2 w KQkq - 0 1 -",
  "r3k2r/8/8/8/8/8/8/R4K2 w Aha - 0 1 -",
  "king on f1: no rook on its h-side, so K goes (DFEN220); the a1 rook beyond it keeps Q, "
  "which reads as Chess960 (DFEN224) and is written as its rook's file (chess960.md s3, s4, "
  "DFEN120)", findings=["DFEN120", "DFEN220", "DFEN224"])
y("y_dfen_220_one_rook_missing", "r3k3/8/8/8/8/8/8/R3K2R w KQkq - 0 1 -",
  "r3k3/8/8/8/8/8/8/R3K2R w KQq - 0 1 -", "no black rook on h8, so k goes (DFEN220)",
  findings=["DFEN220"])
y("y_dfen_221_no_pawn", f"{KK} b - e3 0 1 -", f"{KK} b - - 0 1 -",
  "spec example: no white pawn on e4 (s5.3 DFEN221)", findings=["DFEN221"])
y("y_dfen_221_wrong_colour_pawn", "4k3/8/8/8/4p3/8/8/4K3 b - e3 0 1 -",
  "4k3/8/8/8/4p3/8/8/4K3 b - - 0 1 -", "e3 needs a WHITE pawn on e4; a black one does not count (DFEN221)",
  findings=["DFEN221"])
y("y_dfen_221_one_of_two", "4k3/8/8/8/P7/8/8/4K3 b - a3c3 0 1 -",
  "4k3/8/8/8/P7/8/8/4K3 b - a3 0 1 -", "c3 has no pawn on c4 and goes; a3 stays (DFEN221)",
  findings=["DFEN221"])
y("y_dfen_222_occupied", "4k3/8/8/8/4P3/4N3/8/4K3 b - e3 0 1 -",
  "4k3/8/8/8/4P3/4N3/8/4K3 b - - 0 1 -", "spec example: a knight stands on e3 (s5.3 DFEN222)",
  findings=["DFEN222"])
y("y_dfen_223_stale_own_target", "4k3/8/8/8/4P3/8/8/4K3 w - e3 0 1 -",
  f"4k3/8/8/8/4P3/8/8/4K3 w - - 0 1 -",
  "spec example: White's own rank-3 target at White's fresh turn is stale (s6, DFEN223)",
  findings=["DFEN223"])
y("y_dfen_223_stale_black_target", "4k3/8/8/4p3/8/8/8/4K3 b - e6 0 1 -",
  "4k3/8/8/4p3/8/8/8/4K3 b - - 0 1 -", "Black's own rank-6 target at Black's fresh turn (DFEN223)",
  findings=["DFEN223"])
y("y_dfen_223_not_stale_mid_turn", "4k3/8/8/8/4P3/8/8/4K3 w - e3 0 1 NB",
  "4k3/8/8/8/4P3/8/8/4K3 w - e3 0 1 NB",
  "mid-turn the mover's own new target is live; 1 + 2 dice = 3 (s6)")
y("y_dfen_fmt_drops_everything", "4k3/8/8/8/8/8/8/4K3 w KQ a6 0 1 -", f"{KK} w - - 0 1 -",
  "KQ without rooks (DFEN220); a6 without a black pawn on a5 (DFEN221), both dropped",
  findings=["DFEN220", "DFEN221"])

# ---------------------------------------------------------------- lenient profile
y("i_dfen_lenient_four_fields", f"{KK} w - -", f"{KK} w - - 0 1 -",
  "lenient: clocks default to 0 and 1 (DFEN109); the spec does not say whether the missing "
  "field 7 is also reported as DFEN107, fenkit reports DFEN109 alone", profile="lenient",
  findings=["DFEN109"])
y("y_dfen_lenient_five_fields", f"{KK} w - - 5", f"{KK} w - - 5 1 -",
  "lenient: a fifth field is the halfmove clock; fullmove defaults to 1 (DFEN109)",
  profile="lenient", findings=["DFEN109"])
n("n_dfen_lenient_017_dice_without_clocks", f"{KK} w - - PN", "DFEN017",
  "with five fields the fifth is the halfmove clock, so dice there are not a clock (s2 order)",
  profile="lenient")
y("y_dfen_engine_five_fields", f"{KK} w - - 5", f"{KK} w - - 5 1",
  "engine: the fullmove number defaults to 1 (DFEN109)", profile="engine", findings=["DFEN109"])
y("y_dfen_lenient_009_repeated_castling", f"{CAST} w KKq - 0 1 -", f"{CAST} w Kq - 0 1 -",
  "lenient: a repeated castling letter is dropped (s4, DFEN009)", profile="lenient",
  findings=["DFEN009"])
y("y_dfen_lenient_013_repeated_ep", "4k3/8/8/8/P7/8/8/4K3 b - a3a3 0 1 -",
  "4k3/8/8/8/P7/8/8/4K3 b - a3 0 1 -", "lenient: a3a3 keeps one a3 (s4, DFEN013)",
  profile="lenient", findings=["DFEN013"])
y("y_dfen_lenient_012_wrong_case", f"{START} w KQkq - 0 1 pnb", f"{START} w KQkq - 0 1 PNB",
  "lenient: dice in Black's case with White to move are rewritten (s4, DFEN012)",
  profile="lenient", findings=["DFEN012"])
y("y_dfen_lenient_016_mixed_case", f"{KK} w - - 0 1 Pn", f"{KK} w - - 0 1 PN",
  "lenient: mixed-case dice take the mover's case (s4, DFEN016)", profile="lenient",
  findings=["DFEN016"])
y("y_dfen_lenient_019_fullmove_zero", f"{KK} w - - 0 0 -", f"{KK} w - - 0 1 -",
  "lenient: fullmove 0 becomes 1 (s4, DFEN019)", profile="lenient", findings=["DFEN019"])
y("y_dfen_lenient_canonical", f"{START} w KQkq - 0 1 -", f"{START} w KQkq - 0 1 -",
  "lenient writes the spec canonical form (s4)", profile="lenient")
y("y_dfen_lenient_six_fields", f"{KK} w - - 0 1", f"{KK} w - - 0 1 -",
  "lenient still reports the missing dice field (s4 table)", profile="lenient", findings=["DFEN107"])
y("y_dfen_lenient_halfmove_200", f"{KK} w - - 200 1 -", f"{KK} w - - 200 1 -",
  "only the engine profile limits the halfmove clock (s4)", profile="lenient")
y("y_dfen_lenient_ep_alphabetical", "4k3/8/8/p7/2P5/8/8/4K3 w - a6c3 0 2 PN",
  "4k3/8/8/p7/2P5/8/8/4K3 w - a6c3 0 2 PN", "lenient orders ep squares alphabetically (s4)",
  profile="lenient")
n("n_dfen_lenient_002_three_fields", f"{KK} w -", "DFEN002",
  "lenient takes 4 to 7 fields; 3 is too few (s4)", profile="lenient")
n("n_dfen_lenient_002_eight_fields", f"{KK} w - - 0 1 - x", "DFEN002",
  "more than 7 fields in every profile (s5.1 DFEN002)", profile="lenient")
n("n_dfen_lenient_004_still_error", "8/8/8/8/8/8/8/4X3 w - - 0 1 -", "DFEN004",
  "syntax errors other than those in the s4 table stay errors (s5.1)", profile="lenient")
n("n_dfen_lenient_201_still_error", "4k2P/8/8/8/8/8/8/4K3 w - - 0 1 -", "DFEN201",
  "position errors do not depend on the profile (s5.3)", profile="lenient")

# ---------------------------------------------------------------- engine profile
y("y_dfen_engine_six_fields", f"{START} w KQkq - 0 1", f"{START} w KQkq - 0 1",
  "engine: six fields at a fresh turn is its canonical form; writing omits field 7 (s4)",
  profile="engine")
y("y_dfen_engine_108_dash", f"{START} w KQkq - 0 1 -", f"{START} w KQkq - 0 1",
  "engine: a written `-` in field 7 is fixable DFEN108 (s4)", profile="engine", findings=["DFEN108"])
y("y_dfen_engine_dice", f"{START} w KQkq - 0 1 PNB", f"{START} w KQkq - 0 1 PNB",
  "engine writes pending dice as field 7 (s4)", profile="engine")
y("y_dfen_engine_ep_index_order", "4k3/8/8/p7/2P5/8/8/4K3 w - c3a6 0 2 PN",
  "4k3/8/8/p7/2P5/8/8/4K3 w - c3a6 0 2 PN",
  "engine: square-index order puts rank 3 (c3) before rank 6 (a6) (s4, decision 2)",
  profile="engine")
y("y_dfen_engine_101_alphabetical", "4k3/8/8/p7/2P5/8/8/4K3 w - a6c3 0 2 PN",
  "4k3/8/8/p7/2P5/8/8/4K3 w - c3a6 0 2 PN",
  "engine: the spec's alphabetical order is out of order here (s5.2 DFEN101)", profile="engine",
  findings=["DFEN101"])
y("y_dfen_engine_same_rank_order", f"{SEED3} b KQkq a3c3e3 0 1", f"{SEED3} b KQkq a3c3e3 0 1",
  "engine: on one rank index order equals alphabetical order (s4)", profile="engine")
y("y_dfen_engine_109_four_fields", f"{KK} w - -", f"{KK} w - - 0 1",
  "engine: missing clocks default to 0 and 1 (DFEN109); no field 7 is its canonical form (s4)",
  profile="engine", findings=["DFEN109"])
y("y_dfen_engine_halfmove_127", f"{KK} w - - 127 70", f"{KK} w - - 127 70",
  "127 is the engine's largest halfmove clock (s4)", profile="engine")
y("y_dfen_engine_012_black_upper_dice", "4k3/8/8/8/8/8/8/4K3 b - - 0 1 BKK",
  "4k3/8/8/8/8/8/8/4K3 b - - 0 1 bkk",
  "engine fixtures write dice in either case (`BKK` with Black to move): fixable (decision 3)",
  profile="engine", findings=["DFEN012"])
n("n_dfen_engine_009_repeated_castling", f"{CAST} w KQkqq - 0 1", "DFEN009",
  "engine: the reference reader refuses a repeated castling letter (s4, s9, DFEN009)",
  profile="engine")
n("n_dfen_engine_009_reference_kk", f"{START} w KK - 0 1", "DFEN009",
  "engine: the reference's own negative test `KK` (s9)", profile="engine")
n("n_dfen_engine_013_repeated_ep", "4k3/8/8/8/4P3/8/8/4K3 b - e3e3 0 1", "DFEN013",
  "engine: the reference reader refuses a repeated en-passant square (s4, DFEN013)",
  profile="engine")
n("n_dfen_engine_019_fullmove_zero", f"{KK} b - - 0 0", "DFEN019",
  "engine: the reference reader refuses fullmove 0 (s4, DFEN019)", profile="engine")
n("n_dfen_engine_023_fullmove_2147483648", f"{KK} b - - 0 2147483648", "DFEN023",
  "engine: the fullmove number fits a signed 32-bit integer (s5.1 DFEN023)", profile="engine")
y("y_dfen_engine_fullmove_2147483647", f"{KK} b - - 0 2147483647", f"{KK} b - - 0 2147483647",
  "engine: 2147483647 is the engine's largest fullmove number (s4)", profile="engine")
n("n_dfen_engine_022_empty_castling", f"{START} w  - 0 1", "DFEN022",
  "engine: two spaces make an empty castling field, the reference's own negative test (s5.1 DFEN022)",
  profile="engine")
n("n_dfen_engine_022_tab", f"{KK}\tw - - 0 1", "DFEN022",
  "engine: the reference splits on spaces only, so a tab stays inside a field (s5.1 DFEN022)",
  profile="engine")
n("n_dfen_engine_022_leading_space", f" {KK} w - - 0 1", "DFEN022",
  "engine: a leading space makes an empty placement (s5.1 DFEN022)", profile="engine")
y("y_dfen_engine_106_trailing_spaces", f"{KK} w - - 0 1  ", f"{KK} w - - 0 1",
  "engine: the reference drops trailing spaces; fixable DFEN106 (s4)", profile="engine",
  findings=["DFEN106"])
y("y_dfen_engine_position_as_read", f"{KK} w K - 0 1", f"{KK} w K - 0 1",
  "engine: the answer is the position as read, as the reference's writer keeps a dead right (s10, DFEN220)",
  profile="engine", findings=["DFEN220"])
y("y_dfen_engine_stale_ep_kept", "4k3/8/8/8/4P3/8/8/4K3 w - e3 0 1",
  "4k3/8/8/8/4P3/8/8/4K3 w - e3 0 1",
  "engine: a stale en-passant square is kept, as the reference's writer keeps it (s10, DFEN223)",
  profile="engine", findings=["DFEN223"])
y("y_dfen_engine_pawn_took_the_king", "3P4/8/8/8/8/8/8/4K3 b - - 0 1",
  "3P4/8/8/8/8/8/8/4K3 b - - 0 1",
  "engine: the pawn that took the king on its last rank stays a pawn, a warning (s4, DFEN201)",
  profile="engine", findings=["DFEN201", "DFEN210"])
n("n_dfen_engine_020_halfmove_128", f"{KK} w - - 128 70", "DFEN020",
  "spec example: 128 is beyond the engine's 0-127 (s5.1 DFEN020)", profile="engine")
n("n_dfen_engine_020_halfmove_max", f"{KK} w - - 4294967295 1", "DFEN020",
  "a valid 32-bit clock is still out of the engine's range (DFEN020)", profile="engine")
n("n_dfen_engine_002_three_fields", f"{KK} w -", "DFEN002",
  "engine takes 4 to 7 fields (s4)", profile="engine")
n("n_dfen_engine_008_bad_castling", f"{KK} w X - 0 1", "DFEN008",
  "castling letters are the same in every profile (s5.1 DFEN008)", profile="engine")
n("n_dfen_engine_008_shredder_files", f"{CAST} w HAha - 0 1", "DFEN008",
  "engine: the reference reader knows `KQkq` only, no Chess960 file letters "
  "(s5.1 DFEN008, chess960.md s2)", profile="engine")
n("n_dfen_engine_014_four_dice", f"{KK} w - - 0 1 PNBR", "DFEN014",
  "at most three dice in every profile (s5.1 DFEN014)", profile="engine")

# ---------------------------------------------------------------- syntax errors, spec profile
n("n_dfen_001_too_long", "8" * 1025, "DFEN001", "spec example: 1025 bytes, checked before anything else")
n("n_dfen_001_valid_but_padded", f"{KK} w - - 0 1 -" + " " * (1025 - len(f"{KK} w - - 0 1 -")),
  "DFEN001", "a valid DFEN padded to 1025 bytes is too long (s2 input limit)")
n("n_dfen_001_multibyte", "٣" * 513, "DFEN001",
  "513 two-byte characters are 1026 bytes: the limit counts bytes (s2)")
n("n_dfen_002_four_fields", "8/8/8/8/8/8/8/8 w - -", "DFEN002", "spec example: 4 fields in spec")
n("n_dfen_002_five_fields", f"{KK} w - - 0", "DFEN002", "spec needs 6 or 7 fields (s4)")
n("n_dfen_002_one_field", KK, "DFEN002", "a bare placement is one field (s4)")
n("n_dfen_002_eight_fields", f"{KK} w - - 0 1 - -", "DFEN002", "eight fields (s5.1 DFEN002)")
n("n_dfen_003_seven_ranks", "8/8/8/8/8/8/8 w - - 0 1 -", "DFEN003", "spec example: 7 ranks")
n("n_dfen_003_nine_ranks", "8/8/8/8/8/8/8/8/8 w - - 0 1 -", "DFEN003", "9 ranks (s2 placement)")
n("n_dfen_003_one_rank", "8 w - - 0 1 -", "DFEN003", "a placement without slashes has 1 rank")
n("n_dfen_004_unknown_letter", "8/8/8/8/8/8/8/4X3 w - - 0 1 -", "DFEN004", "spec example: X")
n("n_dfen_004_lowercase_x", "4k3/8/8/8/8/8/8/3xK3 w - - 0 1 -", "DFEN004", "x is not a piece (s2 piece)")
n("n_dfen_004_file_letter", "4k3/8/8/8/8/8/8/a3K3 w - - 0 1 -", "DFEN004", "a file letter is not a piece")
n("n_dfen_004_nul", "4k3/8/8/8/8/8/8/3\0K3 w - - 0 1 -", "DFEN004",
  "a NUL byte in the placement is not a piece letter (s2 piece)")
n("n_dfen_005_short_rank", "8/8/8/8/8/8/8/4K2 w - - 0 1 -", "DFEN005", "spec example: 7 squares")
n("n_dfen_005_long_rank", "4k3/8/8/8/8/8/8/4K4 w - - 0 1 -", "DFEN005", "9 squares (s2 rank)")
n("n_dfen_005_digit_sum", "4k3/8/8/44k/8/8/8/4K3 w - - 0 1 -", "DFEN005", "4+4+1 = 9 squares")
n("n_dfen_005_nine_pieces", "rnbqkbnrp/8/8/8/8/8/8/4K3 w - - 0 1 -", "DFEN005", "nine pieces in a rank")
n("n_dfen_006_digit_zero", "4k3/8/8/8/8/8/8/04K3 w - - 0 1 -", "DFEN006", "0 is not an empty run (s2 empty)")
n("n_dfen_006_digit_nine", "4k3/8/8/9/8/8/8/4K3 w - - 0 1 -", "DFEN006", "9 is not an empty run (s2 empty)")
n("n_dfen_006_arabic_indic", "8/8/8/8/8/8/8/4K2٣ w - - 0 1 -", "DFEN006",
  "spec example: a non-ASCII digit")
n("n_dfen_006_fullwidth_digit", "4k3/8/8/8/8/8/8/4K３ w - - 0 1 -", "DFEN006",
  "a fullwidth digit three is outside ASCII (s5.1 DFEN006)")
n("n_dfen_007_upper_w", "8/8/8/8/8/8/8/8 W - - 0 1 -", "DFEN007", "spec example: W")
n("n_dfen_007_word", f"{KK} white - - 0 1 -", "DFEN007", "side is one letter (s2 side)")
n("n_dfen_007_dash", f"{KK} - - - 0 1 -", "DFEN007", "`-` is not a side")
n("n_dfen_007_x", f"{KK} x - - 0 1 -", "DFEN007", "only w and b")
n("n_dfen_008_letter_x", "8/8/8/8/8/8/8/8 w KX - 0 1 -", "DFEN008",
  "spec example: X is neither a castling letter nor a rook file (s5.1 DFEN008)")
n("n_dfen_008_digit", f"{CAST} w K1 - 0 1 -", "DFEN008", "a digit is no castling letter (s5.1 DFEN008)")
n("n_dfen_008_dash_and_letter", f"{CAST} w -K - 0 1 -", "DFEN008", "`-` together with letters")
n("n_dfen_008_letter_and_dash", f"{CAST} w K- - 0 1 -", "DFEN008", "a letter then `-`")
n("n_dfen_009_repeated", "r3k2r/8/8/8/8/8/8/R3K2R w KKq - 0 1 -", "DFEN009", "spec example: KK")
n("n_dfen_009_repeated_black", f"{CAST} w Kqq - 0 1 -", "DFEN009", "qq (s2 castling: each letter at most once)")
n("n_dfen_010_odd_length", "8/8/8/8/8/8/8/8 w - e3c 0 1 -", "DFEN010", "spec example: e3c")
n("n_dfen_010_one_char", f"{KK} w - e 0 1 -", "DFEN010", "a lone file letter")
n("n_dfen_010_bad_file", f"{KK} b - i3 0 1 -", "DFEN010", "i is not a file (s2 file)")
n("n_dfen_010_upper_file", f"{KK} b - E3 0 1 -", "DFEN010", "files are lower case (s2 file)")
n("n_dfen_010_digits", f"{KK} b - 33 0 1 -", "DFEN010", "no file letter")
n("n_dfen_010_dash_and_square", f"{KK} b - -e3 0 1 -", "DFEN010", "`-` together with a square")
n("n_dfen_011_rank_4", "8/8/8/8/8/8/8/8 w - e4 0 1 -", "DFEN011", "spec example: e4")
n("n_dfen_011_rank_1", f"{KK} w - a1 0 1 -", "DFEN011", "rank 1 is never an en-passant square")
n("n_dfen_011_second_square", "4k3/8/8/8/P7/8/8/4K3 b - a3e5 0 1 -", "DFEN011",
  "every square must be on rank 3 or 6, not just the first")
n("n_dfen_012_white_lower", f"{START} w KQkq - 0 1 pnb", "DFEN012", "spec example: pnb for White")
n("n_dfen_012_black_upper", f"{START} b KQkq - 0 1 PNB", "DFEN012", "upper-case dice for Black")
n("n_dfen_012_black_single", f"{KK} b - - 0 1 K", "DFEN012", "one upper-case die for Black")
n("n_dfen_013_repeated_ep", "4k3/8/8/8/P7/8/8/4K3 b - a3a3 0 1 -", "DFEN013", "spec example: a3a3")
n("n_dfen_013_repeated_not_adjacent", "4k3/8/8/8/P1P5/8/8/4K3 b - a3c3a3 0 1 -", "DFEN013",
  "a repeat anywhere in the field (s2 en-passant)")
n("n_dfen_014_four", "8/8/8/8/8/8/8/8 w - - 0 1 PNBR", "DFEN014", "spec example: four dice")
n("n_dfen_014_pppp", f"{KK} w - - 0 1 PPPP", "DFEN014", "four equal dice")
n("n_dfen_015_x", "8/8/8/8/8/8/8/8 w - - 0 1 PX", "DFEN015", "spec example: X")
n("n_dfen_015_digits", f"{KK} w - - 0 1 123", "DFEN015", "dice are letters, not numbers (s1)")
n("n_dfen_015_a", f"{KK} w - - 0 1 A", "DFEN015", "A is no die")
n("n_dfen_016_mixed", "8/8/8/8/8/8/8/8 w - - 0 1 Pn", "DFEN016", "spec example: Pn")
n("n_dfen_016_mixed_three", f"{KK} w - - 0 1 PNb", "DFEN016", "one lower-case die among upper")
n("n_dfen_017_negative", "8/8/8/8/8/8/8/8 w - - -1 1 -", "DFEN017", "spec example: -1")
n("n_dfen_017_plus", f"{KK} w - - +1 1 -", "DFEN017", "a sign is not a digit (s2 clock)")
n("n_dfen_017_letters", f"{KK} w - - a 1 -", "DFEN017", "a letter")
n("n_dfen_017_decimal", f"{KK} w - - 0 1.5 -", "DFEN017", "a fraction")
n("n_dfen_017_dash", f"{KK} w - - - 1 -", "DFEN017", "`-` is not a clock")
n("n_dfen_017_fullmove_word", f"{KK} w - - 0 one -", "DFEN017", "the fullmove number in words")
n("n_dfen_017_nonascii_digit", f"{KK} w - - ٣ 1 -", "DFEN017", "clocks take ASCII digits only")
n("n_dfen_018_halfmove", "8/8/8/8/8/8/8/8 w - - 4294967296 1 -", "DFEN018", "spec example: 2^32")
n("n_dfen_018_fullmove", f"{KK} w - - 0 4294967296 -", "DFEN018", "2^32 in the fullmove field")
n("n_dfen_018_huge", f"{KK} w - - 99999999999999999999999 1 -", "DFEN018", "far beyond 64 bits too")
y("y_dfen_019_fullmove_zero", f"{KK} w - - 0 0 -", f"{KK} w - - 0 1 -",
  "spec example: fullmove 0 is a fixable warning, written as 1 (s4, DFEN019)", findings=["DFEN019"])
y("y_dfen_019_fullmove_00", f"{KK} w - - 0 00 -", f"{KK} w - - 0 1 -",
  "00 is still zero, read as 1 (s2 clock, DFEN019; the leading zero is DFEN105)",
  findings=["DFEN019", "DFEN105"])
n("n_dfen_021_tab", "\t", "DFEN021", "spec example: whitespace only")
n("n_dfen_021_empty", "", "DFEN021", "no bytes at all")
n("n_dfen_021_spaces", "   ", "DFEN021", "only spaces")

# ---------------------------------------------------------------- position errors
n("n_dfen_201_white_pawn_rank8", "4k2P/8/8/8/8/8/8/4K3 w - - 0 1 -", "DFEN201", "spec example")
n("n_dfen_201_black_pawn_rank1", "4k3/8/8/8/8/8/8/p3K3 w - - 0 1 -", "DFEN201", "a pawn on a1")
n("n_dfen_201_white_pawn_rank1", "4k3/8/8/8/8/8/8/4K2P w - - 0 1 -", "DFEN201", "a white pawn on h1")
n("n_dfen_202_two_white_kings", "4k3/8/8/8/8/8/8/K3K3 w - - 0 1 -", "DFEN202", "spec example")
n("n_dfen_202_two_black_kings", "k3k3/8/8/8/8/8/8/4K3 w - - 0 1 -", "DFEN202", "two black kings")
n("n_dfen_203_four_white_targets", "4k3/8/8/8/PPPP4/8/8/4K3 b - a3b3c3d3 0 1 -", "DFEN203",
  "spec example: four rank-3 targets")
n("n_dfen_203_four_black_targets", "4k3/8/8/pppp4/8/8/8/4K3 w - a6b6c6d6 0 2 -", "DFEN203",
  "four rank-6 targets")
n("n_dfen_204_targets_and_dice", "4k3/8/8/8/PP6/8/8/4K3 w - a3b3 0 1 PN", "DFEN204",
  "spec example: 2 own targets + 2 dice = 4")
n("n_dfen_204_black", "4k3/8/8/p7/8/8/8/4K3 b - a6 0 1 pnb", "DFEN204",
  "Black: 1 own target + 3 dice = 4 (s5.3)")

# ---------------------------------------------------------------- implementation-defined
# A reader of the seed alone could decide these differently; the expected value is our spec's.
y("i_dfen_ep_square_not_capturable", f"{KK} b - e3 0 1 -", f"{KK} b - - 0 1 -",
  "the seed keeps only capturable squares; our spec accepts and drops them (decision 5)",
  findings=["DFEN221"])
y("i_dfen_standard_fen_is_dfen", f"{START} b KQkq - 0 1", f"{START} b KQkq - 0 1 -",
  "the seed calls field 7 optional; our canonical form always writes it (decision 1)",
  findings=["DFEN107"])
n("i_dfen_dice_case_mismatch", f"{KK} b - - 0 1 BKK", "DFEN012",
  "the engine writes dice in either case; our spec profile rejects it (decision 3)")

# ---------------------------------------------------------------- not UTF-8
reject("dfen", "n_dfen_invalid_utf8", b"4k3/8/8/8/8/8/8/4K3 w - - 0 1 \xff", "FENKIT001",
       "input that is not UTF-8 is rejected before parsing (adapter protocol)")
reject("dfen", "n_dfen_invalid_utf8_placement", b"4k3/8/8/8/8/8/8/4K2\xc3 w - - 0 1 -",
       "FENKIT001", "a truncated two-byte sequence in the placement (adapter protocol)")

# ---------------------------------------------------------------- Chess960 castling (chess960.md)
# Every spelling outside Chess960 mode: a file letter can only mean Chess960, so a field that
# holds one is read as Chess960 reads it, `K` and `Q` included (chess960.md s2). The cases of
# Chess960 mode itself need a parser setting the suite does not carry yet: chess960_cases.py.
y("y_dfen_120_shredder_standard_start", f"{CAST} w HAha - 0 1 -", f"{CAST} w KQkq - 0 1 -",
  "Shredder-FEN for the rooks KQkq names: outside Chess960 mode the field is written KQkq "
  "(chess960.md s4, DFEN120)", findings=["DFEN120"])
y("y_dfen_960_shredder_ethereal_0", "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9 -",
  "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9 -",
  "Shredder-FEN of a Chess960 game (Ethereal's fischer.epd, position 0): rooks on f1, h1, f8 "
  "and h8, read and written as files (chess960.md s2, s4)")
y("y_dfen_960_shredder_inner_files", "1rqbkrbn/1ppppp1p/1n6/p1N3p1/8/2P4P/PP1PPPP1/1RQBKRBN w FBfb - 0 9 -",
  "1rqbkrbn/1ppppp1p/1n6/p1N3p1/8/2P4P/PP1PPPP1/1RQBKRBN w FBfb - 0 9 -",
  "rights for the b- and f-file rooks with the king on e1 (Stockfish's perft.sh) "
  "(chess960.md s2, s4)")
y("y_dfen_960_shredder_out_of_order", "1rkr3b/1ppn3p/3pB1n1/6q1/R2P4/4N1P1/1P5P/2KRQ1B1 b Dbd - 0 14 -",
  "1rkr3b/1ppn3p/3pB1n1/6q1/R2P4/4N1P1/1P5P/2KRQ1B1 b Ddb - 0 14 -",
  "Shredder-FEN writes each colour from the h-side to the a-side: db, not bd "
  "(chess960.md s4, DFEN103)", findings=["DFEN103"])
y("y_dfen_120_xfen_inner_rook", "4k3/8/8/8/8/8/8/R1R1K2R w KC - 0 1 -",
  "4k3/8/8/8/8/8/8/R1R1K2R w HC - 0 1 -",
  "X-FEN: K is the outermost h-side rook (h1), C the inner a-side rook; outside Chess960 mode "
  "rights off the corners are written as files (chess960.md s2, s4, DFEN120)",
  findings=["DFEN120"])
y("y_dfen_120_xfen_k_is_the_outermost_rook", "4k3/8/8/8/8/8/8/1R1K1RR1 w KB - 0 1 -",
  "4k3/8/8/8/8/8/8/1R1K1RR1 w GB - 0 1 -",
  "the file letter B makes the field Chess960: K is the outermost rook on the king's h-side, "
  "g1, not h1 (chess960.md s2, DFEN120)", findings=["DFEN120"])
y("y_dfen_224_xfen_start", "nqbnrkrb/pppppppp/8/8/8/8/PPPPPPPP/NQBNRKRB w KQkq - 0 1 -",
  "nqbnrkrb/pppppppp/8/8/8/8/PPPPPPPP/NQBNRKRB w KQkq - 0 1 -",
  "a Chess960 start in X-FEN read outside Chess960 mode: each right reads as Chess960 and is "
  "kept (chess960.md s3, s5, DFEN224)", findings=["DFEN224"])
y("y_dfen_224_rook_off_the_corner", "2r5/8/8/8/8/8/6PP/k2KR3 w K - 0 1 -",
  "2r5/8/8/8/8/8/6PP/k2KR3 w K - 0 1 -",
  "K with the king on d1 and its rook on e1 (scalachess's X-FEN cases): a Chess960 right, kept "
  "(chess960.md s3, DFEN224)", findings=["DFEN224"])
y("y_dfen_220_chess960_file_without_rook", "4k3/8/8/8/8/8/8/4KNR1 w F - 0 1 -",
  "4k3/8/8/8/8/8/8/4KNR1 w - - 0 1 -",
  "F names the f1 rook; a knight stands there, so no reading keeps it (chess960.md s3, DFEN220)",
  findings=["DFEN220"])
n("n_dfen_009_same_rook_twice", f"{CAST} w KH - 0 1 -", "DFEN009",
  "K and H both name the h1 rook: a repeated right (chess960.md s2, DFEN009)")
n("n_dfen_225_two_rights_one_side", "4k3/8/8/8/8/8/8/4K1RR w HG - 0 1 -", "DFEN225",
  "the g1 and h1 rooks are both on the king's h-side: a king castles once on each side "
  "(chess960.md s3, DFEN225)")
