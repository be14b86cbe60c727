"""Learner steps per second of whole `nuffle rl train` runs (environment, network and updates
together: the run's last `log.csv` row), one executor beside another in the same run
(docs/RL.md, "Training speed on the batched environment").

    python bench/rl_train_speed.py --boards 1,11 --algos a2c,ppo [--opponent self] [--json]

Each (board, algorithm) trains from scratch with the defaults (paper network, 8 environments,
2 workers, the `ffai` reward, the scripted set-up, seed 0) on every `--executors` entry in turn,
the order alternating from one pair to the next so a drifting load hits both alike; `--steps`
learner steps each (default 20,480 on board 1, 4,096 on the larger boards). Runs go to a
temporary folder, removed afterwards.
"""

from __future__ import annotations

import argparse
import json
import os
import tempfile
import time
from typing import Any

from nuffle.rl.config import TrainConfig
from nuffle.rl.trainer import Trainer

DEFAULT_STEPS = {1: 20_480}
LARGE_BOARD_STEPS = 4_096


def one_run(board: int, algo: str, executor: str, steps: int, opponent: str) -> dict[str, Any]:
    """Train once; the last log row's steps/s with the wall time and the load around it."""
    with tempfile.TemporaryDirectory(prefix="nuffle-train-speed-") as out:
        cfg = TrainConfig(board=board, algo=algo, steps=steps, executor=executor, opponent=opponent,
                          lr=1e-3 if algo == "a2c" else 3e-4, log_every=steps, checkpoint_every=10 * steps)
        load = os.getloadavg()[0]
        started = time.perf_counter()
        row = Trainer(cfg, out, progress=False).run()
        return {"board": board, "algo": algo, "executor": executor, "opponent": opponent,
                "steps": int(row["steps"]), "steps_per_s": round(row["steps_per_s"], 1),
                "wall_s": round(time.perf_counter() - started, 1),
                "load_before": round(load, 2), "load_after": round(os.getloadavg()[0], 2)}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--boards", default="1,11")
    ap.add_argument("--algos", default="a2c,ppo")
    ap.add_argument("--executors", default="process,batched")
    ap.add_argument("--opponent", default="random", help="the opponent bot spec, or 'self'")
    ap.add_argument("--steps", type=int,
                    help="learner steps per run (default: 20,480 on board 1, else 4,096)")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    boards = [int(b) for b in args.boards.split(",")]
    algos, executors = args.algos.split(","), args.executors.split(",")
    runs = []
    for k, (board, algo) in enumerate((b, a) for b in boards for a in algos):
        steps = args.steps or DEFAULT_STEPS.get(board, LARGE_BOARD_STEPS)
        for executor in executors if k % 2 == 0 else list(reversed(executors)):
            run = one_run(board, algo, executor, steps, args.opponent)
            runs.append(run)
            if not args.json:
                print(f"board {board} {algo} {executor:8}: {run['steps']} steps, {run['steps_per_s']} "
                      f"steps/s ({run['wall_s']} s; load {run['load_before']} -> {run['load_after']})",
                      flush=True)
    if args.json:
        print(json.dumps(runs, indent=2))


if __name__ == "__main__":
    main()
