"""The BB2020 post-game sequence's automatic steps with forced dice (RULES.md §16, TABLES §14):
winnings, Dedicated Fans, SPP and the MVP, injuries, an illegal concession's penalties, and
every cell of the Expensive Mistakes table."""

from __future__ import annotations

from dataclasses import replace

import pytest

from nuffle.core.bb2020.league_team import (
    Advancement,
    ForcedDice,
    Kind,
    LeagueStepError,
    PostGameError,
    SeededDice,
    Team2020,
    new_player,
)
from nuffle.core.bb2020.postgame import (
    Casualty,
    Concession,
    GameResult,
    Mistake,
    PlayerGame,
    expensive_mistakes,
    mirror,
    mistake,
    post_game,
    winnings,
)
from nuffle.core.bb2020.rosters import team
from nuffle.core.errors import NuffleError

HUMAN = team("human")


def humans(n: int = 11, treasury: int = 0, fans: int = 3) -> Team2020:
    """n Human linemen numbered 1..n."""
    lineman = HUMAN.positional("Human Lineman")
    assert lineman is not None
    return Team2020(HUMAN, "Reikland", tuple(new_player(lineman, i + 1) for i in range(n)),
                    treasury=treasury, dedicated_fans=fans)


def result(score: int = 1, other: int = 0, *players: PlayerGame, **kw: object) -> GameResult:
    return GameResult(score, other, 4, 3, tuple(players), **kw)  # type: ignore[arg-type]


# --- winnings ------------------------------------------------------------------------------------


def test_winnings_are_half_both_fan_factors_plus_own_touchdowns() -> None:
    # (½ x (4 + 3) + 2) x 10,000 = 55,000; the other side (½ x 7 + 1) x 10,000 = 45,000
    r = GameResult(2, 1, 4, 3)
    assert winnings(r) == 55_000
    assert winnings(mirror(r)) == 45_000


def test_an_illegal_conceder_wins_nothing_and_its_opponent_the_whole_attendance() -> None:
    r = GameResult(0, 1, 4, 3, conceded=Concession.ILLEGAL)
    assert winnings(r) == 0
    assert winnings(mirror(r)) == (4 + 3 + 1) * 10_000
    legal = GameResult(0, 1, 4, 3, conceded=Concession.LEGAL)
    assert winnings(legal) == 35_000  # a legal concession costs nothing


def test_winnings_go_to_the_treasury() -> None:
    new, report = post_game(humans(treasury=20_000), result(2, 1), ForcedDice([(6, 1)]))
    assert report.winnings == 55_000 and new.treasury == 75_000


# --- Dedicated Fans ------------------------------------------------------------------------------


@pytest.mark.parametrize(("fans", "roll", "after"), [(3, 3, 4), (3, 2, 3), (3, 6, 4), (7, 6, 7), (1, 1, 2)])
def test_a_winner_gains_a_dedicated_fan_on_a_d6_of_its_fans(fans: int, roll: int, after: int) -> None:
    new, report = post_game(humans(fans=fans), result(1, 0), ForcedDice([(6, roll)]))
    assert new.dedicated_fans == after and report.dedicated_fans_roll == roll
    assert report.dedicated_fans_change == after - fans


@pytest.mark.parametrize(("fans", "roll", "after"), [(3, 2, 2), (3, 3, 3), (3, 6, 3), (1, 1, 1)])
def test_a_loser_loses_a_dedicated_fan_on_a_d6_under_its_fans(fans: int, roll: int, after: int) -> None:
    new, _ = post_game(humans(fans=fans), result(0, 2), ForcedDice([(6, roll)]))
    assert new.dedicated_fans == after


def test_a_draw_rolls_nothing_for_dedicated_fans() -> None:
    dice = ForcedDice()
    new, report = post_game(humans(fans=4), result(1, 1), dice)
    assert new.dedicated_fans == 4 and report.dedicated_fans_roll == 0 and dice.log == []


@pytest.mark.parametrize(("fans", "d3", "after"), [(5, 3, 2), (3, 3, 1), (2, 1, 1)])
def test_an_illegal_conceder_loses_d3_dedicated_fans(fans: int, d3: int, after: int) -> None:
    r = result(2, 0, conceded=Concession.ILLEGAL)  # conceding loses whatever the score
    new, _ = post_game(humans(fans=fans), r, ForcedDice([(3, d3)]))
    assert new.dedicated_fans == after


def test_the_opponent_of_a_conceder_rolls_as_the_winner() -> None:
    r = result(0, 2, opponent_conceded=Concession.LEGAL)
    new, _ = post_game(humans(fans=2), r, ForcedDice([(6, 2)]))
    assert new.dedicated_fans == 3


# --- SPP and the MVP ----------------------------------------------------------------------------


def test_each_event_earns_its_spp() -> None:
    g = PlayerGame(1, touchdowns=1, completions=2, throwing_completions=1, deflections=1, interceptions=1,
                   casualties=2)
    assert g.spp() == 3 + 2 * 1 + 1 + 1 + 2 + 2 * 2
    assert PlayerGame(2).spp() == 0


def test_the_mvp_is_a_random_eligible_player_and_earns_4() -> None:
    r = result(1, 0, PlayerGame(2, touchdowns=1), PlayerGame(5), PlayerGame(7, mvp_eligible=False),
               PlayerGame(9, casualty=Casualty.DEAD))
    # candidates 2 and 5 (7 not eligible, 9 killed): the second of two picks #5
    new, report = post_game(humans(), r, ForcedDice([(6, 6), (2, 2)]))
    assert report.mvp == 5 and report.spp == {2: 3, 5: 4}
    assert new.player(5).spp == 4 and new.player(2).spp == 3


def test_spp_add_to_those_held() -> None:
    t = humans()
    t = t.with_player(replace(t.player(3), spp=5))
    new, _ = post_game(t, result(1, 0, PlayerGame(3, touchdowns=2)), ForcedDice([(6, 1)]))
    assert new.player(3).spp == 5 + 6 + 4


def test_an_illegal_conceder_has_no_mvp() -> None:
    r = result(0, 1, PlayerGame(1), PlayerGame(2), conceded=Concession.ILLEGAL)
    new, report = post_game(humans(), r, ForcedDice([(3, 1)]))
    assert report.mvp == 0 and all(p.spp == 0 for p in new.players)


def test_no_mvp_without_a_candidate() -> None:
    dice = ForcedDice([(6, 1)])
    _, report = post_game(humans(), result(1, 0), dice)
    assert report.mvp == 0 and dice.left() == 0


# --- injuries -----------------------------------------------------------------------------------


def test_casualties_leave_their_lasting_marks() -> None:
    r = result(0, 0, PlayerGame(1, casualty=Casualty.BADLY_HURT),
               PlayerGame(2, casualty=Casualty.SERIOUSLY_HURT),
               PlayerGame(3, casualty=Casualty.SERIOUS_INJURY),
               PlayerGame(4, casualty=Casualty.LASTING_INJURY, lasting="ag"),
               PlayerGame(5, casualty=Casualty.DEAD), PlayerGame(6))
    new, report = post_game(humans(), r, ForcedDice([(5, 5)]))
    assert report.mvp == 6 and report.dead == (5,)
    assert not new.player(1).mng and new.player(2).mng
    assert new.player(3).mng and new.player(3).niggles == 1
    p4 = new.player(4)
    assert p4.mng and p4.reductions == ("ag",) and p4.stat("ag") == 4  # AG 3+ -> 4+
    assert 5 not in [p.number for p in new.players] and [p.number for p in new.graveyard] == [5]
    with pytest.raises(PostGameError, match="no player wears number 5"):
        new.player(5)


def test_a_lasting_injury_stops_at_the_characteristic_floor() -> None:
    t = humans()
    t = t.with_player(replace(t.player(1), reductions=("av",) * 6))  # AV 9+ -> 3+ at most
    assert t.player(1).stat("av") == 3
    assert t.player(1).stat("ma") == 6


def test_miss_next_game_is_served_by_missing_a_game() -> None:
    t = humans(12)
    t = t.with_player(replace(t.player(12), mng=True))
    new, _ = post_game(t, result(1, 1, PlayerGame(1)), ForcedDice())
    assert not new.player(12).mng
    assert t.team_value(current=True) == t.team_value() - 50_000


# --- an illegal concession's departures ------------------------------------------------------------


def test_an_illegal_conceders_veterans_may_leave() -> None:
    t = humans()
    three = (Advancement(Kind.RANDOM_PRIMARY, skill="Block"), Advancement(Kind.RANDOM_PRIMARY, skill="Dodge"),
             Advancement(Kind.RANDOM_PRIMARY, skill="Tackle"))
    t = t.with_player(replace(t.player(1), advancements=three))
    t = t.with_player(replace(t.player(2), advancements=three))
    t = t.with_player(replace(t.player(3), advancements=three[:2]))  # two: he stays without a roll
    r = result(0, 1, conceded=Concession.ILLEGAL)
    new, report = post_game(t, r, ForcedDice([(3, 1), (6, 3), (6, 4)]))
    assert report.left == (1,) and [p.number for p in new.departed] == [1]
    assert {2, 3} <= {p.number for p in new.players}
    assert new.free_number() == 12  # 1 is never worn again


# --- bad input changes nothing ------------------------------------------------------------------


@pytest.mark.parametrize(("r", "message"), [
    (result(1, 0, PlayerGame(40)), "no player wears number 40"),
    (result(1, 0, PlayerGame(1), PlayerGame(1)), "listed twice"),
    (result(1, 0, PlayerGame(1, touchdowns=-1)), "cannot be negative"),
    (result(1, 0, PlayerGame(1, casualty=Casualty.LASTING_INJURY)), "names the characteristic"),
    (result(1, 0, PlayerGame(1, lasting="ma")), "names the characteristic"),
    (result(1, 0, PlayerGame(1, casualty=Casualty.LASTING_INJURY, lasting="luck")), "not a characteristic"),
    (GameResult(-1, 0, 4, 3), "cannot be negative"),
    (GameResult(0, 0, 4, 3, conceded=Concession.LEGAL, opponent_conceded=Concession.ILLEGAL), "both teams"),
])
def test_an_impossible_result_is_one_error(r: GameResult, message: str) -> None:
    t = humans()
    with pytest.raises(PostGameError, match=message) as info:
        post_game(t, r, ForcedDice([(6, 1)]))
    assert isinstance(info.value, NuffleError) and "\n" not in str(info.value)
    assert t == humans()


def test_a_player_who_missed_the_game_cannot_have_played_it() -> None:
    t = humans()
    t = t.with_player(replace(t.player(4), mng=True))
    with pytest.raises(PostGameError, match="missing this game"):
        post_game(t, result(1, 0, PlayerGame(4)), ForcedDice([(6, 1)]))


def test_forced_dice_check_their_faces() -> None:
    """A die the forced dice cannot give is a LeagueStepError, the base of the pre- and post-game
    errors."""
    assert issubclass(PostGameError, LeagueStepError)
    with pytest.raises(LeagueStepError, match="D6 cannot roll 7"):
        ForcedDice([(6, 7)])
    dice = ForcedDice([(6, 2)])
    with pytest.raises(LeagueStepError, match="the next forced die is a D6, but a D16"):
        dice.roll(16, "test")
    assert dice.roll(6, "test") == 2
    with pytest.raises(LeagueStepError, match="no forced die left"):
        dice.roll(6, "test")


def test_seeded_dice_repeat_for_a_seed_and_stay_on_their_faces() -> None:
    a, b = SeededDice(3), SeededDice(3)
    rolls = [a.roll(16, "x") for _ in range(400)]
    assert rolls == [b.roll(16, "x") for _ in range(400)]
    assert set(rolls) == set(range(1, 17))
    assert [SeededDice(4).roll(6, "x") for _ in range(20)] != [SeededDice(3).roll(6, "x") for _ in range(20)]


# --- Expensive Mistakes (TABLES §14) -------------------------------------------------------------

TABLE = {  # D6 -> results for 100k, 200k, 300k, 400k, 500k, 600k+
    1: "minor minor major major catastrophe catastrophe",
    2: "averted minor minor major major catastrophe",
    3: "averted averted minor minor major major",
    4: "averted averted averted minor minor major",
    5: "averted averted averted averted minor minor",
    6: "averted averted averted averted averted minor",
}


@pytest.mark.parametrize("roll", range(1, 7))
def test_every_cell_of_the_expensive_mistakes_table(roll: int) -> None:
    for band, name in enumerate(TABLE[roll].split()):
        low = (band + 1) * 100_000
        assert mistake(low, roll) is Mistake(name), (roll, low)
        assert mistake(low + 95_000, roll) is Mistake(name), (roll, low + 95_000)
    assert mistake(2_000_000, roll) is Mistake(TABLE[roll].split()[-1])
    assert mistake(95_000, roll) is Mistake.NONE


def test_under_100k_nothing_is_rolled() -> None:
    t = humans(treasury=95_000)
    dice = ForcedDice()
    assert expensive_mistakes(t, dice) == (t, Mistake.NONE, 0)


def test_averted_costs_nothing() -> None:
    t = humans(treasury=150_000)
    assert expensive_mistakes(t, ForcedDice([(6, 2)]))[1:] == (Mistake.AVERTED, 0)


def test_a_minor_incident_loses_d3_times_10k() -> None:
    t = humans(treasury=150_000)
    new, found, loss = expensive_mistakes(t, ForcedDice([(6, 1), (3, 3)]))
    assert found is Mistake.MINOR and loss == 30_000 and new.treasury == 120_000


def test_a_major_incident_loses_half_rounded_down_to_5k() -> None:
    t = humans(treasury=315_000)  # half 157,500 -> 155,000 lost
    new, found, loss = expensive_mistakes(t, ForcedDice([(6, 1)]))
    assert found is Mistake.MAJOR and loss == 155_000 and new.treasury == 160_000


def test_a_catastrophe_keeps_2d6_times_10k() -> None:
    t = humans(treasury=640_000)
    new, found, loss = expensive_mistakes(t, ForcedDice([(6, 2), (6, 3), (6, 4)]))
    assert found is Mistake.CATASTROPHE and new.treasury == 70_000 and loss == 570_000


def test_a_single_mvp_candidate_needs_no_die() -> None:
    dice = ForcedDice([(6, 6)])
    new, report = post_game(humans(), result(1, 0, PlayerGame(7)), dice)
    assert report.mvp == 7 and new.player(7).spp == 4 and dice.left() == 0


# --- Journeymen ----------------------------------------------------------------------------------


def test_journeymen_earn_spp_may_be_mvp_and_are_offered_unless_dead() -> None:
    r = GameResult(1, 0, 4, 3, (PlayerGame(1),),
                   journeymen=(PlayerGame(12, touchdowns=1), PlayerGame(13, casualty=Casualty.SERIOUS_INJURY),
                               PlayerGame(14, casualty=Casualty.DEAD)))
    # candidates #1, #12, #13 (#14 killed): the second is #12
    new, report = post_game(humans(10), r, ForcedDice([(6, 1), (3, 2)]))
    assert report.mvp == 12 and report.spp == {12: 7}
    assert report.injuries == {13: "serious_injury", 14: "dead"}
    offered = [(j.number, j.spp, j.mng, j.niggles) for j in report.journeymen]
    assert offered == [(12, 7, False, 0), (13, 0, True, 1)]
    assert all(j.position.name == "Human Lineman" for j in report.journeymen)
    assert len(new.players) == 10 and new.graveyard == ()  # not on the roster until hired


def test_a_journeyman_cannot_wear_a_rostered_number() -> None:
    r = GameResult(1, 0, 4, 3, (PlayerGame(1),), journeymen=(PlayerGame(3),))
    with pytest.raises(PostGameError, match="Journeyman 3 wears a rostered player's number"):
        post_game(humans(10), r, ForcedDice([(6, 1)]))
    r = GameResult(1, 0, 4, 3, (PlayerGame(1),), journeymen=(PlayerGame(12), PlayerGame(12)))
    with pytest.raises(PostGameError, match="shirt number 12 is listed twice"):
        post_game(humans(10), r, ForcedDice([(6, 1)]))
