"""BB2020's Biased Referee inducement on both engines (RULES §15 [?]; RULES_NOTES "BB2020 on the
engines"): when a player of the other team fouls and the referee did not spot it (no double,
no Under Scrutiny), a D6 of 5+ sends him off all the same, a send-off his coach may bribe or
argue as any other. Home fouls (the `foul_scenario`'s Blitzer on a prone Big Un Blocker, AV 10+:
an armour 2+3 holds, no double)."""

from __future__ import annotations

import importlib.util

import pytest

from nuffle.core.actions import Action, ActionType
from nuffle.core.bb2020.inducements import Induce2020, Item
from nuffle.core.bb2020.pregame import PreGameTeam
from nuffle.core.decision import DecisionKind
from nuffle.core.dice import Dice, Outcome, d6, two_d6
from nuffle.core.game import Game
from nuffle.core.ruleset import draft_ruleset
from nuffle.core.teams import Inducements
from nuffle.core.types import Status
from nuffle.teams_bb2020_pregame import NOT_PLAYED, side_setup
from nuffle.testing import FOUL_SQUARES, foul, foul_scenario, legal_types, roller_of

BB2020 = draft_ruleset("bb2020")
HAS_NATIVE = importlib.util.find_spec("nuffle._native") is not None
NO_NATIVE = pytest.mark.skipif(not HAS_NATIVE, reason="no native extension")
ENGINES = ["python", pytest.param("native", marks=NO_NATIVE)]
T = ActionType
HOLDS = two_d6(2, 3)  # the foul's armour roll: holds, no double
REFEREE = Inducements(biased_referee=True)


def _foul(engine: str, script: list[tuple[Dice, Outcome]], referee_side: int | None = 1,
          bribes: int = 0) -> tuple[Game, int]:
    sc, fouler, _, _, _ = foul_scenario(engine, script, BB2020, bribes)
    if referee_side is not None:
        sc.induce(referee_side, REFEREE)
    game = sc.start(active=0)
    foul(game, fouler, FOUL_SQUARES[1])
    return game, fouler


@pytest.mark.parametrize("engine", ENGINES)
def test_an_unspotted_foul_goes_on_below_five(engine: str) -> None:
    game, fouler = _foul(engine, HOLDS + d6(4))
    assert game.state.status[fouler] == Status.STANDING and not game.state.turnover
    assert not roller_of(game).queue


@pytest.mark.parametrize("engine", ENGINES)
def test_a_five_sends_the_fouler_off_but_his_coach_may_argue(engine: str) -> None:
    """5: sent off; his coach may Argue the Call (a 6 keeps him on) or accept (DECLINE)."""
    game, fouler = _foul(engine, HOLDS + d6(5))
    assert game.decision().kind == DecisionKind.BRIBE and legal_types(game) == {T.USE_SKILL, T.DECLINE}
    game.step(Action(T.DECLINE))
    assert game.state.status[fouler] == Status.SENT_OFF
    argued, fouler = _foul(engine, HOLDS + d6(6) + d6(6))
    argued.step(Action(T.USE_SKILL))
    assert argued.state.status[fouler] == Status.STANDING and not roller_of(argued).queue


@pytest.mark.parametrize("engine", ENGINES)
def test_a_bribe_answers_the_biased_referee(engine: str) -> None:
    game, fouler = _foul(engine, HOLDS + d6(6) + d6(2), bribes=1)
    assert legal_types(game) == {T.USE_BRIBE, T.USE_SKILL, T.DECLINE}
    game.step(Action(T.USE_BRIBE))
    assert game.state.status[fouler] == Status.STANDING and game.state.teams[0].bribes == 0


@pytest.mark.parametrize("engine", ENGINES)
@pytest.mark.parametrize("referee_side", [None, 0])
def test_no_roll_without_the_opponents_biased_referee(engine: str, referee_side: int | None) -> None:
    """No Biased Referee, or the fouler's own team's: no D6 (the script has none to give)."""
    game, fouler = _foul(engine, HOLDS, referee_side)
    assert game.state.status[fouler] == Status.STANDING and not roller_of(game).queue


@pytest.mark.parametrize("engine", ENGINES)
def test_a_foul_spotted_on_a_double_rolls_no_biased_referee(engine: str) -> None:
    """An armour 5+5 breaks (injury 1+2, Stunned) and is spotted: the coach decides at once."""
    game, _ = _foul(engine, two_d6(5, 5) + two_d6(1, 2))
    assert game.decision().kind == DecisionKind.BRIBE and not roller_of(game).queue


def test_the_pre_game_biased_referee_reaches_the_match() -> None:
    record = PreGameTeam("Orcs", 1, 1, (), 1_000_000, 0, (Induce2020(Item.BIASED_REFEREE),), (), 120_000, 0)
    assert side_setup(record).inducements == REFEREE and Item.BIASED_REFEREE not in NOT_PLAYED
