"""Is a loaded position possible? Range and consistency checks on a `GameState`.

`check_position(state)` raises a `PositionError` naming the first bad field: a player or the
ball off the pitch, a grid that disagrees with the players' squares, two players on a square,
an unknown status, weather or decider, a negative re-roll count or stat, and (`position_limits`)
a stack frame's field naming a player, square or side the position does not have, a list
longer than the engines hold, a malformed log entry or pending roll. `Game.from_position`
calls it on both engines, so an impossible position is refused on load instead of failing deep in the engine.
`structural_problem(state)` is the part the conformance checker also applies after every step,
with the stack's cross-field rules (`position_frames`: the players the frame on top acts with
stand on the pitch, the drive's set-up is the kicking side's first).
"""

from __future__ import annotations

from enum import IntEnum

from nuffle.core.board import EMPTY, OFF
from nuffle.core.decision import DecisionKind
from nuffle.core.position import PositionError
from nuffle.core.position_frames import decision_problem, stack_problem
from nuffle.core.position_limits import check_limits
from nuffle.core.procedures.action import PlayerAction
from nuffle.core.procedures.throw_team_mate import ThrowTeamMate
from nuffle.core.procedures.turn import Turn
from nuffle.core.skills import Skill
from nuffle.core.state import GameState
from nuffle.core.types import AWAY, CHANCE, HOME, BallState, PFlag, Status, Weather

STAT_RANGE = {"ma": (1, 10), "st": (1, 10), "ag": (1, 10), "av": (1, 11)}
TEAM_RANGE = {"rerolls": (0, 20), "bonus_reroll": (0, 1), "turn": (0, 20), "score": (0, 99),
              "bribes": (0, 20), "apothecaries": (0, 5), "fame": (0, 2)}
TEAM_FLAGS = ("reroll_used", "blitz_used", "pass_used", "handoff_used", "foul_used", "ktm_used")
ALL_PFLAGS = 2 * PFlag.SKILL_USED - 1  # every defined flag bit
MAX_RNG = (1 << 64) - 1


def structural_problem(s: GameState) -> str | None:
    """The first structural rule the position breaks (players, grid, ball, the stack's
    cross-field rules), or None."""
    b = s.board
    on_pitch = [0, 0]
    for pid, sq in enumerate(s.pos):
        st = s.status[pid]
        if sq >= 0:
            if not b.on_pitch[sq]:
                return f"'pos'[{pid}]: player {pid} stands off the pitch at {sq}"
            if s.grid[sq] != pid:
                return f"'grid': player {pid} is at {b.xy(sq)} but the grid holds {s.grid[sq]}"
            if not Status.STANDING <= st <= Status.STUNNED:
                return f"'status'[{pid}]: player {pid} on the pitch has status {Status(st).name}"
            on_pitch[s.pteam[pid]] += 1
        elif Status.STANDING <= st <= Status.STUNNED and s.decider in (0, 1):
            in_flight = any(isinstance(p, ThrowTeamMate) and p.thrown == pid for p in s.stack)
            if not in_flight:  # a thrown team-mate is in the air while others' rolls resolve
                return f"'status'[{pid}]: player {pid} is {Status(st).name} but not on the pitch"
    grid = s.grid
    if min(grid) < OFF:
        return f"'grid' holds {min(grid)}, neither a player nor a marker"
    occupied = len(grid) - grid.count(OFF) - grid.count(EMPTY)
    if occupied != sum(on_pitch):
        return f"'grid': {occupied} occupied squares for {sum(on_pitch)} players on the pitch"
    # the off-pitch squares are the border ring: all of them OFF, and no other square
    st = b.stride
    ring = (grid[:st], grid[-st:], grid[::st], grid[st - 1::st])
    if grid.count(OFF) != b.template.count(OFF) or any(r.count(OFF) != len(r) for r in ring):
        return "'grid' has a wrong off-pitch marker"
    for side in (0, 1):  # BB2020's Swarming: up to 3 more (a D3 of Swarming players)
        swarming = sum(1 for p in s.on_pitch(side) if Skill.SWARMING in s.info[p].skills)
        limit = b.variant.pitch_max + min(3, swarming)
        if on_pitch[side] > limit:
            return f"'pos': side {side} has {on_pitch[side]} players on the pitch (max {limit})"
    if s.ball_state == BallState.CARRIED:
        holder = s.grid[s.ball] if 0 <= s.ball < len(grid) else EMPTY
        if holder < 0:
            return "'ball': the ball is carried but nobody holds it"
        if s.status[holder] != Status.STANDING:
            return f"'ball': player {holder} holds the ball while {Status(s.status[holder]).name}"
    elif s.ball_state == BallState.ON_GROUND:
        if not 0 <= s.ball < len(grid) or not b.on_pitch[s.ball]:
            return "'ball' lies off the pitch"
        # Mid-resolution (a pick-up re-roll, a knock-down, a push before its bounce) the ball
        # may lie under a player; between player actions it never may.
        quiet = bool(s.stack) and isinstance(s.stack[-1], (Turn, PlayerAction))
        if quiet and s.grid[s.ball] >= 0:
            return f"'ball': the loose ball lies under player {s.grid[s.ball]}"
    return stack_problem(s)  # what the frames read of each other and of the players


def _within(name: str, value: int, low: int, high: int) -> None:
    if not low <= value <= high:
        raise PositionError(f"{name} is {value}, outside {low}..{high}")


def _enum(name: str, value: int, cls: type[IntEnum]) -> None:
    if value not in {int(m) for m in cls}:
        raise PositionError(f"{name} is {value}, not a {cls.__name__}")


def check_position(s: GameState) -> GameState:
    """`s` itself if it is possible; else PositionError naming the first field no game reaches."""
    size = len(s.board.template)
    n = len(s.info)
    teams = [p.team for p in s.info]
    if teams != sorted(teams):
        raise PositionError("'players': the home team's players must come before the away team's")
    for p in s.info:
        for stat, (low, high) in STAT_RANGE.items():
            _within(f"'players'[{p.pid}].{stat}", getattr(p, stat), low, high)
        _within(f"'players'[{p.pid}].number", p.number, 0, 99)
    for pid in range(n):
        _within(f"'pos'[{pid}]", s.pos[pid], -1, size - 1)
        _enum(f"'status'[{pid}]", s.status[pid], Status)
        _within(f"'pflags'[{pid}]", s.pflags[pid], 0, ALL_PFLAGS)
    for sq, v in enumerate(s.grid):
        if v >= n:
            raise PositionError(f"'grid'[{sq}] holds player {v}, but there are only {n} players")
        if v >= 0 and s.pos[v] != sq:
            raise PositionError(f"'grid'[{sq}] holds player {v}, whose 'pos' is {s.pos[v]}")
    _within("'ball'", s.ball, -1, size - 1)
    _enum("'ball_state'", s.ball_state, BallState)
    _enum("'weather'", s.weather, Weather)
    _enum("'waiting'", s.waiting, DecisionKind)
    _within("'decider'", s.decider, -1, 3)
    if (s.decider == CHANCE) != (s.pending is not None):
        raise PositionError(f"'decider' is {s.decider} but 'pending' is {s.pending!r}: "
                            "chance decides exactly when a roll is pending")
    if s.decider in (HOME, AWAY) and s.waiting == DecisionKind.NONE:
        raise PositionError(f"'waiting' is NONE while 'decider' is {s.decider}: a coach decides "
                            "only when a decision waits")
    _within("'half'", s.half, 0, 3)
    for name in ("first_kicker", "kicking"):
        _within(f"'{name}'", getattr(s, name), 0, 1)
    _within("'active'", s.active, -1, 1)
    _within("'touchdown'", s.touchdown, -1, 1)
    _within("'rng'", s.rng, 1, MAX_RNG)  # 0 is the generator's fixed point (frozen dice)
    for side in (0, 1):
        t = s.teams[side]
        for name, (low, high) in TEAM_RANGE.items():
            _within(f"'team_state'[{side}].{name}", int(getattr(t, name)), low, high)
        for name in TEAM_FLAGS:
            if type(getattr(t, name)) is not bool:
                raise PositionError(f"'team_state'[{side}].{name} must be true or false")
        if len(s.stats[side]) != 9 or min(s.stats[side]) < 0:
            raise PositionError(f"'stats'[{side}] must be nine non-negative counts")
    if s.ball_state == BallState.NONE and s.ball != -1:
        raise PositionError(f"'ball' is at {s.ball} while the ball is not in play")
    check_limits(s)  # the stack's fields, the pending roll, the log and the counters
    problem = structural_problem(s) or decision_problem(s)
    if problem is not None:
        raise PositionError(problem)
    return s
