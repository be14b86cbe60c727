"""BB2020's Plague Doctor on both engines (RULES §11.5, §15; RULES_NOTES "BB2020 on the
engines"): its one use (the Igor counter it shares with the Regeneration re-roll) may heal a
KO as an apothecary does (the player is Stunned instead), offered with the apothecary decision;
a team apothecary left is used first. Home fouls the away Big Un Blocker (AV 10+): armour 6+5
breaks, injury 4+5 is a KO; away decides."""

from __future__ import annotations

import importlib.util

import pytest

from nuffle.core.actions import Action, ActionType
from nuffle.core.bb2020.inducements import Induce2020, Item
from nuffle.core.bb2020.pregame import PreGameTeam
from nuffle.core.decision import DecisionKind
from nuffle.core.dice import two_d6
from nuffle.core.game import Game
from nuffle.core.ruleset import draft_ruleset
from nuffle.core.teams import Inducements
from nuffle.core.types import Status
from nuffle.teams_bb2020_pregame import side_setup
from nuffle.testing import FOUL_SQUARES, foul, foul_scenario, roller_of

BB2020 = draft_ruleset("bb2020")
HAS_NATIVE = importlib.util.find_spec("nuffle._native") is not None
NO_NATIVE = pytest.mark.skipif(not HAS_NATIVE, reason="no native extension")
ENGINES = ["python", pytest.param("native", marks=NO_NATIVE)]
T = ActionType
KO_FOUL = two_d6(6, 5) + two_d6(4, 5)


def _ko(engine: str, plague_doctor: bool, apothecaries: int = 0) -> tuple[Game, int]:
    sc, fouler, victim, _, _ = foul_scenario(engine, KO_FOUL, BB2020)
    sc.induce(1, Inducements(igor=True, plague_doctor=plague_doctor))
    sc.set(apothecaries=(0, apothecaries))
    sc.state.teams[1].igor = 1  # the counter the match's start gives
    game = sc.start(active=0)
    foul(game, fouler, FOUL_SQUARES[1])
    return game, victim


@pytest.mark.parametrize("engine", ENGINES)
@pytest.mark.parametrize(("use", "status", "left"), [(True, Status.STUNNED, 0), (False, Status.KO, 1)])
def test_the_plague_doctor_may_heal_a_ko(engine: str, use: bool, status: Status, left: int) -> None:
    game, victim = _ko(engine, plague_doctor=True)
    assert game.decision().kind == DecisionKind.APOTHECARY and game.decider == 1
    game.step(Action(T.USE_APOTHECARY if use else T.DECLINE))
    s = game.state
    assert s.status[victim] == status and s.teams[1].igor == left and not roller_of(game).queue


@pytest.mark.parametrize("engine", ENGINES)
def test_a_mortuary_assistant_heals_no_ko(engine: str) -> None:
    """The same Igor counter without the Plague Doctor: no decision, the player is KO'd."""
    game, victim = _ko(engine, plague_doctor=False)
    assert game.state.status[victim] == Status.KO and game.state.teams[1].igor == 1
    assert not roller_of(game).queue


@pytest.mark.parametrize("engine", ENGINES)
def test_the_apothecary_is_used_before_the_plague_doctor(engine: str) -> None:
    game, victim = _ko(engine, plague_doctor=True, apothecaries=1)
    game.step(Action(T.USE_APOTHECARY))
    s = game.state
    assert s.status[victim] == Status.STUNNED and s.teams[1].apothecaries == 0 and s.teams[1].igor == 1


def test_the_pre_game_plague_doctor_reaches_the_match() -> None:
    record = PreGameTeam("Nurgle", 1, 1, (), 1_000_000, 0, (Induce2020(Item.PLAGUE_DOCTOR),), (), 100_000, 0)
    assert side_setup(record).inducements == Inducements(igor=True, plague_doctor=True)
