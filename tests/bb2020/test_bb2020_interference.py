"""BB2020 Passing Interference on both engines (RULES §8.5, TABLES §2, §5): after the pass
result, the opposing coach may name one player under the ruler to the landing square; the
deflection is an Agility test at -3 / -2 / -1 (accurate / inaccurate / wildly inaccurate); a
deflected ball is caught at -1 (an interception, a turnover) or scatters 3 times from the
interferer's square. LRB6's interception before the throw is not asked under BB2020."""

from __future__ import annotations

import importlib.util
from fractions import Fraction

import pytest

from nuffle.core.actions import ActionType
from nuffle.core.characteristics import ag_target
from nuffle.core.dice import Dice, Outcome, d6, d8
from nuffle.core.game import Game
from nuffle.core.procedures.ball import catch_modifier
from nuffle.core.procedures.movement import need
from nuffle.core.procedures.passing import (
    ACCURATE,
    HAIL_MARY,
    INACCURATE,
    WILDLY_INACCURATE,
    Pass,
    deflection_modifier,
)
from nuffle.core.ruleset import draft_ruleset
from nuffle.core.skills import Skill
from nuffle.core.state import PSTAT_COMPLETIONS, PSTAT_DEFLECTIONS, PSTAT_INTERCEPTIONS, PSTATS
from nuffle.core.teams import TeamSpec
from nuffle.core.types import Weather
from nuffle.teams_bb2020 import check_team, suggest_team
from nuffle.teams_bb2020_match import match_team
from nuffle.testing import Scenario, do, legal_group, legal_types

BB2020 = draft_ruleset("bb2020")
HAS_NATIVE = importlib.util.find_spec("nuffle._native") is not None
NO_NATIVE = pytest.mark.skipif(not HAS_NATIVE, reason="no native extension")
ENGINES = ["python", pytest.param("native", marks=NO_NATIVE)]
TARGET = (10, 7)


def _team(race: str) -> TeamSpec:
    return match_team(check_team(suggest_team(race))).spec


def _scenario(engine: str, script: list[tuple[Dice, Outcome]], orc_at: tuple[int, int] = (7, 7),
              catcher_at: tuple[int, int] = TARGET) -> tuple[Scenario, int, int, int]:
    """A Human Thrower (PA 3+, no Pass skill) on (5, 7) with the ball, a Catcher on
    `catcher_at`, an Orc Blitzer (AG 3+) on `orc_at`; a Short pass to (10, 7)."""
    sc = Scenario(_team("human"), _team("orc"), script=script, engine=engine, rules=BB2020)
    sc.set(rerolls=(0, 0))
    thrower, catcher, orc = sc.pid(0, "Thrower"), sc.pid(0, "Catcher"), sc.pid(1, "Blitzer")
    sc.take(thrower, Skill.PASS).grant(thrower, pa=3)
    sc.take(catcher, Skill.CATCH, Skill.DIVING_CATCH)
    sc.put(thrower, (5, 7)).give_ball(thrower).put(catcher, catcher_at).put(orc, orc_at)
    return sc, thrower, catcher, orc


def _pass(sc: Scenario, thrower: int) -> Game:
    return sc.start(active=0, proc=Pass(thrower, sc.state.board.sq(*TARGET)))


def _pstat(game: Game, pid: int, stat: int) -> int:
    return int(game.state.pstats[pid * PSTATS + stat])


def _done(game: Game) -> None:
    assert not game.roller.queue  # type: ignore[attr-defined]


@pytest.mark.parametrize("engine", ENGINES)
def test_the_opposing_coach_may_decline(engine: str) -> None:
    sc, thrower, catcher, orc = _scenario(engine, d6(4, 3))
    game = _pass(sc, thrower)
    assert game.state.decider == 1 and legal_group(game, ActionType.SELECT_PLAYER).players == (orc,)
    do(game, ActionType.DECLINE)
    s = game.state
    assert s.carrier() == catcher and _pstat(game, thrower, PSTAT_COMPLETIONS) == 1
    _done(game)


@pytest.mark.parametrize("engine", ENGINES)
def test_a_deflected_accurate_pass_caught_is_an_interception(engine: str) -> None:
    # Against an accurate pass AG 3+ needs 6 (-3); the deflected ball is caught at -1 (4+).
    sc, thrower, _, orc = _scenario(engine, d6(4, 6, 4))
    game = _pass(sc, thrower)
    do(game, ActionType.SELECT_PLAYER, player=orc)
    s = game.state
    assert s.carrier() == orc and s.turnover
    assert _pstat(game, orc, PSTAT_INTERCEPTIONS) == 1 and _pstat(game, thrower, PSTAT_COMPLETIONS) == 0
    assert _pstat(game, orc, PSTAT_DEFLECTIONS) == 0  # converted: an interception only
    _done(game)


@pytest.mark.parametrize("engine", ENGINES)
def test_a_failed_deflection_lets_the_pass_land(engine: str) -> None:
    sc, thrower, catcher, orc = _scenario(engine, d6(4, 5, 3))
    game = _pass(sc, thrower)
    do(game, ActionType.SELECT_PLAYER, player=orc)
    s = game.state
    assert s.carrier() == catcher and not s.turnover and _pstat(game, thrower, PSTAT_COMPLETIONS) == 1
    assert _pstat(game, orc, PSTAT_DEFLECTIONS) == 0
    _done(game)


@pytest.mark.parametrize("engine", ENGINES)
def test_a_dropped_deflection_scatters_from_the_interferer(engine: str) -> None:
    # Dropped on a 3; three scatters (+x) from (7, 7) reach the Catcher on (10, 7), who catches
    # at -1: no turnover, but no completion either.
    sc, thrower, catcher, orc = _scenario(engine, d6(4, 6, 3) + d8(5, 5, 5) + d6(4))
    game = _pass(sc, thrower)
    do(game, ActionType.SELECT_PLAYER, player=orc)
    s = game.state
    assert s.carrier() == catcher and not s.turnover
    assert _pstat(game, thrower, PSTAT_COMPLETIONS) == 0 and _pstat(game, orc, PSTAT_INTERCEPTIONS) == 0
    assert _pstat(game, orc, PSTAT_DEFLECTIONS) == 1  # deflected, not converted (RULES §16.1)
    _done(game)


@pytest.mark.parametrize("engine", ENGINES)
def test_the_ruler_runs_to_the_landing_square(engine: str) -> None:
    # An orc on (8, 5) is under the ruler to (10, 4) but not to (10, 7): an accurate pass to
    # (10, 7) asks nobody; an inaccurate one scattering to (10, 4) asks him (-2: 5+).
    sc, thrower, catcher, orc = _scenario(engine, d6(4, 3), orc_at=(8, 5))
    game = _pass(sc, thrower)
    assert game.state.carrier() == catcher
    _done(game)
    sc, thrower, _, orc = _scenario(engine, d6(3) + d8(2, 2, 2) + d6(5, 4), orc_at=(8, 5))
    game = _pass(sc, thrower)
    assert legal_group(game, ActionType.SELECT_PLAYER).players == (orc,)
    do(game, ActionType.SELECT_PLAYER, player=orc)
    assert game.state.carrier() == orc and game.state.turnover
    _done(game)


@pytest.mark.parametrize("engine", ENGINES)
def test_no_interception_before_the_throw(engine: str) -> None:
    # A fumble (natural 1) bounces with nobody asked, though the orc stands under the ruler.
    sc, thrower, _, _ = _scenario(engine, d6(1) + d8(5))
    game = _pass(sc, thrower)
    assert ActionType.SELECT_PLAYER not in legal_types(game) and game.state.turnover
    _done(game)


@pytest.mark.parametrize("engine", ENGINES)
def test_a_hail_mary_pass_asks_nobody(engine: str) -> None:
    # BB2020's Hail Mary (2, unmarked: inaccurate, 3 scatters from the target): nobody may interfere.
    sc, thrower, _, _ = _scenario(engine, d6(2) + d8(5, 5, 5, 7), catcher_at=(3, 3))
    game = sc.start(active=0, proc=Pass(thrower, sc.state.board.sq(*TARGET), HAIL_MARY))
    s = game.state
    assert ActionType.SELECT_PLAYER not in legal_types(game)
    assert s.board.xy(s.ball) == (13, 8) and s.turnover
    _done(game)


def test_the_deflection_modifiers() -> None:
    """TABLES §2: -3 / -2 / -1 by result, -1 per marking player, -1 Pouring Rain, +1 against a
    Stunty thrower, Extra Arms +1."""
    sc, thrower, _, orc = _scenario("python", [])
    s = sc.state
    results = (ACCURATE, INACCURATE, WILDLY_INACCURATE)
    assert [deflection_modifier(s, orc, thrower, r) for r in results] == [-3, -2, -1]
    sc.put(sc.pid(0, "Blitzer"), (7, 8))
    s.weather = Weather.POURING_RAIN
    assert deflection_modifier(s, orc, thrower, ACCURATE) == -5
    sc.grant(thrower, Skill.STUNTY).grant(orc, Skill.EXTRA_ARMS)
    assert deflection_modifier(s, orc, thrower, ACCURATE) == -3


@pytest.mark.parametrize(("ag", "odds"), [
    (2, ((1, 3), (1, 2), (2, 3), (2, 3), (2, 9), (1, 3))),
    (3, ((1, 6), (1, 3), (1, 2), (1, 2), (1, 12), (1, 6))),
    (4, ((1, 6), (1, 6), (1, 3), (1, 3), (1, 18), (1, 18))),
    (5, ((1, 6), (1, 6), (1, 6), (1, 6), (1, 36), (1, 36))),
])
def test_the_digests_interference_probabilities(ag: int, odds: tuple[tuple[int, int], ...]) -> None:
    """TABLES §5 (unmarked interferer): deflect vs accurate, inaccurate, wildly; the catch after
    a deflection; interception vs accurate and inaccurate."""
    sc, thrower, _, orc = _scenario("python", [])
    sc.grant(orc, ag=ag)
    s = sc.state

    def p(mod: int) -> Fraction:
        return Fraction(7 - need(ag_target(s, orc), mod), 6)

    deflect = [p(deflection_modifier(s, orc, thrower, r)) for r in (ACCURATE, INACCURATE, WILDLY_INACCURATE)]
    catch = p(catch_modifier(s, orc, 0))
    got = (*deflect, catch, deflect[0] * catch, deflect[1] * catch)
    assert got == tuple(Fraction(a, b) for a, b in odds)
