"""BB2020's Throw Team-mate (RULES §8.7, TABLES §2), chosen by `Ruleset.throw_team_mate`.

The thrower's Passing Ability test (Quick or Short range, -1 per marking player, Very Sunny -1,
Disturbing Presence, THROW_MODIFIER: Strong Arm +1) gives one of the pass's four results:
Superb (accurate) and Subpar (inaccurate) throws scatter the thrown player three times from the
target square, a Wildly Inaccurate one deviates him D8 x D6 squares from the thrower, a Fumbled
one (a natural 1, PA "-", or an Always Hungry thrower's team-mate squirming free) scatters him
once from the thrower's square. Swoop (FLIGHT) replaces a scatter, not a deviation. He comes
down as under LRB6 (on a player: knocked down, he scatters on; off the pitch: the crowd), then
lands with an Agility test at -1 per marking player and LANDING_BY_RESULT. A Superb throw whose
player lands counts as a completion for the thrower. The C++ twin is
procs/throw_team_mate_bb2020.hpp.
"""

from __future__ import annotations

from typing import Final

from nuffle.core.board import OFF
from nuffle.core.characteristics import NO_PA_TARGET, ag_target, pass_target
from nuffle.core.dice import Chance, Dice
from nuffle.core.hooks import Point
from nuffle.core.procedures import prayers
from nuffle.core.procedures.ball import Bounce, ThrowIn, check_touchdown
from nuffle.core.procedures.injury import KnockDown
from nuffle.core.procedures.marking import test_zones
from nuffle.core.procedures.passing import (
    ACCURATE,
    FUMBLED,
    IGNORES_TACKLE_ZONES,
    INACCURATE,
    WILDLY_INACCURATE,
    band_between,
    nearby_modifier,
    pass_result,
)
from nuffle.core.procedures.prayer_trapdoor import enter_trapdoor
from nuffle.core.procedures.rolls import PlayerRoll
from nuffle.core.procedures.throw_team_mate import (
    BEFORE_THROW,
    FLIGHT,
    ThrowTeamMate,
    ThrowTeamMatePhase,
)
from nuffle.core.state import PSTAT_COMPLETIONS, PSTAT_PERFECT_PASSING, GameState
from nuffle.core.types import BallState, RollKind, Status, Weather

THROW_MODIFIER: Point[[GameState, int], int] = Point(
    "throw_team_mate.throw_modifier",
    "fn(s, thrower) -> int: asked for the thrower's skills: a modifier of BB2020's Throw "
    "Team-mate test (Strong Arm +1)",
)

#: The landing test's modifier by the throw's result (TABLES §2; FFB's -2 / -1 for a wildly
#: inaccurate / fumbled throw).
LANDING_BY_RESULT: Final = {ACCURATE: 0, INACCURATE: -1, WILDLY_INACCURATE: -2, FUMBLED: -1}


def throw_modifier_2020(s: GameState, thrower: int, target: int) -> int:
    """BB2020's Throw Team-mate test modifier of `thrower` to square index `target`: the range
    band's, -1 per marking player (unless IGNORES_TACKLE_ZONES), Very Sunny -1, Disturbing
    Presence, THROW_MODIFIER (not the pass's PASS_MODIFIER skills)."""
    skills = s.info[thrower].skills
    mod = s.rules.range_modifiers[band_between(s, s.pos[thrower], target)]
    if not IGNORES_TACKLE_ZONES.any(skills, s, thrower, RollKind.PASS):
        mod -= test_zones(s, thrower, s.pos[thrower])
    if s.weather == Weather.VERY_SUNNY:
        mod -= 1
    return mod + THROW_MODIFIER.total(skills, s, thrower) + nearby_modifier(s, thrower, RollKind.PASS)


def landing_modifier_2020(s: GameState, pid: int, square: int, result: int) -> int:
    """The modifier of thrown player `pid`'s landing on square index `square` after a throw
    of `result`: -1 per opposing marking player there and the result's."""
    return -test_zones(s, pid, square) + LANDING_BY_RESULT[result]


class ThrowTeamMate2020Phase(ThrowTeamMatePhase):
    """ThrowTeamMate2020: LRB6's phases and the wildly inaccurate throw's deviation dice."""

    DEVIATE_DIRECTION: Final = 11
    DEVIATE_DISTANCE: Final = 12
    TRAPDOOR: Final = 14  # landed on an open trapdoor (BB2020's prayer): its D6


class ThrowTeamMate2020(ThrowTeamMate):
    """BB2020: `thrower` throws the adjacent Right Stuff team-mate `thrown` towards `target`."""

    frame = "throw_team_mate_bb2020"
    phases = ThrowTeamMate2020Phase

    __slots__ = ("direction", "result")

    def __init__(self, thrower: int, thrown: int, target: int) -> None:
        super().__init__(thrower, thrown, target)
        self.result = 0  # the throw's result (passing.ACCURATE ... FUMBLED), 0 before the test
        self.direction = 0  # a wildly inaccurate throw's D8

    def run(self, s: GameState) -> None:
        ph = self.phase
        P = ThrowTeamMate2020Phase
        thr = self.thrower
        if ph == P.START:
            self.phase = P.THROW
            if BEFORE_THROW.fire(s.info[thr].skills, s, self):
                self.phase = P.BEFORE_THROW_USED
                return
        elif ph == P.BEFORE_THROW_USED:
            if not s.ok:
                if s.pos[self.thrown] < 0:  # eaten: nothing left to throw
                    s.pop()
                    return
                self.result = FUMBLED  # he squirmed free: a fumbled throw
                self._flight(s)
                return
            self.phase = P.THROW
        if self.phase == P.THROW:
            self.mod = throw_modifier_2020(s, thr, self.target)
            if pass_target(s, thr) >= NO_PA_TARGET:  # PA "-": no test, a fumble
                self.result = FUMBLED
                self._flight(s)
                return
            self.phase = P.THROWN
            s.push(PlayerRoll(RollKind.PASS, thr, pass_target(s, thr), self.mod))
            return
        if self.phase == P.THROWN:
            self.result = pass_result(s.last_die, pass_target(s, thr), self.mod)
            self._flight(s)
            return
        if self.phase in (P.DEVIATE_DIRECTION, P.DEVIATE_DISTANCE):
            self._deviate(s)
            return
        if self._in_flight(s):  # Swoop returned, a scatter, a player landed on: as LRB6's
            return
        tm = self.thrown
        if self.phase == P.LANDING_ROLLED:
            if s.ok:
                if self.result == ACCURATE:
                    s.add_pstat(thr, PSTAT_COMPLETIONS)  # a Superb throw landed: a completion
                    prayers.count_under(s, thr, prayers.PERFECT_PASSING, PSTAT_PERFECT_PASSING)
                self.phase = P.TRAPDOOR
                if enter_trapdoor(s, tm):  # he landed on an open trapdoor: its D6 first
                    return
            else:
                if self.had_ball and s.pteam[tm] == s.active:
                    s.turnover = True
                self.phase = P.DONE
                s.push(KnockDown(tm, turnover=False))
                return
        if self.phase == P.TRAPDOOR:  # BB2020's prayer: landed, and the trapdoor's D6 if any
            self.phase = P.DONE
            if s.pos[tm] == self.spot:  # still there (not fallen through)
                check_touchdown(s, tm)
                if s.ball == self.spot and s.ball_state == BallState.ON_GROUND:
                    s.push(Bounce(self.spot))  # he landed on the loose ball
                return
        if self.phase == P.CROWD_INJURED:
            self.phase = P.DONE
            if self.had_ball:
                s.ball_state = BallState.ON_GROUND
                s.push(ThrowIn(s.ball, self.target))
                return
        s.pop()

    def _flight(self, s: GameState) -> None:
        """He leaves the ground: a Superb or Subpar throw scatters him 3 times from the target,
        a Fumbled one once from the thrower's square (FLIGHT: Swoop instead), a Wildly
        Inaccurate one deviates him from the thrower."""
        P = ThrowTeamMate2020Phase
        thrower_sq = s.pos[self.thrower]
        self._lift(s)
        if self.result == WILDLY_INACCURATE:
            self.spot = thrower_sq
            self.phase = P.DEVIATE_DIRECTION
            s.request(Chance(Dice.D8, 1, "team-mate deviation"))
            return
        if self.result == FUMBLED:
            self.spot, self.scatters = thrower_sq, 2
        else:
            self.spot, self.scatters = self.target, 0
        self._scatter_from_spot(s)

    def _scatter_from_spot(self, s: GameState) -> None:
        """He scatters from `spot` until 3 scatters are done (FLIGHT: Swoop instead)."""
        P = ThrowTeamMate2020Phase
        self.phase = P.SCATTER
        if FLIGHT.fire(s.info[self.thrown].skills, s, self):
            self.phase = P.FLIGHT_USED
            return
        s.request(Chance(Dice.D8, 1, "team-mate scatter"))

    def _deviate(self, s: GameState) -> None:
        """The deviation's D8 direction, then D6 squares from the thrower (leaving the pitch:
        the crowd, from the last square he crossed)."""
        if self.phase == ThrowTeamMate2020Phase.DEVIATE_DIRECTION:
            self.direction = s.die()
            self.phase = ThrowTeamMate2020Phase.DEVIATE_DISTANCE
            s.request(Chance(Dice.D6, 1, "team-mate distance"))
            return
        b = s.board
        dx, dy = s.rules.scatter[self.direction]
        step = dx + dy * b.stride
        for _ in range(s.die()):
            nxt = self.spot + step
            if s.grid[nxt] == OFF:
                self._into_crowd(s, self.spot, nxt)
                return
            self.spot = nxt
        self._come_down(s)

    def _land(self, s: GameState) -> None:
        tm = self.thrown
        s.place(tm, self.spot, Status.STANDING)
        if self.had_ball:
            s.ball = self.spot
            s.ball_state = BallState.CARRIED
        self.phase = ThrowTeamMate2020Phase.LANDING_ROLLED
        s.push(PlayerRoll(RollKind.LANDING, tm, ag_target(s, tm), self._landing_modifier(s)))

    def _landing_modifier(self, s: GameState) -> int:
        """The landing test's modifier on `spot` (`landing_modifier_2020`)."""
        return landing_modifier_2020(s, self.thrown, self.spot, self.result)
