"""bench/web_load.py (a benchmark, run by hand; here only that it runs): a short run with a league
page polled serves the games and the league, and reports the league requests apart."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("websockets", reason="the load bench needs websockets")
BENCH = Path(__file__).parents[2] / "bench" / "web_load.py"


@pytest.mark.slow
def test_a_short_load_run_polls_the_league_page() -> None:
    env = {**os.environ, "PYTHONPATH": str(Path(__file__).parents[2] / "src")}
    run = subprocess.run([sys.executable, str(BENCH), "--games", "2", "--seconds", "4", "--league",
                          "--poll", "0.5"], capture_output=True, text=True, timeout=240, env=env)
    assert run.returncode == 0, run.stdout + run.stderr
    figures = json.loads(run.stdout.splitlines()[0])
    assert figures["errors"] == 0 and figures["actions"] > 0
    assert figures["league_requests"] >= 4  # the page, standings, fixtures and a team, at least once
    assert 0 < figures["league_p50_ms"] <= figures["league_p95_ms"] <= figures["league_max_ms"]


def test_league_polling_needs_the_bench_s_own_server() -> None:
    run = subprocess.run([sys.executable, str(BENCH), "--league", "--url", "http://127.0.0.1:1"],
                         capture_output=True, text=True, timeout=60)
    assert run.returncode == 2 and "--league makes its own league" in run.stderr
