"""Random mutations of real mid-game positions (player ids, squares, enums, list lengths,
counters, types, stack depth, log entries, the pending roll, and fields that break a rule
between fields or frames; position_fuzz.py) loaded on both engines: both accept and refuse the
same ones (`PositionError` only), and what they accept plays on without a crash and alike on
both engines, step for step. The positions run in a subprocess, so that a crash of the native
engine fails the test, naming the position, instead of killing pytest (native/sanitize.sh
--python runs this file on the sanitized extension too)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

WORKER = Path(__file__).with_name("position_fuzz.py")


def _fuzz(seed: int, count: int) -> list[dict[str, Any]]:
    run = subprocess.run([sys.executable, str(WORKER), str(seed), str(count)], capture_output=True, text=True,
                         timeout=1200)
    lines = [json.loads(line) for line in run.stdout.splitlines() if line.startswith("{")]
    if run.returncode != 0:
        last = next((row for row in reversed(lines) if "start" in row), None)
        why = [line for line in run.stderr.splitlines() if "runtime error" in line or "Sanitizer" in line]
        pytest.fail(f"the fuzz worker died (exit {run.returncode}) on mutation {last}: "
                    f"{why[:3] or run.stderr[-2000:]}")
    rows = [row for row in lines if "i" in row]
    assert len(rows) == count
    return rows


def _check(rows: list[dict[str, Any]]) -> None:
    loads: dict[str, set[str]] = {"python": set(), "native": set()}
    for row in rows:
        for engine in loads:
            loads[engine].add(row[engine].split("/")[0])
    unlike = [row for row in rows if row["python"].split("/")[0] != row["native"].split("/")[0]]
    assert unlike == [], f"the engines load these unalike: {unlike[:5]}"
    assert loads["python"] <= {"ok", "PositionError"}, loads
    broken = [row for row in rows if "/" in row["python"] or "/" in row["native"]]
    assert broken == [], f"accepted positions that fail in play: {broken[:5]}"
    assert {"ok", "PositionError"} <= loads["python"]  # the mutations make both kinds
    parted = [row for row in rows if row["python"] == "ok" and row["lockstep"] != "same"]
    assert parted == [], f"accepted positions the engines play differently: {parted[:5]}"
    cross = {row["python"] for row in rows if row["what"].startswith("cross")}
    assert cross == {"ok", "PositionError"}  # the cross-field rules are exercised, both ways


def test_mutated_positions_load_alike_on_both_engines(native: ModuleType) -> None:
    _check(_fuzz(1, 250))


@pytest.mark.slow
def test_thousands_of_mutated_positions_load_alike_on_both_engines(native: ModuleType) -> None:
    _check(_fuzz(7, 3000))
