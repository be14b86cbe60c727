"""BB2020's Throw Team-mate skills (RULES §8.7, SKILLS.md): the BB2020 ruleset's own handlers.

Right Stuff: he may be thrown only by a thrower of ST 5 or more [FFB], and only with ST 3 or
less himself. Strong Arm: +1 to the Throw Team-mate test (THROW_MODIFIER), nothing on a pass.
Throw Team-mate, Always Hungry and Swoop keep LRB6's handlers (Swoop starts from the square the
BB2020 throw scatters from: `ThrowTeamMate.spot`). The C++ twins are in
skill_rules/passing_skills.hpp.
"""

from __future__ import annotations

from typing import Final

from nuffle.core.procedures.passing import PASS_MODIFIER
from nuffle.core.procedures.throw_team_mate import CAN_BE_THROWN
from nuffle.core.procedures.throw_team_mate_bb2020 import THROW_MODIFIER
from nuffle.core.ruleset import BB2020, own_handler
from nuffle.core.skills import Skill
from nuffle.core.state import GameState

#: The least ST of a thrower and the most ST of the team-mate he throws.
THROWER_MIN_ST: Final = 5
THROWN_MAX_ST: Final = 3


@own_handler(BB2020.name, CAN_BE_THROWN.name, Skill.RIGHT_STUFF)
def _right_stuff(s: GameState, thrower: int, pid: int) -> bool:
    return s.info[thrower].st >= THROWER_MIN_ST and s.info[pid].st <= THROWN_MAX_ST


@own_handler(BB2020.name, THROW_MODIFIER.name, Skill.STRONG_ARM)
def _strong_arm_throw(s: GameState, thrower: int) -> int:
    return 1


@own_handler(BB2020.name, PASS_MODIFIER.name, Skill.STRONG_ARM)
def _strong_arm_pass(s: GameState, thrower: int, band: str) -> int:
    return 0  # BB2020's Strong Arm helps only the Throw Team-mate test
