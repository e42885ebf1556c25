"""Columns of positions through Arrow: for the engines that hold them (DuckDB, Polars, Dask, Spark).

Each function takes a column of FEN (or DFEN) text as any object of the Arrow PyCapsule
interface: a ``pyarrow.Array`` or ``pyarrow.ChunkedArray``, a Polars ``Series``, a pandas
``Series``, a DuckDB result's column through pyarrow. The strings are read in place from the
column's buffers (``string``, ``large_string`` and ``string_view`` columns), the work runs in
Rust without the GIL, and the answer comes back as a pyarrow column, again without a copy: a
``pyarrow.Array`` for an array in, a ``pyarrow.ChunkedArray`` for a chunked array or a stream in
(a Polars or pandas ``Series``). A null row stays null. pyarrow must be installed to receive the
answer.

``notation`` is ``"fen"`` (standard chess, six fields; the default) or ``"dfen"`` (Dice Chess
FEN); ``chess960=True`` reads castling as Chess960 does. Every row answers what the scalar
functions answer for it: ``fenkit.parse_dfen`` for ``check`` and ``canonical``,
``fenkit.position_hash`` for ``position_key``.

    >>> import pyarrow as pa
    >>> import fenkit.arrow
    >>> fens = pa.array(["4k3/8/8/8/8/8/8/4K3 w - - 0 1", "4k3/8/8/8/8/8/8/4K3 w - - 7 30", None, "x"])
    >>> fenkit.arrow.position_key(fens).to_pylist()
    [6948455474944129062, 6948455474944129062, None, None]

The same column from Polars (which hands over its strings as ``string_view``)::

    >>> import polars as pl
    >>> fenkit.arrow.canonical(pl.Series(["4k3/8/8/8/8/8/8/4K3 w - - 0 1"])).to_pylist()
    ['4k3/8/8/8/8/8/8/4K3 w - - 0 1']
"""

from typing import Any, Literal, Protocol, Union

from . import _fenkit

__all__ = ["ArrowArrayExportable", "ArrowStreamExportable", "canonical", "check", "position_key"]


class ArrowArrayExportable(Protocol):
    """An object that exports one Arrow array (``pyarrow.Array``, ``arro3.core.Array``)."""

    def __arrow_c_array__(self, requested_schema: Any = None) -> Any: ...


class ArrowStreamExportable(Protocol):
    """An object that exports a stream of Arrow arrays (``pyarrow.ChunkedArray``, a Polars or
    pandas ``Series``)."""

    def __arrow_c_stream__(self, requested_schema: Any = None) -> Any: ...


#: What the functions read: any Arrow string column of the PyCapsule interface.
StringColumn = Union[ArrowArrayExportable, ArrowStreamExportable]


def check(array: StringColumn, notation: Literal["fen", "dfen"] = "fen", *, chess960: bool = False) -> Any:
    """Checks every position of a column: a struct column of ``ok``, ``canonical`` and ``code``.

    - ``ok`` (bool): the text is a sound position, with no error finding (a warning, such as
      a fixable spelling, leaves it ``True``);
    - ``canonical`` (string): what ``fenkit fmt`` writes for it, null when not ``ok``;
    - ``code`` (string): the code of its first finding (``"DFEN002"``), null when none.

    A row that does not parse is ``ok=False`` with the syntax error's code. A FEN has six
    fields: its canonical form is the six-field FEN, the missing dice field of DFEN is no
    finding of it, and a position six fields cannot hold (dice, several en-passant squares)
    is ``FENKIT003``. A null row is a null struct.

    >>> import pyarrow as pa
    >>> import fenkit.arrow
    >>> fenkit.arrow.check(pa.array(["4k3/8/8/8/8/8/8/4K3 w - - 0 1", "4k3/8/8/8/8/8/8/4X3 w - - 0 1"])).to_pylist()
    [{'ok': True, 'canonical': '4k3/8/8/8/8/8/8/4K3 w - - 0 1', 'code': None}, {'ok': False, 'canonical': None, 'code': 'DFEN004'}]
    """
    return _fenkit._arrow_check(array, notation, chess960)


def canonical(array: StringColumn, notation: Literal["fen", "dfen"] = "fen", *, chess960: bool = False) -> Any:
    """The canonical form of every position of a column (what ``fenkit fmt`` writes), a string
    column; null where the row is null, does not parse or is not a sound position (where
    ``check`` answers ``ok=False``).

    >>> import pyarrow as pa
    >>> import fenkit.arrow
    >>> fenkit.arrow.canonical(pa.array(["4k3/8/8/8/8/8/8/4K3 w - - 0 01", "4k3 w"])).to_pylist()
    ['4k3/8/8/8/8/8/8/4K3 w - - 0 1', None]
    """
    return _fenkit._arrow_canonical(array, notation, chess960)


def position_key(
    array: StringColumn,
    notation: Literal["fen", "dfen"] = "fen",
    *,
    en_passant: Literal["always", "fen", "xfen", "legal"] = "always",
    chess960: bool = False,
) -> Any:
    """The 64-bit identity hash of every position of a column, a ``uint64`` column: the key
    ``fenkit dedupe`` compares (``spec/identity.md``: every field but the clocks), hashed
    as ``fenkit.position_hash`` hashes it. Two rows are the same position when their keys are
    equal (up to a 64-bit collision). ``en_passant`` is the en-passant policy of
    ``fenkit.position_key``: ``"always"`` keeps the square as written, ``"fen"`` and
    ``"xfen"`` keep it when a capture is pseudo-legal, ``"legal"`` when one is legal
    (python-chess's policies). Null where the row is null or does not parse.

    >>> import pyarrow as pa
    >>> import fenkit.arrow
    >>> keys = fenkit.arrow.position_key(
    ...     pa.array(["4k3/8/8/8/4P3/8/8/4K3 b - e3 0 1", "4k3/8/8/8/4P3/8/8/4K3 b - - 0 1"]),
    ...     en_passant="legal",
    ... )
    >>> keys.type, keys[0] == keys[1]
    (DataType(uint64), True)
    """
    return _fenkit._arrow_position_key(array, notation, en_passant, chess960)
