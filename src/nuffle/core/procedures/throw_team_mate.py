"""Throw Team-Mate: Always Hungry, the throw, scatter, landing on players, and the landing roll."""

from __future__ import annotations

from typing import Final

from nuffle.core.actions import Square
from nuffle.core.board import OFF
from nuffle.core.characteristics import ag_target, pass_target
from nuffle.core.dice import Chance, Dice
from nuffle.core.hooks import Point
from nuffle.core.procedures.ball import Bounce, ThrowIn, check_touchdown
from nuffle.core.procedures.base import Phases, Procedure
from nuffle.core.procedures.injury import Injury, KnockDown
from nuffle.core.procedures.passing import is_fumble, pass_roll_modifier, pass_targets
from nuffle.core.procedures.rolls import PlayerRoll
from nuffle.core.state import GameState
from nuffle.core.types import BallState, RollKind, Status

CAN_BE_THROWN: Point[[GameState, int, int], bool] = Point(
    "throw_team_mate.can_be_thrown",
    "fn(s, thrower, pid) -> bool: asked for the skills of team-mate `pid` standing next to "
    "`thrower`: True if he may be thrown (Right Stuff)",
)
BEFORE_THROW: Point[[GameState, ThrowTeamMate], bool] = Point(
    "throw_team_mate.before_throw",
    "fn(s, throw: ThrowTeamMate) -> bool: asked for the thrower's skills before the throw. "
    "Return True after pushing a procedure that leaves s.ok = True (the throw goes on) or False "
    "(no throw: a fumbled throw, unless the thrown player has left the pitch) (Always Hungry)",
)
FLIGHT: Point[[GameState, ThrowTeamMate], bool] = Point(
    "throw_team_mate.flight",
    "fn(s, throw: ThrowTeamMate) -> bool: asked for the thrown player's skills instead of the "
    "three scatters from the target. Return True after pushing a procedure that leaves "
    "s.square = the flat square he comes down on (an off-pitch square of the padded grid: the "
    "crowd) and s.last_square = the last on-pitch square he flew over (Swoop)",
)


def ttm_targets(s: GameState, thrower: int) -> tuple[Square, ...]:
    """Squares a team-mate may be thrown to: Quick or Short range, on the pitch."""
    return pass_targets(s, thrower, "QS")  # the squares `is_ttm_target` accepts, in one pass


def is_ttm_target(s: GameState, thrower: int, square: Square) -> bool:
    """Whether a team-mate may be thrown to the pitch square `square` (Quick or Short range)."""
    x0, y0 = s.board.xy(s.pos[thrower])
    return s.rules.pass_range(square[0] - x0, square[1] - y0) in "QS"


def throw_modifier(s: GameState, thrower: int, target: int) -> int:
    """The modifier of `thrower`'s throw of a team-mate to square index `target`: the pass
    roll's (range, tackle zones, weather, skills) and an extra -1."""
    b = s.board
    x0, y0 = b.xy(s.pos[thrower])
    x1, y1 = b.xy(target)
    return pass_roll_modifier(s, thrower, s.rules.pass_range(x1 - x0, y1 - y0)) - 1


def landing_modifier(s: GameState, pid: int, square: int) -> int:
    """The modifier of thrown player `pid`'s landing roll on square index `square`: -1 per
    opposing tackle zone there."""
    return -s.tackle_zones(square, s.pteam[pid])


class ThrowTeamMatePhase(Phases):
    """ThrowTeamMate: skills before the throw, the pass roll, the flight and scatters, coming
    down, the landing roll or the crowd."""

    BEFORE_THROW_USED: Final = 1
    THROW: Final = 3
    THROWN: Final = 4
    SCATTER: Final = 5
    HIT_PLAYER: Final = 6
    LANDING_ROLLED: Final = 7
    CROWD_INJURED: Final = 8
    DONE: Final = 9
    FLIGHT_USED: Final = 10


class ThrowTeamMate(Procedure):
    """`thrower` throws the adjacent Right Stuff team-mate `thrown` towards `target`."""

    frame = "throw_team_mate"
    phases = ThrowTeamMatePhase

    __slots__ = ("had_ball", "mod", "scatters", "spot", "stunned", "target", "thrower", "thrown")

    def __init__(self, thrower: int, thrown: int, target: int) -> None:
        super().__init__()
        self.thrower = thrower
        self.thrown = thrown
        self.target = target
        self.mod = 0
        self.scatters = 0
        self.spot = -1
        self.had_ball = False
        self.stunned = -1  # a Stunned player he came down on

    def run(self, s: GameState) -> None:
        ph = self.phase
        thr, tm = self.thrower, self.thrown
        if ph == ThrowTeamMatePhase.START:
            self.phase = ThrowTeamMatePhase.THROW
            if BEFORE_THROW.fire(s.info[thr].skills, s, self):
                self.phase = ThrowTeamMatePhase.BEFORE_THROW_USED
                return
        elif ph == ThrowTeamMatePhase.BEFORE_THROW_USED:
            if not s.ok:
                if s.pos[tm] < 0:  # eaten: nothing left to throw
                    s.pop()
                    return
                self._fumbled(s)
                return
            self.phase = ThrowTeamMatePhase.THROW
        if self.phase == ThrowTeamMatePhase.THROW:
            self.mod = throw_modifier(s, thr, self.target)
            self.phase = ThrowTeamMatePhase.THROWN
            s.push(PlayerRoll(RollKind.PASS, thr, pass_target(s, thr), self.mod))
            return
        if self.phase == ThrowTeamMatePhase.THROWN:
            if not s.ok and is_fumble(s.last_die, self.mod):
                self._fumbled(s)
                return
            # Even an accurate throw scatters three times from the target square.
            self._lift(s)
            self.spot = self.target
            self.phase = ThrowTeamMatePhase.SCATTER
            if FLIGHT.fire(s.info[tm].skills, s, self):
                self.phase = ThrowTeamMatePhase.FLIGHT_USED
                return
            s.request(Chance(Dice.D8, 1, "team-mate scatter"))
            return
        if self._in_flight(s):
            return
        if self.phase == ThrowTeamMatePhase.LANDING_ROLLED:  # landing roll done
            if s.ok:
                check_touchdown(s, tm)
                self.phase = ThrowTeamMatePhase.DONE
                if s.ball == self.spot and s.ball_state == BallState.ON_GROUND:
                    s.push(Bounce(self.spot))  # he landed on the loose ball
                return
            if self.had_ball and s.pteam[tm] == s.active:
                s.turnover = True
            self.phase = ThrowTeamMatePhase.DONE
            s.push(KnockDown(tm, turnover=False))
            return
        if self.phase == ThrowTeamMatePhase.CROWD_INJURED:  # crowd injury done: a carried ball is thrown in
            self.phase = ThrowTeamMatePhase.DONE
            if self.had_ball:
                s.ball_state = BallState.ON_GROUND
                s.push(ThrowIn(s.ball, self.target))
                return
        s.pop()

    def _in_flight(self, s: GameState) -> bool:
        """Run the phases of the flight both rulesets share (a FLIGHT procedure returned, a
        scatter, a player landed on); False in any other phase."""
        if self.phase == ThrowTeamMatePhase.FLIGHT_USED:  # a FLIGHT procedure returned where he comes down
            if s.grid[s.square] == OFF:
                self._into_crowd(s, s.last_square, s.square)
                return True
            self.spot = s.square
            self._come_down(s)
            return True
        if self.phase == ThrowTeamMatePhase.SCATTER:
            b = s.board
            dx, dy = s.rules.scatter[s.die()]
            nxt = self.spot + dx + dy * b.stride
            if s.grid[nxt] == OFF:
                self._into_crowd(s, self.spot, nxt)
                return True
            self.spot = nxt
            self.scatters += 1
            if self.scatters < 3:
                s.request(Chance(Dice.D8, 1, "team-mate scatter"))
                return True
            self._come_down(s)
            return True
        if self.phase == ThrowTeamMatePhase.HIT_PLAYER:
            if self.stunned >= 0 and s.status[self.stunned] == Status.PRONE:
                s.status[self.stunned] = Status.STUNNED  # an unbroken armour leaves him stunned
            self.stunned = -1
            self.scatters = 2  # one more scatter from the occupied square
            self.phase = ThrowTeamMatePhase.SCATTER
            s.request(Chance(Dice.D8, 1, "team-mate scatter"))
            return True
        return False

    def _come_down(self, s: GameState) -> None:
        """He comes down on `spot`: onto a player (who is knocked down; he scatters on) or lands."""
        occupant = s.grid[self.spot]
        if occupant >= 0:
            self.phase = ThrowTeamMatePhase.HIT_PLAYER
            self.stunned = occupant if s.status[occupant] == Status.STUNNED else -1
            s.push(KnockDown(occupant, turnover=True))
            return
        self._land(s)

    def _lift(self, s: GameState) -> None:
        tm = self.thrown
        self.had_ball = s.ball_state == BallState.CARRIED and s.ball == s.pos[tm]
        s.grid[s.pos[tm]] = -1
        s.pos[tm] = -1
        if self.had_ball:
            s.ball_state = BallState.IN_AIR

    def _land(self, s: GameState) -> None:
        tm = self.thrown
        s.place(tm, self.spot, Status.STANDING)
        if self.had_ball:
            s.ball = self.spot
            s.ball_state = BallState.CARRIED
        self.phase = ThrowTeamMatePhase.LANDING_ROLLED
        mod = landing_modifier(s, tm, self.spot)
        s.push(PlayerRoll(RollKind.LANDING, tm, ag_target(s, tm), mod))

    def _into_crowd(self, s: GameState, last: int, out: int) -> None:
        tm = self.thrown
        if self.had_ball:
            s.ball = last
            if s.pteam[tm] == s.active:
                s.turnover = True
        self.target = out
        s.status[tm] = Status.RESERVE
        self.phase = ThrowTeamMatePhase.CROWD_INJURED
        s.push(Injury(tm, crowd=True))

    def _fumbled(self, s: GameState) -> None:
        """The throw fails: the team-mate falls in his own square (placed prone, armour)."""
        tm = self.thrown
        had_ball = s.ball_state == BallState.CARRIED and s.ball == s.pos[tm]
        if had_ball and s.pteam[tm] == s.active:
            s.turnover = True
        self.phase = ThrowTeamMatePhase.DONE
        s.push(KnockDown(tm, turnover=False))
