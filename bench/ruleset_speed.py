"""A native decision by BB2020 against one by LRB6 (issue 51's speed line): the same races as
mirror matches, whole random games inside C++ (`_native.play_random_games`, board 11, fixed seeds).

    python bench/ruleset_speed.py                 # us a decision: rulesets alternated per race,
                                                  # the fastest of --rounds rounds
    python bench/ruleset_speed.py --callgrind     # instructions a decision (valgrind's callgrind,
                                                  # only inside nuffle::play_random): exact, load-proof

Run from a checkout with its native module built (`PYTHONPATH=src`); `--races` takes race keys
both rulesets play (default: the seven of docs/BENCHMARKS.md's first BB2020 measurement).
"""

from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys
import time
from typing import Any

RULESETS = ("lrb6", "bb2020")
RACES = "human,orc,dwarf,dark-elf,wood-elf,elven-union,vampire"


def _starts(races: list[str], rules: str) -> list[Any]:
    """A native start state per race (mirror match, seed 1, board 11)."""
    from nuffle.bench.native import _start
    from nuffle.core.ruleset import draft_ruleset

    played = draft_ruleset(rules) if rules != "lrb6" else "lrb6"
    return [_start(race, race, 1, 11, played)._native for race in races]


def _play(starts: list[Any], games: int) -> int:
    """`games` whole random games from each start; the decisions taken."""
    from nuffle.core.engines import native_module

    module = native_module()
    return sum(r[2] for s in starts for r in module.play_random_games(s, games, 1, 200_000))


def timed(races: list[str], games: int, rounds: int) -> dict[str, float]:
    """us a decision per ruleset: per race and ruleset the fastest of `rounds` rounds, the
    rulesets alternated race by race so that a change of load hits both."""
    starts = {rules: _starts(races, rules) for rules in RULESETS}
    best: dict[tuple[str, int], float] = {}
    decisions: dict[tuple[str, int], int] = {}
    for _ in range(rounds):
        for i in range(len(races)):
            for rules in RULESETS:
                t0 = time.perf_counter()
                decisions[rules, i] = _play([starts[rules][i]], games)
                spent = time.perf_counter() - t0
                best[rules, i] = min(best.get((rules, i), spent), spent)
    return {rules: sum(best[rules, i] for i in range(len(races))) * 1e6
            / sum(decisions[rules, i] for i in range(len(races))) for rules in RULESETS}


def counted(races: list[str], games: int) -> dict[str, float]:
    """Instructions a decision per ruleset: this script under callgrind (`--play`), collecting
    inside nuffle::play_random only."""
    out: dict[str, float] = {}
    for rules in RULESETS:
        run = subprocess.run(
            ["valgrind", "--tool=callgrind", "--collect-atstart=no", "--toggle-collect=nuffle::play_random*",
             "--callgrind-out-file=/dev/null", sys.executable, __file__, "--play", rules,
             "--races", ",".join(races), "--games", str(games)],
            capture_output=True, text=True, check=True, env=os.environ)
        collected = re.search(r"Collected : (\d+)", run.stderr)
        decisions = re.search(r"^decisions (\d+)$", run.stdout, re.M)
        if collected is None or decisions is None:
            raise SystemExit(f"callgrind gave no count for {rules}:\n{run.stderr[-2000:]}")
        out[rules] = int(collected.group(1)) / int(decisions.group(1))
    return out


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--races", default=RACES, help=f"race keys, comma-separated (default {RACES})")
    p.add_argument("--games", type=int, default=None, help="games a race (default 30; --callgrind 20)")
    p.add_argument("--rounds", type=int, default=7, help="timing rounds (default 7)")
    p.add_argument("--callgrind", action="store_true", help="instructions a decision under callgrind")
    p.add_argument("--play", choices=RULESETS, help=argparse.SUPPRESS)  # the callgrind child
    args = p.parse_args()
    races = args.races.split(",")
    if args.play:
        print("decisions", _play(_starts(races, args.play), args.games))
        return 0
    if args.callgrind:
        figures = counted(races, 20 if args.games is None else args.games)
        unit = "instructions"
    else:
        figures = timed(races, 30 if args.games is None else args.games, args.rounds)
        unit = "us"
    for rules, v in figures.items():
        print(f"{rules:7} {v:10.3f} {unit} a decision")
    print(f"bb2020 / lrb6: {figures['bb2020'] / figures['lrb6'] - 1:+.1%}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
