"""Positions as JSON-ready data: the whole engine state, procedure stack included, and back.

`position_to_dict(state)` gives plain JSON values; `position_from_dict(data)` rebuilds an equal
`GameState` (same `key()`), so a position can be saved, sent to a bot in another process, or
built by a tool and continued with `Game.from_state`. Decoding accepts only the engine's own
procedure frames, enums and value shapes, and rejects anything else with a `PositionError`.

Version 2 (written) speaks in rules terms: a stack frame is its procedure's stable `frame` id,
its named phase and its fields; enum values are written by name; `ruleset` names the rules
(`nuffle.core.ruleset`). Version 1 (still read, as LRB6) named
frames by Python module and class and wrote phases and enums as numbers. The format is
described in docs/ARCHITECTURE.md ("Saved positions").
"""

from __future__ import annotations

import re
from enum import IntEnum, IntFlag
from typing import Any

import nuffle.core.skill_rules  # noqa: F401  (defines the skills' procedure frames)
from nuffle.core.actions import ActionType
from nuffle.core.board import VARIANTS, board_for
from nuffle.core.decision import DecisionKind
from nuffle.core.dice import Chance, Dice
from nuffle.core.errors import NuffleError
from nuffle.core.procedures.base import FRAMES, Procedure
from nuffle.core.ruleset import LRB6, RulesetError
from nuffle.core.ruleset import ruleset as find_ruleset
from nuffle.core.skill_values import values_from_json, values_to_json
from nuffle.core.skills import Skill
from nuffle.core.state import OLD_PSTATS, PSTATS, GameState, Options, PlayerInfo, TeamState
from nuffle.core.teams import TeamError, rosters_for, team_from_dict, team_to_dict
from nuffle.core.types import BallState, BlockFace, Event, PFlag, RollKind, Status, Weather

FORMAT = "nuffle-position"
VERSION = 2
READS = (1, 2)  # the versions `position_from_dict` reads

_ENUM_CLASSES: tuple[type[Any], ...] = (
    ActionType, RollKind, Event, Dice, Status, BallState, Weather, Skill, BlockFace, PFlag, DecisionKind,
)
_ENUMS: dict[str, type[Any]] = {cls.__name__: cls for cls in _ENUM_CLASSES}
_SCALARS = ("ball", "ball_state", "weather", "half", "first_kicker", "kicking", "active", "rng",
            "decider", "waiting", "touchdown")
_V1_SCALARS = ("ret", "ret_die")  # version 1's hand-over registers (zero in any position)
_LISTS = ("grid", "pos", "status", "pflags", "crowd")
#: TeamState fields written only when set (positions without them stay byte-identical).
_WRITTEN_IF_TRUE = frozenset({"coach_ejected", "ktm_used", "weather_mage"})
_V1_CLASS = re.compile(r"nuffle\.core\.[a-z_.]+\.(_?[A-Z][A-Za-z]*)")


_CHANCE_FIELDS = ("kind", "n", "purpose", "group")


class PositionError(NuffleError, ValueError):
    """A position is malformed or names something the engine does not know."""


def _v1_frame(name: object) -> type[Procedure] | None:
    """The procedure class a version-1 position named by module and class: every engine class
    kept its class name's snake case as its frame id."""
    m = _V1_CLASS.fullmatch(name) if isinstance(name, str) else None
    if m is None:
        return None
    return FRAMES.get(re.sub(r"(?<!^)(?=[A-Z])", "_", m.group(1).lstrip("_")).lower())


def _encode(v: Any) -> Any:
    if v is None or type(v) in (bool, int, str):
        return v
    if isinstance(v, IntFlag):
        return {"$e": type(v).__name__, "v": int(v)}
    if isinstance(v, IntEnum):
        return {"$e": type(v).__name__, "v": v.name}
    if type(v) is list:
        return [_encode(x) for x in v]
    if type(v) is tuple:
        return {"$t": [_encode(x) for x in v]}
    if isinstance(v, Procedure):
        cls = type(v)
        frame = cls.__dict__.get("frame")
        if not frame or FRAMES.get(frame) is not cls:
            raise PositionError(f"procedure {cls.__qualname__} has no frame id: a position cannot hold it")
        phase = cls.phases.name_of(v.phase)
        if phase is None:
            raise PositionError(f"phase {v.phase!r} of frame {frame!r} has no name")
        return {"$f": frame, "phase": phase,
                "f": {name: _encode(getattr(v, name)) for name in cls._fields if name != "phase"}}
    if isinstance(v, Chance):
        return {"$c": {name: _encode(getattr(v, name)) for name in _CHANCE_FIELDS}}
    raise PositionError(f"cannot encode a {type(v).__name__} in a position: {v!r}")


def _decode_enum(v: dict[str, Any], version: int) -> Any:
    cls = _ENUMS.get(v["$e"])
    raw = v.get("v")
    if cls is None or type(raw) not in (int, str):
        raise PositionError(f"unknown enum value {v!r}")
    if type(raw) is str and version >= 2 and not issubclass(cls, IntFlag):
        member = cls.__members__.get(raw)
        if member is None:
            raise PositionError(f"{raw!r} is not a {v['$e']}")
        return member
    if type(raw) is not int:
        raise PositionError(f"unknown enum value {v!r}")
    try:
        return cls(raw)
    except ValueError:
        raise PositionError(f"{raw!r} is not a {v['$e']}") from None


def _decode_frame(v: dict[str, Any], version: int) -> Procedure:
    if version >= 2:
        pcls = FRAMES.get(v["$f"]) if isinstance(v["$f"], str) else None
        what = v["$f"]
    else:
        pcls = _v1_frame(v["$p"])
        what = v["$p"]
    fields = v.get("f")
    if pcls is None or type(fields) is not dict:
        raise PositionError(f"unknown procedure {what!r}")
    fields = dict(fields)
    if version >= 2:
        name = v.get("phase")
        phase = pcls.phases.value_of(name) if isinstance(name, str) else None
        if phase is None:
            known = ", ".join(pcls.phases.names())
            raise PositionError(f"frame {what!r} has no phase {name!r} (it has {known})")
        fields["phase"] = phase
    if set(fields) != set(pcls._fields):
        raise PositionError(f"procedure {what} needs fields {sorted(pcls._fields)}")
    proc = object.__new__(pcls)
    for name, value in fields.items():
        setattr(proc, name, _decode(value, version))
    return proc


def _decode(v: Any, version: int) -> Any:
    if v is None or type(v) in (bool, int, str):
        return v
    if type(v) is list:
        return [_decode(x, version) for x in v]
    if type(v) is dict:
        if "$e" in v:
            return _decode_enum(v, version)
        if "$t" in v and type(v["$t"]) is list:
            return tuple(_decode(x, version) for x in v["$t"])
        if ("$f" in v and version >= 2) or ("$p" in v and version == 1):
            return _decode_frame(v, version)
        if "$p" in v:
            raise PositionError(f"unknown procedure {v['$p']!r}")
        if "$c" in v and type(v["$c"]) is dict:
            try:
                return Chance(**{k: _decode(x, version) for k, x in v["$c"].items()})
            except TypeError as exc:
                raise PositionError(f"bad chance event {v!r}: {exc}") from None
    raise PositionError(f"unexpected value in a position: {v!r}")


def position_to_dict(s: GameState) -> dict[str, Any]:
    """The whole state as JSON-ready data (see `position_from_dict`)."""
    players = [
        {"id": p.pid, "team": p.team, "number": p.number, "name": p.name, "position": p.position,
         "ma": p.ma, "st": p.st, "ag": p.ag, "av": p.av, "skills": sorted(sk.name for sk in p.skills),
         **({"niggles": p.niggles} if p.niggles else {}), **({"pa": p.pa} if p.pa else {}),
         **({"values": values_to_json(p.values)} if p.values else {}),
         **({"marks": p.marks} if p.marks else {})}
        for p in s.info
    ]
    out: dict[str, Any] = {
        "format": FORMAT,
        "version": VERSION,
        "ruleset": s.rules.name,
        "board": s.board.variant.players,
        "assisted_moves": s.options.assisted_moves,
        "teams": [team_to_dict(s.specs[0]), team_to_dict(s.specs[1])],
        "players": players,
        # (a coach ejected, a Weather Mage and a Kick Team-mate this turn are written only when
        # there is one: earlier positions stay as they were)
        "team_state": [{k: getattr(t, k) for k in TeamState.__slots__
                        if k not in _WRITTEN_IF_TRUE or getattr(t, k)} for t in s.teams],
        "stack": [_encode(p) for p in s.stack],
        "pending": _encode(s.pending),
        "outcome": _encode(s.outcome),
        "turnover": s.turnover,
        "stats": [list(s.stats[0]), list(s.stats[1])],
        "player_stats": list(s.pstats),
        "fans": list(s.fans),
        "log": _encode(list(s.log)),
    }
    for name in _SCALARS:
        out[name] = int(getattr(s, name))
    for name in _LISTS:
        out[name] = [int(x) for x in getattr(s, name)]
    return out


def _require(cond: bool, message: str) -> None:
    if not cond:
        raise PositionError(message)


def _int_list(data: dict[str, Any], name: str, n: int | None = None) -> list[int]:
    v = data.get(name)
    if not isinstance(v, list) or not all(type(x) is int for x in v):
        raise PositionError(f"'{name}' must be a list of integers")
    _require(n is None or len(v) == n, f"'{name}' must have {n} entries")
    return list(v)


def position_from_dict(data: Any) -> GameState:
    """Rebuild the state `position_to_dict` gave; raises PositionError naming the problem."""
    try:
        return _from_dict(data)
    except RecursionError:
        raise PositionError("the position is nested too deeply") from None
    except (KeyError, TypeError) as exc:
        raise PositionError(f"malformed position: {exc}") from None


def _values(raw: Any, where: str) -> tuple[tuple[Skill, int], ...]:
    """A player's skill values ([[skill name, value], ...], `skill_values`), checked."""
    try:
        return values_from_json(raw)
    except ValueError as exc:
        raise PositionError(f"{where}.{exc}") from None


def _from_dict(data: Any) -> GameState:
    _require(isinstance(data, dict), "a position must be a JSON object")
    _require(data.get("format") == FORMAT, f"not a nuffle position (format is {data.get('format')!r})")
    version = data.get("version")
    _require(type(version) is int and version in READS, f"unsupported position version {version!r}")
    try:
        rules = find_ruleset(data.get("ruleset") if version >= 2 else LRB6.name)
    except RulesetError as exc:
        raise PositionError(str(exc)) from None
    players = data.get("board")
    _require(type(players) is int and players in VARIANTS, f"unknown board variant {players!r}")
    board = board_for(players)
    teams = data.get("teams")
    _require(isinstance(teams, list) and len(teams) == 2, "'teams' must hold two teams")
    try:
        specs = (team_from_dict(teams[0], "teams[0]", rosters_for(rules)),
                 team_from_dict(teams[1], "teams[1]", rosters_for(rules)))
    except TeamError as exc:  # a bad team in a position is a bad position
        raise PositionError(str(exc)) from None
    info = []
    raw_players = data.get("players")
    _require(isinstance(raw_players, list) and len(raw_players) > 0, "'players' must be a non-empty list")
    for i, p in enumerate(raw_players):
        _require(isinstance(p, dict) and p.get("id") == i, f"players[{i}] must be an object with id {i}")
        try:
            skills = frozenset(Skill[name] for name in p["skills"])
        except (KeyError, TypeError):
            raise PositionError(f"players[{i}] has an unknown skill in {p.get('skills')!r}") from None
        niggles, pa, marks = p.get("niggles", 0), p.get("pa", 0), p.get("marks", 0)
        stats = [p["team"], p["number"], p["ma"], p["st"], p["ag"], p["av"], niggles, pa, marks]
        _require(all(type(x) is int for x in stats) and p["team"] in (0, 1), f"players[{i}] has a bad stat")
        info.append(PlayerInfo(i, p["team"], p["number"], str(p["name"]), str(p["position"]),
                               p["ma"], p["st"], p["ag"], p["av"], skills, niggles, pa,
                               _values(p.get("values", []), f"players[{i}]"), marks))
    assisted = data.get("assisted_moves")
    _require(type(assisted) is bool, "'assisted_moves' must be true or false")
    s = GameState.new(board, specs, tuple(info), 1, Options(assisted), rules)
    n = len(info)
    s.grid = _int_list(data, "grid", board.size)
    s.pos = _int_list(data, "pos", n)
    s.status = _int_list(data, "status", n)
    s.pflags = _int_list(data, "pflags", n)
    s.crowd = _int_list(data, "crowd")
    for name in _SCALARS + (_V1_SCALARS if version == 1 else ()):
        v = data.get(name)
        _require(type(v) is int, f"'{name}' must be an integer")
        if name not in _V1_SCALARS:  # version 1's registers: zero at any position, not kept
            setattr(s, name, v)
    _require(type(data.get("turnover")) is bool, "'turnover' must be true or false")
    s.turnover = data["turnover"]
    ts = data.get("team_state")
    _require(isinstance(ts, list) and len(ts) == 2, "'team_state' must hold two teams")
    for side in (0, 1):
        t = ts[side]
        # positions written before inducements or before prayers (BB2020) lack their fields;
        # coach_ejected and ktm_used are written only when True
        if isinstance(t, dict):
            t = {"igor": 0, "wizard": 0, "coach_ejected": False, "ktm_used": False, "prayers": 0, "prayed": 0,
                 "drive_reroll": 0, "weather_mage": 0, **t}
        _require(isinstance(t, dict) and set(t) == set(TeamState.__slots__),
                 f"team_state[{side}] must have the fields {sorted(TeamState.__slots__)}")
        for k, v in t.items():
            _require(type(v) in (int, bool), f"team_state[{side}].{k} must be a number")
            setattr(s.teams[side], k, v)
    stats = data.get("stats")
    _require(isinstance(stats, list) and len(stats) == 2, "'stats' must hold two lists")
    s.stats = (tuple(_int_list({"s": stats[0]}, "s")), tuple(_int_list({"s": stats[1]}, "s")))
    if "player_stats" in data:  # positions written before per-player records have none
        n, stats = len(s.info), data["player_stats"]
        for k in OLD_PSTATS:  # written before the later counts: they read as 0
            if isinstance(stats, list) and n and len(stats) == k * n:
                pad = (0,) * (PSTATS - k)
                stats = [v for i in range(n) for v in (*stats[i * k:(i + 1) * k], *pad)]
        s.pstats = tuple(_int_list({"player_stats": stats}, "player_stats", len(s.pstats)))
    if "fans" in data:  # positions written before the fans were kept have none
        home_fans, away_fans = _int_list(data, "fans", 2)
        s.fans = (home_fans, away_fans)
    stack = data.get("stack")
    _require(isinstance(stack, list) and len(stack) > 0, "'stack' must be a non-empty list of procedures")
    s.stack = [_decode(p, version) for p in stack]
    _require(all(isinstance(p, Procedure) for p in s.stack), "'stack' must hold only procedures")
    s.pending = _decode(data.get("pending"), version)
    _require(s.pending is None or isinstance(s.pending, Chance), "'pending' must be a chance event")
    s.outcome = _decode(data.get("outcome"), version)
    log = _decode(data.get("log"), version)
    _require(isinstance(log, list) and all(isinstance(e, tuple) for e in log), "'log' must be a list")
    s.log = log
    return s
