"""Any bot against opponents on TRAINING seeds (never the held-out range), paired as `nuffle
strength` pairs them: each seed played twice with the sides swapped, each bot keeping its seed.
Used to screen `grod-rollouts` settings against grod and scripted before any held-out run
(docs/STRENGTH.md, *Rollouts over grod*).

    python bench/grod_rollouts_eval.py "grod-rollouts?candidates=3&samples=16" \\
        --opponent grod --opponent scripted --first-seed 400000 --pairs 100 --json

Prints, per opponent, the agent's mean points a game with its 95% interval over pairs, W/D/L,
touchdowns for and against, the agent's mean and longest seconds a decision (1 s limit counted)
and the CPU seconds of the games.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from typing import Any

from nuffle.cli_errors import error
from nuffle.core.errors import InputError
from nuffle.eval_seeds import refuse_held_out
from nuffle.ladder.es_tuning import pair_games, pair_points
from nuffle.ladder.runner import play_fixture
from nuffle.stats import mean_interval


def evaluate(agent: str, opponent: str, board: int, seeds: range, engine: str) -> dict[str, Any]:
    """The agent's paired results against `opponent` over `seeds` (training seeds only)."""
    refuse_held_out(seeds.start, len(seeds), "grod_rollouts_eval")
    pairs: list[float] = []
    wdl = [0, 0, 0]
    td = [0, 0]
    decisions, seconds, longest, over = 0, 0.0, 0.0, 0
    cpu = time.process_time()
    for s in seeds:
        recs = []
        both = pair_games(agent, opponent, ("human", "human"), s)
        for me, (entries, fixture, bot_seeds) in enumerate(both):
            rec = play_fixture(entries, fixture, board, time_limit=1.0, bot_seeds=bot_seeds, engine=engine)
            recs.append(rec)
            mine, theirs = rec["score"][me], rec["score"][1 - me]
            wdl[0 if mine > theirs else 1 if mine == theirs else 2] += 1
            td[0] += mine
            td[1] += theirs
            decisions += rec["decisions"][me]
            seconds += rec["decision_seconds"][me]
            longest = max(longest, rec["longest_decision"][me])
            over += rec["over_limit"][me]
        pairs.append(pair_points(recs[0], recs[1]))
    lo, hi = mean_interval(pairs)
    games = 2 * len(pairs)
    return {"agent": agent, "against": opponent, "board": board, "seeds": [seeds.start, seeds.stop - 1],
            "pairs": len(pairs), "points_rate": sum(pairs) / len(pairs), "points_rate_95": [lo, hi],
            "wins": wdl[0], "draws": wdl[1], "losses": wdl[2],
            "td_for_per_game": td[0] / games, "td_against_per_game": td[1] / games,
            "agent_decisions": decisions, "agent_mean_seconds": seconds / max(1, decisions),
            "agent_max_seconds": longest, "agent_over_limit": over,
            "cpu_seconds": time.process_time() - cpu, "pair_scores": pairs}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("agent", help="the bot spec to measure")
    ap.add_argument("--opponent", action="append", default=None, help="repeat for several (default grod)")
    ap.add_argument("--board", type=int, default=11)
    ap.add_argument("--first-seed", type=int, default=400_000)
    ap.add_argument("--pairs", type=int, default=20)
    ap.add_argument("--engine", default="native", choices=("native", "python"))
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args(argv)
    if args.pairs < 1:
        return error(f"--pairs must be at least 1, not {args.pairs}")
    seeds = range(args.first_seed, args.first_seed + args.pairs)
    try:
        opponents = args.opponent or ["grod"]
        rows = [evaluate(args.agent, opp, args.board, seeds, args.engine) for opp in opponents]
    except InputError as exc:
        return error(str(exc))
    if args.json:
        print(json.dumps({"rows": rows}))
    else:
        for r in rows:
            lo, hi = r["points_rate_95"]
            print(f"{r['agent']} v {r['against']}: {r['points_rate']:.3f} ({lo:.3f}-{hi:.3f}) over "
                  f"{r['pairs']} pairs, W/D/L {r['wins']}/{r['draws']}/{r['losses']}, "
                  f"TD {r['td_for_per_game']:.2f}/{r['td_against_per_game']:.2f} a game, "
                  f"{1e3 * r['agent_mean_seconds']:.1f} ms a decision "
                  f"(max {1e3 * r['agent_max_seconds']:.0f}, {r['agent_over_limit']} over 1 s), "
                  f"{r['cpu_seconds']:.0f} CPU s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
