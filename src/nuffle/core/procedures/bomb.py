"""Bombs (Bombardier): the throw, interception and catches, flight, and the explosion.

A bomb is thrown like a pass (range, weather, tackle zones and pass skills apply; the Pass
skill may re-roll the throw) and may be intercepted. It never bounces: a bomb that is
fumbled explodes in the thrower's square; one that comes down in an empty square, on a
player who cannot catch, or is dropped, explodes there; one that leaves the pitch explodes
harmlessly in the crowd. A player who catches or intercepts it must throw it on at once.
The explosion knocks down the player in its square and, on a 4+ each, the players next to
it (prone and stunned ones too: they get an armour roll).
"""

from __future__ import annotations

from typing import Final

from nuffle.core.actions import Action, ActionChoice, ActionType, LegalActions
from nuffle.core.characteristics import ag_target, pass_target
from nuffle.core.decision import Decision
from nuffle.core.decision import DecisionKind as DK
from nuffle.core.dice import Chance, Dice, threshold
from nuffle.core.procedures.ball import can_catch, catch_modifier
from nuffle.core.procedures.base import Phases, Procedure
from nuffle.core.procedures.injury import KnockDown
from nuffle.core.procedures.passing import (
    BOMB,
    KEEPS_FUMBLE,
    band_between,
    interception_modifier,
    interceptors,
    is_fumble,
    pass_roll_modifier,
    pass_targets,
)
from nuffle.core.procedures.rolls import PlayerRoll
from nuffle.core.state import GameState
from nuffle.core.types import BallState, RollKind, Status


class BombPhase(Phases):
    """Bomb: interception, the throw, scatters, a catch and throw-on, the blast's hits (a coach
    decides at INTERCEPT and THROW_ON)."""

    INTERCEPT: Final = 1
    INTERCEPTED: Final = 2
    ROLL: Final = 3
    ROLLED: Final = 4
    SCATTER: Final = 5
    CAUGHT: Final = 6
    THROW_ON: Final = 7
    HITS: Final = 8
    DONE: Final = 9


class Bomb(Procedure):
    """A bomb thrown by `thrower` at square `target`; `hail_mary` throws it as a Hail Mary Pass
    (any square, no interception, a natural 1 fumbles, anything else is inaccurate)."""

    frame = "bomb"
    phases = BombPhase

    __slots__ = (
        "catcher", "hail_mary", "hits", "mod", "scatters", "sq", "stunned", "target", "thrower", "victims"
    )

    def __init__(self, thrower: int, target: int, hail_mary: bool = False) -> None:
        super().__init__()
        self.thrower = thrower
        self.target = target
        self.hail_mary = hail_mary
        self.sq = target  # where the bomb is
        self.mod = 0
        self.scatters = 0
        self.catcher = -1
        self.victims: list[int] = []  # adjacent players still to roll for
        self.hits: list[int] = []  # players hit, knocked down in order
        self.stunned: list[int] = []  # hit players who were stunned

    def run(self, s: GameState) -> None:
        ph = self.phase
        thr = self.thrower
        if ph == BombPhase.START:
            if not self.hail_mary and interceptors(s, thr, self.target):
                self.phase = BombPhase.INTERCEPT
                s.wait(1 - s.pteam[thr], DK.INTERCEPTOR)
                return
            ph = self.phase = BombPhase.ROLL
        if ph == BombPhase.INTERCEPTED:
            if s.ok:
                self._caught(s, self.catcher)
                return
            ph = self.phase = BombPhase.ROLL
        if ph == BombPhase.ROLL and self.hail_mary:
            self.mod = 0
            self.phase = BombPhase.ROLLED
            s.push(PlayerRoll(RollKind.PASS, thr, 2, 0, agility=False))
            return
        if ph == BombPhase.ROLL:
            self.mod = pass_roll_modifier(s, thr, band_between(s, s.pos[thr], self.target))
            self.phase = BombPhase.ROLLED
            s.push(PlayerRoll(RollKind.PASS, thr, pass_target(s, thr), self.mod))
            return
        if ph == BombPhase.ROLLED:
            if s.ok and not self.hail_mary:
                self._come_down(s, self.target, 1)
                return
            if is_fumble(s.last_die, self.mod) and not KEEPS_FUMBLE.any(
                s.info[thr].skills, s, thr, s.last_die, BOMB
            ):
                self._explode(s, s.pos[thr])
                return
            self.sq = self.target
            self.scatters = 0
            self.phase = BombPhase.SCATTER
            s.request(Chance(Dice.D8, 1, "bomb scatter"))
            return
        if ph == BombPhase.SCATTER:
            b = s.board
            dx, dy = s.rules.scatter[s.die()]
            x, y = b.xy(self.sq)
            if not b.is_on(x + dx, y + dy):  # explodes in the crowd, harmlessly
                s.pop()
                return
            self.sq = b.sq(x + dx, y + dy)
            self.scatters += 1
            if self.scatters < 3:
                s.request(Chance(Dice.D8, 1, "bomb scatter"))
                return
            self._come_down(s, self.sq, 0)
            return
        if ph == BombPhase.CAUGHT:
            if s.ok:
                self._caught(s, self.catcher)
                return
            self._explode(s, s.pos[self.catcher])
            return
        if ph == BombPhase.HITS:
            p = self.victims.pop(0)
            if s.die() >= 4:
                self.hits.append(p)
            if self.victims:
                s.request(threshold(4, "bomb"))
                return
            self._knock_down(s)
            return
        if ph == BombPhase.DONE:
            for p in self.stunned:
                if s.status[p] == Status.PRONE:
                    s.status[p] = Status.STUNNED  # an unbroken armour leaves him stunned
            s.pop()

    def _come_down(self, s: GameState, sq: int, bonus: int) -> None:
        """The bomb arrives on `sq`: a catch attempt if someone can, else it explodes."""
        self.sq = sq
        p = s.grid[sq]
        if p >= 0 and can_catch(s, p):
            self.catcher = p
            self.phase = BombPhase.CAUGHT
            s.push(PlayerRoll(RollKind.CATCH, p, ag_target(s, p), catch_modifier(s, p, bonus)))
            return
        self._explode(s, sq)

    def _caught(self, s: GameState, p: int) -> None:
        """`p` holds the bomb and must throw it on at once."""
        self.thrower = p
        self.sq = s.pos[p]
        if not pass_targets(s, p):
            self._explode(s, self.sq)
            return
        self.phase = BombPhase.THROW_ON
        s.wait(s.pteam[p], DK.THROW_ON)

    def _explode(self, s: GameState, sq: int) -> None:
        self.sq = sq
        centre = s.grid[sq]
        self.hits = [centre] if centre >= 0 else []
        self.victims = s.adjacent_players(sq)
        if self.victims:
            self.phase = BombPhase.HITS
            s.request(threshold(4, "bomb"))
            return
        self._knock_down(s)

    def _knock_down(self, s: GameState) -> None:
        """Every hit player falls at once; then their armour rolls (and ball bounce) follow."""
        self.phase = BombPhase.DONE
        self.stunned = [p for p in self.hits if s.status[p] == Status.STUNNED]
        for p in reversed(self.hits):
            s.push(KnockDown(p))
        for p in self.hits:
            s.status[p] = Status.PRONE
            if s.ball_state == BallState.CARRIED and s.ball == s.pos[p]:
                s.ball_state = BallState.ON_GROUND

    def decision_detail(self, s: GameState) -> Decision:
        return Decision(player=self.thrower)

    def legal(self, s: GameState) -> LegalActions:
        if self.phase == BombPhase.THROW_ON:
            return LegalActions([ActionChoice(ActionType.BOMB, (), pass_targets(s, self.thrower))])
        return LegalActions(
            [
                ActionChoice(ActionType.SELECT_PLAYER, interceptors(s, self.thrower, self.target)),
                ActionChoice(ActionType.DECLINE),
            ]
        )

    def act(self, s: GameState, action: Action) -> None:
        if self.phase == BombPhase.THROW_ON:
            assert action.square is not None
            self.target = s.board.sq(*action.square)
            self.hail_mary = False  # a caught bomb is thrown on as a normal pass
            self.phase = BombPhase.START
            return
        if action.type == ActionType.DECLINE:
            self.phase = BombPhase.ROLL
            return
        p = action.player
        assert p is not None
        self.catcher = p
        self.phase = BombPhase.INTERCEPTED
        s.push(PlayerRoll(RollKind.INTERCEPTION, p, ag_target(s, p), interception_modifier(s, p)))
