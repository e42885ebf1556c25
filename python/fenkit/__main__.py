"""``python -m fenkit``: the ``fenkit`` command."""

from ._cli import main

if __name__ == "__main__":
    main()
