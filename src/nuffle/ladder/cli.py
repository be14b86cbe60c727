"""`nuffle ladder`: run a paired round robin of `race:bot` entries, or render a saved report."""

from __future__ import annotations

import argparse
import sys
from typing import Any

from nuffle.core.errors import InputError


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
    p.set_defaults(func=cmd_ladder)


def _fail(message: str) -> int:
    print(f"error: {message}", file=sys.stderr)
    return 2


def cmd_ladder(args: argparse.Namespace) -> int:
    """Run or render a ladder."""
    from nuffle.ladder.report import markdown, plot, read_json, summarise, write_json

    if args.report:
        if args.entries:
            return _fail("give either entries to play or --report FILE, not both")
        try:
            report = read_json(args.report)
        except ValueError as exc:
            return _fail(str(exc))
        print(markdown(report), end="")
        if args.png:
            plot(report, args.png)
        return 0
    from nuffle.ladder.runner import run_fixtures
    from nuffle.ladder.schedule import check_board, parse_entries, schedule

    try:
        check_board(args.board)
        entries = parse_entries(args.entries)
        fixtures = schedule(len(entries), args.pairs, args.seed)
        if args.workers < 1:
            raise InputError(f"--workers must be at least 1, got {args.workers}")
    except ValueError as exc:
        return _fail(str(exc))
    games = run_fixtures(entries, fixtures, args.board, args.workers)
    config = {"board": args.board, "pairs": args.pairs, "seed": args.seed}
    report = summarise([str(e) for e in entries], games, config)
    text = markdown(report)
    print(text, end="")
    if args.out:
        write_json(report, f"{args.out}.json")
        with open(f"{args.out}.md", "w") as fh:
            fh.write(text)
        plot(report, f"{args.out}.png")
    return 0
