"""Skills with a value: BB2020's Loner (X+), Bloodlust (X+), Dirty Player (+X), Mighty Blow
(+X) and Animosity (who). The native twin is skill_values.hpp.

A player's values come from his team spec (`PlayerSpec.values`, set by
`teams_bb2020_match.match_team` from the roster's printed values) into his `PlayerInfo.values`,
and are read by the skills' handlers through `skill_value`. Only values that differ from the
skill's default (`DEFAULTS`: LRB6's, which no LRB6 player changes) are kept, so LRB6 players,
positions and records are as they were. A position writes them in its player entry ("values":
[[skill name, value], ...]); the native engine keeps them on its `Player`.

Animosity's value is the set of team-mates it applies to, resolved when the team is dealt: bit
i stands for the team's i-th player (`TeamSpec.players` order, his own bit always set, so the
value is never 0); 0 (the default) is LRB6's rule, every team-mate of another race.

A match-time grant sets the value beside the granted skill in `PlayerInfo.values` and takes
both back when it ends: Bad Habits' Loner (2+) for a drive (`procedures.prayers.GIFTS`; the
player had no Loner, so his value was the default).
"""

from __future__ import annotations

import json
from fnmatch import fnmatchcase
from functools import cache
from importlib import resources
from typing import Any

from nuffle.core.errors import InputError
from nuffle.core.skills import Skill
from nuffle.core.state import GameState
from nuffle.core.teams import TeamError, TeamSpec

#: A player's values: (skill, value) pairs in skill order, each differing from its default.
SkillValues = tuple[tuple[Skill, int], ...]

#: Each valued skill and its default value (LRB6's: Loner 4+, Blood Lust 2+, +1, +1, races).
DEFAULTS: dict[Skill, int] = {
    Skill.DIRTY_PLAYER: 1,
    Skill.MIGHTY_BLOW: 1,
    Skill.ANIMOSITY: 0,
    Skill.BLOOD_LUST: 2,
    Skill.LONER: 4,
}

#: The range each value may take (Animosity: a mask of 16 team slots).
LIMITS: dict[Skill, tuple[int, int]] = {
    Skill.DIRTY_PLAYER: (1, 6),
    Skill.MIGHTY_BLOW: (1, 6),
    Skill.ANIMOSITY: (0, 0xFFFF),
    Skill.BLOOD_LUST: (1, 6),
    Skill.LONER: (1, 6),
}


def merged(*layers: SkillValues | dict[Skill, int]) -> SkillValues:
    """The values of `layers` (a later one's value wins), defaults left out, in skill order."""
    out: dict[Skill, int] = {}
    for layer in layers:
        out.update(layer.items() if isinstance(layer, dict) else layer)
    return tuple(sorted((sk, v) for sk, v in out.items() if DEFAULTS.get(sk) != v))


def skill_value(s: GameState, pid: int, skill: Skill) -> int:
    """`pid`'s value of `skill` (its default unless his team spec gave another)."""
    for sk, v in s.info[pid].values:
        if sk == skill:
            return v
    return DEFAULTS[skill]


def team_slot(s: GameState, pid: int) -> int:
    """`pid`'s index among his team's players (bit of an Animosity value)."""
    side = s.info[pid].team
    return pid - next(p.pid for p in s.info if p.team == side)


def animosity_against(s: GameState, giver: int, q: int, race_of: str, race_q: str) -> bool:
    """Whether `giver`'s Animosity applies to his team-mate `q`: LRB6's default, another race
    (`race_of`, `race_q`); a value, `q`'s bit in it."""
    who = skill_value(s, giver, Skill.ANIMOSITY)
    if who == 0:
        return race_of != race_q
    return bool(who >> team_slot(s, q) & 1)


@cache
def animosity_who() -> dict[str, tuple[str, ...]]:
    """Each printed Animosity "who" and the positional-name patterns of the team-mates it
    applies to (data/bb2020/animosity.json)."""
    raw = json.loads(resources.files("nuffle.data").joinpath("bb2020", "animosity.json").read_text())
    return {str(k): tuple(str(p) for p in v) for k, v in raw["who"].items()}


def animosity_mask(spec: TeamSpec, slot: int) -> int:
    """The Animosity value of `spec`'s player `slot`: the team's players (bits by their index)
    his printed "who" names, his own bit set; 0 where he has LRB6's (no "who")."""
    who = spec.players[slot].position.animosity
    if not who:
        return 0
    patterns = animosity_who().get(who)
    if patterns is None:
        raise TeamError(f"{spec.name}: unknown Animosity ({who})")
    mask = 1 << slot
    for i, p in enumerate(spec.players[:16]):
        if any(fnmatchcase(p.position.name, pat) for pat in patterns):
            mask |= 1 << i
    return mask


def player_values(spec: TeamSpec, slot: int) -> SkillValues:
    """The values `spec`'s player `slot` plays with: his positional's, his own (`PlayerSpec`),
    and his Animosity's team-mates (`animosity_mask`)."""
    ps = spec.players[slot]
    if not (ps.values or ps.position.values or ps.position.animosity):
        return ()  # every LRB6 player
    who = animosity_mask(spec, slot)
    return merged(ps.position.values, {Skill.ANIMOSITY: who} if who else {}, ps.values)


def values_to_json(values: SkillValues) -> list[list[Any]]:
    """The JSON form of a player's values: [[skill name, value], ...] in skill order."""
    return [[sk.name, v] for sk, v in values]


def values_from_json(raw: Any) -> SkillValues:
    """A player's values from their JSON form (`values_to_json`); InputError (a ValueError) in one line for a
    bad entry, a value out of its range, or entries not in skill order or at their default."""
    if not isinstance(raw, list):
        raise InputError("values must be a list of [skill name, value] pairs")
    out: list[tuple[Skill, int]] = []
    for item in raw:
        ok = isinstance(item, list) and len(item) == 2 and isinstance(item[0], str) and type(item[1]) is int
        sk = Skill.__members__.get(item[0]) if ok else None
        if sk is None or sk not in LIMITS or not LIMITS[sk][0] <= item[1] <= LIMITS[sk][1]:
            raise InputError(f"values has a bad entry {item!r}")
        out.append((sk, item[1]))
    values = merged(tuple(out))
    if values != tuple(out):
        raise InputError("values must be in skill order without defaults")
    return values
