"""PGN game cases, written from spec/pgn.md (sections cited): each input is a whole PGN text,
tag sections and movetext over several lines (the protocol carries it byte-exact per case, and
as a JSON string in batch mode with `--json-strings`; conformance.md section 2.2). Every game
has the Seven Tag Roster and a termination marker, so that the one fault planted in it is its
only finding. An accepted case's canonical form is the text with every fixable finding fixed
(what `fmt` writes); a rejected case names its first error. `spans` gives every finding at its
token: the code and the byte span in the input; a rejected case's `offset` is the first error's
start, which `fenkit parity --batch --codes` compares when the adapter answers one.
build.py writes them to spec/conformance/v1/pgn.jsonl; `fenkit parity --notation pgn` runs them
through `fenkit parse --notation pgn`.
"""

from common import accept, reject

NOTATION = "pgn"

ROSTER = ["Event", "Site", "Date", "Round", "White", "Black", "Result"]


def tags(result="*", extra=(), omit=()):
    """The Seven Tag Roster (values `?`), then `extra` tag lines, each as `Name "value"`."""
    values = {"Date": "????.??.??", "Result": result}
    lines = [f'[{name} "{values.get(name, "?")}"]' for name in ROSTER if name not in omit]
    lines += [f"[{tag}]" for tag in extra]
    return "\n".join(lines) + "\n"


def game(movetext, result="*", extra=(), omit=(), marker=True):
    """One game: its tags, a blank line, and the movetext, then the marker unless told not."""
    return tags(result, extra, omit) + "\n" + movetext + (f" {result}" if marker else "")


def span(data, at, nth=0, length=None):
    """The byte span of the `nth` occurrence of `at` in `data` (a token or an insertion point)."""
    raw = data.encode("utf-8")
    needle = at.encode("utf-8")
    start = -1
    for _ in range(nth + 1):
        start = raw.index(needle, start + 1)
    return [start, start + (len(needle) if length is None else length)]


def spans_of(data, marks):
    """`marks`: (code, token, nth[, length]) for each finding, in the library's order."""
    out = []
    for mark in marks:
        code, at = mark[0], mark[1]
        nth = mark[2] if len(mark) > 2 else 0
        length = mark[3] if len(mark) > 3 else None
        start, end = span(data, at, nth, length)
        out.append({"code": code, "start": start, "end": end})
    return out


def y(name, data, canonical, reason, marks=()):
    accept(NOTATION, name, data, canonical, reason, "spec", [m[0] for m in marks],
           spans=spans_of(data, marks))


def n(name, data, code, reason, marks):
    spans = spans_of(data, marks)
    first = next(s for s in spans if s["code"] == code)
    reject(NOTATION, name, data, code, reason, "spec", offset=first["start"], spans=spans)


# Accepted games: standard, several games, the import format's every element.
OPENING = "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6"
y("y_pgn_game", game(OPENING), game(OPENING),
  "a game with the Seven Tag Roster, SAN movetext and a termination marker (pgn.md s1)")
TWO = game(OPENING, "1/2-1/2") + "\n\n" + game("1. d4 d5 2. c4 e6", "0-1")
y("y_pgn_two_games", TWO, TWO,
  "games follow one another, each read from its own start (s1)")
RICH = ("1. e4 {the king's pawn} e5 $1 2. Nf3 !? Nc6 ; to the end of the line\n"
        "%an escape line\n"
        "3. Bb5 (3. Bc4 Bc5 (3... Nf6 4. d3) 4. c3) 3... a6?! 4. Ba4 Nf6")
y("y_pgn_comments_nags_variations", game(RICH, "1-0"), game(RICH, "1-0"),
  "brace and `;` comments, a `%` escape line, NAGs, suffix annotations and nested variations "
  "read from the position before the move they replace (s1)")
y("y_pgn_byte_order_mark", "\ufeff" + game(OPENING), "\ufeff" + game(OPENING),
  "a byte order mark at the start is skipped (s1)")
FEN960 = "qbbnrnkr/pppppppp/8/8/8/8/PPPPPPPP/QBBNRNKR w KQkq - 0 1"
C960 = "1. e3 b5 2. g3 Qf3 3. d4 a6 4. h4 c5 5. Nd2 h5 6. O-O"
y("y_pgn_chess960_castling",
  game(C960, extra=['Variant "Chess960"', 'SetUp "1"', f'FEN "{FEN960}"']),
  game(C960, extra=['Variant "Chess960"', 'SetUp "1"', f'FEN "{FEN960}"']),
  "a Chess960 game: `O-O` castles with the king on g1 and the rook on h1 where they stand (s1)")
for name, variant, text in [
    ("crazyhouse", "Crazyhouse", "1. e4 d5 2. exd5 Qxd5 3. Nc3 Qa5 4. P@d5 P@e4"),
    ("threecheck", "Three-check",
     "1. b3 h6 2. c3 Nf6 3. Qc2 g5 4. Qe4 e6 5. Qxe6+ Qe7 6. Qxf7+ Kd8"),
    ("antichess", "Antichess", "1. b3 h6 2. c3 Nf6 3. Qc2 g5 4. Qe4 Nxe4 5. a4 Nxc3"),
    ("atomic", "Atomic", "1. b3 h6 2. c3 Nf6 3. Qc2 g5 4. Qe4 e6 5. a4 Rh7"),
    ("kingofthehill", "King of the Hill", "1. b3 h6 2. c3 Nf6 3. Qc2 g5 4. Qe4 e6 5. a4 Rh7"),
    ("racingkings", "Racing Kings", "1. Bc5 Bg6 2. Rxg6 Kb3 3. Rf6 Ka2 4. Rg7 Nc4 5. Rf3 Bh6"),
    ("horde", "Horde", "1. e5 Nc6 2. d5 Nf6 3. exf6 a5 4. fxe7 Nd4 5. exf8=R+ Rxf8"),
]:
    data = game(text, extra=[f'Variant "{variant}"'])
    y(f"y_pgn_variant_{name}", data, data,
      f"a {variant} game, its moves read by the variant's rules named by the Variant tag (s1)")
DUCK = game("1. e4 e5 2. Nf3", extra=['Variant "Duck"'])
y("y_pgn_008_unknown_variant", DUCK, DUCK,
  "a variant no table knows: one warning naming it, its moves read for syntax only "
  "(s1, s3, PGN008)", [("PGN008", '[Variant "Duck"]', 0)])

# The fixes of `fmt`: one per game, the rest of the text unchanged.
def fixed(name, text, canonical, code, at, reason, nth=0, length=None, **kw):
    data = game(text, **kw)
    y(name, data, game(canonical, **kw), reason, [(code, at, nth, length)])


fixed("y_pgn_101_zeros", "1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. 0-0",
      "1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. O-O", "PGN101", "0-0",
      "castling with zeros is written with the letter O (s3, PGN101)")
LONG = game("1. e2e4 e5 2. Ng1-f3")
y("y_pgn_102_long_algebraic", LONG, game("1. e4 e5 2. Nf3"),
  "long algebraic and UCI moves are written in SAN, each at its token (s3, PGN102)",
  [("PGN102", "e2e4"), ("PGN102", "Ng1-f3")])
fixed("y_pgn_103_over_disambiguated", "1. e4 e5 2. Ngf3", "1. e4 e5 2. Nf3", "PGN103", "Ngf3",
      "a disambiguation SAN does not need is dropped (s3, PGN103)")
fixed("y_pgn_104_capture_mark", "1. e4 d5 2. ed5", "1. e4 d5 2. exd5", "PGN104", "ed5",
      "a capture is written with `x` (s3, PGN104)")
fixed("y_pgn_105_missing_mate", "1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7",
      "1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7#", "PGN105", "Qxf7",
      "checkmate is marked `#` (s3, PGN105)", result="1-0")
PROMOTE = ['SetUp "1"', 'FEN "4k3/1P6/8/8/8/8/8/4K3 w - - 0 1"']
fixed("y_pgn_106_promotion", "1. b8Q+", "1. b8=Q+", "PGN106", "b8Q+",
      "a promotion is written with `=` (s3, PGN106)", extra=PROMOTE)
fixed("y_pgn_107_move_number", "1. e4 e5 3. Nf3", "1. e4 e5 2. Nf3", "PGN107", "3.",
      "a move number that is not the move's is corrected (s3, PGN107)", length=1)
EP = ['SetUp "1"', 'FEN "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1"']
fixed("y_pgn_111_en_passant_mark", "1. exd6ep", "1. exd6", "PGN111", "exd6ep",
      "en passant is not marked `ep` (s3, PGN111)", extra=EP)
NO_MARKER = game(OPENING, "1-0", marker=False)
y("y_pgn_108_missing_marker", NO_MARKER, NO_MARKER + " 1-0",
  "a game without its termination marker gets the Result tag's value after its last token "
  "(s3, PGN108)", [("PGN108", "a6", 0)])
NO_SITE = game(OPENING, omit=("Site", "Round"))
y("y_pgn_109_roster_missing", NO_SITE,
  NO_SITE.replace('[Result "*"]\n', '[Result "*"]\n[Site "?"]\n[Round "?"]\n'),
  "the Seven Tag Roster's missing tags are one finding, and `fmt` inserts them after the last "
  "tag with `?` (s3, PGN109)", [("PGN109", '[Event "?"]\n[Date "????.??.??"]\n[White "?"]\n[Black "?"]\n[Result "*"]')])
NO_SETUP = game(OPENING, extra=[f'FEN "{chess_start}"' for chess_start in
                                 ["rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"]])
y("y_pgn_110_fen_without_setup", NO_SETUP, NO_SETUP.replace('[FEN', '[SetUp "1"]\n[FEN'),
  "a FEN tag without SetUp \"1\" gets the tag on the line before it (s3, PGN110)",
  [("PGN110", "[FEN \"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\"]")])
NULL = game("1. e4 -- 2. d4 e5")
y("y_pgn_205_null_move", NULL, NULL,
  "a null move passes the turn: a warning, an error only when strict (s3, PGN205)",
  [("PGN205", "--", 0)])

# Errors: each at its token; the rest of its line of play is read for syntax only.
n("n_pgn_001_unknown_token", game("1. e4 e5 2. Nf3 hello"), "PGN001",
  "a word that is no move (s3, PGN001)", [("PGN001", "hello")])
UNCLOSED = game("1. e4 {runs on", marker=False) + "\n\n" + game("1. d4 d5")
n("n_pgn_002_unclosed_comment", UNCLOSED, "PGN002",
  "a comment that never closes is reported at its `{`; reading resumes at the next tag "
  "section, whose game is read (s3, PGN002)", [("PGN002", "{", 0, 1)])
n("n_pgn_003_unclosed_variation", game("1. e4 (1. d4 d5"), "PGN003",
  "a variation still open at the end of the game, at its `(` (s3, PGN003)",
  [("PGN003", "(", 0, 1)])
n("n_pgn_004_unopened_variation", game("1. e4 ) e5"), "PGN004",
  "a `)` without its `(` (s3, PGN004)", [("PGN004", ")", 0, 1)])
DEEP = "1. e4 " + "(1. d4 " * 257 + ")" * 257 + " 1... e5"
n("n_pgn_005_nested_too_deep", game(DEEP), "PGN005",
  "variations nested deeper than 256: the deeper one is skipped (s1 Limits, s3, PGN005)",
  [("PGN005", "(", 256, 1)])
n("n_pgn_006_unreadable_tag", game("1. e4 e5", extra=['Annotator "x']), "PGN006",
  "a tag pair whose value never closes (s3, PGN006)", [("PGN006", '[Annotator "x]')])
n("n_pgn_007_unreadable_fen", game("1. e4", extra=['SetUp "1"', 'FEN "8/8/8 w - - 0 1"']),
  "PGN007", "a FEN tag that is no position: the moves are not checked (s3, PGN007)",
  [("PGN007", '[FEN "8/8/8 w - - 0 1"]')])
n("n_pgn_009_variation_first", game("(1. d4 d5) 1. e4 e5"), "PGN009",
  "a variation before any move is read for syntax only (s3, PGN009)", [("PGN009", "(", 0, 1)])
n("n_pgn_201_illegal", game("1. e4 e5 2. Ke3"), "PGN201",
  "a move that is not legal in its position (s3, PGN201)", [("PGN201", "Ke3")])
n("n_pgn_201_in_variation", game("1. e4 e5 (1... Ke7 2. Qh5 Kd6) 2. Nf3"), "PGN201",
  "a variation's moves are read from the position before the move it replaces (s1, PGN201)",
  [("PGN201", "Ke7")])
n("n_pgn_201_crazyhouse_drop", game("1. e4 d5 2. N@f3", extra=['Variant "Crazyhouse"']),
  "PGN201", "a drop of a piece the pocket does not hold (s1, PGN201)", [("PGN201", "N@f3")])
n("n_pgn_201_chess960_castling",
  game("1. O-O", extra=['Variant "Chess960"', 'SetUp "1"', f'FEN "{FEN960}"']), "PGN201",
  "Chess960 castling with the squares between king and rook taken (s1, PGN201)",
  [("PGN201", "O-O")])
n("n_pgn_202_ambiguous", game("1. Nf3 e5 2. d3 e4 3. Nd2"), "PGN202",
  "two knights reach d2: the move must say which (s3, PGN202)", [("PGN202", "Nd2")])
n("n_pgn_203_after_mate", game("1. f3 e5 2. g4 Qh4# 3. a3", "0-1"), "PGN203",
  "no move after checkmate (s3, PGN203)", [("PGN203", "a3")])
n("n_pgn_203_after_third_check",
  game("1. e4 e5 2. Bc4 Nc6 3. Bxf7+ Kxf7 4. Qh5+ Ke7 5. Qxe5# Kf7",
       extra=['Variant "Three-check"'], result="1-0"), "PGN203",
  "a three-check game ends at the third check (s1, PGN203)", [("PGN203", "Kf7")])
n("n_pgn_204_result_contradicts", game("1. e4 e5", "1-0").replace(" 1-0", " 0-1"),
  "PGN204", "the Result tag says 1-0, the marker 0-1 (s3, PGN204)", [("PGN204", "0-1")])
