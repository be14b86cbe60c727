"""BB2020's foul skills (RULES §12, SKILLS.md): Sneaky Git and Defensive. The C++ twins are in
skill_rules/foul_skills.hpp (Sneaky Git) and skill_rules/queries.hpp (Defensive).

Sneaky Git (BB2020's own handlers): never sent off for a double on the foul's armour roll, even
when it breaks the armour (a double on the injury roll still counts), and he may go on moving
after the foul. Defensive (BB2020 only): in his opponents' turn, the opposing players he marks
cannot use Guard (`block_strength.ASSIST_CANCEL`; block and, under BB2020, foul assists).
"""

from __future__ import annotations

from nuffle.core.procedures.block_strength import ASSIST_CANCEL
from nuffle.core.procedures.foul import MOVES_ON, UNSEEN, Foul
from nuffle.core.ruleset import BB2020, own_handler
from nuffle.core.skills import Skill
from nuffle.core.state import GameState


@own_handler(BB2020.name, UNSEEN.name, Skill.SNEAKY_GIT)
def _sneaky_git_unseen(s: GameState, foul: Foul, broken: bool) -> bool:
    return True


@own_handler(BB2020.name, MOVES_ON.name, Skill.SNEAKY_GIT)
def _sneaky_git_moves_on(s: GameState, pid: int) -> bool:
    return True


@ASSIST_CANCEL.on(Skill.DEFENSIVE)
def _defensive(s: GameState, owner: int, helper: int) -> bool:
    return s.active != s.pteam[owner]
