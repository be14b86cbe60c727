"""A league's rules, chosen by the ruleset stored with the league (`league new --ruleset`):
how an entry's team is read from a race key or a team file, how the league file keeps it (its
JSON form) and how a round of fixtures is played and written back. LRB6 (and any ruleset
derived from it) keeps `LeagueTeam`s and the runner's pre- and post-match
(`nuffle.league.runner`); BB2020 keeps BB2020 league teams (`nuffle.league.bb2020_file`) and plays
each fixture through `nuffle.league.bb2020_match.play_league_match`
(`nuffle.league.bb2020_season`)."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from nuffle.league.store import Entry, Fixture, Store

LRB6 = "lrb6"
DEFAULT_MANAGER = "default"


@dataclass(frozen=True, slots=True)
class LeagueRules:
    """One ruleset's league: `entry_team(team, budget)` (a race key or team file as a league
    team within the creation budget), `check_entry(bot, manager)` (LeagueError for one
    these rules cannot run), `team_from_dict` / `team_to_dict` (the league file's form of a
    team) and `play_round(store, fixtures, entries, executor, workers)` (plays the fixtures,
    yielding each once it is committed); `season_report`: whether `league report` reads its
    leagues (it reads LRB6's post-match reports and player records)."""

    name: str
    entry_team: Callable[[str, int], Any]
    check_entry: Callable[[str, str], None]
    team_from_dict: Callable[[dict[str, Any], str], Any]
    team_to_dict: Callable[[Any], dict[str, Any]]
    play_round: Callable[[Store, list[Fixture], dict[int, Entry], str, int], Iterator[Fixture]]
    season_report: bool = True


def _lrb6() -> LeagueRules:
    from nuffle.league.entry_team import load_entry_team
    from nuffle.league.runner import play_round
    from nuffle.league.team import LeagueTeam

    def check(bot: str, manager: str) -> None:
        """Any bot, a person (`human`) and any manager (a program is started and greeted)."""
        from nuffle.league.manager import check_manager

        check_manager(manager)

    return LeagueRules(LRB6, load_entry_team, check, LeagueTeam.from_dict, _lrb6_dict, play_round)


def _lrb6_dict(team: Any) -> dict[str, Any]:
    out: dict[str, Any] = team.to_dict()
    return out


def _bb2020() -> LeagueRules:
    from nuffle.league.bb2020_file import team_to_dict
    from nuffle.league.bb2020_season import check_entry, load_entry_team, play_round, read_team

    return LeagueRules("bb2020", load_entry_team, check_entry, read_team, team_to_dict, play_round,
                       season_report=False)


#: The league rules of each ruleset that has its own; every other ruleset is LRB6's.
BUILDERS: dict[str, Callable[[], LeagueRules]] = {"bb2020": _bb2020}


def has_league_rules(ruleset: str, x_plus: bool) -> bool:
    """Whether a league can be run under `ruleset` (one with BB2020's characteristics needs
    league rules of its own)."""
    return ruleset in BUILDERS or not x_plus


def rules_for(ruleset: str) -> LeagueRules:
    """The league rules of the league whose stored ruleset is `ruleset`."""
    return BUILDERS.get(ruleset, _lrb6)()
