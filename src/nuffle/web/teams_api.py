"""Your own team in the web app: `POST /api/teams/check` checks a team file object with the
rules of `nuffle team check`, and `POST /api/games` takes `home_team` / `away_team` objects
(checked the same way) in place of a race's default team."""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Mapping
from typing import Any

from fastapi import APIRouter, Request

from nuffle import teams as T
from nuffle.core.teams import TeamError, TeamSpec
from nuffle.league.team import LeagueTeam, is_league_team
from nuffle.web.session import SIDES


def checked_team(raw: Mapping[str, Any], source: str) -> tuple[TeamSpec, int]:
    """The team a team file object enters a match as, and its value: a new team is held to
    every team-creation rule (`nuffle.teams.check_team`), a team with league history to what
    that history allows (`LeagueTeam.from_dict`), as `nuffle team check` does. TeamError (or
    ValueError) naming the first broken rule."""
    if is_league_team(raw):
        lt = LeagueTeam.from_dict(raw, source)
        return lt.match_spec(), lt.team_value()
    spec = T.check_team(raw, source)
    return spec, T.team_cost(spec)


def check(raw: Any, source: str = "team") -> dict[str, Any]:
    """{"ok", "errors", "value"} for a team file object: `errors` holds the one-line reasons
    (the first is the one `nuffle team check` gives; a new team lists every broken creation
    rule), empty when legal; `value` the team value (null if illegal)."""
    if not isinstance(raw, dict):
        return {"ok": False, "errors": [f"{source}: a team file must hold a JSON object"], "value": None}
    try:
        _, value = checked_team(raw, source)
    except ValueError as exc:  # TeamError is a ValueError
        errors = [] if is_league_team(raw) else T.team_problems(raw, source)
        return {"ok": False, "errors": errors or [str(exc)], "value": None}
    return {"ok": True, "errors": [], "value": value}


def game_teams(body: Mapping[str, Any]) -> dict[str, TeamSpec]:
    """The team objects of a POST /api/games body (`home_team`, `away_team`), checked;
    TeamError with the builder's reason for one that is not legal."""
    out: dict[str, TeamSpec] = {}
    for side in SIDES:
        field = f"{side}_team"
        raw = body.get(field)
        if raw is None:
            continue
        if not isinstance(raw, dict):
            raise TeamError(f"'{field}' must be a team file object, got {type(raw).__name__}")
        try:
            out[side] = checked_team(raw, field)[0]
        except ValueError as exc:
            raise TeamError(str(exc)) from None
    return out


def router(json_body: Callable[[Request], Awaitable[Any]]) -> APIRouter:
    """The team routes (`json_body`: the app's reader of a request's JSON body)."""
    api = APIRouter()

    @api.post("/api/teams/check")
    async def post_check(request: Request) -> dict[str, Any]:
        return check(await json_body(request))

    return api
