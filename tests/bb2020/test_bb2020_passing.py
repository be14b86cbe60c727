"""BB2020 passing on both engines (RULES §8.4, TABLES §2-4): the range modifiers, the Passing
Ability test's four results (accurate, inaccurate: 3 scatters from the target, wildly inaccurate:
D8 x D6 from the thrower, fumbled: a bounce and a turnover), re-rolls of a non-accurate result,
and completions only for an accurate pass caught in the target square."""

from __future__ import annotations

import importlib.util
from fractions import Fraction

import pytest

from nuffle.core.actions import ActionType
from nuffle.core.dice import Dice, Outcome, d6, d8
from nuffle.core.game import Game
from nuffle.core.procedures.passing import (
    ACCURATE,
    FUMBLED,
    INACCURATE,
    WILDLY_INACCURATE,
    Pass,
    pass_result,
    pass_roll_modifier,
)
from nuffle.core.ruleset import LRB6, draft_ruleset
from nuffle.core.skills import Skill
from nuffle.core.state import PSTAT_COMPLETIONS, PSTATS
from nuffle.core.teams import TeamSpec
from nuffle.core.types import BallState, Weather
from nuffle.teams_bb2020 import check_team, suggest_team
from nuffle.teams_bb2020_match import match_team
from nuffle.testing import Scenario, do

BB2020 = draft_ruleset("bb2020")
HAS_NATIVE = importlib.util.find_spec("nuffle._native") is not None
NO_NATIVE = pytest.mark.skipif(not HAS_NATIVE, reason="no native extension")
ENGINES = ["python", pytest.param("native", marks=NO_NATIVE)]

THROWER_AT = (5, 7)


def _team(race: str) -> TeamSpec:
    return match_team(check_team(suggest_team(race))).spec


def _scenario(engine: str, script: list[tuple[Dice, Outcome]], pa: int = 3, rerolls: int = 0,
              catcher_at: tuple[int, int] | None = (10, 7)) -> tuple[Scenario, int, int]:
    """A Human Thrower (PA `pa`, no Pass skill) on (5, 7) holding the ball, a Catcher (AG 3+)
    on `catcher_at`; the orcs far away."""
    sc = Scenario(_team("human"), _team("orc"), script=script, engine=engine, rules=BB2020)
    sc.set(rerolls=(rerolls, 0))
    thrower, catcher = sc.pid(0, "Thrower"), sc.pid(0, "Catcher")
    sc.take(thrower, Skill.PASS).grant(thrower, pa=pa)
    sc.take(catcher, Skill.CATCH, Skill.DIVING_CATCH)
    sc.put(thrower, THROWER_AT).give_ball(thrower)
    if catcher_at is not None:
        sc.put(catcher, catcher_at)
    return sc, thrower, catcher


def _pass(sc: Scenario, thrower: int, target: tuple[int, int]) -> Game:
    return sc.start(active=0, proc=Pass(thrower, sc.state.board.sq(*target)))


def _completions(game: Game, pid: int) -> int:
    return int(game.state.pstats[pid * PSTATS + PSTAT_COMPLETIONS])


def _done(game: Game) -> None:
    assert not game.roller.queue  # type: ignore[attr-defined]


@pytest.mark.parametrize("engine", ENGINES)
def test_an_accurate_pass_caught_in_the_target_square_is_a_completion(engine: str) -> None:
    # Short (5 squares): PA 3+ -1 needs 4; the accurate-pass catch needs AG 3+ (no +1, no -1).
    sc, thrower, catcher = _scenario(engine, d6(4, 3))
    game = _pass(sc, thrower, (10, 7))
    s = game.state
    assert s.carrier() == catcher and not s.turnover
    assert _completions(game, thrower) == 1
    _done(game)


@pytest.mark.parametrize("engine", ENGINES)
def test_an_inaccurate_pass_scatters_three_times_from_the_target_and_is_no_completion(engine: str) -> None:
    # 3 - 1 = 2: inaccurate; three scatters (+x, +x, -x) end on (11, 7); only there is a catch,
    # at -1 (AG 3+ needs 4).
    sc, thrower, catcher = _scenario(engine, d6(3) + d8(5, 5, 4) + d6(4), catcher_at=(11, 7))
    game = _pass(sc, thrower, (10, 7))
    s = game.state
    assert s.carrier() == catcher and not s.turnover
    assert _completions(game, thrower) == 0
    _done(game)


@pytest.mark.parametrize("engine", ENGINES)
def test_a_dropped_inaccurate_pass_turns_over(engine: str) -> None:
    # The catch at -1 fails on a 3; the ball bounces (+y) from (11, 7).
    sc, thrower, _ = _scenario(engine, d6(3) + d8(5, 5, 4) + d6(3) + d8(7), catcher_at=(11, 7))
    game = _pass(sc, thrower, (10, 7))
    s = game.state
    assert s.ball_state == BallState.ON_GROUND and s.board.xy(s.ball) == (11, 8) and s.turnover
    _done(game)


@pytest.mark.parametrize("engine", ENGINES)
def test_a_wildly_inaccurate_pass_deviates_from_the_thrower(engine: str) -> None:
    # 2 - 1 = 1: wildly inaccurate; D8 5 (+x), D6 3: from (5, 7) to (8, 7), empty: a bounce (+y).
    sc, thrower, _ = _scenario(engine, d6(2) + d8(5) + d6(3) + d8(7))
    game = _pass(sc, thrower, (10, 7))
    s = game.state
    assert s.ball_state == BallState.ON_GROUND and s.board.xy(s.ball) == (8, 8) and s.turnover
    _done(game)


@pytest.mark.parametrize("engine", ENGINES)
def test_a_wildly_inaccurate_pass_caught_by_a_team_mate_is_no_turnover(engine: str) -> None:
    sc, thrower, catcher = _scenario(engine, d6(2) + d8(5) + d6(3) + d6(4), catcher_at=(8, 7))
    game = _pass(sc, thrower, (10, 7))
    s = game.state
    assert s.carrier() == catcher and not s.turnover and _completions(game, thrower) == 0
    _done(game)


@pytest.mark.parametrize("engine", ENGINES)
def test_a_fumble_bounces_from_the_thrower_and_turns_over(engine: str) -> None:
    sc, thrower, _ = _scenario(engine, d6(1) + d8(5))
    game = _pass(sc, thrower, (10, 7))
    s = game.state
    assert s.ball_state == BallState.ON_GROUND and s.board.xy(s.ball) == (6, 7) and s.turnover
    _done(game)


@pytest.mark.parametrize("engine", ENGINES)
def test_a_player_without_pa_fumbles_without_a_test(engine: str) -> None:
    sc, thrower, _ = _scenario(engine, d8(5), pa=0)
    game = _pass(sc, thrower, (10, 7))
    s = game.state
    assert s.board.xy(s.ball) == (6, 7) and s.turnover
    _done(game)


@pytest.mark.parametrize("engine", ENGINES)
def test_a_team_reroll_retakes_an_inaccurate_result(engine: str) -> None:
    sc, thrower, catcher = _scenario(engine, d6(3, 4, 3), rerolls=1)
    game = _pass(sc, thrower, (10, 7))
    do(game, ActionType.USE_REROLL)
    s = game.state
    assert s.carrier() == catcher and _completions(game, thrower) == 1
    _done(game)


@pytest.mark.parametrize("engine", ENGINES)
def test_the_range_bands_and_marking(engine: str) -> None:
    # Quick (3 squares): PA 3+ needs 3 with no range modifier; an orc marking him makes it -1.
    sc, thrower, catcher = _scenario(engine, d6(3, 3), catcher_at=(8, 7))
    game = _pass(sc, thrower, (8, 7))
    assert game.state.carrier() == catcher and _completions(game, thrower) == 1
    sc, thrower, _ = _scenario(engine, d6(3) + d8(4, 4, 5, 7), catcher_at=(8, 7))
    sc.put(sc.pid(1, "Blitzer"), (4, 7))
    game = _pass(sc, thrower, (8, 7))
    s = game.state  # inaccurate: three scatters end on (7, 7), empty: a bounce to (7, 8)
    assert s.board.xy(s.ball) == (7, 8) and s.carrier() < 0 and s.turnover
    _done(game)


def test_the_pass_modifiers() -> None:
    """TABLES §2: Q 0, S -1, L -2, B -3; -1 per marking player; -1 Very Sunny (LRB6: +1 .. -2)."""
    sc, thrower, _ = _scenario("python", [])
    s = sc.state
    assert [pass_roll_modifier(s, thrower, band) for band in "QSLB"] == [0, -1, -2, -3]
    s.weather = Weather.VERY_SUNNY
    assert pass_roll_modifier(s, thrower, "Q") == -1
    assert dict(LRB6.range_modifiers) == {"Q": 1, "S": 0, "L": -1, "B": -2}
    assert BB2020.passing == "bb2020" and LRB6.passing == "lrb6"


@pytest.mark.parametrize(("pa", "mod", "odds"), [
    (2, 0, (5, 0, 0, 1)), (2, -2, (3, 0, 2, 1)), (3, 0, (4, 1, 0, 1)), (3, -1, (3, 1, 1, 1)),
    (3, -2, (2, 1, 2, 1)), (3, -3, (1, 1, 3, 1)), (4, 0, (3, 2, 0, 1)), (4, -2, (1, 2, 2, 1)),
    (7, 0, (0, 0, 0, 6)),
])
def test_the_digests_pass_result_probabilities(pa: int, mod: int, odds: tuple[int, int, int, int]) -> None:
    """TABLES §4 (in sixths: accurate, inaccurate, wildly inaccurate, fumble); PA 3+ Short
    marked once is -2; PA "-" is 7 (NO_PA_TARGET)."""
    counts = {r: 0 for r in (ACCURATE, INACCURATE, WILDLY_INACCURATE, FUMBLED)}
    for d in range(1, 7):
        counts[pass_result(d, pa, mod)] += 1
    got = tuple(Fraction(counts[r], 6) for r in (ACCURATE, INACCURATE, WILDLY_INACCURATE, FUMBLED))
    assert got == tuple(Fraction(n, 6) for n in odds)
