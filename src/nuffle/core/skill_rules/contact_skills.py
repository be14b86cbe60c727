"""Pushes, armour, injuries, casualties and fouls.

Armour and injury: Mighty Blow, Dirty Player, Claws, Chainsaw (its armour modifiers and the
kick-back of a chainsaw foul), Piling On, Thick Skull, Stunty's injury table, Ball & Chain's
falls, Decay, Regeneration, Nurgle's Rot, Sneaky Git. Pushes: Stand Firm, Take Root (a
rooted player cannot be pushed), Juggernaut against Stand Firm, Side Step, Grab, Strip Ball.
"""

from __future__ import annotations

from typing import Final

from nuffle.core.actions import Action, ActionChoice, ActionType, LegalActions
from nuffle.core.decision import Decision
from nuffle.core.decision import DecisionKind as DK
from nuffle.core.dice import threshold
from nuffle.core.procedures.base import Phases, Procedure
from nuffle.core.procedures.foul import BEFORE_FOUL, UNSEEN, Foul
from nuffle.core.procedures.injury import (
    AFTER_ARMOUR,
    AFTER_INJURY,
    ARMOUR_BONUS,
    ARMOUR_BREAKS_AT,
    ARMOUR_MODIFIER,
    ARMOUR_SKIPPED,
    BLOCK,
    CASUALTY_CAUSED,
    CASUALTY_ROLLS,
    FALL,
    FOUL,
    HIT,
    INJURY_TABLE,
    KNOCKED,
    RECOVER,
    Injury,
    KnockDown,
    PlaceProne,
)
from nuffle.core.procedures.push import (
    AFTER_PUSH,
    PUSH_CANCEL,
    PUSH_CHOICE,
    PUSH_REFUSE,
    Push,
    cancelled,
    empty_neighbours,
)
from nuffle.core.procedures.rolls import PlayerRoll
from nuffle.core.skill_values import skill_value
from nuffle.core.skills import BADLY_HURT, CASUALTY, KO, STUNNED, Skill
from nuffle.core.state import STAT_ROTTED, GameState
from nuffle.core.types import PF, BallState, RollKind, Status

# --- armour -----------------------------------------------------------------------------------


@ARMOUR_BONUS.on(Skill.MIGHTY_BLOW)
def _mighty_blow(s: GameState, victim: int, by: int, how: int) -> int:
    return skill_value(s, by, Skill.MIGHTY_BLOW) if how == BLOCK else 0


@ARMOUR_BONUS.on(Skill.DIRTY_PLAYER)
def _dirty_player(s: GameState, victim: int, by: int, how: int) -> int:
    return skill_value(s, by, Skill.DIRTY_PLAYER) if how == FOUL else 0


@ARMOUR_BREAKS_AT.on(Skill.CLAWS)
def _claws(s: GameState, victim: int, by: int, how: int) -> int | None:
    return 8 if how == BLOCK else None


@ARMOUR_MODIFIER.on(Skill.CHAINSAW)
def _chainsaw_armour(s: GameState, owner: int, victim: int, by: int, how: int) -> int:
    """+3 to his foul's armour roll; +3 against him when he is knocked down. (A chainsaw
    attack or kick-back is a HIT whose +3 its procedure passes in `armour_mod`.)"""
    if how == FOUL:
        return 3 if owner == by else 0
    return 3 if owner == victim and how in (FALL, BLOCK, KNOCKED) else 0


class ChainsawKickBackPhase(Phases):
    """ChainsawKickBack: the D6, then the kick-back's armour roll."""

    ROLLED: Final = 1
    KICKED_BACK: Final = 2


class ChainsawKickBack(Procedure):
    """Before a chainsaw foul: D6 (a player roll, re-rollable), 1 -> the chainsaw kicks back:
    armour roll +3 on the wielder, who is knocked down only if it breaks. Leaves s.ok = True if
    the foul goes on."""

    frame = "chainsaw_kick_back"
    phases = ChainsawKickBackPhase

    __slots__ = ("pid",)

    def __init__(self, pid: int) -> None:
        super().__init__()
        self.pid = pid

    def run(self, s: GameState) -> None:
        if self.phase == ChainsawKickBackPhase.START:
            self.phase = ChainsawKickBackPhase.ROLLED
            s.push(PlayerRoll(RollKind.CHAINSAW, self.pid, 2, agility=False))
            return
        if self.phase == ChainsawKickBackPhase.ROLLED:
            if s.ok:
                s.pop()  # the foul goes on
                return
            self.phase = ChainsawKickBackPhase.KICKED_BACK
            s.push(KnockDown(self.pid, by=self.pid, how=HIT, armour_mod=3))
            return
        s.ok = False
        s.pop()


@BEFORE_FOUL.on(Skill.CHAINSAW)
def _chainsaw_foul(s: GameState, foul: Foul) -> bool:
    s.push(ChainsawKickBack(foul.fouler))
    return True


# --- Piling On --------------------------------------------------------------------------------


def _can_pile_on(s: GameState, attacker: int, victim: int) -> bool:
    """Standing and next to the victim he knocked down."""
    return (
        s.status[attacker] == Status.STANDING
        and s.pos[victim] >= 0
        and s.board.distance(s.pos[attacker], s.pos[victim]) == 1
    )


class PilingOnPhase(Phases):
    """PilingOn: the choice, then the attacker placed prone."""

    PLACED_PRONE: Final = 1


class PilingOn(Procedure):
    """The attacker's coach may re-roll the victim's armour (`kind` SELECT_ARMOUR) or injury
    (SELECT_INJURY) roll; the attacker is then placed prone in his square. Leaves s.ok = True
    if the roll is to be re-rolled."""

    frame = "piling_on"
    phases = PilingOnPhase

    __slots__ = ("attacker", "kind")
    decision_skill = Skill.PILING_ON

    def __init__(self, attacker: int, kind: ActionType) -> None:
        super().__init__()
        self.attacker = attacker
        self.kind = kind

    def run(self, s: GameState) -> None:
        if self.phase == PilingOnPhase.START:
            s.wait(s.pteam[self.attacker], DK.USE_SKILL)
            return
        s.ok = True  # he has been placed prone: the roll is re-rolled
        s.pop()

    def decision_detail(self, s: GameState) -> Decision:
        # The victim is the player of the knock-down below (whose armour or injury it is).
        victim = getattr(s.stack[-2], "pid", None) if len(s.stack) > 1 else None
        return Decision(player=self.attacker, target=victim, skill=self.decision_skill)

    def legal(self, s: GameState) -> LegalActions:
        return LegalActions([ActionChoice(self.kind), ActionChoice(ActionType.DECLINE)])

    def act(self, s: GameState, action: Action) -> None:
        if action.type == ActionType.DECLINE:
            s.ok = False
            s.pop()
            return
        self.phase = PilingOnPhase.PLACED_PRONE
        s.push(PlaceProne(self.attacker))


@AFTER_ARMOUR.on(Skill.PILING_ON)
def _piling_on_armour(s: GameState, kd: KnockDown) -> bool:
    if kd.how != BLOCK or not _can_pile_on(s, kd.by, kd.pid):
        return False
    s.push(PilingOn(kd.by, ActionType.SELECT_ARMOUR))
    return True


@AFTER_INJURY.on(Skill.PILING_ON)
def _piling_on_injury(s: GameState, inj: Injury, result: int) -> bool:
    if inj.how != BLOCK or result == CASUALTY or not _can_pile_on(s, inj.by, inj.pid):
        return False
    s.push(PilingOn(inj.by, ActionType.SELECT_INJURY))
    return True


# --- the injury table -------------------------------------------------------------------------


@INJURY_TABLE.on(Skill.THICK_SKULL)
def _thick_skull(s: GameState, inj: Injury, total: int, result: int) -> int:
    return STUNNED if total == 8 and result == KO else result


@INJURY_TABLE.on(Skill.STUNTY)
def _stunty(s: GameState, inj: Injury, total: int, result: int) -> int:
    if total == 7 and result == STUNNED:
        return KO
    if total == 9 and result == KO:
        return BADLY_HURT
    return result


@INJURY_TABLE.on(Skill.BALL_AND_CHAIN)
def _ball_and_chain_injury(s: GameState, inj: Injury, total: int, result: int) -> int:
    return KO if result == STUNNED else result


@ARMOUR_SKIPPED.on(Skill.BALL_AND_CHAIN)
def _ball_and_chain_falls(s: GameState, kd: KnockDown) -> bool:
    return True


# --- casualties -------------------------------------------------------------------------------


@CASUALTY_ROLLS.on(Skill.DECAY)
def _decay(s: GameState, inj: Injury) -> int:
    return 1


class RegeneratePhase(Phases):
    """Regenerate: the D6."""

    ROLLED: Final = 1


class Regenerate(Procedure):
    """Regeneration: D6, 4+ the casualty recovers to the reserves box. Leaves s.ok = True then."""

    frame = "regenerate"
    phases = RegeneratePhase

    __slots__ = ("pid",)

    def __init__(self, pid: int) -> None:
        super().__init__()
        self.pid = pid

    def run(self, s: GameState) -> None:
        if self.phase == RegeneratePhase.START:
            self.phase = RegeneratePhase.ROLLED
            s.request(threshold(4, "regeneration"))
            return
        s.ok = s.die() >= 4
        team = s.teams[s.pteam[self.pid]]
        if not s.ok and team.igor > 0:  # an induced Igor re-rolls it, once a match
            team.igor -= 1
            s.request(threshold(4, "regeneration (Igor)"))
            return
        s.pop()


@RECOVER.on(Skill.REGENERATION)
def _regeneration(s: GameState, inj: Injury) -> bool:
    s.push(Regenerate(inj.pid))
    return True


_NO_ROTTER = (Skill.DECAY, Skill.REGENERATION, Skill.STUNTY)


@CASUALTY_CAUSED.on(Skill.NURGLES_ROT, Skill.PLAGUE_RIDDEN)
def _nurgles_rot(s: GameState, inj: Injury) -> None:
    """Nurgle's Rot (BB2020's Plague Ridden: its league effect, the same count): an opponent
    killed, the killer's team counts a Rotter-to-be (the match stat 'rotted')."""
    victim = inj.pid
    if not inj.dead(s) or s.pteam[victim] == s.pteam[inj.by]:
        return
    if any(sk in s.info[victim].skills for sk in _NO_ROTTER):
        return
    s.count_stat(s.pteam[inj.by], STAT_ROTTED)


# --- fouls ------------------------------------------------------------------------------------


@UNSEEN.on(Skill.SNEAKY_GIT)
def _sneaky_git(s: GameState, foul: Foul, broken: bool) -> bool:
    return not broken


# --- pushes -----------------------------------------------------------------------------------


@PUSH_REFUSE.on(Skill.STAND_FIRM)
def _stand_firm(s: GameState, push: Push) -> int:
    return 0 if cancelled(s, push, Skill.STAND_FIRM, push.attacker) else 1


@PUSH_REFUSE.on(Skill.TAKE_ROOT)
def _rooted(s: GameState, push: Push) -> int:
    return 2 if s.pflags[push.pid] & PF.ROOTED else 0


@PUSH_CANCEL.on(Skill.JUGGERNAUT)
def _juggernaut(s: GameState, push: Push, skill: Skill) -> bool:
    return push.blitz and skill == Skill.STAND_FIRM


def _grab_applies(push: Push) -> bool:
    """Grab works for the blocked player on a Block action (not a Blitz, not a chain)."""
    return not push.blitz and not push.chain


@PUSH_CANCEL.on(Skill.GRAB)
def _grab_cancels(s: GameState, push: Push, skill: Skill) -> bool:
    return skill == Skill.SIDE_STEP and _grab_applies(push)


@PUSH_CANCEL.on(Skill.SIDE_STEP)
def _side_step_cancels(s: GameState, push: Push, skill: Skill) -> bool:
    return skill == Skill.GRAB


@PUSH_CHOICE.on(Skill.SIDE_STEP)
def _side_step(s: GameState, push: Push, owner: int) -> tuple[int, list[int], bool] | None:
    # Any empty adjacent square, and only those: no crowd or chain push while one is free.
    if owner != push.pid or cancelled(s, push, Skill.SIDE_STEP, push.attacker):
        return None
    empty = empty_neighbours(s, s.pos[push.pid])
    return (s.pteam[push.pid], empty, True) if empty else None


@PUSH_CHOICE.on(Skill.GRAB)
def _grab(s: GameState, push: Push, owner: int) -> tuple[int, list[int], bool] | None:
    if owner != push.attacker or not _grab_applies(push) or cancelled(s, push, Skill.GRAB, push.pid):
        return None
    empty = empty_neighbours(s, s.pos[push.pid])
    return (s.pteam[push.attacker], empty, False) if empty else None


_KEEPS_BALL = (Skill.SURE_HANDS, Skill.MONSTROUS_MOUTH)


class StripBall(Procedure):
    """The attacker's coach decides whether the pushed ball carrier drops the ball in the
    square he was pushed to (USE_SKILL) or not (DECLINE)."""

    frame = "strip_ball"

    __slots__ = ("attacker", "pid")
    decision_skill = Skill.STRIP_BALL

    def __init__(self, attacker: int, pid: int) -> None:
        super().__init__()
        self.attacker = attacker
        self.pid = pid

    def run(self, s: GameState) -> None:
        s.wait(s.pteam[self.attacker], DK.USE_SKILL)

    def decision_detail(self, s: GameState) -> Decision:
        return Decision(player=self.attacker, target=self.pid, skill=self.decision_skill)

    def legal(self, s: GameState) -> LegalActions:
        return LegalActions([ActionChoice(ActionType.USE_SKILL), ActionChoice(ActionType.DECLINE)])

    def act(self, s: GameState, action: Action) -> None:
        if action.type == ActionType.USE_SKILL:
            s.ball_state = BallState.ON_GROUND  # it bounces once the block has resolved
        s.pop()


@AFTER_PUSH.on(Skill.STRIP_BALL)
def _strip_ball(s: GameState, push: Push) -> bool:
    pid = push.pid
    if push.chain or s.carrier() != pid or s.pteam[pid] == s.pteam[push.attacker]:
        return False
    if any(sk in s.info[pid].skills for sk in _KEEPS_BALL):
        return False
    s.push(StripBall(push.attacker, pid))
    return True
