"""Helpers for authoring the conformance suite (standard library only).

The `.jsonl` files under `spec/conformance/v1/` are the suite; these scripts are the authoring
aid they were written with. Every expected value below was written by hand from the spec text,
with the reason beside it. Run `python3 spec/conformance/source/build.py` to rewrite the files.
"""

import base64
import json

CASES = {}


def _add(notation, case):
    name = case["name"]
    for existing in CASES.values():
        for other in existing:
            if other["name"] == name:
                raise SystemExit(f"duplicate case name {name}")
    if not case.get("reason"):
        raise SystemExit(f"{name}: every case needs a reason")
    CASES.setdefault(notation, []).append(case)


def _input_fields(data):
    """The input as a JSON string, plus base64 when the bytes are not plain UTF-8 text."""
    if isinstance(data, bytes):
        try:
            text = data.decode("utf-8")
        except UnicodeDecodeError:
            return {
                "input": data.decode("utf-8", errors="replace"),
                "input_base64": base64.b64encode(data).decode("ascii"),
            }
        fields = {"input": text}
        if "\0" in text:
            fields["input_base64"] = base64.b64encode(data).decode("ascii")
        return fields
    fields = {"input": data}
    if "\0" in data:
        fields["input_base64"] = base64.b64encode(data.encode("utf-8")).decode("ascii")
    return fields


def _head(notation, name, profile, variant, dialect):
    """The keys every case starts with; variant cases name their variant and dialect."""
    case = {"name": name, "notation": notation, "profile": profile}
    if (variant is None) != (dialect is None):
        raise SystemExit(f"{name}: a variant case needs both a variant and a dialect")
    if variant is not None:
        case["variant"] = variant
        case["dialect"] = dialect
    return case


def accept(notation, name, data, canonical, reason, profile="spec", findings=(), variant=None,
           dialect=None, **extra):
    if not name.startswith(("y_", "i_")):
        raise SystemExit(f"{name}: accepted cases start with y_ or i_")
    case = _head(notation, name, profile, variant, dialect)
    case.update(_input_fields(data))
    case["verdict"] = "accept"
    case["canonical"] = canonical
    case["findings"] = sorted(set(findings))
    case.update(extra)
    case["reason"] = reason
    _add(notation, case)


def reject(notation, name, data, code, reason, profile="spec", variant=None, dialect=None,
           **extra):
    if not name.startswith(("n_", "i_")):
        raise SystemExit(f"{name}: rejected cases start with n_ or i_")
    case = _head(notation, name, profile, variant, dialect)
    case.update(_input_fields(data))
    case["verdict"] = "reject"
    case["code"] = code
    case.update(extra)
    case["reason"] = reason
    _add(notation, case)


def dump(path, notation):
    with open(path, "w", encoding="utf-8", newline="\n") as out:
        for case in CASES.get(notation, []):
            out.write(json.dumps(case, ensure_ascii=False, separators=(",", ":")) + "\n")
    return len(CASES.get(notation, []))
