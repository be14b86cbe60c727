"""The RL benchmark scripts run and report what the docs quote from them (bench/sb3_recipe.py:
the SB3 recipe with and without MaskFreeExtractor; bench/rl_train_speed.py: whole training runs
per executor). Tiny sizes: these check the scripts, not the speed."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from nuffle.core.engines import native_available
from nuffle.envs.codec import ActionCodec

ROOT = Path(__file__).resolve().parents[2]
NEEDS_NATIVE = pytest.mark.skipif(not native_available() and os.environ.get("NUFFLE_REQUIRE_NATIVE") != "1",
                                  reason="the native extension is not built")


def _run(script: str, *args: str) -> object:
    done = subprocess.run([sys.executable, str(ROOT / "bench" / script), *args, "--json"],
                          capture_output=True, text=True, timeout=300, cwd=ROOT)
    assert done.returncode == 0, done.stderr[-2000:]
    return json.loads(done.stdout)


@NEEDS_NATIVE
def test_sb3_recipe_bench_times_both_extractors_in_alternating_order() -> None:
    pytest.importorskip("sb3_contrib")
    out = _run("sb3_recipe.py", "--board", "1", "--envs", "2", "--n-steps", "8", "--timesteps", "16",
               "--rounds", "2")
    assert isinstance(out, dict)
    runs, summary = out["runs"], out["summary"]
    assert [r["extractor"] for r in runs] == ["mask_free", "default", "default", "mask_free"]
    assert all(r["steps"] >= 16 and r["steps_per_s"] > 0 for r in runs)
    inputs = {r["extractor"]: r["inputs"] for r in runs}
    assert inputs["default"] - inputs["mask_free"] == ActionCodec(1).size  # the mask is the only difference
    free = sorted(r["steps_per_s"] for r in runs if r["extractor"] == "mask_free")
    # the summary rounds the median to 0.1: at most 0.05 away (a half-way median such as 284.25
    # rounds to 284.2, exactly 0.05 off, so the bound allows float slack)
    assert summary["mask_free"]["steps_per_s"] == pytest.approx(sum(free) / 2, abs=0.05 + 1e-6)
    assert summary["ratio_steps_per_s"] == pytest.approx(
        summary["mask_free"]["steps_per_s"] / summary["default"]["steps_per_s"], abs=0.01)


@NEEDS_NATIVE
def test_rl_train_speed_bench_runs_each_executor_per_pair() -> None:
    pytest.importorskip("torch")
    out = _run("rl_train_speed.py", "--boards", "1", "--algos", "a2c,ppo", "--executors", "local,batched",
               "--steps", "160")
    assert isinstance(out, list)
    assert [(r["algo"], r["executor"]) for r in out] == [
        ("a2c", "local"), ("a2c", "batched"), ("ppo", "batched"), ("ppo", "local")]
    assert all(r["steps"] >= 160 and r["steps_per_s"] > 0 for r in out)
