"""BB2020's set-up skills (SKILLS.md): Swarming, at the AFTER_SETUPS hook point
(procedures/swarming.py). The C++ twin is skill_rules/setup_skills.hpp."""

from __future__ import annotations

from nuffle.core.procedures.swarming import AFTER_SETUPS, Swarming, swarming_squares
from nuffle.core.skills import Skill
from nuffle.core.state import GameState


@AFTER_SETUPS.on(Skill.SWARMING)  # BB2020 only (no LRB6 player has it)
def _swarming(s: GameState, side: int) -> None:
    """`side` has Swarming reserves: D3 of them may be placed, where there is room."""
    if swarming_squares(s, side):
        s.push(Swarming(side))
