"""How fast the environment loop could go if building the observation cost nothing.

    python bench/env_ceiling.py [--boards 1 11] [--seconds 4] [--rounds 2]

Runs `nuffle bench env`'s single-process loop (random learner, random opponent on views, the
mask and the rewards built every step) twice per round: once as shipped, and once with the
observation encoder replaced by one that returns the first observation it built, unchanged.
The second figure is the ceiling of everything except the observation: the engine, the
opponent's views, the codec, the mask and the rewards. Rounds alternate the two, so a busy
machine slows both alike. Prints JSON: steps per CPU second per board, both ways, each round.
Not part of CI.
"""

from __future__ import annotations

import argparse
import json
from collections.abc import Callable
from typing import Any

import numpy as np

from nuffle.bench.env import bench_env
from nuffle.envs import observation

_REAL = observation.ObservationEncoder.encode


def _frozen_encode(self: observation.ObservationEncoder, *args: Any) -> tuple[np.ndarray, np.ndarray]:
    """The first observation this encoder built, returned again without any work."""
    cached: tuple[np.ndarray, np.ndarray] | None = getattr(self, "_ceiling_obs", None)
    if cached is None:
        cached = _REAL(self, *args)
        self._ceiling_obs = cached  # type: ignore[attr-defined]
    return cached


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--boards", type=int, nargs="+", default=[1, 11])
    ap.add_argument("--seconds", type=float, default=4.0)
    ap.add_argument("--rounds", type=int, default=2)
    args = ap.parse_args()
    out: dict[str, dict[str, list[int]]] = {}
    for board in args.boards:
        row: dict[str, list[int]] = {"with_observation": [], "without_observation": []}
        for _ in range(args.rounds):
            ways: list[tuple[str, Callable[..., Any]]] = [
                ("with_observation", _REAL), ("without_observation", _frozen_encode)]
            for key, encode in ways:
                observation.ObservationEncoder.encode = encode  # type: ignore[method-assign]
                try:
                    row[key].append(round(bench_env(board, args.seconds)["steps_per_cpu_s"]))
                finally:
                    observation.ObservationEncoder.encode = _REAL  # type: ignore[method-assign]
        out[str(board)] = row
    print(json.dumps({"steps_per_cpu_s": out}))


if __name__ == "__main__":
    main()
