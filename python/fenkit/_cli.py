"""The ``fenkit`` command of the Python package: the Rust command line, run in-process."""

import os
import signal
import sys


def main() -> None:
    """Runs ``fenkit`` with ``sys.argv`` and exits with its status (0, 1 or 2).

    The command line is the one of the Rust binary, compiled into the extension module: same
    flags, output, exit statuses. It writes to the process's own standard streams. Ctrl-C
    ends it as it ends the binary (Python's ``KeyboardInterrupt`` handler is taken down
    first: the Rust code does not return to Python to notice it).
    """
    from ._fenkit import run_cli

    if hasattr(signal, "SIGINT"):
        signal.signal(signal.SIGINT, signal.SIG_DFL)
    # Python has written nothing yet; flush anyway so that nothing can interleave.
    sys.stdout.flush()
    # The program's name in usage lines is `fenkit`, as the binary's, also under
    # `python -m fenkit` (where `sys.argv[0]` is the path of `__main__.py`).
    argv = ["fenkit"] + [os.fsdecode(arg) for arg in sys.argv[1:]]
    sys.exit(run_cli(argv))
