"""Set-up: a coach places players in his half; legality is checked before it may end."""

from __future__ import annotations

from typing import Final, NamedTuple

from nuffle.core.actions import Action, ActionChoice, ActionType, LegalActions, Square
from nuffle.core.board import Board
from nuffle.core.decision import DecisionKind as DK
from nuffle.core.procedures.base import Procedure
from nuffle.core.procedures.match import available
from nuffle.core.state import GameState
from nuffle.core.types import PF, Status

# Enum members the hot code reads, bound once as module globals: on Python 3.11 reading a
# member off its enum class costs about ten times a global (the enum metaclass's
# `__getattr__` hook slows every attribute read on the class).
_END_SETUP: Final = ActionType.END_SETUP
_PLACE_PLAYER: Final = ActionType.PLACE_PLAYER
_RESERVE_PLAYER: Final = ActionType.RESERVE_PLAYER
_RESERVE: Final = Status.RESERVE
_STANDING: Final = Status.STANDING

_HALF_XY: dict[tuple[int, int], tuple[tuple[Square, ...], dict[int, int]]] = {}


def _half(board: Board, side: int) -> tuple[tuple[Square, ...], dict[int, int]]:
    """`side`'s half as `(x, y)` squares in a fixed order, and each flat square's index in it
    (cached per board)."""
    key = (id(board), side)
    got = _HALF_XY.get(key)
    if got is None:
        sqs = sorted(board.own_half(side), key=lambda q: (board.ys[q], board.xs[q]))
        got = (tuple(board.xy(q) for q in sqs), {q: i for i, q in enumerate(sqs)})
        _HALF_XY[key] = got
    return got


def half_squares_xy(board: Board, side: int) -> tuple[Square, ...]:
    """The `(x, y)` squares of `side`'s half, in a fixed order (cached per board)."""
    return _half(board, side)[0]


class SetupCounts(NamedTuple):
    """A side's set-up as the set-up rules count it: players on the pitch (at most
    `pitch_max`, at least `must_field`: all he has, up to `pitch_max`), on the line of
    scrimmage (at least `los_min`, fewer when fewer can be fielded) and in each wide zone (at
    most `wide_max` each)."""

    on_pitch: int
    pitch_max: int
    must_field: int
    on_los: int
    los_min: int
    wide_top: int
    wide_bottom: int
    wide_max: int


def setup_counts(s: GameState, side: int) -> SetupCounts:
    """Count `side`'s set-up now (see `SetupCounts`)."""
    b = s.board
    v = b.variant
    pos = s.pos
    los = b.los[side]
    wide = b.wide
    on_pitch = on_los = top = bottom = 0
    for p in s.ranges[side]:  # one pass: every set-up decision asks
        q = pos[p]
        if q >= 0:
            on_pitch += 1
            if q in los:
                on_los += 1
            zone = wide[q]
            if zone == 1:
                top += 1
            elif zone == 2:
                bottom += 1
    must = min(v.pitch_max, len(available(s, side)))
    return SetupCounts(on_pitch, v.pitch_max, must, on_los, min(v.los_min, must), top, bottom, v.wide_max)


def setup_problem(s: GameState, side: int, counted: bool = True) -> str | None:
    """Why `side`'s set-up is illegal now, or None when it is legal. Not `counted`: the number
    on the pitch is not checked (a re-arrangement keeps it; BB2020's Swarming may exceed 11)."""
    c = setup_counts(s, side)
    if counted and c.on_pitch > c.pitch_max:
        return f"{c.on_pitch} players on the pitch; at most {c.pitch_max} are allowed"
    if counted and c.on_pitch < c.must_field:
        return f"only {c.on_pitch} players on the pitch; {c.must_field} must be set up"
    half = s.board.own_half(side)
    for p in s.team_players(side):
        if s.pos[p] >= 0 and s.pos[p] not in half:
            return f"{s.info[p].name} is not in his own half"
    if c.on_los < c.los_min:
        return f"only {c.on_los} players on the line of scrimmage; at least {c.los_min} are required"
    for n, label in ((c.wide_top, "top"), (c.wide_bottom, "bottom")):
        if n > c.wide_max:
            return f"{n} players in the {label} wide zone; at most {c.wide_max} are allowed"
    return None


def _placements(
    s: GameState, side: int, movable: tuple[int, ...], on: tuple[int, ...]
) -> list[ActionChoice]:
    """The PLACE_PLAYER groups: every movable player onto a free square of his half, and onto
    a team-mate's square (they swap), but never onto the square he stands on (a no-op)."""
    if not movable:
        return []
    half, index = _half(s.board, side)
    if not on:
        return [ActionChoice(_PLACE_PLAYER, movable, half)]
    pos = s.pos
    # The occupied squares' places in `half`, in its order; the free squares are the runs of
    # `half` between them (slices: a set-up decision must stay cheap).
    at = []
    for p in on:
        i = index.get(pos[p])
        if i is not None:
            at.append((i, p))
    at.sort()
    free: list[Square] = []
    start = 0
    for i, _ in at:
        free += half[start:i]
        start = i + 1
    free += half[start:]
    groups = [ActionChoice(_PLACE_PLAYER, movable, tuple(free))]
    occupied = tuple([half[i] for i, _ in at])
    reserves = tuple([p for p in movable if pos[p] < 0])
    if reserves and occupied:
        groups.append(ActionChoice(_PLACE_PLAYER, reserves, occupied))
    place = {q: j for j, (_, q) in enumerate(at)}  # each placed player's index in `occupied`
    for p in movable:
        if pos[p] >= 0:
            j = place.get(p)
            others = occupied if j is None else occupied[:j] + occupied[j + 1:]
            if others:
                groups.append(ActionChoice(_PLACE_PLAYER, (p,), others))
    return groups


class Setup(Procedure):
    """One team's set-up (also used to re-arrange after a Perfect Defence)."""

    frame = "setup"

    __slots__ = ("rearrange", "side")

    def __init__(self, side: int, rearrange: bool = False) -> None:
        super().__init__()
        self.side = side
        self.rearrange = rearrange  # Perfect Defence: only players already on the pitch

    def run(self, s: GameState) -> None:
        s.wait(self.side, DK.SETUP)

    def legal(self, s: GameState) -> LegalActions:
        side = self.side
        pos = s.pos
        players = s.ranges[side]
        on = tuple([p for p in players if pos[p] >= 0])
        if self.rearrange:
            movable = on
        else:
            status = s.status
            pflags = s.pflags
            movable = tuple([
                p for p in players if pos[p] >= 0 or (status[p] == _RESERVE and not pflags[p] & PF.HEAT)
            ])
        groups = _placements(s, side, movable, on)
        if on and not self.rearrange:
            groups.append(ActionChoice(_RESERVE_PLAYER, on))
        if setup_problem(s, side) is None:
            groups.append(ActionChoice(_END_SETUP))
        return LegalActions(groups)

    def explain(self, s: GameState, action: Action) -> str | None:
        if action.type == _END_SETUP:
            problem = setup_problem(s, self.side)
            if problem:
                return f"the set-up is illegal: {problem}"
        if action.type == _PLACE_PLAYER and action.player is not None and action.square:
            pos = s.pos[action.player] if 0 <= action.player < len(s.pos) else -1
            if pos >= 0 and s.board.xy(pos) == action.square:
                return f"player {action.player} already stands on {action.square}"
        return None

    def act(self, s: GameState, action: Action) -> None:
        t = action.type
        if t == _END_SETUP:
            s.pop()
            return
        pid = action.player
        assert pid is not None
        if t == _RESERVE_PLAYER:
            s.remove(pid, _RESERVE)
            return
        assert action.square is not None
        sq = s.board.sq(*action.square)
        occupant = s.grid[sq]
        if occupant == pid:
            return
        old = s.pos[pid]
        if old >= 0:
            s.grid[old] = -1
        if occupant >= 0:  # swap: the occupant takes the placed player's old place
            if old >= 0:
                s.grid[old] = occupant
                s.pos[occupant] = old
            else:
                s.pos[occupant] = -1
                s.status[occupant] = _RESERVE
        s.grid[sq] = pid
        s.pos[pid] = sq
        s.status[pid] = _STANDING
