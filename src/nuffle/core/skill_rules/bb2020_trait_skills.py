"""BB2020's traits that LRB6 lacks (SKILLS.md "Traits"). The C++ twins are in
skill_rules/action_skills.hpp (`bb2020_action`).

Timmm-ber! (BB2020 only): a player whose MA is below the cost of standing up rolls for it as
anyone (4+, a natural 1 fails) with +1 per standing team-mate next to him.
(Unchannelled Fury is Wild Animal's roll, `declaration_skills`; Plague Ridden counts a killed
opponent as Nurgle's Rot does, `contact_skills`.)
"""

from __future__ import annotations

from nuffle.core.procedures.action import STAND_UP_ROLL, PlayerAction
from nuffle.core.procedures.movement import stand_up_cost
from nuffle.core.procedures.rolls import PlayerRoll
from nuffle.core.skills import Skill
from nuffle.core.state import GameState
from nuffle.core.types import RollKind, Status


def timmm_ber_modifier(s: GameState, pid: int) -> int:
    """Timmm-ber!'s +1 per standing team-mate next to `pid`."""
    side = s.pteam[pid]
    return sum(1 for q in s.adjacent_players(s.pos[pid])
               if s.pteam[q] == side and s.status[q] == Status.STANDING)


@STAND_UP_ROLL.on(Skill.TIMMM_BER)
def _timmm_ber(s: GameState, action: PlayerAction) -> bool:
    pid = action.pid
    if stand_up_cost(s, pid, action) <= s.info[pid].ma:
        return False  # he stands without a roll
    s.push(PlayerRoll(RollKind.STAND_UP, pid, 4, timmm_ber_modifier(s, pid), agility=False))
    return True
