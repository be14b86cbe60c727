"""The season report in the browser: `GET /api/leagues/{name}/report` answers the report of
`nuffle league report` (report.json's content: table, category leaders, every team's treasury,
Fan Factor, inducements, level-ups, MVPs, lasting injuries and deaths and manager penalties,
matches, gates, team values), and `/leagues/{name}/report` is the page that shows it
(static/season.html, season.js); the league page links to it."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

from fastapi import APIRouter
from fastapi.responses import FileResponse

from nuffle.league.report import season
from nuffle.web.leagues_api import LeagueFolder


def router(folder: str | Path | None, page: Path) -> APIRouter:
    """The season report's routes over the league files in `folder`; `page`: its HTML."""
    leagues = LeagueFolder(folder)
    api = APIRouter()

    @api.get("/leagues/{name}/report", include_in_schema=False)
    async def report_page(name: str) -> FileResponse:
        return FileResponse(page, headers={"Cache-Control": "no-store"})

    @api.get("/api/leagues/{name}/report")
    async def get_report(name: str) -> dict[str, Any]:
        return await asyncio.to_thread(leagues.read, name, season)

    return api
