"""Passing: range, interception, the pass roll, flight and catch; and hand-offs."""

from __future__ import annotations

from nuffle.core.actions import Action, ActionChoice, ActionType, LegalActions, Square
from nuffle.core.dice import Chance, Dice
from nuffle.core.procedures.ball import (
    Bounce,
    Catch,
    ThrowIn,
    can_catch,
    check_touchdown,
    land_ball,
)
from nuffle.core.procedures.base import Procedure
from nuffle.core.procedures.rolls import PlayerRoll
from nuffle.core.skills import pass_modifier
from nuffle.core.state import GameState
from nuffle.core.tables import SCATTER
from nuffle.core.types import BallState, RollKind, Weather

PASS_RANGE = (
    "TQQQSSSLLLLBBB",
    "QQQQSSSLLLLBBB",
    "QQQSSSSLLLLBB-",
    "QQSSSSSLLLBBB-",
    "SSSSSSLLLLBBB-",
    "SSSSSLLLLBBB--",
    "SSSSLLLLLBBB--",
    "LLLLLLLLBBB---",
    "LLLLLLLBBBB---",
    "LLLLLBBBBB----",
    "LLLBBBBBB-----",
    "BBBBBBB-------",
    "BBBBB---------",
    "BB------------",
)
RANGE_MOD = {"Q": 1, "S": 0, "L": -1, "B": -2}


def pass_range(dx: int, dy: int) -> str:
    """Range band ('Q', 'S', 'L', 'B'), 'T' for the thrower's square or '-' out of range."""
    dx, dy = abs(dx), abs(dy)
    if dx >= 14 or dy >= 14:
        return "-"
    return PASS_RANGE[dy][dx]


def allowed_bands(s: GameState) -> str:
    """Range bands that may be thrown in the current weather."""
    return "QS" if s.weather == Weather.BLIZZARD else "QSLB"


def pass_targets(s: GameState, pid: int) -> tuple[Square, ...]:
    """Every square `pid` may pass to (any square in range, occupied or not)."""
    b = s.board
    x0, y0 = b.xy(s.pos[pid])
    bands = allowed_bands(s)
    return tuple(
        (x, y)
        for y in range(b.height)
        for x in range(b.width)
        if pass_range(x - x0, y - y0) in bands
    )


def interceptors(s: GameState, thrower: int, target: int) -> tuple[int, ...]:
    """Opposing players who may try to intercept a pass from `thrower` to `target`."""
    b = s.board
    tx, ty = b.xy(s.pos[thrower])
    rx, ry = b.xy(target)
    d_tr = (rx - tx) ** 2 + (ry - ty) ** 2
    lx, ly = rx - tx, ry - ty
    norm = d_tr**0.5
    side = s.pteam[thrower]
    out = []
    for p in range(len(s.info)):
        if s.pteam[p] == side or s.pos[p] < 0 or not can_catch(s, p):
            continue
        ix, iy = b.xy(s.pos[p])
        if (ix, iy) in ((tx, ty), (rx, ry)):
            continue
        if not (d_tr > (ix - tx) ** 2 + (iy - ty) ** 2 and d_tr > (rx - ix) ** 2 + (ry - iy) ** 2):
            continue
        best = min(
            abs((cx - tx) * ly - (cy - ty) * lx) / norm
            for cx in (ix - 0.5, ix + 0.5)
            for cy in (iy - 0.5, iy + 0.5)
        )
        if best < 0.87:
            out.append(p)
    return tuple(out)


def pass_roll_modifier(s: GameState, thrower: int, band: str) -> int:
    """Pass-roll modifier: range, tackle zones on the thrower, Very Sunny, skills."""
    mod = RANGE_MOD[band] - s.tackle_zones(s.pos[thrower], s.pteam[thrower])
    if s.weather == Weather.VERY_SUNNY:
        mod -= 1
    return mod + pass_modifier(s.info[thrower].skills)


def is_fumble(d: int, mod: int) -> bool:
    """A pass roll of natural 1, or modified to 1 or less, is a fumble."""
    return d == 1 or d + mod <= 1


class Pass(Procedure):
    """A pass from `thrower` to square `target`."""

    __slots__ = ("mod", "scatters", "target", "thrower")

    def __init__(self, thrower: int, target: int) -> None:
        super().__init__()
        self.thrower = thrower
        self.target = target
        self.mod = 0
        self.scatters = 0

    def run(self, s: GameState) -> None:
        ph = self.phase
        thr = self.thrower
        if ph == 0:
            if interceptors(s, thr, self.target):
                self.phase = 1
                s.wait(1 - s.pteam[thr])
                return
            self.phase = 3
        elif ph == 2:
            if s.ret:
                self.phase = 99
                s.turnover = True
                check_touchdown(s, s.grid[s.ball])
                s.pop()
                return
            self.phase = 3
        if self.phase == 3:
            b = s.board
            x0, y0 = b.xy(s.pos[thr])
            x1, y1 = b.xy(self.target)
            self.mod = pass_roll_modifier(s, thr, pass_range(x1 - x0, y1 - y0))
            self.phase = 4
            s.push(PlayerRoll(RollKind.PASS, thr, 7 - min(s.info[thr].ag, 6), self.mod))
            return
        if self.phase == 4:
            if s.ret:
                self.phase = 6
                s.ball_state = BallState.IN_AIR
                land_ball(s, self.target, 1)
                return
            if is_fumble(s.ret_die, self.mod):
                self.phase = 6
                s.turnover = True  # a fumble turns over even if a team-mate catches the bounce
                s.ball_state = BallState.ON_GROUND
                s.push(Bounce(s.pos[thr]))
                return
            s.ball = self.target
            s.ball_state = BallState.IN_AIR
            self.phase = 5
            s.request(Chance(Dice.D8, 1, "pass scatter"))
            return
        if self.phase == 5:
            b = s.board
            dx, dy = SCATTER[s.die()]
            x, y = b.xy(s.ball)
            if not b.is_on(x + dx, y + dy):
                self.phase = 6
                s.ball_state = BallState.ON_GROUND
                s.push(ThrowIn(s.ball, b.sq(x + dx, y + dy)))
                return
            s.ball = b.sq(x + dx, y + dy)
            self.scatters += 1
            if self.scatters < 3:
                s.request(Chance(Dice.D8, 1, "pass scatter"))
                return
            self.phase = 6
            land_ball(s, s.ball, 0)
            return
        if self.phase == 6:
            holder = s.carrier()
            if holder < 0 or s.pteam[holder] != s.pteam[thr]:
                s.turnover = True
        s.pop()

    def legal(self, s: GameState) -> LegalActions:
        return LegalActions(
            [
                ActionChoice(ActionType.SELECT_PLAYER, interceptors(s, self.thrower, self.target)),
                ActionChoice(ActionType.DECLINE),
            ]
        )

    def act(self, s: GameState, action: Action) -> None:
        if action.type == ActionType.DECLINE:
            self.phase = 3
            return
        p = action.player
        assert p is not None
        mod = -2 - s.tackle_zones(s.pos[p], s.pteam[p])
        if s.weather == Weather.POURING_RAIN:
            mod -= 1
        self.phase = 2
        s.ball_state = BallState.IN_AIR
        s.push(_Interception(p, mod))


class _Interception(Procedure):
    """The interception roll; success puts the ball in the interceptor's hands."""

    __slots__ = ("mod", "pid")

    def __init__(self, pid: int, mod: int) -> None:
        super().__init__()
        self.pid = pid
        self.mod = mod

    def run(self, s: GameState) -> None:
        if self.phase == 0:
            self.phase = 1
            s.push(PlayerRoll(RollKind.INTERCEPTION, self.pid, 7 - min(s.info[self.pid].ag, 6), self.mod))
            return
        if s.ret:
            s.ball = s.pos[self.pid]
            s.ball_state = BallState.CARRIED
        else:
            s.ball_state = BallState.CARRIED  # still in the thrower's hands for the pass roll
        s.pop()


class Handoff(Procedure):
    """A hand-off to an adjacent team-mate, who catches with +1."""

    __slots__ = ("giver", "receiver")

    def __init__(self, giver: int, receiver: int) -> None:
        super().__init__()
        self.giver = giver
        self.receiver = receiver

    def run(self, s: GameState) -> None:
        if self.phase == 0:
            self.phase = 1
            s.ball = s.pos[self.receiver]
            s.ball_state = BallState.ON_GROUND
            if can_catch(s, self.receiver):
                s.push(Catch(self.receiver, 1))
            else:
                s.push(Bounce(s.ball))
            return
        holder = s.carrier()
        if holder < 0 or s.pteam[holder] != s.pteam[self.giver]:
            s.turnover = True
        s.pop()
