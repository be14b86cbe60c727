"""Push-backs: the three-square fan, chain pushes and the crowd."""

from __future__ import annotations

from nuffle.core.actions import Action, ActionChoice, ActionType, LegalActions
from nuffle.core.board import OFF
from nuffle.core.procedures.base import Procedure
from nuffle.core.state import GameState
from nuffle.core.types import BallState, Status


def _sign(v: int) -> int:
    return (v > 0) - (v < 0)


def push_squares(s: GameState, pusher_sq: int, sq: int) -> list[int]:
    """Legal push squares for a player on `sq` pushed from `pusher_sq`, by priority:
    empty on-pitch squares, else off-pitch squares (crowd), else occupied squares (chain)."""
    b = s.board
    stride = b.stride
    dx = _sign(b.xs[sq] - b.xs[pusher_sq])
    dy = _sign(b.ys[sq] - b.ys[pusher_sq])
    if dx == 0 or dy == 0:
        px, py = (0, 1) if dy == 0 else (1, 0)
        cands = [
            sq + dx + dy * stride,
            sq + dx + px + (dy + py) * stride,
            sq + dx - px + (dy - py) * stride,
        ]
    else:
        cands = [sq + dx + dy * stride, sq + dx, sq + dy * stride]
    grid = s.grid
    empty = [c for c in cands if grid[c] == -1]
    if empty:
        return empty
    off = [c for c in cands if grid[c] == OFF]
    if off:
        return off
    return cands


class Push(Procedure):
    """Push player `pid` away from `pusher_sq`; the active coach picks among legal squares.

    `attacker` is the blocking player behind the push (-1 if none) and `blitz` whether his
    block is part of a Blitz; chain pushes carry both on, so skills can tell who pushes.
    """

    __slots__ = ("attacker", "blitz", "had_ball", "last", "pid", "pusher_sq", "target")

    def __init__(self, pid: int, pusher_sq: int, attacker: int = -1, blitz: bool = False) -> None:
        super().__init__()
        self.pid = pid
        self.pusher_sq = pusher_sq
        self.attacker = attacker
        self.blitz = blitz
        self.target = -1
        self.had_ball = False
        self.last = -1

    def run(self, s: GameState) -> None:
        ph = self.phase
        if ph == 0:
            options = push_squares(s, self.pusher_sq, s.pos[self.pid])
            if len(options) == 1:
                self._choose(s, options[0])
            else:
                s.wait(s.active if s.active >= 0 else s.pteam[self.pid] ^ 1)
            return
        if ph == 2:
            pid = self.pid
            tgt = self.target
            if s.grid[tgt] == OFF:
                # Into the crowd: the injury (and a throw-in) wait until the block's follow-up
                # has been decided; see `resolve_crowd`.
                self.last = s.pos[pid]
                self.had_ball = s.ball_state == BallState.CARRIED and s.ball == self.last
                if self.had_ball:
                    s.ball_state = BallState.IN_AIR  # the crowd has it until the throw-in
                s.remove(pid, Status.RESERVE)
                s.crowd.extend((pid, self.last, tgt, int(self.had_ball)))
            else:
                s.move_player(pid, tgt)
        s.pop()

    def _choose(self, s: GameState, sq: int) -> None:
        self.target = sq
        self.phase = 2
        occupant = s.grid[sq]
        if occupant >= 0:
            s.push(Push(occupant, s.pos[self.pid], self.attacker, self.blitz))

    def legal(self, s: GameState) -> LegalActions:
        b = s.board
        options = push_squares(s, self.pusher_sq, s.pos[self.pid])
        return LegalActions([ActionChoice(ActionType.PUSH, (), tuple(b.xy(q) for q in options))])

    def act(self, s: GameState, action: Action) -> None:
        assert action.square is not None
        self._choose(s, s.board.sq(*action.square))


def resolve_crowd(s: GameState) -> bool:
    """Start the next pending crowd-surf (injury roll, then a throw-in if he held the ball).
    Returns False when none is pending."""
    if not s.crowd:
        return False
    pid, last, out, had_ball = s.crowd[:4]
    del s.crowd[:4]
    s.push(CrowdSurf(pid, last, out, bool(had_ball)))
    return True


class CrowdSurf(Procedure):
    """A player pushed into the crowd: injury roll without armour; a carried ball is thrown in."""

    __slots__ = ("had_ball", "last", "out", "pid")

    def __init__(self, pid: int, last: int, out: int, had_ball: bool) -> None:
        super().__init__()
        self.pid = pid
        self.last = last
        self.out = out
        self.had_ball = had_ball

    def run(self, s: GameState) -> None:
        from nuffle.core.procedures.ball import ThrowIn
        from nuffle.core.procedures.injury import Injury

        if self.phase == 0:
            self.phase = 1
            s.push(Injury(self.pid, crowd=True))
            return
        if self.phase == 1:
            self.phase = 2
            if self.had_ball:
                s.ball = self.last
                s.ball_state = BallState.ON_GROUND
                s.push(ThrowIn(self.last, self.out))
                return
        s.pop()
