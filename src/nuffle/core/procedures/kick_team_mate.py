"""BB2020's Kick Team-mate (SKILLS.md; FFB's `StepKickTeamMate` reading, docs/RULES_NOTES.md):
the kicker kicks an adjacent standing Right Stuff team-mate away from him, in the direction from
the kicker to the kicked player, 2D6 squares. A double fails: the kicked player is hurt as by the
crowd where he stands (a ball he held bounces there, a turnover). Otherwise he flies that far
(leaving the pitch: the crowd, from the last square he crossed) and, from there, comes down as a
Subpar Throw Team-mate (procedures/throw_team_mate_bb2020.py): three scatters, a player landed on
knocked down, the landing Agility test at -1 per marking player and -1 for a kick of 6-8 squares,
-2 for 9 or more. A kick is never a completion. The C++ twin is procs/kick_team_mate.hpp.
"""

from __future__ import annotations

from typing import Final

from nuffle.core.board import OFF
from nuffle.core.dice import Chance, Dice
from nuffle.core.procedures.ball import Bounce
from nuffle.core.procedures.injury import Injury
from nuffle.core.procedures.marking import test_zones
from nuffle.core.procedures.passing import INACCURATE
from nuffle.core.procedures.throw_team_mate_bb2020 import ThrowTeamMate2020, ThrowTeamMate2020Phase
from nuffle.core.skills import Skill
from nuffle.core.state import GameState
from nuffle.core.types import BallState, Status


def kicks(s: GameState, pid: int) -> bool:
    """Whether `pid`'s Throw Team-mate action is a kick (Kick Team-mate, not Throw Team-mate:
    a player with both throws)."""
    skills = s.info[pid].skills
    return Skill.KICK_TEAM_MATE in skills and Skill.THROW_TEAM_MATE not in skills


def kick_landing_modifier(distance: int) -> int:
    """The landing test's modifier for a kick of `distance` squares (FFB's medium and long)."""
    return -2 if distance >= 9 else -1 if distance >= 6 else 0


class KickTeamMatePhase(ThrowTeamMate2020Phase):
    """KickTeamMate: the 2D6, then Throw Team-mate's flight phases."""

    KICKED: Final = 13


class KickTeamMate(ThrowTeamMate2020):
    """`kicker` kicks the adjacent Right Stuff team-mate `kicked` (see the module docstring)."""

    frame = "kick_team_mate"
    phases = KickTeamMatePhase

    __slots__ = ()

    def __init__(self, kicker: int, kicked: int) -> None:
        super().__init__(kicker, kicked, -1)

    def run(self, s: GameState) -> None:
        if self.phase == KickTeamMatePhase.START:
            self.phase = KickTeamMatePhase.KICKED
            s.request(Chance(Dice.TWO_D6, 1, "kick team-mate"))
            return
        if self.phase == KickTeamMatePhase.KICKED:
            self._kick(s)
            return
        super().run(s)  # the flight, landing and crowd phases of Throw Team-mate

    def _kick(self, s: GameState) -> None:
        a, b = s.outcome  # type: ignore[misc]
        tm = self.thrown
        start = s.pos[tm]
        if a == b:  # a double: hurt as by the crowd where he stands
            had_ball = s.ball_state == BallState.CARRIED and s.ball == start
            s.grid[start] = -1
            s.pos[tm] = -1
            s.status[tm] = Status.RESERVE
            self.phase = ThrowTeamMate2020Phase.DONE
            if had_ball:
                s.ball_state = BallState.ON_GROUND
                if s.pteam[tm] == s.active:
                    s.turnover = True
                s.push(Bounce(start))
            s.push(Injury(tm, crowd=True))
            return
        board = s.board
        kicker_sq = s.pos[self.thrower]
        dx, dy = board.xs[start] - board.xs[kicker_sq], board.ys[start] - board.ys[kicker_sq]
        self.direction = s.rules.scatter.index((dx, dy))
        self.mod = kick_landing_modifier(a + b)
        self.result = INACCURATE  # he comes down as from a Subpar throw (never a completion)
        self._lift(s)
        spot = start
        for _ in range(a + b):
            nxt = spot + dx + dy * board.stride
            if s.grid[nxt] == OFF:
                self._into_crowd(s, spot, nxt)
                return
            spot = nxt
        self.target = spot
        self.spot, self.scatters = spot, 0
        self._scatter_from_spot(s)

    def _landing_modifier(self, s: GameState) -> int:
        # The marking as for a thrown player's landing (Titchy's zone puts no modifier on it)
        return -test_zones(s, self.thrown, self.spot) + self.mod
