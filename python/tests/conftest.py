"""Shared helpers of the Python tests: the repository's paths and the conformance suite."""

import base64
import json
from pathlib import Path
from typing import Any, Dict, Iterator, List

REPO = Path(__file__).resolve().parents[2]
SUITE = REPO / "spec" / "conformance" / "v1"
FIXTURES = REPO / "fixtures"


def load_cases(file: str) -> List[Dict[str, Any]]:
    """The cases of one suite file, each with its input decoded to `bytes` under `raw`."""
    cases = []
    for line in (SUITE / file).read_text(encoding="utf-8").splitlines():
        case = json.loads(line)
        if "input_base64" in case:
            case["raw"] = base64.b64decode(case["input_base64"])
        else:
            case["raw"] = case["input"].encode("utf-8")
        cases.append(case)
    return cases


def sample(path: Path, per_file: int) -> Iterator[str]:
    """Up to `per_file` position lines of `path` (no blank or comment lines), spread over it."""
    lines = [
        line
        for line in path.read_text(encoding="utf-8").splitlines()
        if line.strip() and not line.lstrip().startswith(("#", "%"))
    ]
    step = max(1, len(lines) // per_file)
    yield from lines[::step][:per_file]
