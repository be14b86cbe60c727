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
from nuffle.evaluation import Entry, play_series
from nuffle.games.football_strategy.cli import register as register_football
from nuffle.play import play


def _entries(args: argparse.Namespace) -> tuple[Entry, Entry]:
    """The two entries from --home/--away ('race:bot'), falling back to --home-bot/--away-bot."""
    return Entry.parse(args.home, args.home_bot), Entry.parse(args.away, args.away_bot)


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
    """Play one game (box score) or a series (results with intervals and a venue split)."""
    if args.games < 1:
        print("error: --games must be at least 1", file=sys.stderr)
        return 2
    home, away = _entries(args)
    try:
        make_agent(home.bot)
        make_agent(away.bot)
        Game.new(home.team, away.team, seed=args.seed, board=args.board)
    except ValueError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    if args.games == 1:
        t0 = time.perf_counter()
        game = Game.new(home.team, away.team, seed=args.seed, board=args.board)
        play(game, make_agent(home.bot, args.seed * 2 + 1), make_agent(away.bot, args.seed * 2 + 2))
        secs = time.perf_counter() - t0
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
    return _series(args, home, away)


def _series(args: argparse.Namespace, home: Entry, away: Entry) -> int:
    from tqdm import tqdm

    alternate = not args.fixed_sides
    with tqdm(total=args.games, desc="games", unit="game",
              disable=args.json or not sys.stderr.isatty()) as bar:
        at_home, on_road = play_series(home, away, args.games, args.seed, args.board,
                                       alternate, on_game=lambda: bar.update(1))
    total = at_home.merged(on_road)
    overall = total.summary()
    games = [
        {**g, "home_entry_won": _won(g, str(home), str(away))} for g in total.games
    ]
    agg = {
        "games": total.played,
        "home_entry": str(home),
        "away_entry": str(away),
        "alternate": alternate,
        # Counted for the --home entry and the --away entry, wherever each played.
        "home_wins": total.wins,
        "draws": total.draws,
        "away_wins": total.losses,
        "home_td_per_game": overall["td_per_game"],
        "away_td_per_game": overall["conceded_per_game"],
        "seconds_per_game": overall["seconds_per_game"],
        "home_win_rate_95": overall["win_rate_95"],
        "split": {"at_home": at_home.summary(), "away": on_road.summary()},
        "list": games,
    }
    if args.json:
        print(json.dumps(agg))
        return 0
    venue = "venues alternate" if alternate else f"{home} always at home"
    print(f"{total.played} games, {home} v {away}, board {args.board} ({venue})")
    lo, hi = overall["win_rate_95"]
    print(f"{home}: W/D/L {total.wins}/{total.draws}/{total.losses}  "
          f"win rate {overall['win_rate']:.3f} (95% {lo:.3f}-{hi:.3f})")
    print(f"touchdowns per game: {home} {overall['td_per_game']:.2f}  "
          f"{away} {overall['conceded_per_game']:.2f}")
    for label, rec in (("at home", at_home), ("away", on_road)):
        if rec.played:
            r = rec.summary()
            lo, hi = r["win_rate_95"]
            print(f"  {home} {label:7}: {rec.played} games  W/D/L {rec.wins}/{rec.draws}/{rec.losses}"
                  f"  win rate {r['win_rate']:.3f} (95% {lo:.3f}-{hi:.3f})"
                  f"  TD/game {r['td_per_game']:.2f} (conceded {r['conceded_per_game']:.2f})")
    print(f"{overall['seconds_per_game'] * 1000:.1f} ms per game")
    return 0


def _won(game: dict[str, Any], first: str, second: str) -> bool | None:
    """Whether the --home entry won this game (None for a draw)."""
    if game["winner"] is None:
        return None
    home_won = game["winner"] == "home"
    return home_won if game["home"] == first else not home_won


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
    p.add_argument("--home", default="human",
                   help="home entry: race or team .json file, optionally ':bot' (human:scripted)")
    p.add_argument("--away", default="orc", help="away entry, as --home (orc:random)")
    p.add_argument("--home-bot", default="random", help=f"bot name ({', '.join(agent_names())})")
    p.add_argument("--away-bot", default="random", help="bot name")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--board", type=int, default=11, choices=sorted(VARIANTS))
    p.add_argument("--games", type=int, default=1,
                   help="several games: the two entries alternate home and away")
    p.add_argument("--fixed-sides", action="store_true",
                   help="with --games, keep the --home entry at home in every game")
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
