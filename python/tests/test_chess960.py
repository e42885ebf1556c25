"""Chess960 castling and en-passant policies through the Python API (spec/chess960.md)."""

import fenkit
import pytest

XFEN_START = "nqbnrkrb/pppppppp/8/8/8/8/PPPPPPPP/NQBNRKRB w KQkq - 0 1"
START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
AFTER_E4 = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1"


def test_chess960_mode_reads_k_and_q_as_the_outermost_rooks() -> None:
    standard = fenkit.parse_dfen(XFEN_START)
    assert [f.code for f in standard.findings] == ["DFEN107"] + ["DFEN224"] * 4
    # Outside Chess960 mode nothing drops the rights: fmt keeps the position.
    assert standard.canonical == XFEN_START + " -"
    chess960 = fenkit.parse_dfen(XFEN_START, chess960=True)
    assert [f.code for f in chess960.findings] == ["DFEN107"]
    position = fenkit.Dfen(XFEN_START, chess960=True)
    assert position.to_fen(chess960=True) == XFEN_START
    assert position.to_fen(chess960=True, castling="shredder") == XFEN_START.replace("KQkq", "GEge")


def test_shredder_fen_reads_without_the_mode() -> None:
    shredder = "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9"
    assert [f.code for f in fenkit.lint_dfen([shredder])] == ["DFEN107"]
    assert fenkit.Dfen(START).to_fen(chess960=True, castling="shredder") == START.replace("KQkq", "HAha")


def test_en_passant_policies() -> None:
    position = fenkit.Dfen(AFTER_E4)
    assert position.to_fen() == AFTER_E4
    assert position.to_fen(en_passant="legal") == AFTER_E4.replace("e3", "-")
    assert position.to_fen(en_passant="fen") == AFTER_E4
    with_dead = fenkit.position_key(AFTER_E4, "fen", en_passant="legal")
    without = fenkit.position_key(AFTER_E4.replace("e3", "-"), "fen", en_passant="legal")
    assert with_dead == without
    assert fenkit.position_key(AFTER_E4, "fen") != without
    assert position.identity_key(en_passant="xfen", game="standard") == without


def test_bad_settings_raise_value_error() -> None:
    with pytest.raises(ValueError, match="unknown castling notation"):
        fenkit.Dfen(START).to_fen(castling="lichess")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="unknown en-passant identity"):
        fenkit.Dfen(START).to_fen(en_passant="sometimes")  # type: ignore[arg-type]
