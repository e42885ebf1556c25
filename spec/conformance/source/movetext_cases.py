"""PGN movetext cases, written from spec/pgn.md (sections cited): SAN movetext from the standard
start, with no tags and no termination marker (the notation `movetext`, a TSV column such as
lichess's chess-openings `pgn`). An accepted case's canonical form is the movetext with every
fixable finding fixed (what `fmt` writes); a rejected case names its first error.
build.py writes them to spec/conformance/v1/movetext.jsonl; `fenkit parity --notation movetext`
runs them through `fenkit parse --notation movetext`.
"""

from common import accept, reject

NOTATION = "movetext"


def y(name, data, canonical, reason, findings=()):
    accept(NOTATION, name, data, canonical, reason, "spec", findings)


def n(name, data, code, reason):
    reject(NOTATION, name, data, code, reason, "spec")


y("y_mt_opening", "1. e4 e5 2. Nf3 Nc6 3. Bb5", "1. e4 e5 2. Nf3 Nc6 3. Bb5",
  "canonical SAN from the standard start (pgn.md s1)")
y("y_mt_comment_nag_variation", "1. e4 {best} e5 $1 (1... c5 2. Nf3) 2. Nf3",
  "1. e4 {best} e5 $1 (1... c5 2. Nf3) 2. Nf3",
  "comments, NAGs and variations are kept as written (s1)")
y("y_mt_black_move_number", "1. e4 e5 2. Nf3 2... Nc6", "1. e4 e5 2. Nf3 2... Nc6",
  "a move number before Black's move is written with `...` (s1)")
y("y_mt_101_zeros", "1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. 0-0", "1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. O-O",
  "castling with zeros is written with the letter O (s3, PGN101)", findings=["PGN101"])
y("y_mt_102_long_algebraic", "1. e2e4 e7e5 2. Ng1-f3", "1. e4 e5 2. Nf3",
  "long algebraic and UCI moves are written in SAN (s3, PGN102)", findings=["PGN102"])
y("y_mt_103_over_disambiguated", "1. e4 e5 2. Ngf3", "1. e4 e5 2. Nf3",
  "a disambiguation SAN does not need is dropped (s3, PGN103)", findings=["PGN103"])
y("y_mt_104_capture_mark", "1. e4 d5 2. ed5", "1. e4 d5 2. exd5",
  "a capture is written with `x` (s3, PGN104)", findings=["PGN104"])
y("y_mt_105_missing_mate", "1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7",
  "1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7#",
  "checkmate is marked `#` (s3, PGN105)", findings=["PGN105"])
y("y_mt_105_wrong_check", "1. e4+ e5", "1. e4 e5",
  "a `+` on a move that gives no check is dropped (s3, PGN105)", findings=["PGN105"])
y("y_mt_107_move_number", "1. e4 e5 3. Nf3", "1. e4 e5 2. Nf3",
  "a move number that is not the move's is corrected (s3, PGN107)", findings=["PGN107"])
n("n_mt_201_illegal", "1. e4 e5 2. Ke3", "PGN201",
  "a move that is not legal in its position (s3, PGN201)")
n("n_mt_201_in_variation", "1. e4 e5 (1... Ke7 2. Qh5 Kd6) 2. Nf3", "PGN201",
  "a variation's moves are read from the position before the move it replaces (s1, PGN201)")
n("n_mt_203_after_mate", "1. f3 e5 2. g4 Qh4# 3. a3", "PGN203",
  "no move after checkmate (s3, PGN203)")
n("n_mt_001_unknown_token", "1. e4 e5 2. Nf3 hello", "PGN001",
  "a word that is no move (s3, PGN001)")
n("n_mt_003_unclosed_variation", "1. e4 e5 (1... c5 2. Nf3", "PGN003",
  "a variation still open at the end (s3, PGN003)")
n("n_mt_004_unopened_variation", "1. e4 e5 ) 2. Nf3", "PGN004",
  "a `)` without its `(` (s3, PGN004)")
