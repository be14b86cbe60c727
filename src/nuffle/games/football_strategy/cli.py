"""``nuffle football``: matches, human play, the win-probability solve and exploitation."""

from __future__ import annotations

import argparse
import dataclasses
import sys
from typing import TYPE_CHECKING, Any

from nuffle.errors import InputError
from nuffle.games.football_strategy.chart import ChartError, load_chart

if TYPE_CHECKING:
    from nuffle.games.football_strategy.agents import Agent
    from nuffle.games.football_strategy.chart import Chart
    from nuffle.games.football_strategy.match import MatchSummary
    from nuffle.games.football_strategy.utility import NashConfig

#: Agents selectable on the command line (see nash.make_agent).
AGENT_NAMES = ("nash", "nash-wp", "exploiter", "greedy", "random")


def _echo(line: str) -> None:
    """Write a line of CLI output to standard output."""
    sys.stdout.write(line + "\n")
    sys.stdout.flush()


def _error(message: str) -> int:
    sys.stderr.write(f"nuffle football: error: {message}\n")
    return 2


def _missing_extras() -> str | None:
    """Name the missing optional dependencies of the ``games`` extra, if any."""
    import importlib.util

    missing = [name for name in ("scipy", "tqdm") if importlib.util.find_spec(name) is None]
    if not missing:
        return None
    return f"missing {', '.join(missing)}: install with pip install 'nuffle[games]'"


def parse_config(pairs: list[str]) -> NashConfig:
    """Build a NashConfig from ``KEY=VALUE`` overrides; raise ValueError on a bad one."""
    from nuffle.games.football_strategy.utility import NashConfig

    fields = {f.name: f for f in dataclasses.fields(NashConfig)}
    values: dict[str, Any] = {}
    for pair in pairs:
        key, sep, raw = pair.partition("=")
        key = key.strip()
        if not sep or key not in fields:
            raise InputError(
                f"bad setting {pair!r}: use KEY=VALUE with KEY one of {', '.join(fields)}"
            )
        kind = int if fields[key].type in (int, "int") else float
        try:
            values[key] = kind(raw)
        except ValueError:
            raise InputError(f"bad setting {pair!r}: {raw!r} is not a {kind.__name__}") from None
    return NashConfig(**values)


def _match(args: argparse.Namespace) -> int:
    missing = _missing_extras()
    if missing is not None:
        return _error(missing)
    from nuffle.games.football_strategy.nash import make_agent

    try:
        chart = load_chart(args.chart)
        agent_a = make_agent(args.agent_a, args.seed * 2 + 1, parse_config(args.config_a))
        agent_b = make_agent(args.agent_b, args.seed * 2 + 2, parse_config(args.config_b))
    except (ChartError, OSError, ValueError) as exc:
        return _error(str(exc))
    if args.games < 1:
        return _error("--games must be at least 1")
    seen: list[MatchSummary] = []
    try:
        summary = _run_with_progress(agent_a, agent_b, args.games, args.seed, chart, args.progress, seen)
    except KeyboardInterrupt:  # Ctrl-C: report the games that finished
        done = seen[-1].games if seen else 0
        sys.stderr.write(f"nuffle football: interrupted after {done} of {args.games} games\n")
        for line in seen[-1].lines() if seen else ():
            _echo(line)
        return 130
    for line in summary.lines():
        _echo(line)
    return 0


def _run_with_progress(
    agent_a: Agent, agent_b: Agent, games: int, seed: int, chart: Chart, show: bool,
    seen: list[MatchSummary] | None = None,
) -> MatchSummary:
    """Run a match with a progress bar on standard error; `seen` gets the summary after each
    game (what is left to report after Ctrl-C)."""
    from tqdm import tqdm  # type: ignore[import-untyped,unused-ignore]

    from nuffle.games.football_strategy.match import run_match

    with tqdm(total=games, disable=not show, unit="game", file=sys.stderr) as bar:

        def progress(summary: MatchSummary) -> None:
            if seen is not None:
                seen[:] = [summary]
            bar.set_postfix_str(f"W{summary.wins} D{summary.draws} L{summary.losses}")
            bar.update(1)

        return run_match(agent_a, agent_b, games, seed, chart, progress)


def _play(args: argparse.Namespace) -> int:
    missing = _missing_extras()
    if missing is not None:
        return _error(missing)
    from nuffle.games.football_strategy.human import HumanAgent, QuitGame, read_line
    from nuffle.games.football_strategy.match import play_game
    from nuffle.games.football_strategy.nash import make_agent

    try:
        chart = load_chart(args.chart)
        opponent = make_agent(args.agent, args.seed, parse_config(args.config))
    except (ChartError, OSError, ValueError) as exc:
        return _error(str(exc))
    say = _echo
    human = HumanAgent(read_line, say)
    home, away = (human, opponent) if args.side == "home" else (opponent, human)
    say(f"You are {args.side}; your opponent is the {opponent.name} agent. Type q to quit.")

    def on_events(events: list[str]) -> None:
        for line in events:
            say(f"  {line}")

    try:
        result = play_game(home, away, chart, args.seed, on_events=on_events)
    except QuitGame:
        say("Game abandoned.")
        return 1
    mine, theirs = (
        (result.home_points, result.away_points)
        if args.side == "home"
        else (result.away_points, result.home_points)
    )
    verdict = "You win!" if mine > theirs else "You lose." if mine < theirs else "A draw."
    say(f"Final: you {mine}, {opponent.name} {theirs}. {verdict}")
    return 0


def _solve(args: argparse.Namespace) -> int:
    missing = _missing_extras()
    if missing is not None:
        return _error(missing)
    from tqdm import tqdm  # type: ignore[import-untyped,unused-ignore]

    from nuffle.games.football_strategy.wp_model import Grid
    from nuffle.games.football_strategy.wp_solve import solve_table
    from nuffle.games.football_strategy.wp_table import default_table_path

    try:
        chart = load_chart(args.chart)
        grid = Grid(
            times=tuple(range(60, 1801, 60)), max_score=10
        ) if args.coarse else Grid()
    except (ChartError, OSError, ValueError) as exc:
        return _error(str(exc))
    out = args.out or str(default_table_path())
    with tqdm(total=3 * len(grid.times), disable=not args.progress, unit="step", file=sys.stderr) as bar:

        def progress(done: int, total: int) -> None:
            bar.update(done - bar.n)

        table, _ = solve_table(grid, chart, progress)
    try:
        table.save(out)
    except OSError as exc:
        return _error(str(exc))
    figures = table.figures
    _echo(f"solved {figures['states']} states ({figures['stage_games']} stage games) "
          f"in {figures['seconds']} s; table written to {out}")
    _echo(f"exploitability of nash-wp from the kick-off: {figures['exploitability']:.2e}")
    return 0


def _exploit(args: argparse.Namespace) -> int:
    missing = _missing_extras()
    if missing is not None:
        return _error(missing)
    import json

    from tqdm import tqdm  # type: ignore[import-untyped,unused-ignore]

    from nuffle.games.football_strategy.exploit import ShownStrategyResponder, run_exploit
    from nuffle.games.football_strategy.nash import NashAgent
    from nuffle.games.football_strategy.wp_agent import NashWPAgent
    from nuffle.games.football_strategy.wp_table import load_table

    if args.games < 1:
        return _error("--games must be at least 1")
    try:
        table = load_table(args.table)
    except (OSError, ValueError) as exc:
        return _error(str(exc))
    target: NashAgent | NashWPAgent
    if args.agent == "nash-wp":
        target = NashWPAgent(table, seed=args.seed * 2 + 1)
        key = "exploitability"
    else:
        target = NashAgent(seed=args.seed * 2 + 1)
        key = "constants_exploitability"
    responder = ShownStrategyResponder(target, table, seed=args.seed * 2 + 2)
    with tqdm(total=args.games, disable=not args.progress, unit="game", file=sys.stderr) as bar:

        def progress(wins: int, draws: int, losses: int) -> None:
            bar.set_postfix_str(f"responder W{wins} D{draws} L{losses}")
            bar.update(1)

        result = run_exploit(target, responder, args.games, args.seed, table.chart, progress)
    low, rate, high = result.responder_score()
    exact = table.figures.get(key)
    report = {
        "agent": args.agent,
        "games": result.games,
        "responder_wins": result.responder_wins,
        "agent_wins": result.agent_wins,
        "draws": result.draws,
        "responder_score": rate,
        "responder_score_ci95": [low, high],
        "responder_points": result.responder_points,
        "agent_points": result.agent_points,
        "exploitability": exact,
    }
    if args.json:
        _echo(json.dumps(report, indent=2))
        return 0
    _echo(f"responder vs {args.agent}: {result.games} games")
    _echo(f"  responder wins {result.responder_wins}, draws {result.draws}, "
          f"{args.agent} wins {result.agent_wins}")
    _echo(f"  responder score {rate:.1%} (95% CI {low:.1%} to {high:.1%}), draws count half")
    if exact is None:
        _echo("  exact exploitability: not in this table (see docs/FOOTBALL_STRATEGY.md)")
    else:
        _echo(f"  exact exploitability from the kick-off (model): {exact:.2e}")
    return 0


def register(subparsers: Any) -> None:
    """Add the ``football`` subcommand (with ``match`` and ``play``) to the nuffle CLI."""
    football = subparsers.add_parser(
        "football", help="Football Strategy: agent matches and human play"
    )
    commands = football.add_subparsers(dest="football_command", required=True)
    config_help = "override a Nash agent constant, e.g. turnover_penalty=80 (repeatable)"

    match = commands.add_parser("match", help="play N games between two agents")
    match.add_argument("agent_a", choices=AGENT_NAMES, help="first agent")
    match.add_argument("agent_b", choices=AGENT_NAMES, help="second agent")
    match.add_argument("-n", "--games", type=int, default=100, help="games to play (100)")
    match.add_argument("--seed", type=int, default=0, help="random seed (0)")
    match.add_argument("--chart", help="CSV chart to use instead of the built-in one")
    match.add_argument(
        "--config-a",
        action="append",
        default=[],
        metavar="KEY=VALUE",
        help=config_help + " for agent A",
    )
    match.add_argument(
        "--config-b",
        action="append",
        default=[],
        metavar="KEY=VALUE",
        help=config_help + " for agent B",
    )
    match.add_argument(
        "--no-progress", dest="progress", action="store_false", help="hide the progress bar"
    )
    match.set_defaults(func=_match)

    play = commands.add_parser("play", help="play a game against an agent in the terminal")
    play.add_argument("--agent", choices=AGENT_NAMES, default="nash", help="opponent (nash)")
    play.add_argument("--side", choices=("home", "away"), default="home", help="your side")
    play.add_argument("--seed", type=int, default=None, help="random seed (random)")
    play.add_argument("--chart", help="CSV chart to use instead of the built-in one")
    play.add_argument(
        "--config", action="append", default=[], metavar="KEY=VALUE", help=config_help
    )
    play.set_defaults(func=_play)

    solve = commands.add_parser(
        "solve", help="solve the win-probability game and write the table nash-wp plays from"
    )
    solve.add_argument("--chart", help="CSV chart to solve for instead of the built-in one")
    solve.add_argument("--out", help="table file to write (default: the shipped table)")
    solve.add_argument(
        "--coarse", action="store_true", help="a coarse grid (60 s steps, scores to 10): quicker"
    )
    solve.add_argument(
        "--no-progress", dest="progress", action="store_false", help="hide the progress bar"
    )
    solve.set_defaults(func=_solve)

    exploit = commands.add_parser(
        "exploit", help="games against a responder shown the agent's mixed strategy"
    )
    exploit.add_argument("--agent", choices=("nash-wp", "nash"), default="nash-wp",
                         help="the agent whose mixed strategy is shown (default nash-wp)")
    exploit.add_argument("-n", "--games", type=int, default=100, help="games to play (100)")
    exploit.add_argument("--seed", type=int, default=0, help="random seed (0)")
    exploit.add_argument("--table", help="win-probability table (default: the shipped one)")
    exploit.add_argument("--json", action="store_true", help="print the result as JSON")
    exploit.add_argument(
        "--no-progress", dest="progress", action="store_false", help="hide the progress bar"
    )
    exploit.set_defaults(func=_exploit)
