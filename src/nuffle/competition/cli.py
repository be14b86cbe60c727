"""`nuffle tournament config.toml [--json]`: run a tournament and print its report."""

from __future__ import annotations

import argparse
import json
import signal
import sys
from dataclasses import replace
from pathlib import Path
from typing import Any


def cmd_tournament(args: argparse.Namespace) -> int:
    """Check the config (one-line errors before any game), play, print the report."""
    from nuffle.competition import tournament
    from nuffle.competition.config import EXECUTORS, ConfigError, load
    from nuffle.competition.report import markdown

    try:
        config = load(args.config)
        if args.executor is not None:
            if args.executor not in EXECUTORS:
                raise ConfigError(f"unknown executor {args.executor!r}")
            config = replace(config, executor=args.executor)
        if args.workers is not None:
            if args.workers < 0:
                raise ConfigError(f"--workers must be at least 0, not {args.workers}")
            config = replace(config, workers=args.workers)
        if args.ray_address is not None:
            config = replace(config, ray_address=args.ray_address)
        if args.out is not None:
            config = replace(config, out=Path(args.out).resolve())
    except ConfigError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2

    def progress(game: dict[str, Any]) -> None:
        if not args.quiet:
            print(f"{game['home']} {game['score'][0]}-{game['score'][1]} {game['away']} "
                  f"({game['outcome']}, {game['seconds']:.1f} s)", file=sys.stderr)

    def terminate(signum: int, frame: object) -> None:
        raise KeyboardInterrupt  # SIGTERM stops the tournament as Ctrl-C does

    previous = signal.signal(signal.SIGTERM, terminate)
    try:
        out = tournament.run(config, progress=progress, fresh=args.fresh, trusted=args.trusted_bots,
                             notice=lambda text: print(f"warning: {text}", file=sys.stderr))
    except ConfigError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    except RuntimeError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        print(f"interrupted: the games played so far are in {config.out / 'report.md'} (marked "
              "unfinished); run the same command again to play the rest", file=sys.stderr)
        return 130
    finally:
        signal.signal(signal.SIGTERM, previous)
    if args.json:
        print(json.dumps(out))
    else:
        print(markdown(out), end="")
        print(f"report written to {config.out / 'report.md'}", file=sys.stderr)
    return 0


def register(sub: Any) -> None:
    """Add the `tournament` subcommand to the nuffle command line."""
    t = sub.add_parser("tournament", help="run a bot tournament from a TOML config (docs/COMPETITION.md)")
    t.add_argument("config", help="the tournament's TOML file")
    t.add_argument("--json", action="store_true", help="print the report as JSON")
    t.add_argument("--executor", choices=["local", "ray"], help="override [tournament] executor")
    t.add_argument("--workers", type=int, help="games at once (local) or CPUs of a local Ray")
    t.add_argument("--ray-address", help="the Ray cluster to use (e.g. ray://head:10001 or auto)")
    t.add_argument("--out", help="the results folder (default: [tournament] out)")
    t.add_argument("--quiet", action="store_true", help="no per-game lines on stderr")
    t.add_argument("--trusted-bots", action="store_true",
                   help="run the bots unsandboxed, as your own user in the config's folder")
    t.add_argument("--fresh", action="store_true",
                   help="clear the results folder first (needed when it holds another config's results)")
    t.set_defaults(func=cmd_tournament)
