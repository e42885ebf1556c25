"""python-chess, the test-only oracle, at the version tests/requirements.txt pins.

    from pinned_chess import chess

The oracle scripts beside this file import it so: it exits with status 2, saying how to set
the oracle up, when python-chess cannot be imported or is not the pinned version, so that a
script never passes without comparing. python-chess (GPL) is only ever installed into the test
venv that scripts/test makes from tests/requirements.txt.
"""

import os
import re
import sys

REQUIREMENTS = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "requirements.txt")

try:
    import chess
    import chess.variant
except ImportError as error:
    sys.stderr.write(
        f"error: python-chess cannot be imported ({error}); it is the oracle pinned in "
        "tests/requirements.txt: run scripts/test, which installs it into its test venv\n"
    )
    sys.exit(2)


def pinned_version():
    """The `chess==X` pin of tests/requirements.txt."""
    with open(REQUIREMENTS, encoding="utf-8") as f:
        for line in f:
            found = re.fullmatch(r"chess==(\S+)", line.strip())
            if found:
                return found.group(1)
    return None


if pinned_version() != chess.__version__:
    sys.stderr.write(
        f"error: python-chess {chess.__version__} is installed, but tests/requirements.txt "
        f"pins {pinned_version()}: run scripts/test, which makes its test venv again\n"
    )
    sys.exit(2)

__all__ = ["chess"]
