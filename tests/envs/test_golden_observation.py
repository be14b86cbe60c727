# mypy: disable-error-code="attr-defined"
"""A golden observation per board: the encoded observations of a fixed stretch of play must not
change unless the layout does (then re-record with `python tests/envs/test_golden_observation.py`
and say why in the commit). On a mismatch the test names the spatial layer or non-spatial feature."""

from __future__ import annotations

import sys
from pathlib import Path

import gymnasium as gym
import numpy as np
import pytest

import nuffle.envs  # noqa: F401  (registers the ids)
from nuffle.envs import BOARDS, env_id
from nuffle.envs.features import NON_SPATIAL, SPATIAL_LAYERS

GOLDEN = Path(__file__).resolve().parent.parent / "golden" / "observations"
STEPS = (0, 40, 120)  # the decisions whose observations are kept


def _observations(board: int) -> dict[str, np.ndarray]:
    env = gym.make(env_id(board))
    rng = np.random.default_rng(board)
    obs, info = env.reset(seed=11)
    out: dict[str, np.ndarray] = {}
    for step in range(max(STEPS) + 1):
        if step in STEPS:
            for key, value in obs.items():
                out[f"{step}/{key}"] = np.asarray(value)
        obs, _, term, _, info = env.step(int(rng.choice(np.flatnonzero(info["action_mask"]))))
        if term:
            obs, info = env.reset()
    return out


def _where(key: str, got: np.ndarray, want: np.ndarray) -> str:
    """The first layer or feature in which `got` differs from `want`."""
    if got.shape != want.shape:
        return f"{key}: shape {got.shape} != {want.shape}"
    diff = np.argwhere(got != want)[0]
    if key.endswith("spatial") and not key.endswith("non_spatial") and got.ndim == 3:
        return f"{key}: layer {SPATIAL_LAYERS[diff[0]][0]} at {tuple(diff[1:])}"
    if key.endswith("non_spatial") and diff[-1] < len(NON_SPATIAL):
        return f"{key}: feature {NON_SPATIAL[diff[-1]][0]}"
    return f"{key}: index {tuple(diff)}"


@pytest.mark.parametrize("board", BOARDS)
def test_golden_observation(board: int) -> None:
    want = np.load(GOLDEN / f"board-{board}.npz")
    got = _observations(board)
    assert sorted(got) == sorted(want.files)
    for key in sorted(got):
        if not np.array_equal(got[key], want[key]):
            pytest.fail(f"board {board}: the observation changed: {_where(key, got[key], want[key])}")


if __name__ == "__main__":  # re-record
    GOLDEN.mkdir(parents=True, exist_ok=True)
    for b in BOARDS:
        np.savez_compressed(GOLDEN / f"board-{b}.npz", **_observations(b))  # type: ignore[arg-type]
    sys.stdout.write(f"recorded {len(BOARDS)} boards in {GOLDEN}\n")
