"""The default BB2020 manager's inducements and `run_pre_game` (the pre-game sequence with the
managers choosing and the treasuries paying), with forced and seeded dice."""

from __future__ import annotations

from dataclasses import replace

from nuffle.core.bb2020.inducements import Cart, Induce2020, Item, induce, price
from nuffle.core.bb2020.league_team import ForcedDice, SeededDice, Team2020
from nuffle.core.bb2020.pregame import journeymen
from nuffle.core.bb2020.rosters import teams
from nuffle.league.bb2020 import DefaultManager2020, league_team, run_pre_game
from nuffle.league.bb2020_inducing import default_inducements, wanted
from nuffle.teams_bb2020 import build_team, parse_team, suggest_team

A, T, K, B = Item.APOTHECARIES, Item.TRAINING, Item.KEGS, Item.BRIBES


def make(race: str, players: list[tuple[str, int]], treasury: int = 0, rerolls: int = 0) -> Team2020:
    return league_team(parse_team(build_team(race, players, rerolls=rerolls)), treasury)


def humans(treasury: int = 0) -> Team2020:
    return make("human", [("Blitzer", 2), ("Human Lineman", 9)], treasury, rerolls=2)  # 720,000


def chosen(team: Team2020, budget: int) -> list[Item]:
    return [c.item for c in default_inducements(Cart(team, journeymen(team), budget), humans())]


def test_a_medic_training_and_kegs_then_staff_with_what_is_left() -> None:
    assert chosen(humans(), 300_000) == [A, T, K, K]
    assert chosen(humans(), 340_000) == [A, T, K, K, Item.ASSISTANT_COACHES, Item.ASSISTANT_COACHES]
    assert chosen(humans(), 90_000) == [K, Item.ASSISTANT_COACHES, Item.ASSISTANT_COACHES]
    assert chosen(humans(), 700_000) == [A, T, K, K, T, T, T, A]


def test_teams_without_an_apothecary_take_their_own_medic() -> None:
    assert chosen(make("nurgle", [("Rotter Lineman", 11)]), 100_000) == [Item.PLAGUE_DOCTOR]
    assert chosen(make("shambling undead", [("Skeleton Lineman", 11)]), 100_000) == [Item.MORTUARY_ASSISTANT]


def test_bribes_for_each_secret_weapon_at_the_bribery_and_corruption_price() -> None:
    snotlings = make("snotling", [("Pump Wagon", 2), ("Snotling Lineman", 12)])
    assert wanted(Cart(snotlings))[:2] == [(A, 1), (B, 2)]
    assert chosen(snotlings, 200_000) == [A, B, B]


def test_one_bribe_for_a_fouler_or_bribery_and_corruption_none_otherwise() -> None:
    black_orcs = make("black orc", [("Black Orc", 4), ("Goblin Bruiser Lineman", 7)])
    assert chosen(black_orcs, 150_000) == [A, B]
    dwarfs = make("dwarf", [("Deathroller", 1), ("Dwarf Blocker Lineman", 10)])
    assert chosen(dwarfs, 200_000) == [A, B]  # a Secret Weapon and Dirty Player: one bribe, 100k
    plain = make("dwarf", [("Dwarf Blocker Lineman", 11)])
    assert B not in [i for i, _ in wanted(Cart(plain))]
    merc = Induce2020(Item.MERCENARY, "Human Lineman", "Dirty Player")
    fouler = induce(Cart(humans(), budget=200_000), merc)
    assert fouler.mercenaries[0].has("Dirty Player") and (B, 1) in wanted(fouler)


def test_a_thimble_cup_team_takes_its_cheap_master_chef_first() -> None:
    halflings = make("halfling", [("Halfling Hopeful Lineman", 11)])
    assert chosen(halflings, 200_000) == [Item.MASTER_CHEF, A]
    assert Item.MASTER_CHEF not in [i for i, _ in wanted(Cart(humans()))]


def test_the_default_manager_spends_the_budget_never_the_treasury() -> None:
    assert chosen(humans(treasury=900_000), 0) == []
    rich = humans(treasury=500_000)
    got = chosen(rich, 250_000)
    assert got == [A, T, K] and sum(price(rich, Induce2020(i)) for i in got) == 250_000


def test_every_roster_s_default_team_can_be_induced_for_without_a_refusal() -> None:
    for key in teams():
        team = league_team(parse_team(suggest_team(key)))
        m = DefaultManager2020()
        game, _, after = run_pre_game(humans(), team, m, m, SeededDice(7))
        underdog = game.away if game.first == "home" else game.home
        assert underdog.refused == () and underdog.spent <= underdog.budget, key
        assert after.treasury == team.treasury, key


def test_run_pre_game_is_deterministic_and_pays_the_treasury() -> None:
    home, away = humans(), make("orc", [("Blitzer", 2), ("Orc Lineman", 9)], treasury=100_000)
    m = DefaultManager2020()
    first = run_pre_game(home, away, m, m, SeededDice(11))
    assert first == run_pre_game(home, away, m, m, SeededDice(11))
    game, h, a = first
    assert game.away.inducements == (Induce2020(A),) and game.away.spent == 100_000  # 110k budget
    assert game.away.prayers == () and (h, a) == (home, away)  # 10k apart after inducements


class Greedy:
    """Spends the treasury too, and asks for what it may not have."""

    def inducements(self, cart: Cart, opponent: Team2020) -> list[Induce2020]:
        return [Induce2020(Item.PLAGUE_DOCTOR), Induce2020(T), Induce2020(T)]


def test_a_refused_choice_is_listed_and_the_treasury_pays_the_rest() -> None:
    home, away = humans(), make("orc", [("Blitzer", 2), ("Orc Lineman", 9)], treasury=100_000)
    dice = ForcedDice([(3, 2), (3, 3), (16, 6)])
    game, h, a = run_pre_game(home, away, DefaultManager2020(), Greedy(), dice)
    assert game.away.refused == ("Orc team: Plague Doctor only for a team Favoured of Nurgle",)
    assert game.away.count(T) == 2 and game.away.treasury_spent == 90_000 and a.treasury == 10_000
    # 610k + 200k against 720k: the favourite, 90k lower now, prays once
    assert [p.name for p in game.home.prayers] == ["Bad Habits"] and h == home
    assert (game.home.fan_factor, game.away.fan_factor) == (3, 4)


def test_journeymen_come_before_the_budget_is_worked_out() -> None:
    home = humans()
    home = home.with_player(replace(home.player(1), mng=True))  # an 85k Blitzer out, a 50k Journeyman in
    game, _, _ = run_pre_game(home, humans(), DefaultManager2020(), DefaultManager2020(), SeededDice(1))
    assert [j.number for j in game.home.journeymen] == [12]
    assert game.home.budget == 35_000 and game.home.inducements == (Induce2020(Item.ASSISTANT_COACHES),)
