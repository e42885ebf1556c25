"""fenkit.arrow: columns of positions through the Arrow PyCapsule interface, row for row the
answers of the scalar functions, from pyarrow, Polars, pandas and inside Dask."""

import doctest
import random
import subprocess
import sys
from pathlib import Path
from typing import Any, Dict, List, Optional

import dask
import dask.dataframe as dd
import pandas as pd
import polars as pl
import pyarrow as pa
import pytest

import fenkit
import fenkit.arrow

EXAMPLE = Path(__file__).resolve().parents[1] / "examples" / "dask_dedupe.py"
START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
AFTER_E4 = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1"
XFEN_START = "nqbnrkrb/pppppppp/8/8/8/8/PPPPPPPP/NQBNRKRB w KQkq - 0 1"

# Sound, non-canonical, unsound and unreadable texts, and a null.
TEXTS: List[Optional[str]] = [
    START,
    AFTER_E4,
    AFTER_E4.replace("e3", "-"),
    AFTER_E4.replace(" 0 1", " 3 17"),
    XFEN_START,
    "4k3/8/8/8/8/8/8/4K3 w - - 0 1",
    "4k3/8/8/8/8/8/8/4K3 w - - 0 1 -",  # a seventh field without dice
    "4k3/8/8/8/8/8/8/4K3 w - - 0 1 PN",  # dice: not a FEN position
    "rnbqkbnr/pppppppp/8/8/P1P1P3/8/1P1P1PPP/RNBQKBNR b KQkq e3c3a3 0 1",  # three squares
    "rnbqkbnr/pppppppp/8/8/P1P1P3/8/1P1P1PPP/RNBQKBNR b KQkq a3c3e3 0 1 -",
    "4k3/8/8/8/8/8/8/4K3 w KQkq - 0 1",  # rights without rooks
    "8/8/8/8/8/8/8/8 w - - 0 1",  # no kings
    "4k3/8/8/8/8/8/8/4X3 w - - 0 1",
    "4k3/8/8/8/8/8/8/4K3 w - - 0 01",
    "4k3/8/8/8/8/8/8/4K3  w - - 0 1",
    "4k3/8/8/8/8/8/8/4K3 w",
    "",
    "x",
    "é" * 40,
    "4k3/8/8/8/8/8/8/4K3 w - - 0 1" * 200,
    None,
]


def corpus(count: int = 600, seed: int = 30) -> List[Optional[str]]:
    """`TEXTS` and `count` more from a fixed seed: each a text of `TEXTS` with one character
    changed, dropped or doubled, most of them bad."""
    rng = random.Random(seed)
    alphabet = "pnbrqkPNBRQK12345678/ -wbKQkqe3a6x0"
    texts = list(TEXTS)
    sources = [text for text in TEXTS if text and len(text) < 100]
    for _ in range(count):
        text = rng.choice(sources)
        at = rng.randrange(len(text))
        kind = rng.randrange(3)
        if kind == 0:
            text = text[:at] + rng.choice(alphabet) + text[at + 1 :]
        elif kind == 1:
            text = text[:at] + text[at + 1 :]
        else:
            text = text[:at] + text[at] + text[at:]
        texts.append(text)
    return texts


def scalar_check(text: Optional[str], notation: str = "fen", chess960: bool = False) -> Optional[Dict[str, Any]]:
    """What `check` answers for one row, from the scalar API."""
    if text is None:
        return None
    try:
        parsed = fenkit.parse_dfen(text, chess960=chess960)
    except fenkit.ParseError as error:
        return {"ok": False, "canonical": None, "code": error.code}
    findings = [f for f in parsed.findings if not (notation == "fen" and f.code == "DFEN107")]
    first = findings[0].code if findings else None
    if any(f.severity == "error" for f in findings):
        return {"ok": False, "canonical": None, "code": first}
    if notation == "dfen":
        return {"ok": True, "canonical": parsed.canonical, "code": first}
    try:
        fen = parsed.fixed.to_fen(chess960=chess960)
    except fenkit.ConversionError:
        return {"ok": False, "canonical": None, "code": first or "FENKIT003"}
    return {"ok": True, "canonical": fen, "code": first}


def scalar_key(text: Optional[str], notation: str = "fen", en_passant: str = "always") -> Optional[int]:
    if text is None:
        return None
    try:
        return fenkit.position_hash(text, notation, en_passant=en_passant)  # type: ignore[arg-type]
    except fenkit.ParseError:
        return None


@pytest.mark.parametrize("notation", ["fen", "dfen"])
@pytest.mark.parametrize("chess960", [False, True])
def test_check_and_canonical_answer_as_the_scalar_functions(notation: str, chess960: bool) -> None:
    texts = corpus()
    expected = [scalar_check(text, notation, chess960) for text in texts]
    column = pa.array(texts)
    got = fenkit.arrow.check(column, notation, chess960=chess960)  # type: ignore[arg-type]
    assert got.type == pa.struct([("ok", pa.bool_()), ("canonical", pa.string()), ("code", pa.string())])
    assert got.to_pylist() == expected
    canonical = fenkit.arrow.canonical(column, notation, chess960=chess960)  # type: ignore[arg-type]
    assert canonical.to_pylist() == [row and row["canonical"] for row in expected]
    # The corpus has every kind of row.
    assert {row["ok"] for row in expected if row} == {True, False}
    assert None in expected and any(row and row["ok"] and row["code"] for row in expected)


def test_check_says_what_the_rows_are() -> None:
    got = fenkit.arrow.check(pa.array(TEXTS[5:9] + [None])).to_pylist()
    assert got == [
        {"ok": True, "canonical": "4k3/8/8/8/8/8/8/4K3 w - - 0 1", "code": None},
        {"ok": True, "canonical": "4k3/8/8/8/8/8/8/4K3 w - - 0 1", "code": None},
        {"ok": False, "canonical": None, "code": "FENKIT003"},
        # The first finding: the squares' order, before that six fields cannot hold three.
        {"ok": False, "canonical": None, "code": "DFEN101"},
        None,
    ]
    dfen = fenkit.arrow.check(pa.array(TEXTS[5:6]), "dfen").to_pylist()
    assert dfen == [{"ok": True, "canonical": "4k3/8/8/8/8/8/8/4K3 w - - 0 1 -", "code": "DFEN107"}]


@pytest.mark.parametrize("en_passant", ["always", "fen", "xfen", "legal"])
@pytest.mark.parametrize("notation", ["fen", "dfen"])
def test_position_key_is_the_scalar_hash(en_passant: str, notation: str) -> None:
    texts = corpus()
    got = fenkit.arrow.position_key(pa.array(texts), notation, en_passant=en_passant)  # type: ignore[arg-type]
    assert got.type == pa.uint64()
    expected = [scalar_key(text, notation, en_passant) for text in texts]
    assert got.to_pylist() == expected
    assert None in expected and len({key for key in expected if key is not None}) > 10


def test_the_en_passant_policy_decides_a_dead_square() -> None:
    column = pa.array([AFTER_E4, AFTER_E4.replace("e3", "-")])
    always = fenkit.arrow.position_key(column).to_pylist()
    legal = fenkit.arrow.position_key(column, en_passant="legal").to_pylist()
    assert always[0] != always[1]
    assert legal[0] == legal[1]


@pytest.mark.parametrize("type_", [pa.string(), pa.large_string(), pa.string_view()])
def test_every_string_type_is_read(type_: Any) -> None:
    texts = corpus(100)
    column = pa.array(texts, type=type_)
    assert fenkit.arrow.position_key(column).to_pylist() == [scalar_key(text) for text in texts]
    assert fenkit.arrow.check(column).to_pylist() == [scalar_check(text) for text in texts]


def test_chunked_arrays_give_chunked_arrays_chunk_for_chunk() -> None:
    texts = corpus(100)
    chunked = pa.chunked_array([texts[:7], texts[7:7], texts[7:]])
    keys = fenkit.arrow.position_key(chunked)
    assert isinstance(keys, pa.ChunkedArray)
    assert [len(chunk) for chunk in keys.chunks] == [7, 0, len(texts) - 7]
    assert keys.to_pylist() == [scalar_key(text) for text in texts]
    checked = fenkit.arrow.check(chunked)
    assert isinstance(checked, pa.ChunkedArray)
    assert checked.to_pylist() == [scalar_check(text) for text in texts]
    assert fenkit.arrow.canonical(chunked).type == pa.string()


def test_empty_columns() -> None:
    assert fenkit.arrow.position_key(pa.array([], pa.string())).to_pylist() == []
    empty = fenkit.arrow.check(pa.chunked_array([], pa.string()))
    assert isinstance(empty, pa.ChunkedArray) and len(empty) == 0
    assert empty.type == pa.struct([("ok", pa.bool_()), ("canonical", pa.string()), ("code", pa.string())])


def test_polars_and_pandas_series() -> None:
    texts = corpus(100)
    expected = [scalar_key(text) for text in texts]
    assert fenkit.arrow.position_key(pl.Series(texts)).to_pylist() == expected
    assert fenkit.arrow.position_key(pd.Series(texts, dtype="string[pyarrow]")).to_pylist() == expected
    # Back into Polars without a copy.
    checked = pl.from_arrow(fenkit.arrow.check(pl.Series(texts)))
    assert isinstance(checked, pl.Series)
    assert checked.to_list() == [scalar_check(text) for text in texts]


def test_the_input_is_read_in_place() -> None:
    # The answers are built beside the input, which stays as it was; a slice is read from its
    # offset.
    column = pa.array(TEXTS)
    sliced = column.slice(3, 5)
    assert fenkit.arrow.position_key(sliced).to_pylist() == [scalar_key(text) for text in TEXTS[3:8]]
    assert column.to_pylist() == TEXTS


def test_what_is_not_a_string_column_is_refused() -> None:
    with pytest.raises(TypeError, match="expected an Arrow string array"):
        fenkit.arrow.position_key(pa.array([1, 2]))
    with pytest.raises(ValueError, match="__arrow_c_array__"):
        fenkit.arrow.check(["a list"])  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="unknown notation"):
        fenkit.arrow.check(pa.array(["x"]), "fen4")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="unknown en-passant identity"):
        fenkit.arrow.position_key(pa.array(["x"]), en_passant="sometimes")  # type: ignore[arg-type]


@pytest.mark.parametrize("notation", ["epd", "perft", "fen4", "ndjson4", "movetext", "pgn"])
def test_a_notation_the_table_reads_no_column_in_is_refused_naming_those_it_does(notation: str) -> None:
    # The table's `columnar` entries, in its order: no list of names in the binding.
    with pytest.raises(ValueError, match=f"^unknown notation \"{notation}\" for fenkit.arrow: it reads dfen, fen$"):
        fenkit.arrow.check(pa.array(["x"]), notation)  # type: ignore[arg-type]
    for read in ("dfen", "fen"):
        assert fenkit.arrow.check(pa.array([None], pa.string()), read).to_pylist() == [None]  # type: ignore[arg-type]


def test_docstring_examples_run() -> None:
    results = doctest.testmod(fenkit.arrow, optionflags=doctest.ELLIPSIS)
    assert results.attempted >= 8
    assert results.failed == 0


def dataset(positions: int = 300, copies: int = 4, seed: int = 31) -> List[Optional[str]]:
    """Rows in the shape of a position table: each of `positions` texts (sound ones and
    broken ones) `copies` times, with other clocks or with a dead en-passant square written,
    shuffled, and some nulls."""
    rng = random.Random(seed)
    texts = [text for text in corpus(positions, seed) if text and len(text) < 100]
    rows: List[Optional[str]] = []
    for text in texts:
        for copy in range(copies):
            fields = text.split(" ")
            if len(fields) >= 6 and copy % 2:
                fields[4], fields[5] = str(rng.randrange(50)), str(rng.randrange(1, 90))
            rows.append(" ".join(fields))
    rows += [AFTER_E4, AFTER_E4.replace("e3", "-"), None, None]
    rng.shuffle(rows)
    return rows


@pytest.mark.parametrize("scheduler", ["synchronous", "threads"])
def test_position_key_in_dask_map_partitions_dedupes_as_a_group_by(scheduler: str) -> None:
    rows = dataset()
    # The scalar dedupe: the distinct keys of the rows that parse.
    keys = {scalar_key(text, en_passant="legal") for text in rows} - {None}
    # No 64-bit collision among these: as many hashes as identity keys.
    identities = set()
    for text in rows:
        try:
            identities.add(fenkit.position_key(text or "", "fen", en_passant="legal"))
        except fenkit.ParseError:
            pass
    assert len(keys) == len(identities)

    def with_key(partition: pd.DataFrame) -> pd.DataFrame:
        key = fenkit.arrow.position_key(partition["fen"], en_passant="legal")
        # An Arrow-backed pandas column over the same buffers (not aligned on an index).
        return partition.assign(key=pd.arrays.ArrowExtensionArray(key))

    frame = dd.from_pandas(pd.DataFrame({"fen": pd.Series(rows, dtype="string[pyarrow]")}), npartitions=5)
    meta = pd.DataFrame(
        {"fen": pd.Series([], dtype="string[pyarrow]"), "key": pd.Series([], dtype=pd.ArrowDtype(pa.uint64()))}
    )
    keyed = frame.map_partitions(with_key, meta=meta)
    with dask.config.set(scheduler=scheduler):
        groups = keyed.dropna(subset=["key"]).groupby("key").fen.count().compute()
    assert frame.npartitions == 5
    assert len(groups) == len(keys)
    assert set(groups.index) == keys
    assert int(groups.sum()) == sum(1 for text in rows if scalar_key(text) is not None)
    # The dead en-passant square and the clocks made repeats of the same positions.
    assert len(keys) < sum(1 for text in rows if text is not None) // 2


def test_the_documented_dask_example_counts_what_the_scalar_dedupe_counts(tmp_path: Path) -> None:
    rows = dataset()
    for part in range(3):
        pd.DataFrame({"fen": rows[part::3]}).to_parquet(tmp_path / f"part-{part}.parquet")
    done = subprocess.run(
        [sys.executable, str(EXAMPLE), str(tmp_path / "*.parquet"), "--split-out", "2"],
        capture_output=True,
        text=True,
    )
    assert done.returncode == 0, done.stderr
    keys = [scalar_key(text, en_passant="legal") for text in rows]
    distinct = len(set(keys) - {None})
    positioned = sum(1 for key in keys if key is not None)
    assert done.stdout.splitlines()[0] == f"{len(rows)} rows, {positioned} positions, {distinct} distinct"
