"""fenkit: lint, format, convert and diff chess notation: FEN, EPD, Chess960, variant FENs,
DFEN and FEN4, in files, PGN, CSV and JSON Lines.

Check a text as ``fenkit check`` checks it, in any notation and variant, and get the same
findings, each placed at its line and column::

    >>> import fenkit
    >>> [(f.code, f.line, f.column) for f in fenkit.check("8/8/8/8/8/8/8/4K3 w - - 0 1")]
    [('DFEN210', 1, 0)]
    >>> [f.code for f in fenkit.check("4k3/8/8/8/8/8/8/4K3 w - - hmvc 0; fmvn 1;", notation="epd")]
    []

Rewrite a text as ``fenkit fmt`` and ``fenkit convert`` rewrite it, in the dialect and
castling spelling it is written in::

    >>> fenkit.format("4k3/8/8/8/8/8/8/4K3 w - - 0 01\\n")
    '4k3/8/8/8/8/8/8/4K3 w - - 0 1\\n'
    >>> fenkit.convert("4k3/8/8/8/8/8/8/4K3 w - - 0 1", "json", notation="fen")[:28]
    '{"board":{"e1":"K","e8":"k"}'
    >>> fenkit.convert("1. e4 e5 *", "uci", notation="pgn")
    'e2e4 e7e5'

Parse a DFEN under a profile and get every finding, each with a code, a severity, a byte
span, whether it is fixable, a message and help::

    >>> import fenkit
    >>> parsed = fenkit.parse_dfen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1")
    >>> parsed.canonical
    'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 -'
    >>> [(f.code, f.severity, f.span, f.fixable) for f in parsed.findings]
    [('DFEN107', 'warning', (56, 56), True)]

A syntax error raises ``fenkit.ParseError`` (a ``ValueError``) with ``.code`` and ``.span``::

    >>> try:
    ...     fenkit.parse_dfen("8/8/8/8/8/8/8/4X3 w - - 0 1 -")
    ... except fenkit.ParseError as error:
    ...     print(error.code, error.span)
    DFEN004 (15, 16)

FEN4 the same way, and the rules of Dice Chess::

    >>> fenkit.parse_fen4("4d-fen v1: k@7,7,7,7; K@0,0,0,0").canonical
    '4d-fen v1: K@0,0,0,0; k@7,7,7,7'
    >>> fenkit.legal_moves("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1 P")
    ['e2e3', 'e2e4']

Three-check, crazyhouse and two-move FENs, in the dialect they are written in::

    >>> fenkit.parse_variant("4k3/8/8/8/8/8/8/Q~3K3[Pq] w - - 0 9", "crazyhouse", "stockfish").essay
    '4k3/8/8/8/8/8/8/Q3K3 w - - 0 9 Pq a1'

Whole columns of positions, for DuckDB, Polars, Dask and Spark, go through Arrow with
``fenkit.arrow`` (``check``, ``canonical`` and ``position_key`` of a string column).

The same package installs the ``fenkit`` command (``fenkit check fixtures/``), the very
command line of the Rust binary. The specification lives in the repository's ``spec/``.
"""

from ._fenkit import (
    CommentCommand,
    ConversionError,
    Dfen,
    EpdOperation,
    Finding,
    JsonIssue,
    LegalMoves,
    Move,
    Ndjson4Validator,
    Outcome,
    ParsedDfen,
    ParsedEpd,
    ParsedFen4,
    ParsedVariant,
    ParseError,
    PgnGame,
    PgnMove,
    Placement,
    RulesError,
    Turn,
    UniqueCount,
    __version__,
    check,
    comment_commands,
    convert,
    count_turns,
    format,
    legal_moves,
    lint_dfen,
    lint_fen4,
    parse_dfen,
    parse_dfen_batch,
    parse_epd,
    parse_fen4,
    parse_fen4_batch,
    parse_variant,
    pass_turn,
    perft,
    perft_divide,
    perft_unique,
    play,
    position_hash,
    position_key,
    read_pgn,
    roll,
    turns,
    validate_ndjson4,
)

__all__ = [
    "CommentCommand",
    "ConversionError",
    "Dfen",
    "EpdOperation",
    "Finding",
    "JsonIssue",
    "LegalMoves",
    "Move",
    "Ndjson4Validator",
    "Outcome",
    "ParseError",
    "ParsedDfen",
    "ParsedEpd",
    "ParsedFen4",
    "ParsedVariant",
    "PgnGame",
    "PgnMove",
    "Placement",
    "RulesError",
    "Turn",
    "UniqueCount",
    "__version__",
    "check",
    "comment_commands",
    "convert",
    "count_turns",
    "format",
    "legal_moves",
    "lint_dfen",
    "lint_fen4",
    "parse_dfen",
    "parse_dfen_batch",
    "parse_epd",
    "parse_fen4",
    "parse_fen4_batch",
    "parse_variant",
    "pass_turn",
    "perft",
    "perft_divide",
    "perft_unique",
    "play",
    "position_hash",
    "position_key",
    "read_pgn",
    "roll",
    "turns",
    "validate_ndjson4",
]
