"""Leagues in the browser: `nuffle serve --leagues DIR` serves the league files (`*.db`) in DIR,
read-only. `GET /api/leagues` lists them, `GET /api/leagues/{name}` answers the standings as
`nuffle league table FILE --json` does, `.../fixtures` the fixtures and results and
`.../teams/{team}` an entry's team page (`.../file`: its team file, as `nuffle league team`
writes it); `/leagues`, `/leagues/{name}` and
`/leagues/{name}/teams/{team}` are the pages that show them (static/league.html)."""

from __future__ import annotations

import asyncio
import sqlite3
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

from fastapi import APIRouter
from fastapi.responses import FileResponse

from nuffle.core.teams import TeamError, skill_name
from nuffle.errors import NuffleError
from nuffle.league.report import standings
from nuffle.league.store import Entry, LeagueError, Store
from nuffle.league.team import LeaguePlayer, LeagueTeam
from nuffle.web.manager import WebError

SUFFIX = ".db"
T = TypeVar("T")


class _NoTeam(NuffleError):
    """The league has no entry of that name."""


class LeagueFolder:
    """The league files of one folder (None: the server serves no leagues)."""

    def __init__(self, folder: str | Path | None) -> None:
        self.folder = Path(folder) if folder is not None else None

    def names(self) -> list[str]:
        """The leagues' names: the stems of the folder's `*.db` files, sorted."""
        if self.folder is None:
            return []
        return sorted(p.stem for p in self.folder.glob(f"*{SUFFIX}") if p.is_file())

    def path(self, name: str) -> Path:
        """The file of league `name`; WebError 404 if there is none, 400 for a name that is
        not a plain file stem (a path separator, a leading dot)."""
        if self.folder is None:
            raise WebError(404, "this server serves no leagues (start it with nuffle serve --leagues DIR)")
        if not name or "/" in name or "\\" in name or name.startswith(".") or "\0" in name:
            raise WebError(400, f"{name!r} is not a league name (a file stem without path separators)")
        path = self.folder / f"{name}{SUFFIX}"
        if not path.is_file():
            raise WebError(404, f"no league named {name!r}")
        return path

    def read(self, name: str, what: Callable[[Store], T]) -> T:
        """`what` of league `name`, its file opened read-only; WebError 422 naming the problem
        for a file that is damaged or not a league (one line, never a traceback)."""
        path = self.path(name)
        try:
            store = Store.open(path, read_only=True)
        except LeagueError as exc:
            raise WebError(422, _strip(str(exc), path, name)) from None
        try:
            return what(store)
        except LeagueError as exc:  # it may name the file: name the league instead
            raise WebError(422, _strip(str(exc), path, name)) from None
        except (TeamError, sqlite3.Error, ValueError, KeyError) as exc:
            raise WebError(422, f"league {name!r} cannot be read: {exc}") from None
        finally:
            store.close()


def _strip(message: str, path: Path, name: str) -> str:
    """A store error naming the league rather than the server's path to it."""
    return message.replace(str(path), f"league {name!r}", 1)


def summary(store: Store) -> dict[str, Any]:
    """A league's line in the listing: entries, matches played and left."""
    fixtures = store.fixtures()
    return {"entries": len(store.entries()), "played": len(store.matches()),
            "left": sum(1 for f in fixtures if not f.played), "board": store.setting("board")}


def fixtures(store: Store) -> dict[str, Any]:
    """Every fixture with its round, teams and result (none before the season is scheduled)."""
    names = {e.id: e.name for e in store.entries()}
    results = {m["fixture"]: m for m in store.matches()}
    rows = []
    for f in store.fixtures():
        m = results.get(f.id)
        rows.append({"fixture": f.id, "round": f.round, "home": names[f.home], "away": names[f.away],
                     "played": f.played, "score": m["score"] if m else None,
                     "cas": m["cas"] if m else None, "conceded": m["conceded"] if m else None,
                     "gate": m["gate"] if m else None})
    return {"fixtures": rows}


def _player(p: LeaguePlayer) -> dict[str, Any]:
    return {"number": p.number, "name": p.name, "position": p.position.name, "spp": p.spp,
            "title": p.title, "skills": sorted(skill_name(s) for s in p.skills),
            "gained": sorted(skill_name(s) for s in p.gained), "changes": list(p.changes()),
            "injuries": list(p.injuries), "niggles": p.niggles, "mng": p.mng, "value": p.value,
            "record": dict(p.record)}


def team_page(entry: Entry) -> dict[str, Any]:
    """An entry's team page: its staff, treasury, Fan Factor, value and roster (an LRB6 league's;
    LeagueError for another ruleset's team: `nuffle league team` prints it)."""
    t = entry.team
    if not isinstance(t, LeagueTeam):
        raise LeagueError(f"the team pages show LRB6 league teams; {entry.name!r} is a {type(t).__name__} "
                          "(nuffle league team FILE NAME prints it)")
    return {"name": entry.name, "bot": entry.bot, "manager": entry.manager, "team": t.name, "race": t.race,
            "team_value": t.team_value(), "treasury": t.treasury, "fan_factor": t.fan_factor,
            "rerolls": t.rerolls, "apothecary": t.apothecary, "assistant_coaches": t.assistant_coaches,
            "cheerleaders": t.cheerleaders, "players": [_player(p) for p in t.players],
            "graveyard": [_player(p) for p in t.graveyard]}


def router(folder: str | Path | None, page: Path) -> APIRouter:
    """The league routes over the league files in `folder`; `page`: the league pages' HTML."""
    leagues = LeagueFolder(folder)
    api = APIRouter()

    @api.get("/leagues", include_in_schema=False)
    @api.get("/leagues/{name}", include_in_schema=False)
    @api.get("/leagues/{name}/teams/{team}", include_in_schema=False)
    async def pages(name: str = "", team: str = "") -> FileResponse:
        return FileResponse(page, headers={"Cache-Control": "no-store"})

    async def read(name: str, what: Callable[[Store], T]) -> T:
        return await asyncio.to_thread(leagues.read, name, what)

    @api.get("/api/leagues")
    async def list_leagues() -> dict[str, Any]:
        out = []
        for name in leagues.names():
            try:
                out.append({"name": name, **await read(name, summary)})
            except WebError as exc:
                out.append({"name": name, "error": exc.message})
        return {"leagues": out}

    @api.get("/api/leagues/{name}")
    async def get_table(name: str) -> dict[str, Any]:
        return {"standings": await read(name, standings)}

    @api.get("/api/leagues/{name}/fixtures")
    async def get_fixtures(name: str) -> dict[str, Any]:
        return await read(name, fixtures)

    async def read_entry(name: str, team: str,
                         show: Callable[[Entry, Store], dict[str, Any]]) -> dict[str, Any]:
        """`show(entry, store)` of league `name`'s team `team`; a 404 when the league has no such team."""
        def entry(store: Store) -> dict[str, Any]:
            known = {e.name: e for e in store.entries()}
            if team not in known:
                raise _NoTeam(team)
            return show(known[team], store)

        try:
            return await read(name, entry)
        except _NoTeam:
            raise WebError(404, f"league {name!r} has no team named {team!r}") from None

    @api.get("/api/leagues/{name}/teams/{team}")
    async def get_team(name: str, team: str) -> dict[str, Any]:
        return await read_entry(name, team, lambda e, _: team_page(e))

    @api.get("/api/leagues/{name}/teams/{team}/file")
    async def get_team_file(name: str, team: str) -> dict[str, Any]:
        return await read_entry(name, team, lambda e, store: store.rules.team_to_dict(e.team))

    return api
