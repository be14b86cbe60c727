"""`nuffle bench` (the engine's, the search's, the environments' and the bots' speed) and
`nuffle soak` (random games for every pairing of races, invariants checked); the figures come
from `nuffle.bench`."""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from nuffle.cli_errors import error
from nuffle.core.board import VARIANTS
from nuffle.core.errors import NuffleError
from nuffle.core.game import Game
from nuffle.core.ruleset import Ruleset
from nuffle.ruleset_choice import DEFAULT as DEFAULT_RULESET
from nuffle.ruleset_choice import add_option as add_ruleset_option
from nuffle.ruleset_choice import choose, match_team


def register(sub: Any) -> None:
    """Add `bench` to the `nuffle` subcommands."""
    b = sub.add_parser("bench", help="measure engine speed (or the search's: bench mcts; the "
                                     "environments': bench env)")
    b.add_argument("what", nargs="?", default="engine", choices=["engine", "mcts", "env", "bots"],
                   help="engine (default), mcts, env or bots (scripted and grod games/s on both engines)")
    b.add_argument("--seconds", type=_positive_seconds, default=None,
                   help="mcts: search time per position (default 0.5); env: seconds per figure (default 5)")
    b.add_argument("--games", type=int, default=None, help="engine, bots: random games to time (default 30)")
    b.add_argument("--board", type=int, default=None, choices=sorted(VARIANTS),
                   help="players a side (default 11; env: every board)")
    b.add_argument("--home", default=None, help="engine, bots: home race or team .json file (default human)")
    b.add_argument("--away", default=None, help="engine, bots: away race or team .json file (default orc)")
    b.add_argument("--json", action="store_true", help="print JSON instead of text")
    b.add_argument("--engine", default=None, choices=["python", "native"],
                   help="engine: the rules engine to time (default python); env: the environments' "
                        "engine (native: with the C++ encoder); mcts: the positions' engine (native: "
                        "the search's C++ loop)")
    b.add_argument("--batched", action="store_true",
                   help="env: the batched environment's learner steps/s (native engine)")
    b.add_argument("--envs", type=int, default=None,
                   help="env --batched: matches stepped together (default 64)")
    b.add_argument("--workers", type=int, default=None, help="env --batched: worker processes (default 1)")
    b.add_argument("--opponent", default=None,
                   help="env --batched: the opponent (default random, the C++ random player): scripted "
                        "(the C++ scripted bot), a bot spec such as 'scripted?native=0' (the Python one) or "
                        "'policy?model=b11', or self (rl train's default network)")
    add_ruleset_option(b, drafts="opt-in", note="; engine and env only; a draft ruleset with --draft, "
                                                "engine only")
    b.set_defaults(func=cmd_bench)


def register_soak(sub: Any) -> None:
    """Add `soak` to the `nuffle` subcommands."""
    so = sub.add_parser("soak", help="random games for every pairing of races, with invariants")
    so.add_argument("--games", type=int, default=2, help="games per pairing (default 2)")
    so.add_argument("--board", type=int, default=11, choices=sorted(VARIANTS),
                    help="players a side (default 11)")
    so.add_argument("--seed", type=int, default=0, help="seed of the first game (then +1 each)")
    so.add_argument("--races", help="comma-separated race keys (default: all 24)")
    so.add_argument("--bot", default="random", choices=("random", "scripted"),
                    help="the bot both sides use (default random)")
    so.add_argument("--json", action="store_true", help="print JSON instead of text")
    so.set_defaults(func=cmd_soak)


def _positive_seconds(text: str) -> float:
    """argparse type: a finite number of seconds above 0 (at most an hour)."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a number of seconds: {text!r}") from None
    if not 0 < value <= 3600:  # also refuses nan and inf
        raise argparse.ArgumentTypeError(f"must be a number of seconds above 0 and at most 3600, not {text}")
    return value


def _native_bench(args: argparse.Namespace, teams: tuple[Any, Any], board: int, rules: Ruleset) -> int:
    """`nuffle bench engine --engine native`: the native engine's figures (JSON or text)."""
    from nuffle.bench.native import format_native_bench, run_native_bench
    from nuffle.core.engines import EngineUnavailableError

    try:
        figures = run_native_bench(games=args.games, home=teams[0], away=teams[1], board=board,
                                   ruleset=rules)
    except EngineUnavailableError as exc:
        return error(str(exc))
    print(json.dumps(figures) if args.json else format_native_bench(figures))
    return 0


def _batched_bench(args: argparse.Namespace) -> int:
    """`nuffle bench env --batched`: the batched environment's steps/s (JSON or text)."""
    from nuffle.core.engines import native_available

    if not native_available():
        return error("bench env --batched needs the native engine, which is not built here")
    args.envs = 64 if args.envs is None else args.envs
    args.workers = 1 if args.workers is None else args.workers
    args.opponent = "random" if args.opponent is None else args.opponent
    if args.envs < 1 or not 1 <= args.workers <= args.envs:
        return error(f"--envs must be at least 1 and --workers 1..--envs, "
                      f"got {args.envs} and {args.workers}")
    from nuffle.bench.batched import format_batched_bench, run_batched_bench
    from nuffle.envs.core import BOARDS

    boards = BOARDS if args.board is None else (args.board,)
    seconds = 5.0 if args.seconds is None else args.seconds
    try:
        figures = run_batched_bench(boards, args.envs, args.workers, seconds, args.opponent)
    except NuffleError as e:  # an unknown bot or model, a policy of another board
        return error(str(e))
    print(json.dumps(figures) if args.json else format_batched_bench(figures))
    return 0


def cmd_bench(args: argparse.Namespace) -> int:
    """Run the speed benchmark (of the engine; `mcts`: the search; `env`: the environments)."""
    from nuffle.bench import print_env_bench, run_bench
    from nuffle.bench.flags import bench_flag_problem

    problem = bench_flag_problem(args)
    if problem:
        return error(problem)
    if args.ruleset != DEFAULT_RULESET and (args.what not in ("engine", "env") or args.batched):
        return error(f"--ruleset applies to `bench engine` and `bench env` only, not `bench {args.what}"
                     f"{' --batched' if args.batched else ''}`")
    if args.ruleset_drafts and args.what != "engine":
        return error(f"--draft applies to `bench engine` only, not `bench {args.what}`")
    if args.what == "env" and args.batched:
        return _batched_bench(args)
    args.engine = args.engine or "python"
    args.games = 30 if args.games is None else args.games
    args.home, args.away = args.home or "human", args.away or "orc"
    if args.what == "env":
        return print_env_bench(args.json, 5.0 if args.seconds is None else args.seconds,
                               None if args.board is None else (args.board,), args.engine, args.ruleset)
    board = 11 if args.board is None else args.board

    if args.what == "mcts":
        from nuffle.bench.mcts import BOARDS, format_mcts_bench, run_mcts_bench

        mcts = run_mcts_bench(boards=BOARDS if args.board is None else (args.board,),
                              seconds=0.5 if args.seconds is None else args.seconds, engine=args.engine)
        print(json.dumps(mcts) if args.json else format_mcts_bench(mcts))
        return 0

    if args.games < 1:
        return error(f"--games must be at least 1, got {args.games}")
    if args.what == "bots":  # perf: the bots' games/s on both engines (nuffle.bench.bots)
        from nuffle.bench.bots import run_bot_bench

        print(json.dumps(run_bot_bench(games=args.games, board=board, home=args.home, away=args.away)))
        return 0
    rules = choose(args.ruleset, drafts=args.ruleset_drafts)  # cli.main checked the name
    try:
        teams = (match_team(args.home, rules), match_team(args.away, rules))
        Game.new(*teams, board=board, ruleset=rules)
    except ValueError as exc:
        return error(str(exc))
    if args.engine == "native":  # perf: the C++ engine's figures (nuffle.bench.native)
        return _native_bench(args, teams, board, rules)
    figures = run_bench(games=args.games, home=teams[0], away=teams[1], board=board, ruleset=rules)
    if args.json:
        print(json.dumps(figures))
        return 0
    print(f"random play, {args.home} v {args.away}, board {figures['board']}, {figures['games']} games "
          f"({figures['decisions_per_game']:.0f} decisions per game)")
    print(f"  decision:     {figures['decision_us']:8.1f} us")
    print(f"  game:         {figures['game_ms']:8.2f} ms")
    print(f"  clone:        {figures['clone_us']:8.2f} us")
    print(f"  view:         {figures['view_us']:8.2f} us   (what play() adds per decision)")
    print(f"  clone + step: {figures['clone_step_us']:8.2f} us")
    print("exact outcomes (Game.outcomes)")
    print(f"  move with a dodge:                   {figures['outcomes_dodge_ms']:6.3f} ms")
    print(f"  block knock-down (armour/injury/cas): {figures['outcomes_block_ms']:6.3f} ms")
    return 0


def cmd_soak(args: argparse.Namespace) -> int:
    """Random games for every pairing of races, invariants checked after every step."""
    from nuffle.bench import format_soak, run_soak

    races = args.races.split(",") if args.races is not None else None
    try:
        summary = run_soak(races=races, games=args.games, board=args.board, seed=args.seed,
                           bot=args.bot, progress=not args.json and sys.stderr.isatty())
    except ValueError as exc:
        return error(str(exc))
    if args.json:
        print(json.dumps(summary))
    else:
        print(format_soak(summary))
    if summary["interrupted"]:
        return 130
    if not summary["races"]:
        return error("no playable race: every race given is blocked")
    return 1 if summary["exceptions"] else 0
