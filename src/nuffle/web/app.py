"""The FastAPI application: the JSON API, the game websockets and the static page."""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import sqlite3
from collections.abc import AsyncIterator
from importlib import resources
from pathlib import Path
from typing import Any

from fastapi import FastAPI, Request, WebSocket, WebSocketDisconnect
from fastapi.responses import FileResponse, JSONResponse, Response
from fastapi.staticfiles import StaticFiles

from nuffle.core.errors import InputError
from nuffle.record import RecordError, to_record
from nuffle.web import arena_api, league_seats, leagues_api, odds, season_api, teams_api
from nuffle.web.manager import GameManager, WebError
from nuffle.web.replay import frames
from nuffle.web.request_body import read_body
from nuffle.web.session import OWNER, SIDES
from nuffle.web.store import Store

log = logging.getLogger("nuffle.web")

MAX_BODY = 4_000_000


def static_dir() -> Path:
    """The folder of the page's files, shipped as package data."""
    return Path(str(resources.files("nuffle.web").joinpath("static")))


async def _json_body(request: Request) -> Any:
    """The request's JSON body, read while it streams in: 413 as soon as it passes MAX_BODY
    (or its Content-Length says it will), 400 if it is not JSON."""
    body = await read_body(request, MAX_BODY, f"the body is larger than {MAX_BODY} bytes")
    return parse_json(body, "the body")


def parse_json(raw: bytes | str, what: str) -> Any:
    """JSON text -> value; WebError 400 naming `what` if it is not JSON (or too deep, or uses
    NaN or Infinity, which JSON does not have)."""
    try:
        return json.loads(raw or b"null", parse_constant=_no_constant)
    except (json.JSONDecodeError, UnicodeDecodeError, ValueError) as exc:
        raise WebError(400, f"{what} is not valid JSON: {exc}") from None
    except RecursionError:
        raise WebError(400, f"{what} is nested too deeply") from None


def _no_constant(name: str) -> Any:
    raise InputError(f"{name} is not a JSON number")


def _state(manager: GameManager, gid: str) -> Response:
    live = manager.get(gid)
    return Response(live.state_text(odds.overlays), media_type="application/json")


def create_app(db: str | Path = ":memory:", leagues: str | Path | None = None,
               arena: str | Path | None = None, ruleset: str = "lrb6", drafts: bool = False,
               **limits: float) -> FastAPI:
    """The app, storing its games in the SQLite file `db`, serving the league files in the
    folder `leagues` and the arena in the folder `arena` (None: none); a new game whose request
    names no ruleset is played by `ruleset` (`limits`: the GameManager's `expire_after` and
    `move_limit`, for tests; `drafts`: a draft ruleset is played, for tests only)."""
    store = Store(db)
    manager = GameManager(store, ruleset=ruleset, drafts=drafts, **limits)
    folder = leagues_api.LeagueFolder(leagues)
    seats = league_seats.LeagueSeats(folder, manager)

    @contextlib.asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        manager.resume()
        manager.start_all_bots()
        await seats.settle()  # league matches that ended before a restart
        sweeper = asyncio.create_task(manager.expire_forever())
        clocks = asyncio.create_task(manager.clocks_forever())
        results = asyncio.create_task(seats.settle_forever())
        yield
        sweeper.cancel()
        clocks.cancel()
        results.cancel()
        await manager.stop()
        store.close()

    app = FastAPI(title="nuffle", lifespan=lifespan)
    app.state.manager = manager
    app.state.league_seats = seats

    @app.exception_handler(WebError)
    async def web_error(request: Request, exc: WebError) -> JSONResponse:
        return JSONResponse({"error": exc.message}, status_code=exc.status)

    @app.exception_handler(sqlite3.Error)
    async def store_error(request: Request, exc: sqlite3.Error) -> JSONResponse:
        return JSONResponse({"error": f"the game database failed: {exc}"}, status_code=503)

    page = static_dir() / "index.html"

    @app.get("/", include_in_schema=False)
    @app.get("/games/{gid}", include_in_schema=False)
    @app.get("/replay", include_in_schema=False)
    @app.get("/replay/{gid}", include_in_schema=False)
    @app.get("/replay/arena/{gid}", include_in_schema=False)
    async def index(gid: str = "") -> FileResponse:
        return FileResponse(page, headers={"Cache-Control": "no-store"})

    app.mount("/static", StaticFiles(directory=static_dir()), name="static")
    app.include_router(teams_api.router(_json_body, static_dir() / "teams.html"))
    app.include_router(leagues_api.router(leagues, static_dir() / "league.html"))
    app.include_router(season_api.router(leagues, static_dir() / "season.html"))
    app.include_router(league_seats.router(folder, seats))
    app.include_router(arena_api.router(arena, static_dir() / "arena.html"))

    @app.get("/api/games")
    async def list_games() -> dict[str, Any]:
        return manager.listing()

    @app.post("/api/games")
    async def new_game(request: Request) -> dict[str, Any]:
        live, tokens = manager.create(await _json_body(request))
        manager.kick_bots(live)
        base = str(request.base_url)
        spectate = f"{base}games/{live.id}"
        return {
            "id": live.id,
            "seats": {side: tokens.get(side) for side in ("home", "away")},
            "spectate": spectate,
            "links": {side: f"{spectate}#token={tok}" for side, tok in tokens.items() if side in SIDES},
            **({"owner": tokens[OWNER]} if OWNER in tokens else {}),
        }

    @app.get("/api/games/{gid}")
    async def get_game(gid: str) -> Response:
        return _state(manager, gid)

    @app.post("/api/games/{gid}/actions")
    async def post_action(gid: str, request: Request) -> Response:
        body = await _json_body(request)
        if not isinstance(body, dict) or "action" not in body:
            manager.get(gid)
            raise WebError(400, "the body must be {\"token\": ..., \"action\": {...}}")
        await manager.act(gid, body.get("token"), body["action"])
        return _state(manager, gid)

    @app.post("/api/games/{gid}/setup")
    async def post_setup(gid: str, request: Request) -> Response:
        body = await _json_body(request)
        if not isinstance(body, dict):
            raise WebError(400, "the body must be {\"token\": ..., \"formation\": NAME}")
        await manager.set_up(gid, body.get("token"), body.get("formation"))
        return _state(manager, gid)

    @app.post("/api/games/{gid}/abort")
    async def post_abort(gid: str, request: Request) -> Response:
        body = await _json_body(request)
        manager.abort(gid, body.get("token") if isinstance(body, dict) else None)
        return _state(manager, gid)

    @app.post("/api/games/{gid}/speed")
    async def post_speed(gid: str, request: Request) -> dict[str, Any]:
        body = await _json_body(request)
        live = manager.set_delay(gid, body.get("delay") if isinstance(body, dict) else None)
        return {"delay": live.delay}

    @app.get("/api/games/{gid}/paths")
    async def get_paths(gid: str, player: int) -> dict[str, Any]:
        live = manager.get(gid)
        try:
            return odds.path_preview(live.game, player)
        except ValueError as exc:
            raise WebError(400, str(exc)) from None

    @app.get("/api/games/{gid}/throw")
    async def get_throw(gid: str, thrown: int, square: str) -> dict[str, Any]:
        live = manager.get(gid)
        try:
            x, y = (int(v) for v in square.split(","))
        except ValueError:
            raise WebError(400, f"square must be 'x,y', got {square!r}") from None
        game = live.game.clone()  # (explored off the event loop, on a copy)
        try:
            return await asyncio.to_thread(odds.throw_landing, game, thrown, (x, y))
        except ValueError as exc:
            raise WebError(400, str(exc)) from None

    @app.get("/api/games/{gid}/blitz")
    async def get_blitz(gid: str, square: str) -> dict[str, Any]:
        live = manager.get(gid)
        try:
            x, y = (int(v) for v in square.split(","))
        except ValueError:
            raise WebError(400, f"square must be 'x,y', got {square!r}") from None
        try:
            return odds.blitz_options(live.game, (x, y))
        except ValueError as exc:
            raise WebError(400, str(exc)) from None

    @app.get("/api/records/{gid}")
    async def get_record(gid: str) -> dict[str, Any]:
        live = manager.get(gid)
        if not live.game.is_over:
            raise WebError(409, "the record is published when the game ends (it holds the dice seed)")
        return to_record(live.game)

    @app.get("/api/replays/{gid}")
    async def get_replay(gid: str) -> dict[str, Any]:
        record = await get_record(gid)
        rules = manager.get(gid).game.state.rules if manager.drafts else None  # a draft's game
        return await asyncio.to_thread(frames, record, rules)

    @app.post("/api/replays")
    async def post_replay(request: Request) -> dict[str, Any]:
        record = await _json_body(request)
        try:
            return await asyncio.to_thread(frames, record)
        except (RecordError, KeyError, TypeError, ValueError, IndexError, AttributeError) as exc:
            raise WebError(400, f"the record does not replay: {exc}") from None
        except RecursionError:
            raise WebError(400, "the record does not replay: it is nested too deeply") from None

    @app.websocket("/ws/games/{gid}")
    async def game_socket(ws: WebSocket, gid: str, token: str = "") -> None:
        await ws.accept()
        live = manager.games.get(gid)
        if live is None:
            await ws.send_json({"type": "error", "status": 404, "message": f"no game with id {gid!r}"})
            await ws.close()
            return
        seat = manager.seat_of(live, token)
        if token and seat is None:
            await ws.send_json({"type": "error", "status": 403,
                                "message": "this token holds no seat in this game; watching only"})
        await ws.send_json({"type": "hello", "seat": seat})
        wake = asyncio.Event()
        wake.set()
        live.listeners.add(wake)

        async def pusher() -> None:
            since = 0  # log lines this socket has had
            try:
                while True:
                    await wake.wait()
                    wake.clear()
                    text, since = live.push_text(odds.overlays, since)
                    await ws.send_text(text)
            except WebSocketDisconnect:  # the client left: the receiving loop below ends too
                return
            except Exception:  # a fault in the server: said in its log, and the client is told
                log.exception("game %s: the websocket's state pusher failed; closing the socket", gid)
                with contextlib.suppress(WebSocketDisconnect, RuntimeError):  # already closing
                    await ws.close(code=1011, reason="internal error")

        push = asyncio.create_task(pusher())
        try:
            while True:
                frame = await ws.receive()
                if frame["type"] == "websocket.disconnect" or push.done():  # left, or closed on a fault
                    break
                text = frame.get("text")
                if text is None:
                    reply: dict[str, Any] | None = {
                        "type": "error", "status": 400,
                        "message": "binary frames are not understood: send JSON text"}
                else:
                    reply = await _ws_message(manager, gid, token, text)
                if reply is not None:
                    await ws.send_json(reply)
        except WebSocketDisconnect:
            pass
        finally:
            live.listeners.discard(wake)
            push.cancel()
            with contextlib.suppress(asyncio.CancelledError):  # the pusher's own errors are logged
                await push

    return app


async def _ws_message(manager: GameManager, gid: str, token: str, text: str) -> dict[str, Any] | None:
    """Handle one client message: {"type": "action", "action": {...}} or {"type": "setup", ...}."""
    try:
        msg = parse_json(text, "the message")
        if not isinstance(msg, dict):
            raise WebError(400, "a message must be a JSON object with a 'type'")
        kind = msg.get("type")
        if kind == "action":
            await manager.act(gid, token, msg.get("action"))
        elif kind == "setup":
            await manager.set_up(gid, token, msg.get("formation"))
        elif kind == "ping":
            return {"type": "pong"}
        else:
            raise WebError(400, f"unknown message type {kind!r} (use 'action' or 'setup')")
    except WebError as exc:
        return {"type": "error", "status": exc.status, "message": exc.message}
    return None
