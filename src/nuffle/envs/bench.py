"""`nuffle bench env`: environment steps per second, single process and vectorised."""

from __future__ import annotations

import time
from typing import Any

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
        game = self.env.driver.live()
        return self.env.driver.codec.index_of(self.bot.act(game), game.state, self.env.side)


def bench_env(
    board: int, seconds: float = 5.0, seed: int = 0, home: str = "human", away: str = "orc"
) -> dict[str, Any]:
    """Step one environment (random opponent, observation and mask built every step) with
    the random learner for about `seconds`; returns steps/s."""
    env = BloodBowlEnv(board=board, home=home, away=away)
    learner = RandomLearner(env, seed)
    env.reset(seed=seed)
    learner.reset()
    steps = episodes = 0
    t0 = time.perf_counter()
    end = t0 + seconds
    while time.perf_counter() < end:
        for _ in range(100):
            _, _, term, _, _ = env.step(learner.act())
            steps += 1
            if term:
                episodes += 1
                env.reset()
                learner.reset()
    elapsed = time.perf_counter() - t0
    return {"board": board, "steps": steps, "episodes": episodes, "steps_per_s": steps / elapsed}


def bench_encoding(board: int, positions: int = 300, seed: int = 0) -> dict[str, float]:
    """Time the observation and mask against the engine's own step on positions of random
    games: `encode_us` per observation, `engine_step_us` per decision, and their ratio."""
    env = BloodBowlEnv(board=board)
    learner = RandomLearner(env, seed)
    env.reset(seed=seed)
    learner.reset()
    snaps: list[Any] = []
    while len(snaps) < positions:
        snaps.append(env.driver.live().clone())
        _, _, term, _, _ = env.step(learner.act())
        if term:
            env.reset()
            learner.reset()
    driver = env.driver
    t0 = time.perf_counter()
    for g in snaps:
        driver.game = g
        driver._cache = None
        driver.observe(g.decider if g.decider in (0, 1) else 0)
    encode = (time.perf_counter() - t0) / len(snaps)
    from nuffle.agents.random_bot import RandomBot

    bot = RandomBot(seed)
    clones = [g.clone() for g in snaps if not g.is_over]
    acts = []
    for g in clones:
        bot.plan = []
        acts.append(bot.act(g))
    for g in clones:
        g._legal = None  # the engine's step includes listing the legal actions it checks against
    t0 = time.perf_counter()
    for g, a in zip(clones, acts, strict=True):
        g.step(a)
    engine = (time.perf_counter() - t0) / max(1, len(clones))
    return {"encode_us": encode * 1e6, "engine_step_us": engine * 1e6, "encode_ratio": encode / engine}


def bench_vector(board: int, workers: int, seconds: float = 5.0, seed: int = 0) -> dict[str, Any]:
    """Steps/s of a gymnasium AsyncVectorEnv of `workers` environments in worker processes."""
    import gymnasium as gym

    from nuffle.envs.registration import env_id, register_envs

    register_envs()
    venv = gym.make_vec(env_id(board), num_envs=workers, vectorization_mode="async")
    try:
        rng = np.random.default_rng(seed)
        _, info = venv.reset(seed=seed)
        steps = 0
        t0 = time.perf_counter()
        while time.perf_counter() - t0 < seconds:
            masks = info["action_mask"]
            acts = np.array([int(rng.choice(np.flatnonzero(m))) for m in masks])
            _, _, _, _, info = venv.step(acts)
            steps += workers
        elapsed = time.perf_counter() - t0
    finally:
        venv.close()
    return {"board": board, "workers": workers, "steps_per_s": steps / elapsed}


def run_env_bench(boards: tuple[int, ...] = (1, 3, 5, 11), seconds: float = 5.0,
                  vector: bool = True) -> dict[str, Any]:
    """Every figure of `nuffle bench env`."""
    out: dict[str, Any] = {"steps_per_s": {}, "encoding": {}}
    for b in boards:
        out["steps_per_s"][str(b)] = round(bench_env(b, seconds)["steps_per_s"])
        out["encoding"][str(b)] = {k: round(v, 2) for k, v in bench_encoding(b).items()}
    if vector:
        out["vector_11"] = {str(w): round(bench_vector(11, w, seconds)["steps_per_s"]) for w in (1, 2)}
    return out
