"""BB2020's special attacks LRB6 lacks (SKILLS.md "Traits"): Projectile Vomit and Breathe Fire.
The C++ twins are in skill_rules/action_skills.hpp (`bb2020_action`) and procs/strike.hpp.

Projectile Vomit (BB2020 only): instead of his block, in a Block action or a Blitz (his Block
action, RULES §7.2), he may vomit over a standing adjacent opponent. The choice shares Stab's
action code (ActionType.STAB: the environments' action space has no row of its own for it; a
player with Stab as well keeps Stab's). The resolution is the Strike's: a D6 (the Chainsaw's roll
kind, re-rollable), 2+ hits the target, 1 hits himself; an armour roll against whoever is hit
with no modifier; broken armour means an injury roll and he goes down (the vomiter going down is
a turnover, as the Chainsaw's kick-back). The action ends.
Breathe Fire (BB2020 only): the same choice (a player with Stab or Projectile Vomit as well keeps
theirs); the Strike rolls a D6 (no re-roll), -1 against a target of ST 5 or more: 1 or less he
is placed prone (a turnover), 2-3 nothing, 4-5 the target is placed prone (no armour roll), 6 the
target is knocked down (armour, injury). The action ends.
"""

from __future__ import annotations

from nuffle.core.actions import ActionChoice, ActionType
from nuffle.core.procedures.action import ACTION_CHOICES, PlayerAction
from nuffle.core.skill_rules.block_skills import _may_strike, _squares, _targets
from nuffle.core.skills import Skill
from nuffle.core.state import GameState


def vomits(s: GameState, attacker: int) -> bool:
    """Whether `attacker`'s Stab-coded attack is Projectile Vomit (he has it and not Stab)."""
    skills = s.info[attacker].skills
    return Skill.PROJECTILE_VOMIT in skills and Skill.STAB not in skills


def breathes(s: GameState, attacker: int) -> bool:
    """Whether `attacker`'s Stab-coded attack is Breathe Fire (neither Stab nor Vomit)."""
    skills = s.info[attacker].skills
    return Skill.BREATHE_FIRE in skills and Skill.STAB not in skills and Skill.PROJECTILE_VOMIT not in skills


@ACTION_CHOICES.on(Skill.PROJECTILE_VOMIT)  # BB2020 only (no LRB6 player has it)
def _projectile_vomit_choice(s: GameState, action: PlayerAction, groups: list[ActionChoice]) -> None:
    if vomits(s, action.pid):
        _special_choice(s, action, groups)


@ACTION_CHOICES.on(Skill.BREATHE_FIRE)  # BB2020 only (no LRB6 player has it)
def _breathe_fire_choice(s: GameState, action: PlayerAction, groups: list[ActionChoice]) -> None:
    if breathes(s, action.pid):
        _special_choice(s, action, groups)


def _special_choice(s: GameState, action: PlayerAction, groups: list[ActionChoice]) -> None:
    """The Stab-coded choice of a special attack instead of his block (one per player)."""
    if not _may_strike(s, action):
        return
    targets = _targets(s, action.pid)
    if targets:
        groups.append(ActionChoice(ActionType.STAB, (), _squares(s, targets)))
