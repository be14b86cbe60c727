"""League benchmarks (docs/LEAGUE.md, "Results").

`season`: one season of 8 teams of different races, scripted and grod bots alternating, a double
round robin (14 rounds): the table, TV over time, and the casualty results beside the casualty
table's probabilities.

`managers`: does management matter? Paired leagues of 8 teams with the same bot: in the first
league of a pair teams 1-4 have the `default` manager and 5-8 the `random` one, in the second
(same seed) the other way round. Per pair, the difference in mean points (default - random);
over the pairs, its mean with a 95% t-interval.

    nice -n 10 python bench/league_season.py season --out /tmp/league-season
    nice -n 10 python bench/league_season.py managers --pairs 3 --board 11
"""

from __future__ import annotations

import argparse
import json
import statistics
import tempfile
import time
from pathlib import Path
from typing import Any

from scipy import stats as st

from nuffle.league.entry_team import load_entry_team
from nuffle.league.report import season, standings, write
from nuffle.league.runner import play_rounds
from nuffle.league.store import Store

RACES = ("human", "orc", "dwarf", "skaven", "lizardman", "chaos", "undead", "amazon")
# Casualty-table results by kind and their probabilities (TABLES §11).
KINDS = {"badly hurt": (lambda d: d < 40, 1 / 2), "miss next game": (lambda d: 41 <= d <= 48, 1 / 6),
         "niggling": (lambda d: d in (51, 52), 1 / 24), "characteristic": (lambda d: 53 <= d <= 58, 1 / 8),
         "dead": (lambda d: d >= 61, 1 / 6)}


def league(path: Path, seed: int, board: int, entries: list[tuple[str, str, str, str]]) -> Store:
    """A new league at `path`, played to its end."""
    store = Store.create(path, {"seed": seed, "board": board, "double": True})
    for name, race, bot, manager in entries:
        store.add_entry(name, bot, manager, load_entry_team(race))
    play_rounds(store, None, "local", 1)
    return store


def injury_rates(store: Store) -> dict[str, Any]:
    """Casualty results per match and by kind, beside the table's probabilities."""
    results = [i["result"] for m in store.matches() for side in ("home", "away")
               for i in m["postmatch"][side]["injuries"]]
    n = len(results)
    return {"matches": len(store.matches()), "casualty_results": n,
            "per_match": round(n / max(1, len(store.matches())), 2),
            "by_kind": {k: {"observed": round(sum(map(f, results)) / max(1, n), 3), "table": round(p, 3)}
                        for k, (f, p) in KINDS.items()}}


def cmd_season(args: argparse.Namespace) -> None:
    entries = [(race, race, "scripted" if i % 2 == 0 else "grod", "default") for i, race in enumerate(RACES)]
    t0 = time.monotonic()
    with tempfile.TemporaryDirectory() as tmp:
        store = league(Path(tmp) / "season.db", args.seed, args.board, entries)
        report = write(store, Path(args.out))
        out = {"seconds": round(time.monotonic() - t0), "injuries": injury_rates(store),
               "table": report["standings"], "team_values": report["team_values"]}
    print(json.dumps(out, indent=1))


def cmd_managers(args: argparse.Namespace) -> None:
    diffs = []
    t0 = time.monotonic()
    with tempfile.TemporaryDirectory() as tmp:
        for k in range(args.first, args.first + args.pairs):
            pair = []
            for flip in (False, True):
                entries = []
                for i, race in enumerate(RACES):
                    default = (i < 4) != flip
                    entries.append((race, race, args.bot, "default" if default else "random"))
                store = league(Path(tmp) / f"p{k}-{int(flip)}.db", 1000 + k, args.board, entries)
                managers = {e.name: e.manager for e in store.entries()}
                rows = standings(store)
                d = statistics.mean(r["points"] for r in rows if managers[r["name"]] == "default")
                r_ = statistics.mean(r["points"] for r in rows if managers[r["name"]] == "random")
                pair.append(d - r_)
                tv = season(store)["standings"]
                print(f"pair {k} {'flipped' if flip else 'straight'}: default {d:.2f} random {r_:.2f} "
                      f"points; TV {[row['tv'] for row in tv]}", flush=True)
            diffs.append(statistics.mean(pair))
    mean = statistics.mean(diffs)
    half = (st.t.ppf(0.975, len(diffs) - 1) * statistics.stdev(diffs) / len(diffs) ** 0.5
            if len(diffs) > 1 else float("nan"))
    print(json.dumps({"pairs": len(diffs), "board": args.board, "bot": args.bot, "differences": diffs,
                      "mean_points_difference": round(mean, 3),
                      "ci95": [round(mean - half, 3), round(mean + half, 3)],
                      "seconds": round(time.monotonic() - t0)}, indent=1))


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = p.add_subparsers(dest="cmd", required=True)
    s = sub.add_parser("season")
    s.add_argument("--seed", type=int, default=1)
    s.add_argument("--board", type=int, default=11)
    s.add_argument("--out", default="league-season")
    s.set_defaults(func=cmd_season)
    m = sub.add_parser("managers")
    m.add_argument("--pairs", type=int, default=3)
    m.add_argument("--first", type=int, default=0, help="the first pair's number (its seed is 1000 + it)")
    m.add_argument("--board", type=int, default=11)
    m.add_argument("--bot", default="scripted")
    m.set_defaults(func=cmd_managers)
    args = p.parse_args()
    args.func(args)


if __name__ == "__main__":
    main()
