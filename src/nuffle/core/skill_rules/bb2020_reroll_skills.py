"""BB2020's re-roll skills (RULES §13, SKILLS.md): Pro and Brawler. The C++ twins are in
skill_rules/queries.hpp (Pro) and skill_rules/block_skills.hpp (Brawler).

Pro (BB2020's own handler): once per team turn, only in his own team's turn; its check is the
ruleset's (`Ruleset.pro_from`, 3+) and on block dice it re-rolls one die the coach picks
(`Ruleset.pro_one_die`; the Block procedure). Brawler (BB2020 only): on a Block action, not a
Blitz, the attacker may re-roll one Both Down die (once per block; no other re-roll after it).
"""

from __future__ import annotations

from nuffle.core.procedures.block import DIE_REROLL, Block
from nuffle.core.procedures.rolls import CHECKED_REROLL
from nuffle.core.ruleset import BB2020, own_handler
from nuffle.core.skills import Skill
from nuffle.core.state import GameState
from nuffle.core.types import PF, RollKind


@own_handler(BB2020.name, CHECKED_REROLL.name, Skill.PRO)
def _pro(s: GameState, pid: int, kind: RollKind | None, use: bool) -> bool:
    if s.active != s.pteam[pid] or s.pflags[pid] & PF.PRO_USED:
        return False
    if use:
        s.pflags[pid] |= PF.PRO_USED
    return True


@DIE_REROLL.on(Skill.BRAWLER)
def _brawler(s: GameState, block: Block) -> bool:
    return not block.blitz
