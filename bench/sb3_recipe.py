"""Learner steps per second of the docs' stable-baselines3 recipe (docs/ENVS.md, "The batched
environment"): sb3-contrib's MaskablePPO on `VecMonitor(Sb3BatchedEnv(num_envs=8, ...))` with
`MaskFreeExtractor`, and beside it, in the same run, the same recipe with SB3's default
extractor (which flattens the action mask into the network's input: the baseline).

    python bench/sb3_recipe.py --board 11 --timesteps 2048 --rounds 2 [--json]

Each round trains both from scratch (seed 0) for `--timesteps` learner steps (one rollout of
n_steps x envs = 2,048 steps and its update with the defaults) and times `model.learn` only
(wall clock, and this process's CPU time: steadier on a shared machine); the order alternates
between rounds (A B, then B A) so a load that drifts hits both alike. Torch runs on
`--threads` threads (default 1). Needs the `sb3` extra and the native engine.
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
from typing import Any

import torch
from sb3_contrib import MaskablePPO
from stable_baselines3.common.torch_layers import CombinedExtractor
from stable_baselines3.common.vec_env import VecMonitor

from nuffle.envs.sb3_vec import MaskFreeExtractor, Sb3BatchedEnv

EXTRACTORS: dict[str, type[CombinedExtractor]] = {"mask_free": MaskFreeExtractor,
                                                  "default": CombinedExtractor}


def one_run(extractor: str, board: int, envs: int, n_steps: int, timesteps: int) -> dict[str, Any]:
    """Train the recipe once; its steps, seconds, CPU seconds, network inputs and parameters."""
    env = VecMonitor(Sb3BatchedEnv(num_envs=envs, board=board, max_steps=200, seed=0))
    try:
        model = MaskablePPO("MultiInputPolicy", env, n_steps=n_steps, batch_size=256, seed=0, verbose=0,
                            policy_kwargs={"features_extractor_class": EXTRACTORS[extractor]})
        wall, cpu = time.perf_counter(), time.process_time()
        model.learn(total_timesteps=timesteps)
        wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
        steps = int(model.num_timesteps)
        return {"extractor": extractor, "steps": steps, "seconds": round(wall, 2),
                "cpu_seconds": round(cpu, 2),
                "steps_per_s": round(steps / wall, 1), "steps_per_cpu_s": round(steps / cpu, 1),
                "inputs": int(model.policy.features_extractor.features_dim),
                "parameters": sum(p.numel() for p in model.policy.parameters())}
    finally:
        env.close()


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--board", type=int, default=11)
    ap.add_argument("--envs", type=int, default=8, help="matches (the recipe's 8)")
    ap.add_argument("--n-steps", type=int, default=256, help="MaskablePPO's n_steps (the recipe's 256)")
    ap.add_argument("--timesteps", type=int, default=2048, help="learner steps per training")
    ap.add_argument("--rounds", type=int, default=2, help="rounds of both extractors, order alternating")
    ap.add_argument("--threads", type=int, default=1, help="torch threads (default 1)")
    ap.add_argument("--json", action="store_true", help="print the runs and the summary as JSON")
    args = ap.parse_args()
    if min(args.envs, args.n_steps, args.timesteps, args.rounds, args.threads) < 1:
        ap.error("--envs, --n-steps, --timesteps, --rounds and --threads must be positive")
    torch.set_num_threads(args.threads)
    runs = []
    for r in range(args.rounds):
        order = list(EXTRACTORS) if r % 2 == 0 else list(reversed(EXTRACTORS))
        for name in order:
            run = one_run(name, args.board, args.envs, args.n_steps, args.timesteps) | {"round": r}
            runs.append(run)
            if not args.json:
                print(f"round {r} {name:9}: {run['steps']} steps in {run['seconds']} s, "
                      f"{run['steps_per_s']} steps/s ({run['steps_per_cpu_s']} per CPU s), "
                      f"{run['inputs']} inputs, {run['parameters']:,} parameters", flush=True)
    summary: dict[str, Any] = {"board": args.board, "envs": args.envs, "n_steps": args.n_steps,
                               "timesteps": args.timesteps, "threads": args.threads}
    for name in EXTRACTORS:
        mine = [r for r in runs if r["extractor"] == name]
        summary[name] = {key: round(statistics.median(r[key] for r in mine), 1)
                         for key in ("steps_per_s", "steps_per_cpu_s")}
    for key in ("steps_per_s", "steps_per_cpu_s"):
        summary["ratio_" + key] = round(summary["mask_free"][key] / summary["default"][key], 2)
    if args.json:
        print(json.dumps({"runs": runs, "summary": summary}, indent=2))
    else:
        print(f"median: mask_free {summary['mask_free']['steps_per_s']} steps/s, default "
              f"{summary['default']['steps_per_s']}; ratio {summary['ratio_steps_per_s']}x "
              f"({summary['ratio_steps_per_cpu_s']}x per CPU s)")


if __name__ == "__main__":
    main()
