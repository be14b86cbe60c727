"""The native unit tests (native/tests/unit_tests.cpp) built and run under AddressSanitizer and
UndefinedBehaviorSanitizer by the documented command, native/sanitize.sh."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.slow
def test_native_unit_tests_pass_under_sanitizers(tmp_path: Path) -> None:
    if shutil.which("g++") is None:
        pytest.skip("no g++ here")
    run = subprocess.run(
        ["bash", str(ROOT / "native" / "sanitize.sh"), str(tmp_path)],
        capture_output=True, text=True, timeout=600,
    )
    assert run.returncode == 0, run.stdout + run.stderr
    assert run.stdout.strip().endswith(", 0 failed"), run.stdout
    assert "runtime error" not in run.stderr and "ERROR: AddressSanitizer" not in run.stderr


@pytest.mark.slow
def test_the_boundary_tests_pass_on_a_sanitized_extension(tmp_path: Path) -> None:
    """nuffle._native built with ASan + UBSan (native/sanitize.sh --python) runs the fuzz tests,
    the event log tests and a few parity games of every kind in a python with libasan preloaded:
    no sanitizer report, every test passing."""
    if shutil.which("g++") is None:
        pytest.skip("no g++ here")
    run = subprocess.run(
        ["bash", str(ROOT / "native" / "sanitize.sh"), "--python", str(tmp_path)],
        capture_output=True, text=True, timeout=900, cwd=ROOT, env={**os.environ, "PYTHON": sys.executable},
    )
    out = run.stdout + run.stderr
    assert run.returncode == 0, out[-4000:]
    assert f"sanitized extension: {tmp_path}" in run.stdout  # the tests ran on the sanitized build
    # pytest -q under the project's own -q prints the progress line only: every test a dot
    progress = run.stdout.split("\n", 1)[1]
    assert "[100%]" in progress and "F" not in progress and "E" not in progress, out[-4000:]
    assert "runtime error" not in out and "ERROR: AddressSanitizer" not in out
