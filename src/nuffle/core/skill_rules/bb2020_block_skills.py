"""BB2020's blocking skills (RULES §9, §11.2, SKILLS.md): Dauntless, Iron Hard Skin and Arm Bar.
The C++ twins are in skill_rules/block_skills.hpp (Dauntless) and skill_rules/injury_skills.hpp
(Iron Hard Skin, Arm Bar).

Dauntless (BB2020's own handler): against a stronger opponent, D6 + his strength equal to or
above the opponent's makes his strength the opponent's for the block (LRB6: above). Iron Hard
Skin (BB2020 only): the skills of the player who knocks him down or fouls him do not act on his
armour roll: no Claws, no armour modifier, Mighty Blow and Dirty Player on the injury roll only.
Arm Bar (BB2020 only): an opponent whose dodge, jump or leap out of his tackle zone fails falls
by his doing (`injury.FALL_CAUSED`), +1 to the armour or else the injury roll (as Mighty Blow).
Claws without Mighty Blow is the ruleset's (`Ruleset.claws_with_bonus`); Mighty Blow only on his
own block is LRB6's handler already (the attacker falling is nobody's knock-down).
"""

from __future__ import annotations

from nuffle.core.procedures.block import STRENGTH_ROLL, Block
from nuffle.core.procedures.injury import ARMOUR_BONUS, ARMOUR_IMMUNE, FALL, FALL_CAUSED
from nuffle.core.ruleset import BB2020, own_handler
from nuffle.core.skill_rules.block_skills import dauntless_roll
from nuffle.core.skills import Skill
from nuffle.core.state import GameState


@own_handler(BB2020.name, STRENGTH_ROLL.name, Skill.DAUNTLESS)
def _dauntless(s: GameState, block: Block) -> bool:
    return dauntless_roll(s, block, ties=True)


@FALL_CAUSED.on(Skill.ARM_BAR)
def _arm_bar_trips(s: GameState, owner: int, pid: int) -> bool:
    return True


@ARMOUR_BONUS.on(Skill.ARM_BAR)
def _arm_bar(s: GameState, victim: int, by: int, how: int) -> int:
    return 1 if how == FALL else 0


@ARMOUR_IMMUNE.on(Skill.IRON_HARD_SKIN)
def _iron_hard_skin(s: GameState, victim: int, by: int, how: int) -> bool:
    return True
