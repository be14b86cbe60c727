"""The batched environment's guards (issue 54, item 17): read-only observations, worker-free
random actions, nuffle's own errors for bad seeds and reward weights, a bounded `num_envs`, and
`make_vector_env` where the docs import it from."""

from __future__ import annotations

import math
import os

import numpy as np
import pytest

from nuffle.core.engines import native_available
from nuffle.envs.core import EnvError

pytestmark = pytest.mark.skipif(not native_available() and os.environ.get("NUFFLE_REQUIRE_NATIVE") != "1",
                                reason="the native extension is not built")

from nuffle.envs import batched  # noqa: E402
from nuffle.envs.batched import BatchedVectorEnv  # noqa: E402


def test_observations_masks_and_rewards_are_read_only_views() -> None:
    with BatchedVectorEnv(4, board=1, max_steps=20, seed=3) as env:
        obs, infos = env.reset()
        kept = obs["spatial"]
        before = kept.copy()
        handed = [*obs.values(), env.action_masks(), infos["side"]]
        seen_final = False
        for k in range(60):
            obs, rewards, terminated, truncated, infos = env.step(env.sample_actions(k))
            handed += [*obs.values(), env.action_masks(), rewards, terminated, truncated]
            if "final_obs" in infos:
                row = int(np.flatnonzero(infos["_final_obs"])[0])
                handed += list(infos["final_obs"][row].values())
                seen_final = True
        assert seen_final
        for array in handed:
            assert not array.flags.writeable
            with pytest.raises(ValueError, match="read-only"):
                array.reshape(-1)[0] = 1
        # the environment still writes them: a kept observation is the current one, not a stale copy
        assert not np.array_equal(kept, before)
        np.testing.assert_array_equal(kept, obs["spatial"])


@pytest.mark.parametrize("workers", [2, 3])
def test_sample_actions_are_the_same_with_any_number_of_workers(workers: int) -> None:
    draws = {}
    for k in (1, workers):
        with BatchedVectorEnv(6, board=3, setup=None, workers=k, seed=5) as env:
            env.reset()
            rows = []
            for step in range(30):
                actions = env.sample_actions(100 + step).copy()
                rows.append(actions)
                env.step(actions)
            draws[k] = np.stack(rows)
    np.testing.assert_array_equal(draws[1], draws[workers])


@pytest.mark.parametrize("weight", [math.nan, math.inf, -math.inf, "2", True, 10**400])
def test_a_reward_weight_that_is_not_a_finite_number_is_refused(weight: object) -> None:
    with pytest.raises(EnvError, match="reward weight 'touchdowns' must be a finite number"):
        BatchedVectorEnv(2, board=1, reward={"touchdowns": weight})


def test_a_negative_seed_is_refused_with_envs_error() -> None:
    with pytest.raises(EnvError, match="seed must be a non-negative integer"):
        BatchedVectorEnv(2, board=1, seed=-1)
    with BatchedVectorEnv(2, board=1, seed=0) as env:
        env.reset()
        for call in (lambda: env.reset(seed=-1), lambda: env.sample_actions(-1),
                     lambda: env.sample_actions("1")):  # type: ignore[arg-type]
            with pytest.raises(EnvError, match="seed must be a non-negative integer"):
                call()


def test_num_envs_beyond_the_memory_available_is_refused_before_allocating(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(batched, "_available_memory", lambda: 2**30)  # 1 GiB available
    with pytest.raises(EnvError, match=r"num_envs=10000000 would take about \d+\.\d GiB, more than"):
        BatchedVectorEnv(10**7, board=11)
    with BatchedVectorEnv(64, board=11) as env:  # a few MB: still fine
        assert env.num_envs == 64


def test_the_real_machine_refuses_ten_million_rows() -> None:
    """The issue's request (it grew to 22.5 GB before the OOM killer stopped it): refused at once."""
    with pytest.raises(EnvError, match="num_envs=10000000"):
        BatchedVectorEnv(10**7, board=11)


def test_make_vector_env_is_importable_from_nuffle_envs() -> None:
    from nuffle.envs import make_vector_env
    from nuffle.envs.vector import make_vector_env as original

    assert make_vector_env is original
