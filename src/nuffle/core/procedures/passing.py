"""Passing: range, interception, the pass roll, flight and catch; hand-offs; skill points.

Throw kinds (`PASS`, `HAIL_MARY`, `DUMP_OFF`, `HANDOFF`, `BOMB`, `TEAM_MATE`) tell the hook
points what is being thrown.
"""

from __future__ import annotations

from typing import Final

from nuffle.core.actions import Action, ActionChoice, ActionType, LegalActions, Square
from nuffle.core.characteristics import NO_PA_TARGET, ag_target, pass_target
from nuffle.core.decision import Decision
from nuffle.core.decision import DecisionKind as DK
from nuffle.core.dice import Chance, Dice
from nuffle.core.hooks import Point
from nuffle.core.procedures import prayers
from nuffle.core.procedures.ball import (
    Bounce,
    Catch,
    ThrowIn,
    can_catch,
    catch_modifier,
    check_touchdown,
    land_ball,
)
from nuffle.core.procedures.base import Phases, Procedure
from nuffle.core.procedures.marking import test_zones
from nuffle.core.procedures.rolls import PlayerRoll
from nuffle.core.ruleset import LRB6, Ruleset
from nuffle.core.skills import Skill
from nuffle.core.state import (
    PSTAT_COMPLETIONS,
    PSTAT_DEFLECTIONS,
    PSTAT_INTERCEPTIONS,
    PSTAT_PERFECT_PASSING,
    GameState,
)
from nuffle.core.types import BallState, Event, RollKind, Weather

# What is thrown (passed to the hook points).
PASS, HAIL_MARY, DUMP_OFF, HANDOFF, BOMB, TEAM_MATE = range(6)

PASS_MODIFIER: Point[[GameState, int, str], int] = Point(
    "passing.pass_modifier",
    "fn(s, thrower, band: str) -> int: the thrower's skill modifier to a pass roll of range band "
    "'Q', 'S', 'L' or 'B' (ball, bomb or team-mate throws; Accurate, Strong Arm, Stunty)",
)
IGNORES_TACKLE_ZONES: Point[[GameState, int, RollKind], bool] = Point(
    "passing.ignores_tackle_zones",
    "fn(s, pid, kind: RollKind) -> bool: the player ignores opposing tackle zones on this "
    "RollKind.PASS or RollKind.INTERCEPTION roll (Nerves of Steel)",
)
NEARBY_MODIFIER: Point[[GameState, int, int, RollKind], int] = Point(
    "passing.nearby_modifier",
    "fn(s, source, pid, kind: RollKind) -> int: modifier that `source`, an opponent of `pid` "
    "on the pitch (any posture), puts on pid's RollKind.PASS or RollKind.INTERCEPTION roll "
    "(Disturbing Presence)",
)
INTERCEPTION_MODIFIER: Point[[GameState, int], int] = Point(
    "passing.interception_modifier",
    "fn(s, pid) -> int: the interceptor's skill modifier (Extra Arms, Very Long Legs)",
)
TARGET_DECLARED: Point[[GameState, int, int, int], bool] = Point(
    "passing.target_declared",
    "fn(s, giver, target_sq, throw) -> bool: asked for the thrower's (or hand-off giver's) "
    "skills once the target square of a PASS, HAIL_MARY, DUMP_OFF or HANDOFF is declared. "
    "Return True after pushing a procedure that leaves s.square = the flat square to go on with "
    "(the same or a new one) or -1: the ball is kept, no throw, no turnover (Animosity)",
)
PASS_DECLARED: Point[[GameState, Pass, int], bool] = Point(
    "passing.pass_declared",
    "fn(s, throw: Pass, pid) -> bool: asked, in id order, for the skills of each player `pid` "
    "of the thrower's opponents on the pitch once a pass's target stands, before "
    "interceptions. Return True after pushing a procedure (Pass Block's move)",
)
AFTER_INTERCEPTION: Point[[GameState, int, int, int], bool] = Point(
    "passing.after_interception",
    "fn(s, thrower, interceptor, throw) -> bool: asked for the thrower's skills after a "
    "successful interception. Return True after pushing a procedure that leaves s.ok = True "
    "to cancel the interception (the pass goes on) or False (Safe Throw)",
)
KEEPS_FUMBLE: Point[[GameState, int, int, int], bool] = Point(
    "passing.keeps_fumble",
    "fn(s, thrower, die, throw) -> bool: asked for the thrower's skills when a pass roll of "
    "`die` is a fumble; True if he keeps the ball instead: no bounce, no turnover (Safe Throw)",
)
DEFLECTION_REROLL: Point[[GameState, int, str], bool] = Point(
    "passing.deflection_reroll",
    "fn(s, thrower, band: str) -> bool: asked for the thrower's skills after a successful "
    "BB2020 Passing Interference test against his pass of range band `band`; True: the "
    "interferer re-rolls it (Cloud Burster)",
)

# LRB6's range modifiers, for code without a state (the engine reads `s.rules`).
RANGE_MOD = LRB6.range_modifiers


def pass_range(dx: int, dy: int, rules: Ruleset = LRB6) -> str:
    """Range band ('Q', 'S', 'L', 'B'), 'T' for the thrower's square or '-' out of range,
    on the ruler of `rules`."""
    return rules.pass_range(dx, dy)


def band_between(s: GameState, a: int, b: int) -> str:
    """Range band from flat square `a` to flat square `b`."""
    x0, y0 = s.board.xy(a)
    x1, y1 = s.board.xy(b)
    return s.rules.pass_range(x1 - x0, y1 - y0)


def allowed_bands(s: GameState) -> str:
    """Range bands that may be thrown in the current weather."""
    return "QS" if s.weather == Weather.BLIZZARD else "QSLB"


def pass_targets(s: GameState, pid: int, bands: str | None = None) -> tuple[Square, ...]:
    """Every square `pid` may pass to (any square in range, occupied or not), row by row."""
    b = s.board
    x0, y0 = b.xy(s.pos[pid])
    if bands is None:
        bands = allowed_bands(s)
    reach = _ruler_offsets(s.rules.pass_ranges, bands)
    w = b.width
    out = []
    for y in range(max(0, y0 - len(reach) + 1), min(b.height, y0 + len(reach))):
        for dx in reach[abs(y - y0)]:
            x = x0 + dx
            if 0 <= x < w:
                out.append((x, y))
    return tuple(out)


_OFFSETS: dict[tuple[tuple[str, ...], str], tuple[tuple[int, ...], ...]] = {}


def _ruler_offsets(ruler: tuple[str, ...], bands: str) -> tuple[tuple[int, ...], ...]:
    """Per |dy|, the x offsets (ascending, both signs) whose range band on `ruler` is one of
    `bands` (cached: a pass action asks at every decision)."""
    key = (ruler, bands)
    got = _OFFSETS.get(key)
    if got is None:
        got = tuple(
            tuple(sorted({sign * dx for dx, band in enumerate(row) if band in bands for sign in (-1, 1)}))
            for row in ruler
        )
        _OFFSETS[key] = got
    return got


def in_lane(s: GameState, thrower_sq: int, target: int, sq: int) -> bool:
    """Whether square `sq` lies under the range ruler, strictly between thrower and target."""
    b = s.board
    tx, ty = b.xy(thrower_sq)
    rx, ry = b.xy(target)
    ix, iy = b.xy(sq)
    if (ix, iy) in ((tx, ty), (rx, ry)):
        return False
    d_tr = (rx - tx) ** 2 + (ry - ty) ** 2
    if not (d_tr > (ix - tx) ** 2 + (iy - ty) ** 2 and d_tr > (rx - ix) ** 2 + (ry - iy) ** 2):
        return False
    lx, ly = rx - tx, ry - ty
    norm = d_tr**0.5
    best = min(
        abs((cx - tx) * ly - (cy - ty) * lx) / norm
        for cx in (ix - 0.5, ix + 0.5)
        for cy in (iy - 0.5, iy + 0.5)
    )
    return bool(best < 0.87)


def interceptors(s: GameState, thrower: int, target: int) -> tuple[int, ...]:
    """Opposing players who may try to intercept a pass from `thrower` to `target`."""
    side = s.pteam[thrower]
    tsq = s.pos[thrower]
    return tuple(
        p
        for p in s.ranges[1 - side]
        if s.pos[p] >= 0 and can_catch(s, p) and in_lane(s, tsq, target, s.pos[p])
    )


def nearby_modifier(s: GameState, pid: int, kind: RollKind) -> int:
    """Modifiers from opponents anywhere on the pitch (Disturbing Presence)."""
    mod = 0
    for q in s.ranges[1 - s.pteam[pid]]:
        if s.pos[q] >= 0:
            fns = NEARBY_MODIFIER.fns(s.info[q].skills)
            for fn in fns:
                mod += fn(s, q, pid, kind)
    return mod


def pass_roll_modifier(s: GameState, thrower: int, band: str) -> int:
    """Pass-roll modifier: range, tackle zones on the thrower, Very Sunny, skills."""
    skills = s.info[thrower].skills
    mod = s.rules.range_modifiers[band]
    if not IGNORES_TACKLE_ZONES.any(skills, s, thrower, RollKind.PASS):
        mod -= test_zones(s, thrower, s.pos[thrower])
    if s.weather == Weather.VERY_SUNNY:
        mod -= 1
    return mod + PASS_MODIFIER.total(skills, s, thrower, band) + nearby_modifier(s, thrower, RollKind.PASS)


def interception_modifier(s: GameState, pid: int) -> int:
    """Interception modifier: -2, tackle zones on the interceptor, Pouring Rain, skills."""
    skills = s.info[pid].skills
    mod = -2
    if not IGNORES_TACKLE_ZONES.any(skills, s, pid, RollKind.INTERCEPTION):
        mod -= test_zones(s, pid, s.pos[pid])
    if s.weather == Weather.POURING_RAIN:
        mod -= 1
    return mod + INTERCEPTION_MODIFIER.total(skills, s, pid) + nearby_modifier(s, pid, RollKind.INTERCEPTION)


def deflection_modifier(s: GameState, pid: int, thrower: int, result: int) -> int:
    """BB2020's Passing Interference test of `pid` (an Agility test): -3 / -2 / -1 against an
    accurate / inaccurate / wildly inaccurate pass, his opposing tackle zones, Pouring Rain,
    the interception skills (Extra Arms, Very Long Legs, Disturbing Presence), +1 against a
    Stunty thrower."""
    return (
        interception_modifier(s, pid)
        + 2
        + DEFLECTION_BY_RESULT[result]
        + int(Skill.STUNTY in s.info[thrower].skills)
    )


#: BB2020's Hail Mary test: its D6 + modifiers against 2 (a natural 1 fumbles; 1 or less is wildly
#: inaccurate; anything else, a natural 6 too, inaccurate).
HAIL_MARY_TARGET = 2


def hail_mary_modifier(s: GameState, thrower: int) -> int:
    """BB2020's Hail Mary test modifier: a pass's without the range (no ruler is used); the
    skills' band-dependent modifiers read it as a Long Bomb."""
    return pass_roll_modifier(s, thrower, "B") - s.rules.range_modifiers["B"]


def is_fumble(d: int, mod: int) -> bool:
    """A pass roll of natural 1, or modified to 1 or less, is a fumble."""
    return d == 1 or d + mod <= 1


# BB2020's pass results (Ruleset.passing == "bb2020"; Pass.result, 0 before the test);
# DEFLECTED: a result changed by Passing Interference.
ACCURATE, INACCURATE, WILDLY_INACCURATE, FUMBLED, DEFLECTED = 1, 2, 3, 4, 5
#: Passing Interference's deflection modifier by the pass result (TABLES §2).
DEFLECTION_BY_RESULT = {ACCURATE: -3, INACCURATE: -2, WILDLY_INACCURATE: -1}


def pass_result(d: int, target: int, mod: int) -> int:
    """BB2020's Passing Ability test of die `d` against PA `target` with modifier `mod`: a
    natural 1 or PA "-" fumbles, a natural 6 or d + mod >= PA is accurate, d + mod <= 1 is
    wildly inaccurate, anything else inaccurate."""
    if target >= NO_PA_TARGET or d == 1:
        return FUMBLED
    if d == 6 or d + mod >= target:
        return ACCURATE
    return WILDLY_INACCURATE if d + mod <= 1 else INACCURATE


class PassPhase(Phases):
    """Pass: target skills, opponents' reactions, interception, the pass roll, a fumble or
    scatter, the landing."""

    TARGET_DECLARED: Final = 1
    PASS_DECLARED: Final = 2
    INTERCEPTORS: Final = 3
    INTERCEPTOR_CHOICE: Final = 4
    INTERCEPTION_ROLLED: Final = 5
    THROW: Final = 6
    THROWN: Final = 7
    SCATTER: Final = 8
    LANDED: Final = 9
    DEVIATE_DIRECTION: Final = 10  # BB2020 wildly inaccurate: the D8 is rolled
    DEVIATE_DISTANCE: Final = 11  # and the D6
    INTERFERER_CHOICE: Final = 12  # BB2020 Passing Interference: the opposing coach's choice
    DEFLECTION_ROLLED: Final = 13
    DEFLECTED_CATCH: Final = 14
    NOT_DEFLECTED: Final = 15
    DEFLECTION_REROLLED: Final = 16  # the interference test re-rolled (DEFLECTION_REROLL)
    AFTER_INTERCEPTION_USED: Final = 51
    DONE: Final = 99


class Pass(Procedure):
    """A pass from `thrower` to square `target`: `throw` is PASS, HAIL_MARY or DUMP_OFF.

    A Hail Mary pass cannot be intercepted (nor interfered with); under LRB6 its roll fumbles
    only on a natural 1 and is otherwise inaccurate, under BB2020 its test (`hail_mary_modifier`)
    is at best inaccurate, or wildly inaccurate, or fumbled. A Dump-Off is a normal (Quick) pass
    in the opponent's turn that causes no turnover for either side.
    """

    frame = "pass"
    phases = PassPhase

    __slots__ = ("direction", "interceptor", "mod", "react", "result", "saved", "scatters", "target", "throw",
                 "thrower")

    def __init__(self, thrower: int, target: int, throw: int = PASS) -> None:
        super().__init__()
        self.thrower = thrower
        self.target = target
        self.throw = throw
        self.mod = 0
        self.scatters = 0
        self.interceptor = -1
        self.react = 0  # next opponent asked at PASS_DECLARED
        self.saved = 0  # turnover flag before a Dump-Off
        self.result = 0  # BB2020: the pass result (ACCURATE ... FUMBLED), 0 before the test
        self.direction = 0  # BB2020: the deviation's D8

    def run(self, s: GameState) -> None:
        thr = self.thrower
        if self.phase == PassPhase.START:
            self.saved = int(s.turnover)
            self.phase = PassPhase.PASS_DECLARED
            if TARGET_DECLARED.fire(s.info[thr].skills, s, thr, self.target, self.throw):
                self.phase = PassPhase.TARGET_DECLARED
                return
        elif self.phase == PassPhase.TARGET_DECLARED:
            if s.square < 0:  # the thrower keeps the ball
                self._end(s, check=False)
                return
            self.target = s.square
            self.phase = PassPhase.PASS_DECLARED
        if self.phase == PassPhase.PASS_DECLARED:
            if self._react(s):
                return
            self.phase = PassPhase.INTERCEPTORS
        if self.phase == PassPhase.INTERCEPTORS:
            if s.rules.passing == "lrb6" and self.throw != HAIL_MARY and interceptors(s, thr, self.target):
                self.phase = PassPhase.INTERCEPTOR_CHOICE
                s.wait(1 - s.pteam[thr], DK.INTERCEPTOR)
                return
            self.phase = PassPhase.THROW
        elif self.phase == PassPhase.INTERCEPTION_ROLLED:  # interception roll done
            if s.ok:
                if AFTER_INTERCEPTION.fire(s.info[thr].skills, s, thr, self.interceptor, self.throw):
                    self.phase = PassPhase.AFTER_INTERCEPTION_USED
                    return
                self._intercepted(s)
                return
            self.phase = PassPhase.THROW
        elif self.phase == PassPhase.AFTER_INTERCEPTION_USED:  # Safe Throw and the like
            if not s.ok:
                self._intercepted(s)
                return
            s.ball = s.pos[thr]
            s.ball_state = BallState.CARRIED
            self.phase = PassPhase.THROW
        if self.phase == PassPhase.THROW:
            self.phase = PassPhase.THROWN
            bb2020 = s.rules.passing == "bb2020"
            if self.throw == HAIL_MARY and not bb2020:
                self.mod = 0
                s.push(PlayerRoll(RollKind.PASS, thr, 2, 0, agility=False))
                return
            if self.throw == HAIL_MARY:
                self.mod = hail_mary_modifier(s, thr)
            else:
                self.mod = pass_roll_modifier(s, thr, band_between(s, s.pos[thr], self.target))
            if bb2020 and pass_target(s, thr) >= NO_PA_TARGET:
                self.result = FUMBLED  # PA "-": no test, a fumble
                self._fumble(s, 1)
                return
            target = HAIL_MARY_TARGET if self.throw == HAIL_MARY else pass_target(s, thr)
            s.push(PlayerRoll(RollKind.PASS, thr, target, self.mod))
            return
        if self.phase == PassPhase.THROWN and s.rules.passing == "bb2020":
            self._thrown_bb2020(s)
            return
        if self.phase in (PassPhase.DEVIATE_DIRECTION, PassPhase.DEVIATE_DISTANCE):
            self._deviate(s)
            return
        if self.phase in (PassPhase.DEFLECTION_ROLLED, PassPhase.DEFLECTED_CATCH, PassPhase.NOT_DEFLECTED,
                          PassPhase.DEFLECTION_REROLLED):
            self._interference(s)
            return
        if self.phase == PassPhase.THROWN:
            hail_mary = self.throw == HAIL_MARY
            if s.ok and not hail_mary:
                self.phase = PassPhase.LANDED
                s.ball_state = BallState.IN_AIR
                land_ball(s, self.target, 1)
                return
            if (not s.ok) and is_fumble(s.last_die, self.mod):
                self._fumble(s, s.last_die)
                return
            s.ball = self.target
            s.ball_state = BallState.IN_AIR
            self.phase = PassPhase.SCATTER
            s.request(Chance(Dice.D8, 1, "pass scatter"))
            return
        if self.phase == PassPhase.SCATTER:
            b = s.board
            dx, dy = s.rules.scatter[s.die()]
            x, y = b.xy(s.ball)
            if not b.is_on(x + dx, y + dy):
                self.phase = PassPhase.LANDED
                s.ball_state = BallState.ON_GROUND
                s.push(ThrowIn(s.ball, b.sq(x + dx, y + dy)))
                return
            s.ball = b.sq(x + dx, y + dy)
            self.scatters += 1
            if self.scatters < 3:
                s.request(Chance(Dice.D8, 1, "pass scatter"))
                return
            self._arrive(s, s.ball)
            return
        if self.phase == PassPhase.LANDED:
            self._end(s, check=True)

    def _fumble(self, s: GameState, die: int) -> None:
        """A fumbled pass: the thrower keeps the ball (KEEPS_FUMBLE) or it bounces from his
        square, a turnover even if a team-mate catches the bounce."""
        thr = self.thrower
        if KEEPS_FUMBLE.any(s.info[thr].skills, s, thr, die, self.throw):
            self._end(s, check=False)  # he keeps the ball: no pass is made
            return
        self.phase = PassPhase.LANDED
        s.turnover = True
        s.ball_state = BallState.ON_GROUND
        s.push(Bounce(s.pos[thr]))

    def _thrown_bb2020(self, s: GameState) -> None:
        """BB2020's four results: accurate to the target, inaccurate scatters 3 x D8 from the
        target, wildly inaccurate deviates D8 x D6 from the thrower, fumbled bounces. A Hail Mary
        is never accurate: its test (HAIL_MARY_TARGET) tells inaccurate from worse."""
        if self.throw == HAIL_MARY:
            self.result = pass_result(s.last_die, HAIL_MARY_TARGET, self.mod)
            self.result = INACCURATE if self.result == ACCURATE else self.result
        else:
            self.result = pass_result(s.last_die, pass_target(s, self.thrower), self.mod)
        if self.result == ACCURATE:
            s.ball_state = BallState.IN_AIR
            self._arrive(s, self.target)
        elif self.result == FUMBLED:
            self._fumble(s, s.last_die)
        elif self.result == INACCURATE:
            s.ball = self.target
            s.ball_state = BallState.IN_AIR
            self.phase = PassPhase.SCATTER
            s.request(Chance(Dice.D8, 1, "pass scatter"))
        else:
            s.ball = s.pos[self.thrower]
            s.ball_state = BallState.IN_AIR
            self.phase = PassPhase.DEVIATE_DIRECTION
            s.request(Chance(Dice.D8, 1, "pass deviation"))

    def _deviate(self, s: GameState) -> None:
        """The deviation's dice: the D8 direction, then D6 squares from the thrower (the ball
        leaving the pitch is thrown in from the last square it crossed)."""
        if self.phase == PassPhase.DEVIATE_DIRECTION:
            self.direction = s.die()
            self.phase = PassPhase.DEVIATE_DISTANCE
            s.request(Chance(Dice.D6, 1, "pass distance"))
            return
        b = s.board
        dx, dy = s.rules.scatter[self.direction]
        x, y = b.xy(s.ball)
        self.phase = PassPhase.LANDED
        for _ in range(s.die()):
            if not b.is_on(x + dx, y + dy):
                s.ball_state = BallState.ON_GROUND
                s.push(ThrowIn(b.sq(x, y), b.sq(x + dx, y + dy)))
                return
            x, y = x + dx, y + dy
        self._arrive(s, b.sq(x, y))

    def _arrive(self, s: GameState, sq: int) -> None:
        """The ball will land on `sq`: after a BB2020 pass result (not a Hail Mary, not once
        deflected) the opposing coach may first name a player under the ruler to interfere."""
        self.phase = PassPhase.LANDED
        interfere = self.result in DEFLECTION_BY_RESULT and self.throw != HAIL_MARY
        if interfere and interceptors(s, self.thrower, sq):
            s.ball = sq
            s.ball_state = BallState.IN_AIR
            self.phase = PassPhase.INTERFERER_CHOICE
            s.wait(1 - s.pteam[self.thrower], DK.INTERCEPTOR)
            return
        land_ball(s, sq, int(self.result == ACCURATE and sq == self.target))

    def _interference(self, s: GameState) -> None:
        """Passing Interference after the opposing coach's choice: no deflection lands the ball;
        a deflected ball goes to the interferer, who tries to catch it at -1 (an interception,
        a turnover) or it scatters 3 times from his square. A successful test is re-rolled once
        where the thrower's skills say so (DEFLECTION_REROLL)."""
        p = self.interceptor
        thr = self.thrower
        rolled = self.phase in (PassPhase.DEFLECTION_ROLLED, PassPhase.DEFLECTION_REROLLED)
        if self.phase == PassPhase.NOT_DEFLECTED or (rolled and not s.ok):
            self.phase = PassPhase.LANDED
            land_ball(s, s.ball, int(self.result == ACCURATE and s.ball == self.target))
        elif self.phase == PassPhase.DEFLECTION_ROLLED and DEFLECTION_REROLL.any(
                s.info[thr].skills, s, thr, band_between(s, s.pos[thr], self.target)):
            self.phase = PassPhase.DEFLECTION_REROLLED
            mod = deflection_modifier(s, p, thr, self.result)
            s.push(PlayerRoll(RollKind.INTERCEPTION, p, ag_target(s, p), mod))
        elif rolled:
            self.result = DEFLECTED
            s.ball = s.pos[p]
            self.phase = PassPhase.DEFLECTED_CATCH
            s.push(PlayerRoll(RollKind.CATCH, p, ag_target(s, p), catch_modifier(s, p, 0)))
        elif self.phase == PassPhase.DEFLECTED_CATCH:
            s.note(Event.CATCH, p, s.pos[p], s.ok)
            if s.ok:
                self._intercepted(s)
                return
            s.add_pstat(p, PSTAT_DEFLECTIONS)  # deflected, not converted
            self.scatters = 0
            self.phase = PassPhase.SCATTER
            s.request(Chance(Dice.D8, 1, "pass scatter"))

    def _react(self, s: GameState) -> bool:
        """Ask the next opponent's PASS_DECLARED handlers; True if one pushed a procedure."""
        opp = s.ranges[1 - s.pteam[self.thrower]]
        while self.react < len(opp):
            p = opp[self.react]
            self.react += 1
            if s.pos[p] >= 0 and PASS_DECLARED.fire(s.info[p].skills, s, self, p):
                return True
        return False

    def _intercepted(self, s: GameState) -> None:
        p = self.interceptor
        s.ball = s.pos[p]
        s.ball_state = BallState.CARRIED
        s.turnover = True
        s.add_pstat(p, PSTAT_INTERCEPTIONS)
        check_touchdown(s, p)
        self._end(s, check=False)

    def _end(self, s: GameState, check: bool) -> None:
        if check:
            holder = s.carrier()
            if holder < 0 or s.pteam[holder] != s.pteam[self.thrower]:
                s.turnover = True
            elif holder != self.thrower and not s.turnover and self._completes(s, holder):
                s.add_pstat(self.thrower, PSTAT_COMPLETIONS)
                prayers.count_under(s, self.thrower, prayers.PERFECT_PASSING, PSTAT_PERFECT_PASSING)
        if self.throw == DUMP_OFF:
            s.turnover = bool(self.saved)  # no turnover for either side
        self.phase = PassPhase.DONE
        s.pop()

    def _completes(self, s: GameState, holder: int) -> bool:
        """Whether the team-mate `holder` holding the ball completes the pass: always under
        LRB6; under BB2020 only an accurate pass caught in the target square (never a Hail Mary)."""
        if s.rules.passing != "bb2020":
            return True
        return self.result == ACCURATE and s.pos[holder] == self.target

    def decision_detail(self, s: GameState) -> Decision:
        return Decision(player=self.thrower)

    def legal(self, s: GameState) -> LegalActions:
        aim = s.ball if self.phase == PassPhase.INTERFERER_CHOICE else self.target
        return LegalActions(
            [
                ActionChoice(ActionType.SELECT_PLAYER, interceptors(s, self.thrower, aim)),
                ActionChoice(ActionType.DECLINE),
            ]
        )

    def act(self, s: GameState, action: Action) -> None:
        bb2020 = self.phase == PassPhase.INTERFERER_CHOICE
        if action.type == ActionType.DECLINE:
            self.phase = PassPhase.NOT_DEFLECTED if bb2020 else PassPhase.THROW
            return
        p = action.player
        assert p is not None
        self.interceptor = p
        if bb2020:
            self.phase = PassPhase.DEFLECTION_ROLLED
            mod = deflection_modifier(s, p, self.thrower, self.result)
            s.push(PlayerRoll(RollKind.INTERCEPTION, p, ag_target(s, p), mod))
            return
        self.phase = PassPhase.INTERCEPTION_ROLLED
        s.push(PlayerRoll(RollKind.INTERCEPTION, p, ag_target(s, p), interception_modifier(s, p)))


class HandoffPhase(Phases):
    """Handoff: target skills, the hand-over, the catch or bounce."""

    TARGET_DECLARED: Final = 1
    HAND_OVER: Final = 2
    CAUGHT: Final = 3


class Handoff(Procedure):
    """A hand-off to an adjacent team-mate, who catches with +1."""

    frame = "handoff"
    phases = HandoffPhase

    __slots__ = ("giver", "receiver")

    def __init__(self, giver: int, receiver: int) -> None:
        super().__init__()
        self.giver = giver
        self.receiver = receiver

    def run(self, s: GameState) -> None:
        if self.phase == HandoffPhase.START:
            self.phase = HandoffPhase.HAND_OVER
            if TARGET_DECLARED.fire(s.info[self.giver].skills, s, self.giver, s.pos[self.receiver], HANDOFF):
                self.phase = HandoffPhase.TARGET_DECLARED
                return
        elif self.phase == HandoffPhase.TARGET_DECLARED:
            if s.square < 0:  # he keeps the ball
                s.pop()
                return
            self.receiver = s.grid[s.square]
            self.phase = HandoffPhase.HAND_OVER
        if self.phase == HandoffPhase.HAND_OVER:
            self.phase = HandoffPhase.CAUGHT
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
