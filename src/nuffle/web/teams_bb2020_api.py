"""The web team API for BB2020 team files (`nuffle.teams_bb2020`): `POST /api/teams/check` of a
file naming `"ruleset": "bb2020"`, `GET /api/teams/races?ruleset=bb2020` and `POST
/api/teams/build` with `"ruleset": "bb2020"` (`nuffle.web.teams_api` hands them here). The
engines do not play BB2020 yet, so `POST /api/games` refuses such a team (its check is LRB6's)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from nuffle import teams_bb2020 as B
from nuffle.core.bb2020.rosters import teams
from nuffle.core.teams import TeamError
from nuffle.web.team_body import build_fields

_COUNTS = ("rerolls", "dedicated_fans", "assistant_coaches", "cheerleaders", "treasury")


def check(raw: Mapping[str, Any], source: str = "team") -> dict[str, Any]:
    """{"ok", "errors", "value", "cost", "treasury"} for a BB2020 team file object, as
    `nuffle team check` rules it (every broken creation rule listed once the file rules hold)."""
    errors = B.team_problems(raw, source)
    try:
        spec = B.parse_team(raw, source)
        treasury = int(raw.get("treasury", B.creation_rules()["treasury"]))
    except (ValueError, TypeError):
        return {"ok": False, "errors": errors, "value": None, "cost": None, "treasury": None}
    return {"ok": not errors, "errors": errors, "value": None if errors else B.team_value(spec),
            "cost": B.creation_cost(spec), "treasury": treasury}


def rosters() -> dict[str, Any]:
    """The BB2020 rosters and staff prices: each team's tier, re-roll cost, apothecary rule,
    special rules, gods (a "Favoured of..." team), positionals (limit, cost, MA, ST, AG, PA
    (null for none), AV, starting skills, primary and secondary access) and `default`, the
    team `nuffle team new` suggests (where the browser's builder starts); `dedicated_fans_free`
    is what an empty team starts with."""
    rules = B.creation_rules()
    return {
        "ruleset": "bb2020",
        "treasury": rules["treasury"],
        "dedicated_fans_free": rules["dedicated_fans_free"],
        "prices": {"apothecary": rules["apothecary"], "dedicated_fan": rules["dedicated_fan"],
                   "assistant_coach": rules["assistant_coach"], "cheerleader": rules["cheerleader"]},
        "races": [
            {"key": t.key, "name": t.name, "tier": t.tier, "reroll_cost": t.reroll_cost,
             "apothecary": t.apothecary, "special_rules": list(t.special_rules),
             "favoured_of": list(t.favoured_of),
             "positionals": [
                 {"name": p.name, "max": p.max_qty, "cost": p.cost, "ma": p.ma, "st": p.st, "ag": p.ag,
                  "pa": p.pa, "av": p.av, "skills": list(p.skill_labels()), "primary": p.primary,
                  "secondary": p.secondary}
                 for p in t.positionals],
             "default": _suggested(t.key)}
            for t in teams().values()],
    }


def _suggested(key: str) -> dict[str, Any]:
    """A team's suggested new team (`nuffle.teams_bb2020.suggest_team`) as the builder's counts
    and staff."""
    raw = B.suggest_team(key)
    counts: dict[str, int] = {}
    for entry in raw["players"]:
        counts[entry["position"]] = counts.get(entry["position"], 0) + 1
    return {"name": raw["name"], "players": counts, "apothecary": raw["apothecary"],
            "favoured_of": raw.get("favoured_of"), **{k: raw[k] for k in _COUNTS if k != "treasury"}}


def build(body: Mapping[str, Any]) -> dict[str, Any]:
    """`POST /api/teams/build` with `"ruleset": "bb2020"`: the team file of {"race", "name",
    "players": {positional: count}, "rerolls", "apothecary", "dedicated_fans",
    "assistant_coaches", "cheerleaders", "favoured_of", "treasury"} as `team`, with `check`'s
    verdict; TeamError for a body no team file can be made from."""
    rules = B.creation_rules()
    defaults = {"treasury": rules["treasury"], "dedicated_fans": rules["dedicated_fans_free"]}
    f = build_fields(body, {k: defaults.get(k, 0) for k in _COUNTS})
    favoured = body.get("favoured_of")
    if favoured is not None and not isinstance(favoured, str):
        raise TeamError(f"'favoured_of' must be a string, not {favoured!r}")
    raw = B.team_file(str(body.get("race", "")), f.players, apothecary=f.apothecary, name=f.name,
                      favoured_of=favoured, **f.counts)
    return {"team": raw, **check(raw)}
