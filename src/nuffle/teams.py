"""Team files and the team builder, above the core: the CLI and the evaluation read a team
file (or take a race's default team) here and hand the engine a `TeamSpec`.

* `load_team` / `read_team_file`: a race key or a JSON team file as it enters a match.
* `creation_problems` / `check_team` / `team_problems` / `build_team` / `team_file` /
  `suggest_team`: the LRB6 team-creation rules (11-16 players, everything paid from the
  treasury, Fan Factor at most 9). Played teams are not held to them: league teams grow
  past 1,000,000 and may shrink below 11 players.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

from nuffle.core.ruleset import LRB6
from nuffle.core.teams import (
    MAX_PLAYERS,
    MAX_REROLLS,
    TeamError,
    TeamSpec,
    default_team,
    default_team_dict,
    parse_team,
    plural,
    race,
    team_from_dict,
)
from nuffle.files import parse_json, read_text

# LRB6's team-building costs (data/lrb6/ruleset.json).
TREASURY = LRB6.costs["treasury"]
MIN_PLAYERS = 11
MAX_FAN_FACTOR = 9
APOTHECARY_COST = LRB6.costs["apothecary"]
FAN_FACTOR_COST = LRB6.costs["fan_factor"]
ASSISTANT_COACH_COST = LRB6.costs["assistant_coach"]
CHEERLEADER_COST = LRB6.costs["cheerleader"]


def read_team_file(path: str | Path) -> dict[str, Any]:
    """The JSON object of a team file; TeamError naming the file if it cannot be read."""
    p = Path(path)
    try:
        raw = parse_json(read_text(p), str(p))
    except ValueError as exc:
        raise TeamError(str(exc)) from None
    if not isinstance(raw, dict):
        raise TeamError(f"{p}: a team file must hold a JSON object")
    return raw


def load_team(race_or_path: str | TeamSpec) -> TeamSpec:
    """A team by race key (the shipped default team) or from a JSON team file path (a name
    ending in .json); a `TeamSpec` is returned as it is."""
    if isinstance(race_or_path, TeamSpec):
        return race_or_path
    if not isinstance(race_or_path, str):
        raise TeamError(f"a team must be a race key or a team .json file, not {race_or_path!r}")
    if race_or_path.lower().endswith(".json"):
        return team_from_dict(read_team_file(race_or_path), race_or_path)
    return default_team(race_or_path)


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
    for ps in spec.players:
        if ps.extra_skills or ps.changes != (0, 0, 0, 0) or ps.niggles:
            out.append(f"player {ps.number} has gained skills, changes or niggles: a new team has none")
            break
    cost = team_cost(spec)
    if cost > treasury:
        out.append(f"over budget: the team costs {cost:,} but the treasury is {treasury:,}")
    return out


def check_team(raw: Mapping[str, Any], source: str = "team", treasury: int | None = None,
               implemented_only: bool = True) -> TeamSpec:
    """Every rule for a new team: the file rules (`team_from_dict`, or `parse_team` when
    `implemented_only` is false) and the creation rules with `treasury` (default: the file's
    'treasury' key, else 1,000,000). Raises TeamError naming the first broken rule."""
    spec, problems = _creation_check(raw, source, treasury, implemented_only)
    if problems:
        raise TeamError(problems[0])
    return spec


def team_problems(raw: Mapping[str, Any], source: str = "team", treasury: int | None = None) -> list[str]:
    """Every rule a new team file breaks, one line each naming `source` (empty when it is
    legal): the first broken file rule alone, else every broken creation rule; the first
    line is `check_team`'s error."""
    try:
        return _creation_check(raw, source, treasury, True)[1]
    except TeamError as exc:
        return [str(exc)]


def _creation_check(raw: Mapping[str, Any], source: str, treasury: int | None,
                    implemented_only: bool) -> tuple[TeamSpec, list[str]]:
    spec = team_from_dict(raw, source) if implemented_only else parse_team(raw, source)
    budget = treasury if treasury is not None else int(raw.get("treasury", TREASURY))
    return spec, [f"{source}: {p}" for p in creation_problems(spec, budget)]


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
    raw = team_file(race_name, players, rerolls=rerolls, apothecary=apothecary, fan_factor=fan_factor,
                    assistant_coaches=assistant_coaches, cheerleaders=cheerleaders,
                    treasury=treasury, name=name)
    spec = check_team(raw, race(race_name).key, treasury, implemented_only=False)
    # Canonical positional names (the builder accepts any case).
    for entry, ps in zip(raw["players"], spec.players, strict=True):
        entry["position"] = ps.position.name
    return raw


def team_file(
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
    """`build_team`'s team file before any team rule is checked (the browser's team builder
    checks it next, to list every rule it breaks); TeamError only for an unknown race, a count
    that is not a non-negative integer, or more than 16 players."""
    r = race(race_name)
    order = player_order(players, MAX_PLAYERS)
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
    return raw


def player_order(players: Mapping[str, int] | Iterable[tuple[str, int]], most: int) -> list[str]:
    """The positional of each player of a new team (LRB6 or BB2020), in number order:
    round-robin over the positionals as given, so that a small board, which takes the first
    players, gets a mix. TeamError for a count that is not a non-negative integer, or more than
    `most` players."""
    groups = [(pos, n) for pos, n in (players.items() if isinstance(players, Mapping) else players)]
    for pos_name, n in groups:
        if not isinstance(n, int) or isinstance(n, bool) or n < 0:
            raise TeamError(f"{pos_name}: a player count must be a non-negative integer, not {n!r}")
    total = sum(n for _, n in groups)
    if total > most:  # before anything is built: a typo may ask for millions
        raise TeamError(f"{total} players exceeds the maximum of {most}")
    order: list[str] = []
    for rnd in range(max((n for _, n in groups), default=0)):
        order += [str(pos) for pos, n in groups if n > rnd]
    return order


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
