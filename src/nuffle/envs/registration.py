"""Gymnasium registration of the `nuffle/BloodBowl-N-v0` ids."""

from __future__ import annotations

import gymnasium as gym

from nuffle.envs.core import BOARDS


def env_id(board: int) -> str:
    """The Gymnasium id of board variant `board`."""
    return f"nuffle/BloodBowl-{board}-v0"


def register_envs() -> None:
    """Register every board's id (idempotent), with `nuffle.envs.vector` as its vector entry
    point (what `gymnasium.make_vec(id, num_envs=n)` builds)."""
    for board in BOARDS:
        name = env_id(board)
        if name not in gym.registry:
            gym.register(id=name, entry_point="nuffle.envs.gym_env:BloodBowlEnv",
                         vector_entry_point="nuffle.envs.vector:make_vector_env", kwargs={"board": board})
