"""Test-only oracle driver for fenkit's fen4 differential test.

Reads one JSON-encoded string per line on stdin and answers one JSON object per
line on stdout:

    {"ok": true, "canonical": "<serialize(parse(s))>"}
    {"ok": false, "code": <int>, "offset": <int>}

With the argument ``starting`` it prints the reference starting position as a
JSON string instead; with ``binary``, the path of the compiled C reference
``spectral_4d`` shipped in the same package. Exit status 3 means the reference package is not importable.
The reference package is GPL and used only here, at test time.
"""
import json
import sys

try:
    from chess_spectral import fen_4d
except Exception as exc:  # any import problem means: no oracle
    sys.stderr.write(f"oracle unavailable: cannot import chess_spectral.fen_4d ({exc})\n")
    sys.exit(3)


def main() -> int:
    if len(sys.argv) > 1 and sys.argv[1] == "starting":
        try:
            from chess_spectral_4d import STARTING_FEN4
        except Exception as exc:
            sys.stderr.write(f"oracle unavailable: cannot import chess_spectral_4d ({exc})\n")
            return 3
        sys.stdout.write(json.dumps(STARTING_FEN4) + "\n")
        return 0
    if len(sys.argv) > 1 and sys.argv[1] == "binary":
        import os
        import chess_spectral
        path = os.path.join(os.path.dirname(chess_spectral.__file__), "_native", "spectral_4d")
        if not os.access(path, os.X_OK):
            sys.stderr.write(f"oracle unavailable: no executable C reference at {path}\n")
            return 3
        sys.stdout.write(json.dumps(path) + "\n")
        return 0
    if len(sys.argv) > 1 and sys.argv[1] == "version":
        from importlib.metadata import version
        sys.stdout.write(json.dumps(version("chess-spectral")) + "\n")
        return 0
    out = sys.stdout
    for line in sys.stdin:
        text = json.loads(line)
        try:
            pos = fen_4d.parse(text)
            answer = {"ok": True, "canonical": fen_4d.serialize(pos)}
        except fen_4d.Fen4ParseError as err:
            answer = {"ok": False, "code": err.code, "offset": err.offset}
        out.write(json.dumps(answer) + "\n")
    out.flush()
    return 0


if __name__ == "__main__":
    sys.exit(main())
