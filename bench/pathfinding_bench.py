"""Time `all_paths` for every standing player of the side to move in mid-game positions.

    python bench/pathfinding_bench.py --games 6 --positions 4 --repeat 20

Positions come from random Human v Orc games (turn 3 or later). Prints mean and median
milliseconds per call, cold (first search with a fresh odds cache) and warm.
"""

from __future__ import annotations

import argparse
import statistics
import time

from nuffle.agents.random_bot import RandomBot
from nuffle.analysis import pathfinding
from nuffle.analysis.pathfinding import all_paths
from nuffle.core.game import Game
from nuffle.core.state import GameState
from nuffle.core.types import Status


def positions(seed: int, count: int) -> list[GameState]:
    """Crowded mid-game positions of one random game, the side to move deciding."""
    game = Game.new("human", "orc", seed=seed)
    bots = (RandomBot(seed), RandomBot(seed + 1))
    bots[0].new_game(game, 0)
    bots[1].new_game(game, 1)
    out: list[GameState] = []
    steps = 0
    while not game.is_over and len(out) < count and steps < 50_000:
        s = game.state
        on = sum(1 for p in range(len(s.info)) if s.pos[p] >= 0)
        if steps % 53 == 0 and s.teams[s.active].turn >= 3 and s.decider == s.active and on >= 18:
            out.append(s.copy())
        game.step(bots[game.decider].act(game))
        steps += 1
    return out


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
    pathfinding._PROFILES.clear()
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
