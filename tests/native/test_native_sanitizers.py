"""The native unit tests (native/tests/unit_tests.cpp) built and run under AddressSanitizer and
UndefinedBehaviorSanitizer by the documented command, native/sanitize.sh."""

from __future__ import annotations

import shutil
import subprocess
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
