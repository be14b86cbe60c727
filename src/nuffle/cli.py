"""The `nuffle` command line."""

from __future__ import annotations

import argparse
import sys

from nuffle.games.football_strategy.cli import register as register_football


def build_parser() -> argparse.ArgumentParser:
    """Build the argument parser with every subcommand registered."""
    parser = argparse.ArgumentParser(prog="nuffle", description="Blood Bowl AI framework")
    sub = parser.add_subparsers(dest="command", required=True)
    register_football(sub)
    return parser


def main(argv: list[str] | None = None) -> int:
    """Entry point of the console script."""
    parser = build_parser()
    args = parser.parse_args(argv)
    func = getattr(args, "func", None)
    if func is None:
        parser.print_help()
        return 2
    return int(func(args))


if __name__ == "__main__":
    sys.exit(main())
