"""fenkit.read_pgn: games read move by move by the `pgn` library, checked against python-chess
(test-only oracle) on the public PGN files of tests/data/pgn: the mainline in UCI, the final
position, and whether a game has an error."""

import io
import pathlib
from typing import List

import pytest

import fenkit

DATA = pathlib.Path(__file__).resolve().parents[2] / "tests" / "data" / "pgn"
FILES = sorted((DATA / "chesslib").glob("*.pgn")) + sorted((DATA / "scalachess").glob("*.pgn"))

SCHOLAR = (
    '[Event "?"]\n[Site "?"]\n[Date "????.??.??"]\n[Round "?"]\n'
    '[White "A"]\n[Black "B"]\n[Result "1-0"]\n\n'
    "1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 (3... g6 4. Qf3) 4. Qxf7# 1-0\n"
)


def test_a_game_has_tags_moves_variations_and_a_result() -> None:
    (game,) = list(fenkit.read_pgn(SCHOLAR))
    assert game.tags["White"] == "A"
    assert game.result == "1-0"
    assert [m.uci for m in game.moves] == ["e2e4", "e7e5", "f1c4", "b8c6", "d1h5", "g8f6", "h5f7"]
    assert game.moves[-1].san == "Qxf7#"
    assert game.moves[-1].fen_after == game.final_fen
    (line,) = game.moves[5].variations
    assert [(m.san, m.uci) for m in line] == [("g6", "g7g6"), ("Qf3", "h5f3")]
    assert line[0].fen_after == "r1bqkbnr/pppp1p1p/2n3p1/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 0 4"
    assert game.variations == []
    assert game.findings == []
    assert game.start_fen == "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"


def test_findings_point_at_their_token() -> None:
    text = SCHOLAR.replace("Qxf7#", "Qxf7").replace("Bc4", "Bc5")
    (game,) = list(fenkit.read_pgn(text))
    data = text.encode()
    spans = {f.code: data[f.span[0] : f.span[1]].decode() for f in game.findings}
    assert spans == {"PGN201": "Bc5"}, spans
    (illegal,) = game.findings
    assert illegal.severity == "error" and "Bc4" in (illegal.help or ""), illegal.help
    # The position before the illegal move, as python-chess's `game.end().board()`.
    assert game.final_fen == "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2"
    assert len(game.moves) == 2


def test_a_path_is_read_and_other_types_are_refused(tmp_path: pathlib.Path) -> None:
    path = tmp_path / "two.pgn"
    path.write_text(SCHOLAR + "\n" + SCHOLAR)
    assert len(list(fenkit.read_pgn(path))) == 2
    assert len(list(fenkit.read_pgn(SCHOLAR.encode()))) == 1
    with pytest.raises(OSError):
        fenkit.read_pgn(tmp_path / "missing.pgn")
    with pytest.raises(TypeError):
        fenkit.read_pgn(42)  # type: ignore[arg-type]
    with pytest.raises(fenkit.ParseError) as error:
        fenkit.read_pgn(b"1. e4 \xff *")
    assert error.value.code == "FENKIT001"


def test_null_moves_are_errors_when_strict() -> None:
    text = "1. e4 -- 2. d4 *\n"
    (lax,) = list(fenkit.read_pgn(text))
    (strict,) = list(fenkit.read_pgn(text, strict=True))
    assert [m.uci for m in lax.moves] == ["e2e4", "0000", "d2d4"]
    assert {f.severity for f in lax.findings} == {"warning"}
    assert "error" in {f.severity for f in strict.findings}


def oracle_games(path: pathlib.Path) -> List[object]:
    chess_pgn = pytest.importorskip("chess.pgn")
    games = []
    with io.open(path, encoding="utf-8-sig", errors="replace") as handle:
        while True:
            game = chess_pgn.read_game(handle)
            if game is None:
                return games
            games.append(game)


@pytest.mark.parametrize("path", FILES, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_python_chess_agrees_on_mainline_and_final_position(path: pathlib.Path) -> None:
    expected = oracle_games(path)
    games = list(fenkit.read_pgn(path))
    assert len(games) == len(expected)
    for number, (game, oracle) in enumerate(zip(games, expected), 1):
        if oracle.errors:  # type: ignore[attr-defined]
            # python-chess stops at the first error; fenkit's finding is the agreement.
            assert any(f.severity == "error" for f in game.findings), number
            continue
        board = oracle.end().board()  # type: ignore[attr-defined]
        uci = [move.uci() for move in oracle.mainline_moves()]  # type: ignore[attr-defined]
        assert [m.uci for m in game.moves] == uci, (path.name, number)
        assert game.final_fen == board.fen(en_passant="legal"), (path.name, number)
