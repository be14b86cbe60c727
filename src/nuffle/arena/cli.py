"""`nuffle arena`: host a standing bot competition (docs/COMPETITION.md).

    nuffle arena new DIR [--board N] [--bundled NAME=SPEC[@TEAM] ...] [--no-bundled]
    nuffle arena submit DIR PATH [--name N] [--team T] [--language L]
    nuffle arena run DIR [--pairs N] [--forever] [--workers W] [--executor local|ray] [--trusted-bots]
    nuffle arena board DIR [--json]
    nuffle arena bot DIR NAME [--json]

Bad input is one line on stderr with exit code 2; an interrupted run exits 130 and the next
run carries on from it."""

from __future__ import annotations

import argparse
import importlib.util
import json
import signal
import sys
import time
from importlib import resources
from pathlib import Path
from typing import Any

from nuffle.arena.store import Arena, ArenaError
from nuffle.arena.submission import SubmissionError, unpack_path
from nuffle.core.errors import NuffleError


def default_bundled(board: int) -> list[tuple[str, str, str]]:
    """The bundled entries of a new arena: random, scripted, grod, MCTS (0.1 s a decision)
    and, where the [rl] extra is installed, the bundled learned policy for the board."""
    out = [("random", "random", "human"), ("scripted", "scripted", "human"), ("grod", "grod", "human"),
           ("mcts", "mcts?seconds=0.1", "human")]
    policies = resources.files("nuffle") / "data" / "policies"
    if importlib.util.find_spec("torch") is not None and policies.joinpath(f"b{board}.pt").is_file():
        out.append((f"policy-b{board}", f"policy?model=b{board}", "human"))
    return out


def _bundled(text: str, board: int) -> tuple[str, str, str]:
    """`NAME=SPEC[@TEAM]` checked: the spec names a nuffle agent that plays the board."""
    from nuffle.agents.registry import agent_for_board

    name, sep, rest = text.partition("=")
    if not sep or not name or not rest:
        raise ArenaError(f"--bundled {text!r}: give NAME=SPEC or NAME=SPEC@TEAM (e.g. grod=grod@orc)")
    spec, _, team = rest.partition("@")
    if spec != "random-legal":
        try:
            agent_for_board(spec, board)
        except ValueError as exc:
            raise ArenaError(f"--bundled {text!r}: {exc}") from None
    from nuffle.teams import load_team

    try:
        load_team(team or "human")
    except (ValueError, OSError) as exc:
        raise ArenaError(f"--bundled {text!r}: {exc}") from None
    return name, spec, team or "human"


def _new(args: argparse.Namespace) -> int:
    bundled = [] if args.no_bundled else (
        [_bundled(b, args.board) for b in args.bundled] if args.bundled else default_bundled(args.board))
    with Arena.create(args.dir, args.board, bundled) as arena:
        names = ", ".join(v.bot for v in arena.entries()) or "none"
        print(f"arena created in {arena.folder} (board {arena.board}; bundled entries: {names})")
    return 0


def _submit(args: argparse.Namespace) -> int:
    with Arena.open(args.dir) as arena:
        out = arena.submit_files(lambda dest: unpack_path(Path(args.path), dest), args.name, args.team,
                                 args.language, host=True)
    print(f"{out['bot']} v{out['version']} submitted: it plays its validation game on the next "
          f"`nuffle arena run {args.dir}`")
    return 0


def _progress(quiet: bool) -> Any:
    def show(g: dict[str, Any]) -> None:
        if not quiet:
            what = "validation" if g["kind"] == "validation" else f"pair {g['pair']}"
            print(f"{what}: {g['home_name']} {g['score'][0]}-{g['score'][1]} {g['away_name']} "
                  f"({g['outcome']}, {g['seconds']:.1f} s)", file=sys.stderr)
    return show


def _idle(seconds: float) -> None:
    """Wait while the arena has nothing to do (a run --forever)."""
    time.sleep(seconds)


def _run(args: argparse.Namespace) -> int:
    from nuffle.arena.runner import run

    if args.pairs < 0:
        raise ArenaError(f"--pairs must be at least 0, not {args.pairs}")
    if args.workers < 0:
        raise ArenaError(f"--workers must be at least 0, not {args.workers}")

    def terminate(signum: int, frame: object) -> None:
        raise KeyboardInterrupt  # SIGTERM stops the run as Ctrl-C does

    if args.idle <= 0:
        raise ArenaError(f"--idle must be a positive number of seconds, not {args.idle}")
    previous = signal.signal(signal.SIGTERM, terminate)
    executor = None
    try:
        with Arena.open(args.dir) as arena:
            if args.forever:  # one pool (or Ray) for every round
                from nuffle.competition.executors import make_executor

                executor = make_executor(args.executor, args.workers, args.ray_address)
            while True:
                summary = run(arena, args.pairs, executor=executor, workers=args.workers, kind=args.executor,
                              address=args.ray_address, trusted=args.trusted_bots,
                              progress=_progress(args.quiet))
                for v in summary.validated:
                    verdict = "accepted" if v["passed"] else f"rejected: {v['reason']}"
                    print(f"{v['version']}: {verdict}", flush=True)
                print(f"{len(summary.games)} ladder games played", flush=True)
                if not args.forever:
                    break
                if not summary.games and not summary.validated:
                    _idle(args.idle)  # nothing to do: wait for submissions
            if args.json:
                from nuffle.arena.views import leaderboard

                print(json.dumps(leaderboard(arena)))
    except KeyboardInterrupt:
        print(f"interrupted: the games finished so far are kept; run `nuffle arena run {args.dir}` "
              "again to play the rest", file=sys.stderr)
        return 130
    except RuntimeError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 1
    finally:
        if executor is not None:
            executor.close()
        signal.signal(signal.SIGTERM, previous)
    return 0


def _board(args: argparse.Namespace) -> int:
    from nuffle.arena.views import leaderboard

    with Arena.open(args.dir) as arena:
        out = leaderboard(arena)
    if args.json:
        print(json.dumps(out))
        return 0
    print("| # | bot | version | rating | 95% interval | played | W | D | L | penalties |")
    print("|---|---|---|---|---|---|---|---|---|---|")
    for r in out["entries"]:
        rating = "-" if r["rating"] is None else f"{r['rating']:+.0f}"
        interval = "-" if r["low"] is None else f"{r['low']:+.0f} .. {r['high']:+.0f}"
        print(f"| {r['rank']} | {r['name']} | {r['version']} | {rating} | {interval} | {r['played']} | "
              f"{r['wins']} | {r['draws']} | {r['losses']} | {r['penalties']} |")
    if out["pending"]:
        print("pending: " + ", ".join(f"{p['name']} v{p['version']}" for p in out["pending"]))
    return 0


def _bot(args: argparse.Namespace) -> int:
    from nuffle.arena.views import bot_page

    with Arena.open(args.dir) as arena:
        out = bot_page(arena, args.name)
    if args.json:
        print(json.dumps(out))
        return 0
    print(f"{out['name']} ({out['kind']})")
    for v in out["versions"]:
        rating = ("" if v["rating"] is None
                  else f", rating {v['rating']:+.0f} ({v['low']:+.0f} .. {v['high']:+.0f})")
        why = f": {v['reason']}" if v["reason"] else ""
        print(f"  v{v['version']} {v['language']} {v['team']}: {v['status']}{why}; "
              f"{v['played']} games{rating}")
    for g in out["games"][:20]:
        home, away = g["home"], g["away"]
        print(f"  game {g['id']} ({g['kind']}): {home['name']} {g['score'][0]}-{g['score'][1]} "
              f"{away['name']} "
              f"({g['outcome']}, {len(g['penalties'])} penalties)")
    return 0


def cmd_arena(args: argparse.Namespace) -> int:
    """Dispatch `nuffle arena ...`: bad input is one line and exit code 2."""
    try:
        return int(args.arena_func(args))
    except (ArenaError, SubmissionError, NuffleError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2


def register(sub: Any) -> None:
    """Add the `arena` subcommand to the nuffle command line."""
    p = sub.add_parser("arena", help="host a standing bot competition: submissions, a rated ladder "
                                     "(docs/COMPETITION.md)")
    verbs = p.add_subparsers(dest="arena_cmd", required=True, help="what to do")
    new = verbs.add_parser("new", help="create an arena in a folder")
    new.add_argument("dir", help="the arena's folder (made if missing)")
    new.add_argument("--board", type=int, default=11, help="the board its games use (default 11)")
    new.add_argument("--bundled", action="append", metavar="NAME=SPEC[@TEAM]",
                     help="a bundled entry (a nuffle agent spec), instead of the default set")
    new.add_argument("--no-bundled", action="store_true", help="no bundled entries")
    new.set_defaults(arena_func=_new)
    sb = verbs.add_parser("submit", help="submit a bot (a program, a folder with bot.toml, or an archive)")
    sb.add_argument("dir", help="the arena's folder")
    sb.add_argument("path", help="a program, a folder with bot.toml, or a .zip/.tar.gz of one")
    sb.add_argument("--name", help="the bot's name (default: the manifest's)")
    sb.add_argument("--team", help="a race or a team file of the submission (default: the manifest's)")
    sb.add_argument("--language", help="python, node, perl, bash or executable (default: the manifest's, "
                                       "or the program's suffix)")
    sb.set_defaults(arena_func=_submit)
    rn = verbs.add_parser("run", help="validate submissions, then play ladder pairs")
    rn.add_argument("dir", help="the arena's folder")
    rn.add_argument("--pairs", type=int, default=0, help="new pairs to play (two games each; default 0)")
    rn.add_argument("--workers", type=int, default=0, help="games at once (default: one per CPU)")
    rn.add_argument("--executor", choices=["local", "ray"], default="local",
                    help="where the games run: a local process pool (default) or Ray")
    rn.add_argument("--ray-address", help="the Ray cluster (e.g. auto); default: a local Ray")
    rn.add_argument("--trusted-bots", action="store_true", help="run the bots unsandboxed, as your own user")
    rn.add_argument("--quiet", action="store_true", help="no per-game lines on stderr")
    rn.add_argument("--json", action="store_true", help="print the leaderboard as JSON at the end")
    rn.add_argument("--forever", action="store_true",
                    help="keep going (until Ctrl-C or SIGTERM): validate new submissions and play "
                         "--pairs pairs a round, waiting --idle seconds when there is nothing to do")
    rn.add_argument("--idle", type=float, default=10.0,
                    help="with --forever: seconds to wait when there is nothing to do (default 10)")
    rn.set_defaults(arena_func=_run)
    bd = verbs.add_parser("board", help="print the leaderboard")
    bd.add_argument("dir", help="the arena's folder")
    bd.add_argument("--json", action="store_true", help="print it as JSON")
    bd.set_defaults(arena_func=_board)
    bt = verbs.add_parser("bot", help="print a bot's versions and games")
    bt.add_argument("dir", help="the arena's folder")
    bt.add_argument("name", help="the bot's name (any case)")
    bt.add_argument("--json", action="store_true", help="print it as JSON")
    bt.set_defaults(arena_func=_bot)
    p.set_defaults(func=cmd_arena)
