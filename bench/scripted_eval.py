"""Scripted bot against the random bot: wins/draws/losses, touchdowns and seconds per game.

    python bench/scripted_eval.py --games 100      # half at home, half away

Not part of CI (tests/test_scripted_bot.py plays a few games).
"""

from __future__ import annotations

import argparse
import math
import sys
import time

from nuffle.agents.base import make_agent
from nuffle.core.game import Game
from nuffle.play import play


def wilson(k: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """A 95% Wilson interval for a proportion k/n."""
    if n == 0:
        return (0.0, 1.0)
    p = k / n
    d = 1 + z * z / n
    c = (p + z * z / (2 * n)) / d
    h = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    return (max(0.0, c - h), min(1.0, c + h))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100, help="games in all (half home, half away)")
    parser.add_argument("--seed", type=int, default=1000)
    parser.add_argument("--board", type=int, default=11)
    parser.add_argument("--race", default="human", help="the scripted bot's team")
    parser.add_argument("--opponent", default="human", help="the random bot's team")
    args = parser.parse_args()
    totals = {"home": [0, 0, 0, 0, 0, 0.0], "away": [0, 0, 0, 0, 0, 0.0]}
    for i in range(args.games):
        seed = args.seed + i
        at_home = i % 2 == 0
        where = "home" if at_home else "away"
        me = 0 if at_home else 1
        teams = (args.race, args.opponent) if at_home else (args.opponent, args.race)
        bots = [make_agent("random", seed * 2 + 1), make_agent("random", seed * 2 + 2)]
        bots[me] = make_agent("scripted", seed)
        t0 = time.perf_counter()
        game = play(Game.new(teams[0], teams[1], seed=seed, board=args.board), bots[0], bots[1])
        dt = time.perf_counter() - t0
        score = game.result["score"]
        mine, theirs = score[("home", "away")[me]], score[("home", "away")[1 - me]]
        row = totals[where]
        row[0 if mine > theirs else 1 if mine == theirs else 2] += 1
        row[3] += mine
        row[4] += theirs
        row[5] += dt
    out = sys.stdout
    all_row = [a + b for a, b in zip(totals["home"], totals["away"], strict=True)]
    for label, row in (("home", totals["home"]), ("away", totals["away"]), ("all", all_row)):
        n = int(row[0] + row[1] + row[2])
        if n == 0:
            continue
        lo, hi = wilson(row[0], n)
        out.write(f"{label:4}: {n} games  W/D/L {int(row[0])}/{int(row[1])}/{int(row[2])}  "
                  f"win rate {row[0] / n:.3f} [95% {lo:.3f}-{hi:.3f}]  "
                  f"TD/game {row[3] / n:.2f} (conceded {row[4] / n:.2f})  s/game {row[5] / n:.4f}\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
