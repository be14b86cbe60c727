"""BB2020's Prayers to Nuffle in a match on both engines (TABLES §12): the table as ruleset data,
a match started with the pre-game sequence's prayers (`TeamSpec.prayers`, checked in one line),
their expiry by duration at a drive's and a half's end, the record of every prayer of the match
(`Game.prayers()`), positions carrying them, and the prayers acting in play (forced dice): Moles
under the Pitch on the Rush, Under Scrutiny and Friends with the Ref in the foul.
The kick-off table's prayer (Cheering Fans) is tests/bb2020/test_bb2020_kickoff_table.py's."""

from __future__ import annotations

import importlib.util
from dataclasses import replace
from fractions import Fraction

import pytest

from nuffle.core.actions import Action, ActionType
from nuffle.core.bb2020.pregame import prayers as pregame_prayers
from nuffle.core.dice import Dice, Outcome, d6, two_d6
from nuffle.core.errors import InputError
from nuffle.core.game import Game
from nuffle.core.position import PositionError
from nuffle.core.position_limits import check_limits
from nuffle.core.procedures.match import EndDrive
from nuffle.core.procedures.movement import gfi_target, need
from nuffle.core.procedures.prayers import moles_modifier
from nuffle.core.ruleset import LRB6, draft_ruleset
from nuffle.core.teams import TeamSpec
from nuffle.core.types import Status
from nuffle.teams_bb2020 import check_team, suggest_team
from nuffle.teams_bb2020_match import match_team
from nuffle.testing import Scenario

BB2020 = draft_ruleset("bb2020")
HAS_NATIVE = importlib.util.find_spec("nuffle._native") is not None
NO_NATIVE = pytest.mark.skipif(not HAS_NATIVE, reason="no native extension")
ENGINES = ["python", pytest.param("native", marks=NO_NATIVE)]
HOLDS = two_d6(1, 1)  # an armour roll that holds
MOLES = "Moles under the Pitch"


def _team(race: str, *prayers: str) -> TeamSpec:
    return replace(match_team(check_team(suggest_team(race))).spec, prayers=prayers)


def test_the_prayer_table_is_the_pregame_sequences() -> None:
    """Sixteen results, 1 Treacherous Trapdoor ... 16 Intensive Training, with the digest's
    durations; the engines' table and the pre-game sequence's are one data file."""
    assert len(BB2020.prayers) == 16 and LRB6.prayers == ()
    assert BB2020.prayers == tuple((p.name, p.duration) for p in pregame_prayers())
    assert BB2020.prayers[0] == ("Treacherous Trapdoor", "half")
    assert BB2020.prayers[8] == (MOLES, "half")
    assert BB2020.prayers[15] == ("Intensive Training", "game")


@pytest.mark.parametrize("engine", ENGINES)
def test_a_match_starts_with_the_teams_prayers(engine: str) -> None:
    game = Game.new(_team("human", "Iron Man", "Perfect Passing"), _team("orc", MOLES), seed=3,
                    ruleset=BB2020, engine=engine)
    assert game.prayers() == {"home": {"given": ("Iron Man", "Perfect Passing"),
                                       "active": ("Iron Man", "Perfect Passing")},
                              "away": {"given": (MOLES,), "active": (MOLES,)}}


@pytest.mark.parametrize(("home", "rules", "message"), [
    (("Lucky Charm",), BB2020, "the home team's prayer 'Lucky Charm' is not on bb2020's table"),
    (("Iron Man", "Iron Man"), BB2020, "the home team names the prayer 'Iron Man' twice"),
    (("Iron Man",), LRB6, "the home team prays ('Iron Man') but ruleset 'lrb6' has no Prayers to Nuffle"),
])
def test_a_bad_prayer_is_refused_in_one_line(home: tuple[str, ...], rules: object, message: str) -> None:
    with pytest.raises(InputError) as err:
        Game.new(_team("human", *home), _team("orc"), ruleset=rules)  # type: ignore[arg-type]
    assert message in str(err.value) and "\n" not in str(err.value)


@pytest.mark.parametrize("engine", ENGINES)
@pytest.mark.parametrize(("end_of_half", "left"), [(False, ("Iron Man", MOLES)), (True, ("Iron Man",))])
def test_prayers_end_with_their_duration(engine: str, end_of_half: bool, left: tuple[str, ...]) -> None:
    """Stiletto lasts the drive, Moles the half, Iron Man the game; all stay given. A Brilliant
    Coaching re-roll still held is lost with the drive (home held 2, gained 1, used 0; away held
    1, gained 1, used 1: keeps 1)."""
    sc = Scenario(_team("human"), _team("orc"), engine=engine, rules=BB2020)
    sc.pray(0, "Stiletto", MOLES, "Iron Man").pray(1, "Stiletto")
    sc.set(rerolls=(3, 1))
    sc.state.teams[0].drive_reroll = 3
    sc.state.teams[1].drive_reroll = 2
    game = sc.start(active=0, proc=EndDrive(end_of_half))
    assert game.is_over
    assert game.prayers()["home"] == {"given": ("Stiletto", "Iron Man", MOLES), "active": left}
    assert game.prayers()["away"] == {"given": ("Stiletto",), "active": ()}
    t = game.state.teams
    assert [(x.rerolls, x.drive_reroll) for x in t] == [(2, 0), (1, 0)]


@pytest.mark.parametrize("engine", ENGINES)
def test_a_position_writes_and_checks_the_prayers(engine: str) -> None:
    """`team_state` writes both bit sets (BB2020 positions are still refused as a draft's, so the
    checks are asked directly): in effect but never given, or under LRB6, is refused."""
    game = Game.new(_team("human", "Bad Habits"), _team("orc"), seed=5, ruleset=BB2020, engine=engine)
    data = game.to_position()
    assert data["team_state"][0]["prayers"] == data["team_state"][0]["prayed"] == 1 << 5
    check_limits(game.state)
    s = game.state.copy()
    s.teams[0].prayers |= 1 << 6
    with pytest.raises(PositionError, match="prayers holds a prayer 'prayed' lacks"):
        check_limits(s)
    lrb6 = Game.new("human", "orc", seed=5).state
    lrb6.teams[1].prayed = 1
    with pytest.raises(PositionError, match="a prayer ruleset 'lrb6' has not"):
        check_limits(lrb6)


def _rush(engine: str, die: list[tuple[Dice, Outcome]], home: tuple[str, ...],
          away: tuple[str, ...]) -> tuple[Game, int]:
    """A home Blitzer with MA 1 steps twice: the second step is a Rush (no re-rolls)."""
    sc = Scenario(_team("human"), _team("orc"), script=die, engine=engine, rules=BB2020)
    sc.set(rerolls=(0, 0)).pray(0, *home).pray(1, *away)
    mover = sc.pid(0, "Blitzer")
    sc.grant(mover, ma=1).put(mover, (5, 7))
    game = sc.start(active=0)
    game.step(Action(ActionType.START_MOVE, mover))
    game.step(Action(ActionType.MOVE, None, (6, 7)))
    game.step(Action(ActionType.MOVE, None, (7, 7)))
    assert not game.roller.queue  # type: ignore[attr-defined]
    return game, mover


@pytest.mark.parametrize("engine", ENGINES)
@pytest.mark.parametrize(("home", "away", "die", "made"), [
    ((), (MOLES,), 3, True), ((), (MOLES,), 2, False),  # the opponent's Moles: 3+
    ((MOLES,), (MOLES,), 4, True), ((MOLES,), (MOLES,), 3, False),  # both teams': 4+
    ((MOLES,), (), 2, True),  # his own team's Moles do not trouble him
])
def test_moles_under_the_pitch_make_the_opponents_rush_harder(
        engine: str, home: tuple[str, ...], away: tuple[str, ...], die: int, made: bool) -> None:
    game, mover = _rush(engine, d6(die) + ([] if made else HOLDS), home, away)
    assert game.state.status[mover] == (Status.STANDING if made else Status.PRONE)
    assert game.state.turnover is not made


def test_the_rush_odds_under_moles() -> None:
    """TABLES §13: a Rush 2+ is 5/6; -1 for the opponent's Moles: 2/3; -2 (both teams): 1/2."""
    sc = Scenario(_team("human"), _team("orc"), rules=BB2020)
    s = sc.state
    odds = [Fraction(7 - need(gfi_target(s), moles_modifier(s, 0), False), 6)]
    sc.pray(1, MOLES)
    odds.append(Fraction(7 - need(gfi_target(s), moles_modifier(s, 0), False), 6))
    sc.pray(0, MOLES)
    odds.append(Fraction(7 - need(gfi_target(s), moles_modifier(s, 0), False), 6))
    assert odds == [Fraction(5, 6), Fraction(2, 3), Fraction(1, 2)]


@pytest.mark.parametrize("engine", ENGINES)
@pytest.mark.parametrize(("home", "away", "sent_off"), [
    ((), ("Under Scrutiny",), True),  # the opponent's: the foul is spotted without a double
    (("Under Scrutiny",), (), False),  # his own team's: no effect on him
    ((), (), False),
])
def test_under_scrutiny_spots_every_foul_of_the_opponents(engine: str, home: tuple[str, ...],
                                                         away: tuple[str, ...], sent_off: bool) -> None:
    """A home player fouls a prone Orc: armour 4 + 5 (no double) holds; no bribes."""
    sc = Scenario(_team("human"), _team("orc"), script=two_d6(4, 5), engine=engine, rules=BB2020)
    sc.set(rerolls=(0, 0), bribes=(0, 0)).pray(0, *home).pray(1, *away)
    fouler, victim = 0, 11
    sc.put(fouler, (10, 7)).put(victim, (11, 7), Status.PRONE)
    game = sc.start(active=0)
    game.step(Action(ActionType.START_FOUL, fouler))
    game.step(Action(ActionType.FOUL, None, (11, 7)))
    if sent_off:  # BB2020's coach may Argue the Call: he accepts the call
        assert {a.type for a in game.legal_actions()} == {ActionType.USE_SKILL, ActionType.DECLINE}
        game.step(Action(ActionType.DECLINE))
    s = game.state
    assert s.status[victim] == Status.PRONE
    assert s.status[fouler] == (Status.SENT_OFF if sent_off else Status.STANDING)
    assert s.turnover is sent_off
    assert not game.roller.queue  # type: ignore[attr-defined]


@pytest.mark.parametrize("engine", ENGINES)
@pytest.mark.parametrize(("home", "away", "argue", "sent_off", "ejected"), [
    (("Friends with the Ref",), (), 5, False, False),  # his team's Friends: 5-6 succeeds
    (("Friends with the Ref",), (), 6, False, False),
    (("Friends with the Ref",), (), 4, True, False),  # 2-4 still sends him off
    (("Friends with the Ref",), (), 1, True, True),  # a 1 still ejects the coach
    ((), (), 5, True, False),  # without it: only a 6
    ((), ("Friends with the Ref",), 5, True, False),  # the opponents' Friends do not help him
])
def test_friends_with_the_ref_argue_the_call_on_five(engine: str, home: tuple[str, ...],
                                                    away: tuple[str, ...], argue: int, sent_off: bool,
                                                    ejected: bool) -> None:
    """A home player fouls a prone Orc: armour 2 + 2 (a double) holds, the ref spots it; no
    bribes: the coach Argues the Call (D6 `argue`)."""
    sc = Scenario(_team("human"), _team("orc"), script=two_d6(2, 2) + d6(argue), engine=engine, rules=BB2020)
    sc.set(rerolls=(0, 0), bribes=(0, 0)).pray(0, *home).pray(1, *away)
    fouler, victim = 0, 11
    sc.put(fouler, (10, 7)).put(victim, (11, 7), Status.PRONE)
    game = sc.start(active=0)
    game.step(Action(ActionType.START_FOUL, fouler))
    game.step(Action(ActionType.FOUL, None, (11, 7)))
    assert {a.type for a in game.legal_actions()} == {ActionType.USE_SKILL, ActionType.DECLINE}
    game.step(Action(ActionType.USE_SKILL))
    s = game.state
    assert s.status[victim] == Status.PRONE
    assert s.status[fouler] == (Status.SENT_OFF if sent_off else Status.STANDING)
    assert s.turnover is sent_off
    assert s.teams[0].coach_ejected is ejected
    assert not game.roller.queue  # type: ignore[attr-defined]
