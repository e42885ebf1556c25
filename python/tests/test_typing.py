"""The stubs describe the API: mypy's `stubtest` finds them to match the module as built, `mypy
--strict` accepts a typed script that uses it, and the script runs."""

import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent


def test_stubtest_finds_the_stubs_match_the_module(tmp_path: Path) -> None:
    # Every name, signature, default and class of the installed extension module against
    # `_fenkit.pyi` (run away from the repository, so that the installed package is the one
    # checked).
    done = subprocess.run(
        [sys.executable, "-m", "mypy.stubtest", "fenkit", "--concise"],
        capture_output=True,
        text=True,
        cwd=tmp_path,
    )
    assert done.returncode == 0, done.stdout + done.stderr


def test_mypy_strict_accepts_the_typed_example() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "mypy", "--strict", "--no-incremental", str(HERE / "typed_example.py")],
        capture_output=True,
        text=True,
    )
    assert done.returncode == 0, done.stdout + done.stderr


def test_mypy_strict_rejects_a_wrong_use() -> None:
    # The check can fail: a wrong profile and a wrong attribute are errors.
    wrong = HERE / "typed_wrong.py"
    wrong.write_text(
        "import fenkit\n"
        "fenkit.parse_dfen('x', profile='loose')\n"
        "n: int = fenkit.parse_fen4('x').canonical\n"
    )
    try:
        done = subprocess.run(
            [sys.executable, "-m", "mypy", "--strict", "--no-incremental", str(wrong)],
            capture_output=True,
            text=True,
        )
    finally:
        wrong.unlink()
    assert done.returncode == 1
    assert "arg-type" in done.stdout and "assignment" in done.stdout


def test_the_typed_example_runs() -> None:
    done = subprocess.run([sys.executable, str(HERE / "typed_example.py")], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    assert "DFEN107" in done.stdout
