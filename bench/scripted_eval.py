"""Scripted bot against the random bot: wins/draws/losses, touchdowns and seconds per game.

    python bench/scripted_eval.py --games 100      # half at home, half away

Not part of CI (tests/test_scripted_bot.py plays a few games).
"""

from __future__ import annotations

import argparse
import sys

from nuffle.evaluation import Entry, play_series


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100, help="games in all (half home, half away)")
    parser.add_argument("--seed", type=int, default=1000)
    parser.add_argument("--board", type=int, default=11)
    parser.add_argument("--race", default="human", help="the scripted bot's team")
    parser.add_argument("--opponent", default="human", help="the random bot's team")
    args = parser.parse_args()
    home, away = play_series(Entry(args.race, "scripted"), Entry(args.opponent, "random"),
                             args.games, args.seed, args.board)
    out = sys.stdout
    for label, rec in (("home", home), ("away", away), ("all", home.merged(away))):
        if not rec.played:
            continue
        r = rec.summary()
        lo, hi = r["win_rate_95"]
        out.write(f"{label:4}: {rec.played} games  W/D/L {rec.wins}/{rec.draws}/{rec.losses}  "
                  f"win rate {r['win_rate']:.3f} [95% {lo:.3f}-{hi:.3f}]  "
                  f"TD/game {r['td_per_game']:.2f} (conceded {r['conceded_per_game']:.2f})  "
                  f"s/game {r['seconds_per_game']:.4f}\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
