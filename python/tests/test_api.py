"""The Python API: shapes, round trips, exceptions and known figures."""

import json
import random
from typing import Callable, List, Tuple, Union

import pytest

import fenkit
from conftest import FIXTURES

START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"


# --- DFEN ------------------------------------------------------------------------------------


def test_parse_dfen_returns_canonical_and_every_finding() -> None:
    parsed = fenkit.parse_dfen("rnbqkbnr/pppppppp/8/8/P1P1P3/8/1P1P1PPP/RNBQKBNR b KQkq e3c3a3 0 1")
    assert parsed.canonical == "rnbqkbnr/pppppppp/8/8/P1P1P3/8/1P1P1PPP/RNBQKBNR b KQkq a3c3e3 0 1 -"
    assert [(f.code, f.severity, f.span, f.fixable) for f in parsed.findings] == [
        ("DFEN101", "warning", (56, 62), True),
        ("DFEN107", "warning", (66, 66), True),
    ]
    first = parsed.findings[0]
    assert isinstance(first.span, tuple)
    assert first.message == "en-passant squares out of order: expected alphabetical order, found `e3c3a3`"
    assert first.category == "non-canonical"
    assert first.line is None
    assert not parsed.has_errors
    assert parsed.profile == "spec"


def test_position_findings_are_errors_with_help() -> None:
    parsed = fenkit.parse_dfen("4k3/8/8/8/8/8/8/3KK3 w - - 0 1 -")
    assert parsed.has_errors
    assert [(f.code, f.severity) for f in parsed.findings] == [("DFEN202", "error")]
    assert parsed.findings[0].fixable is False


def test_help_is_given_where_the_fix_is_known() -> None:
    finding = fenkit.parse_dfen(START).findings[0]
    assert finding.code == "DFEN107"
    assert finding.help == "append ` -`: no dice are pending"


def test_profiles_read_their_dialects() -> None:
    engine = fenkit.parse_dfen("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1", profile="engine")
    assert engine.findings == []
    assert engine.canonical == "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1"
    assert engine.position.canonical == "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1 -"
    with pytest.raises(fenkit.ParseError) as caught:
        fenkit.parse_dfen(START + " pnb")
    assert caught.value.code == "DFEN012"
    assert caught.value.span == (57, 60)


def test_strict_makes_fixable_findings_errors() -> None:
    assert fenkit.parse_dfen(START, strict=True).findings[0].severity == "error"


def test_parse_error_says_what_was_expected() -> None:
    with pytest.raises(fenkit.ParseError) as caught:
        fenkit.parse_dfen("8/8/8/8/8/8/8/4X3 w - - 0 1 -")
    error = caught.value
    assert isinstance(error, ValueError)
    assert (error.code, error.span, error.found) == ("DFEN004", (15, 16), "`X`")
    assert "expected" in str(error)
    assert str(error) == f"unknown piece letter: expected {error.expected}, found `X`"


def test_parse_error_carries_the_help_of_the_library() -> None:
    # The DFEN library's help (its fix, when certain) reaches ParseError.help, as FEN4's does.
    with pytest.raises(fenkit.ParseError) as caught:
        fenkit.parse_dfen("4k3/8/8/8/8/8/8/4K3 b - - 0 1 BKK")
    assert (caught.value.code, caught.value.help) == ("DFEN012", "write `bkk`")
    # Where no fix is certain, there is none.
    with pytest.raises(fenkit.ParseError) as caught:
        fenkit.parse_dfen("4k3/8/8/8/8/8/8/4X3 w - - 0 1 -")
    assert caught.value.help is None
    # The same errors in a batch, and as lint findings.
    [error] = fenkit.parse_dfen_batch(["4k3/8/8/8/8/8/8/4K3 b - - 0 1 BKK"])
    assert isinstance(error, fenkit.ParseError) and error.help == "write `bkk`"
    [finding] = fenkit.lint_dfen(["4k3/8/8/8/8/8/8/4K3 b - - 0 1 BKK"])
    assert (finding.code, finding.help) == ("DFEN012", "write `bkk`")


def test_lint_findings_of_syntax_errors_are_the_libraries_findings() -> None:
    # Each code keeps its own category: a DFEN or FEN4 syntax error is `syntax`, bytes that are
    # not UTF-8 (FENKIT001) are the input's problem, `input`.
    [dfen_error] = fenkit.lint_dfen(["8/8/8/8/8/8/8/4X3 w - - 0 1 -"])
    assert (dfen_error.code, dfen_error.category, dfen_error.severity) == ("DFEN004", "syntax", "error")
    [fen4_error] = fenkit.lint_fen4(["4d-fen v1: K@0,0,0,8"])
    assert (fen4_error.code, fen4_error.category) == ("FEN4008", "syntax")
    [utf8] = fenkit.lint_dfen([b"8/8/8/8/8/8/8/8 w - - 0 1 \xff"])
    assert (utf8.code, utf8.category, utf8.severity, utf8.span, utf8.line) == (
        "FENKIT001",
        "input",
        "error",
        (26, 27),
        1,
    )
    assert utf8.message == "invalid UTF-8 at byte offset 26: expected text, found byte 0xff"
    # A FEN4 literal that only `strict` refuses is fixable, as the library's finding says.
    [strict] = fenkit.lint_fen4(["4d-fen v1: k@7,7,7,7; K@0,0,0,0"], strict=True)
    assert strict.fixable is True


def test_invalid_arguments_raise_value_error() -> None:
    with pytest.raises(ValueError, match="unknown profile `loose`: expected `spec`, `lenient` or `engine`"):
        fenkit.parse_dfen(START, profile="loose")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="unknown en-passant identity"):
        fenkit.Dfen(START).identity_key(ep="sometimes")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="unknown game"):
        fenkit.Dfen(START).identity_key(game="go")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="`pgn` is not a notation of positions"):
        fenkit.position_key(START, "pgn")
    with pytest.raises(ValueError, match="unknown JSON form"):
        fenkit.Placement("4d-fen v1:").to_json("xml")  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        fenkit.parse_dfen(42)  # type: ignore[arg-type]


def test_bytes_must_be_utf8() -> None:
    assert fenkit.parse_dfen(START.encode()).canonical == START + " -"
    with pytest.raises(fenkit.ParseError) as caught:
        fenkit.parse_dfen(b"8/8/8/8/8/8/8/8 w - - 0 1 \xff")
    assert (caught.value.code, caught.value.span) == ("FENKIT001", (26, 27))


def test_dfen_forms() -> None:
    position = fenkit.Dfen("4k3/8/8/8/P1P5/8/8/4K3 b - c3a3 0 1")
    assert str(position) == "4k3/8/8/8/P1P5/8/8/4K3 b - a3c3 0 1 -"
    assert position.canonical == str(position)
    assert position.engine == "4k3/8/8/8/P1P5/8/8/4K3 b - a3c3 0 1"
    assert position.to_dfen("engine") == position.engine
    assert repr(position) == "Dfen('4k3/8/8/8/P1P5/8/8/4K3 b - a3c3 0 1 -')"
    assert (position.side, position.castling, position.en_passant) == ("black", "-", ["a3", "c3"])
    assert (position.halfmove, position.fullmove, position.dice) == (0, 1, "-")
    assert position.board == {"a4": "P", "c4": "P", "e1": "K", "e8": "k"}
    assert json.loads(position.to_json()) == {
        "board": {"a4": "P", "c4": "P", "e1": "K", "e8": "k"},
        "side": "black",
        "castling": [],
        "en_passant": ["a3", "c3"],
        "halfmove": 0,
        "fullmove": 1,
        "dice": [],
    }


def test_standard_fen_refuses_what_it_would_lose() -> None:
    assert fenkit.Dfen("4k3/8/8/8/8/8/8/4K3 w - - 0 1 -").to_fen() == "4k3/8/8/8/8/8/8/4K3 w - - 0 1"
    with pytest.raises(fenkit.ConversionError) as caught:
        fenkit.Dfen("4k3/8/8/8/P1P5/8/8/4K3 b - a3c3 0 1 -").to_fen()
    assert isinstance(caught.value, ValueError)
    assert caught.value.dropped == ["the en-passant squares `a3c3` (standard FEN holds one)"]
    fen, dropped = fenkit.Dfen("4k3/8/8/8/8/8/8/4K3 w - - 0 1 PN").to_fen_lossy()
    assert (fen, dropped) == ("4k3/8/8/8/8/8/8/4K3 w - - 0 1", ["the pending dice `PN`"])


def test_json_that_is_not_a_position_is_refused() -> None:
    with pytest.raises(fenkit.ConversionError, match=r'^\$: expected the key "side", found no "side"$'):
        fenkit.Dfen.from_json('{"board": {}}')
    text = '{"board":{"e1":"K","e8":"k"},"side":"w","castling":[],"en_passant":[],"halfmove":0,"fullmove":1,"dice":[]}'
    with pytest.raises(fenkit.ConversionError) as caught:
        fenkit.Dfen.from_json(text)
    [issue] = caught.value.issues
    assert (issue.code, issue.severity, issue.path) == ("DFEN405", "error", "$.side")
    assert issue.message == 'expected "white" or "black", found "w"'
    assert issue.span is not None and text.encode()[issue.span[0] : issue.span[1]] == b'"w"'
    assert caught.value.dropped == []


def all_fixture_positions() -> List[str]:
    """Every accepted DFEN of the valid fixtures and of a few random Dice Chess games."""
    texts = []
    for path in sorted((FIXTURES / "dfen" / "valid").glob("*.*")):
        if path.suffix not in (".dfen", ".fen"):
            continue
        for line in path.read_text(encoding="utf-8").splitlines():
            line = line.strip()
            if line and not line.startswith("#"):
                texts.append(line)
    rng = random.Random(20)
    for _ in range(20):
        position = fenkit.Dfen(START)
        for _ in range(30):
            try:
                position = position.roll("".join(rng.choice("PNBRQK") for _ in range(rng.randint(1, 3))))
                while True:
                    legal = position.legal_moves()
                    outcome = position.play(rng.choice(legal).uci) if len(legal) else position.pass_turn()
                    position = outcome.position
                    texts.append(str(position))
                    if outcome.turn_ended:
                        break
            except fenkit.RulesError as error:
                assert error.code == "RULE007"  # a king was captured: the game is over
                break
    return texts


POSITIONS = all_fixture_positions()


def test_round_trips() -> None:
    assert len(POSITIONS) > 200
    for text in POSITIONS:
        parsed = fenkit.parse_dfen(text)
        position = parsed.fixed
        canonical = str(position)
        # parse(print(x)) == x, and print is idempotent.
        assert fenkit.Dfen(canonical) == position
        again = fenkit.parse_dfen(canonical)
        assert again.canonical == canonical
        assert not any(f.fixable for f in again.findings), canonical
        # JSON reads back.
        assert fenkit.Dfen.from_json(position.to_json()) == position
        # The engine dialect reads back under the engine profile.
        assert fenkit.Dfen(position.engine, profile="engine") == position
        # Standard FEN, when it loses nothing, reads back.
        fen, dropped = position.to_fen_lossy()
        if not dropped:
            assert fenkit.Dfen(fen) == position
        assert hash(fenkit.Dfen(canonical)) == hash(position)


def test_batch_matches_one_by_one() -> None:
    texts: List[str] = POSITIONS[:50] + ["x", "8/8/8/8/8/8/8/4X3 w - - 0 1 -"]
    batch = fenkit.parse_dfen_batch(texts)
    assert len(batch) == len(texts)
    for text, result in zip(texts, batch):
        try:
            single = fenkit.parse_dfen(text)
        except fenkit.ParseError as error:
            assert isinstance(result, fenkit.ParseError)
            assert (result.code, result.span, str(result)) == (error.code, error.span, str(error))
        else:
            assert isinstance(result, fenkit.ParsedDfen)
            assert result.canonical == single.canonical
            assert [f.code for f in result.findings] == [f.code for f in single.findings]


# --- FEN4 ------------------------------------------------------------------------------------


def test_parse_fen4_canonical_and_findings() -> None:
    parsed = fenkit.parse_fen4("4d-fen v1:\n  k @ 7,7,7,7 ;\n  K@0,0,0,0;\n")
    assert parsed.canonical == "4d-fen v1: K@0,0,0,0; k@7,7,7,7"
    assert parsed.findings and all(f.fixable and f.severity == "warning" for f in parsed.findings)
    extra_king = fenkit.parse_fen4("4d-fen v1: K@0,0,0,0; K@1,0,0,0; k@7,7,7,7").findings
    assert [(f.code, f.fixable) for f in extra_king] == [("FEN4201", False)]
    assert repr(fenkit.parse_fen4("4d-fen v1: k@7,7,7,7;K@0,0,0,0")) == (
        "ParsedFen4(canonical='4d-fen v1: K@0,0,0,0; k@7,7,7,7', findings=['FEN4102', 'FEN4105'])"
    )


def test_parse_fen4_answers_alike_whether_the_literal_was_canonical() -> None:
    # A result keeps a canonical literal's text instead of its pieces (docs/performance.md,
    # Python): every answer must be what the same position spelled otherwise gives.
    canonical = "4d-fen v1: K@0,0,0,0; Pw@0,1,0,0; py@7,7,7,6"
    pieces = [((0, 0, 0, 0), "K"), ((0, 1, 0, 0), "Pw"), ((7, 7, 7, 6), "py")]

    class Text(str):
        pass

    spellings = [canonical, canonical.encode(), Text(canonical), "4d-fen v1: py@7,7,7,6; Pw@0,1,0,0; K@0,0,0,0"]
    for text in spellings:
        for parsed in (fenkit.parse_fen4(text), fenkit.parse_fen4_batch([text])[0]):
            assert isinstance(parsed, fenkit.ParsedFen4)
            assert type(parsed.canonical) is str and parsed.canonical == canonical
            assert parsed.placement == fenkit.Placement(canonical)
            assert parsed.placement.pieces() == pieces
            assert not parsed.has_errors
            codes = [f.code for f in parsed.findings]
            assert codes[-1:] == ["FEN4202"] and (codes == ["FEN4202"]) == (text != spellings[-1])
            assert repr(parsed).startswith(f"ParsedFen4(canonical={canonical!r}, findings=[")
    clean = fenkit.parse_fen4("4d-fen v1: K@0,0,0,0; k@7,7,7,7")
    findings = clean.findings
    assert findings == []
    findings.append(clean)
    assert clean.findings == [] and clean.findings is not findings


def test_fen4_errors_carry_the_reference_code_and_offset() -> None:
    with pytest.raises(fenkit.ParseError) as caught:
        fenkit.parse_fen4("4d-fen v1: K@0,0,0,0 k@7,7,7,7")
    error = caught.value
    assert (error.ref_code, error.offset, error.span) == (-6, 21, (21, 22))
    assert str(error) == "expected ';' or end of input after a piece, found 'k'"
    with pytest.raises(fenkit.ParseError) as strict:
        fenkit.parse_fen4("4d-fen v1: k@7,7,7,7; K@0,0,0,0", strict=True)
    assert strict.value.ref_code == 0


def test_fen4_forms_round_trip() -> None:
    texts = []
    for path in sorted((FIXTURES / "fen4").rglob("*.fen4")):
        if "invalid" in path.parts:
            continue
        texts.extend(
            line for line in path.read_text(encoding="utf-8").splitlines() if line.startswith("4d-fen")
        )
    rng = random.Random(4)
    for count in (2, 8, 64):
        squares = rng.sample(range(4096), count)
        specs = ["K", "k"] + [rng.choice(["Q", "q", "Pw", "py", "Py", "pw", "n", "R"]) for _ in range(count - 2)]
        texts.append(
            "4d-fen v1: "
            + "; ".join(f"{s}@{i >> 9},{(i >> 6) & 7},{(i >> 3) & 7},{i & 7}" for s, i in zip(specs, squares))
        )
    assert len(texts) >= 5
    for text in texts:
        placement = fenkit.parse_fen4(text).placement
        canonical = str(placement)
        assert fenkit.Placement(canonical) == placement
        assert fenkit.parse_fen4(canonical).canonical == canonical
        assert fenkit.Placement.from_json(placement.to_json(), "structured") == placement
        assert fenkit.Placement.from_json(placement.to_pieces_json(), form="pieces") == placement
        assert len(placement) == len(placement.pieces())
        assert placement.identity_key() == canonical


def test_fen4_pieces_and_json() -> None:
    placement = fenkit.Placement("4d-fen v1: K@0,0,0,0; Pw@1,0,0,0")
    assert placement.pieces() == [((0, 0, 0, 0), "K"), ((1, 0, 0, 0), "Pw")]
    assert placement.to_pieces_json() == '{"0":"K","512":"Pw"}'
    assert json.loads(placement.to_structured_json())[1]["axis"] == "w"
    with pytest.raises(fenkit.ConversionError) as caught:
        fenkit.Placement.from_json('{"0":"K","9999":"k"}', form="pieces")
    issue = caught.value.issues[0]
    assert (issue.code, issue.severity, issue.path) == ("FEN4402", "error", '$["9999"]')
    assert issue.span == (9, 15)


def test_fen4_batch() -> None:
    results = fenkit.parse_fen4_batch(["4d-fen v1: K@0,0,0,0", "4d-fen v1: K@0,0,0,8"])
    first, second = results
    assert isinstance(first, fenkit.ParsedFen4) and first.canonical == "4d-fen v1: K@0,0,0,0"
    assert isinstance(second, fenkit.ParseError) and second.span == (19, 20)


def test_ndjson4_validator_counts_lines() -> None:
    validator = fenkit.Ndjson4Validator()
    assert validator.check_line('{"ply":0,"fen4":"4d-fen v1: K@0,0,0,0; k@7,7,7,7"}') == []
    found = validator.check_line('{"ply":0,"fen4":"4d-fen v1: K@0,0,0,9"}')
    assert found and all(f.line == 2 for f in found)
    assert validator.line == 2
    with pytest.raises(ValueError, match="line numbers start at 1"):
        validator.check_line("{}", line_number=0)


# --- Rules -----------------------------------------------------------------------------------


def test_legal_moves_with_die_kind_and_l_star() -> None:
    position = fenkit.Dfen(START + " PRR")
    legal = position.legal_moves()
    assert legal.l_star == 3
    assert fenkit.legal_moves(position) == ["a2a3", "a2a4", "h2h3", "h2h4"]
    # The parameter's name is the one issue 20 gives: `legal_moves(dfen_text)`.
    assert fenkit.legal_moves(dfen_text=START + " PRR") == ["a2a3", "a2a4", "h2h3", "h2h4"]
    assert [(m.uci, m.die, m.kind, m.cost) for m in legal][:2] == [
        ("a2a3", "P", "quiet", 1),
        ("a2a4", "P", "double-push", 1),
    ]
    move = legal[-1]
    assert (move.from_square, move.to_square, move.promotion) == ("h2", "h4", None)
    assert repr(move) == "Move('h2h4', die='P', kind='double-push')"
    with pytest.raises(IndexError):
        legal[4]


def test_the_seed_turn_is_played_out() -> None:
    rolled = fenkit.roll(START, "PPP")
    assert str(rolled) == START + " PPP"
    one = rolled.play("a2a4")
    two = one.position.play("c2c4")
    three = fenkit.play(two.position, "e2e4")
    assert not two.turn_ended and three.turn_ended
    assert str(three.position) == "rnbqkbnr/pppppppp/8/8/P1P1P3/8/1P1P1PPP/RNBQKBNR b KQkq a3c3e3 0 1 -"
    assert three.played is not None and three.played.uci == "e2e4"
    assert three.winner is None


def test_rules_errors() -> None:
    with pytest.raises(fenkit.RulesError) as no_dice:
        fenkit.legal_moves("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1 -")
    assert isinstance(no_dice.value, ValueError) and no_dice.value.code == "RULE001"
    with pytest.raises(fenkit.RulesError) as illegal:
        fenkit.play("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1 P", "e2e5")
    assert illegal.value.code == "RULE005"
    assert illegal.value.legal_moves == ["e2e3", "e2e4"]
    with pytest.raises(fenkit.RulesError) as bad_roll:
        fenkit.roll(START, "PNX")
    assert (bad_roll.value.code, bad_roll.value.span) == ("RULE003", (2, 3))
    with pytest.raises(fenkit.RulesError) as cannot_pass:
        fenkit.pass_turn(START + " P")
    assert cannot_pass.value.code == "RULE006"
    with pytest.raises(fenkit.RulesError) as over:
        fenkit.legal_moves("3P4/8/8/8/8/8/8/4K3 b - - 0 1 p")
    assert over.value.code == "RULE007"


def test_a_pass_and_a_king_capture() -> None:
    passed = fenkit.pass_turn("4k3/8/8/8/8/8/8/4K3 w - - 0 1 Q")
    assert passed.played is None and passed.turn_ended
    assert str(passed.position) == "4k3/8/8/8/8/8/8/4K3 b - - 0 1 -"
    taken = fenkit.play("4k3/4Q3/8/8/8/8/8/4K3 w - - 0 1 Q", "e7e8")
    assert taken.winner == "white"
    assert taken.played is not None and taken.played.kind == "king-capture"


def test_perft_in_every_mode() -> None:
    assert fenkit.perft(START, 3) == 8_902
    assert fenkit.perft(START, 1, die="N") == 4
    assert fenkit.perft(START, 1, die="1") == 16
    assert fenkit.perft("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1", 1, roll="PP") == 2
    assert fenkit.Dfen(START).perft(2) == 400
    divide = fenkit.perft_divide(START, 2)
    assert divide[0] == ("a2a3", 20) and sum(n for _, n in divide) == 400
    assert fenkit.perft_divide(START, 2, die="N")[0] == ("b1a3", 5)
    assert fenkit.perft_divide("4k3/8/8/8/8/8/8/4K3 w - - 0 1", 1, roll="Q") == [(None, 1)]
    unique = fenkit.perft_unique(START, 3, ep="legal")
    assert (unique.nodes, unique.unique, unique.collisions) == (8_902, 5_362, 3_540)
    assert fenkit.perft_unique(START, 3).unique == 7_602
    knights = fenkit.perft_unique("4k3/8/8/8/8/8/8/1N2K1N1 w - - 0 1", 1, roll="NN")
    assert repr(knights) == "UniqueCount(nodes=53, unique=33, collisions=20)"
    with pytest.raises(ValueError, match="perft depth out of range: expected 0 to 64, found 65"):
        fenkit.perft(START, 65)
    with pytest.raises(ValueError, match="unknown die"):
        fenkit.perft(START, 1, die="X")
    with pytest.raises(ValueError, match="give one of them"):
        fenkit.perft(START, 1, die="N", roll="NN")
    with pytest.raises(fenkit.RulesError):
        fenkit.perft(START + " P", 1, roll="P")


# --- Identity --------------------------------------------------------------------------------


def test_identity_keys_and_hashes_of_the_spec() -> None:
    assert fenkit.position_key("4k3/8/8/8/8/8/8/4K3 w - - 12 40 -") == "4k3/8/8/8/8/8/8/4K3 w - - -"
    assert fenkit.position_hash("4k3/8/8/8/8/8/8/4K3 w - - 0 1 -") == 0x606DDF70A1A9B826
    assert fenkit.position_hash(START, "fen") == 0x1713F4401E30AA1B
    assert fenkit.position_hash("4d-fen v1:", "fen4") == 0x3CDB21AC08574D78
    assert fenkit.position_key("4d-fen v1: k@7,7,7,7; K@0,0,0,0", "fen4") == "4d-fen v1: K@0,0,0,0; k@7,7,7,7"
    pinned = "4k3/8/8/KPp4r/8/8/8/8 w - c6 0 2 -"
    assert fenkit.position_key(pinned, "dfen", ep="legal").split()[3] == "c6"
    assert fenkit.position_key(pinned, "fen", ep="legal").split()[3] == "-"
    # dedupe keys the fixed position: a castling right without king and rook at home goes.
    assert fenkit.position_key("4k3/8/8/8/8/8/8/4K3 w KQ - 0 1") == "4k3/8/8/8/8/8/8/4K3 w - - -"
    assert fenkit.parse_dfen("4k3/8/8/8/8/8/8/4K3 w KQ - 0 1").identity_key() == "4k3/8/8/8/8/8/8/4K3 w - - -"
    assert fenkit.Dfen("4k3/8/8/8/8/8/8/4K3 w KQ - 0 1").identity_key() == "4k3/8/8/8/8/8/8/4K3 w KQ - -"


# --- No input crashes the interpreter ---------------------------------------------------------


def test_hostile_inputs_raise_or_return() -> None:
    rng = random.Random(7)
    alphabet = "pnbrqkPNBRQK12345678/ -wb0123456789abcdefgh@,;:4d-fenv\n\r\t\x00é{}\"[]"
    for _ in range(3000):
        text = "".join(rng.choice(alphabet) for _ in range(rng.randint(0, 90)))
        for parse in (fenkit.parse_dfen, fenkit.parse_fen4):
            try:
                result = parse(text)
                for finding in result.findings:
                    assert 0 <= finding.span[0] <= finding.span[1] <= len(text.encode())
            except fenkit.ParseError as error:
                assert 0 <= error.span[0] <= error.span[1] <= len(text.encode())
        fenkit.validate_ndjson4(text)
    for blob in (b"\xff" * 3, b"", b"\x00", "\ud800".encode("utf-8", "surrogatepass")):
        with pytest.raises(ValueError):
            fenkit.parse_dfen(blob)
    with pytest.raises(ValueError):
        fenkit.parse_dfen("\ud800")
    with pytest.raises(TypeError, match="expected text"):
        fenkit.parse_fen4(None)  # type: ignore[arg-type]
    with pytest.raises(fenkit.ParseError):
        fenkit.parse_dfen("x" * 1_000_000)


def test_reprs_are_python() -> None:
    finding = fenkit.parse_dfen(START).findings[0]
    assert repr(finding).startswith("Finding(code='DFEN107', severity='warning', span=(56, 56), fixable=True, ")
    assert str(finding).startswith("warning[DFEN107]: ")
    parsed = fenkit.parse_dfen(START)
    assert repr(parsed) == f"ParsedDfen(canonical='{START} -', findings=['DFEN107'])"
    assert repr(fenkit.Placement("4d-fen v1: K@0,0,0,0")) == "Placement('4d-fen v1: K@0,0,0,0')"
    assert fenkit.__version__


# --- Many lines in one call ------------------------------------------------------------------


def lint_one_by_one(
    lines: List[str], parse: Callable[[str], Union[fenkit.ParsedDfen, fenkit.ParsedFen4]]
) -> List[Tuple[int, str, str, Tuple[int, int], str]]:
    """What a lint of `lines` must report: each line parsed alone, blank and `#` lines skipped."""
    want: List[Tuple[int, str, str, Tuple[int, int], str]] = []
    for number, line in enumerate(lines, start=1):
        text = line.rstrip("\r\n")
        if not text.strip() or text.lstrip().startswith("#"):
            continue
        try:
            parsed = parse(text)
        except fenkit.ParseError as error:
            want.append((number, error.code, "error", error.span, str(error)))
        else:
            want.extend((number, f.code, f.severity, f.span, f.message) for f in parsed.findings)
    return want


def test_lint_dfen_reports_what_parse_dfen_finds_line_by_line() -> None:
    lines = POSITIONS[:40] + ["", "# a comment", "x", "8/8/8/8/8/8/8/4X3 w - - 0 1 -\n", START + "\r\n"]
    want = lint_one_by_one(lines, fenkit.parse_dfen)
    got = [(f.line, f.code, f.severity, f.span, f.message) for f in fenkit.lint_dfen(lines)]
    assert got == want
    assert [f.line for f in fenkit.lint_dfen(iter(lines))] == [w[0] for w in want]
    syntax = [f for f in fenkit.lint_dfen(lines) if f.code == "DFEN004"][0]
    assert (syntax.category, syntax.fixable) == ("syntax", False)


def test_lint_reads_an_open_file() -> None:
    path = FIXTURES / "dfen" / "invalid" / "syntax.dfen"
    with open(path, encoding="utf-8") as lines:
        from_file = [(f.line, f.code) for f in fenkit.lint_dfen(lines)]
    from_list = [(f.line, f.code) for f in fenkit.lint_dfen(path.read_text(encoding="utf-8").splitlines())]
    assert from_file == from_list and len(from_file) >= 3


def test_lint_fen4_and_bad_items() -> None:
    found = fenkit.lint_fen4(["4d-fen v1: K@0,0,0,0; k@7,7,7,7", b"4d-fen v1: K@0,0,0,8", b"\xff"])
    assert [(f.line, f.code, f.severity) for f in found] == [(2, "FEN4008", "error"), (3, "FENKIT001", "error")]
    assert fenkit.lint_fen4([]) == []
    with pytest.raises(TypeError, match="line 2: expected text"):
        fenkit.lint_dfen([START, 7])  # type: ignore[list-item]
    with pytest.raises(ValueError, match="unknown profile"):
        fenkit.lint_dfen([START], profile="nope")  # type: ignore[arg-type]


def test_lint_fen4_reports_what_parse_fen4_finds_line_by_line() -> None:
    # Canonical literals (checked without their pieces) and others (parsed) alternate, with and
    # without findings: no line may report another's.
    lines = [
        "4d-fen v1: K@0,0,0,0; k@7,7,7,7",
        "4d-fen v1: K@0,0,0,0",
        "4d-fen v1: k@7,7,7,7;K@0,0,0,0",
        "4d-fen v1: K@0,0,0,0; K@1,0,0,0; k@7,7,7,7",
        "4d-fen v1: K@0,0,0,8",
        "4d-fen v1:",
        "4d-fen v1: K@0,0,0,0 ; k@7,7,7,7",
        "",
        "# a comment",
        "4d-fen v1: k@7,7,7,7; K@1,0,0,0; K@0,0,0,0\n",
        "4d-fen v1: K@0,0,0,0; k@7,7,7,7\r\n",
        "4d-fen v1: Pw@0,1,0,0; k@7,7,7,7",
    ]
    want = lint_one_by_one(lines, fenkit.parse_fen4)
    got = [(f.line, f.code, f.severity, f.span, f.message) for f in fenkit.lint_fen4(lines)]
    assert got == want
    assert {number for number, *_ in want} == {2, 3, 4, 5, 6, 7, 10, 12}


def test_batches_leave_the_garbage_collector_as_they_found_it() -> None:
    import gc

    assert gc.isenabled()
    fenkit.lint_dfen([START] * 10)
    fenkit.parse_dfen_batch([START, "x"])
    assert gc.isenabled()
    gc.disable()
    try:
        fenkit.lint_fen4(["4d-fen v1:"])
        fenkit.parse_fen4_batch(["4d-fen v1:"])
        assert not gc.isenabled()
    finally:
        gc.enable()


# --- The two readings of the king-capture exemption, and complete turns ------------------------


def test_king_capture_readings() -> None:
    position = "7k/4P3/8/8/8/8/8/B3K3 w - - 0 1 PNB"
    first = fenkit.Dfen(position).legal_moves()
    any_ = fenkit.Dfen(position).legal_moves(king_capture="any")
    assert (first.l_star, any_.l_star, len(first), len(any_)) == (3, 3, 8, 11)
    assert fenkit.legal_moves(position, king_capture="first") == first.uci()
    queen = "7k/4P3/8/8/8/8/8/Q3K3 w - - 0 1 PNQ"
    assert "e7e8q" not in fenkit.legal_moves(queen)
    assert "e7e8q" in fenkit.legal_moves(queen, king_capture="any")
    with pytest.raises(fenkit.RulesError) as caught:
        fenkit.play(queen, "e7e8q")
    assert caught.value.code == "RULE005"
    assert fenkit.play(queen, "e7e8q", king_capture="any").position.dice == "NQ"
    with pytest.raises(ValueError, match="any"):
        fenkit.legal_moves(queen, king_capture="all")  # type: ignore[arg-type]
    start = fenkit.Dfen(START)
    assert start.perft(1, roll="PNQ", king_capture="any") >= start.perft(1, roll="PNQ")


def test_complete_turns() -> None:
    turns = fenkit.turns("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1 PP")
    assert [str(t) for t in turns] == ["e2e3 e3e4", "e2e4 e4e5"]
    assert turns[1].moves == ["e2e4", "e4e5"]
    assert str(turns[1].position) == "4k3/8/8/4P3/8/8/8/4K3 b - - 0 1 -"
    assert turns[1].winner is None
    assert repr(turns[0]).startswith("Turn('e2e3 e3e4', position=")
    queen = "7k/4P3/8/8/8/8/8/Q3K3 w - - 0 1 PNQ"
    first = {str(t) for t in fenkit.turns(queen)}
    any_ = {str(t) for t in fenkit.turns(queen, king_capture="any")}
    assert "a1h8" in first and "a1h8" in any_
    assert "e7e8q a1h8" not in first and "e7e8q a1h8" in any_
    taken = [t for t in fenkit.turns(queen) if str(t) == "a1h8"][0]
    assert taken.winner == "white"
    # Counting agrees with the list: turns, and distinct positions after them.
    for position in (queen, START + " PNB", "4k3/8/8/8/8/8/8/4K3 w - - 0 1 Q"):
        listed = fenkit.turns(position)
        keys = {t.position.identity_key() for t in listed}
        assert fenkit.count_turns(position) == (len(listed), len(keys))
    assert [str(t) for t in fenkit.turns("4k3/8/8/8/8/8/8/4K3 w - - 0 1 Q")] == ["0000"]


def test_perft_alternating_die_and_full_turns() -> None:
    assert fenkit.perft(START, 2, die="N") == 24
    assert fenkit.perft(START, 2, die="N", alternate=True) == 16
    assert fenkit.perft(START, 1, roll="PP") == 240
    assert sum(n for _, n in fenkit.perft_divide(START, 2, die="N", alternate=True)) == 16
    with pytest.raises(ValueError, match="give `die` too"):
        fenkit.perft(START, 1, alternate=True)


def test_setting_names_are_the_command_lines() -> None:
    # The names and the message come from the library's table of settings, as `--castling`,
    # `--en-passant`, `--die` and `--notation` read them.
    with pytest.raises(ValueError, match=r'unknown castling notation "x": expected one of xfen, shredder'):
        fenkit.Dfen(START).to_fen(castling="x")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match=r'unknown en-passant identity "x": expected one of always, fen, xfen, legal'):
        fenkit.position_key(START, en_passant="x")  # type: ignore[arg-type]
    # Every notation of the table is read by the library, EPD too.
    assert fenkit.position_key('4k3/8/8/8/8/8/8/4K3 w - - id "x";', "epd") == "4k3/8/8/8/8/8/8/4K3 w - - -"
    with pytest.raises(ValueError, match=r'unknown notation "pgnx": expected one of dfen, '):
        fenkit.position_key(START, "pgnx")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match=r'unknown game "go": expected one of dice-chess, standard'):
        fenkit.Dfen(START).identity_key(game="go")  # type: ignore[arg-type]
