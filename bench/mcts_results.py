"""The search's results tables: MCTS against random (or scripted), home and away, per board.

    python bench/mcts_results.py --boards 1 3 5 11 --games 10 --seconds 1 --rollouts 0 20
    python bench/mcts_results.py --boards 11 --games 50 --seconds 1 --opponent scripted
    python bench/mcts_results.py --boards 11 --games 1 --seed 7 --sides home --rollouts 0 \
        --opponent scripted --json     # one game per process, to spread a row over cores

The matches run on the native engine when it is built (`--engine`), where the search's loop
runs in C++ (docs/SEARCH.md, "On the native engine").

Logs a line per game to stderr as it ends, then one row per board and rollout setting (wins,
draws, losses as home and as away, with a 95% Wilson interval on the win rate) and, with
--json, the rows as JSON.
"""

from __future__ import annotations

import argparse
import json
import logging
import math
import time
from typing import Any

from nuffle.agents.registry import make_agent
from nuffle.core.engines import NATIVE, PYTHON, native_available
from nuffle.core.game import Game
from nuffle.play import play

log = logging.getLogger("mcts_results")


def wilson(wins: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval of a win rate."""
    if n == 0:
        return (0.0, 1.0)
    p = wins / n
    den = 1 + z * z / n
    mid = (p + z * z / (2 * n)) / den
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / den
    return (max(0.0, mid - half), min(1.0, mid + half))


def run_row(board: int, games: int, spec: str, opponent: str, seed: int,
            sides: tuple[str, ...] = ("home", "away"),
            teams: tuple[str, str] = ("human", "orc"), engine: str | None = None) -> dict[str, Any]:
    """`games` seeds of `teams` (home race, away race; Human v Orc by default), each played
    once with the bot at home and once away (or on the `sides` given); returns the counts
    and what the searches cost (searched decisions, mean iterations and seconds per search).
    `engine`: the matches' engine (default: NUFFLE_ENGINE, else python)."""
    row: dict[str, Any] = {"board": board, "bot": spec, "opponent": opponent, "teams": list(teams),
                           "engine": engine or "default", "seed": seed}
    t0 = time.perf_counter()
    searches = iterations = scored = conceded = 0
    search_seconds = 0.0
    for side, name in ((0, "home"), (1, "away")):
        if name not in sides:
            continue
        w = d = lost = 0
        for i in range(games):
            # paired: game i is the same seed (match and bots) as home and as away
            game = Game.new(teams[0], teams[1], seed=seed + i, board=board, engine=engine)
            bots = [make_agent(opponent, seed=seed + i), make_agent(opponent, seed=seed + i)]
            bot = bots[side] = make_agent(spec, seed=seed + i)
            play(game, bots[0], bots[1])
            searches += getattr(bot, "searches", 0)
            iterations += getattr(bot, "searched_iterations", 0)
            search_seconds += getattr(bot, "search_seconds", 0.0)
            winner = game.result.winner
            score = game.result.score
            scored += getattr(score, name)
            conceded += score.away if name == "home" else score.home
            log.info("  board %d %s as %s, game %d/%d: %d-%d, %.0f s", board, spec, name, i + 1, games,
                     score.home, score.away, time.perf_counter() - t0)
            if winner is None:
                d += 1
            elif winner == name:
                w += 1
            else:
                lost += 1
        row[name] = {"wins": w, "draws": d, "losses": lost}
    wins = sum(row[name]["wins"] for name in sides)
    row["wins"] = wins
    row["games"] = len(sides) * games
    row["interval95"] = wilson(wins, row["games"])
    row["touchdowns_for"] = scored
    row["touchdowns_against"] = conceded
    row["seconds"] = time.perf_counter() - t0
    row["searches"] = searches
    row["iterations_per_search"] = iterations / searches if searches else 0.0
    row["seconds_per_search"] = search_seconds / searches if searches else 0.0
    return row


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--boards", type=int, nargs="+", default=[1, 3, 5, 11])
    ap.add_argument("--games", type=int, default=10, help="games as home and as away")
    ap.add_argument("--seconds", type=float, default=1.0, help="search time per decision")
    ap.add_argument("--iterations", type=int, default=0, help="iterations per decision (wins over seconds)")
    ap.add_argument("--rollouts", type=int, nargs="+", default=[0, 20], help="rollout steps (0: none)")
    ap.add_argument("--opponent", default="random")
    ap.add_argument("--extra", default="", help="more bot options, e.g. policy=puct&macro=1")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--sides", nargs="+", choices=("home", "away"), default=["home", "away"],
                    help="play only these sides (to split a row over processes)")
    ap.add_argument("--teams", nargs=2, default=["human", "orc"], metavar=("HOME", "AWAY"),
                    help="the home and away races (default: human orc)")
    ap.add_argument("--engine", choices=(PYTHON, NATIVE), default=NATIVE if native_available() else PYTHON,
                    help="the matches' engine (default: native when built; the search runs in C++ there)")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")
    rows = []
    for board in args.boards:
        for r in args.rollouts:
            budget = f"iterations={args.iterations}" if args.iterations else f"seconds={args.seconds}"
            spec = f"mcts?{budget}&rollouts={r}" + (f"&{args.extra}" if args.extra else "")
            row = run_row(board, args.games, spec, args.opponent, args.seed, tuple(args.sides),
                          (args.teams[0], args.teams[1]), args.engine)
            rows.append(row)
            lo, hi = row["interval95"]
            split = ", ".join(f"{name} {row[name]['wins']}-{row[name]['draws']}-{row[name]['losses']}"
                              for name in args.sides)
            print(f"board {board:>2} rollouts {r:>3}: {row['wins']}/{row['games']} wins "
                  f"({split} W-D-L; 95% {lo:.2f}-{hi:.2f}) vs {args.opponent}, "
                  f"touchdowns {row['touchdowns_for']} for, {row['touchdowns_against']} against, "
                  f"{row['seconds']:.0f} s; {row['searches']} searches, "
                  f"{row['iterations_per_search']:.0f} iterations and "
                  f"{row['seconds_per_search']:.2f} s each", flush=True)
    if args.json:
        print(json.dumps(rows))


if __name__ == "__main__":
    main()
