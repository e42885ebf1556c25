"""The adapter protocol of spec/adapter-protocol.md, shared by the two small implementations.

An implementation supplies `check(text) -> (True, canonical) | (False, code, message)`; an
accepted answer may carry the finding codes as a third item, which batch mode sends.
This module reads standard input in per-case or batch mode and answers as the protocol says.
Standard library only.
"""

import json
import sys


def _strip_line_end(data):
    if data.endswith(b"\r\n"):
        return data[:-2]
    if data.endswith(b"\n"):
        return data[:-1]
    return data


def _answer(check, data):
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as error:
        return (False, "FENKIT001", f"invalid UTF-8 at byte offset {error.start}")
    return check(text)


def main(check):
    """Runs the protocol; an error of the implementation itself (not a verdict on the input)
    is reported on standard error with exit status 2, as adapter-protocol.md asks, never as a
    rejection."""
    try:
        return _main(check)
    except Exception as error:  # a bug in the adapter or the implementation, not a verdict
        sys.stderr.write(f"internal error: {error!r}\n")
        return 2


def _main(check):
    args = sys.argv[1:]
    if "--batch" in args:
        json_strings = "--json-strings" in args
        out = sys.stdout
        for raw in sys.stdin.buffer:
            line = _strip_line_end(raw)
            if json_strings:
                try:
                    value = json.loads(line.decode("utf-8"))
                    if not isinstance(value, str):
                        raise ValueError("not a string")
                    data = value.encode("utf-8")
                except (ValueError, UnicodeDecodeError) as error:
                    out.write(json.dumps({"ok": False, "code": "FENKIT004", "message": str(error)}) + "\n")
                    out.flush()
                    continue
            else:
                data = line
            result = _answer(check, data)
            if result[0]:
                answer = {"ok": True, "canonical": result[1]}
                if len(result) > 2:
                    answer["findings"] = [{"code": code} for code in result[2]]
                out.write(json.dumps(answer) + "\n")
            else:
                answer = {"ok": False, "code": result[1], "message": result[2]}
                if len(result) > 3:
                    answer["ref_code"], answer["offset"] = result[3], result[4]
                out.write(json.dumps(answer) + "\n")
            out.flush()
        return 0
    data = _strip_line_end(sys.stdin.buffer.read())
    result = _answer(check, data)
    if result[0]:
        sys.stdout.write(result[1] + "\n")
        return 0
    sys.stderr.write(f"{result[1]}: {result[2]}\n")
    return 1
