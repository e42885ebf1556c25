"""Writes spec/conformance/v1/*.jsonl and the manifest from the case sources beside this file.

Usage: python3 spec/conformance/source/build.py
"""

import hashlib
import json
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

import common  # noqa: E402
import dfen_cases  # noqa: E402,F401
import fen4_cases  # noqa: E402,F401
import ndjson4_cases  # noqa: E402,F401
import rules_cases  # noqa: E402,F401
import variant_cases  # noqa: E402,F401
import chess960_cases  # noqa: E402,F401
import epd_cases  # noqa: E402,F401
import rules_variant_cases  # noqa: E402
import movetext_cases  # noqa: E402,F401
import pgn_cases  # noqa: E402,F401

VERSION = 1
OUT = os.path.join(os.path.dirname(HERE), f"v{VERSION}")
SPECS = {
    "dfen": "spec/dfen.md",
    "fen4": "spec/fen4.md",
    "ndjson4": "spec/ndjson4.md",
    "rules": "spec/rules.md",
    "variants": "spec/variants.md",
    "chess960": "spec/chess960.md",
    "epd": "spec/epd.md",
    "movetext": "spec/pgn.md",
    "pgn": "spec/pgn.md",
}
# One case file per variant of the rules table (rules_variant_cases.py), after the others.
for _variant in rules_variant_cases.VARIANTS:
    SPECS[_variant] = "spec/variants.md"


def main():
    os.makedirs(OUT, exist_ok=True)
    files = []
    def write(notation):
        name = f"{notation}.jsonl"
        path = os.path.join(OUT, name)
        count = common.dump(path, notation)
        with open(path, "rb") as f:
            digest = hashlib.sha256(f.read()).hexdigest()
        return {"path": name, "notation": notation, "spec": SPECS[notation],
                "cases": count, "sha256": digest}

    for notation in ["dfen", "fen4", "ndjson4", "rules", "variants", "chess960", "epd", "movetext",
                     "pgn"]:
        files.append(write(notation))
    # The variants' rules files are listed apart: readers of `files` know each notation there.
    variant_rules = [write(variant) for variant in rules_variant_cases.VARIANTS]
    manifest = {
        "suite": "fenkit conformance suite",
        "version": VERSION,
        "format": "JSON lines, one case per line; see spec/conformance.md",
        "files": files,
        "variant_rules": variant_rules,
    }
    with open(os.path.join(OUT, "manifest.json"), "w", encoding="utf-8", newline="\n") as f:
        json.dump(manifest, f, indent=2)
        f.write("\n")
    for entry in files + variant_rules:
        print(f"{entry['path']}: {entry['cases']} cases")


if __name__ == "__main__":
    main()
