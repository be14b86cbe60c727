"""Inducements (RULES §16.6, TABLES §16): their limits and costs, the 70 star players (data file
`data/stars.json`), and mercenaries. The engine applies the effects: Bloodweiser Babes in KO
recovery, Bribes, Extra Team Training and Wandering Apothecaries at the start of the match or
half, the Halfling Master Chef (`procedures/inducements.py`), Igor in the Regeneration roll,
the Wizard's spells in a team turn (`procedures/wizard.py`).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any

from nuffle.core.skills import Skill, skill_from_name
from nuffle.core.teams import STAR, Inducements, Positional, Race, TeamError, race, race_key

# (field, maximum, cost); reduced costs below.
LIMITS = {"babes": 2, "bribes": 3, "training": 4, "chef": 1, "igor": 1, "apothecaries": 2, "wizard": 1}
COSTS = {"babes": 50_000, "bribes": 100_000, "training": 100_000, "chef": 300_000, "igor": 100_000,
         "apothecaries": 100_000, "wizard": 150_000}
#: The inducements a team has or has not (true or false in a team file).
FLAGS = ("chef", "igor", "wizard")
REDUCED = {("bribes", "goblin"): 50_000, ("chef", "halfling"): 100_000}
MERCENARY_FEE = 30_000
MERCENARY_SKILL_FEE = 50_000


def cost(item: str, race_key: str) -> int:
    """What one of `item` costs a team of `race_key`."""
    return REDUCED.get((item, race_key), COSTS[item])


def inducements_from_dict(raw: Any, r: Race, source: str) -> Inducements:
    """Check and read a team file's `inducements` object."""
    if not isinstance(raw, dict):
        raise TeamError(f"{source}: 'inducements' must be an object")
    unknown = sorted(set(raw) - set(LIMITS))
    if unknown:
        raise TeamError(f"{source}: unknown inducement {unknown[0]!r} (one of {', '.join(LIMITS)})")
    values: dict[str, int | bool] = {}
    for key, most in LIMITS.items():
        v = raw.get(key, 0)
        if key in FLAGS:
            if not isinstance(v, bool) and v not in (0, 1):
                raise TeamError(f"{source}: inducement {key!r} must be true or false, not {v!r}")
            values[key] = bool(v)
            continue
        if not isinstance(v, int) or isinstance(v, bool) or not 0 <= v <= most:
            raise TeamError(f"{source}: inducement {key!r} must be from 0 to {most}, not {v!r}")
        values[key] = v
    if values["igor"] and r.apothecary:
        raise TeamError(f"{source}: only teams that may not have an apothecary induce Igor, not {r.name}")
    if values["apothecaries"] and not r.apothecary:
        raise TeamError(f"{source}: {r.name} teams may not induce Wandering Apothecaries")
    return Inducements(**values)  # type: ignore[arg-type]


@dataclass(frozen=True, slots=True)
class Star:
    """A star player: his positional (race 'star'), the races that may induce him, the
    skills the engine does not know (he cannot be induced while there are any) and whether
    LRB6 has him (the rules reference marks the stars of later publications 'not in LRB6')."""

    position: Positional
    races: frozenset[str]
    unknown: tuple[str, ...]
    lrb6: bool = True


@cache
def stars() -> dict[str, Star]:
    """Every star player by name."""
    raw = json.loads(resources.files("nuffle.data").joinpath("stars.json").read_text())
    everyone = frozenset(race_key(r) for r in _race_names())
    out: dict[str, Star] = {}
    for s in raw["stars"]:
        skills: set[Skill] = set()
        unknown: list[str] = []
        for label in s["skills"]:
            try:
                skills.add(skill_from_name(label))
            except ValueError:
                unknown.append(label)
        if "all_except" in s:
            races = everyone - {race_key(r) for r in s["all_except"]}
        else:
            races = frozenset(race_key(r) for r in s["races"])
        pos = Positional(STAR, s["name"], 1, s["cost"], s["ma"], s["st"], s["ag"], s["av"], frozenset(skills))
        out[s["name"]] = Star(pos, races, tuple(unknown), bool(s.get("lrb6", True)))
    return out


def ruleset_stars(name: str) -> dict[str, Star]:
    """The star players ruleset `name` has, by name. Every ruleset the engine plays is LRB6 or
    derived from it (`Ruleset.derive` changes tables and skill handlers, not rosters), so its
    stars are LRB6's; RulesetError for an unknown name."""
    from nuffle.core.ruleset import ruleset

    ruleset(name)
    return {k: s for k, s in stars().items() if s.lrb6}


def _race_names() -> list[str]:
    from nuffle.core.teams import races

    return [r.name for r in races().values()]


def star_player(name: str, race_name: str, where: str = "star") -> Positional:
    """The positional of star `name` for a team of `race_name`; TeamError naming the problem."""
    found = stars().get(name)
    if found is None:
        raise TeamError(f"{where}: unknown star player {name!r}")
    r = race(race_name)
    if r.key not in found.races:
        raise TeamError(f"{where}: {name} does not play for {r.name} teams")
    if found.unknown:
        raise TeamError(f"{where}: {name} has skills the engine does not know: {', '.join(found.unknown)}")
    return found.position


def mercenary_cost(position: Positional, skill: bool) -> int:
    """A mercenary's price: the positional's cost + 30,000 (+ 50,000 for one extra skill)."""
    return position.cost + MERCENARY_FEE + (MERCENARY_SKILL_FEE if skill else 0)
