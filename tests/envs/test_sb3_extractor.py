# mypy: disable-error-code="attr-defined,operator,index,union-attr,arg-type"
"""The SB3 recipe's features extractor leaves the action mask out of the network's input (issue
54, item 14): with `MultiInputPolicy`'s default extractor the 48,355-entry mask of board 11 was
flattened into its input."""

from __future__ import annotations

import os

import numpy as np
import pytest

from nuffle.core.engines import native_available

pytestmark = pytest.mark.skipif(not native_available() and os.environ.get("NUFFLE_REQUIRE_NATIVE") != "1",
                                reason="the native extension is not built")


@pytest.mark.parametrize("board", [1, 11])
def test_the_extractor_reads_the_observation_without_its_mask(board: int) -> None:
    pytest.importorskip("sb3_contrib")
    from sb3_contrib import MaskablePPO

    from nuffle.envs.sb3_vec import MaskFreeExtractor, Sb3BatchedEnv

    env = Sb3BatchedEnv(num_envs=2, board=board, max_steps=50)
    space = env.observation_space
    inputs = int(np.prod(space["spatial"].shape) + np.prod(space["non_spatial"].shape))
    model = MaskablePPO("MultiInputPolicy", env, n_steps=8, batch_size=16, seed=0,
                        policy_kwargs={"features_extractor_class": MaskFreeExtractor})
    extractor = model.policy.features_extractor
    assert isinstance(extractor, MaskFreeExtractor)
    assert extractor.features_dim == inputs and set(extractor.extractors) == {"spatial", "non_spatial"}
    env.close()


@pytest.mark.slow
def test_the_docs_recipe_trains_with_vecmonitor() -> None:
    pytest.importorskip("sb3_contrib")
    import torch
    from sb3_contrib import MaskablePPO
    from stable_baselines3.common.vec_env import VecMonitor

    from nuffle.envs.sb3_vec import MaskFreeExtractor, Sb3BatchedEnv

    torch.set_num_threads(1)
    env = VecMonitor(Sb3BatchedEnv(num_envs=8, board=1, max_steps=40, seed=0))
    model = MaskablePPO("MultiInputPolicy", env, n_steps=64, batch_size=256, seed=0,
                        policy_kwargs={"features_extractor_class": MaskFreeExtractor})
    model.learn(total_timesteps=1024)
    assert model.num_timesteps >= 1024
    assert len(model.ep_info_buffer) >= 8  # VecMonitor recorded the ended episodes
    assert all(info["l"] <= 40 for info in model.ep_info_buffer)
    env.close()
