# mypy: disable-error-code="attr-defined,operator,index"
"""A real client: sb3-contrib's MaskablePPO trains on board 1."""

import gymnasium as gym
import numpy as np
import pytest

import nuffle.envs  # noqa: F401


@pytest.mark.slow
def test_maskable_ppo_trains_on_board_1():
    # imported here, not at the top: torch is slow to load and the fast loop collects this file
    sb3_contrib = pytest.importorskip("sb3_contrib")
    import torch
    from sb3_contrib.common.wrappers import ActionMasker

    torch.set_num_threads(1)

    env = gym.make("nuffle/BloodBowl-1-v0", reward="ffai")
    env = ActionMasker(env, lambda e: e.unwrapped.action_masks())
    model = sb3_contrib.MaskablePPO("MultiInputPolicy", env, n_steps=512, batch_size=256, n_epochs=1,
                                    seed=0, verbose=0)
    model.learn(total_timesteps=2048)
    assert model.num_timesteps >= 2048
    obs, _ = env.reset(seed=0)
    for _ in range(50):
        mask = env.unwrapped.action_masks()
        action, _ = model.predict(obs, action_masks=mask)
        assert mask[int(action)]
        obs, _, term, _, _ = env.step(int(action))
        if term:
            obs, _info = env.reset()
    assert np.isfinite(next(iter(model.policy.parameters())).detach().numpy()).all()
