"""The `nuffle` command line: play, replay, bench, and the football subcommands."""

from __future__ import annotations

import argparse
import json
import sys
import time
from typing import Any

from nuffle.agents.base import agent_names, make_agent
from nuffle.analysis.cli import register as register_odds
from nuffle.core.board import VARIANTS
from nuffle.core.game import Game
from nuffle.games.football_strategy.cli import register as register_football
from nuffle.play import play


def _play_one(args: argparse.Namespace, seed: int, swap: bool = False) -> tuple[Game, float]:
    t0 = time.perf_counter()
    game = Game.new(args.home, args.away, seed=seed, board=args.board)
    play(game, make_agent(args.home_bot, seed * 2 + 1), make_agent(args.away_bot, seed * 2 + 2))
    return game, time.perf_counter() - t0


def _game_summary(game: Game, seconds: float, seed: int) -> dict[str, Any]:
    res = game.result
    box = game.box_score()
    out: dict[str, Any] = {"seed": seed, "score": res["score"], "winner": res["winner"],
                           "seconds": round(seconds, 6), "decisions": len(game.history)}
    for side in ("home", "away"):
        row = box[side]
        out[side] = {k: row[k] for k in row}
    return out


def print_box_score(game: Game, seconds: float) -> None:
    """Print a readable box score for one finished game."""
    box = game.box_score()
    res = game.result
    h, a = box["home"], box["away"]
    score = res["score"]
    title = f"{h['team']} ({h['race']}) {score['home']} - {score['away']} {a['team']} ({a['race']})"
    print(title)
    print("=" * len(title))
    header = f"{'':<22}{'home':>12}{'away':>12}"
    print(header)
    labels = (("touchdowns", "Touchdowns"), ("casualties", "Casualties (opponents)"),
              ("knockouts", "KOs (opponents)"), ("turnovers", "Turnovers"))
    for key, label in labels:
        hv, av = h[f"{key}_by_half"], a[f"{key}_by_half"]
        print(f"{label:<22}{h[key]:>5} ({hv[0]}+{hv[1]}){a[key]:>5} ({av[0]}+{av[1]})")
    winner = res["winner"]
    champion = h["team"] if winner == "home" else a["team"]
    verdict = "Draw" if winner is None else f"Winner: {winner} ({champion})"
    print(f"{verdict}  |  {len(game.history)} decisions in {seconds * 1000:.1f} ms")


def cmd_play(args: argparse.Namespace) -> int:
    """Play one or more bot-vs-bot games."""
    if args.games < 1:
        print("error: --games must be at least 1", file=sys.stderr)
        return 2
    try:
        make_agent(args.home_bot)
        make_agent(args.away_bot)
        Game.new(args.home, args.away, seed=args.seed, board=args.board)
    except ValueError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    if args.games == 1:
        game, secs = _play_one(args, args.seed)
        if args.save:
            from nuffle.record import save

            save(game, args.save)
        if args.json:
            print(json.dumps(_game_summary(game, secs, args.seed)))
        else:
            print_box_score(game, secs)
            if args.save:
                print(f"record saved to {args.save}")
        return 0
    from tqdm import tqdm

    summaries = []
    seeds = range(args.seed, args.seed + args.games)
    for seed in tqdm(seeds, desc="games", unit="game", disable=args.json or not sys.stderr.isatty()):
        game, secs = _play_one(args, seed)
        summaries.append(_game_summary(game, secs, seed))
    n = len(summaries)
    agg = {
        "games": n,
        "home_wins": sum(1 for g in summaries if g["winner"] == "home"),
        "draws": sum(1 for g in summaries if g["winner"] is None),
        "away_wins": sum(1 for g in summaries if g["winner"] == "away"),
        "home_td_per_game": sum(g["score"]["home"] for g in summaries) / n,
        "away_td_per_game": sum(g["score"]["away"] for g in summaries) / n,
        "seconds_per_game": sum(g["seconds"] for g in summaries) / n,
        "list": summaries,
    }
    if args.json:
        print(json.dumps(agg))
    else:
        print(f"{n} games, {args.home} ({args.home_bot}) v {args.away} ({args.away_bot}), board {args.board}")
        print(f"home wins {agg['home_wins']}  draws {agg['draws']}  away wins {agg['away_wins']}")
        print(f"touchdowns per game: home {agg['home_td_per_game']:.2f}  away {agg['away_td_per_game']:.2f}")
        print(f"{agg['seconds_per_game'] * 1000:.1f} ms per game")
    return 0


def cmd_replay(args: argparse.Namespace) -> int:
    """Verify a saved record and print its summary."""
    from nuffle.record import RecordError, load

    try:
        t0 = time.perf_counter()
        game = load(args.file)
    except RecordError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 1
    print(f"record verified: {len(game.history)} entries replay exactly")
    print_box_score(game, time.perf_counter() - t0)
    return 0


def cmd_bench(args: argparse.Namespace) -> int:
    """Run the speed benchmark."""
    from nuffle.bench import run_bench

    figures = run_bench(games=args.games, board=args.board)
    if args.json:
        print(json.dumps(figures))
        return 0
    print(f"random play, board {figures['board']}, {figures['games']} games "
          f"({figures['decisions_per_game']:.0f} decisions per game)")
    print(f"  decision:     {figures['decision_us']:8.1f} us")
    print(f"  game:         {figures['game_ms']:8.2f} ms")
    print(f"  clone:        {figures['clone_us']:8.2f} us")
    print(f"  clone + step: {figures['clone_step_us']:8.2f} us")
    print("exact outcomes (Game.outcomes)")
    print(f"  move with a dodge:                   {figures['outcomes_dodge_ms']:6.3f} ms")
    print(f"  block knock-down (armour/injury/cas): {figures['outcomes_block_ms']:6.3f} ms")
    return 0


def build_parser() -> argparse.ArgumentParser:
    """Build the argument parser with every subcommand registered."""
    parser = argparse.ArgumentParser(prog="nuffle", description="Blood Bowl AI framework")
    sub = parser.add_subparsers(dest="command", required=True)

    p = sub.add_parser("play", help="play bot-vs-bot games and print a box score")
    p.add_argument("--home", default="human", help="home race or team .json file")
    p.add_argument("--away", default="orc", help="away race or team .json file")
    p.add_argument("--home-bot", default="random", help=f"bot name ({', '.join(agent_names())})")
    p.add_argument("--away-bot", default="random", help="bot name")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--board", type=int, default=11, choices=sorted(VARIANTS))
    p.add_argument("--games", type=int, default=1)
    p.add_argument("--json", action="store_true", help="print JSON instead of text")
    p.add_argument("--save", metavar="FILE", help="save the match record (one game)")
    p.set_defaults(func=cmd_play)

    r = sub.add_parser("replay", help="verify a match record and print its summary")
    r.add_argument("file")
    r.set_defaults(func=cmd_replay)

    b = sub.add_parser("bench", help="measure engine speed")
    b.add_argument("--games", type=int, default=30)
    b.add_argument("--board", type=int, default=11, choices=sorted(VARIANTS))
    b.add_argument("--json", action="store_true")
    b.set_defaults(func=cmd_bench)

    register_football(sub)
    register_odds(sub)
    return parser


def main(argv: list[str] | None = None) -> int:
    """Entry point of the console script."""
    parser = build_parser()
    args = parser.parse_args(argv)
    return int(args.func(args))


if __name__ == "__main__":
    sys.exit(main())
