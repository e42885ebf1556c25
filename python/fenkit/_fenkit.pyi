"""Typed stubs of the extension module ``fenkit._fenkit`` (re-exported by ``fenkit``)."""

import os
from typing import Any, Dict, Iterable, Iterator, List, Literal, Optional, Sequence, Tuple, Union, final

__version__: str
__all__ = [
    "__version__",
    "run_cli",
    "_arrow_check",
    "_arrow_canonical",
    "_arrow_position_key",
    "ParseError",
    "RulesError",
    "ConversionError",
    "Finding",
    "JsonIssue",
    "Dfen",
    "ParsedDfen",
    "parse_dfen",
    "parse_dfen_batch",
    "check",
    "comment_commands",
    "CommentCommand",
    "format",
    "convert",
    "lint_dfen",
    "position_key",
    "position_hash",
    "Placement",
    "ParsedFen4",
    "Ndjson4Validator",
    "parse_fen4",
    "parse_fen4_batch",
    "lint_fen4",
    "validate_ndjson4",
    "Move",
    "LegalMoves",
    "Outcome",
    "UniqueCount",
    "Turn",
    "turns",
    "count_turns",
    "legal_moves",
    "play",
    "roll",
    "pass_turn",
    "perft",
    "perft_divide",
    "perft_unique",
    "ParsedVariant",
    "parse_variant",
    "EpdOperation",
    "ParsedEpd",
    "parse_epd",
    "PgnMove",
    "PgnGame",
    "read_pgn",
]

_Text = Union[str, bytes]
"""Text to parse: ``str``, or ``bytes`` that must be UTF-8 (else ``ParseError`` FENKIT001)."""
_Profile = Literal["spec", "lenient", "engine"]
_EpIdentity = Literal["always", "fen", "xfen", "legal"]
"""An en-passant policy: which en-passant squares a written position or an identity keeps."""
_Castling = Literal["xfen", "shredder"]
_Game = Literal["dice-chess", "standard"]
_JsonForm = Literal["structured", "pieces"]
_KingCapture = Literal["first", "any"]
_Severity = Literal["error", "warning"]
_VariantName = Literal["chess", "dice", "threecheck", "crazyhouse", "twomove"]
# The variants of the rules table (python-chess's names); their aliases are read too.
_RulesVariantName = Literal[
    "antichess", "giveaway", "atomic", "horde", "racingkings", "kingofthehill", "3check"
]
_Dialect = Literal["essay", "stockfish", "lichess"]

class ParseError(ValueError):
    """A syntax error: the parse stopped. FEN4 errors also carry ``ref_code`` and ``offset``;
    the errors of ``format`` and ``convert`` carry ``line`` and ``written`` (for PGN games
    converted, what ``fenkit convert`` writes all the same, one projection a game)."""

    code: str
    span: Tuple[int, int]
    expected: str
    found: str
    help: Optional[str]
    ref_code: int
    offset: int
    line: int
    written: Optional[str]

class RulesError(ValueError):
    """The rules refuse a request (``RULE001``-``RULE007``)."""

    code: str
    span: Tuple[int, int]
    expected: str
    found: str
    help: Optional[str]
    legal_moves: List[str]

class ConversionError(ValueError):
    """A conversion that would lose information, or a JSON form that is not a position."""

    dropped: List[str]
    issues: List["JsonIssue"]

@final
class Finding:
    """One finding: code, severity, byte span, fixable, message, help."""

    @property
    def code(self) -> str: ...
    @property
    def category(self) -> str: ...
    @property
    def severity(self) -> _Severity: ...
    @property
    def span(self) -> Tuple[int, int]: ...
    @property
    def message(self) -> str: ...
    @property
    def fixable(self) -> bool: ...
    @property
    def help(self) -> Optional[str]: ...
    @property
    def line(self) -> Optional[int]: ...
    @property
    def column(self) -> Optional[int]: ...

@final
class Dfen:
    """A Dice Chess position; ``str()`` writes the canonical DFEN."""

    def __new__(cls, text: _Text, profile: _Profile = "spec", *, chess960: bool = False) -> "Dfen": ...
    @classmethod
    def from_json(cls, text: str) -> "Dfen": ...
    @property
    def canonical(self) -> str: ...
    @property
    def engine(self) -> str: ...
    def to_dfen(
        self,
        profile: _Profile = "spec",
        *,
        chess960: bool = False,
        castling: _Castling = "xfen",
        en_passant: _EpIdentity = "always",
    ) -> str: ...
    def to_fen(
        self, *, chess960: bool = False, castling: _Castling = "xfen", en_passant: _EpIdentity = "always"
    ) -> str: ...
    def to_fen_lossy(self) -> Tuple[str, List[str]]: ...
    def to_json(self) -> str: ...
    @property
    def side(self) -> Literal["white", "black"]: ...
    @property
    def castling(self) -> str: ...
    @property
    def en_passant(self) -> List[str]: ...
    @property
    def halfmove(self) -> int: ...
    @property
    def fullmove(self) -> int: ...
    @property
    def dice(self) -> str: ...
    @property
    def board(self) -> dict[str, str]: ...
    def identity_key(
        self, ep: _EpIdentity = "always", game: _Game = "dice-chess", *, en_passant: Optional[_EpIdentity] = None
    ) -> str: ...
    def identity_hash(
        self, ep: _EpIdentity = "always", game: _Game = "dice-chess", *, en_passant: Optional[_EpIdentity] = None
    ) -> int: ...
    def legal_moves(self, *, king_capture: _KingCapture = "first") -> "LegalMoves": ...
    def play(self, uci: str, *, king_capture: _KingCapture = "first") -> "Outcome": ...
    def roll(self, dice: str) -> "Dfen": ...
    def pass_turn(self, *, king_capture: _KingCapture = "first") -> "Outcome": ...
    def perft(
        self,
        depth: int,
        *,
        die: Optional[str] = None,
        alternate: bool = False,
        roll: Optional[str] = None,
        king_capture: _KingCapture = "first",
    ) -> int: ...
    def __eq__(self, other: object, /) -> bool: ...
    def __hash__(self) -> int: ...

_Position = Union[Dfen, _Text]
"""A position argument: a ``Dfen``, or DFEN text read under the ``spec`` profile."""

@final
class ParsedDfen:
    """A DFEN read under a profile: the position and every finding."""

    @property
    def canonical(self) -> str: ...
    @property
    def findings(self) -> List[Finding]: ...
    @property
    def has_errors(self) -> bool: ...
    @property
    def position(self) -> Dfen: ...
    @property
    def fixed(self) -> Dfen: ...
    @property
    def profile(self) -> _Profile: ...
    def identity_key(
        self, ep: _EpIdentity = "always", game: _Game = "dice-chess", *, en_passant: Optional[_EpIdentity] = None
    ) -> str: ...

@final
class EpdOperation:
    """One operation of an EPD line: opcode, operands as written, and moves in UCI."""

    @property
    def opcode(self) -> str: ...
    @property
    def operands(self) -> List[str]: ...
    @property
    def moves(self) -> Optional[List[str]]: ...

@final
class ParsedEpd:
    """An EPD line: the position (six-field FEN), its operations and every finding."""

    @property
    def position(self) -> str: ...
    @property
    def operations(self) -> List[EpdOperation]: ...
    @property
    def findings(self) -> List[Finding]: ...
    @property
    def notes(self) -> List[Tuple[str, Tuple[int, int], str]]: ...
    @property
    def has_errors(self) -> bool: ...
    @property
    def canonical(self) -> str: ...
    def to_json(self) -> str: ...
    def verify_perft(self, depth: int) -> List[Finding]: ...

@final
class Placement:
    """A FEN4 placement; ``str()`` writes the canonical literal."""

    def __new__(cls, text: _Text) -> "Placement": ...
    @classmethod
    def from_json(cls, text: str, form: _JsonForm = "structured") -> "Placement": ...
    @property
    def canonical(self) -> str: ...
    def pieces(self) -> List[Tuple[Tuple[int, int, int, int], str]]: ...
    def to_pieces_json(self) -> str: ...
    def to_structured_json(self) -> str: ...
    def to_json(self, form: _JsonForm = "structured") -> str: ...
    def identity_key(self) -> str: ...
    def identity_hash(self) -> int: ...
    def __len__(self) -> int: ...
    def __eq__(self, other: object, /) -> bool: ...
    def __hash__(self) -> int: ...

@final
class ParsedFen4:
    """A FEN4 literal read: the placement and every finding."""

    @property
    def canonical(self) -> str: ...
    @property
    def findings(self) -> List[Finding]: ...
    @property
    def has_errors(self) -> bool: ...
    @property
    def placement(self) -> Placement: ...

@final
class JsonIssue:
    """One problem of a JSON form (DFEN or FEN4), located by a JSON path and a byte span."""

    @property
    def code(self) -> str: ...
    @property
    def severity(self) -> _Severity: ...
    @property
    def path(self) -> str: ...
    @property
    def message(self) -> str: ...
    @property
    def span(self) -> Optional[Tuple[int, int]]: ...

@final
class Ndjson4Validator:
    """Validates an NDJSON4 file line by line."""

    def __init__(self) -> None: ...
    def check_line(self, line: _Text, line_number: Optional[int] = None) -> List[Finding]: ...
    @property
    def line(self) -> int: ...

@final
class Move:
    """One legal micro-move."""

    @property
    def uci(self) -> str: ...
    @property
    def from_square(self) -> str: ...
    @property
    def to_square(self) -> str: ...
    @property
    def promotion(self) -> Optional[str]: ...
    @property
    def die(self) -> str: ...
    @property
    def kind(self) -> str: ...
    @property
    def cost(self) -> int: ...
    def __eq__(self, other: object, /) -> bool: ...
    def __hash__(self) -> int: ...

@final
class LegalMoves:
    """The legal first micro-moves and L*."""

    @property
    def l_star(self) -> int: ...
    def uci(self) -> List[str]: ...
    def __len__(self) -> int: ...
    def __getitem__(self, index: int, /) -> Move: ...
    def __iter__(self) -> Iterator[Move]: ...

@final
class Outcome:
    """What follows a micro-move or a pass."""

    @property
    def position(self) -> Dfen: ...
    @property
    def played(self) -> Optional[Move]: ...
    @property
    def turn_ended(self) -> bool: ...
    @property
    def winner(self) -> Optional[Literal["white", "black"]]: ...

@final
class UniqueCount:
    """A perft with distinct positions."""

    @property
    def nodes(self) -> int: ...
    @property
    def unique(self) -> int: ...
    @property
    def collisions(self) -> int: ...

def parse_dfen(
    text: _Text, profile: _Profile = "spec", *, strict: bool = False, chess960: bool = False
) -> ParsedDfen: ...
def parse_dfen_batch(
    texts: Sequence[_Text], profile: _Profile = "spec", *, strict: bool = False, chess960: bool = False
) -> List[Union[ParsedDfen, ParseError]]: ...
@final
class PgnMove:
    """One move of a PGN game: SAN, UCI, the FEN after it, comment, NAGs, variations."""

    @property
    def san(self) -> str: ...
    @property
    def uci(self) -> str: ...
    @property
    def fen_after(self) -> Optional[str]: ...
    @property
    def comment(self) -> Optional[str]: ...
    @property
    def nags(self) -> List[int]: ...
    @property
    def variations(self) -> List[List["PgnMove"]]: ...

@final
class PgnGame:
    """One game of a PGN text: tags, moves, variations, findings, result."""

    @property
    def tags(self) -> Dict[str, str]: ...
    @property
    def moves(self) -> List[PgnMove]: ...
    @property
    def variations(self) -> List[List[PgnMove]]: ...
    @property
    def findings(self) -> List[Finding]: ...
    @property
    def result(self) -> str: ...
    @property
    def start_fen(self) -> str: ...
    @property
    def final_fen(self) -> Optional[str]: ...
    @property
    def span(self) -> Tuple[int, int]: ...

def read_pgn(source: Union[_Text, "os.PathLike[str]"], *, strict: bool = False) -> Iterator[PgnGame]: ...
def parse_epd(text: _Text, profile: _Profile = "spec", *, strict: bool = False) -> ParsedEpd: ...
def parse_fen4(text: _Text, *, strict: bool = False) -> ParsedFen4: ...
def parse_fen4_batch(
    texts: Sequence[_Text], *, strict: bool = False
) -> List[Union[ParsedFen4, ParseError]]: ...
_Notation = Literal["dfen", "fen", "epd", "perft", "fen4", "ndjson4", "movetext", "pgn"]

def check(
    text: _Text,
    *,
    notation: Optional[_Notation] = None,
    profile: Optional[_Profile] = None,
    chess960: bool = False,
    variant: Union[_VariantName, _RulesVariantName, str, None] = None,
    dialect: Optional[Literal["essay", "stockfish", "lichess", "auto"]] = None,
    strict: bool = False,
) -> List[Finding]:
    """Every finding of ``text``, as ``fenkit check`` reports it for the same text on stdin."""
    ...

def format(
    text: _Text,
    *,
    notation: Optional[_Notation] = None,
    profile: Optional[_Profile] = None,
    chess960: bool = False,
    variant: Union[_VariantName, _RulesVariantName, str, None] = None,
    dialect: Optional[Literal["essay", "stockfish", "lichess", "auto"]] = None,
    strict: bool = False,
    to_dialect: Optional[_Dialect] = None,
    castling: Optional[_Castling] = None,
    en_passant: Optional[_EpIdentity] = None,
) -> str:
    """What ``fenkit fmt`` writes for ``text`` on stdin; ``ParseError`` for a position with an error."""
    ...

def convert(
    text: _Text,
    to: Optional[str] = None,
    *,
    notation: Optional[str] = None,
    profile: Optional[_Profile] = None,
    chess960: bool = False,
    variant: Union[_VariantName, _RulesVariantName, str, None] = None,
    dialect: Optional[Literal["essay", "stockfish", "lichess", "auto"]] = None,
    strict: bool = False,
    to_dialect: Optional[_Dialect] = None,
    castling: Optional[_Castling] = None,
    en_passant: Optional[_EpIdentity] = None,
    lossy: bool = False,
    positions: Optional[Literal["all", "final"]] = None,
) -> str:
    """What ``fenkit convert`` writes for ``text`` on stdin: positions converted to ``to``, or PGN games projected."""
    ...

@final
class CommentCommand:
    """A command inside a comment of PGN games or movetext kept as written, unread."""

    @property
    def name(self) -> str: ...
    @property
    def kind(self) -> Literal["unknown", "malformed", "rest-of-line"]: ...
    @property
    def span(self) -> Tuple[int, int]: ...
    @property
    def line(self) -> int: ...
    @property
    def column(self) -> int: ...
    @property
    def message(self) -> str: ...

def comment_commands(
    text: _Text,
    *,
    notation: Optional[_Notation] = None,
    profile: Optional[_Profile] = None,
    chess960: bool = False,
    variant: Union[_VariantName, _RulesVariantName, str, None] = None,
    dialect: Optional[Literal["essay", "stockfish", "lichess", "auto"]] = None,
    strict: bool = False,
) -> List[CommentCommand]:
    """Every comment command of ``text`` that ``fenkit check -v`` notes as kept unread."""
    ...

def lint_dfen(
    lines: Iterable[_Text], profile: _Profile = "spec", *, strict: bool = False, chess960: bool = False
) -> List[Finding]: ...
def lint_fen4(lines: Iterable[_Text], *, strict: bool = False) -> List[Finding]: ...
def validate_ndjson4(text: _Text) -> List[Finding]: ...
def position_key(
    text: _Text,
    notation: _Notation = "dfen",
    *,
    profile: _Profile = "spec",
    ep: _EpIdentity = "always",
    en_passant: Optional[_EpIdentity] = None,
    chess960: bool = False,
) -> str: ...
def position_hash(
    text: _Text,
    notation: _Notation = "dfen",
    *,
    profile: _Profile = "spec",
    ep: _EpIdentity = "always",
    en_passant: Optional[_EpIdentity] = None,
    chess960: bool = False,
) -> int: ...
def legal_moves(dfen_text: _Position, *, king_capture: _KingCapture = "first") -> List[str]: ...
def play(position: _Position, uci: str, *, king_capture: _KingCapture = "first") -> Outcome: ...
def roll(position: _Position, dice: str) -> Dfen: ...
def pass_turn(position: _Position, *, king_capture: _KingCapture = "first") -> Outcome: ...

@final
class Turn:
    """One complete legal turn."""

    @property
    def moves(self) -> List[str]: ...
    @property
    def position(self) -> Dfen: ...
    @property
    def winner(self) -> Optional[Literal["white", "black"]]: ...

def turns(position: _Position, *, king_capture: _KingCapture = "first") -> List[Turn]: ...
def count_turns(position: _Position, *, king_capture: _KingCapture = "first") -> Tuple[int, int]: ...
def perft(
    position: _Position,
    depth: int,
    *,
    die: Optional[str] = None,
    alternate: bool = False,
    roll: Optional[str] = None,
    king_capture: _KingCapture = "first",
) -> int: ...
def perft_divide(
    position: _Position,
    depth: int,
    *,
    die: Optional[str] = None,
    alternate: bool = False,
    roll: Optional[str] = None,
    king_capture: _KingCapture = "first",
) -> List[Tuple[Optional[str], int]]: ...
def perft_unique(
    position: _Position,
    depth: int,
    *,
    die: Optional[str] = None,
    alternate: bool = False,
    roll: Optional[str] = None,
    king_capture: _KingCapture = "first",
    ep: _EpIdentity = "always",
) -> UniqueCount: ...
def run_cli(argv: List[str]) -> int: ...

# The compiled halves of `fenkit.arrow` (python/fenkit/arrow.py, which types and documents
# them): an Arrow string column of the PyCapsule interface in, a pyarrow column out.
def _arrow_check(array: object, notation: str = "fen", chess960: bool = False) -> Any: ...
def _arrow_canonical(array: object, notation: str = "fen", chess960: bool = False) -> Any: ...
def _arrow_position_key(
    array: object, notation: str = "fen", en_passant: str = "always", chess960: bool = False
) -> Any: ...

@final
class ParsedVariant:
    """A variant FEN read in a dialect: the slots and every finding."""

    @property
    def canonical(self) -> str: ...
    @property
    def essay(self) -> str: ...
    def to_dialect(self, dialect: Union[_Dialect, Literal["auto"]]) -> str: ...
    def to_fen(self) -> str: ...
    @property
    def findings(self) -> List[Finding]: ...
    @property
    def has_errors(self) -> bool: ...
    @property
    def variant(self) -> Union[_VariantName, _RulesVariantName]: ...
    @property
    def dialect(self) -> _Dialect: ...
    @property
    def fen(self) -> str: ...
    @property
    def side(self) -> Literal["white", "black"]: ...
    @property
    def checks(self) -> Tuple[int, int]: ...
    @property
    def check_limit(self) -> int: ...
    @property
    def holdings(self) -> str: ...
    @property
    def promoted(self) -> List[str]: ...
    @property
    def sub_turn(self) -> Literal[1, 2]: ...
    def identity_key(self) -> str: ...

def parse_variant(
    text: _Text,
    variant: Union[_VariantName, _RulesVariantName, str],
    dialect: Union[_Dialect, Literal["auto"]] = "auto",
    *,
    check_limit: int = 3,
    strict: bool = False,
) -> ParsedVariant: ...
