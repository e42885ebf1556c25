"""`fenkit.format` and `fenkit.convert` write, for each line fed alone, exactly what `fenkit fmt
-` and `fenkit convert -` write for that line on standard input, in every notation of the table
(EPD and Chess960 castling included), on the real files that test_check.py reads. A line that
`fmt` leaves as written for an error raises `ParseError` with that error's code; a line that
`convert` refuses raises the exception of the refusal. PGN games are rewritten as whole texts."""

import os
import subprocess
from pathlib import Path
from typing import Any, Callable, Dict, Iterator, List, Optional, Tuple, Union

import pytest

import fenkit

from conftest import FIXTURES, REPO, load_cases, sample

DATA = REPO / "tests" / "data"
PER_FILE = 12


def fixtures(kind: str, pattern: str) -> List[Path]:
    return sorted(FIXTURES.glob(f"{kind}/*/{pattern}"))


def run_cli(args: List[str], text: str) -> "subprocess.CompletedProcess[str]":
    binary = os.environ.get("FENKIT_BIN", "fenkit")
    return subprocess.run(
        [binary, *args, "--quiet", "--color", "never", "-"],
        input=text,
        capture_output=True,
        check=False,
        encoding="utf-8",
    )


def answered(call: Callable[[], str]) -> Union[str, Tuple[str, str]]:
    """`call()`'s text, or the exception it raises and what the command line's report of the
    same refusal holds: the error's code, or the message of a conversion that would drop."""
    try:
        return call()
    except fenkit.ConversionError as error:
        return ("conversion", str(error))
    except fenkit.ParseError as error:
        return ("parse", f"error[{error.code}]")


def flags(options: Dict[str, Any], notation_flag: str = "--notation") -> List[str]:
    """The command line's flags for `options`; `notation` is `notation_flag` (`convert --from`)."""
    names = {
        "notation": notation_flag,
        "variant": "--variant",
        "to": "--to",
        "to_dialect": "--to-dialect",
        "castling": "--castling",
        "positions": "--positions",
    }
    args: List[str] = []
    for key, value in options.items():
        if key in names:
            args += [names[key], value]
        elif value is True:
            args.append("--" + key.replace("_", "-"))
    return args


# (files, options): no `notation` sniffs as the command line does.
FORMATTED: List[Tuple[List[Path], Dict[str, Any]]] = [
    ([DATA / "scalachess" / "mainline_fen.txt"], {}),
    ([DATA / "scalachess" / "mainline_fen.txt"], {"notation": "dfen"}),
    (sorted((DATA / "stockfish-books").glob("*.epd")), {"notation": "epd"}),
    ([DATA / "stockfish-books" / "FRC_openings.epd"], {"notation": "epd", "chess960": True}),
    (fixtures("epd", "*.epd"), {"notation": "epd"}),
    (sorted((DATA / "chess960").glob("*.fen")), {"notation": "fen", "chess960": True}),
    (sorted((DATA / "chess960").glob("*.fen")), {"notation": "fen", "chess960": True, "castling": "xfen"}),
    (sorted((DATA / "chess960").glob("*.fen")), {"notation": "fen"}),
    (fixtures("dfen", "*.dfen"), {"notation": "dfen"}),
    (fixtures("dfen", "*.dfen"), {}),
    (fixtures("fen4", "*.fen4"), {"notation": "fen4"}),
    ([p for p in fixtures("variants", "*.fen") if "threecheck" in p.name], {"variant": "threecheck"}),
    ([p for p in fixtures("variants", "*.fen") if "crazyhouse" in p.name], {"variant": "crazyhouse"}),
    (fixtures("fen", "*.fen"), {"notation": "fen"}),
]


def cases(table: List[Tuple[List[Path], Dict[str, Any]]]) -> Iterator[Any]:
    for files, options in table:
        assert files, f"no files for {options}"
        for path in files:
            yield pytest.param(path, options, id=f"{path.relative_to(REPO)}:{options}")


@pytest.mark.parametrize("path, options", list(cases(FORMATTED)))
def test_format_writes_what_fmt_writes(path: Path, options: Dict[str, Any]) -> None:
    for line in sample(path, PER_FILE):
        text = line + "\n"
        ours = answered(lambda: fenkit.format(text, **options))
        run = run_cli(["fmt", *flags(options)], text)
        if isinstance(ours, str):
            assert run.returncode == 0, f"{path.name}: {line!r}: {run.stderr}"
            assert ours == run.stdout, f"{path.name}: {line!r}"
        else:
            # `fmt` leaves a line with an error as written, and reports that error.
            assert run.returncode == 1, f"{path.name}: {line!r}"
            assert run.stdout == text
            assert ours[1] in run.stderr, f"{path.name}: {line!r}"


# (files, options of `convert`, whether a valid file's lines convert): `notation` is `--from`
# for positions.
CONVERTED: List[Tuple[List[Path], Dict[str, Any], bool]] = [
    ([DATA / "scalachess" / "mainline_fen.txt"], {"to": "epd"}, True),
    ([DATA / "scalachess" / "mainline_fen.txt"], {"notation": "fen", "to": "json"}, True),
    ([DATA / "scalachess" / "mainline_fen.txt"], {"to": "dfen"}, True),
    (sorted((DATA / "stockfish-books").glob("*.epd")), {"notation": "epd", "to": "fen"}, True),
    (sorted((DATA / "stockfish-books").glob("*.epd")), {"notation": "epd", "to": "json"}, True),
    # Operations FEN cannot hold: refused (FENKIT013) unless lossy.
    (fixtures("epd", "*.epd"), {"notation": "epd", "to": "fen"}, False),
    (fixtures("epd", "*.epd"), {"notation": "epd", "to": "fen", "lossy": True}, True),
    ([DATA / "stockfish-books" / "FRC_openings.epd"], {"notation": "epd", "to": "fen", "chess960": True}, True),
    (sorted((DATA / "chess960").glob("*.fen")), {"notation": "fen", "to": "epd", "chess960": True}, True),
    (
        sorted((DATA / "chess960").glob("*.fen")),
        {"notation": "fen", "to": "fen", "chess960": True, "castling": "shredder"},
        True,
    ),
    (fixtures("dfen", "*.dfen"), {"notation": "dfen", "to": "fen"}, True),
    (fixtures("fen4", "*.fen4"), {"notation": "fen4", "to": "fen4-pieces"}, True),
    ([p for p in fixtures("variants", "*.fen") if "threecheck" in p.name], {"variant": "threecheck", "to_dialect": "lichess"}, True),
]
assert all(files for files, _, _ in CONVERTED), "a group of files to convert is missing"


@pytest.mark.parametrize(
    "path, options, converts",
    [
        pytest.param(path, options, converts, id=f"{path.relative_to(REPO)}:{options}")
        for files, options, converts in CONVERTED
        for path in files
    ],
)
def test_convert_writes_what_convert_writes(path: Path, options: Dict[str, Any], converts: bool) -> None:
    converted = 0
    for line in sample(path, PER_FILE):
        ours = answered(lambda: fenkit.convert(line, **options))
        run = run_cli(["convert", *flags(options, "--from")], line + "\n")
        if isinstance(ours, str):
            assert run.returncode == 0, f"{path.name}: {line!r}: {run.stderr}"
            assert ours + "\n" == run.stdout, f"{path.name}: {line!r}"
            converted += 1
        else:
            assert run.returncode == 1, f"{path.name}: {line!r}"
            assert run.stdout == ""
            assert ours[1] in run.stderr, f"{path.name}: {line!r}: {run.stderr}"
    if converts and "invalid" not in path.parts:
        assert converted > 0, f"{path.name}: nothing converted"


PGN_FILES = sorted(
    path
    for directory in ("chesslib", "faults", "scalachess", "variants")
    for path in (DATA / "pgn" / directory).glob("*.pgn")
)


@pytest.mark.parametrize("path", PGN_FILES, ids=lambda path: path.name)
def test_pgn_games_are_rewritten_as_the_command_line_rewrites_them(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    ours = answered(lambda: fenkit.format(text, notation="pgn"))
    run = run_cli(["fmt", "--notation", "pgn"], text)
    if isinstance(ours, str):
        assert run.returncode == 0, run.stderr
        assert ours == run.stdout
    else:
        assert run.returncode == 1
        assert ours[1] in run.stderr
    projections: List[Dict[str, Any]] = [
        {"to": "uci"},
        {"to": "fen"},
        {"to": "epd"},
        {"to": "json"},
        {"to": "fen", "positions": "final"},
        {"to": "epd", "positions": "final"},
    ]
    for projection in projections:
        run = run_cli(["convert", "--notation", "pgn", *flags(projection)], text)
        written = run.stdout if text.endswith("\n") else run.stdout.removesuffix("\n")
        try:
            ours = fenkit.convert(text, notation="pgn", **projection)
        except fenkit.ParseError as error:
            assert run.returncode == 1, projection
            assert f"error[{error.code}]" in run.stderr, projection
            # What the command line writes all the same: one projection a game.
            assert getattr(error, "written") == written, projection
        else:
            assert run.returncode == 0, f"{projection}: {run.stderr}"
            assert ours == written, projection


def test_format_of_pgn_games_is_the_suites_canonical_form() -> None:
    accepted = [case for case in load_cases("pgn.jsonl") if case["verdict"] == "accept" and "input" in case]
    assert accepted
    for case in accepted:
        assert fenkit.format(case["input"], notation="pgn") == case["canonical"], case["name"]


def test_refusals_name_what_was_expected() -> None:
    with pytest.raises(ValueError, match='unknown castling "shreder": expected one of xfen, shredder'):
        fenkit.format("4k3/8/8/8/8/8/8/4K3 w - - 0 1", castling="shreder")
    with pytest.raises(ValueError, match="--to"):
        fenkit.convert("4k3/8/8/8/8/8/8/4K3 w - - 0 1")
    with pytest.raises(fenkit.ConversionError) as lossy:
        fenkit.convert('4k3/8/8/8/8/8/8/4K3 w - - id "x";', "fen", notation="epd")
    assert lossy.value.dropped == ["the EPD operation `id`"]
    # A position with an error, on the second line after two-byte letters: its span in code
    # points of the text, and its line.
    text = "# é é\n8/8/8/8/8/8/8/4K3 w - - 0 1 x\n"
    with pytest.raises(fenkit.ParseError) as refused:
        fenkit.format(text, notation="fen")
    assert refused.value.line == 2
    assert refused.value.span[0] >= len("# é é\n")


def test_a_loop_keeps_its_settings_apart() -> None:
    # The rewriter of the last settings is kept; other settings get their own.
    shredder = "4k2r/8/8/8/8/8/8/R3K3 w Ah - 0 1"
    assert fenkit.format(shredder, chess960=True) == shredder
    assert fenkit.format(shredder, chess960=True, castling="xfen") == "4k2r/8/8/8/8/8/8/R3K3 w Qk - 0 1"
    assert fenkit.format(shredder, chess960=True) == shredder
