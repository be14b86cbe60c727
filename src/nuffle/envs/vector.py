"""The vector environment `gymnasium.make_vec("nuffle/BloodBowl-N-v0", num_envs=n)` builds.

It resets a sub-environment within the step that ends its episode (Gymnasium's
`AutoresetMode.SAME_STEP`): that step returns the new episode's first observation, whose
`action_mask` lists the legal actions of the new match, and the ended episode's last
observation and info in `infos["final_obs"]` and `infos["final_info"]`. So every mask a
learner sees has a legal action, and masked sampling never meets an empty mask. (Gymnasium's
own default, `NEXT_STEP`, which `vectorization_mode="sync"` or `"async"` gives, returns the
final observation first -- with an empty mask, since nothing is legal once a match is over --
and ignores the action sent for it.)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import gymnasium as gym
from gymnasium.vector import AsyncVectorEnv, AutoresetMode, SyncVectorEnv

from nuffle.envs.core import EnvError
from nuffle.envs.gym_env import BloodBowlEnv


def make_vector_env(num_envs: int = 1, asynchronous: bool = False,
                    env_wrappers: Sequence[Callable[[gym.Env[Any, Any]], gym.Env[Any, Any]]] = (),
                    batched: bool = False, **kwargs: Any) -> gym.vector.VectorEnv:
    """`num_envs` `BloodBowlEnv(**kwargs)` stepped together, in this process or (with
    `asynchronous`) in worker processes, with same-step autoreset; `env_wrappers` wrap each
    environment in turn (Gymnasium refuses its own `wrappers=` for a vector entry point).
    With `batched`, the C++ `BatchedVectorEnv(num_envs, **kwargs)` instead (native engine
    only; it takes its own options, see `nuffle.envs.batched`)."""
    if isinstance(num_envs, bool) or not isinstance(num_envs, int) or num_envs < 1:
        raise EnvError(f"num_envs must be a positive integer, got {num_envs!r}")
    if batched:
        if asynchronous or env_wrappers:
            raise EnvError("batched=True takes workers=k instead of asynchronous, and no env_wrappers")
        from nuffle.envs.batched import BatchedVectorEnv

        return BatchedVectorEnv(num_envs, **kwargs)

    def make() -> gym.Env[Any, Any]:
        env: gym.Env[Any, Any] = BloodBowlEnv(**kwargs)
        for wrap in env_wrappers:
            env = wrap(env)
        return env

    fns = [make] * num_envs
    if asynchronous:
        return AsyncVectorEnv(fns, autoreset_mode=AutoresetMode.SAME_STEP)
    return SyncVectorEnv(fns, autoreset_mode=AutoresetMode.SAME_STEP)
