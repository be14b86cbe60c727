"""`nuffle bench env`: environment steps per second, single process and vectorised."""

from __future__ import annotations

import os
import time
from typing import Any

import gymnasium as gym
import numpy as np

from nuffle.envs.core import BOARDS
from nuffle.envs.gym_env import BloodBowlEnv
from nuffle.envs.random_learner import RandomLearner


def bench_env(
    board: int, seconds: float = 5.0, seed: int = 0, home: str = "human", away: str = "orc",
    engine: str = "python", ruleset: str = "lrb6",
) -> dict[str, Any]:
    """Step one environment (random opponent, observation and mask built every step) with
    the random learner, which also makes its set-ups (no set-up bot, no step limit, so the
    figure measures what it always has), for about `seconds`, its matches on `engine`; returns
    steps per second of wall-clock time and per second of this process's CPU time (steadier on
    a shared machine). `ruleset`: the rules the matches are played by."""
    env = BloodBowlEnv(board=board, home=home, away=away, setup=None, max_steps=None, engine=engine,
                       ruleset=ruleset)
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
    stepping), and their ratio. (The Python engine's; `bench_native_encoding` times the native
    one's.)"""
    from nuffle.agents.random_bot import RandomBot

    env = BloodBowlEnv(board=board, setup=None, max_steps=None, engine="python")
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


def bench_native_encoding(board: int, positions: int = 300, seed: int = 0,
                          rounds: int = 5) -> dict[str, float]:
    """The C++ observation and mask (`NativeEncoder`) against the Python encoder and the native
    engine's step, on the same positions of random native games, in CPU time (best of
    `rounds`), in microseconds: `encode_us` (C++: the legal actions listed, the observation and
    the mask written into the same arrays each time), `python_encode_us` (the Python encoder
    and codec given the position, decision and legal actions already read), `engine_step_us`
    (the engine's step called straight on its state, `State.step`) and `game_step_us`
    (`NativeGame.step`), and `encode_ratio` = encode_us / engine_step_us. `cpp_encode_us`,
    `cpp_step_us` and `cpp_encode_ratio`: the same positions timed inside C++ with nothing of
    Python between calls, as the batched environment runs them (each position's arrays cleared
    by what its last observation set; the step checks the move by listing the legal actions)."""
    from nuffle.agents.random_bot import RandomBot
    from nuffle.core.game import Game
    from nuffle.core.native_game import NativeGame
    from nuffle.envs.codec import ActionCodec
    from nuffle.envs.features import LAYER_INDEX
    from nuffle.envs.native_encoder import NativeEncoder
    from nuffle.envs.observation import ObservationEncoder, StaticPlayers

    snaps: list[NativeGame] = []
    game = Game.new("human", "orc", seed=seed, board=board, engine="native")
    bots = (RandomBot(seed), RandomBot(seed + 1))
    while len(snaps) < positions:
        if game.is_over:
            game = Game.new("human", "orc", seed=seed + len(snaps), board=board, engine="native")
            bots = (RandomBot(seed + len(snaps)), RandomBot(seed + len(snaps) + 1))
        assert isinstance(game, NativeGame)
        if game.decider in (0, 1):
            snaps.append(game.clone())
        game.step(bots[game.decider].act(game))
    acts = [RandomBot(seed).act(g) for g in snaps]
    moves = [(int(a.type), -1 if a.player is None else a.player,
              -1 if a.square is None else g.state.board.sq(*a.square))
             for g, a in zip(snaps, acts, strict=True)]
    enc = NativeEncoder(board)
    buf = enc.buffers()
    py_enc, codec = ObservationEncoder(board), ActionCodec(board)
    cells = codec.legal_cell_table(LAYER_INDEX["legal_cells"] * py_enc.height * py_enc.width, py_enc.size)
    read = [(g.state.copy(), g.decision(), g.legal_actions(), g.decider) for g in snaps]
    statics = [StaticPlayers(s) for s, _, _, _ in read]
    best = dict.fromkeys(("encode_us", "python_encode_us", "engine_step_us", "game_step_us"),
                         float("inf"))

    def timed(key: str, run: Any) -> None:
        t0 = time.process_time()
        run()
        best[key] = min(best[key], (time.process_time() - t0) / len(snaps) * 1e6)

    def native_encode() -> None:
        for g in snaps:
            enc.observe(g, g.decider, buf["spatial"], buf["non_spatial"], buf["action_mask"], buf["indices"])

    def python_encode() -> None:
        for (s, d, legal, side), static in zip(read, statics, strict=True):
            idx = codec.indices(s, legal, side)
            codec.mask(idx)
            py_enc.encode(s, d, side, static, cells[idx])

    def native_step() -> None:
        states = [g.native_state.clone() for g in snaps]
        t0 = time.process_time()
        for st, m in zip(states, moves, strict=True):
            st.step(*m)
        best["engine_step_us"] = min(best["engine_step_us"], (time.process_time() - t0) / len(snaps) * 1e6)

    def game_step() -> None:
        clones = [g.clone() for g in snaps]
        t0 = time.process_time()
        for g, a in zip(clones, acts, strict=True):
            g.step(a)
        best["game_step_us"] = min(best["game_step_us"], (time.process_time() - t0) / len(snaps) * 1e6)

    for _ in range(rounds):
        timed("encode_us", native_encode)
        timed("python_encode_us", python_encode)
        native_step()
        game_step()
    # the same positions timed inside C++, no Python between calls (the batched environment's case)
    cpp_encode, cpp_step = enc.time_encoding(snaps, moves, rounds)
    return {**best, "encode_ratio": best["encode_us"] / best["engine_step_us"],
            "cpp_encode_us": cpp_encode / 1000, "cpp_step_us": cpp_step / 1000,
            "cpp_encode_ratio": cpp_encode / cpp_step}


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


def bench_vector(board: int, workers: int, seconds: float = 5.0, seed: int = 0,
                 engine: str = "python", ruleset: str = "lrb6") -> dict[str, Any]:
    """Steps/s of a gymnasium AsyncVectorEnv of `workers` environments in worker processes
    (steps summed over the workers), each playing the random learner's actions on `engine`."""
    from nuffle.envs.registration import env_id, register_envs

    register_envs()
    venv = gym.make_vec(env_id(board), num_envs=workers, vectorization_mode="async",
                        wrappers=[BenchLearner], setup=None, max_steps=None, engine=engine, ruleset=ruleset)
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


def run_env_bench(boards: tuple[int, ...] = BOARDS, seconds: float = 5.0,
                  vector: bool = True, engine: str = "python", ruleset: str = "lrb6") -> dict[str, Any]:
    """Every figure of `nuffle bench env` for `boards` on `engine` ('python' or 'native': the
    native engine with the C++ encoder), the matches played by `ruleset`, with the machine's
    load averages; the vector figures are board 11's, or with a single board that board's (the
    encoding figures time LRB6 positions)."""
    out: dict[str, Any] = {"engine": engine, "ruleset": ruleset, "steps_per_s": {}, "steps_per_cpu_s": {},
                           "encoding": {}}
    encoding = bench_native_encoding if engine == "native" else bench_encoding
    for b in boards:
        r = bench_env(b, seconds, engine=engine, ruleset=ruleset)
        out["steps_per_s"][str(b)] = round(r["steps_per_s"])
        out["steps_per_cpu_s"][str(b)] = round(r["steps_per_cpu_s"])
        out["encoding"][str(b)] = {k: round(v, 2) for k, v in encoding(b).items()}
    if vector:
        vb = boards[0] if len(boards) == 1 else 11
        out[f"vector_{vb}"] = {str(w): round(bench_vector(vb, w, seconds, engine=engine,
                                                                 ruleset=ruleset)["steps_per_s"])
                               for w in (1, 2)}
    out["load"] = [round(x, 1) for x in os.getloadavg()]
    return out
