"""Rosters (from the data file) and teams (from JSON team files) as immutable specs."""

from __future__ import annotations

import csv
import json
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources
from pathlib import Path

from nuffle.core.skills import Skill, skill_from_name, skill_label


@dataclass(frozen=True, slots=True)
class Positional:
    """One roster entry of a race."""

    race: str
    name: str
    max_qty: int
    cost: int
    ma: int
    st: int
    ag: int
    av: int
    skills: frozenset[Skill]


@dataclass(frozen=True, slots=True)
class PlayerSpec:
    """One player of a team: his positional, number and name."""

    position: Positional
    number: int
    name: str


@dataclass(frozen=True, slots=True)
class TeamSpec:
    """A team as it enters a match."""

    name: str
    race: str
    players: tuple[PlayerSpec, ...]
    rerolls: int
    apothecary: bool
    fan_factor: int
    cheerleaders: int
    assistant_coaches: int


def implemented_skills() -> frozenset[Skill]:
    """Skills whose rules the engine implements."""
    from nuffle.core.hooks import implemented

    return implemented()


def race_key(name: str) -> str:
    """Normalise a race name to its CLI form: lowercase with hyphens."""
    return name.strip().lower().replace(" ", "-")


@lru_cache(maxsize=1)
def rosters() -> dict[str, dict[str, Positional]]:
    """Every race's positionals, keyed by race key then positional name."""
    text = resources.files("nuffle.data").joinpath("rosters.csv").read_text()
    out: dict[str, dict[str, Positional]] = {}
    for row in csv.DictReader(text.splitlines()):
        skills = frozenset(skill_from_name(s) for s in row["skills"].split(";") if s.strip())
        pos = Positional(
            race=race_key(row["race"]),
            name=row["position"],
            max_qty=int(row["max_qty"]),
            cost=int(row["cost"]),
            ma=int(row["ma"]),
            st=int(row["st"]),
            ag=int(row["ag"]),
            av=int(row["av"]),
            skills=skills,
        )
        out.setdefault(pos.race, {})[pos.name] = pos
    return out


def available_teams() -> list[str]:
    """Race keys that have a shipped default team file."""
    folder = resources.files("nuffle.data").joinpath("teams")
    return sorted(p.name[: -len(".json")] for p in folder.iterdir() if p.name.endswith(".json"))


def load_team(race_or_path: str) -> TeamSpec:
    """Load a team by race key (shipped default team) or from a JSON file path."""
    path = Path(race_or_path)
    if path.suffix == ".json" and path.exists():
        raw = json.loads(path.read_text())
        source = str(path)
    else:
        key = race_key(race_or_path)
        res = resources.files("nuffle.data").joinpath("teams", f"{key}.json")
        if not res.is_file():
            raise ValueError(
                f"no team for {race_or_path!r}: choose one of {', '.join(available_teams())} "
                "or give a team .json file"
            )
        raw = json.loads(res.read_text())
        source = key
    return team_from_dict(raw, source)


def team_from_dict(raw: dict[str, object], source: str = "team") -> TeamSpec:
    """Build a `TeamSpec` from its JSON form; raises ValueError naming the problem."""
    race = race_key(str(raw.get("race", "")))
    table = rosters().get(race)
    if table is None:
        raise ValueError(f"{source}: unknown race {raw.get('race')!r}")
    players_raw = raw.get("players")
    if not isinstance(players_raw, list) or not players_raw:
        raise ValueError(f"{source}: 'players' must be a non-empty list")
    players: list[PlayerSpec] = []
    for i, entry in enumerate(players_raw):
        if not isinstance(entry, dict) or "position" not in entry:
            raise ValueError(f"{source}: player {i} needs a 'position'")
        pos = table.get(str(entry["position"]))
        if pos is None:
            raise ValueError(f"{source}: {race} has no positional {entry['position']!r}")
        missing = pos.skills - implemented_skills()
        if missing:
            names = ", ".join(sorted(skill_label(s) for s in missing))
            raise ValueError(f"{source}: {pos.name} needs skills not implemented yet: {names}")
        number = int(entry.get("number", i + 1))
        name = str(entry.get("name", f"{pos.name} #{number}"))
        players.append(PlayerSpec(pos, number, name))

    def _int(key: str, default: int) -> int:
        value = raw.get(key, default)
        if not isinstance(value, int) or isinstance(value, bool) or value < 0:
            raise ValueError(f"{source}: {key!r} must be a non-negative integer")
        return value

    return TeamSpec(
        name=str(raw.get("name", race.title())),
        race=race,
        players=tuple(players),
        rerolls=_int("rerolls", 0),
        apothecary=bool(raw.get("apothecary", False)),
        fan_factor=_int("fan_factor", 0),
        cheerleaders=_int("cheerleaders", 0),
        assistant_coaches=_int("assistant_coaches", 0),
    )
