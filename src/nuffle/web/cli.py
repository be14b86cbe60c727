"""`nuffle serve [--host H] [--port P] [--db FILE] [--leagues DIR] [--arena DIR]`: run the web app (needs the
[web] extra)."""

from __future__ import annotations

import argparse
import os
import socket
import sqlite3
import sys
from pathlib import Path
from typing import Any

from nuffle.ruleset_choice import add_option as add_ruleset_option
from nuffle.web.store import Store, default_db_path


def _port(text: str) -> int:
    """argparse type: a TCP port number."""
    try:
        port = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a port number: {text!r}") from None
    if not 0 < port < 65536:
        raise argparse.ArgumentTypeError(f"a port is from 1 to 65535, not {port}")
    return port


def _open_store(db: Path) -> Store | str:
    """The database, or why it cannot be used (nothing is created for a path that fails)."""
    if db.is_dir():
        return f"--db {db} is a folder, not a database file"
    existed = db.exists()
    try:
        store = Store(db)
    except (OSError, sqlite3.Error) as exc:
        if not existed and db.exists() and db.stat().st_size == 0:
            db.unlink()
        return f"--db {db} cannot be used as the game database: {exc}"
    return store


def cmd_serve(args: argparse.Namespace) -> int:
    """Serve the web app until interrupted (Ctrl-C or SIGTERM: stops within seconds)."""
    try:
        import uvicorn

        from nuffle.web.app import create_app
    except ImportError as exc:
        print(f"error: the web app needs the [web] extra (pip install 'nuffle[web]'): {exc}",
              file=sys.stderr)
        return 2
    if args.models is not None:
        if not Path(args.models).is_dir():
            print(f"error: --models {args.models}: not a folder", file=sys.stderr)
            return 2
        from nuffle.web.models import MODELS_ENV

        os.environ[MODELS_ENV] = str(Path(args.models).resolve())  # read by nuffle.web.models
    db = Path(args.db) if args.db else default_db_path()
    leagues = Path(args.leagues) if args.leagues else None
    if leagues is not None and not leagues.is_dir():
        print(f"error: --leagues {leagues}: not a folder", file=sys.stderr)
        return 2
    arena = Path(args.arena) if args.arena else None
    if arena is not None:
        from nuffle.arena.store import Arena, ArenaError

        try:
            Arena.open(arena).close()
        except ArenaError as exc:
            print(f"error: --arena: {exc}", file=sys.stderr)
            return 2
    try:  # is the address free? (before the banner, the database or a traceback from uvicorn)
        with socket.create_server((args.host, args.port)):
            pass
    except OSError as exc:
        print(f"error: cannot listen on {args.host}:{args.port}: {exc.strerror or exc}", file=sys.stderr)
        return 1
    store = _open_store(db)
    if isinstance(store, str):  # the --db file given is unusable: bad input
        print(f"error: {store}", file=sys.stderr)
        return 2
    store.close()
    served = f"; leagues from {leagues}" if leagues is not None else ""
    served += f"; the arena in {arena}" if arena is not None else ""
    print(f"nuffle web app on http://{args.host}:{args.port}/ (games stored in {db}{served})", flush=True)
    # No per-message deflate: states are small next to what compressing them costs the server.
    # Shutdown closes open sockets after at most 3 s rather than waiting for every watcher.
    try:
        uvicorn.run(create_app(db, leagues, arena, args.ruleset), host=args.host, port=args.port,
                    log_level=args.log_level,
                    ws_per_message_deflate=False, timeout_graceful_shutdown=3)
    finally:  # no bot may be inside a native search as the interpreter ends (it would abort)
        from nuffle.web.bot_threads import stop_bots

        stop_bots()
    return 0


def register(subparsers: Any) -> None:
    """Add the `serve` subcommand to the nuffle CLI."""
    p = subparsers.add_parser("serve", help="play, watch and replay games in the browser",
                              description="Run the web app (see docs/WEB.md).")
    p.add_argument("--host", default="127.0.0.1",
                   help="address to listen on (0.0.0.0 to host on a network; default 127.0.0.1)")
    p.add_argument("--port", type=_port, default=8000, help="port (default 8000)")
    p.add_argument("--db", help=f"SQLite file for games (default {default_db_path()})")
    p.add_argument("--leagues", metavar="DIR",
                   help="serve the league files (*.db) in DIR at /api/leagues and /leagues (read-only, "
                        "but for the results of the matches people coach there)")
    p.add_argument("--arena", metavar="DIR",
                   help="serve the arena in DIR (nuffle arena new): its leaderboard at /arena, and "
                        "submissions; `nuffle arena run DIR` plays its games")
    p.add_argument("--models", metavar="DIR",
                   help="a folder of .pt policies the games' bots may name (policy?model=FILE.pt); "
                        "without it, the bundled policies only")
    p.add_argument("--log-level", default="warning",
                   choices=("critical", "error", "warning", "info", "debug"),
                   help="server log level (default warning)")
    add_ruleset_option(p, note="; the lobby's default, each new game may name another playable one")
    p.set_defaults(func=cmd_serve)
