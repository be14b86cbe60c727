"""`nuffle ladder`: run a paired round robin of `race:bot` entries, or render a saved report."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from nuffle.cli_errors import error
from nuffle.core.errors import InputError
from nuffle.files import write_text
from nuffle.interrupts import deferred_interrupt
from nuffle.ruleset_choice import DEFAULT as DEFAULT_RULESET
from nuffle.ruleset_choice import add_option as add_ruleset_option


def register(sub: Any) -> None:
    """Add the `ladder` subcommand to an argparse subparsers object."""
    p = sub.add_parser(
        "ladder",
        help="round robin of race:bot entries with ratings (or --report FILE to render one)",
        description="Every pair of entries plays --pairs seeds, each seed once with each venue. "
        "Prints a Markdown report; --out PREFIX also writes PREFIX.json, PREFIX.md and PREFIX.png.",
    )
    p.add_argument("entries", nargs="*", help="entries like human:grod, orc:scripted, dwarf")
    p.add_argument("--pairs", type=int, default=5, help="seeds per match-up (2 games each)")
    p.add_argument("--board", type=int, default=11, help="board variant: 1, 3, 5, 7 or 11")
    p.add_argument("--seed", type=int, default=0, help="first seed")
    p.add_argument("--workers", type=int, default=2, help="processes (default 2)")
    p.add_argument("--out", help="write PREFIX.json, PREFIX.md and PREFIX.png")
    p.add_argument("--report", metavar="FILE", help="render a saved JSON report instead of playing")
    p.add_argument("--png", metavar="FILE", help="with --report: also draw the ratings to FILE")
    add_ruleset_option(p)
    p.set_defaults(func=cmd_ladder)


def cmd_ladder(args: argparse.Namespace) -> int:
    """Run or render a ladder."""
    from nuffle.ladder.report import markdown, plot, read_json, summarise, write_json

    if args.report:
        if args.entries:
            return error("give either entries to play or --report FILE, not both")
        try:
            report = read_json(args.report)
        except ValueError as exc:
            return error(str(exc))
        print(markdown(report), end="")
        if args.png:
            plot(report, args.png)
        return 0
    from nuffle.ladder.runner import LadderInterrupted, run_fixtures
    from nuffle.ladder.schedule import check_board, parse_entries, schedule

    try:
        check_board(args.board)
        entries = parse_entries(args.entries, args.board)
        fixtures = schedule(len(entries), args.pairs, args.seed)
        if args.workers < 1:
            raise InputError(f"--workers must be at least 1, got {args.workers}")
    except ValueError as exc:
        return error(str(exc))
    config = {"board": args.board, "pairs": args.pairs, "seed": args.seed, "ruleset": args.ruleset}
    names = [str(e) for e in entries]
    try:
        earlier = _earlier_games(args.out, names, config)
    except ValueError as exc:
        return error(str(exc))
    played = {(g["home"], g["away"], g["seed"]) for g in earlier}
    todo = [fx for fx in fixtures if (fx.home, fx.away, fx.seed) not in played]
    if earlier:
        print(f"resuming {args.out}.json: {len(fixtures) - len(todo)} of {len(fixtures)} games "
              "already played", file=sys.stderr)
    code = 0
    try:
        games = run_fixtures(entries, todo, args.board, args.workers, ruleset=args.ruleset)
    except LadderInterrupted as stop:
        games = stop.games
        code = 130
        print(f"interrupted: {len(earlier) + len(games)} of {len(fixtures)} games played; the report "
              "below is partial" + (f" (run the same command again to resume {args.out}.json)"
                                    if args.out else ""), file=sys.stderr)
    order = {(fx.home, fx.away, fx.seed): k for k, fx in enumerate(fixtures)}
    games = sorted(earlier + games, key=lambda g: order[(g["home"], g["away"], g["seed"])])
    if code:
        config["partial"] = True
    report = summarise(names, games, config)
    text = markdown(report)
    print(text, end="")
    if args.out:
        try:
            with deferred_interrupt():
                write_json(report, f"{args.out}.json")
                write_text(Path(f"{args.out}.md"), text)
                if games and not code:  # the chart waits for the whole ladder (quick exit)
                    plot(report, f"{args.out}.png")
        except ValueError as exc:
            return error(f"the ladder was played (report above) but not saved: {exc}")
    return code


def _earlier_games(out: str | None, names: list[str], config: dict[str, Any]) -> list[dict[str, Any]]:
    """The games of an interrupted run of this same ladder saved at OUT.json (to resume it);
    none if there is no such file. ValueError if OUT.json holds another ladder."""
    from nuffle.ladder.report import read_json

    if not out or not Path(f"{out}.json").exists():
        return []
    report = read_json(f"{out}.json")
    saved = {"ruleset": DEFAULT_RULESET, **{k: v for k, v in report["config"].items() if k != "partial"}}
    if report["entries"] != names or saved != config:
        raise InputError(f"{out}.json holds another ladder ({', '.join(report['entries'])}; {saved}): "
                         "give another --out, or remove it")
    return list(report["games"])
