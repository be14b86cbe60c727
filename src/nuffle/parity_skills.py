"""Every skill in turn (`nuffle parity --give-all`): a skill that random play rarely reaches
(Prehensile Tail, Disturbing Presence, Throw Team-Mate) is still played in lockstep every run.

For each skill, games in which every player of both sides has it (and its partners, so that it
can be used: a thrower of team-mates gets the Right Stuff too), between the races whose rosters
have it, or those the rules need (Stakes against the undead), as `data/parity_give.json` says.
Each skill is also played in the probes' positions (`give_all_probes`, `parity_probes`), built
so that its rule's edges are reached, which random play seldom does.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from functools import cache
from importlib import resources
from typing import TYPE_CHECKING, Any

from nuffle.core.skills import LRB6_SKILLS, Skill
from nuffle.core.teams import races
from nuffle.parity import GameSpec, race_pairs

if TYPE_CHECKING:
    from nuffle.parity_probes import ProbeResult

GIVE_FILE = "parity_give.json"


@cache
def _table() -> dict[str, Any]:
    loaded: dict[str, Any] = json.loads(resources.files("nuffle.data").joinpath(GIVE_FILE).read_text())
    return loaded


def partners(skill: Skill) -> frozenset[Skill]:
    """The skills given with `skill` so that it can be used."""
    return frozenset(Skill[name] for name in _table()["partners"].get(skill.name, ()))


def skill_races(skill: Skill) -> tuple[str, ...]:
    """The races dealt for `skill`: the table's, else those whose rosters have it, else all."""
    named = _table()["races"].get(skill.name)
    if named:
        return tuple(named)
    return tuple(sorted(k for k, r in races().items() if any(skill in p.skills for p in r.positionals)))


def give_all_specs(games: int, seed: int, boards: tuple[int, ...],
                   skills: tuple[Skill, ...] = tuple(sorted(LRB6_SKILLS)),
                   races_of: Callable[[Skill], tuple[str, ...]] = skill_races) -> list[GameSpec]:
    """`games` games per board for each of `skills` in turn, every player of both sides given
    the skill and its partners, the races dealt by `race_pairs` from `races_of` (LRB6:
    `skill_races`; BB2020: `bb2020_give_all_specs`)."""
    specs = []
    for k, skill in enumerate(skills):
        pairs = race_pairs(games * len(boards), seed * 1000 + k, races_of(skill))
        given = frozenset({skill}) | partners(skill)
        specs += [GameSpec(seed * 100_000 + k * 100 + b * games + i, board, *pairs[b * games + i], given)
                  for b, board in enumerate(boards) for i in range(games)]
    return specs


def bb2020_give_all_specs(games: int, seed: int, boards: tuple[int, ...]) -> list[GameSpec]:
    """`give_all_specs` under BB2020: each BB2020 skill with a handler in turn
    (`teams_bb2020_match.handled_skills`), with its partners, between the BB2020 teams the
    engines play (`playable_races`: the probes' positions are LRB6's, so none are played)."""
    from nuffle.teams_bb2020_match import handled_skills, playable_races

    races = playable_races()
    return give_all_specs(games, seed, boards, handled_skills(), lambda _skill: races)


def give_all_probes(seed: int, skills: tuple[Skill, ...] = tuple(sorted(LRB6_SKILLS)),
                    on_skill: Callable[[list[ProbeResult]], None] | None = None) -> list[ProbeResult]:
    """Every probe (`parity_probes`) for each of `skills` in turn, every player of both sides
    given the skill and its partners, the races the first game of `give_all_specs` deals
    (`on_skill` called with each skill's results)."""
    from nuffle.parity_probes import play_probe, probes

    out: list[ProbeResult] = []
    for k, skill in enumerate(skills):
        (home, away), = race_pairs(1, seed * 1000 + k, skill_races(skill))
        given = frozenset({skill}) | partners(skill)
        mine = [play_probe(p, home, away, given) for p in probes()]
        out += mine
        if on_skill is not None:
            on_skill(mine)
    return out
