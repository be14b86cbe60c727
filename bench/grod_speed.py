"""Seconds per full game of grod against random (wall clock and this process's CPU time).

    python bench/grod_speed.py --games 10 --board 11

CPU time is the fairer figure on a shared machine; the target is one second a game on the
11-a-side board. Sides alternate so home and away are both measured.
"""

from __future__ import annotations

import argparse
import time

from nuffle.agents.registry import make_agent
from nuffle.core.game import Game
from nuffle.play import play


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--games", type=int, default=10)
    ap.add_argument("--board", type=int, default=11)
    ap.add_argument("--race", default="human")
    ap.add_argument("--seed", type=int, default=0)
    args = ap.parse_args()
    wall = cpu = 0.0
    scored = 0
    for i in range(args.games):
        seed = args.seed + i
        bots = [make_agent("grod", seed * 2 + 1), make_agent("random", seed * 2 + 2)]
        if i % 2:
            bots.reverse()
        game = Game.new(args.race, args.race, seed=seed, board=args.board)
        w0, c0 = time.perf_counter(), time.process_time()
        play(game, bots[0], bots[1])
        wall += time.perf_counter() - w0
        cpu += time.process_time() - c0
        scored += game.result.score.home if i % 2 == 0 else game.result.score.away
    n = args.games
    print(f"grod v random, {args.race}, board {args.board}, {n} games: {wall / n:.3f} s wall, "
          f"{cpu / n:.3f} s CPU per game, grod {scored / n:.2f} touchdowns per game")


if __name__ == "__main__":
    main()
