"""Strength of the Nash agent: long matches against the baselines and the exploiter.

Usage: python bench/football_strength.py [GAMES] [SEED]   (defaults: 500 games, seed 2024)
Prints wins/draws/losses, the win rate with its 95% Wilson interval and the points margin
with its 95% interval, then the shown-strategy experiment over 100 games.
"""

from __future__ import annotations

import sys
import time

from nuffle.games.football_strategy.experiment import shown_strategy_experiment, summary_lines
from nuffle.games.football_strategy.match import run_match
from nuffle.games.football_strategy.nash import make_agent


def main() -> None:
    """Run the matches and print their summaries."""
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 500
    seed = int(sys.argv[2]) if len(sys.argv) > 2 else 2024
    for opponent in ("random", "greedy", "exploiter"):
        start = time.perf_counter()
        summary = run_match(make_agent("nash", seed), make_agent(opponent, seed + 1), games, seed)
        for line in summary.lines():
            sys.stdout.write(line + "\n")
        sys.stdout.write(f"  ({time.perf_counter() - start:.0f} s)\n")
        sys.stdout.flush()
    log, margins = shown_strategy_experiment(100, seed)
    sys.stdout.write("shown-strategy experiment (peeker best-responds to the shown mix):\n")
    for line in summary_lines(log, margins):
        sys.stdout.write(f"  {line}\n")


if __name__ == "__main__":
    main()
