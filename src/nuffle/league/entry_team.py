"""An LRB6 league entry's team: a race key (its default team) or a team file, within the
league's creation budget."""

from __future__ import annotations

from typing import Any

BUDGET = 1_000_000  # the default creation budget (gold) of every entry
UNLIMITED = 10**12


def load_entry_team(team: str, budget: int = BUDGET) -> Any:
    """A race key (its default team) or a team file (new or with league history) as a league
    team. A new team is built with the league's creation `budget` and keeps what it did not
    spend; a team with history may enter if its Team Value is within the budget."""
    from nuffle import teams as T
    from nuffle.core.teams import default_team_dict, team_from_dict, team_to_dict
    from nuffle.league.store import LeagueError
    from nuffle.league.team import LeagueTeam, is_league_team

    raw = T.read_team_file(team) if team.lower().endswith(".json") else default_team_dict(team)
    if is_league_team(raw):
        lt = LeagueTeam.from_dict(raw, team)
        if lt.team_value() > budget:
            raise LeagueError(f"{team}: Team Value {lt.team_value():,} is over the league's creation "
                              f"budget of {budget:,} (--budget)")
    else:
        spec = T.check_team(raw, team, treasury=UNLIMITED)  # every creation rule but the budget
        cost = T.team_cost(spec)
        if cost > budget:
            raise LeagueError(f"{team}: the team costs {cost:,}, over the league's creation budget of "
                              f"{budget:,} (--budget)")
        lt = LeagueTeam.from_dict(raw, team)
        lt.treasury = budget - cost

    team_from_dict(team_to_dict(lt.match_spec()), team)  # every skill is one the engine plays
    return lt
