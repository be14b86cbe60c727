"""Every skill's rules, one module per rule area. Importing this package attaches them all to
the hook points of the procedures (see `nuffle.core.hooks` and docs/ARCHITECTURE.md)."""

from nuffle.core.skill_rules import (
    ball_skills,
    bb2020_block_skills,
    bb2020_foul_skills,
    bb2020_injury_skills,
    bb2020_kick_skills,
    bb2020_movement_skills,
    bb2020_passing_skills,
    bb2020_reroll_skills,
    bb2020_special_skills,
    bb2020_trait_skills,
    bb2020_ttm_skills,
    block_skills,
    contact_skills,
    declaration_skills,
    movement_skills,
    passing_skills,
    reroll_skills,
    team_skills,
)

__all__ = [
    "ball_skills",
    "bb2020_block_skills",
    "bb2020_foul_skills",
    "bb2020_injury_skills",
    "bb2020_kick_skills",
    "bb2020_movement_skills",
    "bb2020_passing_skills",
    "bb2020_reroll_skills",
    "bb2020_special_skills",
    "bb2020_trait_skills",
    "bb2020_ttm_skills",
    "block_skills",
    "contact_skills",
    "declaration_skills",
    "movement_skills",
    "passing_skills",
    "reroll_skills",
    "team_skills",
]
