"""The batched environments' parts in C++, built from their Python references' data.

`nuffle._native.StepEventTracker` and `Reward` are `envs/rewards.py`'s `EventTracker` and
`WeightedReward`; `nuffle._native.SetupPlanner` is the scripted bot's set-up
(`agents/scripted/bot.py`). The reward weights come from `envs/rewards.py` (`reward_terms`) and
the formations from the formations data file; neither is restated in C++.
"""

from __future__ import annotations

import sys
from collections.abc import Mapping
from typing import Any

from nuffle.core.engines import native_module
from nuffle.core.errors import InputError
from nuffle.core.native_game import NativeGame
from nuffle.core.native_state import native_board
from nuffle.envs.rewards import EVENT_NAMES, PRESETS, WIN_LOSS, WeightedReward
from nuffle.formations import board_formations

__all__ = ["board_formations", "native_reward", "native_setup_planner", "native_tracker", "reward_terms"]


def reward_terms(spec: Any) -> list[tuple[int, float]]:
    """The (event index, weight) terms of a reward spec as `make_reward` reads it (None, a preset
    name or a dict of event weights), in the weights' order; raises InputError for a callable
    (it cannot run in C++) or a bad spec."""
    if spec is None:
        weights: Mapping[str, float] = WIN_LOSS
    elif isinstance(spec, str):
        if spec not in PRESETS:
            raise InputError(f"unknown reward preset {spec!r}: choose one of {', '.join(PRESETS)}")
        weights = PRESETS[spec]
    elif isinstance(spec, Mapping):
        weights = WeightedReward(spec).weights  # checks the event names
    else:
        raise InputError(f"a native reward must be a preset name or a dict of event weights, got {spec!r}")
    return [(EVENT_NAMES.index(name), float(w)) for name, w in weights.items()]


def native_reward(spec: Any) -> Any:
    """`nuffle._native.Reward` of a reward spec (see `reward_terms`), summing as this Python's
    sum() does (compensated from 3.12 on)."""
    return native_module().Reward(reward_terms(spec), sys.version_info >= (3, 12))


def native_tracker(game: NativeGame, side: int) -> Any:
    """`nuffle._native.StepEventTracker` of `side` in `game`, from its position now."""
    return native_module().StepEventTracker(game.native_state, side)


def native_setup_planner(board: int) -> Any:
    """`nuffle._native.SetupPlanner` of `board`: the scripted bot's set-up decisions."""
    offense, defense = board_formations(board)
    return native_module().SetupPlanner(native_board(board), offense, defense)
