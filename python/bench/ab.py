"""Two builds of fenkit's extension module against each other, in one process (not run by the tests).

    python python/bench/ab.py OLD_SO NEW_SO              # the FEN4 rows, 15 runs of 60 rounds
    python python/bench/ab.py OLD_SO NEW_SO --runs 30 --rows parse_fen4

OLD_SO and NEW_SO are the `fenkit/_fenkit*.so` files of two installed wheels (each virtual
environment's `site-packages`). Both are loaded side by side, and each timing alternates between
them, so both see the same machine however busy it is: a 10 % change is lost in the noise of two
runs of bench.py a minute apart on a loaded machine, and found here. A timing is the CPU time of
one pass over bench.py's FEN4 corpus, 50 times over (5,000 calls, as in bench.py); a run takes
`--rounds` of them for each build, and prints NEW/OLD of the fastest, the 10th percentile and the
median. Needs what bench.py imports (the venv python/bench/run sets up).
"""

import argparse
import importlib.util
import statistics
import time
from types import ModuleType
from typing import Callable, Dict, List

from bench import fen4_corpus


def load(path: str, name: str) -> ModuleType:
    """The extension module at `path`, under a name of its own so that two can be loaded."""
    spec = importlib.util.spec_from_file_location(f"{name}._fenkit", path)
    assert spec is not None and spec.loader is not None, path
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def rows(texts: List[str]) -> Dict[str, Callable[[ModuleType], None]]:
    def parse_fen4(m: ModuleType) -> None:
        for text in texts:
            m.parse_fen4(text).findings

    def parse_fen4_batch(m: ModuleType) -> None:
        for parsed in m.parse_fen4_batch(texts):
            parsed.findings

    def lint_fen4(m: ModuleType) -> None:
        m.lint_fen4(texts)

    return {"parse_fen4": parse_fen4, "parse_fen4_batch": parse_fen4_batch, "lint_fen4": lint_fen4}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("old")
    parser.add_argument("new")
    parser.add_argument("--rows", default="parse_fen4,parse_fen4_batch,lint_fen4")
    parser.add_argument("--runs", type=int, default=15)
    parser.add_argument("--rounds", type=int, default=60)
    args = parser.parse_args()

    builds = [load(args.old, "old"), load(args.new, "new")]
    texts = fen4_corpus() * 50
    table = rows(texts)
    for name in args.rows.split(","):
        run = table[name]
        summary: Dict[str, List[float]] = {"fastest": [], "p10": [], "median": []}
        for _ in range(args.runs):
            times: List[List[float]] = [[], []]
            for index in range(args.rounds):
                # Alternate which build goes first, so neither always follows the other.
                for which in (0, 1) if index % 2 == 0 else (1, 0):
                    start = time.thread_time()
                    run(builds[which])
                    times[which].append(time.thread_time() - start)
            old, new = (sorted(t) for t in times)
            summary["fastest"].append(new[0] / old[0])
            summary["p10"].append(new[len(new) // 10] / old[len(old) // 10])
            summary["median"].append(statistics.median(new) / statistics.median(old))
            per_call = 1e9 / len(texts)
            print(
                f"{name}: old {old[0] * per_call:.1f} ns, new {new[0] * per_call:.1f} ns; NEW/OLD "
                + " ".join(f"{key} {ratios[-1]:.3f}" for key, ratios in summary.items())
            )
        print(
            f"{name}, median of {args.runs} runs: NEW/OLD "
            + " ".join(f"{key} {statistics.median(ratios):.3f}" for key, ratios in summary.items())
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
