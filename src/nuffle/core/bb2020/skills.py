"""The BB2020 skill catalogue (`data/bb2020/skills.json`): every skill of the five categories
in the order of its random-skill table, and every trait, with its use (mandatory, optional,
passive), its change from LRB6 and, for a parameterised one, the kind of value a roster gives
with it ("Mighty Blow (+1)", "Loner (4+)", "Animosity (all team-mates)").

It is data apart from the engines' `Skill` enum (LRB6's, shared with the C++ engine and the
observation layouts): BB2020 skills are named here by their printed names.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources
from typing import Any

from nuffle.core.teams import TeamError

CATEGORIES = "AGMPS"  # Agility, General, Mutation, Passing, Strength
TRAIT = "T"  # the category letter of a trait (never gained by advancement)
USES = frozenset({"M", "O", "P"})
# The value each parameter kind takes: "+1", "3+", or a free text naming whom it concerns.
_PARAMETER = {"+X": re.compile(r"\+[1-9]"), "X+": re.compile(r"[1-6]\+"), "who": re.compile(r".+")}
_LABEL = re.compile(r"^(.*?)\s*\((.*)\)$")
SOURCE = "data/bb2020/skills.json"


@dataclass(frozen=True, slots=True)
class SkillDef:
    """One skill or trait of the catalogue."""

    name: str
    category: str  # A, G, M, P, S, or T for a trait
    use: str  # M mandatory, O optional, P passive
    change: str  # from LRB6: same, changed, new, renamed (from ...)
    parameter: str | None = None  # "+X", "X+" or "who" for a skill that carries a value

    @property
    def trait(self) -> bool:
        """A trait: never taken as an advancement."""
        return self.category == TRAIT


@dataclass(frozen=True, slots=True)
class Catalogue:
    """Every BB2020 skill and trait by name, and each category's 12 skills in table order."""

    categories: dict[str, str]  # letter -> name
    skills: dict[str, SkillDef]
    table: dict[str, tuple[str, ...]]  # category letter -> its 12 skills, random-table order

    def get(self, name: str) -> SkillDef | None:
        """The skill or trait called `name` (exact printed name, without its value)."""
        return self.skills.get(name)


@dataclass(frozen=True, slots=True)
class RosterSkill:
    """A skill as a roster gives it: the catalogue entry and its value, if any."""

    skill: SkillDef
    value: str | None = None

    @property
    def label(self) -> str:
        """The roster's spelling, e.g. "Mighty Blow (+1)"."""
        return f"{self.skill.name} ({self.value})" if self.value is not None else self.skill.name


def parse_catalogue(raw: Any, source: str = SOURCE) -> Catalogue:
    """The catalogue from its JSON form; TeamError naming `source` and the entry if malformed."""
    if not isinstance(raw, dict) or not isinstance(raw.get("categories"), dict):
        raise TeamError(f"{source}: needs a 'categories' object")
    names = {str(k): str(v) for k, v in raw["categories"].items()}
    if sorted(names) != sorted(CATEGORIES):
        raise TeamError(f"{source}: categories must be {', '.join(CATEGORIES)}, not {', '.join(names)}")
    skills: dict[str, SkillDef] = {}
    table: dict[str, tuple[str, ...]] = {}
    for letter in [*CATEGORIES, "traits"]:
        entries = raw.get(letter)
        if not isinstance(entries, list):
            raise TeamError(f"{source}: needs a list {letter!r}")
        category = TRAIT if letter == "traits" else letter
        if category != TRAIT and len(entries) != 12:
            raise TeamError(f"{source}: category {letter} has {len(entries)} skills, not 12")
        for i, entry in enumerate(entries):
            skill = _entry(entry, category, f"{source}: {letter} entry {i + 1}")
            if skill.name in skills:
                raise TeamError(f"{source}: {letter} entry {i + 1}: {skill.name!r} is listed twice")
            skills[skill.name] = skill
        if category != TRAIT:
            table[letter] = tuple(str(e["name"]) for e in entries)
    return Catalogue(names, skills, table)


def _entry(entry: Any, category: str, where: str) -> SkillDef:
    if not isinstance(entry, dict) or not isinstance(entry.get("name"), str) or not entry["name"].strip():
        raise TeamError(f"{where}: needs a 'name'")
    use, parameter = entry.get("use"), entry.get("parameter")
    if use not in USES:
        raise TeamError(f"{where} ({entry['name']}): 'use' must be one of M, O, P, not {use!r}")
    if parameter is not None and parameter not in _PARAMETER:
        raise TeamError(f"{where} ({entry['name']}): 'parameter' must be one of "
                        f"{', '.join(_PARAMETER)}, not {parameter!r}")
    return SkillDef(entry["name"], category, use, str(entry.get("change", "")), parameter)


@lru_cache(maxsize=1)
def catalogue() -> Catalogue:
    """The shipped catalogue (read once)."""
    text = resources.files("nuffle.data").joinpath("bb2020", "skills.json").read_text()
    return parse_catalogue(json.loads(text))


def roster_skill(label: str, cat: Catalogue | None = None) -> RosterSkill:
    """The catalogue skill a roster names, e.g. "Loner (4+)"; TeamError if it is not in the
    catalogue or its value does not fit (a missing, unwanted or malformed value)."""
    c = cat if cat is not None else catalogue()
    label = label.strip()
    skill, value = c.get(label), None
    if skill is None:
        m = _LABEL.match(label)
        if m is not None and (found := c.get(m.group(1))) is not None:
            skill, value = found, m.group(2).strip()
    if skill is None:
        raise TeamError(f"unknown BB2020 skill {label!r} (not in {SOURCE})")
    if skill.parameter is None and value is not None:
        raise TeamError(f"{skill.name} takes no value, not {label!r}")
    if skill.parameter is not None:
        if value is None:
            raise TeamError(f"{skill.name} needs a value, e.g. {skill.name} ({_example(skill.parameter)})")
        if not _PARAMETER[skill.parameter].fullmatch(value):
            raise TeamError(f"{label!r}: {skill.name}'s value must look like "
                            f"({_example(skill.parameter)})")
    return RosterSkill(skill, value)


def _example(parameter: str) -> str:
    return {"+X": "+1", "X+": "4+"}.get(parameter, "all team-mates")
