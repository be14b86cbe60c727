"""BB2020 advancement by spending SPP with forced dice (RULES.md §16.3, TABLES §15): every cost
cell, every value increase, the random-skill table and its re-roll, the D16 characteristic
table with its limits and its exchange for a Secondary skill, and the refusals."""

from __future__ import annotations

from dataclasses import replace

import pytest

from nuffle.core.bb2020.advancement import (
    advance as _advance,
)
from nuffle.core.bb2020.advancement import (
    characteristic,
    chosen_primary,
    chosen_secondary,
    cost,
    must_spend,
    random_primary,
    random_secondary,
    random_skill,
    resolve,
    stat_problem,
)
from nuffle.core.bb2020.league_team import (
    Advancement,
    ForcedDice,
    Kind,
    Player2020,
    PostGameError,
    Team2020,
    new_player,
)
from nuffle.core.bb2020.management import unspent_problem
from nuffle.core.bb2020.rosters import team
from nuffle.core.bb2020.skills import catalogue, roster_skill

HUMAN = team("human")
ALL = ("st", "ag", "ma", "av", "pa")


def player(position: str = "Human Lineman", spp: int = 100, race: str = "human", **kw: object) -> Player2020:
    pos = team(race).positional(position)
    assert pos is not None
    return replace(new_player(pos, 1), spp=spp, **kw)  # type: ignore[arg-type]


def squad(p: Player2020) -> Team2020:
    return Team2020(team(p.position.team), "T", (p,))


def advance(p: Player2020, choice: object, *rolls: tuple[int, int]) -> tuple[Player2020, tuple[int, ...]]:
    dice = ForcedDice(rolls)
    new, report = _advance(squad(p), p.number, choice, dice)  # type: ignore[arg-type]
    assert dice.left() == 0
    return new.player(p.number), report.rolls


# TABLES §15, row per advancement: random primary, chosen primary / random secondary, chosen
# secondary, characteristic.
COSTS = [(3, 6, 12, 18), (4, 8, 14, 20), (6, 12, 18, 24), (8, 16, 22, 28), (10, 20, 26, 32), (15, 30, 40, 50)]


@pytest.mark.parametrize("level", range(6))
def test_every_spp_cost_cell(level: int) -> None:
    rp, cp, cs, ch = COSTS[level]
    assert cost(Kind.RANDOM_PRIMARY, level) == rp
    assert cost(Kind.CHOSEN_PRIMARY, level) == cp
    assert cost(Kind.RANDOM_SECONDARY, level) == cp
    assert cost(Kind.CHOSEN_SECONDARY, level) == cs
    assert cost(Kind.CHARACTERISTIC, level) == ch


def test_a_legend_cannot_advance() -> None:
    with pytest.raises(PostGameError, match="at most 6"):
        cost(Kind.RANDOM_PRIMARY, 6)
    legend = player(advancements=(Advancement(Kind.RANDOM_PRIMARY, skill="Block"),) * 6)
    assert legend.title == "Legend" and not must_spend(legend)
    with pytest.raises(PostGameError, match="is a Legend"):
        advance(legend, random_primary("G"), (6, 1), (6, 2))


def test_levels_and_the_cost_rising_with_them() -> None:
    p = player(spp=3 + 4 + 6 + 8)
    titles = []
    for rolls in [((6, 1), (6, 1)), ((6, 1), (6, 2)), ((6, 1), (6, 3)), ((6, 1), (6, 4))]:
        p, _ = advance(p, random_primary("G"), *rolls)
        titles.append(p.title)
    assert titles == ["Experienced", "Veteran", "Emerging Star", "Star"]
    assert p.spp == 0 and p.skills == ("Block", "Dauntless", "Dirty Player (+1)", "Fend")


# --- the random-skill table --------------------------------------------------------------------


@pytest.mark.parametrize(("first", "second", "category", "skill"), [
    (1, 1, "G", "Block"), (3, 6, "G", "Kick"), (4, 1, "G", "Pro"), (6, 6, "G", "Wrestle"),
    (2, 4, "A", "Dodge"), (5, 2, "A", "Safe Pair of Hands"), (1, 5, "S", "Guard"), (4, 1, "S", "Mighty Blow"),
    (6, 6, "S", "Thick Skull"), (3, 1, "P", "Accurate"), (4, 6, "M", "Very Long Legs"),
])
def test_the_random_skill_table(first: int, second: int, category: str, skill: str) -> None:
    assert random_skill(first, second, category) == skill


def test_a_random_primary_skill_costs_3_and_adds_10k() -> None:
    p, rolls = advance(player(spp=5), random_primary("G"), (6, 1), (6, 2))
    assert p.skills == ("Dauntless",) and p.spp == 2 and p.value == 60_000 and rolls == (1, 2)


def test_a_random_skill_he_has_is_rerolled() -> None:
    blitzer = player("Blitzer")  # starts with Block
    p, rolls = advance(blitzer, random_primary("G"), (6, 1), (6, 1), (6, 4), (6, 4))
    assert p.skills == ("Block", "Sure Hands") and rolls == (1, 1, 4, 4)


def test_a_random_secondary_skill_costs_6_and_adds_20k() -> None:
    p, _ = advance(player(spp=6), random_secondary("S"), (6, 4), (6, 1))
    assert p.skills == ("Mighty Blow (+1)",) and p.spp == 0 and p.value == 70_000


# --- chosen skills ------------------------------------------------------------------------------


def test_chosen_skills_cost_and_value() -> None:
    p, rolls = advance(player(spp=20), chosen_primary("Block"))
    assert p.skills == ("Block",) and p.spp == 14 and p.value == 70_000 and rolls == ()
    p, _ = advance(p, chosen_secondary("Guard"))  # second advancement: 14
    assert p.skills == ("Block", "Guard") and p.spp == 0 and p.value == 110_000


@pytest.mark.parametrize(("choice", "message"), [
    (chosen_primary("Guard"), "not one of Human Lineman's primary categories"),
    (chosen_secondary("Block"), "not one of Human Lineman's secondary categories"),
    (chosen_secondary("Claws"), "not one of Human Lineman's secondary categories"),
    (chosen_primary("Loner"), "not a skill of the BB2020 catalogue"),
    (chosen_primary("Flying"), "not a skill of the BB2020 catalogue"),
    (random_primary("S"), "'S' is not one of Human Lineman's primary categories"),
    (random_secondary("G"), "'G' is not one of Human Lineman's secondary categories"),
    (random_primary("X"), "'X' is not one of"),
    (characteristic(("luck",)), "prefer lists characteristics"),
    (characteristic(("ma", "ma")), "prefer lists characteristics"),
    (characteristic(ALL, otherwise="Block"), "not one of Human Lineman's secondary categories"),
])
def test_a_choice_outside_his_access_is_refused_before_any_die(choice: object, message: str) -> None:
    p = player()
    t = squad(p)
    dice = ForcedDice([(6, 1), (6, 1), (16, 1)])
    with pytest.raises(PostGameError, match=message):
        _advance(t, 1, choice, dice)  # type: ignore[arg-type]
    assert dice.left() == 3 and t == squad(p)


def test_a_skill_he_has_cannot_be_chosen() -> None:
    with pytest.raises(PostGameError, match="already has Block"):
        advance(player("Blitzer"), chosen_primary("Block"))
    with pytest.raises(PostGameError, match="already has Mighty Blow"):  # the roster's "Mighty Blow (+1)"
        advance(player("Ogre"), chosen_primary("Mighty Blow"))


def test_a_random_category_he_has_all_of_is_refused() -> None:
    general = catalogue().table["G"]
    p = player()
    labels = [s if s != "Dirty Player" else "Dirty Player (+1)" for s in general[:11]]
    p = replace(p, position=replace(p.position, skills=tuple(roster_skill(s) for s in labels)))
    dice = ForcedDice([(6, 1), (6, 1)])
    p2, _ = _advance(squad(p), 1, random_primary("G"), ForcedDice([(6, 5), (6, 6)]))
    assert p2.player(1).skills[-1] == "Wrestle"  # the one left
    with pytest.raises(PostGameError, match="has every General skill"):
        _advance(p2, 1, random_primary("G"), dice)
    assert dice.left() == 2


def test_too_few_spp_is_refused() -> None:
    with pytest.raises(PostGameError, match="has 5 SPP; a chosen primary costs 6"):
        advance(player(spp=5), chosen_primary("Block"))
    with pytest.raises(PostGameError, match="has 17 SPP; a characteristic costs 18"):
        advance(player(spp=17), characteristic(ALL))


# --- the characteristic improvement (D16) -------------------------------------------------------


@pytest.mark.parametrize(("d16", "stat"), [(1, "ma"), (7, "ma"), (8, "ma"), (13, "ma"),
                                           (14, "ag"), (15, "st"), (16, "st")])
def test_the_d16_table_with_a_full_preference(d16: int, stat: str) -> None:
    p, rolls = advance(player(spp=18), characteristic(ALL), (16, d16))
    assert p.advancements == (Advancement(Kind.CHARACTERISTIC, stat=stat),) and rolls == (d16,) and p.spp == 0


@pytest.mark.parametrize(("d16", "stat"),
                         [(1, "av"), (8, "pa"), (13, "pa"), (14, "pa"), (15, "ag"), (16, "pa")])
def test_the_d16_table_offers_only_its_characteristics(d16: int, stat: str) -> None:
    p, _ = advance(player(spp=18), characteristic(("pa", "ag", "av"), otherwise="Guard"), (16, d16))
    assert p.advancements[0].stat == stat


def test_a_result_he_will_not_use_becomes_a_chosen_secondary_skill() -> None:
    p, _ = advance(player(spp=18), characteristic(("st",), otherwise="Guard"), (16, 3))
    assert p.advancements == (Advancement(Kind.CHARACTERISTIC, skill="Guard"),)
    assert p.skills == ("Guard",) and p.value == 50_000 + 40_000


@pytest.mark.parametrize(("stat", "value", "worth"), [("ma", 7, 20_000), ("st", 4, 80_000), ("ag", 2, 40_000),
                                                       ("pa", 3, 20_000), ("av", 10, 10_000)])
def test_each_improvement_moves_its_characteristic_and_value(stat: str, value: int, worth: int) -> None:
    p, _ = advance(player(spp=18), characteristic((stat,), otherwise="Guard"), (16, 16))
    assert p.stat(stat) == value and p.value == 50_000 + worth  # lineman 6 3 3+ 4+ 9+


def test_no_characteristic_is_improved_more_than_twice() -> None:
    ma = Advancement(Kind.CHARACTERISTIC, stat="ma")
    p = player(advancements=(ma, ma))
    assert p.stat("ma") == 8 and stat_problem(p, "ma") == "MA was improved twice already"
    # a 1-7 offers MA or AV: MA is spent, so AV
    new, _ = advance(p, characteristic(("ma", "av"), otherwise="Guard"), (16, 2))
    assert new.advancements[-1].stat == "av"


@pytest.mark.parametrize(("race", "position", "stat", "message"), [
    ("human", "Catcher", "ma", "MA is at its maximum"),  # MA 8 improved once: 9
    ("dwarf", "Deathroller", "st", "ST is at its maximum"),  # ST 7 improved once: 8
    ("human", "Thrower", "pa", "PA is at its maximum"),  # PA 2+ improved once: 1+
    ("dwarf", "Deathroller", "av", "AV is at its maximum"),  # AV 11+
])
def test_the_characteristic_maxima(race: str, position: str, stat: str, message: str) -> None:
    p = player(position, race=race)
    if stat != "av":
        p = replace(p, advancements=(Advancement(Kind.CHARACTERISTIC, stat=stat),))
    assert stat_problem(p, stat) == message


def test_a_player_without_pa_cannot_improve_it() -> None:
    p = player("Deathroller", race="dwarf")
    assert p.stat("pa") is None and "no PA" in stat_problem(p, "pa")


def test_a_preference_that_leaves_a_result_empty_is_refused_before_the_roll() -> None:
    dice = ForcedDice([(16, 15)])
    with pytest.raises(PostGameError, match=r"a D16 of 1 \(MA or AV\) would leave .* nothing"):
        _advance(squad(player()), 1, characteristic(("st",)), dice)
    assert dice.left() == 1


def test_a_16_is_exchanged_only_when_no_characteristic_can_be_used() -> None:
    p = player()
    assert resolve(p, 16, (), "Guard") is None  # any characteristic: he must take one
    assert resolve(p, 16, ("ag",), "Guard") == Advancement(Kind.CHARACTERISTIC, stat="ag")
    spent = tuple(Advancement(Kind.CHARACTERISTIC, stat=s) for s in ALL for _ in range(2))
    worn = replace(p, advancements=spent)
    assert resolve(worn, 16, ALL, "Guard") == Advancement(Kind.CHARACTERISTIC, skill="Guard")


# --- must spend ---------------------------------------------------------------------------------


def test_a_player_must_spend_once_he_can_afford_a_characteristic() -> None:
    assert must_spend(player(spp=18)) and not must_spend(player(spp=17))
    once = player(spp=19, advancements=(Advancement(Kind.RANDOM_PRIMARY, skill="Block"),))
    assert not must_spend(once) and must_spend(replace(once, spp=20))
    t = squad(player(spp=18))
    assert unspent_problem(t) == "T: Human Lineman #1 (#1) has 18 SPP and must spend them (he can afford a " \
                                 "characteristic improvement)"
    assert unspent_problem(squad(player(spp=3))) == ""


def test_a_characteristic_past_its_limits_is_refused_before_the_roll() -> None:
    ma, av = Advancement(Kind.CHARACTERISTIC, stat="ma"), Advancement(Kind.CHARACTERISTIC, stat="av")
    spent = (ma, ma, av, av)
    p = player(advancements=spent)  # MA 8 and AV 11+: both improved twice
    dice = ForcedDice([(16, 3)])
    with pytest.raises(PostGameError, match=r"a D16 of 1 \(MA or AV\) would leave .* nothing") as info:
        _advance(squad(p), 1, characteristic(("ma", "av", "ag", "pa", "st")), dice)
    assert "\n" not in str(info.value) and dice.left() == 1
    new, _ = advance(p, characteristic(("ma", "av", "st"), otherwise="Guard"), (16, 3))  # exchanged
    assert new.advancements[-1] == Advancement(Kind.CHARACTERISTIC, skill="Guard")
