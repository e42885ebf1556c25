"""The API over the whole conformance suite (`spec/conformance/v1`): every case's verdict,
code and canonical form as the suite states them, read as `tests/tests/conformance.rs` reads
them, but through the Python package."""

from typing import Any, Dict, List, Tuple

import pytest

import fenkit
from conftest import load_cases

DFEN = load_cases("dfen.jsonl")
FEN4 = load_cases("fen4.jsonl")
RULES = load_cases("rules.jsonl")
NDJSON4 = load_cases("ndjson4.jsonl")


def test_the_suite_is_all_there() -> None:
    assert len(DFEN) >= 150
    assert len(FEN4) >= 100
    assert len(RULES) >= 20
    assert len(NDJSON4) >= 40
    assert any(case.get("king_capture") == "any" for case in RULES)


def answer_dfen(case: Dict[str, Any]) -> Tuple[Any, ...]:
    try:
        parsed = fenkit.parse_dfen(case["raw"], profile=case["profile"])
    except fenkit.ParseError as error:
        return ("reject", error.code)
    errors = [f for f in parsed.findings if f.severity == "error"]
    if errors:
        return ("reject", errors[0].code)
    # `.canonical` is what `fenkit fmt` writes. The suite's answer in the engine dialect is the
    # position as read, as the reference engine's writer writes it: spelling fixes only
    # (spec/dfen.md §10), as in tests/tests/conformance.rs.
    if case["profile"] == "engine":
        answer = parsed.position.to_dfen("engine")
    else:
        answer = parsed.canonical
    return ("accept", answer, sorted({f.code for f in parsed.findings}))


def expected(case: Dict[str, Any]) -> Tuple[Any, ...]:
    if case["verdict"] == "accept":
        return ("accept", case["canonical"], sorted(case.get("findings", [])))
    return ("reject", case["code"])


@pytest.mark.parametrize("case", DFEN, ids=[c["name"] for c in DFEN])
def test_dfen_case(case: Dict[str, Any]) -> None:
    assert answer_dfen(case) == expected(case)


@pytest.mark.parametrize("case", FEN4, ids=[c["name"] for c in FEN4])
def test_fen4_case(case: Dict[str, Any]) -> None:
    try:
        parsed = fenkit.parse_fen4(case["raw"])
    except fenkit.ParseError as error:
        assert case["verdict"] == "reject", f"rejected with {error.code}: {error}"
        assert error.code == case["code"]
        if "ref_code" in case:
            assert error.ref_code == case["ref_code"]
        if "offset" in case:
            assert error.offset == case["offset"]
        return
    assert case["verdict"] == "accept"
    assert parsed.canonical == case["canonical"]
    assert sorted({f.code for f in parsed.findings}) == sorted(case.get("findings", []))


@pytest.mark.parametrize("case", RULES, ids=[c["name"] for c in RULES])
def test_rules_case(case: Dict[str, Any]) -> None:
    text = case["raw"].decode("utf-8")
    # The reading of the king-capture exemption the case is under (`first` unless it says).
    reading = case.get("king_capture", "first")
    assert sorted(fenkit.legal_moves(text, king_capture=reading)) == sorted(case["moves"])
    legal = fenkit.Dfen(text).legal_moves(king_capture=reading)
    assert legal.l_star == case["l_star"]
    assert legal.uci() == fenkit.legal_moves(text, king_capture=reading)


@pytest.mark.parametrize("case", NDJSON4, ids=[c["name"] for c in NDJSON4])
def test_ndjson4_case(case: Dict[str, Any]) -> None:
    found = fenkit.validate_ndjson4(case["raw"])
    got: List[str] = sorted(f"{f.line}:{f.code}" for f in found)
    want = sorted(f"{f['line']}:{f['code']}" for f in case.get("findings", []))
    assert got == want
    rejected = any(f.severity == "error" for f in found)
    assert rejected == (case["verdict"] == "reject")
    # Line by line gives the same findings as the whole text.
    validator = fenkit.Ndjson4Validator()
    text = case["raw"].decode("utf-8").removeprefix("\ufeff")
    streamed = []
    for line in text.split("\n"):
        streamed.extend(validator.check_line(line.removesuffix("\r")))
    assert [(f.line, f.code, f.span) for f in streamed] == [(f.line, f.code, f.span) for f in found]
