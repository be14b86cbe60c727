"""BB2020's Treacherous Trapdoor prayer (TABLES §12): while either team has it in effect (a
half), two trapdoor squares are open, (6, 1) and its mirror through the pitch's centre
((19, 13) on the 26 x 15 pitch; RULES §1). A player who steps onto one (a move step of his own
action: Move, Rush, Dodge, Jump or Leap), is pushed onto one or follows up onto one
(docs/RULES_NOTES.md) rolls a D6: on a 1 he falls through, removed as if pushed into the crowd
(injury roll, `push.CrowdSurf`; a pushed player's waits for the block's follow-up as a crowd
push's does), a ball he held thrown in by the crowd from the sideline square next to the
trapdoor; a mover or a following-up attacker falling through ends his team's turn.
The C++ twin is procs/prayers.hpp's `trapdoor_here` and `trapdoor_run`.
"""

from __future__ import annotations

from typing import Final

from nuffle.core.board import Board
from nuffle.core.dice import Chance, Dice
from nuffle.core.procedures.base import Phases, Procedure
from nuffle.core.procedures.prayers import active
from nuffle.core.procedures.push import CrowdSurf
from nuffle.core.state import GameState
from nuffle.core.types import BallState, Status

TREACHEROUS_TRAPDOOR: Final = "Treacherous Trapdoor"
TRAPDOOR: Final = (6, 1)  # the first trapdoor (x, y); the other is its mirror
FALLS_ON: Final = 1  # the D6 he falls through on


def trapdoors(board: Board) -> tuple[tuple[int, int], tuple[int, int]]:
    """The two trapdoor squares (x, y) of `board`."""
    x, y = TRAPDOOR
    return (x, y), (board.width - 1 - x, board.height - 1 - y)


def trapdoor_here(s: GameState, pid: int, sq: int) -> bool:
    """Whether `pid`, standing on `sq`, is on an open trapdoor."""
    if not (s.teams[0].prayers or s.teams[1].prayers):
        return False
    if not (active(s, 0, TREACHEROUS_TRAPDOOR) or active(s, 1, TREACHEROUS_TRAPDOOR)):
        return False
    return s.pos[pid] == sq and s.status[pid] == Status.STANDING and s.board.xy(sq) in trapdoors(s.board)


class TrapdoorPhase(Phases):
    """Trapdoor: the D6."""

    ROLLED: Final = 1


class Trapdoor(Procedure):
    """`pid` stands on a trapdoor: a D6, on a 1 he falls through. `pushed`: he was pushed there
    (his crowd-surf waits in `GameState.crowd`, a turnover only as a crowd push's); otherwise he
    moved there himself (a turnover when his team is moving). `free`: a free move or a thrown
    player's landing (Quick Snap, High Kick, Shadowing, Pass Block, Throw / Kick Team-mate), a
    turnover only when he held the ball."""

    frame = "trapdoor"
    phases = TrapdoorPhase

    __slots__ = ("free", "pid", "pushed")

    def __init__(self, pid: int, pushed: bool = False, free: bool = False) -> None:
        super().__init__()
        self.pid = pid
        self.pushed = pushed
        self.free = free

    def run(self, s: GameState) -> None:
        pid = self.pid
        if self.phase == TrapdoorPhase.START:
            self.phase = TrapdoorPhase.ROLLED
            s.request(Chance(Dice.D6, 1, "trapdoor"))
            return
        s.pop()
        if s.die() != FALLS_ON:
            return
        b = s.board
        x, y = b.xy(s.pos[pid])
        edge, out = (0, -1) if y < b.height // 2 else (b.height - 1, b.height)
        had_ball = s.ball_state == BallState.CARRIED and s.ball == s.pos[pid]
        if had_ball:
            s.ball_state = BallState.IN_AIR  # the crowd has it until the throw-in
        s.remove(pid, Status.RESERVE)
        if self.pushed:
            s.crowd.extend((pid, b.sq(x, edge), b.sq(x, out), int(had_ball)))
            return
        if s.pteam[pid] == s.active and (had_ball or not self.free):
            s.turnover = True
        s.push(CrowdSurf(pid, b.sq(x, edge), b.sq(x, out), had_ball))


def enter_trapdoor(s: GameState, pid: int, free: bool = True) -> bool:
    """After a free move or a landing: if `pid` now stands on an open trapdoor, push its D6
    (`Trapdoor`) and return True."""
    if not trapdoor_here(s, pid, s.pos[pid]):
        return False
    s.push(Trapdoor(pid, free=free))
    return True
