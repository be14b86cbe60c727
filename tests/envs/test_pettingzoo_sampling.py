"""PettingZoo's canonical loops run as they are (issue 54, item 16): `action_space(agent).sample()`
draws a legal action for the agent that decides, `parallel_seed_test` passes, and
`illegal_action="ignore"` skips an illegal action as the Gymnasium environment does. And the
batched environment's same-step autoreset works with Gymnasium's vector wrappers that accept it."""

from __future__ import annotations

import functools
import os
from typing import Any, cast

import numpy as np
import pytest
from pettingzoo.test import parallel_seed_test

from nuffle.core.engines import native_available
from nuffle.envs.aec_env import BloodBowlAEC
from nuffle.envs.core import EnvError
from nuffle.envs.parallel_env import BloodBowlParallel


def test_the_canonical_parallel_random_loop_runs_to_the_end() -> None:
    env = BloodBowlParallel(board=1, max_steps=400)
    env.reset(seed=4)
    steps = 0
    while env.agents:
        actions = {agent: env.action_space(agent).sample() for agent in env.agents}
        env.step(actions)
        steps += 1
    assert steps > 50  # a match (or the step limit), every sampled action taken


def test_parallel_seed_test_passes() -> None:
    parallel_seed_test(functools.partial(BloodBowlParallel, board=1), num_cycles=50)


def test_the_canonical_aec_random_loop_runs_to_the_end() -> None:
    env = BloodBowlAEC(board=1, max_steps=400)
    env.reset(seed=5)
    for agent in env.agent_iter():
        *_, term, trunc, _ = env.last()
        env.step(None if term or trunc else env.action_space(agent).sample())
    assert not env.agents and env.steps > 50


def test_an_illegal_action_is_skipped_with_ignore_and_raises_without() -> None:
    env = BloodBowlParallel(board=1, illegal_action="ignore")
    obs, _ = env.reset(seed=6)
    mover = next(a for a in env.agents if obs[a]["action_mask"].any())
    illegal = int(np.flatnonzero(~obs[mover]["action_mask"])[0])
    before = obs[mover]["non_spatial"].copy()
    obs, rewards, *_, infos = env.step({mover: illegal})
    assert infos[mover]["illegal_action"] is True and rewards == {"home": 0.0, "away": 0.0}
    np.testing.assert_array_equal(obs[mover]["non_spatial"], before)
    assert obs[mover]["action_mask"].any()  # the same agent still decides
    strict = BloodBowlParallel(board=1)
    strict.reset(seed=6)
    with pytest.raises(EnvError):
        strict.step({mover: illegal})
    with pytest.raises(EnvError, match="illegal_action"):
        BloodBowlAEC(board=1, illegal_action="skip")


@pytest.mark.skipif(not native_available() and os.environ.get("NUFFLE_REQUIRE_NATIVE") != "1",
                    reason="the native extension is not built")
def test_the_batched_env_with_gymnasiums_episode_statistics() -> None:
    """RecordEpisodeStatistics and NormalizeReward take same-step autoreset; NormalizeObservation
    wants NEXT_STEP and refuses it (the observations already lie in [0, 1]: docs/ENVS.md)."""
    from gymnasium.wrappers.vector import NormalizeObservation, NormalizeReward, RecordEpisodeStatistics

    from nuffle.envs.batched import BatchedVectorEnv

    base = BatchedVectorEnv(4, board=1, max_steps=30, seed=1)
    env = NormalizeReward(RecordEpisodeStatistics(base))
    env.reset(seed=1)
    ended = 0
    for k in range(100):
        *_, infos = env.step(base.sample_actions(k))
        if "episode" in infos:
            ended += int(infos["_episode"].sum())
            assert (infos["episode"]["l"][infos["_episode"]] >= 1).all()
    env.close()
    assert ended >= 4
    with pytest.raises((AssertionError, ValueError), match="NEXT_STEP"):
        NormalizeObservation(cast(Any, BatchedVectorEnv(2, board=1)))
