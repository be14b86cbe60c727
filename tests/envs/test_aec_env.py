"""The PettingZoo AEC environment: API test and seed test on every board."""

import functools

import pytest
from pettingzoo.test import api_test, seed_test

from nuffle.envs import BOARDS
from nuffle.envs.aec_env import BloodBowlAEC
from nuffle.envs.random_learner import random_index
from nuffle.testing import slow_except


@pytest.mark.parametrize("board", BOARDS)
def test_api(board):
    api_test(BloodBowlAEC(board=board), num_cycles=60, verbose_progress=False)


@pytest.mark.parametrize("board", slow_except(BOARDS, [1, 11]))  # all in the full run
def test_seed(board):
    seed_test(functools.partial(BloodBowlAEC, board=board), num_cycles=60)


def test_self_play_to_the_end():
    import numpy as np

    env = BloodBowlAEC(board=1, reward="ffai")
    env.reset(seed=3)
    rng = np.random.default_rng(0)
    totals = {"home": 0.0, "away": 0.0}
    for agent in env.agent_iter():
        obs, r, term, trunc, _info = env.last()
        totals[agent] += r
        if term or trunc:
            env.step(None)
            continue
        env.step(random_index(np.flatnonzero(obs["action_mask"]), env.driver.codec.targets, rng))
    assert env.driver.live().is_over
    assert not env.agents
