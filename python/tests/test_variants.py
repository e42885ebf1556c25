"""Variant FENs from Python: every dialect, the slots, conversions, findings and exceptions."""

import random

import pytest

import fenkit

CRAZYHOUSE = {
    "essay": "r2q1rk1/ppp2ppp/2n1pn2/3p4/3P4/2PBPN2/PP3PP1/R2Q1RK1 b - - 4 12 BQn d1",
    "stockfish": "r2q1rk1/ppp2ppp/2n1pn2/3p4/3P4/2PBPN2/PP3PP1/R2Q~1RK1[BQn] b - - 4 12",
    "lichess": "r2q1rk1/ppp2ppp/2n1pn2/3p4/3P4/2PBPN2/PP3PP1/R2Q~1RK1/BQn b - - 4 12",
}

THREE_CHECK = {
    "essay": "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2 2 1",
    "stockfish": "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 1+2 0 2",
    "lichess": "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2 +2+1",
}


@pytest.mark.parametrize("variant, forms", [("crazyhouse", CRAZYHOUSE), ("threecheck", THREE_CHECK)])
def test_every_dialect_converts_to_every_other(variant: str, forms: dict) -> None:
    for dialect, text in forms.items():
        parsed = fenkit.parse_variant(text, variant, dialect)
        assert parsed.findings == []
        assert parsed.canonical == text
        assert parsed.essay == forms["essay"]
        for other, expected in forms.items():
            assert parsed.to_dialect(other) == expected


def test_slots_are_read() -> None:
    parsed = fenkit.parse_variant(CRAZYHOUSE["stockfish"], "crazyhouse", "stockfish")
    assert (parsed.variant, parsed.dialect, parsed.side) == ("crazyhouse", "stockfish", "black")
    assert parsed.holdings == "BQn"
    assert parsed.promoted == ["d1"]
    assert parsed.fen == "r2q1rk1/ppp2ppp/2n1pn2/3p4/3P4/2PBPN2/PP3PP1/R2Q1RK1 b - - 4 12"
    three = fenkit.parse_variant(THREE_CHECK["stockfish"], "threecheck", "stockfish")
    assert (three.checks, three.check_limit) == ((2, 1), 3)
    two = fenkit.parse_variant("4k3/8/8/8/8/8/8/4K3 b - - 0 5 2", "twomove")
    assert two.sub_turn == 2
    assert two.identity_key() == "4k3/8/8/8/8/8/8/4K3 b - - 2"


def test_findings_have_codes_spans_and_fixes() -> None:
    parsed = fenkit.parse_variant("4k3/8/8/8/8/8/8/4K3 w - - 0 1 qP", "crazyhouse", "essay")
    assert [(f.code, f.severity, f.span, f.fixable) for f in parsed.findings] == [
        ("DFEN110", "warning", (30, 32), True),
        ("DFEN112", "warning", (32, 32), True),
    ]
    assert parsed.canonical == "4k3/8/8/8/8/8/8/4K3 w - - 0 1 Pq -"
    strict = fenkit.parse_variant("4k3/8/8/8/8/8/8/4K3 w - - 0 1 qP", "crazyhouse", "essay", strict=True)
    assert strict.has_errors
    beyond = fenkit.parse_variant("4k3/8/8/8/8/8/8/4K3 w - - 0 1 +4+0", "threecheck", "lichess")
    # The counter past the limit (dfen's DFEN230), and the game over by the variant's rules
    # (VAR101), as `fenkit check --variant threecheck` says.
    assert [(f.code, f.severity) for f in beyond.findings] == [("DFEN230", "error"), ("VAR101", "warning")]
    assert beyond.has_errors


def test_check_limit_changes_remaining_counts() -> None:
    text = "4k3/8/8/8/8/8/8/4K3 w - - 4+5 0 30"
    parsed = fenkit.parse_variant(text, "threecheck", "stockfish", check_limit=5)
    assert parsed.checks == (1, 0)
    assert parsed.to_dialect("lichess") == "4k3/8/8/8/8/8/8/4K3 w - - 0 30 +1+0"


def test_syntax_errors_raise_parse_error() -> None:
    with pytest.raises(fenkit.ParseError) as caught:
        fenkit.parse_variant("4k3/8/8/8/8/8/8/4K3[Kp] w - - 0 1", "crazyhouse", "stockfish")
    assert (caught.value.code, caught.value.span) == ("DFEN031", (20, 21))
    assert isinstance(caught.value, ValueError)


@pytest.mark.parametrize(
    "args, message",
    [
        (("fairy",), "variant"),
        (("threecheck", "fairy"), "dialect"),
        (("twomove", "lichess"), "twomove has no `lichess` dialect"),
    ],
)
def test_bad_arguments_raise_value_error(args: tuple, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        fenkit.parse_variant("4k3/8/8/8/8/8/8/4K3 w - - 0 1", *args)


def test_check_limit_zero_is_refused() -> None:
    with pytest.raises(ValueError, match="check_limit"):
        fenkit.parse_variant("4k3/8/8/8/8/8/8/4K3 w - - 0 1", "threecheck", check_limit=0)


def test_standard_fen_is_refused_when_a_slot_would_be_lost() -> None:
    with pytest.raises(fenkit.ConversionError) as caught:
        fenkit.parse_variant(CRAZYHOUSE["essay"], "crazyhouse").to_fen()
    assert caught.value.dropped == ["the holdings `BQn`", "the promoted squares `d1`"]
    plain = fenkit.parse_variant("4k3/8/8/8/8/8/8/4K3 w - - 0 1 0 0", "threecheck")
    assert plain.to_fen() == "4k3/8/8/8/8/8/8/4K3 w - - 0 1"


def test_hostile_inputs_never_crash() -> None:
    rng = random.Random(21)
    alphabet = "rnbqkpRNBQKP12345678/[]~+-, \t0wéx"
    for _ in range(3000):
        text = "".join(rng.choice(alphabet) for _ in range(rng.randrange(0, 70)))
        for variant in ("threecheck", "crazyhouse", "twomove", "chess"):
            for dialect in ("essay", "stockfish", "lichess"):
                if variant == "twomove" and dialect != "essay":
                    continue
                try:
                    parsed = fenkit.parse_variant(text, variant, dialect)
                except fenkit.ParseError as error:
                    start, end = error.span
                    assert 0 <= start <= end <= len(text.encode())
                    continue
                for finding in parsed.findings:
                    start, end = finding.span
                    assert 0 <= start <= end <= len(text.encode())
                parsed.canonical
                repr(parsed)


# Every variant of the rules table, by its name and by its aliases, with a valid position and
# one its own rules refuse (the code the `variants` library gives).
RULES_VARIANTS = [
    ("antichess", ["Antichess", "Suicide"], "k7/8/8/8/8/8/8/KK6 w - - 0 1", "8/8/8/8/8/8/8/8 w - - 0 1"),
    ("giveaway", ["Giveaway"], "8/8/3kk3/8/8/8/8/8 b - - 0 1", None),
    ("atomic", ["Atomic"], "8/8/8/8/8/8/8/kK6 w - - 0 1", None),
    ("horde", ["Horde"], "rnbqkbnr/pppppppp/8/8/8/8/8/PPPPPPPP w kq - 0 1", "4k3/8/8/8/8/8/8/4K3 w - - 0 1"),
    ("racingkings", ["racingKings", "Racing Kings"], "8/8/8/8/8/8/krbnNBRK/qrbnNBRQ w - - 0 1",
     "8/8/8/8/8/8/8/k1K4P w - - 0 1"),
    ("kingofthehill", ["kingOfTheHill", "King of the Hill"], "4k3/8/8/8/8/8/8/4K3 w - - 0 1",
     "4k3/8/8/8/8/8/8/4K2K w - - 0 1"),
]


@pytest.mark.parametrize("name, aliases, valid, invalid", RULES_VARIANTS)
def test_every_variant_of_the_rules_table_is_read_by_name_and_alias(
    name: str, aliases: list, valid: str, invalid: "str | None"
) -> None:
    for spelling in [name, *aliases]:
        parsed = fenkit.parse_variant(valid, spelling)
        assert parsed.variant == name
        assert parsed.dialect == "essay"
        assert not parsed.has_errors, parsed.findings
        assert parsed.canonical == valid
    if invalid is not None:
        refused = fenkit.parse_variant(invalid, name)
        assert refused.has_errors
        errors = [f for f in refused.findings if f.severity == "error"]
        assert errors and all(f.code.startswith("VAR") for f in errors), refused.findings
        for finding in refused.findings:
            start, end = finding.span
            assert 0 <= start <= end <= len(invalid)


def test_rules_findings_have_codes_spans_and_messages() -> None:
    parsed = fenkit.parse_variant("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "horde")
    codes = [f.code for f in parsed.findings]
    assert "VAR012" in codes
    king = next(f for f in parsed.findings if f.code == "VAR012")
    assert king.severity == "error"
    assert king.span == (39, 40)
    assert "king" in king.message
    # A syntax error is the DFEN parser's, as for every variant.
    with pytest.raises(fenkit.ParseError) as caught:
        fenkit.parse_variant("8/8/8 w - - 0 1", "antichess")
    assert caught.value.code == "DFEN003"


def test_dialect_defaults_to_auto() -> None:
    for dialect, text in THREE_CHECK.items():
        parsed = fenkit.parse_variant(text, "threecheck")
        assert parsed.dialect == dialect
        assert parsed.canonical == text
    for dialect, text in CRAZYHOUSE.items():
        assert fenkit.parse_variant(text, "crazyhouse").dialect == dialect
        assert fenkit.parse_variant(text, "crazyhouse", "auto").dialect == dialect
    # The other spellings of the table name the same variants.
    assert fenkit.parse_variant(THREE_CHECK["lichess"], "Three-check").variant == "threecheck"
    assert fenkit.parse_variant(CRAZYHOUSE["stockfish"], "Crazyhouse").holdings == "BQn"
    assert fenkit.parse_variant(THREE_CHECK["essay"], "threecheck").to_dialect("auto") == THREE_CHECK["essay"]


def test_hostile_inputs_never_crash_in_the_rules_variants() -> None:
    rng = random.Random(39)
    alphabet = "rnbqkpRNBQKP12345678/ -0wb"
    for _ in range(2000):
        text = "".join(rng.choice(alphabet) for _ in range(rng.randrange(0, 60)))
        for name, *_ in RULES_VARIANTS:
            try:
                parsed = fenkit.parse_variant(text, name)
            except fenkit.ParseError:
                continue
            for finding in parsed.findings:
                start, end = finding.span
                assert 0 <= start <= end <= len(text.encode())
            repr(parsed)
