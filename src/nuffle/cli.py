"""The `nuffle` command line: the parser, which each command's module fills (`register`), and
the entry point. Play and replay: `play_cli`; bench and soak: `bench_cli`; team: `teams_cli`;
skills: `skills_cli`; the others in their packages (`nuffle.league.cli`, ...)."""

from __future__ import annotations

import argparse
import sys

from nuffle import bench_cli, play_cli, skills_cli, teams_cli
from nuffle.analysis.cli import register as register_odds
from nuffle.arena.cli import register as register_arena
from nuffle.cli_errors import error
from nuffle.competition.cli import register as register_tournament
from nuffle.games.football_strategy.cli import register as register_football
from nuffle.interrupts import PipeGuard, terminate_as_interrupt
from nuffle.ladder.cli import register as register_ladder
from nuffle.league.cli import register as register_league
from nuffle.parity_cli import register as register_parity
from nuffle.rl.cli import register as register_rl
from nuffle.ruleset_choice import check_args as ruleset_problem
from nuffle.strength.cli import register as register_strength
from nuffle.web.cli import register as register_web


def _version() -> str:
    """The package's version (`nuffle.__version__`, which the installed metadata repeats)."""
    from nuffle import __version__

    return __version__


def build_parser() -> argparse.ArgumentParser:
    """Build the argument parser with every subcommand registered."""
    parser = argparse.ArgumentParser(prog="nuffle", description="Blood Bowl AI framework")
    parser.add_argument("--version", action="version", version=f"%(prog)s {_version()}",
                        help="print the version and exit")
    sub = parser.add_subparsers(dest="command", required=True)
    play_cli.register(sub)  # play, replay
    bench_cli.register(sub)
    teams_cli.register(sub)
    bench_cli.register_soak(sub)
    skills_cli.register(sub)
    register_football(sub)
    register_odds(sub)
    register_ladder(sub)
    register_strength(sub)
    register_league(sub)
    register_tournament(sub)
    register_arena(sub)
    register_web(sub)
    register_rl(sub)
    register_parity(sub)
    return parser


def main(argv: list[str] | None = None) -> int:
    """Entry point of the console script."""
    parser = build_parser()
    args = parser.parse_args(argv)
    problem = ruleset_problem(args)  # --ruleset: an unknown name or a draft, one line
    if problem:
        return error(problem)
    terminate_as_interrupt()  # SIGTERM stops a long command as Ctrl-C does, keeping its results
    stdout = sys.stdout
    sys.stdout = PipeGuard(stdout)  # output piped into `head`: see PipeGuard
    try:
        return int(args.func(args))
    except KeyboardInterrupt:  # Ctrl-C where a command has nothing finished to report
        print("interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:  # a write past PipeGuard (the raw descriptor): stop quietly
        import os

        os.dup2(os.open(os.devnull, os.O_WRONLY), stdout.fileno())
        return 0
    finally:
        sys.stdout = stdout


if __name__ == "__main__":
    sys.exit(main())
