"""BB2020's pre-game inside a match (RULES §3), on both engines: the match takes each team's Fan
Factor from its pre-game (no fans roll, no FAME), rolls the weather and tosses the coin; the
pre-game's Journeymen and mercenaries are players of the team sheet; a `MatchSetup` carries the
Fan Factors, inducements, temporary staff and the prayers drawn, and refuses bad input in one line."""

from __future__ import annotations

import importlib.util
from dataclasses import replace
from typing import Any

import pytest

from nuffle.core.bb2020.inducements import Hired, Induce2020, Item
from nuffle.core.bb2020.league_team import Advancement, ForcedDice, Kind, Team2020
from nuffle.core.bb2020.pregame import PreGame, pre_game
from nuffle.core.dice import Dice, ScriptedRoller, coin, two_d6
from nuffle.core.game import Game
from nuffle.core.ruleset import LRB6, draft_ruleset
from nuffle.core.skills import Skill
from nuffle.core.teams import Inducements
from nuffle.core.types import Weather
from nuffle.league.bb2020 import league_team
from nuffle.parity import bb2020_teams, run_parity
from nuffle.teams_bb2020 import build_team, parse_team
from nuffle.teams_bb2020_match import default_match_team
from nuffle.teams_bb2020_pregame import MatchSetup, SetupError, SideSetup, match_spec, side_setup

BB2020 = draft_ruleset("bb2020")
HAS_NATIVE = importlib.util.find_spec("nuffle._native") is not None
ENGINES = ["python", pytest.param("native", marks=pytest.mark.skipif(not HAS_NATIVE, reason="no native"))]


def _teams() -> tuple[Team2020, Team2020]:
    humans = league_team(parse_team(build_team("human", [("Blitzer", 2), ("Human Lineman", 9)])), 200_000)
    orcs = league_team(parse_team(build_team("orc", [("Orc Lineman", 11)])), 500_000)
    hurt = replace(orcs.players[0], mng=True)  # misses the game: one Journeyman
    return humans, replace(orcs, players=(hurt, *orcs.players[1:]))


def _pregame() -> tuple[Team2020, Team2020, PreGame]:
    humans, orcs = _teams()

    def orc_choices(cart: Any, opponent: Team2020) -> list[Induce2020]:
        return [Induce2020(Item.KEGS), Induce2020(Item.TEMP_CHEERLEADERS), Induce2020(Item.TEMP_CHEERLEADERS),
                Induce2020(Item.BRIBES), Induce2020(Item.MERCENARY, "Blitzer", "Guard")]

    def human_choices(cart: Any, opponent: Team2020) -> list[Induce2020]:
        return [Induce2020(Item.APOTHECARIES), Induce2020(Item.ASSISTANT_COACHES)]

    # home D3 2, away D3 3; the humans, 160,000 behind after inducements, pray three times
    record = pre_game(humans, orcs, ForcedDice([(3, 2), (3, 3), (16, 1), (16, 2), (16, 3)]), human_choices,
                      orc_choices)
    assert [p.number for p in record.home.prayers] == [1, 2, 3]
    return humans, orcs, record


@pytest.mark.parametrize("engine", ENGINES)
def test_a_bb2020_match_takes_the_pre_games_fan_factors_and_rolls_no_fans(engine: str) -> None:
    humans, orcs, record = _pregame()
    home, away = match_spec(humans, record.home), match_spec(orcs, record.away)
    assert (home.fan_factor, away.fan_factor) == (2 + humans.dedicated_fans, 3 + orcs.dedicated_fans)
    # home's Stiletto picks its player first (PICK), then the weather, the coin: nothing else
    roller = ScriptedRoller([(Dice.PICK, 0), *two_d6(6, 6), *coin(1)])
    game = Game.new(home, away, roller=roller, ruleset=BB2020, engine=engine)
    s = game.state
    assert s.fans == (home.fan_factor, away.fan_factor)
    assert [t.fame for t in s.teams] == [0, 0]
    assert s.weather == Weather.BLIZZARD and s.decider == 1 and not roller.queue


@pytest.mark.parametrize("engine", ENGINES)
def test_lrb6_still_rolls_the_gate(engine: str) -> None:
    roller = ScriptedRoller(two_d6(6, 6) + two_d6(1, 1) + two_d6(3, 4) + coin(0))
    game = Game.new("human", "orc", roller=roller, ruleset=LRB6, engine=engine)
    s = game.state
    assert LRB6.fans == "gate" and BB2020.fans == "fan_factor"
    assert s.fans[0] == 12 + s.specs[0].fan_factor and s.fans[1] == 2 + s.specs[1].fan_factor
    assert s.teams[0].fame == 2 and not roller.queue


def test_journeymen_and_mercenaries_are_players_of_the_team_sheet() -> None:
    _, orcs, record = _pregame()
    away = match_spec(orcs, record.away)
    assert [m.kind for m in record.away.journeymen] == [Hired.JOURNEYMAN]
    numbers = [p.number for p in away.players]
    assert orcs.players[0].number not in numbers  # Miss Next Game: not on the sheet
    journeyman = next(p for p in away.players if p.number == record.away.journeymen[0].number)
    mercenary = next(p for p in away.players if p.number == record.away.mercenaries[0].number)
    assert Skill.LONER in journeyman.extra_skills and journeyman.position.name == "Orc Lineman"
    assert {Skill.LONER, Skill.GUARD} <= mercenary.extra_skills and mercenary.position.name == "Blitzer"
    assert len(away.players) == 12


def test_the_inducements_become_the_engines_counters_and_the_staff() -> None:
    humans, orcs, record = _pregame()
    induced = Inducements(babes=1, bribes=1)
    assert side_setup(record.away) == SideSetup(record.away.fan_factor, induced, 2, 0, ())
    home, away = match_spec(humans, record.home), match_spec(orcs, record.away)
    assert home.inducements == Inducements(apothecaries=1)
    assert home.assistant_coaches == humans.assistant_coaches + 1
    assert away.cheerleaders == orcs.cheerleaders + 2 and away.inducements.babes == 1


@pytest.mark.parametrize("engine", ENGINES)
def test_the_counters_are_set_at_the_start_of_a_bb2020_match(engine: str) -> None:
    humans, orcs, record = _pregame()
    home, away = match_spec(humans, record.home), match_spec(orcs, record.away)
    roller = ScriptedRoller([(Dice.PICK, 0), *two_d6(3, 4), *coin(0)])  # Stiletto's pick first
    game = Game.new(home, away, roller=roller, ruleset=BB2020, engine=engine)
    h, a = game.state.teams
    assert (h.apothecaries, h.bribes) == (int(humans.apothecary) + 1, 0)  # and one Wandering Apothecary
    assert (a.apothecaries, a.bribes) == (0, 1)


def test_a_match_setup_reads_and_writes_its_json_form() -> None:
    raw = {"home": {"fan_factor": 4, "inducements": {"bribes": 2, "chef": True}, "prayers": [3, 9]},
           "away": {"fan_factor": 1, "extra_cheerleaders": 4, "extra_coaches": 3}}
    setup = MatchSetup.from_dict(raw)
    assert setup.home == SideSetup(4, Inducements(bribes=2, chef=True), prayers=(3, 9))
    assert setup.to_dict() == raw and MatchSetup.from_dict(setup.to_dict()) == setup
    plain = default_match_team("human"), default_match_team("orc")
    home, away = setup.apply(*plain)
    assert home.fan_factor == 4 and home.inducements.chef and away.cheerleaders == plain[1].cheerleaders + 4
    assert away.assistant_coaches == plain[1].assistant_coaches + 3 and away.players == plain[1].players


@pytest.mark.parametrize(("raw", "message"), [
    ([], "exactly 'home' and 'away'"),
    ({"home": {"fan_factor": 3}}, "exactly 'home' and 'away'"),
    ({"home": {}, "away": {"fan_factor": 3}}, "home: fan_factor is missing"),
    ({"home": {"fan_factor": 0}, "away": {"fan_factor": 3}}, "home: fan_factor must be 1..10, not 0"),
    ({"home": {"fan_factor": "3"}, "away": {"fan_factor": 3}}, "home: fan_factor must be a whole number"),
    ({"home": {"fan_factor": 3, "weather": 2}, "away": {"fan_factor": 3}}, "home: unknown key 'weather'"),
    ({"home": {"fan_factor": 3}, "away": {"fan_factor": 3, "inducements": {"babes": 3}}},
     "away: inducements.babes must be 0..2, not 3"),
    ({"home": {"fan_factor": 3}, "away": {"fan_factor": 3, "inducements": {"stars": 1}}},
     "away: inducements is an object of"),
    ({"home": {"fan_factor": 3}, "away": {"fan_factor": 3, "inducements": {"chef": 1}}},
     "away: inducements.chef must be true or false"),
    ({"home": {"fan_factor": 3, "prayers": [3, 3]}, "away": {"fan_factor": 3}},
     "home: prayers must be different results 1..16"),
    ({"home": {"fan_factor": 3, "prayers": [17]}, "away": {"fan_factor": 3}},
     "home: prayers must be different results 1..16"),
    ({"home": {"fan_factor": 3, "prayers": 3}, "away": {"fan_factor": 3}}, "home: prayers must be a list"),
    ({"home": {"fan_factor": 3, "extra_coaches": 4}, "away": {"fan_factor": 3}},
     "home: extra_coaches must be 0..3, not 4"),
])
def test_bad_match_setups_are_one_line_errors(raw: Any, message: str) -> None:
    with pytest.raises(SetupError) as err:
        MatchSetup.from_dict(raw)
    assert message in str(err.value) and "\n" not in str(err.value)


@pytest.mark.parametrize("engine", ENGINES)
def test_the_prayers_drawn_start_the_match_in_effect(engine: str) -> None:
    humans, orcs = _teams()
    rich = replace(humans, treasury=0, players=humans.players)
    poor = replace(orcs, players=(*orcs.players[:6], replace(orcs.players[6], mng=True)))
    record = pre_game(rich, poor, ForcedDice([(3, 1), (3, 1), (16, 5)]))  # two D3s, the prayer's D16
    drawn = tuple(p.number for p in record.away.prayers)
    assert drawn == (5,) and side_setup(record.away).prayers == drawn
    home, away = match_spec(rich, record.home), match_spec(poor, record.away)
    assert home.prayers == () and away.prayers == ("Knuckle Dusters",)
    game = Game.new(home, away, roller=ScriptedRoller(two_d6(3, 4) + coin(0)), ruleset=BB2020, engine=engine)
    assert game.decision().side == 1  # away's coach first chooses who has the Knuckle Dusters
    assert game.prayers()["away"] == {"given": ("Knuckle Dusters",), "active": ("Knuckle Dusters",)}
    assert game.prayers()["home"] == {"given": (), "active": ()}


@pytest.mark.parametrize("engine", ENGINES)
def test_a_league_players_advancements_and_lasting_injuries_play_in_the_match(engine: str) -> None:
    humans, orcs = _teams()
    veteran = replace(humans.players[0], niggles=1, reductions=("ma", "pa"),
                      advancements=(Advancement(Kind.CHOSEN_PRIMARY, skill="Guard"),
                                    Advancement(Kind.CHARACTERISTIC, stat="ag")))
    humans = replace(humans, players=(veteran, *humans.players[1:]))
    prayers = [(16, n) for n in range(1, 17)]  # the orcs pray (their number does not matter here)
    record = pre_game(humans, orcs, ForcedDice([(3, 1), (3, 1), *prayers]))
    home = match_spec(humans, record.home)
    game = Game.new(home, match_spec(orcs, record.away), roller=ScriptedRoller(two_d6(3, 4) + coin(0)),
                    ruleset=BB2020, engine=engine)
    info = next(p for p in game.state.info if p.team == 0 and p.number == veteran.number)
    base = veteran.position
    assert (info.ma, info.ag, info.pa, info.niggles) == (base.ma - 1, base.ag - 1, (base.pa or 0) + 1, 1)
    assert Skill.GUARD in info.skills and (info.st, info.av) == (base.st, base.av)
    other = next(p for p in game.state.info if p.team == 0 and p.number == humans.players[1].number)
    assert other.pa == humans.players[1].position.pa and Skill.GUARD not in other.skills


def test_the_parity_harness_deals_bb2020_teams_a_pre_game() -> None:
    plain = bb2020_teams("human", "orc", False, frozenset(), 5)
    assert plain == bb2020_teams("human", "orc", False, frozenset(), 5)  # drawn from the seed
    for team, race in zip(plain, ("human", "orc"), strict=True):
        base = default_match_team(race)
        assert base.fan_factor + 1 <= team.fan_factor <= base.fan_factor + 3
        assert team.inducements == Inducements() and team.players == base.players
    induced = bb2020_teams("human", "orc", True, frozenset(), 5)
    assert all(t.inducements.wizard for t in induced)
    assert all(t.prayers == () for t in plain)


def test_the_parity_harness_deals_bb2020_teams_prayers_with_the_inducements() -> None:
    """With the inducements variant each team also brings 0-3 different prayers of the table,
    drawn from the seed; over a few seeds some team prays."""
    table = {name for name, _ in BB2020.prayers}
    drawn = [bb2020_teams("human", "orc", True, frozenset(), seed) for seed in range(8)]
    assert drawn[3] == bb2020_teams("human", "orc", True, frozenset(), 3)
    prayers = [t.prayers for pair in drawn for t in pair]
    assert all(len(p) <= 3 and len(set(p)) == len(p) and set(p) <= table for p in prayers)
    assert any(prayers)


@pytest.mark.skipif(not HAS_NATIVE, reason="no native extension")
def test_bb2020_games_with_pre_games_and_inducements_agree_on_both_engines() -> None:
    report = run_parity(games=2, seed=3, boards=(11,), ruleset="bb2020", wizards=True, max_steps=2500)
    j = report.to_json()
    assert j["games"] == 2 and j["divergences"] == 0 and j["steps"] > 500, report.text()
