"""`nuffle serve [--host H] [--port P] [--db FILE]`: run the web app (needs the [web] extra)."""

from __future__ import annotations

import argparse
import sys
from typing import Any

from nuffle.web.store import default_db_path


def cmd_serve(args: argparse.Namespace) -> int:
    """Serve the web app until interrupted."""
    try:
        import uvicorn

        from nuffle.web.app import create_app
    except ImportError as exc:
        print(f"error: the web app needs the [web] extra (pip install 'nuffle[web]'): {exc}",
              file=sys.stderr)
        return 2
    db = args.db or default_db_path()
    print(f"nuffle web app on http://{args.host}:{args.port}/ (games stored in {db})")
    # No per-message deflate: states are small next to what compressing them costs the server.
    uvicorn.run(create_app(db), host=args.host, port=args.port, log_level=args.log_level,
                ws_per_message_deflate=False)
    return 0


def register(subparsers: Any) -> None:
    """Add the `serve` subcommand to the nuffle CLI."""
    p = subparsers.add_parser("serve", help="play, watch and replay games in the browser",
                              description="Run the web app (see docs/WEB.md).")
    p.add_argument("--host", default="127.0.0.1",
                   help="address to listen on (0.0.0.0 to host on a network; default 127.0.0.1)")
    p.add_argument("--port", type=int, default=8000, help="port (default 8000)")
    p.add_argument("--db", help=f"SQLite file for games (default {default_db_path()})")
    p.add_argument("--log-level", default="warning",
                   choices=("critical", "error", "warning", "info", "debug"),
                   help="server log level (default warning)")
    p.set_defaults(func=cmd_serve)
