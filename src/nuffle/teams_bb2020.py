"""BB2020 team files and the BB2020 team builder (the rules of `data/bb2020/creation.json`).

A BB2020 team file is a JSON object naming `"ruleset": "bb2020"`, its team (`race`, a key of
`nuffle.core.bb2020.rosters.teams()`), `rerolls`, `apothecary`, `dedicated_fans`,
`assistant_coaches`, `cheerleaders`, `favoured_of` (a "Favoured of..." team's god), an optional
`treasury` and `players` (`position`, optional `number` and `name`).

* `parse_team`: the rules a BB2020 team always obeys (known team and positionals, positional
  maxima, at most 16 players, unique numbers, at most 8 re-rolls, an apothecary only where the
  roster allows one, 1 to 7 Dedicated Fans, a god only for a "Favoured of..." team and one of its
  choices).
* `creation_problems` / `check_team` / `team_problems` / `build_team` / `suggest_team`: team
  creation (11-16 players, at most 6 Dedicated Fans, everything bought within the treasury).

The engines do not play BB2020 yet: `nuffle.teams.load_team` and the league refuse these files in
one line (`nuffle.core.teams.parse_team`).
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources
from typing import Any

from nuffle.core.bb2020.rosters import Positional, Team, team
from nuffle.core.team_fields import TeamError, check_keys, check_limits, count_field, number_and_name, plural
from nuffle.core.teams import BB2020_TEAMS, team_ruleset
from nuffle.teams import player_order

_TEAM_KEYS = frozenset({"name", "ruleset", "race", "rerolls", "apothecary", "dedicated_fans",
                        "assistant_coaches", "cheerleaders", "favoured_of", "treasury", "players"})
_PLAYER_KEYS = frozenset({"position", "number", "name"})


@lru_cache(maxsize=1)
def creation_rules() -> dict[str, int]:
    """The creation figures (treasury, player and re-roll limits, staff costs, Dedicated Fans)."""
    raw = json.loads(resources.files("nuffle.data").joinpath("bb2020", "creation.json").read_text())
    return {str(k): int(v) for k, v in raw.items() if not str(k).startswith("_")}


@dataclass(frozen=True, slots=True)
class PlayerEntry:
    """One player of a BB2020 team."""

    position: Positional
    number: int
    name: str


@dataclass(frozen=True, slots=True)
class TeamSpec2020:
    """A BB2020 team as its file gives it."""

    name: str
    team: Team
    players: tuple[PlayerEntry, ...]
    rerolls: int
    apothecary: bool
    dedicated_fans: int
    assistant_coaches: int
    cheerleaders: int
    favoured_of: str | None


def is_bb2020(raw: Mapping[str, Any]) -> bool:
    """Whether a team file names the BB2020 ruleset."""
    return raw.get("ruleset") == BB2020_TEAMS


def parse_team(raw: Mapping[str, Any], source: str = "team") -> TeamSpec2020:
    """A BB2020 team from its JSON form; TeamError naming the first rule it breaks."""
    if not isinstance(raw, Mapping):
        raise TeamError(f"{source}: a team must be a JSON object")
    if team_ruleset(raw, source) != BB2020_TEAMS:
        raise TeamError(f"{source}: not a BB2020 team (it needs \"ruleset\": \"{BB2020_TEAMS}\")")
    unknown = sorted(k for k in raw if k not in _TEAM_KEYS and not str(k).startswith("_"))
    if unknown:
        raise TeamError(f"{source}: unknown key {unknown[0]!r} (keys: {', '.join(sorted(_TEAM_KEYS))})")
    rules = creation_rules()
    try:
        t = team(str(raw.get("race", "")))
    except TeamError as exc:
        raise TeamError(f"{source}: {exc}") from None
    players = _players(raw.get("players"), t, source, rules["max_players"])
    apothecary = raw.get("apothecary", False)
    if not isinstance(apothecary, bool):
        raise TeamError(f"{source}: 'apothecary' must be true or false, not {apothecary!r}")
    if apothecary and not t.apothecary:
        raise TeamError(f"{source}: apothecary not allowed for {t.name}")
    fans = count_field(raw, "dedicated_fans", rules["dedicated_fans_free"], source,
                       rules["dedicated_fans_max"])
    if fans < 1:
        raise TeamError(f"{source}: a team has at least 1 Dedicated Fan, not {fans}")
    name = raw.get("name", t.name)
    if not isinstance(name, str) or not name.strip():
        raise TeamError(f"{source}: 'name' must be a non-empty string")
    if "treasury" in raw:
        count_field(raw, "treasury", 0, source)
    return TeamSpec2020(
        name=name, team=t, players=players,
        rerolls=count_field(raw, "rerolls", 0, source, rules["max_rerolls"]),
        apothecary=apothecary, dedicated_fans=fans,
        assistant_coaches=count_field(raw, "assistant_coaches", 0, source),
        cheerleaders=count_field(raw, "cheerleaders", 0, source),
        favoured_of=_favoured(raw.get("favoured_of"), t, source),
    )


def _players(entries: Any, t: Team, source: str, most: int) -> tuple[PlayerEntry, ...]:
    if not isinstance(entries, list) or not entries:
        raise TeamError(f"{source}: 'players' must be a non-empty list")
    if len(entries) > most:
        raise TeamError(f"{source}: {len(entries)} players exceeds the maximum of {most}")
    out: list[PlayerEntry] = []
    numbers: set[int] = set()
    for i, entry in enumerate(entries):
        where = f"{source}: player {i + 1}"
        if not isinstance(entry, dict) or "position" not in entry:
            raise TeamError(f"{where} needs a 'position'")
        check_keys(entry, _PLAYER_KEYS, where)
        pos = t.positional(str(entry["position"]))
        if pos is None:
            raise TeamError(f"{where}: {t.name} has no positional {entry['position']!r} "
                            f"(choose one of {', '.join(p.name for p in t.positionals)})")
        number, name = number_and_name(entry, i, numbers, f"{pos.name} #{{}}".format, where)
        out.append(PlayerEntry(pos, number, name))
    check_limits((p.position.name for p in out), t.positionals, t.name, source)
    return tuple(out)


def _favoured(value: Any, t: Team, source: str) -> str | None:
    if not t.favoured_of:
        if value is not None:
            raise TeamError(f"{source}: {t.name} is not a \"Favoured of...\" team: drop 'favoured_of'")
        return None
    if value is None and len(t.favoured_of) == 1:
        return t.favoured_of[0]
    if value not in t.favoured_of:
        raise TeamError(f"{source}: {t.name} is Favoured of one of {', '.join(t.favoured_of)}: "
                        f"'favoured_of' must name it, not {value!r}")
    return str(value)


def creation_cost(spec: TeamSpec2020) -> int:
    """What the new team spends: players, re-rolls at the roster price, the apothecary,
    assistant coaches, cheerleaders and the Dedicated Fans bought beyond the free one."""
    rules = creation_rules()
    return (team_value(spec)
            + (spec.dedicated_fans - rules["dedicated_fans_free"]) * rules["dedicated_fan"])


def team_value(spec: TeamSpec2020) -> int:
    """Team value (digest §16.4): players, re-rolls at the roster price, assistant coaches,
    cheerleaders and the apothecary; Dedicated Fans do not count."""
    rules = creation_rules()
    return (sum(p.position.cost for p in spec.players)
            + spec.rerolls * spec.team.reroll_cost
            + (rules["apothecary"] if spec.apothecary else 0)
            + spec.assistant_coaches * rules["assistant_coach"]
            + spec.cheerleaders * rules["cheerleader"])


def creation_problems(spec: TeamSpec2020, treasury: int | None = None) -> list[str]:
    """Every creation rule `spec` breaks (empty when it is a legal new BB2020 team)."""
    rules = creation_rules()
    budget = rules["treasury"] if treasury is None else treasury
    out: list[str] = []
    n, low, high = len(spec.players), rules["min_players"], rules["max_players"]
    if n < low:
        out.append(f"{n} players is too few: a new team needs {low} to {high}")
    if spec.dedicated_fans > rules["dedicated_fans_at_creation"]:
        out.append(f"{spec.dedicated_fans} Dedicated Fans exceeds the maximum of "
                   f"{rules['dedicated_fans_at_creation']} at creation")
    cost = creation_cost(spec)
    if cost > budget:
        out.append(f"over budget: the team costs {cost:,} but the treasury is {budget:,}")
    return out


def team_problems(raw: Mapping[str, Any], source: str = "team", treasury: int | None = None) -> list[str]:
    """Every rule a new BB2020 team file breaks, one line each naming `source` (empty when it is
    legal): the first broken file rule alone, else every broken creation rule."""
    try:
        return _check(raw, source, treasury)[1]
    except TeamError as exc:
        return [str(exc)]


def check_team(raw: Mapping[str, Any], source: str = "team", treasury: int | None = None) -> TeamSpec2020:
    """Every rule for a new BB2020 team, with `treasury` (default: the file's 'treasury', else
    1,000,000); TeamError naming the first broken rule."""
    spec, problems = _check(raw, source, treasury)
    if problems:
        raise TeamError(problems[0])
    return spec


def _check(raw: Mapping[str, Any], source: str, treasury: int | None) -> tuple[TeamSpec2020, list[str]]:
    spec = parse_team(raw, source)
    budget = treasury if treasury is not None else raw.get("treasury", creation_rules()["treasury"])
    return spec, [f"{source}: {p}" for p in creation_problems(spec, int(budget))]


def build_team(
    race_name: str,
    players: Mapping[str, int] | Iterable[tuple[str, int]],
    *,
    rerolls: int = 0,
    apothecary: bool = False,
    dedicated_fans: int = 1,
    assistant_coaches: int = 0,
    cheerleaders: int = 0,
    favoured_of: str | None = None,
    treasury: int | None = None,
    name: str | None = None,
) -> dict[str, Any]:
    """A new BB2020 team file from positional counts and staff, checked against every rule;
    TeamError naming the broken rule. Players are numbered round-robin over the positionals
    as given (`nuffle.teams.player_order`)."""
    raw = team_file(race_name, players, rerolls=rerolls, apothecary=apothecary,
                    dedicated_fans=dedicated_fans, assistant_coaches=assistant_coaches,
                    cheerleaders=cheerleaders, favoured_of=favoured_of, treasury=treasury, name=name)
    spec = check_team(raw, raw["race"], raw["treasury"])
    for entry, p in zip(raw["players"], spec.players, strict=True):
        entry["position"] = p.position.name  # the roster's spelling
    if spec.favoured_of is not None:
        raw["favoured_of"] = spec.favoured_of
    return raw


def team_file(
    race_name: str,
    players: Mapping[str, int] | Iterable[tuple[str, int]],
    *,
    rerolls: int = 0,
    apothecary: bool = False,
    dedicated_fans: int = 1,
    assistant_coaches: int = 0,
    cheerleaders: int = 0,
    favoured_of: str | None = None,
    treasury: int | None = None,
    name: str | None = None,
) -> dict[str, Any]:
    """`build_team`'s file before any team rule is checked (the web's builder checks it next,
    listing every broken rule); TeamError only for an unknown team, a count that is not a
    non-negative integer, or more than 16 players."""
    rules = creation_rules()
    budget = rules["treasury"] if treasury is None else treasury
    t = team(race_name)
    order = player_order(players, rules["max_players"])
    raw: dict[str, Any] = {
        "name": name or f"{t.name} team", "ruleset": BB2020_TEAMS, "race": t.key,
        "rerolls": rerolls, "apothecary": apothecary, "dedicated_fans": dedicated_fans,
        "assistant_coaches": assistant_coaches, "cheerleaders": cheerleaders,
    }
    if favoured_of is not None:
        raw["favoured_of"] = favoured_of
    raw["treasury"] = budget
    raw["players"] = [{"position": pos, "number": i + 1} for i, pos in enumerate(order)]
    return raw


def suggest_team(race_name: str, treasury: int | None = None, name: str | None = None,
                 favoured_of: str | None = None) -> dict[str, Any]:
    """A legal new team for the treasury: 2 re-rolls and the apothecary (where allowed) while
    affordable, then each positional of the roster in order up to its maximum while 11 players
    stay affordable, the cheapest lineman up to 11, then re-rolls up to 4 and more linemen up to
    16 with what is left. A "Favoured of..." team takes its
    first god unless `favoured_of` names one."""
    rules = creation_rules()
    budget = rules["treasury"] if treasury is None else treasury
    t = team(race_name)
    low = rules["min_players"]
    filler = min((p for p in t.positionals if p.max_qty >= low), key=lambda p: p.cost)
    money = budget - low * filler.cost
    if money < 0:
        raise TeamError(f"{t.key}: over budget: {budget:,} cannot buy {low} players "
                        f"({low} {plural(filler.name)} cost {low * filler.cost:,})")
    rerolls = min(2, money // t.reroll_cost)
    money -= rerolls * t.reroll_cost
    apothecary = t.apothecary and money >= rules["apothecary"]
    money -= rules["apothecary"] if apothecary else 0
    counts: Counter[str] = Counter()
    for pos in t.positionals:
        while (pos.max_qty < low and counts[pos.name] < pos.max_qty and sum(counts.values()) < low
               and money >= pos.cost - filler.cost):
            money -= pos.cost - filler.cost
            counts[pos.name] += 1
    counts[filler.name] += low - sum(counts.values())
    while rerolls < 4 and money >= t.reroll_cost:  # what is left: re-rolls, then more linemen
        money, rerolls = money - t.reroll_cost, rerolls + 1
    while money >= filler.cost and sum(counts.values()) < rules["max_players"] \
            and counts[filler.name] < filler.max_qty:
        money, counts[filler.name] = money - filler.cost, counts[filler.name] + 1
    god = favoured_of if favoured_of is not None else (t.favoured_of[0] if t.favoured_of else None)
    return build_team(t.key, [(p.name, counts[p.name]) for p in t.positionals if counts[p.name]],
                      rerolls=rerolls, apothecary=apothecary, favoured_of=god, treasury=budget,
                      name=name)
