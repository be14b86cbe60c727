"""The state bridge to the native engine: a Python position as the plain data the native
`State` is filled from, and the native state of a position (`to_native`).

`state_data(s)` is what both engines agree a position is (players, both teams' counters and
what they entered the match with, ball, weather, half, sides, generator, hand-over fields, the
procedure stack, the pending chance event and outcome, the crowd list, per-player records, the
assisted-moves option, the ruleset's native id) and the event log (`s.log`, which the native
engine keeps beside its state); `to_native(s).dump()` reads the native state back in the same
shape, so the two compare with `==`.
"""

from __future__ import annotations

import sys
from functools import cache
from importlib import resources
from typing import Any

from nuffle.core.engines import native_module
from nuffle.core.position import PositionError
from nuffle.core.procedures.base import Procedure
from nuffle.core.procedures.prayer_training import primary_bits
from nuffle.core.ruleset import native_id
from nuffle.core.skill_rules.passing_skills import race_of
from nuffle.core.state import GameState
from nuffle.core.teams import races

__all__ = ["KEYWORDS", "keyword_bits", "native_board", "native_paths", "race_code", "state_data", "to_native"]

TEAM_STATS = 12  # statistics a native team holds (state.py keeps 9)


def state_data(s: GameState) -> dict[str, Any]:
    """The position as plain ints (the native State's fields), for the bridge and comparisons."""
    teams = []
    for side, t in enumerate(s.teams):
        stats = list(s.stats[side]) + [0] * (TEAM_STATS - len(s.stats[side]))
        teams.append({
            "rerolls": t.rerolls, "bonus_reroll": int(t.bonus_reroll), "reroll_used": int(t.reroll_used),
            "turn": t.turn, "score": t.score, "bribes": t.bribes, "apothecaries": t.apothecaries,
            "fame": t.fame, "blitz_used": int(t.blitz_used), "pass_used": int(t.pass_used),
            "handoff_used": int(t.handoff_used), "foul_used": int(t.foul_used), "ktm_used": int(t.ktm_used),
            "stats": stats,
            "igor": t.igor, "prayers": t.prayers, "prayed": t.prayed, "drive_reroll": t.drive_reroll,
            **_spec_data(s, side),
        })
    static = _players_static(s)
    pos, status, flags = s.pos, s.status, s.pflags
    players = [
        {**st, "skills": list(st["skills"]), "square": pos[pid], "status": int(status[pid]),
         "flags": flags[pid]}
        for pid, st in enumerate(static)
    ]
    return {
        "board": s.board.variant.players, "rng": s.rng, "decider": s.decider, "waiting": int(s.waiting),
        "half": s.half, "first_kicker": s.first_kicker, "kicking": s.kicking, "active": s.active,
        "weather": int(s.weather), "ball_state": int(s.ball_state), "ball": s.ball, "ok": int(s.ok),
        "last_die": s.last_die, "turnover": int(s.turnover), "touchdown": s.touchdown,
        "teams": teams, "players": players,
        "reactor": s.reactor, "square": s.square, "last_square": s.last_square, "extra_moves": s.extra_moves,
        "assisted_moves": int(s.options.assisted_moves), "crowd": list(s.crowd), "pstats": list(s.pstats),
        "stack": [_frame_data(p) for p in s.stack],
        "pending": None if s.pending is None
        else [int(s.pending.kind), s.pending.n, s.pending.purpose, s.pending.group],
        "outcome": list(s.outcome) if isinstance(s.outcome, tuple) else s.outcome,
        "log": [[int(v) for v in e] for e in s.log],  # evlog: the event log, both ways
        "fans": list(s.fans),
        "ruleset": _native_ruleset(s),
    }


def _native_ruleset(s: GameState) -> int:
    """The native id of the position's ruleset (`ruleset.NATIVE`); -1 for one the native engine
    does not play (which its loader refuses)."""
    rid = native_id(s.rules)
    return -1 if rid is None else rid


_STATIC: dict[tuple[int, int], tuple[Any, Any, list[dict[str, Any]]]] = {}


def _players_static(s: GameState) -> list[dict[str, Any]]:
    """The fields of each player that his roster entry fixes (stats, skills, keywords, race),
    computed once per player list and team specs (both immutable; a new list means new players)."""
    key = (id(s.info), id(s.specs))
    hit = _STATIC.get(key)
    if hit is not None and hit[0] is s.info and hit[1] is s.specs:
        return hit[2]
    static = [
        {
            "team": p.team, "number": p.number, "ma": p.ma, "st": p.st, "ag": p.ag, "av": p.av, "pa": p.pa,
            "niggles": p.niggles, "skills": sorted(int(k) for k in p.skills), "marks": p.marks,
            "values": [[int(k), v] for k, v in p.values],  # skill_values: non-default only
            "keywords": keyword_bits(s.keywords(p.pid)), "race": race_code(race_of(s, p.pid)),
            "primary": primary_bits(s, p.pid),  # Intensive Training's categories
        }
        for p in s.info
    ]
    if len(_STATIC) >= 256:
        _STATIC.clear()
    _STATIC[key] = (s.info, s.specs, static)
    return static


def _spec_data(s: GameState, side: int) -> dict[str, int]:
    """What the native engine keeps of a team as it entered the match (`TeamSpec`)."""
    spec = s.specs[side]
    ind = spec.inducements
    return {
        "spec_rerolls": spec.rerolls, "spec_apothecary": int(spec.apothecary), "fan_factor": spec.fan_factor,
        "ind_babes": ind.babes, "ind_bribes": ind.bribes, "ind_training": ind.training,
        "ind_chef": int(ind.chef), "ind_igor": int(ind.igor), "ind_apothecaries": ind.apothecaries,
        "cheerleaders": spec.cheerleaders, "assistant_coaches": spec.assistant_coaches,
        "wizard": s.teams[side].wizard, "ind_wizard": int(ind.wizard),
        "ind_biased_referee": int(ind.biased_referee), "ind_plague_doctor": int(ind.plague_doctor),
        "weather_mage": s.teams[side].weather_mage, "ind_weather_mage": int(ind.weather_mage),
        "coach_ejected": int(s.teams[side].coach_ejected),
    }


#: The roster keywords the native rules read, bit i of a player's `keywords` (state.hpp's KW_*).
KEYWORDS = ("undead", "thrall")


def keyword_bits(words: frozenset[str]) -> int:
    """A player's roster keywords as the native bit set (words the rules never read are left out)."""
    return sum(1 << i for i, w in enumerate(KEYWORDS) if w in words)


@cache
def race_codes() -> dict[str, int]:
    """Every race a roster names (race keys and 'race:' keywords) and its native code, from 1.
    A race not listed (a team of a race no roster has) gets 0: the only race on its team that
    is not listed, so equal codes still mean equal races within a team, which is all the rules
    compare (Animosity)."""
    names = set(races())
    for r in races().values():
        names |= {w[5:] for p in r.positionals for w in p.keywords if w.startswith("race:")}
    return {name: i + 1 for i, name in enumerate(sorted(names))}


def race_code(race: str) -> int:
    """The native code of a race as `race_of` names it (0 for one no roster names)."""
    return race_codes().get(race, 0)


def _frame_data(p: Procedure) -> list[Any]:
    """One stack frame as [frame id, phase, field values] (bools and enums as ints, lists and
    tuples as lists of ints), in the procedure's field order."""
    values: list[Any] = []
    for name in p._fields[1:]:
        v = getattr(p, name)
        items = v if isinstance(v, list | tuple) else (v,)
        if not all(isinstance(x, int) for x in items):  # None, text, a nested tuple: no native slot
            raise PositionError(f"frame {p.frame!r} field {name!r} holds {v!r}: the native engine takes ints")
        values.append([int(x) for x in v] if isinstance(v, list | tuple) else int(v))
    return [p.frame, p.phase, values]


@cache
def native_board(players: int) -> Any:
    """The native geometry of board `players` (read once from data/boards.json)."""
    text = resources.files("nuffle.data").joinpath("boards.json").read_text()
    return native_module().read_boards(text)[players]


def to_native(s: GameState) -> Any:
    """The native state of position `s` (a `nuffle._native.State`); raises
    EngineUnavailableError where the extension is not built."""
    return native_module().State.load(native_board(s.board.variant.players), state_data(s))


def native_paths(
    s: GameState, pid: int, moves_used: int = 0, team_reroll: bool | None = None, pickup: bool = True,
) -> dict[str, Any]:
    """The native pathfinder's answer for `pid` (every query of `core.paths.search`): 'all',
    'endzone', 'blitz', 'handoff' and 'foul', each route as (flat squares entered,
    probability, moves, moves after, step keys, target square or -1)."""
    state = to_native(s)
    return dict(state.paths(pid, moves_used, team_reroll, pickup, sys.version_info >= (3, 12)))
