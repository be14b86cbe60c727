"""bench/ruleset_speed.py (docs/BENCHMARKS.md's BB2020-against-LRB6 figures) runs and reports
both rulesets; its games repeat exactly (the instruction counts compare the same games). Tiny
sizes: these check the script, not the speed."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from nuffle.core.engines import native_available

ROOT = Path(__file__).resolve().parents[1]
pytestmark = pytest.mark.skipif(not native_available() and os.environ.get("NUFFLE_REQUIRE_NATIVE") != "1",
                                reason="the native extension is not built")


def _run(*args: str) -> str:
    done = subprocess.run([sys.executable, str(ROOT / "bench" / "ruleset_speed.py"), *args],
                          capture_output=True, text=True, timeout=300, cwd=ROOT)
    assert done.returncode == 0, done.stderr[-2000:]
    return done.stdout


def test_the_timer_reports_both_rulesets_and_their_ratio() -> None:
    out = _run("--races", "human", "--games", "1", "--rounds", "1")
    us = {m[1]: float(m[2]) for m in re.finditer(r"^(lrb6|bb2020)\s+([\d.]+) us a decision$", out, re.M)}
    assert set(us) == {"lrb6", "bb2020"} and min(us.values()) > 0
    ratio = re.search(r"^bb2020 / lrb6: ([+-][\d.]+)%$", out, re.M)
    assert ratio is not None
    assert float(ratio[1]) == pytest.approx((us["bb2020"] / us["lrb6"] - 1) * 100, abs=0.2)


@pytest.mark.parametrize("rules", ["lrb6", "bb2020"])
def test_the_counted_games_repeat(rules: str) -> None:
    """The callgrind child's games: fixed seeds, so the same decisions every run."""
    found = [re.fullmatch(r"decisions (\d+)\n", _run("--play", rules, "--races", "human,orc", "--games", "2"))
             for _ in range(2)]
    decisions = [int(m[1]) for m in found if m is not None]
    assert len(decisions) == 2 and decisions[0] == decisions[1] > 100
