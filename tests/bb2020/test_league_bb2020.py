"""BB2020 league teams between games: hiring, firing and buying (RULES.md §16.4), the default
BB2020 manager's choices, and a team taken through several post-games with forced and seeded
dice. The matches are explicit results: the engines do not play BB2020 yet."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

import pytest

from nuffle.core.bb2020.advancement import Choice, chosen_primary, must_spend, random_primary
from nuffle.core.bb2020.league_team import (
    ForcedDice,
    Player2020,
    PostGameError,
    SeededDice,
    Team2020,
    new_player,
)
from nuffle.core.bb2020.management import Staff, buy, fire, hire, hire_journeyman, retire, unspent_problem
from nuffle.core.bb2020.postgame import Casualty, GameResult, Mistake, PlayerGame
from nuffle.core.bb2020.rosters import team
from nuffle.league.bb2020 import (
    DefaultManager2020,
    Purchase2020,
    fallback,
    league_team,
    run_post_game,
    run_post_games,
)
from nuffle.teams_bb2020 import build_team, parse_team, team_value

HUMANS = [("Thrower", 1), ("Blitzer", 2), ("Human Lineman", 8)]  # 80 + 170 + 400 = 650k


def humans(treasury: int = 0, rerolls: int = 3, apothecary: bool = True) -> Team2020:
    spec = parse_team(build_team("human", HUMANS, rerolls=rerolls, apothecary=apothecary))
    return league_team(spec, treasury)


def test_a_built_team_becomes_a_league_team_of_rookies() -> None:
    spec = parse_team(build_team("human", HUMANS, rerolls=2, dedicated_fans=2))
    t = league_team(spec, 120_000)
    assert [p.number for p in t.players] == list(range(1, 12))
    assert all(p.spp == 0 and p.level == 0 and not p.mng for p in t.players)
    assert t.treasury == 120_000 and t.dedicated_fans == 2 and t.rerolls == 2
    assert t.team_value() == team_value(spec)


# --- hiring, firing, buying ----------------------------------------------------------------------


def test_hiring_takes_the_cost_and_the_lowest_number_never_worn() -> None:
    t = fire(humans(treasury=200_000), 3)
    t = hire(t, "Catcher")
    assert t.treasury == 135_000 and t.players[-1].number == 12 and t.players[-1].position.name == "Catcher"
    assert [p.number for p in t.departed] == [3]


@pytest.mark.parametrize(("treasury", "position", "message"), [
    (200_000, "Blitzer", "already has 2 of Blitzer"),  # fine: 2 of 4, then the limit below
    (60_000, "Catcher", "cannot afford a Catcher"),
    (500_000, "Wizard", "Human has no positional 'Wizard'"),
])
def test_hiring_refusals(treasury: int, position: str, message: str) -> None:
    t = humans(treasury=treasury)
    if position == "Blitzer":
        t = hire(hire(t, "Blitzer"), "Blitzer")
        assert t.treasury == 30_000
        t = replace(t, treasury=200_000)
        message = "already has 4 of Blitzer"
    with pytest.raises(PostGameError, match=message):
        hire(t, position)


def test_at_most_16_players() -> None:
    t = humans(treasury=1_000_000)
    for _ in range(5):
        t = hire(t, "Human Lineman")
    assert len(t.players) == 16
    with pytest.raises(PostGameError, match="already has 16 players"):
        hire(t, "Human Lineman")


def test_firing_an_unknown_player_is_refused() -> None:
    with pytest.raises(PostGameError, match="no player wears number 30"):
        fire(humans(), 30)


def test_a_reroll_after_creation_costs_double_and_at_most_8() -> None:
    t = humans(treasury=1_000_000, rerolls=7, apothecary=False)
    t = buy(t, Staff.REROLL)
    assert t.rerolls == 8 and t.treasury == 900_000  # Human re-rolls: 50,000 at creation
    # TV counts the roster price
    assert t.team_value() == humans(rerolls=7, apothecary=False).team_value() + 50_000
    with pytest.raises(PostGameError, match="maximum of 8 re-rolls"):
        buy(t, Staff.REROLL)
    with pytest.raises(PostGameError, match="cannot afford a reroll"):
        buy(humans(treasury=99_000), Staff.REROLL)


def test_staff() -> None:
    t = buy(buy(humans(treasury=100_000, apothecary=False), Staff.APOTHECARY), Staff.ASSISTANT_COACH)
    t = buy(t, Staff.CHEERLEADER)
    assert t.apothecary and t.assistant_coaches == 1 and t.cheerleaders == 1 and t.treasury == 30_000
    with pytest.raises(PostGameError, match="already has an apothecary"):
        buy(replace(t, treasury=100_000), Staff.APOTHECARY)
    undead = Team2020(team("shambling-undead"), "U", (), treasury=100_000)
    with pytest.raises(PostGameError, match="may not have an apothecary"):
        buy(undead, Staff.APOTHECARY)


# --- the default manager -------------------------------------------------------------------------


def _with(t: Team2020, number: int, **kw: object) -> Team2020:
    return t.with_player(replace(t.player(number), **kw))  # type: ignore[arg-type]


def test_a_key_positional_saves_for_a_chosen_primary_skill() -> None:
    m = DefaultManager2020()
    t = humans()
    blitzer = t.player(2)
    assert blitzer.position.name == "Blitzer"
    assert m.advancement(t, replace(blitzer, spp=5)) is None  # saves: a random skill costs only 3
    # he has Block; Dodge is not his primary; Guard is the first he may choose
    assert m.advancement(t, replace(blitzer, spp=6)) == chosen_primary("Guard")
    assert m.advancement(t, t.player(1)) is None  # the thrower has nothing yet


def test_a_lineman_takes_a_random_primary_skill_as_soon_as_he_can() -> None:
    m = DefaultManager2020()
    t = humans()
    lineman = t.player(11)
    assert m.advancement(t, replace(lineman, spp=2)) is None
    assert m.advancement(t, replace(lineman, spp=3)) == random_primary("G")


def test_the_fallback_is_legal_for_a_player_who_must_spend() -> None:
    ogre = new_player(team("human").positional("Ogre"), 1)  # type: ignore[arg-type]
    ogre = replace(ogre, spp=18)
    assert must_spend(ogre)
    assert fallback(ogre) == random_primary("S")


def test_purchases_fill_the_roster_buy_rerolls_and_spend_down_under_100k() -> None:
    m = DefaultManager2020()
    t = humans(treasury=600_000, rerolls=1, apothecary=False)
    t = _with(_with(t, 10, mng=True), 11, mng=True)  # 9 fit for the next game
    plan = m.purchases(t)
    assert plan[:5] == ["Human Lineman", "Human Lineman", Staff.REROLL, Staff.REROLL, Staff.APOTHECARY]
    after = t
    for item in plan:
        after = hire(after, item) if isinstance(item, str) else buy(after, item)
    assert after.available() >= 11 and after.treasury < 100_000 and after.apothecary


def test_purchases_never_overspend() -> None:
    m = DefaultManager2020()
    t = humans(treasury=70_000, rerolls=0)
    t = _with(t, 11, mng=True)
    plan: list[Purchase2020] = m.purchases(t)
    assert plan == ["Human Lineman"]  # a re-roll (100k) is out of reach; 20k stays


def test_the_manager_fires_the_worn_out_while_11_stay() -> None:
    m = DefaultManager2020()
    t = _with(humans(), 5, niggles=2)
    assert m.fire(t) == []  # 11 players: nobody goes
    t = hire(replace(t, treasury=50_000), "Human Lineman")
    t = _with(_with(t, 6, reductions=("ma", "av")), 5, niggles=2)
    assert m.fire(t) == [5]


# --- the whole sequence --------------------------------------------------------------------------


def test_one_post_game_with_forced_dice_in_order() -> None:
    t = _with(humans(treasury=10_000), 11, spp=1)
    r = GameResult(2, 0, 4, 4, (PlayerGame(2, touchdowns=2), PlayerGame(11, casualties=1),
                                PlayerGame(9, casualty=Casualty.DEAD)))
    dice = ForcedDice([
        (6, 5),  # Dedicated Fans: 5 >= 1, +1
        (2, 1),  # MVP among #2 and #11 (9 is dead): #2
        (6, 1), (6, 5),  # #11 (3 SPP): random primary G: Frenzy
    ])  # 20,000 left after hiring: no Expensive Mistakes roll
    new, report = run_post_game(t, r, DefaultManager2020(), dice)
    assert dice.left() == 0
    assert report.game.winnings == 60_000 and new.dedicated_fans == 2
    assert report.game.spp == {2: 10, 11: 2}
    assert [(a.number, a.advancement.skill, a.cost) for a in report.advancements] == [
        (2, "Guard", 6), (11, "Frenzy", 3)]
    assert new.player(2).spp == 4 and new.player(11).spp == 0
    assert report.bought == ["Human Lineman"]  # #9 is dead: back to 11
    assert report.mistake is Mistake.NONE and new.treasury == 20_000
    assert unspent_problem(new) == ""


class Stubborn:
    """A manager that asks for what a lineman may not have and fires nobody it has."""

    def advancement(self, team: Team2020, player: Player2020) -> Choice | None:
        return chosen_primary("Guard") if player.number == 11 else None

    def fire(self, team: Team2020) -> list[int]:
        return [40]

    def keep_journeymen(self, team: Team2020, journeymen: Sequence[Player2020]) -> list[int]:
        return [77]

    def purchases(self, team: Team2020) -> list[Purchase2020]:
        return [Staff.REROLL]


def test_a_managers_illegal_choices_are_skipped_and_noted() -> None:
    t = _with(humans(), 11, spp=20)
    r = GameResult(0, 0, 2, 2)
    dice = ForcedDice([(6, 1), (6, 1)])  # #11 must spend: the fallback's random G skill (Block)
    new, report = run_post_game(t, r, Stubborn(), dice)
    assert [n.split(":")[0] for n in report.notes] == ["not advanced", "not fired", "not kept", "not bought"]
    assert new.player(11).skills == ("Block",) and not must_spend(new.player(11))


def _season(seed: int) -> tuple[Team2020, list[int]]:
    results = []
    for g in range(6):
        players = (PlayerGame(2, touchdowns=1 + g % 2), PlayerGame(3, casualties=1),
                   PlayerGame(1, completions=2),
                   PlayerGame(4 + g, casualty=Casualty.SERIOUS_INJURY if g % 3 == 0 else None),
                   PlayerGame(11, touchdowns=g % 2))
        results.append(GameResult(1 + g % 2, 1, 5, 4, players))
    start = humans(treasury=150_000)
    t = start
    fit: list[int] = []
    dice = SeededDice(seed)
    manager = DefaultManager2020(seed)
    for r in results:
        # a player who misses this game cannot be in it
        r = replace(r, players=tuple(g for g in r.players if not t.player(g.number).mng))
        t, report = run_post_game(t, r, manager, dice)
        fit.append(t.available())
        assert unspent_problem(t) == ""
        assert t.treasury < 100_000 or report.notes
    return t, fit


def test_a_season_of_post_games_with_a_manager() -> None:
    t, fit = _season(seed=5)
    assert all(n >= 11 for n in fit)
    assert sum(p.level for p in t.players) >= 4  # 6 games of SPP were spent
    assert t.rerolls >= 3 and t.apothecary
    assert t.player(2).level >= 2
    again, _ = _season(seed=5)
    assert again == t  # deterministic for a seed


def test_run_post_games_is_run_post_game_in_turn() -> None:
    r = GameResult(1, 0, 3, 3, (PlayerGame(1, touchdowns=1),))
    a, reports = run_post_games(humans(), [r, r], DefaultManager2020(), SeededDice(9))
    b = humans()
    dice = SeededDice(9)
    for _ in range(2):
        b, _ = run_post_game(b, r, DefaultManager2020(), dice)
    assert a == b and len(reports) == 2


def test_temporary_retirement() -> None:
    t = humans(treasury=100_000)
    with pytest.raises(PostGameError, match="no lasting injury to retire with"):
        retire(t, 11)
    t = _with(t, 11, niggles=1)
    out = retire(t, 11)
    assert out.player(11).retired and out.available() == 10
    assert out.team_value() == t.team_value() and out.team_value(current=True) == t.team_value() - 50_000
    with pytest.raises(PostGameError, match="missing this game \\(temporarily retired\\)"):
        run_post_game(out, GameResult(0, 0, 2, 2, (PlayerGame(11),)), DefaultManager2020(), ForcedDice())
    # he still counts against the 16-player limit, and the manager hires a lineman for him
    done, report = run_post_game(out, GameResult(0, 0, 2, 2), DefaultManager2020(), ForcedDice())
    assert done.player(11).retired and report.bought[0] == "Human Lineman" and len(done.players) == 12
    assert not retire(done, 11, retired=False).player(11).retired


def _journeyman(number: int, spp: int = 0) -> Player2020:
    pos = team("human").positional("Human Lineman")
    assert pos is not None
    return replace(new_player(pos, number, f"Journeyman #{number}"), spp=spp)


def test_hiring_a_journeyman_keeps_his_spp_and_his_number_when_free() -> None:
    t = fire(humans(treasury=120_000), 5)
    t = hire_journeyman(t, _journeyman(12, spp=7))
    assert t.players[-1].number == 12 and t.players[-1].spp == 7 and t.treasury == 70_000
    t = hire_journeyman(t, _journeyman(5, spp=3))  # 5 was worn: the lowest number never worn
    assert t.players[-1].number == 13 and t.players[-1].name == "Journeyman #13"
    with pytest.raises(PostGameError, match="cannot afford a Human Lineman"):
        hire_journeyman(t, _journeyman(20))


def test_the_manager_keeps_journeymen_who_scored_and_those_it_needs() -> None:
    m = DefaultManager2020()
    t = humans(treasury=200_000)
    offered = [_journeyman(12), _journeyman(13, spp=4), _journeyman(14, spp=1)]
    assert m.keep_journeymen(t, offered) == [13, 14]  # 11 fit already: only those with SPP
    short = fire(t, 4)
    assert m.keep_journeymen(short, offered) == [13, 14]
    assert m.keep_journeymen(fire(fire(short, 5), 6), offered) == [13, 14, 12]
    assert m.keep_journeymen(replace(t, treasury=60_000), offered) == [13]


def test_run_post_game_hires_the_journeymen_kept() -> None:
    t = fire(fire(humans(treasury=0), 10), 11)  # 9 players; winnings pay for one Journeyman
    r = GameResult(1, 0, 4, 4, (PlayerGame(1),), journeymen=(PlayerGame(12, touchdowns=1), PlayerGame(13)))
    dice = ForcedDice([(6, 6), (3, 1), (6, 1), (6, 4)])  # DF, MVP #1, then #12's random skill: Fend
    new, report = run_post_game(t, r, DefaultManager2020(), dice)
    assert report.game.winnings == 50_000 and report.kept == [12]  # one affordable: the scorer
    assert new.player(12).spp == 0 and new.player(12).skills == ("Fend",)
    assert dice.left() == 0
