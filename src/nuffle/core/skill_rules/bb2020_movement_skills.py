"""BB2020's movement skills where they differ from LRB6 (SKILLS.md; the choices in
docs/RULES_NOTES.md, "BB2020 on the engines"). The C++ twins are in
skill_rules/movement_skills.hpp and skill_rules/action_skills.hpp.

Jumping (procedures/jump.py, `movement.jump_modifier`): Leap (BB2020's own choices) and Pogo
Stick let a player Jump, once per activation, to any empty square two away whatever lies
between; at JUMP_NEGATIVES Leap and Very Long Legs lessen the Jump roll's negative modifiers by
1, to no less than -1, and Pogo Stick ignores them all.

Jump Up: BB2020's roll to stand for a Block is an Agility test at +1 (LRB6 +2). Drunkard: -1 to
his Rush (Going For It) rolls (`movement.rush_modifier`).
"""

from __future__ import annotations

from nuffle.core.actions import ActionChoice, ActionType
from nuffle.core.characteristics import ag_target
from nuffle.core.procedures.action import ACTION_CHOICES, STAND_UP_ROLL, PlayerAction
from nuffle.core.procedures.jump import jump_squares
from nuffle.core.procedures.movement import JUMP_NEGATIVES, RUSH_MODIFIER, max_gfi
from nuffle.core.procedures.rolls import PlayerRoll
from nuffle.core.ruleset import BB2020, own_handler
from nuffle.core.skills import Skill
from nuffle.core.state import GameState
from nuffle.core.types import PF, RollKind

# --- Leap and Pogo Stick: a Jump over any square ----------------------------------------------


def _jump_anywhere(s: GameState, action: PlayerAction, groups: list[ActionChoice]) -> None:
    pid = action.pid
    if (not action.kind.moving_action or s.pflags[pid] & (PF.LEAP_USED | PF.ROOTED)
            or any(g.type == ActionType.LEAP for g in groups)
            or action.moves + 2 > s.info[pid].ma + max_gfi(s, pid)):
        return
    squares = jump_squares(s, pid, anywhere=True)
    if squares:
        groups.append(ActionChoice(ActionType.LEAP, (), squares))


own_handler(BB2020.name, ACTION_CHOICES.name, Skill.LEAP)(_jump_anywhere)
own_handler(BB2020.name, ACTION_CHOICES.name, Skill.POGO_STICK)(_jump_anywhere)


# --- the Jump roll's negative modifiers -------------------------------------------------------


@JUMP_NEGATIVES.on(Skill.LEAP, Skill.VERY_LONG_LEGS)
def _less_by_one(s: GameState, pid: int, mod: int) -> int:
    return mod + 1 if mod < -1 else mod


@JUMP_NEGATIVES.on(Skill.POGO_STICK)
def _pogo_stick(s: GameState, pid: int, mod: int) -> int:
    return max(mod, 0)


# --- Jump Up and Drunkard ---------------------------------------------------------------------


@own_handler(BB2020.name, STAND_UP_ROLL.name, Skill.JUMP_UP)
def _jump_up_block(s: GameState, action: PlayerAction) -> bool:
    if action.kind != ActionType.START_BLOCK:
        return False
    pid = action.pid
    s.push(PlayerRoll(RollKind.JUMP_UP, pid, ag_target(s, pid), 1))
    return True


@RUSH_MODIFIER.on(Skill.DRUNKARD)
def _drunkard(s: GameState, pid: int) -> int:
    return -1
