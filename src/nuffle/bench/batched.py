"""`nuffle bench env --batched`: learner steps per second of the batched environment."""

from __future__ import annotations

import os
import time
from typing import Any

from nuffle.envs.batched import BatchedVectorEnv
from nuffle.envs.core import BOARDS


def bench_opponent(opponent: str, board: int) -> Any:
    """What the batched environment is given for `--opponent`: 'self' is the network `rl train`
    builds for `board` by default (untrained: the weights do not change the cost), sampled,
    with the scripted set-up, as `rl train --opponent self` plays it; anything else as it is
    (a bot spec). A policy opponent's forward passes run on one torch thread."""
    if opponent == "self":
        import torch

        from nuffle.rl.config import TrainConfig
        from nuffle.rl.networks import build_network
        from nuffle.rl.policy_opponent import NetOpponent

        torch.set_num_threads(1)
        return NetOpponent(build_network(TrainConfig(board=board).net_spec()), setup="scripted", name="self")
    return opponent


def bench_batched(board: int, envs: int = 64, workers: int = 1, seconds: float = 5.0,
                  seed: int = 0, opponent: str = "random") -> dict[str, Any]:
    """Step `envs` matches of `board` (against `opponent`: 'random', the C++ random player, by
    default; no set-up bot, no step limit, as `bench_env`) with random legal learner actions
    drawn in C++, for about `seconds`; returns learner steps per second (every row's
    observation and mask written at every step)."""
    with BatchedVectorEnv(envs, board=board, setup=None, max_steps=None, seed=seed, workers=workers,
                          opponent=bench_opponent(opponent, board)) as env:
        env.reset()
        steps = episodes = 0
        k = 0
        t0 = time.perf_counter()
        c0 = time.process_time()
        end = t0 + seconds
        while time.perf_counter() < end:
            for _ in range(20):
                k += 1
                _, _, term, _, _ = env.step(env.sample_actions(seed + k))
                episodes += int(term.sum())
            steps += 20 * envs
        elapsed = time.perf_counter() - t0
        cpu = time.process_time() - c0
    return {"board": board, "envs": envs, "workers": workers, "steps": steps, "episodes": episodes,
            "steps_per_s": steps / elapsed, "steps_per_cpu_s": steps / cpu}


def run_batched_bench(boards: tuple[int, ...] = BOARDS, envs: int = 64, workers: int = 1,
                      seconds: float = 5.0, opponent: str = "random") -> dict[str, Any]:
    """`nuffle bench env --batched`: steps/s per board against `opponent` (with the main
    process's CPU seconds, which exclude the workers'), and the machine's load averages."""
    out: dict[str, Any] = {"engine": "native", "batched": True, "envs": envs, "workers": workers,
                           "opponent": opponent, "steps_per_s": {}, "steps_per_cpu_s": {}}
    for b in boards:
        r = bench_batched(b, envs, workers, seconds, opponent=opponent)
        out["steps_per_s"][str(b)] = round(r["steps_per_s"])
        out["steps_per_cpu_s"][str(b)] = round(r["steps_per_cpu_s"])
    out["load"] = [round(x, 1) for x in os.getloadavg()]
    return out


def format_batched_bench(figures: dict[str, Any]) -> str:
    """The text form of `run_batched_bench`'s figures."""
    lines = [f"batched environment learner steps per second ({figures['envs']} matches, "
             f"{figures['workers']} worker(s); random learner v {figures['opponent']} opponent, "
             f"observation and mask every step)"]
    for board, sps in figures["steps_per_s"].items():
        lines.append(f"  board {board:>2}: {sps:8d} steps/s")
    lines.append(f"  load average: {' '.join(map(str, figures['load']))}")
    return "\n".join(lines)
