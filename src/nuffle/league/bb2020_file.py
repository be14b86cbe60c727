"""The JSON form of a BB2020 league team: the BB2020 team file (`nuffle.teams_bb2020`) plus
optional keys, so every BB2020 team file is a league team of rookies.

* per player: `spp` (unspent), `advancements` (in the order taken: `{"kind": KIND, "skill":
  NAME}` or `{"kind": "characteristic", "stat": "ma"|"st"|"ag"|"pa"|"av"}`, a characteristic
  improvement exchanged for a Secondary skill giving `skill`), `niggles`, `reductions` (the
  characteristics lasting injuries lowered), `mng` and `retired` (temporarily retired);
* per team: `treasury` (the gold the team holds: a new team enters a league with what its
  creation left, `league_team(spec, budget - creation_cost(spec))`), `graveyard` (the dead)
  and `departed` (fired, or gone after a concession), as player objects.

`team_from_dict` replays every player's advancements from a rookie and raises one TeamError
naming the first that could not have been taken (outside his access, a skill twice, a
characteristic past its limits, more than six).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from nuffle.core.bb2020.advancement import SKILL_KINDS, skill_problem, stat_problem
from nuffle.core.bb2020.league_team import STATS, Advancement, Kind, Player2020, Team2020, new_player
from nuffle.core.bb2020.rosters import Team
from nuffle.core.teams import TeamError, count_field
from nuffle.teams_bb2020 import parse_team

PLAYER_KEYS = ("spp", "advancements", "niggles", "reductions", "mng", "retired")
TEAM_KEYS = ("treasury", "graveyard", "departed")


def team_to_dict(team: Team2020) -> dict[str, Any]:
    """The JSON form of `team` (`team_from_dict` reads it back equal)."""
    out: dict[str, Any] = {
        "name": team.name, "ruleset": "bb2020", "race": team.team.key, "rerolls": team.rerolls,
        "apothecary": team.apothecary, "dedicated_fans": team.dedicated_fans,
        "assistant_coaches": team.assistant_coaches, "cheerleaders": team.cheerleaders,
    }
    if team.favoured_of is not None:
        out["favoured_of"] = team.favoured_of
    out["treasury"] = team.treasury
    out["players"] = [player_to_dict(p) for p in team.players]
    out["graveyard"] = [player_to_dict(p) for p in team.graveyard]
    out["departed"] = [player_to_dict(p) for p in team.departed]
    return out


def player_to_dict(p: Player2020) -> dict[str, Any]:
    """One player's JSON form."""
    advancements = []
    for a in p.advancements:
        entry = {"kind": a.kind.value}
        if a.skill is not None:
            entry["skill"] = a.skill
        if a.stat is not None:
            entry["stat"] = a.stat
        advancements.append(entry)
    return {"position": p.position.name, "number": p.number, "name": p.name, "spp": p.spp,
            "advancements": advancements, "niggles": p.niggles, "reductions": list(p.reductions),
            "mng": p.mng, "retired": p.retired}


def team_from_dict(raw: Mapping[str, Any], source: str = "team") -> Team2020:
    """A BB2020 league team from its JSON form; TeamError naming the first thing that could not be."""
    if not isinstance(raw, Mapping):
        raise TeamError(f"{source}: a team must be a JSON object")
    if not isinstance(raw.get("players"), list):
        raise TeamError(f"{source}: 'players' must be a non-empty list")
    plain = {k: v for k, v in raw.items() if k not in ("graveyard", "departed")}
    plain["players"] = [_plain(e) for e in raw["players"]]
    spec = parse_team(plain, source)
    players = tuple(_history(new_player(e.position, e.number, e.name), entry, f"{source}: player {i + 1}")
                    for i, (e, entry) in enumerate(zip(spec.players, raw["players"], strict=True)))
    gone = {k: _gone(spec.team, raw.get(k, []), f"{source}: {k}") for k in ("graveyard", "departed")}
    numbers = [p.number for p in (*players, *gone["graveyard"], *gone["departed"])]
    if len(set(numbers)) < len(numbers):
        raise TeamError(f"{source}: a shirt number is worn by two players (past players included)")
    return Team2020(spec.team, spec.name, players, count_field(raw, "treasury", 0, source), spec.rerolls,
                    spec.apothecary, spec.dedicated_fans, spec.assistant_coaches, spec.cheerleaders,
                    spec.favoured_of, gone["graveyard"], gone["departed"])


def _plain(entry: Any) -> Any:
    """A player entry without its league keys (for the team file's own checks)."""
    return {k: v for k, v in entry.items() if k not in PLAYER_KEYS} if isinstance(entry, dict) else entry


def _gone(team: Team, entries: Any, where: str) -> tuple[Player2020, ...]:
    if not isinstance(entries, list):
        raise TeamError(f"{where} must be a list of players")
    out = []
    for i, entry in enumerate(entries):
        at = f"{where} {i + 1}"
        if not isinstance(entry, dict) or "position" not in entry or "number" not in entry:
            raise TeamError(f"{at} needs a 'position' and a 'number'")
        pos = team.positional(str(entry["position"]))
        if pos is None:
            raise TeamError(f"{at}: {team.name} has no positional {entry['position']!r}")
        number = entry["number"]
        if not isinstance(number, int) or isinstance(number, bool) or not 1 <= number <= 99:
            raise TeamError(f"{at}: number must be an integer from 1 to 99, not {number!r}")
        out.append(_history(new_player(pos, number, str(entry.get("name", f"{pos.name} #{number}"))),
                            entry, at))
    return tuple(out)


def _history(rookie: Player2020, entry: Mapping[str, Any], where: str) -> Player2020:
    """The rookie with the entry's league history, each advancement replayed."""
    reductions = entry.get("reductions", [])
    if not isinstance(reductions, list) or any(r not in STATS for r in reductions):
        raise TeamError(f"{where}: 'reductions' lists characteristics ({', '.join(STATS)})")
    mng, retired = entry.get("mng", False), entry.get("retired", False)
    for key, flag in (("mng", mng), ("retired", retired)):
        if not isinstance(flag, bool):
            raise TeamError(f"{where}: {key!r} must be true or false, not {flag!r}")
    if retired and not (entry.get("niggles") or reductions):
        raise TeamError(f"{where}: a temporarily retired player has a niggling or lasting injury")
    p = replace(rookie, spp=count_field(entry, "spp", 0, where),
                niggles=count_field(entry, "niggles", 0, where), reductions=tuple(reductions), mng=mng,
                retired=retired)
    taken = entry.get("advancements", [])
    if not isinstance(taken, list) or len(taken) > 6:
        raise TeamError(f"{where}: 'advancements' must be a list of at most 6")
    for j, a in enumerate(taken):
        got = _advancement(a, f"{where}: advancement {j + 1}")
        why = (stat_problem(p, got.stat) if got.stat is not None
               else skill_problem(p, got.skill or "", primary=SKILL_KINDS.get(got.kind, (False, False))[0]))
        if why:
            raise TeamError(f"{where}: advancement {j + 1} could not have been taken: {why}")
        p = replace(p, advancements=(*p.advancements, got))
    return p


def _advancement(a: Any, where: str) -> Advancement:
    if not isinstance(a, dict):
        raise TeamError(f"{where} must be an object with a 'kind'")
    try:
        kind = Kind(a.get("kind"))
    except ValueError:
        raise TeamError(f"{where}: 'kind' must be one of {', '.join(k.value for k in Kind)}, "
                        f"not {a.get('kind')!r}") from None
    skill, stat = a.get("skill"), a.get("stat")
    if kind is Kind.CHARACTERISTIC and (skill is None) == (stat is None):
        raise TeamError(f"{where}: a characteristic improvement gives a 'stat' or (exchanged) a 'skill'")
    if kind is not Kind.CHARACTERISTIC and (skill is None or stat is not None):
        raise TeamError(f"{where}: a {kind.value.replace('_', ' ')} skill gives a 'skill' and no 'stat'")
    if skill is not None and not isinstance(skill, str):
        raise TeamError(f"{where}: 'skill' must be a skill's name")
    if stat is not None and stat not in STATS:
        raise TeamError(f"{where}: 'stat' must be one of {', '.join(STATS)}, not {stat!r}")
    return Advancement(kind, skill=skill, stat=stat)
