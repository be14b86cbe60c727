"""BB2020 inducements (RULES.md §15): every price and limit, the special rules' prices
(Bribery and Corruption, Halfling Thimble Cup), who may take the restricted ones, the budget
and the treasury, mercenaries, and refusals that change nothing."""

from __future__ import annotations

from dataclasses import replace

import pytest

from nuffle.core.bb2020.inducements import (
    Cart,
    Hired,
    Induce2020,
    Item,
    PreGameError,
    induce,
    limit,
    offer,
    price,
    problem,
    rules,
)
from nuffle.core.bb2020.league_team import LeagueStepError, Team2020
from nuffle.core.bb2020.pregame import journeymen
from nuffle.league.bb2020 import league_team
from nuffle.teams_bb2020 import build_team, parse_team

HUMANS = [("Blitzer", 2), ("Human Lineman", 9)]
RICH = 10_000_000  # a budget no limit test runs out of

# RULES.md §15: (maximum, price) of every inducement the league offers.
PRINTED = {
    Item.TEMP_CHEERLEADERS: (4, 20_000), Item.ASSISTANT_COACHES: (3, 20_000), Item.WEATHER_MAGE: (1, 30_000),
    Item.KEGS: (2, 50_000), Item.TRAINING: (4, 100_000), Item.BRIBES: (3, 100_000),
    Item.APOTHECARIES: (2, 100_000), Item.MORTUARY_ASSISTANT: (1, 100_000), Item.PLAGUE_DOCTOR: (1, 100_000),
    Item.RIOTOUS_ROOKIES: (1, 100_000), Item.MASTER_CHEF: (1, 300_000), Item.WIZARD: (1, 150_000),
    Item.BIASED_REFEREE: (1, 120_000),
}


def make(race: str, players: list[tuple[str, int]], treasury: int = 0, favoured_of: str | None = None,
         rerolls: int = 0) -> Team2020:
    spec = parse_team(build_team(race, players, rerolls=rerolls, favoured_of=favoured_of))
    return league_team(spec, treasury)


def humans(treasury: int = 0) -> Team2020:
    return make("human", HUMANS, treasury)


def cart(team: Team2020, budget: int = RICH) -> Cart:
    return Cart(team, journeymen(team), budget)


def test_the_data_lists_every_inducement_with_its_printed_limit_and_price() -> None:
    assert set(rules()["inducements"]) == {i.value for i in Item if i is not Item.MERCENARY}
    generic = make("chaos chosen", [("Beastman Runner Lineman", 11)], favoured_of="Nurgle")
    for item, (most, cost) in PRINTED.items():
        if item in (Item.MORTUARY_ASSISTANT, Item.RIOTOUS_ROOKIES):
            continue  # a Chaos Chosen team may not take them (below)
        assert (limit(item), price(generic, Induce2020(item))) == (most, cost), item


@pytest.mark.parametrize("item", [i for i in PRINTED if i not in (Item.MORTUARY_ASSISTANT, Item.PLAGUE_DOCTOR,
                                                                     Item.RIOTOUS_ROOKIES)])
def test_each_inducement_may_be_taken_up_to_its_limit_and_no_more(item: Item) -> None:
    c = cart(humans())
    for _ in range(PRINTED[item][0]):
        c = induce(c, Induce2020(item))
    assert c.count(item) == PRINTED[item][0] and c.spent == PRINTED[item][0] * PRINTED[item][1]
    with pytest.raises(PreGameError, match=f"at most {PRINTED[item][0]} "):
        induce(c, Induce2020(item))


@pytest.mark.parametrize(("item", "race", "lineman"), [
    (Item.MORTUARY_ASSISTANT, "shambling undead", "Skeleton Lineman"),
    (Item.PLAGUE_DOCTOR, "nurgle", "Rotter Lineman"),
    (Item.RIOTOUS_ROOKIES, "snotling", "Snotling Lineman"),
])
def test_the_restricted_inducements_are_one_each_at_100000(item: Item, race: str, lineman: str) -> None:
    c = induce(cart(make(race, [(lineman, 11)])), Induce2020(item))
    assert c.spent == 100_000 and limit(item) == 1
    name = rules()['inducements'][item.value]['name']
    with pytest.raises(PreGameError, match=f"at most 1 {name}"):
        induce(c, Induce2020(item))


def test_bribery_and_corruption_halves_bribes_and_cheapens_the_biased_referee() -> None:
    black_orc = make("black orc", [("Black Orc", 4), ("Goblin Bruiser Lineman", 7)])
    human = humans()
    assert price(black_orc, Induce2020(Item.BRIBES)) == 50_000
    assert price(black_orc, Induce2020(Item.BIASED_REFEREE)) == 80_000
    assert price(human, Induce2020(Item.BRIBES)) == 100_000
    assert price(human, Induce2020(Item.BIASED_REFEREE)) == 120_000
    c = induce(induce(cart(black_orc, 150_000), Induce2020(Item.BRIBES)), Induce2020(Item.BRIBES))
    assert c.spent == 100_000


def test_the_halfling_thimble_cup_cheapens_the_master_chef() -> None:
    halflings = make("halfling", [("Halfling Hopeful Lineman", 11)])
    gnomes = make("gnome", [("Gnome Lineman", 11)])
    assert price(halflings, Induce2020(Item.MASTER_CHEF)) == 100_000
    assert price(gnomes, Induce2020(Item.MASTER_CHEF)) == 100_000
    assert price(humans(), Induce2020(Item.MASTER_CHEF)) == 300_000


def test_wandering_apothecaries_only_for_a_team_allowed_an_apothecary() -> None:
    nurgle = make("nurgle", [("Rotter Lineman", 11)])
    assert Item.APOTHECARIES in dict(offer(humans()))
    assert Item.APOTHECARIES not in dict(offer(nurgle))
    with pytest.raises(PreGameError, match="Wandering Apothecaries only for a team allowed an apothecary, "
                                           "not Nurgle"):
        induce(cart(nurgle), Induce2020(Item.APOTHECARIES))


def test_the_mortuary_assistant_only_for_sylvanian_spotlight_teams() -> None:
    undead = make("shambling undead", [("Skeleton Lineman", 11)])
    vampires = make("vampire", [("Thrall Lineman", 11)])
    assert induce(cart(undead), Induce2020(Item.MORTUARY_ASSISTANT)).spent == 100_000
    assert induce(cart(vampires), Induce2020(Item.MORTUARY_ASSISTANT)).spent == 100_000
    with pytest.raises(PreGameError, match="only for a team with the Sylvanian Spotlight special rule"):
        induce(cart(humans()), Induce2020(Item.MORTUARY_ASSISTANT))


def test_the_plague_doctor_only_for_a_team_favoured_of_nurgle() -> None:
    nurgle = make("nurgle", [("Rotter Lineman", 11)])
    chosen_nurgle = make("chaos chosen", [("Beastman Runner Lineman", 11)], favoured_of="Nurgle")
    chosen_khorne = make("chaos chosen", [("Beastman Runner Lineman", 11)], favoured_of="Khorne")
    assert nurgle.favoured_of == "Nurgle"
    assert induce(cart(nurgle), Induce2020(Item.PLAGUE_DOCTOR)).count(Item.PLAGUE_DOCTOR) == 1
    assert induce(cart(chosen_nurgle), Induce2020(Item.PLAGUE_DOCTOR)).count(Item.PLAGUE_DOCTOR) == 1
    with pytest.raises(PreGameError, match="Plague Doctor only for a team Favoured of Nurgle"):
        induce(cart(chosen_khorne), Induce2020(Item.PLAGUE_DOCTOR))


def test_riotous_rookies_only_for_low_cost_linemen_teams() -> None:
    ogres = make("ogre", [("Ogre Blocker", 5), ("Gnoblar Lineman", 6)])
    snotlings = make("snotling", [("Snotling Lineman", 12)])
    for t in (ogres, snotlings):
        assert induce(cart(t), Induce2020(Item.RIOTOUS_ROOKIES)).spent == 100_000
    with pytest.raises(PreGameError, match="Riotous Rookies only for a team with the Low Cost Linemen"):
        induce(cart(humans()), Induce2020(Item.RIOTOUS_ROOKIES))


def test_the_budget_goes_first_then_the_treasury() -> None:
    c = cart(humans(treasury=70_000), budget=100_000)
    assert c.money == 170_000
    c = induce(c, Induce2020(Item.KEGS))
    assert (c.spent, c.treasury_spent, c.money) == (50_000, 0, 120_000)
    c = induce(c, Induce2020(Item.TRAINING))
    assert (c.spent, c.treasury_spent, c.money) == (150_000, 50_000, 20_000)


def test_a_purchase_over_the_money_left_is_refused_and_changes_nothing() -> None:
    before = induce(cart(humans(treasury=20_000), budget=100_000), Induce2020(Item.KEGS))
    with pytest.raises(PreGameError) as err:
        induce(before, Induce2020(Item.TRAINING))
    assert str(err.value) == ("Human team: Extra Team Training costs 100,000; 70,000 is left "
                              "(budget 50,000, treasury 20,000)")
    assert isinstance(err.value, LeagueStepError)
    assert before.bought == (Induce2020(Item.KEGS),) and before.spent == 50_000
    assert problem(before, Induce2020(Item.WEATHER_MAGE)) == ""


def test_only_a_mercenary_names_a_positional_or_a_skill() -> None:
    with pytest.raises(PreGameError, match="only a mercenary names a positional or a skill"):
        induce(cart(humans()), Induce2020(Item.BRIBES, position="Blitzer"))


# --- mercenaries -----------------------------------------------------------------------------------


def test_a_mercenary_costs_his_positional_and_30000_and_gets_loner() -> None:
    c = induce(cart(humans()), Induce2020(Item.MERCENARY, "Catcher"))
    merc = c.mercenaries[0]
    assert c.spent == 65_000 + 30_000 == merc.value
    assert merc.kind is Hired.MERCENARY and merc.number == 12
    assert merc.skills == ("Catch", "Dodge", "Loner (4+)")


def test_a_mercenary_skill_costs_50000_more_and_is_a_primary_skill_he_may_take() -> None:
    c = induce(cart(humans()), Induce2020(Item.MERCENARY, "Catcher", "Sure Hands"))
    assert c.spent == 65_000 + 30_000 + 50_000
    assert c.mercenaries[0].skills == ("Catch", "Dodge", "Loner (4+)", "Sure Hands")
    c = induce(cart(humans()), Induce2020(Item.MERCENARY, "Blitzer", "Mighty Blow"))
    assert c.mercenaries[0].skills == ("Block", "Loner (4+)", "Mighty Blow (+1)")
    for skill, why in (("Block", "already has Block"), ("Pass", "not one of Blitzer's primary"),
                       ("Loner", "traits are never gained"), ("Wings", "not a skill of the BB2020")):
        with pytest.raises(PreGameError, match=why):
            induce(cart(humans()), Induce2020(Item.MERCENARY, "Blitzer", skill))


def test_a_big_guy_mercenary_keeps_his_own_loner() -> None:
    c = induce(cart(humans()), Induce2020(Item.MERCENARY, "Ogre"))
    assert c.mercenaries[0].skills.count("Loner (4+)") == 1 and c.spent == 170_000


def test_a_mercenary_counts_against_the_positional_limit_with_the_players_who_play() -> None:
    t = make("human", [("Blitzer", 4), ("Human Lineman", 7)])
    with pytest.raises(PreGameError, match="4 of Blitzer play already"):
        induce(cart(t), Induce2020(Item.MERCENARY, "Blitzer"))
    hurt = t.with_player(replace(t.player(1), mng=True))  # #1 is a Blitzer: a Journeyman comes in
    c = induce(cart(hurt), Induce2020(Item.MERCENARY, "Blitzer"))
    assert [j.number for j in c.journeymen] == [12] and c.mercenaries[0].number == 13


def test_at_most_16_play_and_an_unknown_positional_is_refused() -> None:
    c = cart(make("human", [("Human Lineman", 16)]))
    with pytest.raises(PreGameError, match="16 players may play a game, the squad has 16"):
        induce(c, Induce2020(Item.MERCENARY, "Catcher"))
    with pytest.raises(PreGameError, match="has no positional 'Troll'"):
        induce(cart(humans()), Induce2020(Item.MERCENARY, "Troll"))
    assert Induce2020(Item.MERCENARY, "Blitzer", "Guard").label() == "Mercenary Blitzer (+ Guard)"
    assert Induce2020(Item.KEGS).label() == "Bloodweiser Kegs"
