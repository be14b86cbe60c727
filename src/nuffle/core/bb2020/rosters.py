"""The BB2020 rosters (`data/bb2020/teams.csv` and `data/bb2020/rosters.csv`), checked as they
load: every team of the BB2020 digest with its tier, re-roll cost, apothecary rule, special rules
(and the choices of its "Favoured of..."), and its positionals with MA, ST, AG (X+), PA (X+, or
none), AV (X+), starting skills (each in the skill catalogue), primary and secondary skill
access, cost and maximum. A bad row is one `TeamError` naming the file and the row.
"""

from __future__ import annotations

import csv
import json
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources

from nuffle.core.bb2020.skills import CATEGORIES, Catalogue, RosterSkill, catalogue, roster_skill
from nuffle.core.teams import TeamError, find_named, race_key

TEAMS_FILE = "data/bb2020/teams.csv"
ROSTERS_FILE = "data/bb2020/rosters.csv"
FAVOURED = "Favoured of..."  # the special rule whose god a team picks at creation
# Characteristic bounds (BB2020 digest §16.3): MA 1-9, ST 1-8, AG / PA 1+ to 6+, AV 3+ to 11+.
BOUNDS = {"ma": (1, 9), "st": (1, 8), "ag": (1, 6), "pa": (1, 6), "av": (3, 11)}
_TEAM_COLUMNS = ("team", "tier", "reroll_cost", "apothecary", "special_rules", "favoured_of")
_ROSTER_COLUMNS = ("team", "position", "max_qty", "cost", "ma", "st", "ag", "pa", "av", "skills",
                   "primary", "secondary")


@dataclass(frozen=True, slots=True)
class Positional:
    """One BB2020 roster entry. `ag`, `pa` and `av` are the X of "X+"; `pa` is None for a
    player with no Passing characteristic ("-")."""

    team: str  # the team's key
    name: str
    max_qty: int
    cost: int
    ma: int
    st: int
    ag: int
    pa: int | None
    av: int
    skills: tuple[RosterSkill, ...]
    primary: str  # skill categories (A, G, M, P, S) taken as primary advancements
    secondary: str  # and as secondary ones

    def profile(self) -> str:
        """The stat line as printed: "6 3 3+ 4+ 9+" (PA "-" when he has none)."""
        pa = f"{self.pa}+" if self.pa is not None else "-"
        return f"{self.ma} {self.st} {self.ag}+ {pa} {self.av}+"

    def skill_labels(self) -> tuple[str, ...]:
        """Starting skills as the roster writes them."""
        return tuple(s.label for s in self.skills)


@dataclass(frozen=True, slots=True)
class Team:
    """A BB2020 team roster."""

    key: str
    name: str
    tier: int | None  # tournament tier 1 (strongest) to 3; None where the digest has none
    reroll_cost: int  # at creation; doubled afterwards
    apothecary: bool
    special_rules: tuple[str, ...]
    favoured_of: tuple[str, ...]  # the gods a "Favoured of..." team may pick (empty: none)
    positionals: tuple[Positional, ...]

    def positional(self, name: str) -> Positional | None:
        """The positional called `name` (exact, else ignoring case, spaces and hyphens)."""
        return find_named(self.positionals, name)


def _rows(text: str, source: str, columns: tuple[str, ...]) -> list[tuple[int, dict[str, str]]]:
    reader = csv.DictReader(text.splitlines())
    if tuple(reader.fieldnames or ()) != columns:
        raise TeamError(f"{source}: the header must be {','.join(columns)}")
    out = []
    for row in reader:
        if None in row or any(v is None for v in row.values()):
            raise TeamError(f"{source} row {reader.line_num}: needs {len(columns)} columns")
        out.append((reader.line_num, row))
    return out


def _int(row: Mapping[str, str], key: str, where: str, low: int, high: int) -> int:
    text = row[key].strip()
    if not text.isdigit() or not low <= int(text) <= high:
        raise TeamError(f"{where}: {key} must be an integer from {low} to {high}, not {row[key]!r}")
    return int(text)


def _letters(row: Mapping[str, str], key: str, where: str) -> str:
    text = row[key].strip()
    if any(c not in CATEGORIES for c in text) or len(set(text)) < len(text):
        raise TeamError(f"{where}: {key} must be skill categories from {CATEGORIES}, not {text!r}")
    return "".join(sorted(text))


def _team(row: Mapping[str, str], where: str, rules: Mapping[str, str]) -> Team:
    name = row["team"].strip()
    if not name:
        raise TeamError(f"{where}: the team needs a name")
    tier = None if not row["tier"].strip() else _int(row, "tier", where, 1, 3)
    reroll = _int(row, "reroll_cost", where, 10_000, 200_000)
    if row["apothecary"] not in ("true", "false"):
        raise TeamError(f"{where}: apothecary must be true or false, not {row['apothecary']!r}")
    special = tuple(s.strip() for s in row["special_rules"].split(";") if s.strip())
    unknown = [s for s in special if s not in rules]
    if unknown:
        raise TeamError(f"{where}: unknown special rule {unknown[0]!r} "
                        "(not in data/bb2020/special_rules.json)")
    gods = tuple(s.strip() for s in row["favoured_of"].split(";") if s.strip())
    if bool(gods) != (FAVOURED in special):
        raise TeamError(f"{where}: favoured_of lists the gods of a {FAVOURED!r} team, and only of one")
    return Team(race_key(name), name, tier, reroll, row["apothecary"] == "true", special, gods, ())


def _positional(row: Mapping[str, str], where: str, team: str, cat: Catalogue) -> Positional:
    name = row["position"].strip()
    if not name:
        raise TeamError(f"{where}: the positional needs a name")
    stats = {k: _int(row, k, where, *BOUNDS[k]) for k in ("ma", "st", "ag", "av")}
    pa = None if not row["pa"].strip() else _int(row, "pa", where, *BOUNDS["pa"])
    skills = []
    for label in (s for s in row["skills"].split(";") if s.strip()):
        try:
            skills.append(roster_skill(label, cat))
        except TeamError as exc:
            raise TeamError(f"{where} ({name}): {exc}") from None
    primary, secondary = _letters(row, "primary", where), _letters(row, "secondary", where)
    if set(primary) & set(secondary):
        raise TeamError(f"{where}: a category cannot be both primary and secondary "
                        f"({primary} / {secondary})")
    return Positional(team, name, _int(row, "max_qty", where, 1, 16),
                      _int(row, "cost", where, 5_000, 500_000), stats["ma"], stats["st"], stats["ag"], pa,
                      stats["av"], tuple(skills), primary, secondary)


def parse_rosters(teams_text: str, rosters_text: str, cat: Catalogue, rules: Mapping[str, str],
                  sources: tuple[str, str] = (TEAMS_FILE, ROSTERS_FILE)) -> dict[str, Team]:
    """Every team by key from the two files' text; TeamError naming the file and row of the
    first bad row."""
    teams: dict[str, Team] = {}
    names: dict[str, str] = {}
    for line, row in _rows(teams_text, sources[0], _TEAM_COLUMNS):
        team = _team(row, f"{sources[0]} row {line}", rules)
        if team.key in teams:
            raise TeamError(f"{sources[0]} row {line}: team {team.name!r} is listed twice")
        teams[team.key], names[team.name] = team, team.key
    positionals: dict[str, list[Positional]] = {k: [] for k in teams}
    for line, row in _rows(rosters_text, sources[1], _ROSTER_COLUMNS):
        where = f"{sources[1]} row {line}"
        key = names.get(row["team"].strip())
        if key is None:
            raise TeamError(f"{where}: team {row['team']!r} is not in {sources[0]}")
        p = _positional(row, where, key, cat)
        if any(race_key(q.name) == race_key(p.name) for q in positionals[key]):
            raise TeamError(f"{where}: {teams[key].name} lists {p.name!r} twice")
        positionals[key].append(p)
    out: dict[str, Team] = {}
    for key, team in teams.items():
        found = positionals[key]
        if not any(p.max_qty >= 11 for p in found):
            raise TeamError(f"{sources[1]}: {team.name} has no lineman positional (a maximum of 11 or more)")
        out[key] = Team(team.key, team.name, team.tier, team.reroll_cost, team.apothecary,
                        team.special_rules, team.favoured_of, tuple(found))
    return out


def _read(name: str) -> str:
    return resources.files("nuffle.data").joinpath("bb2020", name).read_text()


@lru_cache(maxsize=1)
def special_rules() -> dict[str, str]:
    """Every team special rule the rosters may name, with its kind ('league' or 'team')."""
    raw = json.loads(_read("special_rules.json"))
    return {str(k): str(v) for k, v in raw.items() if not str(k).startswith("_")}


@lru_cache(maxsize=1)
def teams() -> dict[str, Team]:
    """Every BB2020 team by key (amazon, black-orc, ...), in data-file order."""
    return parse_rosters(_read("teams.csv"), _read("rosters.csv"), catalogue(), special_rules())


def team(name: str, lookup: Callable[[], dict[str, Team]] = teams) -> Team:
    """The BB2020 team called `name` (any case, spaces or hyphens); TeamError if unknown."""
    found = lookup().get(race_key(name))
    if found is None:
        raise TeamError(f"unknown BB2020 team {name!r}: choose one of {', '.join(lookup())}")
    return found
