"""The BB2020 pre-game sequence (RULES.md §3) with forced dice: the Fan Factor, Journeymen, the
CTV the inducements compare (Low Cost Linemen), the budgets of favourite and underdog, Prayers
to Nuffle (how many, duplicates rolled again, exhibition 1-8) and strict and lenient choices."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

import pytest

from nuffle.core.bb2020.inducements import Cart, Hired, Induce2020, Item, PreGameError
from nuffle.core.bb2020.league_team import ForcedDice, LeagueStepError, Team2020, new_player
from nuffle.core.bb2020.pregame import (
    Chooser,
    fan_factor,
    inducement_ctv,
    journeymen,
    pay,
    pray,
    prayer_count,
    prayers,
    pre_game,
)
from nuffle.league.bb2020 import league_team
from nuffle.teams_bb2020 import build_team, parse_team

# 2 x 85k + 9 x 50k + 2 re-rolls x 50k = 720,000
HUMANS = [("Blitzer", 2), ("Human Lineman", 9)]


def humans(treasury: int = 0, dedicated_fans: int = 1) -> Team2020:
    spec = parse_team(build_team("human", HUMANS, rerolls=2, dedicated_fans=dedicated_fans))
    return league_team(spec, treasury)


def orcs(treasury: int = 0) -> Team2020:
    # 2 x 80k + 9 x 50k = 610,000: 110,000 below the humans
    spec = parse_team(build_team("orc", [("Blitzer", 2), ("Orc Lineman", 9)]))
    return league_team(spec, treasury)


def buys(*items: Induce2020) -> Chooser:
    def choose(cart: Cart, opponent: Team2020) -> Sequence[Induce2020]:
        return items
    return choose


def test_the_fan_factor_is_a_d3_and_the_dedicated_fans() -> None:
    dice = ForcedDice([(3, 2)])
    assert fan_factor(humans(dedicated_fans=4), dice) == (2, 6)
    assert dice.log == [("Human team's fans", 3, 2)]


def test_journeymen_fill_the_fit_players_up_to_11_with_loner() -> None:
    t = humans()
    assert journeymen(t) == ()
    t = t.with_player(replace(t.player(4), mng=True))
    t = t.with_player(replace(t.player(5), niggles=1, retired=True))
    t = replace(t, graveyard=(new_player(t.team.positionals[0], 12),))  # #12 was worn
    hired = journeymen(t)
    assert [j.number for j in hired] == [13, 14]
    assert all(j.kind is Hired.JOURNEYMAN and j.player.position.name == "Human Lineman" for j in hired)
    assert all(j.skills == ("Loner (4+)",) and j.value == 50_000 for j in hired)
    assert hired[0].player.name == "Journeyman #13"


def test_the_ctv_counts_journeymen_and_leaves_out_who_misses_the_game() -> None:
    t = humans()
    assert inducement_ctv(t) == t.team_value(current=True) == 720_000
    t = t.with_player(replace(t.player(1), mng=True))  # a Blitzer, 85k, misses it
    assert inducement_ctv(t, journeymen(t)) == 720_000 - 85_000 + 50_000


def test_low_cost_linemen_are_left_out_of_the_ctv_journeymen_included() -> None:
    spec = parse_team(build_team("ogre", [("Ogre Blocker", 5), ("Gnoblar Lineman", 6)], rerolls=1))
    ogres = league_team(spec)
    gnoblar = next(p for p in ogres.players if p.position.name == "Gnoblar Lineman")
    ogres = ogres.with_player(replace(gnoblar, mng=True))
    hired = journeymen(ogres)
    assert len(hired) == 1 and hired[0].player.position.name == "Gnoblar Lineman"
    assert ogres.team_value(current=True) == 5 * 140_000 + 5 * 15_000 + 70_000
    assert inducement_ctv(ogres, hired) == 5 * 140_000 + 70_000


def test_the_underdog_gets_the_gap_and_the_favourite_only_its_treasury() -> None:
    dice = ForcedDice([(3, 1), (3, 3), (16, 1), (16, 2)])  # 110k apart: two prayers
    game = pre_game(humans(treasury=200_000), orcs(treasury=90_000), dice)
    assert (game.first, game.home.ctv, game.away.ctv) == ("home", 720_000, 610_000)
    assert (game.home.fan_factor, game.away.fan_factor) == (2, 4)
    assert (game.home.budget, game.away.budget) == (0, 110_000)
    with pytest.raises(PreGameError, match="Bribes costs 100,000; 0 is left"):
        pre_game(humans(), orcs(), ForcedDice([(3, 1), (3, 1)]), choose_home=buys(Induce2020(Item.BRIBES)))


def test_what_the_favourite_spends_from_its_treasury_is_added_to_the_underdog_budget() -> None:
    home, away = orcs(treasury=90_000), humans(treasury=200_000)
    dice = ForcedDice([(3, 1), (3, 1), *((16, n) for n in (3, 1, 4, 1, 5, 9, 2))])
    game = pre_game(home, away, dice, choose_home=buys(Induce2020(Item.KEGS)),
                    choose_away=buys(Induce2020(Item.TRAINING), Induce2020(Item.KEGS), Induce2020(Item.KEGS)))
    assert game.first == "away"
    assert (game.away.spent, game.away.treasury_spent, game.away.budget) == (200_000, 200_000, 0)
    assert game.home.budget == 110_000 + 200_000
    assert (game.home.spent, game.home.treasury_spent) == (50_000, 0)
    # after inducements: 610k + 50k against 720k + 200k: 260k, five prayers for the orcs
    assert [p.number for p in game.home.prayers] == [3, 1, 4, 5, 9] and dice.left() == 1


def test_equal_ctv_the_home_team_chooses_first() -> None:
    game = pre_game(humans(), humans(), ForcedDice([(3, 1), (3, 2)]))
    assert game.first == "home" and game.home.budget == game.away.budget == 0
    assert game.home.prayers == game.away.prayers == ()


def test_the_team_still_lower_after_inducements_prays_once_per_full_50000() -> None:
    dice = ForcedDice([(3, 1), (3, 1), (16, 4), (16, 12)])
    game = pre_game(humans(), orcs(), dice, choose_away=buys(Induce2020(Item.KEGS)))
    # 720k against 610k + 50k: 60k apart, one prayer
    assert [p.number for p in game.away.prayers] == [4] and game.away.prayers[0].name == "Iron Man"
    assert game.home.prayers == () and dice.left() == 1


def test_an_underdog_that_overspends_from_its_treasury_makes_the_favourite_pray() -> None:
    dice = ForcedDice([(3, 1), (3, 1), (16, 10)])
    choices = buys(*[Induce2020(Item.TRAINING)] * 2)
    game = pre_game(humans(), orcs(treasury=200_000), dice, choose_away=choices)
    # 720k against 610k + 200k (110k budget, 90k treasury): the humans are 90k lower
    assert game.away.treasury_spent == 90_000
    assert [p.name for p in game.home.prayers] == ["Perfect Passing"] and game.away.prayers == ()
    assert dice.left() == 0


def test_prayers_roll_again_a_result_drawn_already() -> None:
    dice = ForcedDice([(16, 5), (16, 5), (16, 16), (16, 5), (16, 1)])
    got = pray(3, dice)
    assert [p.number for p in got] == [5, 16, 1] and dice.left() == 0
    assert [p.duration for p in got] == ["drive", "game", "half"]


def test_exhibition_prayers_are_the_first_eight_on_a_d8() -> None:
    dice = ForcedDice([(8, 8), (8, 2)])
    got = pray(2, dice, exhibition=True)
    assert [p.name for p in got] == ["Blessed Statue of Nuffle", "Friends with the Ref"]
    with pytest.raises(LeagueStepError, match="the next forced die is a D16, but a D8"):
        pray(1, ForcedDice([(16, 9)]), exhibition=True)
    game = pre_game(humans(), orcs(), ForcedDice([(3, 1), (3, 1), (8, 3), (8, 7)]), exhibition=True)
    assert game.exhibition and [p.number for p in game.away.prayers] == [3, 7]


def test_the_prayer_count_needs_full_50000_and_stops_at_the_table_size() -> None:
    assert [prayer_count(g) for g in (0, 49_999, 50_000, 149_999, 150_000)] == [0, 0, 1, 2, 3]
    assert prayer_count(2_000_000) == 16 and prayer_count(2_000_000, exhibition=True) == 8
    assert len(prayers()) == 16 and prayers()[15].name == "Intensive Training"
    with pytest.raises(PreGameError, match="9 prayers cannot all differ on a D8"):
        pray(9, ForcedDice(), exhibition=True)


def test_strict_choices_raise_and_lenient_ones_are_skipped_and_listed() -> None:
    choose = buys(Induce2020(Item.PLAGUE_DOCTOR), Induce2020(Item.KEGS))
    with pytest.raises(PreGameError, match="Plague Doctor only for a team Favoured of Nurgle"):
        pre_game(humans(), orcs(), ForcedDice([(3, 1), (3, 1)]), choose_away=choose)
    game = pre_game(humans(), orcs(), ForcedDice([(3, 1), (3, 1), (16, 2)]), choose_away=choose, strict=False)
    assert game.away.inducements == (Induce2020(Item.KEGS),) and game.away.count(Item.KEGS) == 1
    assert game.away.refused == ("Orc team: Plague Doctor only for a team Favoured of Nurgle",)


def test_the_teams_are_unchanged_and_pay_takes_the_treasury_share() -> None:
    home, away = humans(), orcs(treasury=200_000)
    before = (home, away)
    game = pre_game(home, away, ForcedDice([(3, 1), (3, 1), (16, 10)]),
                    choose_away=buys(*[Induce2020(Item.TRAINING)] * 2))
    assert (home, away) == before
    assert pay(away, game.away).treasury == 110_000 and pay(home, game.home) == home
    with pytest.raises(PreGameError, match="cannot pay 90,000"):
        pay(orcs(treasury=10_000), game.away)
