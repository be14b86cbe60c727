"""A BB2020 team as the engines play it: its players with their BB2020 characteristics (AG, PA
and AV as the X of "X+") and their skills as the engines' `Skill` values, with the printed values
of Loner (X+), Bloodlust (X+), Dirty Player (+X), Mighty Blow (+X) and Animosity (who) on the
positional (`match_form.skill_values`: `Positional.values`, `Positional.animosity`).

Every BB2020 roster skill is a `Skill` (by name; Sidestep, Bloodlust and Ball & Chain by their LRB6
names, `RENAMED`; those LRB6 lacks appended from 126, `skills.BB2020_ONLY`). One with handlers acts
by them (LRB6's, or BB2020's own where `ruleset.own_handler` gives one); one without any is not
implemented (none is now: the "skills" area is done). `match_team` refuses a team with one in one
line naming them, unless `allow_missing` (tests and the parity harness), which keeps them on the
players (no handler acts for them, on either engine) and lists them in `MatchTeam.missing`.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from functools import cache

from nuffle.core.bb2020.match_form import RENAMED as RENAMED  # the shared conversion (core)
from nuffle.core.bb2020.match_form import engine_positional
from nuffle.core.bb2020.match_form import engine_skill as engine_skill
from nuffle.core.bb2020.rosters import Positional as Positional2020
from nuffle.core.bb2020.rosters import teams
from nuffle.core.hooks import implemented
from nuffle.core.skills import Skill
from nuffle.core.teams import BB2020_TEAMS, Inducements, PlayerSpec, Positional, TeamError, TeamSpec
from nuffle.teams_bb2020 import TeamSpec2020, check_team, suggest_team


@dataclass(frozen=True, slots=True)
class MatchTeam:
    """A BB2020 team for a match: the spec the engines take, the BB2020 skills it plays with
    handlers, and those not implemented (no handler: inert on its players)."""

    spec: TeamSpec
    as_lrb6: tuple[str, ...]
    missing: tuple[str, ...]




def _positional(p: Positional2020, missing: set[str], known: set[str]) -> Positional:
    pos, lacks = engine_positional(p)
    missing |= lacks
    known |= {rs.skill.name for rs in p.skills} - lacks
    return pos


def match_team(spec: TeamSpec2020, allow_missing: bool = False) -> MatchTeam:
    """The engines' form of a BB2020 team (see the module docstring); TeamError in one line
    naming the skills the engines lack unless `allow_missing`."""
    missing: set[str] = set()
    known: set[str] = set()
    positionals: dict[str, Positional] = {}
    players = []
    for entry in spec.players:
        pos = positionals.get(entry.position.name)
        if pos is None:
            pos = positionals[entry.position.name] = _positional(entry.position, missing, known)
        players.append(PlayerSpec(pos, entry.number, entry.name))
    if missing and not allow_missing:
        raise TeamError(f"{spec.name}: BB2020 skills not implemented by the engines: "
                        f"{', '.join(sorted(missing))}")
    team = TeamSpec(spec.name, spec.team.key, tuple(players), spec.rerolls, spec.apothecary,
                    spec.dedicated_fans, spec.cheerleaders, spec.assistant_coaches, Inducements(),
                    ruleset=BB2020_TEAMS)
    return MatchTeam(team, tuple(sorted(known)), tuple(sorted(missing)))


@cache
def handled_skills() -> tuple[Skill, ...]:
    """The BB2020 skills and traits (`data/bb2020/skills.json`) the engines play, each with a
    handler (LRB6's or BB2020's own), in `Skill` order: those the parity harness gives and
    draws under BB2020. Those without one (not implemented, inert) and those the engines have
    no `Skill` for are left out."""
    from nuffle.core.bb2020.skills import catalogue

    done = implemented()
    found = {sk for name in catalogue().skills if (sk := engine_skill(name)) is not None and sk in done}
    return tuple(sorted(found))


def playable_races() -> tuple[str, ...]:
    """The BB2020 teams whose suggested team (`suggest_team`) has only skills the engines have."""
    return tuple(k for k in sorted(teams()) if not match_team(check_team(suggest_team(k)), True).missing)


def default_match_team(race: str, given: frozenset[Skill] = frozenset()) -> TeamSpec:
    """The suggested BB2020 team of `race` for a match (skills the engines lack left out), every
    player given `given` as well (the parity harness's BB2020 teams)."""
    spec = match_team(check_team(suggest_team(race)), allow_missing=True).spec
    if not given:
        return spec
    return replace(spec, players=tuple(replace(p, extra_skills=p.extra_skills | given) for p in spec.players))
