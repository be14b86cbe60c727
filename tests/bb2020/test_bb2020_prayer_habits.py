"""BB2020's Bad Habits (TABLES §12, prayer 6, a drive): D3 random opposing players without Loner
gain Loner (2+), on both engines with forced dice: the D3 and the picks are chance nodes with
exact outcomes, the gift (skill and value) is taken back exactly at the drive's end, and the
Loner (2+) acts on a team re-roll (procedures/prayers.py `PrayerGift`; procs/prayers.hpp)."""

from __future__ import annotations

import importlib.util
from fractions import Fraction

import pytest

from nuffle.core.actions import Action, ActionType
from nuffle.core.dice import Dice, ExplicitRoller, block, d6, two_d6
from nuffle.core.game import Game
from nuffle.core.procedures.match import EndDrive
from nuffle.core.procedures.prayers import GIFTS, PrayerGift
from nuffle.core.ruleset import draft_ruleset
from nuffle.core.skill_values import skill_value
from nuffle.core.skills import Skill
from nuffle.core.types import BlockFace, Status
from nuffle.testing import Scenario, bb2020_team, prayer_scenario, roller_of

BB2020 = draft_ruleset("bb2020")
HAS_NATIVE = importlib.util.find_spec("nuffle._native") is not None
ENGINES = ["python", pytest.param("native", marks=pytest.mark.skipif(not HAS_NATIVE, reason="no native"))]
HABITS = BB2020.prayer_number("Bad Habits")
SQUARES = [(10, 5), (10, 6), (10, 7), (10, 8)]  # home players on the pitch


def _scenario(engine: str, script: list[tuple[Dice, int]] | None = None,
              loner: int = 1) -> tuple[Scenario, list[int]]:
    """Four home players on the pitch, the first `loner` of them with Loner; the away team has
    Bad Habits in effect."""
    return prayer_scenario(engine, 1, "Bad Habits", SQUARES, loner, script or [])


def _habits(game: Game) -> list[int]:
    return [p.pid for p in game.state.info if p.marks >> (HABITS - 1) & 1]


def test_bad_habits_is_a_d3_gift_of_loner_two_plus() -> None:
    gift = GIFTS[HABITS]
    assert BB2020.prayers[HABITS - 1] == ("Bad Habits", "drive")
    assert (gift.own, gift.chosen, gift.skill, gift.value, gift.d3) == (False, False, Skill.LONER, 2, True)


@pytest.mark.parametrize("engine", ENGINES)
def test_two_random_opponents_gain_loner_two_plus(engine: str) -> None:
    """D3 = 2 of three candidates (the Loner player left out): a PICK among three, then among
    the two left; each gets Loner with the value 2."""
    sc, home = _scenario(engine, [(Dice.D3, 2), (Dice.PICK, 1), (Dice.PICK, 0)])
    game = sc.start(proc=PrayerGift(1, HABITS))
    assert game.is_over
    picked = [home[2], home[1]]  # candidates home[1..3]: pick 1 of them, then 0 of [home[1], home[3]]
    assert sorted(_habits(game)) == sorted(picked)
    for pid in picked:
        assert Skill.LONER in game.state.info[pid].skills
        assert game.state.info[pid].values == ((Skill.LONER, 2),)
        assert skill_value(game.state, pid, Skill.LONER) == 2
    assert game.state.info[home[3]].values == () and Skill.LONER not in game.state.info[home[3]].skills
    assert skill_value(game.state, home[0], Skill.LONER) == 4  # his own Loner keeps its value


@pytest.mark.parametrize("engine", ENGINES)
def test_as_many_as_eligible_need_no_pick(engine: str) -> None:
    """D3 = 3 with three candidates: all three, no PICK; one candidate: no D3 either."""
    sc, home = _scenario(engine, [(Dice.D3, 3)])
    game = sc.start(proc=PrayerGift(1, HABITS))
    assert game.is_over and sorted(_habits(game)) == home[1:]
    sc, home = _scenario(engine, [], loner=3)
    game = sc.start(proc=PrayerGift(1, HABITS))
    assert game.is_over and _habits(game) == [home[3]]


@pytest.mark.parametrize("engine", ENGINES)
def test_the_d3_and_picks_have_exact_outcomes(engine: str) -> None:
    """The D3 is 1/3 each; after a 1 the PICK is 1/3 over the three candidates, after a 2 the
    second PICK 1/2 over the two left."""
    sc, home = _scenario(engine)
    sc.roller = ExplicitRoller()  # type: ignore[assignment]
    game = sc.start(proc=PrayerGift(1, HABITS))
    outs = game.chance_outcomes()
    assert [o.probability for o in outs] == [Fraction(1, 3)] * 3
    g = game.clone()
    g.apply_chance(outs[0].value)
    picks = g.chance_outcomes()
    assert [o.probability for o in picks] == [Fraction(1, 3)] * 3
    g.apply_chance(picks[2].value)
    assert g.is_over and _habits(g) == [home[3]]
    g = game.clone()
    g.apply_chance(outs[1].value)
    g.apply_chance(g.chance_outcomes()[0].value)
    second = g.chance_outcomes()
    assert [o.probability for o in second] == [Fraction(1, 2)] * 2
    g.apply_chance(second[1].value)
    assert g.is_over and sorted(_habits(g)) == [home[1], home[3]]


@pytest.mark.parametrize("engine", ENGINES)
def test_the_drives_end_takes_skill_and_value_back(engine: str) -> None:
    """At the drive's end the marked players are exactly as before the prayer."""
    sc, _ = _scenario(engine, [(Dice.D3, 3)])
    before = sc.state.info
    gifted = sc.start(proc=PrayerGift(1, HABITS)).state.info
    assert gifted != before
    sc2, _ = _scenario(engine)
    sc2.state.info = gifted
    game = sc2.start(proc=EndDrive(False))
    assert game.state.info == before
    assert game.prayers()["away"]["active"] == ()


@pytest.mark.parametrize("engine", ENGINES)
@pytest.mark.parametrize(("loner_die", "pushed"), [(2, True), (1, False)])
def test_the_gifted_loner_two_plus_acts(engine: str, loner_die: int, pushed: bool) -> None:
    """A Bad Habits player's block re-roll: Loner (2+) lets a 2 re-roll the dice (his default
    4+ would not), a 1 wastes the re-roll."""
    sc, home = _scenario(engine, [(Dice.D3, 1), (Dice.PICK, 0)], loner=0)
    gifted = sc.start(proc=PrayerGift(1, HABITS)).state.info
    att = home[0]
    assert Skill.LONER in gifted[att].skills
    then = block(BlockFace.PUSHED) if pushed else two_d6(1, 1)
    script = block(BlockFace.ATTACKER_DOWN) + d6(loner_die) + then
    sc2 = Scenario(bb2020_team("human"), bb2020_team("orc"), script=script, engine=engine, rules=BB2020)
    sc2.state.info = gifted
    sc2.pray(1, "Bad Habits").set(rerolls=(2, 2))
    dfd = next(iter(sc2.state.team_players(1)))
    sc2.put(att, (10, 7)).put(dfd, (11, 7)).grant(dfd, st=3)
    game = sc2.start(active=0)
    game.step(Action(ActionType.START_BLOCK, att))
    game.step(Action(ActionType.BLOCK, None, (11, 7)))
    game.step(Action(ActionType.USE_REROLL))
    if pushed:
        assert ActionType.SELECT_PUSHED in game.legal_actions().types()
    else:  # the attacker down stands: he falls (1+1 holds his armour)
        assert game.legal_actions().types() == [ActionType.SELECT_ATTACKER_DOWN]
        game.step(Action(ActionType.SELECT_ATTACKER_DOWN))
        assert game.state.status[att] == Status.PRONE
    assert not roller_of(game).queue
