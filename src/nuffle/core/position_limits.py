"""What a position may hold beyond its board and players: the procedure stack's fields, the
pending roll, the event log and the counters, checked against the position they belong to.

Both engines load a position through `check_position` (`Game.from_position`), which calls
`check_limits`: a frame field that names a player must name one of the position's players, a
square one of its board's squares, a side 0 or 1 (roles from data/frame_fields.json); an enum
field a member of its class; a list no longer than the native engine holds (sized from the
rules' worst case, frame_fields.json's "caps"); the counters within what a match reaches and a
16-bit native field holds. So both engines accept exactly the same positions, and nothing
out of range reaches the C++ engine (whose bridge checks the same roles again, bridge.hpp).
The layout (each field's kind, capacity and role) is generated with the native header by
native/gen_frames.py into data/frame_layout.json.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from enum import IntEnum
from functools import cache
from importlib import resources
from typing import Any

from nuffle.core.actions import ActionType
from nuffle.core.decision import DecisionKind
from nuffle.core.dice import Chance, Dice
from nuffle.core.position import PositionError
from nuffle.core.procedures.base import Procedure
from nuffle.core.procedures.zap import FROG_MARK
from nuffle.core.state import PSTATS, GameState
from nuffle.core.types import BallState, BlockFace, Event, RollKind, Status, Weather

__all__ = ["LIST_POOL", "MAX_CROWD", "MAX_FRAMES", "MAX_LOG", "MAX_PLAYERS", "check_limits", "layout"]

# The native state's sizes, which a position must fit (native/gen_frames.py writes them into
# frames.hpp's `limits` for state.hpp).
MAX_PLAYERS = 32  # 16 a side on board 11
MAX_FRAMES = 64  # the procedure stack's depth
LIST_POOL = 512  # the list and tuple elements of all frames together
MAX_CROWD = 32  # the crowd list: four ints per player pushed into the crowd
MAX_LOG = 1 << 16  # event-log entries (far beyond a match's)
INT16 = (-(1 << 15), (1 << 15) - 1)
COUNT = (0, (1 << 15) - 1)  # a statistic or record count
MAX_BLOCK_DICE = 3
#: A team's counters (position_check.TEAM_RANGE checks their ranges).
TEAM_COUNTERS = ("rerolls", "bonus_reroll", "turn", "score", "bribes", "apothecaries", "fame")
#: BB2020's prayers in effect and given (bit sets) and the drive's Brilliant Coaching re-roll.
PRAYER_FIELDS = ("prayers", "prayed", "drive_reroll")
MAX_PICK = 255

_ENUMS: dict[str, type[IntEnum]] = {
    cls.__name__: cls
    for cls in (RollKind, ActionType, Status, Dice, BlockFace, Weather, BallState, DecisionKind)
}


@cache
def layout() -> dict[str, Any]:
    """data/frame_layout.json: per frame, per field, [kind, list capacity, role]; the chance
    purposes the engines know."""
    text = resources.files("nuffle.data").joinpath("frame_layout.json").read_text()
    data: dict[str, Any] = json.loads(text)
    return data


@cache
def _purposes() -> frozenset[str]:
    return frozenset(layout()["purposes"])


def _int(v: object) -> bool:
    return isinstance(v, int)


def _range(kind: str, role: str | None, n: int, squares: int) -> tuple[int, int]:
    """The values a field of `kind` and `role` may hold with `n` players on a board of
    `squares` squares."""
    if kind == "bool":
        return 0, 1
    if role is None:
        return INT16
    low = -1 if role.endswith("?") else 0
    base = role.rstrip("?")
    if base == "player":
        return low, n - 1
    if base in ("square", "pitch"):
        return low, squares - 1
    if base == "action":
        return low, max(int(a) for a in ActionType)
    if base == "dice":
        return 1, 3
    if base == "d8":
        return 0, 8
    if base in ("vector", "unit"):
        return -1, 1
    if base == "face":  # a BlockFace; 'face?' also -1 (none) and -2 (resolved by a skill)
        return (-2 if role.endswith("?") else 0), max(int(f) for f in BlockFace)
    return 0, 1  # a side


_ROLE_WORDS = {"player": "a player id", "square": "a square", "side": "a side", "action": "an action type",
               "dice": "a count of block dice", "vector": "a direction's step", "unit": "a direction's step",
               "d8": "a D8 direction", "pitch": "a square", "face": "a block die's face"}


def _check_frame(i: int, p: Procedure, n: int, squares: int, on_pitch: Sequence[bool]) -> int:
    """Check stack frame `i`; returns the list-pool elements it takes."""
    fields = layout()["frames"].get(p.frame)
    if fields is None:
        raise PositionError(f"'stack'[{i}]: frame {p.frame!r} is not one the engines know")
    pool = 0
    for name, (kind, cap, role) in fields.items():  # kind: int, bool, enum:Class, list, tuple
        where = f"'stack'[{i}] ({p.frame}).{name}"
        v = getattr(p, name)
        low, high = _range(kind, role, n, squares)
        if kind in ("list", "tuple"):
            pool += cap
            if not isinstance(v, list | tuple) or not all(_plain_int(x) for x in v):
                raise PositionError(f"{where} must be a list of integers, not {v!r}")
            if len(v) > cap:
                raise PositionError(f"{where} holds {len(v)} items, at most {cap}")
            if role in ("vector", "unit") and (len(v) != 2 or (role == "unit" and not any(v))):
                raise PositionError(f"{where} must be a direction (dx, dy), not {v!r}")
            items = v
        elif not (_int(v) if kind == "bool" else _plain_int(v)):  # True is no player id
            raise PositionError(f"{where} must be an integer, not {v!r}")
        else:
            items = (v,)
        enum = _ENUMS.get(kind.partition(":")[2])
        for x in items:
            if not low <= x <= high:
                plain = "0 or 1" if kind == "bool" else "a 16-bit integer"
                what = _ROLE_WORDS.get((role or "").rstrip("?"), plain)
                raise PositionError(f"{where} is {x}: not {what} of this position ({low}..{high})")
            if enum is not None and x not in enum._value2member_map_:
                raise PositionError(f"{where} is {x}, not a {enum.__name__}")
            if role == "pitch" and not on_pitch[x]:
                raise PositionError(f"{where} is {x}: not a square on the pitch")
            if role == "action?" and x >= 0 and x not in ActionType._value2member_map_:
                raise PositionError(f"{where} is {x}, not an ActionType")
    if p.frame == "player_action" and getattr(p, "then", -1) >= 0 and getattr(p, "then_sq", -1) < 0:
        raise PositionError(f"'stack'[{i}] (player_action): a follow-up action ('then') needs its "
                            f"square ('then_sq')")
    return pool


def _plain_int(v: object) -> bool:
    """An int that is not a bool (the native bridge refuses bools where it reads ints)."""
    return isinstance(v, int) and not isinstance(v, bool)


def _check_pending(c: Chance) -> None:
    if not _plain_int(c.n) or not _plain_int(c.group) or not _plain_int(c.kind):
        raise PositionError(f"'pending' must hold integers, not {c!r}")
    if c.kind not in Dice._value2member_map_:
        raise PositionError(f"'pending': unknown dice kind {c.kind!r}")
    if not _int(c.n) or not 0 <= c.n <= MAX_PICK:
        raise PositionError(f"'pending': n must be 0 to {MAX_PICK}, not {c.n!r}")
    if c.kind == Dice.BLOCK and not 1 <= c.n <= MAX_BLOCK_DICE:
        raise PositionError(f"'pending': {c.n} block dice (1 to {MAX_BLOCK_DICE})")
    if c.kind == Dice.PICK and c.n < 1:
        raise PositionError("'pending': a random pick needs 1 or more choices")
    if not isinstance(c.purpose, str) or c.purpose not in _purposes():
        raise PositionError(f"'pending': unknown chance purpose {c.purpose!r}")
    if not _int(c.group) or not 0 <= c.group <= 3:
        raise PositionError(f"'pending': group must be 0 to 3, not {c.group!r}")


def _check_outcome(o: object) -> None:
    items = o if isinstance(o, tuple) else (o,)
    if not 1 <= len(items) <= 3 or not all(_plain_int(x) and INT16[0] <= x <= INT16[1] for x in items):
        raise PositionError(f"'outcome' must be a 16-bit integer or a tuple of 1 to 3, not {o!r}")


def _check_log(log: list[Any]) -> None:
    if len(log) > MAX_LOG:
        raise PositionError(f"'log' holds {len(log)} entries, at most {MAX_LOG}")
    for i, e in enumerate(log):
        if not isinstance(e, tuple) or len(e) != 4 or not all(_int(x) for x in e):
            raise PositionError(f"'log'[{i}] must be (event, a, b, c) integers, not {e!r}")
        if e[0] not in Event._value2member_map_:
            raise PositionError(f"'log'[{i}]: {e[0]!r} is not an Event")
        if not all(INT16[0] <= x <= INT16[1] for x in e[1:]):
            raise PositionError(f"'log'[{i}] holds a value beyond 16 bits: {e!r}")
        arg = _LOG_ENUMS.get(e[0])
        if arg is not None and e[2] not in arg._value2member_map_:
            raise PositionError(f"'log'[{i}]: {Event(e[0]).name} needs a {arg.__name__}, not {e[2]!r}")


#: The enum an event's second argument is (as state.note logs it).
_LOG_ENUMS: dict[int, type[IntEnum]] = {Event.ROLL: RollKind, Event.WEATHER: Weather}


def _within(name: str, value: int, low: int, high: int) -> None:
    if not low <= value <= high:
        raise PositionError(f"{name} is {value}, outside {low}..{high}")


def check_limits(s: GameState) -> None:
    """Raise PositionError for the first field of `s` that does not fit the position it is in
    (see the module docstring)."""
    n = len(s.info)
    _within("the number of 'players'", n, 1, MAX_PLAYERS)
    for p in s.info:
        _within(f"'players'[{p.pid}].niggles", p.niggles, 0, 99)
    squares = s.board.size
    if len(s.stack) > MAX_FRAMES:
        raise PositionError(f"'stack' holds {len(s.stack)} frames, at most {MAX_FRAMES}")
    if [i for i, p in enumerate(s.stack) if p.frame == "match"] != [0]:
        raise PositionError("'stack' must hold the match frame at its bottom, and only there")
    pool = sum(_check_frame(i, p, n, squares, s.board.on_pitch) for i, p in enumerate(s.stack))
    if pool > LIST_POOL:
        raise PositionError(f"'stack': its frames' lists take {pool} places, at most {LIST_POOL}")
    if s.pending is not None:
        _check_pending(s.pending)
    _check_outcome(s.outcome)
    for side in (0, 1):
        t = s.teams[side]
        # the bridge reads ints
        for name in (*TEAM_COUNTERS, "igor", "wizard", "weather_mage", *PRAYER_FIELDS):
            value = getattr(t, name)
            if not _plain_int(value):
                raise PositionError(f"'team_state'[{side}].{name} must be an integer, not {value!r}")
        _within(f"'team_state'[{side}].igor", int(t.igor), 0, 1)
        _within(f"'team_state'[{side}].wizard", int(t.wizard), 0, 1)
        _within(f"'team_state'[{side}].weather_mage", int(t.weather_mage), 0, 1)
        for name in PRAYER_FIELDS:  # bit sets of the 16 prayers; 1 + a re-roll count
            top = 255 if name == "drive_reroll" else 0xFFFF
            _within(f"'team_state'[{side}].{name}", int(getattr(t, name)), 0, top)
        if t.prayers & ~t.prayed:
            raise PositionError(f"'team_state'[{side}].prayers holds a prayer 'prayed' lacks")
        if t.prayed >> len(s.rules.prayers):
            raise PositionError(
                f"'team_state'[{side}].prayed holds a prayer ruleset {s.rules.name!r} has not")
        for i, v in enumerate(s.stats[side]):
            _within(f"'stats'[{side}][{i}]", v, *COUNT)
        _within(f"'fans'[{side}]", s.fans[side], *COUNT)
    in_effect = s.teams[0].prayers | s.teams[1].prayers
    from nuffle.core.procedures.prayers import MARK_BITS, marks_prayers

    known = sum(1 << b for b in MARK_BITS.values())  # the gifts' mark bits
    if s.rules.wizard == "zap":  # a frog's mark (procedures/zap.py)
        known |= FROG_MARK
    for p in s.info:  # a prayer's mark (BB2020): a prayer in effect
        if p.marks and (not _plain_int(p.marks) or p.marks & ~known or marks_prayers(p.marks) & ~in_effect):
            raise PositionError(f"'players'[{p.pid}].marks holds a prayer in effect for neither team")
    if len(s.pstats) != PSTATS * n:
        raise PositionError(f"'player_stats' must hold {PSTATS * n} counts")
    for i, v in enumerate(s.pstats):
        _within(f"'player_stats'[{i}]", v, *COUNT)
    crowd = s.crowd
    if len(crowd) > MAX_CROWD or len(crowd) % 4:
        raise PositionError(f"'crowd' must hold fours (player, square, square, had ball), at most "
                            f"{MAX_CROWD} values, not {len(crowd)}")
    for i, v in enumerate(crowd):
        high = (n - 1, squares - 1, squares - 1, 1)[i % 4]
        _within(f"'crowd'[{i}]", v, 0, high)
    _check_log(s.log)
