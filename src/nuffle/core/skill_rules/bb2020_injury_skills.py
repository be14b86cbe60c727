"""BB2020's own handlers for the injury skills (the BB2020 ruleset's; LRB6's elsewhere).

Thick Skull keeps a player from the lowest injury total that would knock him out: 8, or 7 for
a Stunty player, whose table is 2-6 Stunned, 7-8 KO, 9 Badly Hurt (no casualty roll), 10+
Casualty (RULES §11.3, TABLES §9). The C++ twins are in skill_rules/injury_skills.hpp.
"""

from __future__ import annotations

from nuffle.core.procedures.injury import INJURY_TABLE, Injury
from nuffle.core.ruleset import BB2020, own_handler
from nuffle.core.skills import BADLY_HURT, KO, STUNNED, Skill
from nuffle.core.state import GameState


@own_handler(BB2020.name, INJURY_TABLE.name, Skill.THICK_SKULL)
def _thick_skull(s: GameState, inj: Injury, total: int, result: int) -> int:
    if Skill.STUNTY in s.info[inj.pid].skills:  # his KO starts at 7: Stunty's handler keeps it Stunned
        return result
    return STUNNED if total == 8 and result == KO else result


@own_handler(BB2020.name, INJURY_TABLE.name, Skill.STUNTY)
def _stunty(s: GameState, inj: Injury, total: int, result: int) -> int:
    if total == 7 and result == STUNNED:
        return STUNNED if Skill.THICK_SKULL in s.info[inj.pid].skills else KO
    if total == 9 and result == KO:
        return BADLY_HURT
    return result
