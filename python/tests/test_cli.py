"""The `fenkit` command installed by the wheel: the same output, byte for byte, and the same
exit status as the cargo-built binary (named by `FENKIT_BIN`, which scripts/test sets), run
with a `PATH` that holds nothing but the virtual environment (so no cargo)."""

import os
import shutil
import subprocess
import sys
from pathlib import Path
from typing import List, Optional, Tuple

import pytest

from conftest import REPO

VENV_BIN = Path(sys.executable).parent
INSTALLED = VENV_BIN / ("fenkit.exe" if os.name == "nt" else "fenkit")


def cargo_binary() -> str:
    binary = os.environ.get("FENKIT_BIN")
    assert binary, "set FENKIT_BIN to the cargo-built fenkit binary (scripts/test does)"
    return binary


def run(command: List[str], stdin: Optional[bytes] = None) -> Tuple[int, bytes, bytes]:
    env = {"PATH": str(VENV_BIN), "NO_COLOR": "1"}
    for name in ("SYSTEMROOT", "TMPDIR", "HOME"):
        if name in os.environ:
            env[name] = os.environ[name]
    done = subprocess.run(command, cwd=REPO, env=env, input=stdin, capture_output=True, timeout=300)
    return done.returncode, done.stdout, done.stderr


def test_no_cargo_on_the_path() -> None:
    assert INSTALLED.is_file(), f"the wheel installed no {INSTALLED}"
    assert shutil.which("cargo", path=str(VENV_BIN)) is None


BAD = "8/8/8/8/8/8/8/4X3 w - - 0 1 -\n4k3/8/8/8/8/8/8/4K3  w - - 0 1\n"

CASES = [
    ["check", "fixtures/"],
    ["check", "--output-format", "json", "fixtures/"],
    ["check", "--duplicates", "fixtures/dfen/valid"],
    ["fmt", "--check", "fixtures/dfen/valid"],
    ["check", "-"],
    ["parse", "--batch"],
    ["moves", "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1 P"],
    ["perft", "--depth", "2", "--divide", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"],
    ["--version"],
    ["check", "--help"],
    ["check", "--no-such-flag"],
    ["check", "no/such/file.dfen"],
]


@pytest.mark.parametrize("args", CASES, ids=[" ".join(a) for a in CASES])
def test_the_installed_command_matches_the_binary(args: List[str]) -> None:
    stdin = BAD.encode() if "-" in args or "--batch" in args else None
    want = run([cargo_binary()] + args, stdin)
    got = run([str(INSTALLED)] + args, stdin)
    assert got == want


def test_check_fixtures_passes_from_the_wheel() -> None:
    status, stdout, stderr = run([str(INSTALLED), "check", "fixtures/"])
    assert status == 0, stderr.decode()


def test_findings_exit_1_and_usage_errors_exit_2() -> None:
    status, stdout, _ = run([str(INSTALLED), "check", "-"], BAD.encode())
    assert status == 1
    assert b"DFEN004" in stdout or b"DFEN004" in _
    assert run([str(INSTALLED), "check", "--no-such-flag"])[0] == 2


def test_python_dash_m_is_the_same_command() -> None:
    assert run([sys.executable, "-m", "fenkit", "--version"]) == run([cargo_binary(), "--version"])


def hooks() -> List[dict]:
    """The hooks of `.pre-commit-hooks.yaml`, read as flat `key: value` blocks."""
    found: List[dict] = []
    for line in (REPO / ".pre-commit-hooks.yaml").read_text(encoding="utf-8").splitlines():
        if line.startswith("- id: "):
            found.append({"id": line[len("- id: ") :]})
        elif line.startswith("  ") and found:
            key, _, value = line.strip().partition(": ")
            found[-1][key] = value
    return found


def test_every_system_hook_has_a_python_twin() -> None:
    by_id = {hook["id"]: hook for hook in hooks()}
    system = [hook for hook in by_id.values() if hook["language"] == "system"]
    assert {hook["id"] for hook in system} == {"fenkit-check", "fenkit-fmt", "fenkit-fmt-check"}
    for hook in system:
        twin = by_id[hook["id"] + "-python"]
        assert twin["language"] == "python"
        assert (twin["entry"], twin["files"]) == (hook["entry"], hook["files"])
        assert "--only-position-files" in hook["entry"]
        # The entry runs with the command this wheel installs.
        assert twin["entry"].split()[0] == INSTALLED.stem
