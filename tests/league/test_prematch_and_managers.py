"""Before the match (Miss Next Game, Journeymen) and the managers' decisions between matches."""

import pytest

from nuffle.core import league as L
from nuffle.core.skills import Skill
from nuffle.core.teams import default_team_dict
from nuffle.league.management import Purchase
from nuffle.league.manager import DefaultManager, ManagerError, RandomManager, make_manager, manager_names
from nuffle.league.postmatch import improvement_choices
from nuffle.league.prematch import field_team, journeymen_needed
from nuffle.league.runner import _manage
from nuffle.league.team import Improvement, LeagueTeam


def human():
    return LeagueTeam.from_dict(default_team_dict("human"))


def test_players_missing_the_match_sit_out_and_journeymen_fill_up_to_eleven():
    team = human()
    team.player(4).mng = True
    team.player(6).mng = True
    spec = field_team(team)
    numbers = [p.number for p in spec.players]
    assert 4 not in numbers and 6 not in numbers and len(spec.players) == 11
    journeymen = [p for p in spec.players if p.name.startswith("Journeyman")]
    assert len(journeymen) == 2
    assert all(p.position.name == "Lineman" and Skill.LONER in p.extra_skills for p in journeymen)
    assert {p.number for p in journeymen}.isdisjoint(p.number for p in team.players)


def test_a_full_roster_with_many_out_plays_short():
    team = human()
    for _ in range(5):
        team.players.append(type(team.players[0])(team.players[-1].position, 20 + len(team.players), "Extra"))
    assert len(team.players) == 16
    for p in team.players[:6]:
        p.mng = True
    assert journeymen_needed(team) == (1, 0)  # one short, no room on the roster
    assert len(field_team(team).players) == 10


def test_managers_are_registered_by_name():
    assert {"default", "random"} <= set(manager_names())
    assert isinstance(make_manager("default"), DefaultManager)
    with pytest.raises(ManagerError, match="unknown manager 'boss'"):
        make_manager("boss")


def test_default_manager_prefers_strength_then_agility_then_its_skills():
    team = human()
    blitzer = team.player(1)
    options = improvement_choices(blitzer, (6, 6))
    assert DefaultManager().choose_improvement(team, blitzer, (6, 6), options) == Improvement(L.Gain.ST)
    options = improvement_choices(blitzer, (1, 2))
    assert DefaultManager().choose_improvement(team, blitzer, (1, 2), options) == \
        Improvement(L.Gain.NORMAL, Skill.GUARD)  # Block he has; Dodge needs a double
    catcher = team.player(3)
    options = improvement_choices(catcher, (1, 2))
    assert DefaultManager().choose_improvement(team, catcher, (1, 2), options).skill is Skill.BLOCK


def test_default_manager_buys_an_apothecary_players_and_rerolls_within_the_treasury():
    team = LeagueTeam.from_dict(default_team_dict("orc"))
    team.apothecary = False
    team.treasury = 300_000
    items = DefaultManager().purchases(team)
    assert items[0] == Purchase("apothecary")
    notes: list[str] = []
    _manage(1, team, DefaultManager(), notes)
    assert not notes and team.apothecary and len(team.players) >= 13 and team.treasury >= 0


def test_random_manager_takes_only_legal_improvements():
    team = human()
    m = RandomManager(seed=3)
    for roll in [(1, 2), (2, 2), (4, 6), (5, 5), (5, 6), (6, 6)]:
        options = improvement_choices(team.player(2), roll)
        assert m.choose_improvement(team, team.player(2), roll, options) in options


class Spendthrift:
    """A manager that tries to buy more than it can and to fire a player who is not there."""

    def choose_improvement(self, team, player, roll, options):
        return options[0]

    def fire(self, team):
        return [99]

    def purchases(self, team):
        return [Purchase("reroll")] * 5 + ["gold"]

    def inducements(self, team, opponent, budget, offer):
        return []


def test_overspending_and_bad_firing_are_skipped_and_noted():
    team = human()
    team.treasury = 250_000  # two re-rolls at double cost (100,000 each)
    notes: list[str] = []
    _manage(1, team, Spendthrift(), notes)
    assert team.rerolls == 2 + 2 and team.treasury == 50_000
    assert sum("cannot afford" in n for n in notes) == 3
    assert any("fire 99 skipped" in n for n in notes) and any("not a purchase" in n for n in notes)
