"""A small script that uses the API, checked with `mypy --strict` by test_typing.py."""

from typing import Dict, List, Optional, Tuple

import fenkit
import fenkit.arrow
import polars


def lint(lines: List[str]) -> Dict[str, List[Tuple[str, Tuple[int, int]]]]:
    """Every finding of every line, by canonical form (syntax errors under their own key)."""
    report: Dict[str, List[Tuple[str, Tuple[int, int]]]] = {}
    for line in lines:
        try:
            parsed = fenkit.parse_dfen(line, profile="lenient")
        except fenkit.ParseError as error:
            report.setdefault("<syntax>", []).append((error.code, error.span))
            continue
        report[parsed.canonical] = [(f.code, f.span) for f in parsed.findings if f.severity == "warning"]
    return report


def first_turn(text: str, dice: str) -> Optional[str]:
    position = fenkit.Dfen(text).roll(dice)
    legal: fenkit.LegalMoves = position.legal_moves()
    moves: List[str] = fenkit.legal_moves(position)
    if not moves:
        return None
    first: fenkit.Move = legal[0]
    outcome: fenkit.Outcome = position.play(first.uci)
    winner: Optional[str] = outcome.winner
    return f"{first.die}:{first.kind}:{legal.l_star}:{outcome.position}:{winner}"


def placements(texts: List[str]) -> List[str]:
    out: List[str] = []
    for result in fenkit.parse_fen4_batch(texts):
        if isinstance(result, fenkit.ParseError):
            out.append(f"{result.code} at {result.offset} ({result.ref_code})")
        else:
            placement: fenkit.Placement = result.placement
            out.append(placement.to_json("pieces"))
    return out


def counts(text: str) -> Tuple[int, int, int]:
    unique: fenkit.UniqueCount = fenkit.perft_unique(text, 2, ep="legal")
    turns: List[fenkit.Turn] = fenkit.turns(text + " PN", king_capture="any")
    counted: Tuple[int, int] = fenkit.count_turns(text + " PN")
    assert counted[0] == len(turns) and all(isinstance(m, str) for t in turns for m in t.moves)
    nodes: int = fenkit.perft(text, 2, die="N")
    return unique.nodes, unique.unique, nodes


def crazyhouse_forms(text: str) -> Tuple[str, str, List[str]]:
    """A crazyhouse FEN as python-chess writes it, in the essay and lichess forms."""
    parsed: fenkit.ParsedVariant = fenkit.parse_variant(text, "crazyhouse", "stockfish")
    checks: Tuple[int, int] = fenkit.parse_variant("4k3/8/8/8/8/8/8/4K3 w - - 0 1 1 0", "threecheck").checks
    assert checks == (1, 0)
    return parsed.essay, parsed.to_dialect("lichess"), parsed.promoted


def unread_commands(text: str) -> List[Tuple[str, str, int, int]]:
    """The comment commands fenkit keeps unread, as `fenkit check -v` notes them."""
    commands: List[fenkit.CommentCommand] = fenkit.comment_commands(text, notation="movetext")
    return [(c.name, c.kind, c.line, c.column) for c in commands]


def distinct_positions(fens: polars.Series) -> int:
    """The distinct positions of a column, by the identity hash `fenkit.arrow` computes."""
    keys = polars.Series(fenkit.arrow.position_key(fens, en_passant="legal"))
    return keys.drop_nulls().n_unique()


if __name__ == "__main__":
    start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
    print(lint([start, "x"]))
    print(first_turn(start, "PNB"))
    print(placements(["4d-fen v1: K@0,0,0,0", "4d-fen v1: K@9"]))
    print(counts(start))
    print(crazyhouse_forms("4k3/8/8/8/8/8/8/Q~3K3[Pq] w - - 0 9"))
    print(fenkit.position_key(start, "fen", ep="legal"))
    print(unread_commands("1. e4 {[%foo 1]} e5 ; [%clk 0:01:00]"))
    print(distinct_positions(polars.Series([start, start.replace(" 0 1", " 4 9"), "x", None])))
    for finding in fenkit.validate_ndjson4('{"fen4":"4d-fen v1:"}\n'):
        line: Optional[int] = finding.line
        print(line, finding.code, finding.message, finding.help)
