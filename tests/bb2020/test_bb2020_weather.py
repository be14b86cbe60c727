"""BB2020 weather on both engines (RULES §4, TABLES §7): the LRB6 bands, and Sweltering Heat's
D3 randomly selected players of each team on the pitch missing the next drive."""

from __future__ import annotations

import importlib.util

import pytest

from nuffle.core.dice import Dice, Outcome, d3, pick, threshold
from nuffle.core.game import Game
from nuffle.core.procedures.match import EndDrive
from nuffle.core.ruleset import LRB6, draft_ruleset
from nuffle.core.teams import TeamSpec
from nuffle.core.types import PF, Status, Weather
from nuffle.teams_bb2020 import check_team, suggest_team
from nuffle.teams_bb2020_match import match_team
from nuffle.testing import Scenario

BB2020 = draft_ruleset("bb2020")
HAS_NATIVE = importlib.util.find_spec("nuffle._native") is not None
NO_NATIVE = pytest.mark.skipif(not HAS_NATIVE, reason="no native extension")
ENGINES = ["python", pytest.param("native", marks=NO_NATIVE)]


def _team(race: str) -> TeamSpec:
    return match_team(check_team(suggest_team(race))).spec


def test_the_weather_table_is_lrb6s_bands() -> None:
    assert BB2020.weather == LRB6.weather and "weather" in BB2020.areas
    assert BB2020.heat == "random" and LRB6.heat == "per_player"


def _heat(engine: str, script: list[tuple[Dice, Outcome]], home: int = 3,
          away: int = 2) -> tuple[Game, list[int], list[int]]:
    sc = Scenario(_team("human"), _team("orc"), script=script, engine=engine, rules=BB2020)
    sc.set(weather=Weather.SWELTERING_HEAT)
    homes = list(sc.state.ranges[0])[:home]
    aways = list(sc.state.ranges[1])[:away]
    for i, p in enumerate(homes):
        sc.put(p, (5, 3 + i))
    for i, p in enumerate(aways):
        sc.put(p, (15, 3 + i))
    game = sc.start(active=0, proc=EndDrive(False))
    return game, homes, aways


@pytest.mark.parametrize("engine", ENGINES)
def test_sweltering_heat_picks_d3_players_of_each_team(engine: str) -> None:
    # home: D3 = 2, picks 0 then 1 of what is left; away: D3 = 3 but only 2 there, picks 1 then 0
    game, homes, aways = _heat(engine, d3(2) + pick(0) + pick(1) + d3(3) + pick(1) + pick(0))
    s = game.state
    hot = [p for p in homes + aways if s.pflags[p] & PF.HEAT]
    assert hot == [homes[0], homes[2], aways[0], aways[1]]
    assert all(s.status[p] == Status.RESERVE for p in homes + aways)
    assert not game.roller.queue  # type: ignore[attr-defined]


@pytest.mark.parametrize("engine", ENGINES)
def test_a_team_with_nobody_on_the_pitch_rolls_nothing(engine: str) -> None:
    game, homes, _aways = _heat(engine, d3(1) + pick(2), home=3, away=0)
    s = game.state
    assert [p for p in homes if s.pflags[p] & PF.HEAT] == [homes[2]]
    assert not game.roller.queue  # type: ignore[attr-defined]


@pytest.mark.parametrize("engine", ENGINES)
def test_lrb6_heat_still_rolls_a_d6_each(engine: str) -> None:
    sc = Scenario(script=[(threshold(2, "heat").kind, 1), (threshold(2, "heat").kind, 6)], engine=engine)
    sc.set(weather=Weather.SWELTERING_HEAT)
    a, b = sc.state.ranges[0][0], sc.state.ranges[1][0]
    sc.put(a, (5, 3)).put(b, (15, 3))
    game = sc.start(active=0, proc=EndDrive(False))
    s = game.state
    assert s.pflags[a] & PF.HEAT and not s.pflags[b] & PF.HEAT
    assert not game.roller.queue  # type: ignore[attr-defined]
