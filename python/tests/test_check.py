"""`fenkit.check` gives, for each line fed alone, exactly the findings that `fenkit check -`
gives for that line on standard input: the same codes, severities, messages, lines and
columns. The lines come from the real files under tests/data (Stockfish's books, Chess960 in
both castling spellings, lichess's FEN lines) and from the fixtures (DFEN, FEN4, three-check,
crazyhouse), in every notation the table offers."""

import json
import os
import subprocess
from pathlib import Path
from typing import Any, Iterator, List, Optional, Tuple

import pytest

import fenkit

from conftest import FIXTURES, REPO, sample

DATA = REPO / "tests" / "data"

# (files, notation, variant, chess960): `notation=None` sniffs as the command line does.
CASES: List[Tuple[List[Path], Optional[str], Optional[str], bool]] = [
    ([DATA / "scalachess" / "mainline_fen.txt"], None, None, False),
    ([DATA / "scalachess" / "mainline_fen.txt"], "fen", None, False),
    (sorted((DATA / "stockfish-books").glob("*.epd")), "epd", None, False),
    ([DATA / "stockfish-books" / "FRC_openings.epd"], "epd", None, True),
    (sorted((DATA / "chess960").glob("*.fen")), "fen", None, True),
    (sorted((DATA / "chess960").glob("*.fen")), "fen", None, False),
    (sorted(FIXTURES.glob("dfen/*/*.dfen")), "dfen", None, False),
    (sorted(FIXTURES.glob("dfen/*/*.dfen")), None, None, False),
    (sorted(FIXTURES.glob("fen4/*/*.fen4")), "fen4", None, False),
    (sorted(FIXTURES.glob("variants/*/*threecheck*")), None, "threecheck", False),
    (sorted(FIXTURES.glob("variants/*/*crazyhouse*")), None, "crazyhouse", False),
    (sorted(FIXTURES.glob("fen/*/*.fen")), "fen", None, False),
]

# Lines taken from each file, spread over it.
PER_FILE = 25


def cli_findings(text: str, args: List[str]) -> List[Tuple[Any, ...]]:
    binary = os.environ.get("FENKIT_BIN", "fenkit")
    run = subprocess.run(
        [binary, "check", *args, "--output-format", "json", "-"],
        input=text.encode("utf-8"),
        capture_output=True,
        check=False,
    )
    assert run.returncode in (0, 1), run.stderr.decode()
    report = json.loads(run.stdout)
    return [
        (d["code"], d["severity"], d["message"], d["line"], d["column"] - 1)
        for d in report["diagnostics"]
    ]


def cases() -> Iterator[Any]:
    for files, notation, variant, chess960 in CASES:
        assert files, f"no files for {notation} {variant}"
        for path in files:
            name = f"{path.relative_to(REPO)}:{notation}:{variant}:{chess960}"
            yield pytest.param(path, notation, variant, chess960, id=name)


@pytest.mark.parametrize("path, notation, variant, chess960", list(cases()))
def test_check_gives_the_command_lines_findings(
    path: Path, notation: Optional[str], variant: Optional[str], chess960: bool
) -> None:
    args: List[str] = []
    if notation:
        args += ["--notation", notation]
    if variant:
        args += ["--variant", variant]
    if chess960:
        args.append("--chess960")
    compared = with_findings = 0
    for line in sample(path, PER_FILE):
        text = line + "\n"
        found = [
            (f.code, f.severity, f.message, f.line, f.column)
            for f in fenkit.check(text, notation=notation, variant=variant, chess960=chess960)
        ]
        assert found == cli_findings(text, args), f"{path.name}: {line!r}"
        compared += 1
        with_findings += bool(found)
    assert compared > 0
    # The invalid fixtures have findings to compare, not only empty lists.
    if "invalid" in path.parts:
        assert with_findings > 0, path


def test_check_refuses_settings_that_do_not_go_together() -> None:
    with pytest.raises(ValueError, match="judges chess positions"):
        fenkit.check("x", notation="fen4", variant="antichess")
    with pytest.raises(ValueError, match="unknown notation"):
        fenkit.check("x", notation="pgnx")


def test_check_counts_code_points() -> None:
    # A comment of two-byte letters before the finding's line moves bytes, not code points.
    text = "# é é\n8/8/8/8/8/8/8/4K3 w - - 0 1\n"
    [finding] = fenkit.check(text)
    assert (finding.code, finding.line, finding.column) == ("DFEN210", 2, 0)
    assert finding.span[0] == len("# é é\n")


PGN_FILES = sorted(
    path for path in (DATA / "pgn").rglob("*.pgn") if path.stat().st_size < 300_000
)


@pytest.mark.parametrize("path", PGN_FILES, ids=lambda path: path.name)
def test_check_reads_pgn_games_as_the_command_line_does(path: Path) -> None:
    # A whole file of games, as `fenkit check --notation pgn -` reads it on standard input.
    text = path.read_text(encoding="utf-8")
    found = [(f.code, f.severity, f.message, f.line, f.column) for f in fenkit.check(text, notation="pgn")]
    assert found == cli_findings(text, ["--notation", "pgn"])


# Texts with comment commands kept unread of every kind, several of a kind, over lines, and
# after two-byte letters: (text, notation).
ROSTER = '[Event "?"]\n[Site "?"]\n[Date "????.??.??"]\n[Round "?"]\n[White "?"]\n[Black "?"]\n[Result "*"]\n\n'
COMMENT_COMMANDS = [
    (
        ROSTER
        + "1. e4 { é [%clk 0:03:00] [%foo 1] } e5 {[%eval high] [%foo 2]} 2. Nf3 ; [%clk 0:02:58]\n"
        + "Nc6 (2... d6 {[%cal Ge2]}) *\n\n"
        + ROSTER
        + "1. d4 {[%bar\n  x]} d5 ; é [%clk 1:ab] [%foo]\n*\n",
        "pgn",
    ),
    (
        "1. e4 {[%foo 1]} e5 {[%clk 1:ab]}\n1. d4 {é [%foo 2]} d5 ; [%eval 0.3]\n1. c4 e5\n",
        "movetext",
    ),
]


def cli_notes(text: str, args: List[str]) -> List[str]:
    """The notes about comment commands of `fenkit check -v … -`, without their place's path."""
    binary = os.environ.get("FENKIT_BIN", "fenkit")
    run = subprocess.run(
        [binary, "check", "-v", *args, "-"],
        input=text.encode("utf-8"),
        capture_output=True,
        check=False,
    )
    assert run.returncode in (0, 1), run.stderr.decode()
    notes = []
    for line in run.stderr.decode("utf-8").splitlines():
        if "comment command" in line:
            place, _, note = line.removeprefix("note: ").partition(": comment command")
            notes.append(":".join(place.split(":")[-2:]) + ": comment command" + note)
    return notes


def summarised(commands: List["fenkit.CommentCommand"]) -> List[str]:
    """`commands` as the command line notes them: one per name and kind, at the first, with how
    many more."""
    firsts: List[Any] = []
    counts: dict = {}
    for command in commands:
        key = (command.name, command.kind)
        if key not in counts:
            firsts.append(command)
            counts[key] = 0
        else:
            counts[key] += 1
    notes = []
    for command in firsts:
        more = counts[(command.name, command.kind)]
        tail = ""
        if more and command.kind == "unknown":
            tail = f" ({more} more in this file)"
        elif more and command.kind == "malformed":
            tail = f" ({more} more `[%{command.name} …]` in this file that cannot be read)"
        elif more:
            tail = f" ({more} more `[%{command.name} …]` in `;` comments in this file)"
        notes.append(f"{command.line}:{command.column + 1}: {command.message}{tail}")
    return notes


@pytest.mark.parametrize("text, notation", COMMENT_COMMANDS)
def test_comment_commands_are_the_notes_of_check_verbose(text: str, notation: str) -> None:
    commands = fenkit.comment_commands(text, notation=notation)
    assert {command.kind for command in commands} == {"unknown", "malformed", "rest-of-line"}
    for command in commands:
        start, end = command.span
        assert text[start:end].startswith("[%" + command.name) and text[end - 1] == "]"
        assert text[:start].count("\n") + 1 == command.line
    assert summarised(commands) == cli_notes(text, ["--notation", notation])


@pytest.mark.parametrize("path", PGN_FILES, ids=lambda path: path.name)
def test_comment_commands_of_pgn_files_are_those_check_verbose_notes(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    commands = fenkit.comment_commands(text, notation="pgn")
    assert summarised(commands) == cli_notes(text, ["--notation", "pgn"])


def test_comment_commands_refuse_settings_that_do_not_go_together() -> None:
    with pytest.raises(ValueError, match="unknown notation"):
        fenkit.comment_commands("x", notation="pgnx")
    assert fenkit.comment_commands("4k3/8/8/8/8/8/8/4K3 w - - 0 1") == []
