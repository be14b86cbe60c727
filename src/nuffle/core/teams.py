"""Rosters (from the data file), teams (from JSON team files) and the team builder.

* `races()` / `race(key)`: the 24 rosters of `data/rosters.csv` (positionals, limits, costs,
  stats, starting skills, skill access, re-roll cost, whether an apothecary is allowed).
* `team_from_dict` / `load_team`: a team file as it enters a match. It must obey every rule a
  team always obeys (known race and positionals, positional limits, at most 16 players, unique
  player numbers, non-negative counts, at most 8 re-rolls, an apothecary only where the roster
  allows one) and use only skills the engine implements.
* `creation_problems` / `check_team` / `build_team`: the LRB6 team-creation rules on top of
  that (11-16 players, everything paid from the treasury, Fan Factor at most 9). Played teams
  are not held to them: league teams grow past 1,000,000 and may shrink below 11 players.

Every error is a `TeamError` (a `ValueError`) whose message names the rule it breaks, e.g.
"3 Blitzers exceeds the limit of 2 for Dark Elf".
"""

from __future__ import annotations

import csv
import json
from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources
from pathlib import Path
from typing import Any

from nuffle.core.skills import Skill, skill_from_name, skill_label

TREASURY = 1_000_000
MIN_PLAYERS = 11
MAX_PLAYERS = 16
MAX_REROLLS = 8
MAX_FAN_FACTOR = 9
APOTHECARY_COST = 50_000
FAN_FACTOR_COST = 10_000
ASSISTANT_COACH_COST = 10_000
CHEERLEADER_COST = 10_000

_TEAM_KEYS = frozenset(
    {"name", "race", "rerolls", "apothecary", "fan_factor", "cheerleaders", "assistant_coaches",
     "players", "treasury"}
)
_PLAYER_KEYS = frozenset({"position", "number", "name"})


class TeamError(ValueError):
    """A team breaks a rule; the message names it."""


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
    normal: str = ""  # skill categories on a normal improvement roll (G, A, S, P, M)
    double: str = ""  # additional categories on a double


@dataclass(frozen=True, slots=True)
class Race:
    """A roster: its name, re-roll cost, apothecary rule and positionals (cheapest 0-16 first)."""

    key: str
    name: str
    reroll_cost: int
    apothecary: bool
    positionals: tuple[Positional, ...]

    def positional(self, name: str) -> Positional | None:
        """The positional called `name` (exact, else ignoring case, spaces and hyphens)."""
        for p in self.positionals:
            if p.name == name:
                return p
        key = race_key(name)
        for p in self.positionals:
            if race_key(p.name) == key:
                return p
        return None


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
    return "-".join(name.strip().lower().replace("_", " ").split())


def plural(name: str, n: int = 2) -> str:
    """'Blitzer' -> 'Blitzers', 'Lineman' -> 'Linemen', 'Witch Elf' -> 'Witch Elves'."""
    if n == 1:
        return name
    head, sep, tail = name.partition(" of ")
    if sep:
        return plural(head) + sep + tail
    if name.endswith("man"):
        return name[:-3] + "men"
    if name.endswith("Elf"):
        return name[:-1] + "ves"
    if name.endswith("y") and name[-2:-1] not in "aeiou":
        return name[:-1] + "ies"
    if name.endswith("s"):
        return name
    return name + "s"


@lru_cache(maxsize=1)
def skill_categories() -> tuple[dict[str, str], dict[Skill, tuple[str, str]]]:
    """Category names by letter (G, A, P, S, M, E) and each skill's (letter, name), from
    `data/skill_categories.json`."""
    raw = json.loads(resources.files("nuffle.data").joinpath("skill_categories.json").read_text())
    names: dict[str, str] = raw["categories"]
    out: dict[Skill, tuple[str, str]] = {}
    for letter in names:
        for label in raw[letter]:
            out[skill_from_name(label)] = (letter, label)
    return names, out


def skill_name(skill: Skill) -> str:
    """A skill's name as the rosters write it, e.g. "Nerves of Steel", "Nurgle's Rot"."""
    found = skill_categories()[1].get(skill)
    return found[1] if found else skill_label(skill)


# --- rosters -----------------------------------------------------------------------------------


@lru_cache(maxsize=1)
def races() -> dict[str, Race]:
    """Every race by key (amazon, chaos, chaos-dwarf, ...), in data-file order."""
    text = resources.files("nuffle.data").joinpath("rosters.csv").read_text()
    rows: dict[str, list[dict[str, str]]] = {}
    for row in csv.DictReader(text.splitlines()):
        rows.setdefault(row["race"], []).append(row)
    out: dict[str, Race] = {}
    for name, entries in rows.items():
        key = race_key(name)
        positionals = tuple(
            Positional(
                race=key,
                name=r["position"],
                max_qty=int(r["max_qty"]),
                cost=int(r["cost"]),
                ma=int(r["ma"]),
                st=int(r["st"]),
                ag=int(r["ag"]),
                av=int(r["av"]),
                skills=frozenset(skill_from_name(s) for s in r["skills"].split(";") if s.strip()),
                normal=r["normal_access"],
                double=r["double_access"],
            )
            for r in entries
        )
        first = entries[0]
        out[key] = Race(key, name, int(first["reroll_cost"]), first["apothecary"] == "true", positionals)
    return out


def race(name: str) -> Race:
    """The race called `name` (any case, spaces or hyphens); TeamError if unknown."""
    found = races().get(race_key(name))
    if found is None:
        raise TeamError(f"unknown race {name!r}: choose one of {', '.join(races())}")
    return found


def rosters() -> dict[str, dict[str, Positional]]:
    """Every race's positionals, keyed by race key then positional name."""
    return {k: {p.name: p for p in r.positionals} for k, r in races().items()}


# --- team files --------------------------------------------------------------------------------


def available_teams() -> list[str]:
    """Race keys that have a shipped default team file."""
    folder = resources.files("nuffle.data").joinpath("teams")
    return sorted(p.name[: -len(".json")] for p in folder.iterdir() if p.name.endswith(".json"))


def default_team_dict(race_name: str) -> dict[str, Any]:
    """The JSON form of a race's shipped default team."""
    key = race_key(race_name)
    res = resources.files("nuffle.data").joinpath("teams", f"{key}.json")
    if not res.is_file():
        raise TeamError(
            f"no team for {race_name!r}: choose one of {', '.join(available_teams())} "
            "or give a team .json file"
        )
    raw: dict[str, Any] = json.loads(res.read_text())
    return raw


def read_team_file(path: str | Path) -> dict[str, Any]:
    """The JSON object of a team file; TeamError if it cannot be read."""
    p = Path(path)
    try:
        raw = json.loads(p.read_text())
    except OSError as exc:
        raise TeamError(f"{p}: cannot read the file ({exc.strerror})") from exc
    except json.JSONDecodeError as exc:
        raise TeamError(f"{p}: not valid JSON ({exc.msg} at line {exc.lineno})") from exc
    if not isinstance(raw, dict):
        raise TeamError(f"{p}: a team file must hold a JSON object")
    return raw


def load_team(race_or_path: str) -> TeamSpec:
    """Load a team by race key (shipped default team) or from a JSON file path."""
    path = Path(race_or_path)
    if path.suffix == ".json" and path.exists():
        return team_from_dict(read_team_file(path), str(path))
    return team_from_dict(default_team_dict(race_or_path), race_key(race_or_path))


def _count(raw: Mapping[str, Any], key: str, default: int, source: str, most: int | None = None) -> int:
    value = raw.get(key, default)
    if not isinstance(value, int) or isinstance(value, bool) or value < 0:
        raise TeamError(f"{source}: {key!r} must be a non-negative integer, not {value!r}")
    if most is not None and value > most:
        raise TeamError(f"{source}: {value} {key.replace('_', ' ')} exceeds the maximum of {most}")
    return value


def team_from_dict(raw: Mapping[str, Any], source: str = "team") -> TeamSpec:
    """Build a `TeamSpec` from its JSON form; raises TeamError naming the broken rule.

    Teams using a skill the engine does not implement yet are rejected (after every other
    rule has been checked)."""
    spec = parse_team(raw, source)
    have = implemented_skills()
    need: dict[str, frozenset[Skill]] = {}
    for ps in spec.players:
        missing = ps.position.skills - have
        if missing:
            need[ps.position.name] = missing
    if need:
        parts = "; ".join(
            f"{pos} needs {', '.join(sorted(skill_name(s) for s in sks))}" for pos, sks in need.items()
        )
        raise TeamError(f"{source}: skills not implemented yet: {parts}")
    return spec


def parse_team(raw: Mapping[str, Any], source: str = "team") -> TeamSpec:
    """`team_from_dict` without the implemented-skills check (for the builder and docs)."""
    if not isinstance(raw, Mapping):
        raise TeamError(f"{source}: a team must be a JSON object")
    unknown = sorted(k for k in raw if k not in _TEAM_KEYS and not str(k).startswith("_"))
    if unknown:
        raise TeamError(f"{source}: unknown key {unknown[0]!r} (keys: {', '.join(sorted(_TEAM_KEYS))})")
    try:
        r = race(str(raw.get("race", "")))
    except TeamError as exc:
        raise TeamError(f"{source}: {exc}") from None
    players_raw = raw.get("players")
    if not isinstance(players_raw, list) or not players_raw:
        raise TeamError(f"{source}: 'players' must be a non-empty list")
    if len(players_raw) > MAX_PLAYERS:
        raise TeamError(f"{source}: {len(players_raw)} players exceeds the maximum of {MAX_PLAYERS}")
    players: list[PlayerSpec] = []
    numbers: set[int] = set()
    for i, entry in enumerate(players_raw):
        where = f"{source}: player {i + 1}"
        if not isinstance(entry, dict) or "position" not in entry:
            raise TeamError(f"{where} needs a 'position'")
        bad = sorted(k for k in entry if k not in _PLAYER_KEYS and not str(k).startswith("_"))
        if bad:
            raise TeamError(f"{where}: unknown key {bad[0]!r} (keys: position, number, name)")
        pos = r.positional(str(entry["position"]))
        if pos is None:
            raise TeamError(
                f"{where}: {r.name} has no positional {entry['position']!r} "
                f"(choose one of {', '.join(p.name for p in r.positionals)})"
            )
        number = entry.get("number", i + 1)
        if not isinstance(number, int) or isinstance(number, bool) or not 1 <= number <= 99:
            raise TeamError(f"{where}: number must be an integer from 1 to 99, not {number!r}")
        if number in numbers:
            raise TeamError(f"{where}: number {number} is used twice")
        numbers.add(number)
        name = entry.get("name", f"{pos.name} #{number}")
        if not isinstance(name, str) or not name.strip():
            raise TeamError(f"{where}: name must be a non-empty string")
        players.append(PlayerSpec(pos, number, name))
    counts = Counter(ps.position.name for ps in players)
    for pos in r.positionals:
        n = counts.get(pos.name, 0)
        if n > pos.max_qty:
            raise TeamError(
                f"{source}: {n} {plural(pos.name, n)} exceeds the limit of {pos.max_qty} for {r.name}"
            )
    apothecary = raw.get("apothecary", False)
    if not isinstance(apothecary, bool):
        raise TeamError(f"{source}: 'apothecary' must be true or false, not {apothecary!r}")
    if apothecary and not r.apothecary:
        raise TeamError(f"{source}: apothecary not allowed for {r.name}")
    name = raw.get("name", r.name)
    if not isinstance(name, str) or not name.strip():
        raise TeamError(f"{source}: 'name' must be a non-empty string")
    if "treasury" in raw:
        _count(raw, "treasury", TREASURY, source)
    return TeamSpec(
        name=name,
        race=r.key,
        players=tuple(players),
        rerolls=_count(raw, "rerolls", 0, source, MAX_REROLLS),
        apothecary=apothecary,
        fan_factor=_count(raw, "fan_factor", 0, source),
        cheerleaders=_count(raw, "cheerleaders", 0, source),
        assistant_coaches=_count(raw, "assistant_coaches", 0, source),
    )


def team_to_dict(spec: TeamSpec, treasury: int | None = None) -> dict[str, Any]:
    """The JSON form of a team, as team files use (`treasury` added when given)."""
    out: dict[str, Any] = {
        "name": spec.name,
        "race": spec.race,
        "rerolls": spec.rerolls,
        "apothecary": spec.apothecary,
        "fan_factor": spec.fan_factor,
        "cheerleaders": spec.cheerleaders,
        "assistant_coaches": spec.assistant_coaches,
    }
    if treasury is not None:
        out["treasury"] = treasury
    out["players"] = [
        {"position": p.position.name, "number": p.number, "name": p.name} for p in spec.players
    ]
    return out


# --- team creation -----------------------------------------------------------------------------


def team_cost(spec: TeamSpec) -> int:
    """What the team costs at creation (its team value): players, re-rolls at the roster
    price, apothecary, Fan Factor, assistant coaches and cheerleaders."""
    r = race(spec.race)
    return (
        sum(p.position.cost for p in spec.players)
        + spec.rerolls * r.reroll_cost
        + (APOTHECARY_COST if spec.apothecary else 0)
        + spec.fan_factor * FAN_FACTOR_COST
        + spec.assistant_coaches * ASSISTANT_COACH_COST
        + spec.cheerleaders * CHEERLEADER_COST
    )


def creation_problems(spec: TeamSpec, treasury: int = TREASURY) -> list[str]:
    """Every team-creation rule `spec` breaks (empty when it is a legal new team)."""
    out: list[str] = []
    n = len(spec.players)
    if n < MIN_PLAYERS:
        out.append(f"{n} players is too few: a new team needs {MIN_PLAYERS} to {MAX_PLAYERS}")
    if spec.fan_factor > MAX_FAN_FACTOR:
        out.append(f"Fan Factor {spec.fan_factor} exceeds the maximum of {MAX_FAN_FACTOR} at creation")
    cost = team_cost(spec)
    if cost > treasury:
        out.append(f"over budget: the team costs {cost:,} but the treasury is {treasury:,}")
    return out


def check_team(raw: Mapping[str, Any], source: str = "team", treasury: int | None = None,
               implemented_only: bool = True) -> TeamSpec:
    """Every rule for a new team: the file rules (`team_from_dict`, or `parse_team` when
    `implemented_only` is false) and the creation rules with `treasury` (default: the file's
    'treasury' key, else 1,000,000). Raises TeamError naming the first broken rule."""
    spec = team_from_dict(raw, source) if implemented_only else parse_team(raw, source)
    budget = treasury if treasury is not None else int(raw.get("treasury", TREASURY))
    problems = creation_problems(spec, budget)
    if problems:
        raise TeamError(f"{source}: {problems[0]}")
    return spec


def build_team(
    race_name: str,
    players: Mapping[str, int] | Iterable[tuple[str, int]],
    *,
    rerolls: int = 0,
    apothecary: bool = False,
    fan_factor: int = 0,
    assistant_coaches: int = 0,
    cheerleaders: int = 0,
    treasury: int = TREASURY,
    name: str | None = None,
) -> dict[str, Any]:
    """Build a new team (its JSON form) from positional counts and staff, checked against every
    creation rule; raises TeamError naming the broken rule.

    Players are numbered in round-robin order over the positionals as given, so a small-board
    variant (which takes the first N players of a team) still gets a mix of positionals."""
    r = race(race_name)
    groups = [(pos, n) for pos, n in (players.items() if isinstance(players, Mapping) else players)]
    for pos_name, n in groups:
        if not isinstance(n, int) or isinstance(n, bool) or n < 0:
            raise TeamError(f"{pos_name}: a player count must be a non-negative integer, not {n!r}")
    order: list[str] = []
    for rnd in range(max((n for _, n in groups), default=0)):
        order += [str(pos) for pos, n in groups if n > rnd]
    raw: dict[str, Any] = {
        "name": name or f"{r.name} team",
        "race": r.key,
        "rerolls": rerolls,
        "apothecary": apothecary,
        "fan_factor": fan_factor,
        "cheerleaders": cheerleaders,
        "assistant_coaches": assistant_coaches,
        "treasury": treasury,
        "_doc": "Players are listed in the order smaller boards take them: a variant with "
        "roster size N uses the first N.",
        "players": [{"position": pos, "number": i + 1} for i, pos in enumerate(order)],
    }
    spec = check_team(raw, r.key, treasury, implemented_only=False)
    # Canonical positional names (the builder accepts any case).
    for entry, ps in zip(raw["players"], spec.players, strict=True):
        entry["position"] = ps.position.name
    return raw


def suggest_team(race_name: str, treasury: int = TREASURY, name: str | None = None) -> dict[str, Any]:
    """A sensible new team for any treasury, shaped like the race's default team: 11 of the
    cheapest 0-16 positional, then (while affordable, in this order) a re-roll, the apothecary
    (if the default team has one), a second re-roll, the default team's other positionals in
    its order (each replacing a cheap player), more cheap players up to the default team's size,
    re-rolls up to its count, Fan Factor (up to 9), then more re-rolls and cheap players.
    With 1,000,000 it gives the default team's players and staff."""
    r = race(race_name)
    base = parse_team(default_team_dict(r.key))
    filler = min((p for p in r.positionals if p.max_qty >= MIN_PLAYERS), key=lambda p: p.cost)
    money = treasury - MIN_PLAYERS * filler.cost
    if money < 0:
        raise TeamError(
            f"{r.key}: over budget: {treasury:,} cannot buy {MIN_PLAYERS} players "
            f"({MIN_PLAYERS} {plural(filler.name)} cost {MIN_PLAYERS * filler.cost:,})"
        )
    counts: Counter[str] = Counter({filler.name: MIN_PLAYERS})
    rerolls = 0
    apothecary = False

    def reroll() -> None:
        nonlocal money, rerolls
        if money >= r.reroll_cost and rerolls < MAX_REROLLS:
            money -= r.reroll_cost
            rerolls += 1

    reroll()
    if base.apothecary and money >= APOTHECARY_COST:
        money -= APOTHECARY_COST
        apothecary = True
    reroll()
    for ps in base.players:
        pos = ps.position
        if pos is filler or counts[pos.name] >= pos.max_qty:
            continue
        if counts[filler.name] > 0 and money >= pos.cost - filler.cost:
            money -= pos.cost - filler.cost
            counts[filler.name] -= 1
            counts[pos.name] += 1
    room = filler.max_qty
    while sum(counts.values()) < len(base.players) and money >= filler.cost and counts[filler.name] < room:
        money -= filler.cost
        counts[filler.name] += 1
    while rerolls < base.rerolls and money >= r.reroll_cost:
        reroll()
    fan_factor = min(MAX_FAN_FACTOR, money // FAN_FACTOR_COST)
    money -= fan_factor * FAN_FACTOR_COST
    while rerolls < MAX_REROLLS and money >= r.reroll_cost:  # a large treasury: more re-rolls,
        reroll()
    while sum(counts.values()) < MAX_PLAYERS and money >= filler.cost and counts[filler.name] < room:
        money -= filler.cost
        counts[filler.name] += 1
    order = list(dict.fromkeys([ps.position.name for ps in base.players if ps.position is not filler]
                               + [filler.name]))
    return build_team(r.key, [(p, counts[p]) for p in order], rerolls=rerolls, apothecary=apothecary,
                      fan_factor=fan_factor, treasury=treasury, name=name or base.name)
