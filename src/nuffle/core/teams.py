"""Rosters (from the data file) and teams as they enter a match.

* `races()` / `race(key)`: the 24 rosters of `data/rosters.csv` (positionals, limits, costs,
  stats, starting skills, skill access, re-roll cost, whether an apothecary is allowed).
* `team_from_dict`: a team's JSON form as it enters a match. It must obey every rule a team
  always obeys (known race and positionals, positional limits, at most 16 players, unique
  player numbers, non-negative counts, at most 8 re-rolls, an apothecary only where the roster
  allows one) and use only skills the engine implements.
* `default_team(race)`: a race's shipped default team (package data).

Reading team files and the team-creation rules (the builder) live above the core, in
`nuffle.teams`. Every error is a `TeamError` (a `ValueError`) whose message names the rule it
breaks, e.g. "3 Blitzers exceeds the limit of 2 for Dark Elf".
"""

from __future__ import annotations

import csv
import json
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from functools import cache, lru_cache
from importlib import resources
from typing import TYPE_CHECKING, Any, Protocol, TypeVar

from nuffle.core.skills import Skill, skill_from_name, skill_label
from nuffle.core.team_fields import TeamError as TeamError
from nuffle.core.team_fields import check_keys, check_limits, number_and_name
from nuffle.core.team_fields import count_field as count_field
from nuffle.core.team_fields import plural as plural

if TYPE_CHECKING:
    from nuffle.core.ruleset import Ruleset

MAX_PLAYERS = 16
STAR = "star"  # the `race` of a star player's Positional
MAX_STARS = 2
MAX_REROLLS = 8

_TEAM_KEYS = frozenset(
    {"name", "race", "rerolls", "apothecary", "fan_factor", "cheerleaders", "assistant_coaches",
     "players", "treasury", "inducements", "ruleset"}
)
LRB6_TEAMS = "lrb6"
BB2020_TEAMS = "bb2020"
TEAM_RULESETS = (LRB6_TEAMS, BB2020_TEAMS)  # the rulesets a team file may name (default lrb6)
_PLAYER_KEYS = frozenset({"position", "star", "number", "name", "skills", "changes", "niggles"})
MAX_CHANGE = 2  # a characteristic moves at most 2 from its starting value (RULES §16.2)


def rosters_for(rules: Ruleset) -> str:
    """The rosters a match of `rules` deals (`TEAM_RULESETS`): BB2020's for a ruleset with
    BB2020's characteristics (`Ruleset.x_plus`), LRB6's otherwise."""
    return BB2020_TEAMS if rules.x_plus else LRB6_TEAMS


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
    # Roster keywords the rules name: 'undead' (Stakes), 'thrall' (Blood Lust), and
    # 'race:<word>' for a positional of another race than his team's (Animosity).
    keywords: frozenset[str] = frozenset()
    # BB2020's Passing Ability (the X of "X+"; AG and AV are X+ targets too under BB2020);
    # 0: none (an LRB6 positional, or PA "-").
    pa: int = 0
    # BB2020's printed skill values other than their defaults, (skill, value) in skill order
    # (Loner (3+), Dirty Player (+2), ...), and Animosity's "who" as printed ("" when he has
    # none or LRB6's: another race), which the match resolves to team-mates (`skill_values`)
    values: tuple[tuple[Skill, int], ...] = ()
    animosity: str = ""


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
        return find_named(self.positionals, name)


@dataclass(frozen=True, slots=True)
class PlayerSpec:
    """One player of a team: his positional, number and name; a league player also brings the
    skills he gained (or a Journeyman's Loner), his characteristic changes (improvements less
    injuries) and his niggling injuries."""

    position: Positional
    number: int
    name: str
    extra_skills: frozenset[Skill] = frozenset()
    changes: tuple[int, int, int, int] = (0, 0, 0, 0)  # MA, ST, AG, AV
    niggles: int = 0
    # his skills' values other than their defaults, (skill, value) in skill order (BB2020's
    # printed values: Loner (3+), Dirty Player (+2), Animosity's team-mates; `skill_values`)
    values: tuple[tuple[Skill, int], ...] = ()

    def stats(self) -> tuple[int, int, int, int]:
        """His MA, ST, AG and AV for the match."""
        p, (ma, st, ag, av) = self.position, self.changes
        return p.ma + ma, p.st + st, p.ag + ag, p.av + av


@dataclass(frozen=True, slots=True)
class Inducements:
    """What a team induced for one match (league play): Bloodweiser Babes, Bribes, Extra Team
    Training, a Halfling Master Chef, Igor, Wandering Apothecaries, a Wizard and (BB2020 only)
    a Biased Referee, a Plague Doctor and a Weather Mage. Mercenaries and Star Players are
    players of the team. Limits and costs: `nuffle.core.inducements`."""

    babes: int = 0
    bribes: int = 0
    training: int = 0
    chef: bool = False
    igor: bool = False
    apothecaries: int = 0
    wizard: bool = False
    biased_referee: bool = False  # BB2020's Biased Referee (no LRB6 team file may induce one)
    plague_doctor: bool = False  # BB2020: the Igor counter is a Plague Doctor's (it heals a KO too)
    weather_mage: bool = False  # BB2020's Weather Mage (procedures/weather_mage.py)

    def to_dict(self) -> dict[str, int | bool]:
        """JSON form: only what was induced."""
        return {k: getattr(self, k) for k in self.__slots__ if getattr(self, k)}


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
    inducements: Inducements = Inducements()
    #: BB2020: the Prayers to Nuffle it brings to the match (the pre-game sequence's, by name).
    prayers: tuple[str, ...] = ()
    #: The rosters its positionals come from (`TEAM_RULESETS`): its JSON form names them, and
    #: `team_from_dict` rebuilds a BB2020 team from BB2020's (`core.bb2020.match_form`).
    ruleset: str = LRB6_TEAMS


def implemented_skills() -> frozenset[Skill]:
    """Skills whose rules the engine implements."""
    from nuffle.core.hooks import implemented

    return implemented()


def race_key(name: str) -> str:
    """Normalise a race name to its CLI form: lowercase with hyphens."""
    return "-".join(name.strip().lower().replace("_", " ").split())


class _Named(Protocol):
    @property
    def name(self) -> str: ...


_N = TypeVar("_N", bound=_Named)


def find_named(items: Iterable[_N], name: str) -> _N | None:
    """The item called `name`: the exact name first, else ignoring case, spaces and hyphens
    (`race_key`); None if there is none. How both rulesets' rosters find a positional."""
    found = tuple(items)
    for item in found:
        if item.name == name:
            return item
    key = race_key(name)
    return next((item for item in found if race_key(item.name) == key), None)


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
                keywords=frozenset(w.strip() for w in (r.get("keywords") or "").split(";") if w.strip()),
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


def _race_words(r: Race) -> frozenset[str]:
    """The keywords every positional of race `r` has (the race's own, e.g. 'undead')."""
    return frozenset.intersection(*(p.keywords for p in r.positionals))


@lru_cache(maxsize=1024)
def keywords(race_name: str, position: str) -> frozenset[str]:
    """The roster keywords of a player of race `race_name` playing positional `position`: the
    race's own and the positional's. A positional his race lacks (a hired one, or one a test
    made up) brings the keywords of the first race's positional of that name, less that race's
    own; a positional no race has brings none."""
    found = races().get(race_key(race_name))
    words = _race_words(found) if found is not None else frozenset()
    positional = found.positional(position) if found is not None else None
    if positional is not None:
        return words | positional.keywords
    for other in races().values():
        p = other.positional(position)
        if p is not None:
            return words | (p.keywords - _race_words(other))
    return words


def rosters() -> dict[str, dict[str, Positional]]:
    """Every race's positionals, keyed by race key then positional name."""
    return {k: {p.name: p for p in r.positionals} for k, r in races().items()}


# --- team files --------------------------------------------------------------------------------


def available_teams() -> list[str]:
    """Race keys that have a shipped default team file."""
    return list(_team_files())


@lru_cache(maxsize=1)
def _team_files() -> tuple[str, ...]:
    folder = resources.files("nuffle.data").joinpath("teams")
    return tuple(sorted(p.name[: -len(".json")] for p in folder.iterdir() if p.name.endswith(".json")))


def _default_key(race_name: str) -> str:
    """The race key of a shipped default team; TeamError naming the choices if there is none."""
    key = race_key(race_name)
    if key in _team_files():
        return key
    if race_name.lower().endswith(".json"):
        raise TeamError(f"{race_name!r} is a team file: read it with nuffle.teams.load_team and "
                        "pass the TeamSpec")
    shown = race_name if len(race_name) <= 60 else race_name[:57] + "..."
    raise TeamError(
        f"no team for {shown!r}: choose one of {', '.join(available_teams())} "
        "or give a team .json file"
    )


@cache
def _default_text(key: str) -> str:
    return resources.files("nuffle.data").joinpath("teams", f"{key}.json").read_text()


@cache
def _default_spec(key: str) -> TeamSpec:
    """A shipped team parsed once (the implemented-skills check is made on every use)."""
    return parse_team(json.loads(_default_text(key)), key)


def default_team_dict(race_name: str) -> dict[str, Any]:
    """The JSON form of a race's shipped default team."""
    raw: dict[str, Any] = json.loads(_default_text(_default_key(race_name)))
    return raw


def default_team(race_name: str) -> TeamSpec:
    """A race's shipped default team; TeamError naming the choices if there is none."""
    key = _default_key(race_name)
    return _implemented_only(_default_spec(key), key)


def team_from_dict(raw: Mapping[str, Any], source: str = "team", rosters: str = LRB6_TEAMS) -> TeamSpec:
    """Build a `TeamSpec` from its JSON form; raises TeamError naming the broken rule.

    Teams using a skill the engine does not implement yet are rejected (after every other
    rule has been checked). Where a match plays BB2020's rosters (`rosters` "bb2020": a
    record's, a position's or a web game's ruleset with BB2020's characteristics), a form naming
    `"ruleset": "bb2020"` (`team_to_dict`'s of a BB2020 team) is rebuilt from BB2020's rosters
    (`core.bb2020.match_form`); elsewhere it is refused in one line."""
    if rosters == BB2020_TEAMS and isinstance(raw, Mapping) and raw.get("ruleset") == BB2020_TEAMS:
        from nuffle.core.bb2020.match_form import team_from_dict as bb2020_team

        return bb2020_team(raw, source)
    return _implemented_only(parse_team(raw, source), source)


def _implemented_only(spec: TeamSpec, source: str) -> TeamSpec:
    """`spec`, or TeamError naming the positionals whose skills the engine lacks."""
    have = implemented_skills()
    need: dict[str, frozenset[Skill]] = {}
    for ps in spec.players:
        missing = (ps.position.skills | ps.extra_skills) - have
        if missing:
            need[ps.position.name] = missing
    if need:
        parts = "; ".join(
            f"{pos} needs {', '.join(sorted(skill_name(s) for s in sks))}" for pos, sks in need.items()
        )
        raise TeamError(f"{source}: skills not implemented yet: {parts}")
    return spec


def team_ruleset(raw: Mapping[str, Any], source: str = "team") -> str:
    """The ruleset a team file names (`"ruleset"`, default lrb6); TeamError if unknown."""
    name = raw.get("ruleset", LRB6_TEAMS)
    if name not in TEAM_RULESETS:
        raise TeamError(f"{source}: unknown ruleset {name!r} (team rulesets: {', '.join(TEAM_RULESETS)})")
    return str(name)


def parse_team(raw: Mapping[str, Any], source: str = "team") -> TeamSpec:
    """`team_from_dict` without the implemented-skills check (for the builder and docs). A
    team of another ruleset than LRB6 is refused in one line: it plays that ruleset's matches
    (`ruleset_choice.match_team`), not under LRB6's rosters."""
    if not isinstance(raw, Mapping):
        raise TeamError(f"{source}: a team must be a JSON object")
    if team_ruleset(raw, source) != LRB6_TEAMS:
        raise TeamError(f"{source}: a BB2020 team: it plays a BB2020 match (--ruleset bb2020), "
                        "not an LRB6 one")
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
        pos: Positional | None
        if isinstance(entry, dict) and "star" in entry and "position" not in entry:
            from nuffle.core.inducements import star_player

            pos = star_player(str(entry["star"]), r.key, where)
            entry = {**entry, "position": pos.name}
        elif not isinstance(entry, dict) or "position" not in entry:
            raise TeamError(f"{where} needs a 'position'")
        else:
            pos = r.positional(str(entry["position"]))
        check_keys(entry, _PLAYER_KEYS, where)
        if pos is None:
            raise TeamError(
                f"{where}: {r.name} has no positional {entry['position']!r} "
                f"(choose one of {', '.join(p.name for p in r.positionals)})"
            )
        default = pos.name if pos.race == STAR else f"{pos.name} #{{}}"  # a star keeps his name
        number, name = number_and_name(entry, i, numbers, default.format, where)
        players.append(PlayerSpec(pos, number, name, *_player_changes(entry, pos, where)))
    stars = [ps.position.name for ps in players if ps.position.race == STAR]
    if len(stars) > MAX_STARS or len(set(stars)) < len(stars):
        raise TeamError(f"{source}: a team may induce at most {MAX_STARS} different star players, "
                        f"not {', '.join(stars)}")
    check_limits((ps.position.name for ps in players), r.positionals, r.name, source)
    apothecary = raw.get("apothecary", False)
    if not isinstance(apothecary, bool):
        raise TeamError(f"{source}: 'apothecary' must be true or false, not {apothecary!r}")
    if apothecary and not r.apothecary:
        raise TeamError(f"{source}: apothecary not allowed for {r.name}")
    name = raw.get("name", r.name)
    if not isinstance(name, str) or not name.strip():
        raise TeamError(f"{source}: 'name' must be a non-empty string")
    if "treasury" in raw:
        count_field(raw, "treasury", 0, source)
    return TeamSpec(
        name=name,
        race=r.key,
        players=tuple(players),
        rerolls=count_field(raw, "rerolls", 0, source, MAX_REROLLS),
        apothecary=apothecary,
        fan_factor=count_field(raw, "fan_factor", 0, source),
        cheerleaders=count_field(raw, "cheerleaders", 0, source),
        assistant_coaches=count_field(raw, "assistant_coaches", 0, source),
        inducements=_inducements(raw.get("inducements", {}), r, source),
    )


def _inducements(raw: Any, r: Race, source: str) -> Inducements:
    """The `inducements` object of a team file, checked against the limits."""
    from nuffle.core.inducements import inducements_from_dict

    return inducements_from_dict(raw, r, source)


def played_changes(
    entry: Mapping[str, Any], where: str
) -> tuple[frozenset[Skill], tuple[int, int, int, int], int]:
    """A played player's gained skills, characteristic changes (MA, ST, AG, AV, each at most
    `MAX_CHANGE` either way) and niggles, checked (either ruleset's team form)."""
    names = entry.get("skills", [])
    if not isinstance(names, list):
        raise TeamError(f"{where}: 'skills' must be a list of skill names")
    skills = set()
    for label in names:
        try:
            skills.add(skill_from_name(str(label)))
        except ValueError:
            raise TeamError(f"{where}: unknown skill {label!r}") from None
    changes = entry.get("changes", [0, 0, 0, 0])
    ok = isinstance(changes, list) and len(changes) == 4 and all(
        isinstance(c, int) and not isinstance(c, bool) and -MAX_CHANGE <= c <= MAX_CHANGE for c in changes)
    if not ok:
        raise TeamError(f"{where}: 'changes' must be four integers (MA, ST, AG, AV) from "
                        f"-{MAX_CHANGE} to {MAX_CHANGE}, not {changes!r}")
    niggles = entry.get("niggles", 0)
    if not isinstance(niggles, int) or isinstance(niggles, bool) or niggles < 0:
        raise TeamError(f"{where}: 'niggles' must be a non-negative integer, not {niggles!r}")
    return frozenset(skills), (changes[0], changes[1], changes[2], changes[3]), niggles


def _player_changes(
    entry: Mapping[str, Any], pos: Positional, where: str
) -> tuple[frozenset[Skill], tuple[int, int, int, int], int]:
    """A played player's gained skills, characteristic changes and niggles (a league writes
    them into the teams of a match record), his characteristics staying from 1 to 10."""
    skills, changes, niggles = played_changes(entry, where)
    stats = (pos.ma + changes[0], pos.st + changes[1], pos.ag + changes[2], pos.av + changes[3])
    if min(stats) < 1 or max(stats) > 10:
        raise TeamError(f"{where}: characteristics must stay from 1 to 10, not {list(stats)}")
    return skills, changes, niggles


def player_to_dict(p: PlayerSpec) -> dict[str, Any]:
    """A player's JSON form; gained skills, changes and niggles only when he has them."""
    out: dict[str, Any] = {"position": p.position.name, "number": p.number, "name": p.name}
    if p.position.race == STAR:
        out = {"star": p.position.name, "number": p.number, "name": p.name}
    if p.extra_skills:
        out["skills"] = sorted(skill_name(s) for s in p.extra_skills)
    if p.changes != (0, 0, 0, 0):
        out["changes"] = list(p.changes)
    if p.niggles:
        out["niggles"] = p.niggles
    return out


def team_to_dict(spec: TeamSpec, treasury: int | None = None) -> dict[str, Any]:
    """The JSON form of a team, as team files use (`treasury` added when given); a BB2020
    team's names its ruleset (`core.bb2020.match_form`)."""
    if spec.ruleset == BB2020_TEAMS:
        from nuffle.core.bb2020.match_form import team_to_dict as bb2020_dict

        return bb2020_dict(spec, treasury)
    out: dict[str, Any] = {
        "name": spec.name,
        "race": spec.race,
        "rerolls": spec.rerolls,
        "apothecary": spec.apothecary,
        "fan_factor": spec.fan_factor,
        "cheerleaders": spec.cheerleaders,
        "assistant_coaches": spec.assistant_coaches,
    }
    if spec.inducements != Inducements():
        out["inducements"] = spec.inducements.to_dict()
    if treasury is not None:
        out["treasury"] = treasury
    out["players"] = [player_to_dict(p) for p in spec.players]
    return out
