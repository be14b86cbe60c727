"""Trace one bench game of the search bot against random, a team turn at a time.

For every team turn of the bot it prints where the ball is when the turn starts: the carrier's
x (suffixed `r` when the random side holds it), `L<x>@<d>` for a loose ball at x with the bot's
nearest player d squares away, or `-` when the ball is off the pitch. A carrier whose x barely
moves from turn to turn is a stalled drive; a run of `L` entries is a ball left on the ground.
The game is that of `bench/mcts_results.py` (same seeds), so a draw there can be traced here;
with an iteration budget the game replays exactly.

    python bench/mcts_trace.py --board 11 --seed 6 --side away \\
        --bot "mcts?iterations=700&rollouts=20&rollout=reply"

`--set NAME=VALUE` overrides a constant of `nuffle.agents.mcts.evaluation` (e.g.
`LOOSE_BALL_STEP=0.04`) for experiments.
"""

from __future__ import annotations

import argparse
import time

import nuffle.agents.mcts.evaluation as evaluation
from nuffle.agents.mcts.evaluation import turn_key
from nuffle.agents.registry import make_agent
from nuffle.core.game import Game
from nuffle.core.state import GameState


def ball_entry(s: GameState, side: int) -> str:
    """Where the ball is, seen from `side` (see the module docstring)."""
    b = s.board
    c = s.carrier()
    if c >= 0:
        return f"{b.xy(s.pos[c])[0]}" + ("" if s.pteam[c] == side else "r")
    if s.ball >= 0:
        near = min((b.distance(s.pos[p], s.ball) for p in s.ranges[side] if s.pos[p] >= 0), default=-1)
        return f"L{b.xy(s.ball)[0]}@{near}"
    return "-"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--board", type=int, default=11)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--side", choices=("home", "away"), default="home")
    ap.add_argument("--bot", default="mcts?iterations=700&rollouts=20&rollout=reply")
    ap.add_argument("--teams", nargs=2, default=["human", "human"], metavar=("HOME", "AWAY"))
    ap.add_argument("--set", action="append", default=[], metavar="NAME=VALUE",
                    help="override a constant of nuffle.agents.mcts.evaluation")
    args = ap.parse_args()
    for item in args.set:
        name, _, value = item.partition("=")
        if not hasattr(evaluation, name) or not name.isupper():
            raise SystemExit(f"--set: nuffle.agents.mcts.evaluation has no constant {name!r}")
        setattr(evaluation, name, type(getattr(evaluation, name))(value))
    side = 0 if args.side == "home" else 1
    game = Game.new(args.teams[0], args.teams[1], seed=args.seed, board=args.board)
    bots = [make_agent("random", seed=args.seed), make_agent("random", seed=args.seed)]
    bot = bots[side] = make_agent(args.bot, seed=args.seed)
    bots[0].new_game(game.view(), 0)
    bots[1].new_game(game.view(), 1)
    t0 = time.perf_counter()
    seen = None
    halves: dict[int, list[str]] = {}
    while not game.is_over:
        s = game.state
        key = turn_key(s)
        if key != seen and s.active == side:
            seen = key
            halves.setdefault(s.half, []).append(ball_entry(s, side))
        game.step(bots[game.decider].act(game.view()))
    s = game.state
    for half, entries in sorted(halves.items()):
        print(f"half {half}: " + " ".join(entries))
    searches = getattr(bot, "searches", 0)
    print(f"final {s.teams[0].score}-{s.teams[1].score} (bot {args.side}); {searches} searches, "
          f"{getattr(bot, 'searched_iterations', 0) / max(searches, 1):.0f} iterations each; "
          f"{time.perf_counter() - t0:.0f} s")


if __name__ == "__main__":
    main()
