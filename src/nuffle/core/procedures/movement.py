"""One movement step: Going For It, dodging out of tackle zones, moving, picking up."""

from __future__ import annotations

from nuffle.core.procedures.ball import Pickup, check_touchdown
from nuffle.core.procedures.base import Procedure
from nuffle.core.procedures.injury import KnockDown
from nuffle.core.procedures.rolls import PlayerRoll
from nuffle.core.skills import Skill, ignores_dodge_tackle_zones
from nuffle.core.state import GameState
from nuffle.core.types import BallState, RollKind, Weather


def gfi_target(s: GameState) -> int:
    """The D6 needed to Go For It: 2+, or 3+ in a blizzard."""
    return 3 if s.weather == Weather.BLIZZARD else 2


def dodge_modifier_for(tackle_zones: int, ignores_zones: bool) -> int:
    """Dodge modifier: +1, -1 per opposing tackle zone on the destination (Stunty ignores)."""
    return 1 if ignores_zones else 1 - tackle_zones


def dodge_modifier(s: GameState, pid: int, dest: int) -> int:
    """Dodge modifier of player `pid` stepping into `dest`."""
    if ignores_dodge_tackle_zones(s.info[pid].skills):
        return dodge_modifier_for(0, True)
    return dodge_modifier_for(s.tackle_zones(dest, s.pteam[pid]), False)


def dodge_reroll_blocked(s: GameState, pid: int, start: int) -> bool:
    """Whether an opposing Tackle player's zone being left cancels the Dodge re-roll."""
    return any(Skill.TACKLE in s.info[q].skills for q in s.tz_players(start, s.pteam[pid]))


class MoveStep(Procedure):
    """Move `pid` one square to `dest` (GFI first if `gfi`, then a dodge if marked)."""

    __slots__ = ("dest", "gfi", "pid")

    def __init__(self, pid: int, dest: int, gfi: bool) -> None:
        super().__init__()
        self.pid = pid
        self.dest = dest
        self.gfi = gfi

    def _fall(self, s: GameState) -> None:
        s.move_player(self.pid, self.dest)
        self.phase = 9
        s.push(KnockDown(self.pid))

    def run(self, s: GameState) -> None:
        pid = self.pid
        ph = self.phase
        if ph == 0:
            self.phase = 2
            if self.gfi:
                self.phase = 1
                s.push(PlayerRoll(RollKind.GFI, pid, gfi_target(s), 0, agility=False))
                return
        elif ph == 1:
            if not s.ret:
                self._fall(s)
                return
            self.phase = 2
        if self.phase == 2:
            start = s.pos[pid]
            side = s.pteam[pid]
            if s.tackle_zones(start, side):
                self.phase = 3
                target = 7 - min(s.info[pid].ag, 6)
                s.push(
                    PlayerRoll(
                        RollKind.DODGE,
                        pid,
                        target,
                        dodge_modifier(s, pid, self.dest),
                        blocked_skill=dodge_reroll_blocked(s, pid, start),
                    )
                )
                return
            self.phase = 4
        elif self.phase == 3:
            if not s.ret:
                self._fall(s)
                return
            self.phase = 4
        if self.phase == 4:
            s.move_player(pid, self.dest)
            if s.ball == self.dest and s.ball_state == BallState.ON_GROUND:
                self.phase = 9
                s.push(Pickup(pid))
                return
            check_touchdown(s, pid)
            s.pop()
            return
        if self.phase == 9:
            s.pop()

