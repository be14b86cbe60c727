"""`nuffle bench env`: environment steps per second, single process and vectorised."""

from __future__ import annotations

import os
import time
from typing import Any

import gymnasium as gym
import numpy as np

from nuffle.envs.gym_env import BloodBowlEnv
from nuffle.envs.random_learner import RandomLearner


def bench_env(
    board: int, seconds: float = 5.0, seed: int = 0, home: str = "human", away: str = "orc"
) -> dict[str, Any]:
    """Step one environment (random opponent, observation and mask built every step) with
    the random learner for about `seconds`; returns steps per second of wall-clock time and
    per second of this process's CPU time (steadier on a shared machine)."""
    env = BloodBowlEnv(board=board, home=home, away=away)
    learner = RandomLearner(env, seed)
    env.reset(seed=seed)
    learner.reset()
    steps = episodes = 0
    t0 = time.perf_counter()
    c0 = time.process_time()
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
    cpu = time.process_time() - c0
    return {"board": board, "steps": steps, "episodes": episodes, "steps_per_s": steps / elapsed,
            "steps_per_cpu_s": steps / cpu}


def bench_encoding(board: int, positions: int = 300, seed: int = 0, rounds: int = 5) -> dict[str, float]:
    """Time the observation and mask against the engine's own step on the same positions of
    random games, in CPU time, alternating the two `rounds` times and keeping each one's
    best: `encode_us` per observation (the observation, the mask and `Game.decision()`; the
    engine's legal-action listing is not counted, since the engine's step needs it anyway),
    `engine_step_us` per decision (listing the legal actions it checks against, then
    stepping), and their ratio."""
    from nuffle.agents.random_bot import RandomBot

    env = BloodBowlEnv(board=board)
    learner = RandomLearner(env, seed)
    env.reset(seed=seed)
    learner.reset()
    snaps: list[Any] = []
    while len(snaps) < positions:
        game = env.driver.live()
        if not game.is_over:
            game.legal_actions()
            snaps.append(game.clone())
        _, _, term, _, _ = env.step(learner.act())
        if term:
            env.reset()
            learner.reset()
    bot = RandomBot(seed)
    acts = []
    for g in snaps:
        bot.plan = []
        acts.append(bot.act(g))
    driver = env.driver
    encode = engine = float("inf")
    for _ in range(rounds):
        t0 = time.process_time()
        for g in snaps:
            driver.game = g
            driver._cache = None
            driver.observe(g.decider)
        encode = min(encode, (time.process_time() - t0) / len(snaps))
        clones = [g.clone() for g in snaps]
        for g in clones:
            g._legal = None  # the engine's step lists the legal actions it checks against
        t0 = time.process_time()
        for g, a in zip(clones, acts, strict=True):
            g.step(a)
        engine = min(engine, (time.process_time() - t0) / len(snaps))
    return {"encode_us": encode * 1e6, "engine_step_us": engine * 1e6, "encode_ratio": encode / engine}


class BenchLearner(gym.Wrapper):
    """For the vector benchmark: each worker's environment takes the random learner's action
    itself (the action sent in is ignored), so workers play whole matches like the
    single-process benchmark while the vector machinery moves observations and masks."""

    def __init__(self, env: gym.Env) -> None:
        super().__init__(env)
        self.learner = RandomLearner(env.unwrapped, 0)  # type: ignore[arg-type]

    def reset(self, **kwargs: Any) -> Any:
        out = self.env.reset(**kwargs)
        self.learner.reset()
        return out

    def step(self, action: Any) -> Any:
        return self.env.step(self.learner.act())


def bench_vector(board: int, workers: int, seconds: float = 5.0, seed: int = 0) -> dict[str, Any]:
    """Steps/s of a gymnasium AsyncVectorEnv of `workers` environments in worker processes
    (steps summed over the workers), each playing the random learner's actions."""
    from nuffle.envs.registration import env_id, register_envs

    register_envs()
    venv = gym.make_vec(env_id(board), num_envs=workers, vectorization_mode="async", wrappers=[BenchLearner])
    try:
        venv.reset(seed=seed)
        acts = np.zeros(workers, dtype=np.int64)
        steps = 0
        t0 = time.perf_counter()
        while time.perf_counter() - t0 < seconds:
            venv.step(acts)
            steps += workers
        elapsed = time.perf_counter() - t0
    finally:
        venv.close()
    return {"board": board, "workers": workers, "steps_per_s": steps / elapsed}


def run_env_bench(boards: tuple[int, ...] = (1, 3, 5, 11), seconds: float = 5.0,
                  vector: bool = True) -> dict[str, Any]:
    """Every figure of `nuffle bench env`, with the machine's load averages."""
    out: dict[str, Any] = {"steps_per_s": {}, "steps_per_cpu_s": {}, "encoding": {}}
    for b in boards:
        r = bench_env(b, seconds)
        out["steps_per_s"][str(b)] = round(r["steps_per_s"])
        out["steps_per_cpu_s"][str(b)] = round(r["steps_per_cpu_s"])
        out["encoding"][str(b)] = {k: round(v, 2) for k, v in bench_encoding(b).items()}
    if vector:
        out["vector_11"] = {str(w): round(bench_vector(11, w, seconds)["steps_per_s"]) for w in (1, 2)}
    out["load"] = [round(x, 1) for x in os.getloadavg()]
    return out
