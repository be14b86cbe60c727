"""Time `all_paths` for every standing player of the side to move in mid-game positions.

    python bench/pathfinding_bench.py --games 6 --positions 4 --repeat 20

Positions come from random Human v Orc games (turn 3 or later). Prints mean and median
milliseconds per call, cold (first search with a fresh odds cache) and warm.
"""

from __future__ import annotations

import argparse
import statistics
import time

from nuffle.analysis.pathfinding import all_paths
from nuffle.core import paths as core_paths
from nuffle.core.state import GameState
from nuffle.core.types import Status
from nuffle.testing import midgame_states


def positions(seed: int, count: int) -> list[GameState]:
    """Crowded mid-game positions of one random game, the side to move deciding."""
    return midgame_states(seed, count, every=53, min_on_pitch=18)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=6)
    ap.add_argument("--positions", type=int, default=4, help="positions per game")
    ap.add_argument("--repeat", type=int, default=20, help="timed calls per player")
    args = ap.parse_args()
    cases = []
    for seed in range(args.games):
        for s in positions(seed, args.positions):
            for pid in s.ranges[s.active]:
                if s.pos[pid] >= 0 and s.status[pid] in (Status.STANDING, Status.PRONE):
                    cases.append((s, pid))
    core_paths._PROFILES.clear()
    cold = []
    for s, pid in cases:
        t0 = time.perf_counter()
        all_paths(s, pid)
        cold.append((time.perf_counter() - t0) * 1000)
    warm = []
    squares = []
    for s, pid in cases:
        t0 = time.perf_counter()
        for _ in range(args.repeat):
            paths = all_paths(s, pid)
        warm.append((time.perf_counter() - t0) * 1000 / args.repeat)
        squares.append(len(paths))
    print(f"{len(cases)} player searches in {len({id(s) for s, _ in cases})} positions; "
          f"mean {statistics.mean(squares):.0f} reachable squares")
    print(f"cold: mean {statistics.mean(cold):.3f} ms, median {statistics.median(cold):.3f} ms")
    print(f"warm: mean {statistics.mean(warm):.3f} ms, median {statistics.median(warm):.3f} ms, "
          f"max {max(warm):.3f} ms")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
