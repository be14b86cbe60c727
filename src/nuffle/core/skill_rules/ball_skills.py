"""Ball handling: pick-ups, catches, kicks.

No Hands, Big Hand, Extra Arms, Nerves of Steel (catches), Disturbing Presence (catches),
Monstrous Mouth, Diving Catch, Kick, Kick-Off Return and Fan Favourite. Their effects on
passes and interceptions belong to `passing_skills`.
"""

from __future__ import annotations

from typing import Final

from nuffle.core.actions import Action, ActionChoice, ActionType, LegalActions
from nuffle.core.decision import DecisionKind as DK
from nuffle.core.procedures.ball import (
    CATCH_MODIFIER,
    LANDING_NEARBY,
    NO_HANDLING,
    OPPONENT_CATCH_MODIFIER,
    PICKUP_MODIFIER,
    Bounce,
    Catch,
    can_catch,
)
from nuffle.core.procedures.base import Phases, Procedure
from nuffle.core.procedures.kickoff import AFTER_SCATTER, KICK_DISTANCE
from nuffle.core.procedures.kickoff_table import FAME
from nuffle.core.procedures.rolls import SKILL_REROLL, PlayerRoll
from nuffle.core.skills import Skill
from nuffle.core.state import GameState
from nuffle.core.types import PF, BallState, RollKind, Status, Weather, other

# --- who may handle the ball ---------------------------------------------------------------


@NO_HANDLING.on(Skill.NO_HANDS)
def _no_hands(s: GameState, pid: int) -> bool:
    return True


# --- pick-ups ------------------------------------------------------------------------------


@PICKUP_MODIFIER.on(Skill.BIG_HAND)
def _big_hand(s: GameState, pid: int, tz: int) -> int:
    """Ignores the tackle-zone and Pouring Rain penalties (gives them back)."""
    return tz + (1 if s.weather == Weather.POURING_RAIN else 0)


@PICKUP_MODIFIER.on(Skill.EXTRA_ARMS)
def _extra_arms_pickup(s: GameState, pid: int, tz: int) -> int:
    return 1


# --- catches -------------------------------------------------------------------------------


@CATCH_MODIFIER.on(Skill.EXTRA_ARMS)
def _extra_arms_catch(s: GameState, pid: int, tz: int, accurate: bool) -> int:
    return 1


@CATCH_MODIFIER.on(Skill.NERVES_OF_STEEL)
def _nerves_of_steel(s: GameState, pid: int, tz: int, accurate: bool) -> int:
    """Ignores the tackle-zone penalty (not Disturbing Presence)."""
    return tz


@CATCH_MODIFIER.on(Skill.DIVING_CATCH)
def _diving_catch_bonus(s: GameState, pid: int, tz: int, accurate: bool) -> int:
    """+1 to catch an accurate pass aimed at his own square."""
    return 1 if accurate else 0


@OPPONENT_CATCH_MODIFIER.on(Skill.DISTURBING_PRESENCE)
def _disturbing_presence(s: GameState, opp: int, pid: int) -> int:
    """-1 if this opponent (on the pitch, whatever his status) is within 3 squares."""
    return -1 if s.board.distance(s.pos[opp], s.pos[pid]) <= 3 else 0


def _monstrous_mouth(s: GameState, roll: PlayerRoll, use: bool) -> bool:
    """Re-roll a failed catch, as Catch does (not interceptions)."""
    return roll.kind == RollKind.CATCH


SKILL_REROLL.on(Skill.MONSTROUS_MOUTH)(_monstrous_mouth)


# --- Diving Catch: a ball landing next to him ------------------------------------------------


class DivingCatch(Procedure):
    """The ball lands on the empty square `sq` next to `pid`: his coach may have him try to
    catch it where he stands (a failure bounces from his square) or let it bounce from `sq`."""

    frame = "diving_catch"

    __slots__ = ("kickoff", "pid", "sq")
    decision_skill = Skill.DIVING_CATCH

    def __init__(self, pid: int, sq: int, kickoff: bool) -> None:
        super().__init__()
        self.pid = pid
        self.sq = sq
        self.kickoff = kickoff

    def run(self, s: GameState) -> None:
        s.wait(s.pteam[self.pid], DK.USE_SKILL)

    def legal(self, s: GameState) -> LegalActions:
        return LegalActions(
            [ActionChoice(ActionType.USE_SKILL, (self.pid,)), ActionChoice(ActionType.DECLINE)]
        )

    def act(self, s: GameState, action: Action) -> None:
        s.pop()  # tail call: the catch or the bounce replaces the choice
        if action.type == ActionType.USE_SKILL:
            s.push(Catch(self.pid, 0, self.kickoff))
            return
        s.ball = self.sq
        s.ball_state = BallState.ON_GROUND
        s.push(Bounce(self.sq, self.kickoff))


@LANDING_NEARBY.on(Skill.DIVING_CATCH)
def _diving_catch(s: GameState, pid: int, sq: int, kickoff: bool) -> Procedure | None:
    """Eligible when able to catch now (standing, tackle zone, hands); a kick-off only to a
    catcher inside the receiving half (a catch elsewhere would take the ball out of it)."""
    if not can_catch(s, pid):
        return None
    if kickoff and s.pos[pid] not in s.board.own_half(other(s.kicking)):
        return None
    return DivingCatch(pid, sq, kickoff)


# --- the kick-off --------------------------------------------------------------------------


@KICK_DISTANCE.on(Skill.KICK)
def _kick(s: GameState, pid: int, dist: int) -> int | None:
    """A standing kicker set up off the line of scrimmage and outside the wide zones may
    halve the scatter distance, rounding down."""
    sq = s.pos[pid]
    b = s.board
    if s.status[pid] != Status.STANDING or sq in b.los[s.pteam[pid]] or b.wide[sq]:
        return None
    return dist // 2


KICK_OFF_RETURN_SQUARES = 3


def kick_off_returners(s: GameState) -> tuple[int, ...]:
    """Receiving players who may make a Kick-Off Return now: Kick-Off Return (or BB2020's On the
    Ball), standing with a tackle zone, not on the line of scrimmage and in no opposing tackle
    zone."""
    recv = other(s.kicking)
    los = s.board.los[recv]
    return tuple(
        p
        for p in s.on_pitch(recv)
        if (Skill.KICK_OFF_RETURN in s.info[p].skills or Skill.ON_THE_BALL in s.info[p].skills)
        and s.status[p] == Status.STANDING
        and not s.pflags[p] & PF.NO_TZ
        and s.pos[p] not in los
        and s.tackle_zones(s.pos[p], recv) == 0
    )


class KickOffReturnPhase(Phases):
    """KickOffReturn: the choice of player, then his squares one at a time."""

    MOVING: Final = 1


class KickOffReturn(Procedure):
    """One receiving player may move up to 3 squares (no more than his MA, no Going For It)
    inside his own half, one square at a time onto empty squares. He may not dodge: entering
    an opposing tackle zone ends the move."""

    frame = "kick_off_return"
    phases = KickOffReturnPhase

    __slots__ = ("left", "pid")
    decision_skill = Skill.KICK_OFF_RETURN

    def __init__(self) -> None:
        super().__init__()
        self.pid = -1
        self.left = 0

    def _dests(self, s: GameState) -> tuple[tuple[int, int], ...]:
        b = s.board
        sq = s.pos[self.pid]
        half = b.own_half(s.pteam[self.pid])
        return tuple(b.xy(sq + o) for o in b.neighbours if s.grid[sq + o] == -1 and sq + o in half)

    def run(self, s: GameState) -> None:
        if self.phase == KickOffReturnPhase.START:
            if not kick_off_returners(s):
                s.pop()
                return
            s.wait(other(s.kicking), DK.KICK_OFF_RETURN)
            return
        if self.left <= 0 or not self._dests(s):
            s.pop()
            return
        s.wait(other(s.kicking), DK.KICK_OFF_RETURN)

    def legal(self, s: GameState) -> LegalActions:
        if self.phase == KickOffReturnPhase.START:
            return LegalActions(
                [
                    ActionChoice(ActionType.SELECT_PLAYER, kick_off_returners(s)),
                    ActionChoice(ActionType.DECLINE),
                ]
            )
        return LegalActions(
            [ActionChoice(ActionType.MOVE, (self.pid,), self._dests(s)), ActionChoice(ActionType.END_ACTION)]
        )

    def act(self, s: GameState, action: Action) -> None:
        if action.type in (ActionType.DECLINE, ActionType.END_ACTION):
            s.pop()
            return
        if action.type == ActionType.SELECT_PLAYER:
            assert action.player is not None
            self.pid = action.player
            self.left = min(KICK_OFF_RETURN_SQUARES, s.info[self.pid].ma)
            self.phase = KickOffReturnPhase.MOVING
            return
        assert action.square is not None
        sq = s.board.sq(*action.square)
        s.move_player(self.pid, sq)
        self.left -= 1
        if s.tackle_zones(sq, s.pteam[self.pid]):
            self.left = 0


@AFTER_SCATTER.on(Skill.KICK_OFF_RETURN)
def _kick_off_return(s: GameState) -> None:
    """Not on a touchback (the kick scattered out of the receiving half)."""
    if s.ball >= 0 and kick_off_returners(s):
        s.push(KickOffReturn())


@AFTER_SCATTER.on(Skill.ON_THE_BALL)
def _on_the_ball_kick_off(s: GameState) -> None:
    """BB2020's On the Ball, its Kick-Off Return half (one move for the team, as Kick-Off
    Return's: none of its own where a Kick-Off Return player is on the pitch)."""
    if not any(Skill.KICK_OFF_RETURN in s.info[p].skills for side in (0, 1) for p in s.on_pitch(side)):
        _kick_off_return(s)


# --- the kick-off table ----------------------------------------------------------------------


@FAME.on(Skill.FAN_FAVOURITE)
def _fan_favourite(s: GameState, pid: int) -> int:
    return 1
