"""BB2020's Weather Mage (RULES §15) on both engines: once a match its coach may change a
weather roll's result by one (up, then down, each offered only where it gives other weather),
after the pre-game's weather roll or a Changing Weather kick-off's; the home team is asked first,
the away team then about the changed result; a position carries the unused mage."""

from __future__ import annotations

import importlib.util
from dataclasses import replace

import pytest

from nuffle.core.actions import Action, ActionType
from nuffle.core.bb2020.inducements import Item
from nuffle.core.decision import DecisionKind
from nuffle.core.dice import ScriptedRoller, coin, d8, two_d6
from nuffle.core.game import Game
from nuffle.core.position import PositionError
from nuffle.core.position_limits import check_limits
from nuffle.core.procedures.kickoff_bb2020 import ChangingWeatherBB2020
from nuffle.core.ruleset import draft_ruleset
from nuffle.core.teams import Inducements, TeamSpec
from nuffle.core.types import BallState, Event, Weather
from nuffle.teams_bb2020_pregame import INDUCED, NOT_PLAYED
from nuffle.testing import bb2020_scenario, bb2020_team

BB2020 = draft_ruleset("bb2020")
HAS_NATIVE = importlib.util.find_spec("nuffle._native") is not None
NATIVE = pytest.mark.skipif(not HAS_NATIVE, reason="no native extension")
ENGINES = ["python", pytest.param("native", marks=NATIVE)]
USE, DECLINE = Action(ActionType.USE_SKILL), Action(ActionType.DECLINE)
MAGE = Inducements(weather_mage=True)


def _team(race: str, mage: bool) -> TeamSpec:
    return replace(bb2020_team(race), inducements=MAGE if mage else Inducements())


def _start(engine: str, weather: tuple[int, int], home: bool = True, away: bool = False) -> Game:
    return Game.new(_team("human", home), _team("orc", away), ruleset=BB2020, engine=engine,
                    roller=ScriptedRoller(two_d6(*weather) + coin(0)))


def _asked(game: Game, side: int, result: int) -> None:
    d = game.decision()
    assert (d.kind, d.side, d.need) == (DecisionKind.USE_SKILL, side, result)
    assert {a.type for a in game.legal_actions()} == {ActionType.USE_SKILL, ActionType.DECLINE}


def _weathers(game: Game) -> list[int]:
    return [e[2] for e in game.state.log if e[0] == Event.WEATHER]


def test_the_weather_mage_is_played() -> None:
    assert INDUCED[Item.WEATHER_MAGE] == "weather_mage" and Item.WEATHER_MAGE not in NOT_PLAYED


@pytest.mark.parametrize("engine", ENGINES)
def test_a_very_sunny_roll_may_be_raised_to_perfect_conditions(engine: str) -> None:
    game = _start(engine, (1, 2))  # 3: Very Sunny; +1 Perfect Conditions, -1 Sweltering Heat
    _asked(game, 0, 4)
    game.step(USE)
    s = game.state
    assert s.weather == Weather.NICE and s.teams[0].weather_mage == 0
    assert _weathers(game) == [Weather.VERY_SUNNY, Weather.NICE]
    assert game.decision().kind == DecisionKind.KICK_OR_RECEIVE and not game.roller.queue  # type: ignore[attr-defined]


@pytest.mark.parametrize("engine", ENGINES)
def test_declining_the_raise_offers_the_lowering_then_keeps_the_mage(engine: str) -> None:
    game = _start(engine, (1, 2))
    _asked(game, 0, 4)
    game.step(DECLINE)
    _asked(game, 0, 2)  # Sweltering Heat
    game.step(DECLINE)
    s = game.state
    assert s.weather == Weather.VERY_SUNNY and s.teams[0].weather_mage == 1
    assert game.decision().kind == DecisionKind.KICK_OR_RECEIVE


@pytest.mark.parametrize("engine", ENGINES)
@pytest.mark.parametrize(("weather", "offers"), [((3, 4), ()), ((2, 2), (3,)), ((5, 5), (11,)),
                                                  ((6, 6), (11,)), ((1, 1), (3,))])
def test_only_changes_that_give_other_weather_are_offered(engine: str, weather: tuple[int, int],
                                                          offers: tuple[int, ...]) -> None:
    """7 stays Perfect Conditions either way; 4 may go down to 3 only (5 is Perfect too), 10
    up to 11 only, 12 down to 11 only, 2 up to 3 only."""
    game = _start(engine, weather)
    asked = []
    while game.decision().kind == DecisionKind.USE_SKILL:
        asked.append(game.decision().need)
        game.step(DECLINE)
    assert tuple(asked) == offers and game.decision().kind == DecisionKind.KICK_OR_RECEIVE


@pytest.mark.parametrize("engine", ENGINES)
def test_the_away_mage_is_asked_about_the_changed_result(engine: str) -> None:
    """11 Pouring Rain: home lowers it to 10 (Perfect); away may raise it back to 11 (not to
    lower it: 9 is Perfect too)."""
    game = _start(engine, (5, 6), home=True, away=True)
    _asked(game, 0, 12)
    game.step(DECLINE)
    _asked(game, 0, 10)
    game.step(USE)
    _asked(game, 1, 11)
    game.step(USE)
    s = game.state
    assert s.weather == Weather.POURING_RAIN and [t.weather_mage for t in s.teams] == [0, 0]
    assert _weathers(game) == [Weather.POURING_RAIN, Weather.NICE, Weather.POURING_RAIN]


@pytest.mark.parametrize("engine", ENGINES)
def test_no_mage_no_offer(engine: str) -> None:
    game = _start(engine, (1, 2), home=False)
    assert game.decision().kind == DecisionKind.KICK_OR_RECEIVE and game.state.weather == Weather.VERY_SUNNY


@pytest.mark.parametrize("engine", ENGINES)
@pytest.mark.parametrize(("use", "weather", "end"), [(True, Weather.NICE, (23, 7)),
                                                     (False, Weather.VERY_SUNNY, (20, 7))])
def test_changing_weather_may_be_changed_and_then_scatters(engine: str, use: bool, weather: Weather,
                                                           end: tuple[int, int]) -> None:
    """A Changing Weather roll of 3 (Very Sunny): the mage raises it to 4, Perfect Conditions,
    so the ball scatters three squares (+x each) before it lands; declined, it does not."""
    sc = bb2020_scenario(script=two_d6(1, 2) + (d8(5, 5, 5) if use else []), engine=engine)
    sc.set(kicking=0).induce(0, MAGE)
    sc.state.teams[0].weather_mage = 1
    sc.ball_at((20, 7))
    sc.state.ball_state = BallState.IN_AIR
    game = sc.start(proc=ChangingWeatherBB2020())
    _asked(game, 0, 4)
    game.step(USE if use else DECLINE)
    if not use:
        _asked(game, 0, 2)
        game.step(DECLINE)
    s = game.state
    assert game.is_over and not game.roller.queue  # type: ignore[attr-defined]
    assert s.weather == weather and s.board.xy(s.ball) == end
    assert s.teams[0].weather_mage == (0 if use else 1)


@pytest.mark.parametrize("engine", ENGINES)
def test_a_position_carries_the_unused_mage(engine: str) -> None:
    """Written only for a team with its mage (LRB6 positions are unchanged); 0 or 1."""
    game = _start(engine, (3, 4))
    data = game.to_position()
    assert data["team_state"][0]["weather_mage"] == 1 and "weather_mage" not in data["team_state"][1]
    assert "weather_mage" not in Game.new("human", "orc", seed=1).to_position()["team_state"][0]
    check_limits(game.state)
    s = game.state.copy()
    s.teams[0].weather_mage = 2
    with pytest.raises(PositionError, match="weather_mage"):
        check_limits(s)
