"""Your own team in the web app: `GET /api/teams/races` gives the rosters the browser's team
builder offers, `POST /api/teams/build` assembles a team file from positional counts and staff,
`POST /api/teams/check` checks a team file object with the rules of `nuffle team check`, and
`POST /api/games` takes `home_team` / `away_team` objects (checked the same way) in place of a
race's default team. The page decides no rule: every verdict and cost comes from here. A BB2020
team file (`"ruleset": "bb2020"`, `?ruleset=bb2020`) is checked, listed and built by
`nuffle.web.teams_bb2020_api`; a BB2020 game takes one (`game_teams`), an LRB6 game refuses it."""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Mapping
from pathlib import Path
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import FileResponse, JSONResponse

from nuffle import teams as T
from nuffle.core.teams import (
    TEAM_RULESETS,
    TeamError,
    TeamSpec,
    default_team_dict,
    implemented_skills,
    parse_team,
    races,
    skill_name,
)
from nuffle.league.team import LeagueTeam, is_league_team
from nuffle.teams_bb2020 import is_bb2020
from nuffle.web import teams_bb2020_api
from nuffle.web.session import SIDES
from nuffle.web.team_body import build_fields


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
    """{"ok", "errors", "value", "cost", "treasury"} for a team file object: `errors` holds the
    one-line reasons (the first is the one `nuffle team check` gives; a new team lists every
    broken creation rule), empty when legal; `value` the team value (null if illegal); `cost`
    what a new team costs even when it breaks a rule (null when it is not a readable team, or
    has league history) and `treasury` the budget it is held to (null likewise)."""
    if not isinstance(raw, dict):
        return {"ok": False, "errors": [f"{source}: a team file must hold a JSON object"], "value": None,
                "cost": None, "treasury": None}
    if is_bb2020(raw):
        return teams_bb2020_api.check(raw, source)
    cost, treasury = _cost(raw)
    try:
        _, value = checked_team(raw, source)
    except ValueError as exc:  # TeamError is a ValueError
        errors = [] if is_league_team(raw) else T.team_problems(raw, source)
        return {"ok": False, "errors": errors or [str(exc)], "value": None, "cost": cost,
                "treasury": treasury}
    return {"ok": True, "errors": [], "value": value, "cost": cost, "treasury": treasury}


def _cost(raw: Mapping[str, Any]) -> tuple[int | None, int | None]:
    """A new team's creation cost and treasury, (None, None) if it has league history or the
    file rules do not let it be read."""
    if is_league_team(raw):
        return None, None
    try:
        spec = parse_team(raw, "team")
        treasury = int(raw.get("treasury", T.TREASURY))
    except (ValueError, TypeError):
        return None, None
    return T.team_cost(spec), treasury


def rosters() -> dict[str, Any]:
    """The rosters and staff prices the team builder offers (`GET /api/teams/races`): every race
    with its re-roll cost, whether it may buy an apothecary and its positionals (limit, cost,
    characteristics, starting skills, and whether the engine plays all of those skills)."""
    have = implemented_skills()
    return {
        "treasury": T.TREASURY,
        "prices": {"apothecary": T.APOTHECARY_COST, "fan_factor": T.FAN_FACTOR_COST,
                   "assistant_coach": T.ASSISTANT_COACH_COST, "cheerleader": T.CHEERLEADER_COST},
        "races": [
            {"key": r.key, "name": r.name, "reroll_cost": r.reroll_cost, "apothecary": r.apothecary,
             "positionals": [
                 {"name": p.name, "max": p.max_qty, "cost": p.cost, "ma": p.ma, "st": p.st, "ag": p.ag,
                  "av": p.av, "skills": sorted(skill_name(s) for s in p.skills),
                  "implemented": p.skills <= have}
                 for p in r.positionals],
             "default": _default(r.key)}
            for r in races().values()],
    }


def _default(race_key: str) -> dict[str, Any]:
    """A race's shipped default team as the builder's counts and staff (where it starts)."""
    raw = default_team_dict(race_key)
    counts: dict[str, int] = {}
    for entry in raw["players"]:
        counts[entry["position"]] = counts.get(entry["position"], 0) + 1
    return {"name": raw.get("name", ""), "players": counts,
            **{k: raw.get(k, 0) for k in ("rerolls", "fan_factor", "assistant_coaches", "cheerleaders")},
            "apothecary": raw.get("apothecary", False)}


_BUILD_COUNTS = ("rerolls", "fan_factor", "assistant_coaches", "cheerleaders", "treasury")


def build(body: Any) -> dict[str, Any]:
    """`POST /api/teams/build`: the team file of {"race", "name", "players": {positional: count},
    "rerolls", "apothecary", "fan_factor", "assistant_coaches", "cheerleaders", "treasury"}
    (`nuffle.teams.team_file`: players numbered in the order small boards take them) as `team`,
    with `check`'s verdict on it; TeamError for a body no team file can be made from."""
    if not isinstance(body, dict):
        raise TeamError("the body must be a JSON object with 'race' and 'players'")
    if _ruleset(body.get("ruleset", "lrb6")) == "bb2020":
        return teams_bb2020_api.build({k: v for k, v in body.items() if k != "ruleset"})
    f = build_fields(body, {k: T.TREASURY if k == "treasury" else 0 for k in _BUILD_COUNTS})
    raw = T.team_file(str(body.get("race", "")), f.players, apothecary=f.apothecary, name=f.name,
                      **f.counts)
    return {"team": raw, **check(raw)}


def _ruleset(name: Any) -> str:
    """A team ruleset a request names; TeamError naming the choices if unknown."""
    if name not in TEAM_RULESETS:
        raise TeamError(f"unknown ruleset {name!r} (team rulesets: {', '.join(TEAM_RULESETS)})")
    return str(name)


def game_teams(body: Mapping[str, Any], ruleset: str = "lrb6") -> dict[str, TeamSpec]:
    """The team objects of a POST /api/games body (`home_team`, `away_team`), checked for a
    game of `ruleset` (a BB2020 team file by BB2020's creation rules where the ruleset plays
    BB2020's rosters, `ruleset_choice.match_team`); TeamError with the builder's reason for one
    that is not legal."""
    from nuffle.ruleset_choice import match_team, plays_bb2020_rosters

    out: dict[str, TeamSpec] = {}
    for side in SIDES:
        field = f"{side}_team"
        raw = body.get(field)
        if raw is None:
            continue
        if not isinstance(raw, dict):
            raise TeamError(f"'{field}' must be a team file object, got {type(raw).__name__}")
        try:
            bb2020 = is_bb2020(raw) and plays_bb2020_rosters(ruleset)
            out[side] = match_team(raw, ruleset, field) if bb2020 else checked_team(raw, field)[0]
        except ValueError as exc:
            raise TeamError(str(exc)) from None
    return out


def router(json_body: Callable[[Request], Awaitable[Any]], page: Path) -> APIRouter:
    """The team routes (`json_body`: the app's reader of a request's JSON body; `page`: the
    team builder's HTML, served at /teams)."""
    api = APIRouter()

    @api.get("/teams", include_in_schema=False)
    async def builder() -> FileResponse:
        return FileResponse(page, headers={"Cache-Control": "no-store"})

    @api.post("/api/teams/check")
    async def post_check(request: Request) -> dict[str, Any]:
        return check(await json_body(request))

    @api.get("/api/teams/races")
    async def get_races(ruleset: str = "lrb6") -> Any:
        try:
            return teams_bb2020_api.rosters() if _ruleset(ruleset) == "bb2020" else rosters()
        except TeamError as exc:
            return JSONResponse({"error": str(exc)}, status_code=400)

    @api.post("/api/teams/build")
    async def post_build(request: Request) -> Any:
        body = await json_body(request)
        try:
            return build(body)
        except TeamError as exc:  # (the manager's WebError would import back into this module)
            return JSONResponse({"error": str(exc)}, status_code=400)

    return api
