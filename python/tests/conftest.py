"""Shared helpers of the Python tests: the repository's paths and the conformance suite."""

import base64
import json
from pathlib import Path
from typing import Any, Dict, List

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
