"""Before a league match: players missing it sit out, and free Journeymen (the race's 0-16
positional, with Loner) fill the team up to 11 players for this match only. Journeymen count
toward the 16-player roster and the positional's limit together with every player on the roster
(those sitting out included); a team that still cannot reach 11 plays with fewer (the
documented penalty)."""

from __future__ import annotations

from dataclasses import replace

from nuffle.core.skills import Skill
from nuffle.core.teams import MAX_PLAYERS, PlayerSpec, TeamSpec
from nuffle.league.manager import cheapest_filler
from nuffle.league.team import LeagueTeam

MATCH_PLAYERS = 11


def journeymen_needed(team: LeagueTeam) -> tuple[int, int]:
    """(how many Journeymen it takes to reach 11, how many the team may hire)."""
    need = max(0, MATCH_PLAYERS - len(team.available()))
    filler = cheapest_filler(team.race)
    same = sum(1 for p in team.players if p.position.name == filler.name)
    room = max(0, min(MAX_PLAYERS - len(team.players), filler.max_qty - same))
    return need, room


def journeymen(team: LeagueTeam) -> tuple[PlayerSpec, ...]:
    """The Journeymen `team` fields in its next match (none when 11 can play)."""
    need, room = journeymen_needed(team)
    hired = min(need, room)
    if not hired:
        return ()
    filler = cheapest_filler(team.race)
    numbers = team.free_numbers()[:hired]
    return tuple(PlayerSpec(filler, n, f"Journeyman #{n}", frozenset({Skill.LONER}) - filler.skills)
                 for n in numbers)


def field_team(team: LeagueTeam) -> TeamSpec:
    """The team as it enters its next match: available players plus Journeymen."""
    spec = team.match_spec()
    extra = journeymen(team)
    return replace(spec, players=spec.players + extra) if extra else spec
