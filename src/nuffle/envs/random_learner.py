"""A random learner for the environments: a random legal index of the action mask, and the random
bot's choices turned into indices (benchmarks and tests drive the envs with them)."""

from __future__ import annotations

import numpy as np

from nuffle.envs.gym_env import BloodBowlEnv


def random_index(idx: np.ndarray, targets: int, rng: np.random.Generator) -> int:
    """A random legal index: a uniformly random legal row (action type), then a uniformly
    random target of it -- the env-side analogue of the random bot."""
    rows = idx // targets
    first = rows[0]
    if (rows == first).all():
        return int(idx[rng.integers(len(idx))])
    kinds = np.unique(rows)
    pick = kinds[rng.integers(len(kinds))]
    among = idx[rows == pick]
    return int(among[rng.integers(len(among))])


class RandomLearner:
    """The benchmark's learner: the random bot's choice (formation set-ups, then a random
    action type and target), turned into an index of the env's action space."""

    def __init__(self, env: BloodBowlEnv, seed: int) -> None:
        from nuffle.agents.random_bot import RandomBot

        self.env = env
        self.bot = RandomBot(seed)

    def reset(self) -> None:
        """A new episode began."""
        self.bot.plan = []
        self.bot.new_game(self.env.driver.live(), self.env.side)

    def act(self) -> int:
        """The index of the bot's action now."""
        driver = self.env.driver
        return driver.codec.index_of(self.bot.act(driver.live()), driver.position(), self.env.side)
