"""A BB2020 team's match form: the JSON a record, a position or a web game keeps of a BB2020
team as it entered a match, and the `TeamSpec` rebuilt from it with BB2020's rosters.

`nuffle.core.teams.team_to_dict` writes it for a `TeamSpec` whose `ruleset` is "bb2020" (a team
of `nuffle.teams_bb2020_match.match_team`) and `team_from_dict` reads it back here when the form
names `"ruleset": "bb2020"`, so every reader of a team's form (records, positions, the web)
rebuilds a BB2020 team from BB2020's rosters. The form is a BB2020 team file's (`race`,
`rerolls`, `apothecary`, `dedicated_fans`, `cheerleaders`, `assistant_coaches`, `players`) with
what a played team adds: per player `skills` (gained), `changes` (MA, ST, AG, AV) and
`niggles`, the team's `inducements` and `prayers`. The engines' positionals come from
`engine_positional`, which `match_team` uses as well, so a team reads back equal.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from nuffle.core.bb2020.rosters import Positional as Positional2020
from nuffle.core.bb2020.rosters import team as roster_team
from nuffle.core.hooks import implemented
from nuffle.core.skill_values import DEFAULTS, animosity_who, merged, values_from_json, values_to_json
from nuffle.core.skills import Skill
from nuffle.core.team_fields import TeamError, check_keys, check_limits, count_field, number_and_name
from nuffle.core.teams import (
    BB2020_TEAMS,
    MAX_PLAYERS,
    Inducements,
    PlayerSpec,
    Positional,
    TeamSpec,
    played_changes,
    skill_name,
)

#: BB2020 printed names of skills the engines know under their LRB6 name.
RENAMED = {"Sidestep": Skill.SIDE_STEP, "Bloodlust": Skill.BLOOD_LUST, "Ball & Chain": Skill.BALL_AND_CHAIN}

_TEAM_KEYS = frozenset({"name", "ruleset", "race", "rerolls", "apothecary", "dedicated_fans",
                        "cheerleaders", "assistant_coaches", "inducements", "prayers", "players"})
_PLAYER_KEYS = frozenset({"position", "number", "name", "skills", "changes", "niggles", "values"})
_MAX_REROLLS = 8


def engine_skill(name: str) -> Skill | None:
    """The engines' skill for a BB2020 skill or trait (printed name, without its value), or
    None where the engines have none."""
    if name in RENAMED:
        return RENAMED[name]
    ident = re.sub(r"[^A-Z0-9]+", "_", name.upper().replace("'", "")).strip("_")
    return Skill.__members__.get(ident)


def skill_values(p: Positional2020) -> tuple[tuple[tuple[Skill, int], ...], str]:
    """The engines' values of a BB2020 positional's printed skill values (`skill_values`):
    the numbers of Loner (X+), Bloodlust (X+), Dirty Player (+X) and Mighty Blow (+X) other
    than their defaults, and Animosity's "who" as printed; TeamError for one they cannot read."""
    values: dict[Skill, int] = {}
    who = ""
    for rs in p.skills:
        sk = engine_skill(rs.skill.name)
        if rs.value is None or sk is None:
            continue
        if sk == Skill.ANIMOSITY:
            if rs.value not in animosity_who():
                raise TeamError(f"{p.team}: {p.name}'s Animosity ({rs.value}) names no known team-mates")
            who = rs.value
            continue
        number = re.fullmatch(r"\+?([1-6])\+?", rs.value)
        if sk not in DEFAULTS or number is None:
            raise TeamError(f"{p.team}: {p.name}'s {rs.label} has a value the engines cannot read")
        values[sk] = int(number.group(1))
    return merged(values), who


def engine_positional(p: Positional2020) -> tuple[Positional, frozenset[str]]:
    """The engines' form of a BB2020 positional (AG, PA and AV as the X of "X+") and the
    printed names of its skills the engines lack (no handler: inert on his players)."""
    skills = set()
    missing = set()
    done = implemented()
    for rs in p.skills:
        sk = engine_skill(rs.skill.name)
        if sk is None:  # every roster skill is a Skill (tests/bb2020): a new roster's would be
            raise TeamError(f"{p.team}: {rs.skill.name} is not a skill the engines know")
        if sk not in done:
            missing.add(rs.skill.name)
        skills.add(sk)
    values, who = skill_values(p)
    pos = Positional(p.team, p.name, p.max_qty, p.cost, p.ma, p.st, p.ag, p.av, frozenset(skills),
                     p.primary, p.secondary, pa=p.pa or 0, values=values, animosity=who)
    return pos, frozenset(missing)


def team_to_dict(spec: TeamSpec, treasury: int | None = None) -> dict[str, Any]:
    """The match form of a BB2020 `TeamSpec` (`team_from_dict` reads it back equal)."""
    out: dict[str, Any] = {
        "ruleset": BB2020_TEAMS,
        "name": spec.name,
        "race": spec.race,
        "rerolls": spec.rerolls,
        "apothecary": spec.apothecary,
        "dedicated_fans": spec.fan_factor,
        "cheerleaders": spec.cheerleaders,
        "assistant_coaches": spec.assistant_coaches,
    }
    if spec.inducements != Inducements():
        out["inducements"] = spec.inducements.to_dict()
    if spec.prayers:
        out["prayers"] = list(spec.prayers)
    if treasury is not None:
        out["treasury"] = treasury
    players = []
    for p in spec.players:
        entry: dict[str, Any] = {"position": p.position.name, "number": p.number, "name": p.name}
        if p.extra_skills:
            entry["skills"] = sorted(skill_name(s) for s in p.extra_skills)
        if p.changes != (0, 0, 0, 0):
            entry["changes"] = list(p.changes)
        if p.niggles:
            entry["niggles"] = p.niggles
        if p.values:
            entry["values"] = values_to_json(p.values)
        players.append(entry)
    out["players"] = players
    return out


def team_from_dict(raw: Mapping[str, Any], source: str = "team") -> TeamSpec:
    """The `TeamSpec` of a BB2020 team's match form, its positionals from BB2020's rosters;
    TeamError in one line naming the first broken rule or the skills the engines lack."""
    unknown = sorted(k for k in raw if k not in _TEAM_KEYS | {"treasury"} and not str(k).startswith("_"))
    if unknown:
        raise TeamError(f"{source}: unknown key {unknown[0]!r} in a BB2020 team "
                        f"(keys: {', '.join(sorted(_TEAM_KEYS))})")
    try:
        t = roster_team(str(raw.get("race", "")))
    except TeamError as exc:
        raise TeamError(f"{source}: {exc}") from None
    entries = raw.get("players")
    if not isinstance(entries, list) or not entries:
        raise TeamError(f"{source}: 'players' must be a non-empty list")
    if len(entries) > MAX_PLAYERS:
        raise TeamError(f"{source}: {len(entries)} players exceeds the maximum of {MAX_PLAYERS}")
    by_name = {p.name: p for p in t.positionals}
    built: dict[str, Positional] = {}
    missing: set[str] = set()
    players: list[PlayerSpec] = []
    numbers: set[int] = set()
    for i, entry in enumerate(entries):
        where = f"{source}: player {i + 1}"
        if not isinstance(entry, dict) or "position" not in entry:
            raise TeamError(f"{where} needs a 'position'")
        check_keys(entry, _PLAYER_KEYS, where)
        name = str(entry["position"])
        if name not in by_name:
            raise TeamError(f"{where}: {t.name} has no positional {name!r} "
                            f"(choose one of {', '.join(by_name)})")
        pos = built.get(name)
        if pos is None:
            pos, lacks = engine_positional(by_name[name])
            built[name] = pos
            missing |= lacks
        number, label = number_and_name(entry, i, numbers, f"{pos.name} #{{}}".format, where)
        extra, changes, niggles = played_changes(entry, where)
        missing |= {skill_name(s) for s in extra - implemented()}
        try:
            values = values_from_json(entry.get("values", []))
        except ValueError as exc:
            raise TeamError(f"{where}: {exc}") from None
        players.append(PlayerSpec(pos, number, label, extra, changes, niggles, values=values))
    check_limits((ps.position.name for ps in players), t.positionals, t.name, source)
    if missing:
        raise TeamError(f"{source}: BB2020 skills not implemented by the engines: "
                        f"{', '.join(sorted(missing))}")
    apothecary = raw.get("apothecary", False)
    if not isinstance(apothecary, bool) or (apothecary and not t.apothecary):
        raise TeamError(f"{source}: 'apothecary' must be true or false (and false for {t.name}), "
                        f"not {apothecary!r}")
    name = raw.get("name", t.name)
    if not isinstance(name, str) or not name.strip():
        raise TeamError(f"{source}: 'name' must be a non-empty string")
    return TeamSpec(
        name, t.key, tuple(players), count_field(raw, "rerolls", 0, source, _MAX_REROLLS), apothecary,
        count_field(raw, "dedicated_fans", 1, source), count_field(raw, "cheerleaders", 0, source),
        count_field(raw, "assistant_coaches", 0, source), _inducements(raw.get("inducements", {}), source),
        _prayers(raw.get("prayers", []), source), ruleset=BB2020_TEAMS,
    )


def _inducements(raw: Any, source: str) -> Inducements:
    """A BB2020 team's `inducements` object (what it brought to the match)."""
    if not isinstance(raw, dict):
        raise TeamError(f"{source}: 'inducements' must be an object")
    base = Inducements()
    values: dict[str, Any] = {}
    for key, value in raw.items():
        if key not in Inducements.__slots__:
            raise TeamError(f"{source}: unknown inducement {key!r} "
                            f"(one of {', '.join(Inducements.__slots__)})")
        flag = isinstance(getattr(base, key), bool)
        ok = isinstance(value, bool) if flag else isinstance(value, int) and not isinstance(value, bool) \
            and 0 <= value <= 9
        if not ok:
            raise TeamError(f"{source}: inducement {key!r} must be "
                            f"{'true or false' if flag else 'an integer from 0 to 9'}, not {value!r}")
        values[key] = value
    return Inducements(**values)


def _prayers(raw: Any, source: str) -> tuple[str, ...]:
    """A BB2020 team's `prayers` (names; the match checks them against the ruleset's table)."""
    if not isinstance(raw, list) or not all(isinstance(p, str) for p in raw):
        raise TeamError(f"{source}: 'prayers' must be a list of prayer names, not {raw!r}")
    return tuple(raw)
