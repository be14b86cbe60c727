"""The arena in the browser: `nuffle serve --arena DIR` serves the arena in DIR (made by
`nuffle arena new`). `GET /api/arena` is the leaderboard, `GET /api/arena/bots/{name}` a bot's
page (versions, games, penalties), `GET /api/arena/games/{id}` one published game, with its
`/record`, its `/replay` (the replay viewer's frames, shown at `/replay/arena/{id}`) and each
bot's `/stderr/{home|away}`. `POST /api/arena/submissions?name=&team=&language=&filename=`
takes a submission as the raw body (a program, or a .zip or .tar.gz of a folder with
bot.toml); a new name gets a token, and a later version of it must send that token in the
`X-Arena-Token` header. `/arena` and `/arena/bots/{name}` are the pages (static/arena.html).

The server stores submissions; `nuffle arena run DIR` (another process, on the same folder)
validates them and plays the ladder."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

from fastapi import APIRouter, Request
from fastapi.responses import FileResponse, JSONResponse, PlainTextResponse

from nuffle.arena import views
from nuffle.arena.store import Arena, ArenaError, Conflict, Forbidden, NotFound
from nuffle.arena.submission import MAX_UPLOAD, SubmissionError, unpack_upload
from nuffle.record import RecordError
from nuffle.web.manager import WebError
from nuffle.web.replay import frames
from nuffle.web.request_body import read_body

T = TypeVar("T")


def _status(exc: ArenaError | SubmissionError) -> int:
    if isinstance(exc, NotFound):
        return 404
    if isinstance(exc, Forbidden):
        return 403
    if isinstance(exc, Conflict):
        return 409
    return 400


def _game_id(gid: str) -> int:
    if not gid.isdigit() or len(gid) > 18:
        raise WebError(400, f"{gid[:40]!r} is not a game number")
    return int(gid)


def router(folder: str | Path | None, page: Path) -> APIRouter:
    """The arena routes over the arena in `folder` (None: this server hosts none)."""
    api = APIRouter()

    def use(what: Callable[[Arena], T]) -> T:
        if folder is None:
            raise WebError(404, "this server hosts no arena (start it with nuffle serve --arena DIR)")
        try:
            with Arena.open(folder) as arena:
                return what(arena)
        except (ArenaError, SubmissionError) as exc:
            raise WebError(_status(exc), str(exc).replace(str(folder), "the arena")) from None

    async def read(what: Callable[[Arena], T]) -> T:
        return await asyncio.to_thread(use, what)

    @api.get("/arena", include_in_schema=False)
    @api.get("/arena/bots/{name}", include_in_schema=False)
    async def pages(name: str = "") -> FileResponse:
        return FileResponse(page, headers={"Cache-Control": "no-store"})

    @api.get("/api/arena")
    async def get_board() -> dict[str, Any]:
        return await read(views.leaderboard)

    @api.get("/api/arena/bots/{name}")
    async def get_bot(name: str) -> dict[str, Any]:
        return await read(lambda a: views.bot_page(a, name))

    @api.get("/api/arena/games/{gid}")
    async def get_game(gid: str) -> dict[str, Any]:
        n = _game_id(gid)
        return await read(lambda a: views.game(a, n))

    @api.get("/api/arena/games/{gid}/record")
    async def get_record(gid: str) -> dict[str, Any]:
        n = _game_id(gid)
        return await read(lambda a: views.record(a, n))

    @api.get("/api/arena/games/{gid}/replay")
    async def get_replay(gid: str) -> dict[str, Any]:
        record = await get_record(gid)
        try:
            return await asyncio.to_thread(frames, record)
        except RecordError as exc:
            raise WebError(422, f"game {gid}'s record does not replay: {exc}") from None

    @api.get("/api/arena/games/{gid}/stderr/{side}")
    async def get_stderr(gid: str, side: str) -> PlainTextResponse:
        if side not in ("home", "away"):
            raise WebError(400, f"side must be home or away, not {side[:20]!r}")
        n = _game_id(gid)
        path = await read(lambda a: views.game_file(a, n, f"stderr_{side}"))
        return PlainTextResponse(path.read_text(errors="replace"))

    @api.post("/api/arena/submissions", status_code=201)
    async def post_submission(request: Request, name: str = "", team: str = "", language: str = "",
                              filename: str = "") -> JSONResponse:
        body = await read_body(request, MAX_UPLOAD, f"a submission may have at most {MAX_UPLOAD >> 20} MiB")
        token = request.headers.get("x-arena-token") or None

        def store(arena: Arena) -> dict[str, Any]:
            return arena.submit_files(lambda dest: unpack_upload(body, filename or "bot", dest),
                                      name or None, team or None, language or None, token)

        return JSONResponse(await read(store), status_code=201)

    return api
