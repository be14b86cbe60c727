"""Inducements in the engine, with scripted dice: Bloodweiser Babes, Bribes, Extra Team Training,
the Halfling Master Chef, Igor, Wandering Apothecaries; star players and mercenaries as players;
the limits of a team file's `inducements`."""

from dataclasses import replace

import pytest

from nuffle.core.actions import ActionType
from nuffle.core.dice import d6, d68, two_d6
from nuffle.core.game import Game
from nuffle.core.inducements import cost, star_player, stars
from nuffle.core.procedures.match import EndDrive, Half
from nuffle.core.skills import Skill
from nuffle.core.teams import (
    Inducements,
    TeamError,
    default_team,
    default_team_dict,
    parse_team,
    team_to_dict,
)
from nuffle.core.types import Status
from nuffle.testing import LINEMAN, O_TROLL, Scenario, do, roller_of

T = ActionType


def induce(sc, side, **kw):
    specs = list(sc.state.specs)
    specs[side] = replace(specs[side], inducements=Inducements(**kw))
    sc.state.specs = tuple(specs)
    return sc


@pytest.mark.parametrize(("babes", "recovered"), [(0, {5}), (1, {5, 7}), (2, {5, 7, 9})])
def test_bloodweiser_babes_add_one_each_to_ko_recovery(babes, recovered):
    sc = induce(Scenario(script=d6(4, 3, 2, 1)), 0, babes=babes)
    s = sc.state
    for pid in (5, 7, 9, 10):
        s.status[pid] = Status.KO
    game = sc.start(proc=EndDrive(False))
    assert {p for p in (5, 7, 9, 10) if s.status[p] == Status.RESERVE} == recovered  # a 1 always fails
    assert not roller_of(game).queue


def test_extra_team_training_adds_team_rerolls_each_half():
    sc = induce(Scenario(), 0, training=2)
    game = sc.start(proc=Half())
    s = game.state
    assert s.teams[0].rerolls == s.specs[0].rerolls + 2
    assert s.teams[1].rerolls == s.specs[1].rerolls


@pytest.mark.parametrize(("dice", "stolen"), [((4, 5, 6), 3), ((1, 4, 3), 1), ((3, 3, 2), 0)])
def test_master_chef_steals_a_reroll_for_each_four_plus(dice, stolen):
    sc = induce(Scenario(script=d6(*dice)), 0, chef=True)
    sc.state.specs = (sc.state.specs[0], replace(sc.state.specs[1], rerolls=4))
    game = sc.start(proc=Half())
    s = game.state
    assert s.teams[0].rerolls == s.specs[0].rerolls + stolen
    assert s.teams[1].rerolls == s.specs[1].rerolls - stolen
    assert not roller_of(game).queue


def test_master_chef_cannot_steal_more_than_the_opponent_has():
    sc = induce(Scenario(script=d6(6, 6, 6)), 0, chef=True)
    sc.state.specs = (sc.state.specs[0], replace(sc.state.specs[1], rerolls=1))
    game = sc.start(proc=Half())
    assert game.state.teams[1].rerolls == 0
    assert game.state.teams[0].rerolls == sc.state.specs[0].rerolls + 1


def test_counters_are_set_at_the_start_of_the_match():
    undead = replace(default_team("undead"), inducements=Inducements(igor=True, bribes=2))
    human = replace(default_team("human"), inducements=Inducements(apothecaries=2, bribes=1))
    game = Game.new(human, undead, seed=3)
    home, away = game.state.teams
    assert (home.apothecaries, home.bribes, home.igor) == (3, 1, 0)  # his own and two wandering
    assert (away.apothecaries, away.bribes, away.igor) == (0, 2, 1)


def foul_the_troll(script, igor):
    sc = Scenario(script=script)
    sc.put(LINEMAN, (10, 7)).put(O_TROLL, (11, 7), Status.PRONE)
    sc.state.teams[1].igor = igor
    game = sc.start(active=0)
    do(game, T.START_FOUL, LINEMAN)
    do(game, T.FOUL, square=(11, 7))
    return game


def test_igor_rerolls_a_failed_regeneration_once():
    game = foul_the_troll(two_d6(4, 6) + two_d6(5, 5) + d68(61) + d6(3) + d6(4), igor=1)
    assert game.state.status[O_TROLL] == Status.RESERVE
    assert game.state.teams[1].igor == 0
    assert not roller_of(game).queue


def test_igor_rerolls_only_once_and_not_without_him():
    game = foul_the_troll(two_d6(4, 6) + two_d6(5, 5) + d68(61) + d6(3) + d6(2), igor=1)
    assert game.state.status[O_TROLL] == Status.CASUALTY
    game = foul_the_troll(two_d6(4, 6) + two_d6(5, 5) + d68(61) + d6(3), igor=0)
    assert game.state.status[O_TROLL] == Status.CASUALTY
    assert not roller_of(game).queue


def test_bribes_and_wandering_apothecaries_are_used_like_the_teams_own():
    sc = Scenario(script=two_d6(3, 3) + d6(2))  # the fouler is seen (a double) and bribes
    sc.put(LINEMAN, (10, 7)).put(O_TROLL, (11, 7), Status.PRONE)
    sc.state.teams[0].bribes = Inducements(bribes=1).bribes
    game = sc.start(active=0)
    do(game, T.START_FOUL, LINEMAN)
    do(game, T.FOUL, square=(11, 7))
    do(game, T.USE_BRIBE)
    assert game.state.status[LINEMAN] == Status.STANDING and game.state.teams[0].bribes == 0


def test_star_players_play_with_loner_and_their_skills():
    raw = default_team_dict("human")
    raw["players"].append({"star": "Griff Oberwald", "number": 30})
    spec = parse_team(raw)
    griff = spec.players[-1]
    assert griff.position.cost == 320_000 and {Skill.LONER, Skill.SPRINT} <= griff.position.skills
    assert parse_team(team_to_dict(spec)) == spec  # a match record keeps him
    game = Game.new(spec, "orc", seed=1)
    assert any(p.name == "Griff Oberwald" and p.ma == 7 for p in game.state.info)


@pytest.mark.parametrize(
    ("race", "name", "message"),
    [("human", "Griff Oberwald II", "unknown star player 'Griff Oberwald II'"),
     ("human", "Headsplitter", "Headsplitter does not play for Human teams"),
     ("high-elf", "Lucien Swift", "skills the engine does not know: Swift Reaction")],
)
def test_bad_stars_are_refused(race, name, message):
    raw = default_team_dict(race)
    raw["players"].append({"star": name, "number": 30})
    with pytest.raises(TeamError, match=message):
        parse_team(raw)


def test_at_most_two_different_stars():
    raw = default_team_dict("human")
    raw["players"] += [{"star": "Griff Oberwald", "number": 30}, {"star": "Griff Oberwald", "number": 31}]
    with pytest.raises(TeamError, match="at most 2 different star players"):
        parse_team(raw)


def test_the_star_data_holds_every_star_of_the_reference():
    assert len(stars()) == 70  # 71 entries, one of them a duplicate
    assert star_player("Morg 'n' Thorg", "halfling").cost == 430_000
    with pytest.raises(TeamError, match="does not play for Undead"):
        star_player("Morg 'n' Thorg", "undead")


def test_mercenaries_are_players_with_loner_and_maybe_one_skill():
    raw = default_team_dict("human")
    raw["players"].append({"position": "Lineman", "number": 40, "skills": ["Loner", "Guard"]})
    merc = parse_team(raw).players[-1]
    assert merc.extra_skills == {Skill.LONER, Skill.GUARD}


@pytest.mark.parametrize(
    ("race", "inducements", "message"),
    [("human", {"babes": 3}, "'babes' must be from 0 to 2"),
     ("human", {"igor": True}, "only teams that may not have an apothecary induce Igor"),
     ("undead", {"apothecaries": 1}, "may not induce Wandering Apothecaries"),
     ("human", {"sorcerer": 1}, "unknown inducement 'sorcerer'"),
     ("human", {"wizard": 2}, "'wizard' must be true or false, not 2")],
)
def test_inducement_limits(race, inducements, message):
    raw = default_team_dict(race)
    raw["inducements"] = inducements
    with pytest.raises(TeamError, match=message):
        parse_team(raw)


def test_reduced_costs():
    assert cost("bribes", "goblin") == 50_000 and cost("bribes", "human") == 100_000
    assert cost("chef", "halfling") == 100_000 and cost("chef", "orc") == 300_000
