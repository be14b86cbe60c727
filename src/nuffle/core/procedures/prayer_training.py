"""BB2020's Intensive Training (TABLES §12, prayer 16, the game): one random own player without
Loner gains a Primary skill his coach chooses, for the game.

His Primary categories are his positional's (`Positional.normal`: G, A, S, P, M; the native
engine keeps them as bits of `State::primary`); the skills on offer are those of these
categories (data/bb2020/skills.json) that the engines implement (`hooks.implemented`) and that
he has not got, in `Skill` order (`offers`; native `training_offers`, from frames.hpp's
generated `training` table). A player with none on offer is not eligible. The coach chooses by
walking the list: each skill in turn is a USE_SKILL decision (`Decision.skill`), USE_SKILL takes
it, DECLINE offers the next; the last one can only be taken (no new action or decision kind:
the environments' action space is unchanged; the decision log records the choice).
"""

from __future__ import annotations

from functools import cache
from typing import Final

from nuffle.core.skills import Skill
from nuffle.core.state import GameState

#: BB2020's skill categories, bit i of a player's primary categories for CATEGORIES[i].
CATEGORIES: Final = "GASPM"


@cache
def category_skills() -> tuple[tuple[Skill, ...], ...]:
    """Per category of CATEGORIES, its skills (data/bb2020/skills.json) the engines implement,
    in `Skill` order."""
    from nuffle.core.bb2020.match_form import engine_skill
    from nuffle.core.bb2020.skills import catalogue
    from nuffle.core.hooks import implemented

    done = implemented()
    defs = catalogue().skills
    out = []
    for cat in CATEGORIES:
        found = {sk for name, d in defs.items()
                 if d.category == cat and (sk := engine_skill(name)) is not None and sk in done}
        out.append(tuple(sorted(found)))
    return tuple(out)


def primary_bits(s: GameState, pid: int) -> int:
    """`pid`'s Primary categories as bits of CATEGORIES (his positional's `normal`; none for a
    player whose positional his team spec does not list)."""
    name = s.info[pid].position
    team = s.specs[s.pteam[pid]].players
    normal = next((ps.position.normal for ps in team if ps.position.name == name), "")
    return sum(1 << i for i, c in enumerate(CATEGORIES) if c in normal)


def offers(s: GameState, pid: int) -> tuple[Skill, ...]:
    """The Primary skills Intensive Training may give `pid`, in `Skill` order."""
    bits = primary_bits(s, pid)
    has = s.info[pid].skills
    cats = category_skills()
    found = {sk for i, skills in enumerate(cats) if bits >> i & 1 for sk in skills if sk not in has}
    return tuple(sorted(found))
