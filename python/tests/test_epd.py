"""EPD lines through `fenkit.parse_epd`: the position, the operations, their moves, findings."""

import json

import pytest

import fenkit

BK01 = '1k1r4/pp1b1R2/3q2pp/4p3/2B5/4Q3/PPP2B2/2K5 b - - bm Qd1+; id "BK.01";'


def test_parse_epd_gives_position_operations_and_findings() -> None:
    parsed = fenkit.parse_epd(BK01)
    assert parsed.position == "1k1r4/pp1b1R2/3q2pp/4p3/2B5/4Q3/PPP2B2/2K5 b - - 0 1"
    assert [(op.opcode, op.operands, op.moves) for op in parsed.operations] == [
        ("bm", ["Qd1+"], ["d6d1"]),
        ("id", ["BK.01"], None),
    ]
    assert parsed.findings == []
    assert parsed.notes == []
    assert not parsed.has_errors
    assert parsed.canonical == BK01
    assert isinstance(parsed.operations[0], fenkit.EpdOperation)
    assert repr(parsed.operations[0]) == "EpdOperation(opcode='bm', operands=['Qd1+'], moves=['d6d1'])"


def test_clocks_come_from_hmvc_and_fmvn() -> None:
    parsed = fenkit.parse_epd("4k3/8/8/8/8/8/8/4K3 w - - hmvc 7; fmvn 30;")
    assert parsed.position == "4k3/8/8/8/8/8/8/4K3 w - - 7 30"
    # Clocks written as FEN fields are read as those operations, with a fixable finding.
    parsed = fenkit.parse_epd("4k3/8/8/8/8/8/8/4K3 w - - 12 13")
    assert parsed.position == "4k3/8/8/8/8/8/8/4K3 w - - 12 13"
    assert [(f.code, f.severity, f.fixable) for f in parsed.findings] == [("EPD105", "warning", True)]
    assert parsed.canonical == "4k3/8/8/8/8/8/8/4K3 w - - hmvc 12; fmvn 13;"


def test_strings_keep_semicolons_and_lose_their_escapes() -> None:
    parsed = fenkit.parse_epd(r'4k3/8/8/8/8/8/8/4K3 w - - c0 "bm f7g8; am \"h5h1\"";')
    assert parsed.operations[0].operands == ['bm f7g8; am "h5h1"']
    assert parsed.findings == []


def test_findings_have_codes_spans_and_help() -> None:
    parsed = fenkit.parse_epd("4k3/8/8/8/8/8/8/4K3 w - - bm Kd3 b1c3; c0 8")
    found = [(f.code, f.severity, f.span, f.fixable, f.help) for f in parsed.findings]
    assert found == [
        ("EPD203", "error", (29, 32), False, None),
        ("EPD203", "error", (33, 37), False, None),
        ("EPD106", "warning", (42, 43), True, 'write `"8"`'),
        ("EPD101", "warning", (43, 43), True, "append `;`"),
    ]
    assert parsed.findings[0].message == (
        "illegal move: expected a legal move, found `Kd3`: no White king can move to d3"
    )
    assert parsed.findings[1].message.endswith("found `b1c3`: no piece stands on b1")
    assert parsed.findings[0].category == "operation"
    assert parsed.has_errors


def test_position_findings_come_first() -> None:
    parsed = fenkit.parse_epd("4k3/8/8/8/8/8/8/4K3 w K - bm Kd2;")
    assert [f.code for f in parsed.findings] == ["DFEN220"]


def test_unknown_opcodes_are_notes() -> None:
    parsed = fenkit.parse_epd("4k3/8/8/8/8/8/8/4K3 w - - wdl 2;")
    assert parsed.findings == []
    assert parsed.notes == [("EPD209", (26, 29), "unknown opcode: `wdl` is kept as written")]


def test_syntax_errors_raise_parse_error() -> None:
    with pytest.raises(fenkit.ParseError) as caught:
        fenkit.parse_epd('4k3/8/8/8/8/8/8/4K3 w - - c0 "open;')
    assert caught.value.code == "EPD003"
    assert caught.value.span == (29, 35)
    assert caught.value.help == 'close the string with `"`'
    with pytest.raises(fenkit.ParseError) as caught:
        fenkit.parse_epd("4k3/8/8/8/8/8/8/4X3 w - - bm e4;")
    assert caught.value.code == "DFEN004"
    with pytest.raises(fenkit.ParseError) as caught:
        fenkit.parse_epd(b"4k3/8/8/8/8/8/8/4K3 w - - c0 \"\xff\";")
    assert caught.value.code == "FENKIT001"


def test_strict_makes_spellings_errors() -> None:
    assert not fenkit.parse_epd("4k3/8/8/8/8/8/8/4K3 w - - bm Kd2").has_errors
    assert fenkit.parse_epd("4k3/8/8/8/8/8/8/4K3 w - - bm Kd2", strict=True).has_errors


def test_json_form() -> None:
    form = json.loads(fenkit.parse_epd(BK01).to_json())
    assert form["side"] == "black"
    assert form["halfmove"] == 0 and form["fullmove"] == 1 and form["dice"] == []
    assert form["operations"] == [
        {"opcode": "bm", "operands": ["Qd1+"], "moves": ["d6d1"]},
        {"opcode": "id", "operands": ["BK.01"]},
    ]


def test_perft_counts_verify() -> None:
    parsed = fenkit.parse_epd("4k3/8/8/8/8/8/8/4K2R w K - ;D1 15 ;D2 66 ;D3 1198")
    wrong = parsed.verify_perft(3)
    assert [(f.code, f.message) for f in wrong] == [
        ("EPD208", "perft count is wrong: expected 1197 leaves at depth 3, found 1198")
    ]
    assert parsed.verify_perft(2) == []


def draft_conformance_cases() -> list:
    """The EPD cases drafted for the conformance suite (spec/conformance/source/epd_cases.py)."""
    import importlib
    import sys

    from conftest import REPO

    source = str(REPO / "spec" / "conformance" / "source")
    sys.path.insert(0, source)
    try:
        common = importlib.import_module("common")
        importlib.import_module("epd_cases")
    finally:
        sys.path.remove(source)
    return list(common.CASES["epd"])


def test_the_drafted_conformance_cases_hold() -> None:
    cases = draft_conformance_cases()
    assert len(cases) >= 25
    for case in cases:
        try:
            parsed = fenkit.parse_epd(case["input"], profile=case["profile"])
        except fenkit.ParseError as error:
            assert (case["verdict"], case.get("code")) == ("reject", error.code), case["name"]
            continue
        errors = [f.code for f in parsed.findings if f.severity == "error"]
        if errors:
            assert (case["verdict"], case.get("code")) == ("reject", errors[0]), case["name"]
            continue
        assert case["verdict"] == "accept", case["name"]
        assert parsed.canonical == case["canonical"], case["name"]
        assert sorted({f.code for f in parsed.findings}) == case["findings"], case["name"]
        assert json.loads(parsed.to_json())["operations"] == case["operations"], case["name"]
