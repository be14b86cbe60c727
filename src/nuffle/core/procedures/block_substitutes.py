"""Attacks made instead of a block (Stab, Chainsaw, BB2020's Projectile Vomit and Breathe
Fire): optional GFI, the roll, armour, injury.

A `Strike` is pushed by the skill's action (`nuffle.core.skill_rules.block_skills`) in a
Block or Blitz action. It is not a block: no block dice, no push, no follow-up, and block
skills (Mighty Blow, Claws, Piling On, Dump-Off) do not act on it.
"""

from __future__ import annotations

from typing import Final

from nuffle.core.actions import ActionType
from nuffle.core.characteristics import armour_holds_to
from nuffle.core.dice import GROUP_SUM, Chance, Dice
from nuffle.core.hooks import Point
from nuffle.core.procedures.ball import Bounce
from nuffle.core.procedures.base import Procedure
from nuffle.core.procedures.injury import Injury, KnockDown, PlaceProne
from nuffle.core.procedures.movement import GfiFirstPhase, gfi_first
from nuffle.core.procedures.rolls import PlayerRoll
from nuffle.core.skills import Skill
from nuffle.core.state import GameState
from nuffle.core.types import BallState, RollKind, Status

BEFORE_ATTACK: Point[[GameState, int, int, ActionType], bool] = Point(
    "block_substitutes.before_attack",
    "fn(s, attacker, victim, kind: ActionType) -> bool: acts before a block substitute (kind "
    "STAB or CHAINSAW) strikes, after any GFI (Foul Appearance). Asked for the victim's "
    "skills; every handler runs in turn. Return True after pushing a procedure that leaves "
    "s.ok = True (the attack goes on) or False (wasted, no turnover)",
)
ARMOUR_MODIFIER: Point[[GameState, int, int, ActionType], int] = Point(
    "block_substitutes.armour_modifier",
    "fn(s, attacker, target, kind: ActionType) -> int: asked for the attacker's skills: "
    "modifier to the armour roll of his block substitute against `target` (Stakes on a Stab)",
)

CHAINSAW_ARMOUR = 3  # the chainsaw adds 3 to the armour roll of whoever it hits
BREATHE_FIRE_STRONG = 5  # Breathe Fire's D6 is -1 against a target of this ST or more (BB2020)


class StrikePhase(GfiFirstPhase):
    """Strike: a GFI, skills before the attack, the Chainsaw roll, the armour roll, the injury."""

    CHAINSAW_ROLLED: Final = 3
    ARMOUR: Final = 4
    ARMOUR_ROLLED: Final = 5
    INJURED: Final = 6
    BEFORE_ATTACK_USED: Final = 10


class Strike(Procedure):
    """A Stab or Chainsaw attack (`kind` STAB or CHAINSAW) by `attacker` on `victim`.

    Stab: an armour roll (ARMOUR_MODIFIER only); broken armour means an unmodified injury
    roll and the victim goes down; otherwise nothing happens. Never a turnover.
    Projectile Vomit (BB2020; STAB by a player with it and not Stab): the Chainsaw's roll and
    outcome without the +3. Breathe Fire (BB2020; STAB by a player with it, neither Stab nor
    Projectile Vomit): a D6 (the chainsaw's purpose, no re-roll) read by `_breathed`.
    Chainsaw: a D6 (RollKind.CHAINSAW, re-rollable), 2+ hits the victim, 1 kicks back on the
    attacker; the armour roll of the player hit is +3; broken armour knocks him down (injury
    roll); otherwise nothing happens. The attacker going down is a turnover.
    """

    frame = "strike"
    phases = StrikePhase

    __slots__ = ("attacker", "bounce_from", "gfi", "kind", "pre", "target", "victim")

    def __init__(self, kind: ActionType, attacker: int, victim: int, gfi: bool = False) -> None:
        super().__init__()
        self.kind = kind
        self.attacker = attacker
        self.victim = victim
        self.gfi = gfi
        self.pre = 0
        self.target = victim
        self.bounce_from = -1

    def run(self, s: GameState) -> None:
        att = self.attacker
        ph = self.phase
        if ph < StrikePhase.GO_AHEAD:
            if gfi_first(s, self, att, self.gfi):
                return
        elif ph == StrikePhase.BEFORE_ATTACK_USED:  # a BEFORE_ATTACK procedure returned
            if not s.ok or s.status[att] != Status.STANDING or s.pos[self.victim] < 0:
                s.pop()
                return
            self.phase = StrikePhase.GO_AHEAD
        if self.phase == StrikePhase.GO_AHEAD:
            if self._before(s):
                return
            if self.kind == ActionType.CHAINSAW or self._vomit(s):
                self.phase = StrikePhase.CHAINSAW_ROLLED
                s.push(PlayerRoll(RollKind.CHAINSAW, att, 2, agility=False))
                return
            if self._breathes(s):
                self.phase = StrikePhase.CHAINSAW_ROLLED
                s.request(Chance(Dice.D6, 1, "chainsaw"))
                return
            self.phase = StrikePhase.ARMOUR
        elif self.phase == StrikePhase.CHAINSAW_ROLLED and self._breathes(s):
            self._breathed(s)
            return
        elif self.phase == StrikePhase.CHAINSAW_ROLLED:
            self.target = self.victim if s.ok else att  # a 1 kicks back on the attacker
            self.phase = StrikePhase.ARMOUR
        if self.phase == StrikePhase.ARMOUR:
            self.phase = StrikePhase.ARMOUR_ROLLED
            s.request(Chance(Dice.TWO_D6, 1, "armour", GROUP_SUM))
            return
        if self.phase == StrikePhase.ARMOUR_ROLLED:
            a, b = s.dice()
            tgt = self.target
            total = a + b + ARMOUR_MODIFIER.total(s.info[att].skills, s, att, tgt, self.kind)
            if self.kind == ActionType.CHAINSAW:
                total += CHAINSAW_ARMOUR
            if total <= armour_holds_to(s, tgt):
                s.pop()  # no effect
                return
            self.phase = StrikePhase.INJURED
            s.status[tgt] = Status.PRONE
            sq = s.pos[tgt]
            if s.ball == sq and s.ball_state in (BallState.CARRIED, BallState.ON_GROUND):
                s.ball_state = BallState.ON_GROUND
                self.bounce_from = sq
            if s.pteam[tgt] == s.active:
                s.turnover = True
            s.push(Injury(tgt))
            return
        if self.phase == StrikePhase.INJURED:
            self.phase = StrikePhase.DONE
            if self.bounce_from >= 0 and s.ball_state == BallState.ON_GROUND:
                s.push(Bounce(self.bounce_from))
                return
        s.pop()

    def _vomit(self, s: GameState) -> bool:
        """BB2020's Projectile Vomit: a Stab-coded attack by a player with it and not Stab
        (skill_rules/bb2020_special_skills.py) rolls the Chainsaw's D6 first, without its +3."""
        skills = s.info[self.attacker].skills
        return self.kind == ActionType.STAB and Skill.PROJECTILE_VOMIT in skills and Skill.STAB not in skills

    def _breathes(self, s: GameState) -> bool:
        """BB2020's Breathe Fire: a Stab-coded attack by a player with it and neither Stab nor
        Projectile Vomit (skill_rules/bb2020_special_skills.py): a D6 of five results."""
        skills = s.info[self.attacker].skills
        return (self.kind == ActionType.STAB and Skill.BREATHE_FIRE in skills
                and Skill.STAB not in skills and Skill.PROJECTILE_VOMIT not in skills)

    def _breathed(self, s: GameState) -> None:
        """Breathe Fire's D6, -1 against ST 5 or more: 1 or less he is placed prone (a
        turnover), 2-3 nothing, 4-5 the target is placed prone, 6 he is knocked down."""
        roll = s.die()
        if s.info[self.victim].st >= BREATHE_FIRE_STRONG:
            roll -= 1
        self.phase = StrikePhase.DONE
        if roll <= 1:
            s.turnover = True
            s.push(PlaceProne(self.attacker))
        elif roll >= 6:
            s.push(KnockDown(self.victim, turnover=False, by=self.attacker))
        elif roll >= 4:
            s.push(PlaceProne(self.victim, by=self.attacker))
        else:
            s.pop()

    def _before(self, s: GameState) -> bool:
        """Run the next BEFORE_ATTACK handler; True if it pushed a procedure to wait for."""
        fns = BEFORE_ATTACK.fns(s.info[self.victim].skills)
        while self.pre < len(fns):
            fn = fns[self.pre]
            self.pre += 1
            if fn(s, self.attacker, self.victim, self.kind):
                self.phase = StrikePhase.BEFORE_ATTACK_USED
                return True
        return False
