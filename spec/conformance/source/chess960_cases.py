"""DFEN cases read in Chess960 mode, written from spec/chess960.md (sections cited).

These cases carry `"castling": "chess960"`: the input, a DFEN, is read in Chess960 mode
(`Parser::castling_mode`, the command line's `--chess960`) and the canonical form is written in
it, in X-FEN (the default notation). build.py writes them to spec/conformance/v1/chess960.jsonl;
`fenkit parity --notation chess960` runs them with `{castling}`, and tests/tests/conformance.rs
answers them with the library. Cases that need no mode (Shredder-FEN, X-FEN with a file letter)
are in dfen_cases.py.
"""

from common import accept, reject

NOTATION = "chess960"


def y(name, data, canonical, reason, findings=()):
    accept(NOTATION, name, data, canonical, reason, "spec", findings, castling="chess960")


def n(name, data, code, reason):
    reject(NOTATION, name, data, code, reason, "spec", castling="chess960")


START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR"
XFEN_START = "nqbnrkrb/pppppppp/8/8/8/8/PPPPPPPP/NQBNRKRB"

y("y_960_standard_start", f"{START} w KQkq - 0 1 -", f"{START} w KQkq - 0 1 -",
  "the standard start is one of the 960: KQkq are its outermost rooks (chess960.md s2, s3)")
y("y_960_xfen_start", f"{XFEN_START} w KQkq - 0 1 -", f"{XFEN_START} w KQkq - 0 1 -",
  "K is the outermost rook on the king's h-side, g1; Q the one on its a-side, e1 (s2)")
y("y_960_shredder_read_written_xfen", f"{XFEN_START} w GEge - 0 1 -",
  f"{XFEN_START} w KQkq - 0 1 -",
  "Shredder-FEN is read without a finding in Chess960 mode and written in X-FEN (s2, s4)")
y("y_960_shredder_standard_start", f"{START} w HAha - 0 1 -", f"{START} w KQkq - 0 1 -",
  "HAha names the corner rooks; X-FEN writes them KQkq (s4)")
y("y_960_king_on_b1", "rk5r/8/8/8/8/8/8/RK5R w KQkq - 0 1 -", "rk5r/8/8/8/8/8/8/RK5R w KQkq - 0 1 -",
  "king on b1 between rooks on a1 and h1: both sides sound (s3)")
y("y_960_king_stays_put", "1r4kr/8/8/8/8/8/8/1R4KR w KQkq - 0 1 -",
  "1r4kr/8/8/8/8/8/8/1R4KR w KQkq - 0 1 -",
  "king on g1 and rooks on b1 and h1: castling h-side leaves the king where it is (s3, s6)")
y("y_960_xfen_inner_letter_written", "4k3/8/8/8/8/8/8/R1R1K2R w HC - 0 1 -",
  "4k3/8/8/8/8/8/8/R1R1K2R w KC - 0 1 -",
  "c1 has the a1 rook further out on its side: X-FEN writes it C, and h1 as K (s4)")
y("y_960_103_order", "1rkr3b/1ppn3p/3pB1n1/6q1/R2P4/4N1P1/1P5P/2KRQ1B1 b bdD - 0 14 -",
  "1rkr3b/1ppn3p/3pB1n1/6q1/R2P4/4N1P1/1P5P/2KRQ1B1 b Kkq - 0 14 -",
  "Black's letters before White's: out of order, written in X-FEN (s4, DFEN103)",
  findings=["DFEN103"])
y("y_960_120_mixed_spelling", f"{XFEN_START} w KEge - 0 1 -", f"{XFEN_START} w KQkq - 0 1 -",
  "K and E are X-FEN and Shredder-FEN mixed, neither spelling (s4, DFEN120)",
  findings=["DFEN120"])
y("y_960_220_k_without_rook", "4k3/8/8/8/8/8/8/RK6 w KQ - 0 1 -", "4k3/8/8/8/8/8/8/RK6 w Q - 0 1 -",
  "no white rook on the king's h-side: K names h1, where no rook stands, and is dropped "
  "(s2, s3, DFEN220)", findings=["DFEN220"])
y("y_960_220_king_off_the_back_rank", "4k3/8/8/8/8/8/4K3/R6R w HA - 0 1 -",
  "4k3/8/8/8/8/8/4K3/R6R w - - 0 1 -",
  "the white king is not on rank 1: no right holds (s3, DFEN220)", findings=["DFEN220"])
n("n_960_225_two_rights_one_side", "4k3/8/8/8/8/8/8/4K1RR w HG - 0 1 -", "DFEN225",
  "g1 and h1 are both on the king's h-side (s3, DFEN225)")
n("n_960_009_k_and_its_file", "4k3/8/8/8/8/8/8/4K1R1 w KG - 0 1 -", "DFEN009",
  "K is the outermost h-side rook, g1, which G names again (s2, DFEN009)")
