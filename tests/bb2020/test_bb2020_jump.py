"""BB2020's Jump on both engines (RULES §8.1, TABLES §2, §16): any player may, once per
activation, jump to an empty square two away over an adjacent Prone or Stunned player: two
squares of movement (Rush allowed), an Agility test with -1 per player marking the square left
or entered, whichever count is higher; a failure is Knocked Down in the target square."""

from __future__ import annotations

import importlib.util
from fractions import Fraction

import pytest

from nuffle.core.actions import Action, ActionType
from nuffle.core.characteristics import ag_target
from nuffle.core.dice import Dice, Outcome, d6, two_d6
from nuffle.core.game import Game
from nuffle.core.procedures.movement import jump_modifier, need
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
HOLDS = two_d6(1, 1)


def _team(race: str) -> TeamSpec:
    return match_team(check_team(suggest_team(race))).spec


def _scenario(engine: str, script: list[tuple[Dice, Outcome]], ma: int = 7) -> tuple[Scenario, int]:
    """A Human Blitzer (AG 3+) on (10, 7), open; a Prone Big Un on (11, 7) and a standing one
    on (13, 8), who marks (12, 7). No team re-rolls."""
    sc = Scenario(_team("human"), _team("orc"), script=script, engine=engine, rules=BB2020)
    sc.set(rerolls=(0, 0))
    mover = sc.pid(0, "Blitzer")
    sc.grant(mover, ma=ma).put(mover, (10, 7))
    sc.put(sc.pid(1, "Big Un Blocker"), (11, 7), Status.PRONE)
    sc.put(sc.pid(1, "Big Un Blocker", 1), (13, 8))
    return sc, mover


def _leap_squares(game: Game) -> tuple[tuple[int, int], ...] | None:
    group = game.legal_actions().group(ActionType.LEAP)
    return None if group is None else tuple(group.squares)


@pytest.mark.parametrize("engine", ENGINES)
def test_any_player_may_jump_over_a_prone_player_once(engine: str) -> None:
    """Squares two away with the Prone player between: straight, and the (2, 1) offsets."""
    sc, mover = _scenario(engine, d6(6))
    game = sc.start(active=0)
    game.step(Action(ActionType.START_MOVE, mover))
    assert _leap_squares(game) == ((12, 6), (12, 7), (12, 8))
    game.step(Action(ActionType.LEAP, None, (12, 7)))
    s = game.state
    assert s.board.xy(s.pos[mover]) == (12, 7) and s.status[mover] == Status.STANDING
    assert _leap_squares(game) is None  # once per activation
    assert not game.roller.queue  # type: ignore[attr-defined]


@pytest.mark.parametrize("engine", ENGINES)
def test_lrb6_has_no_jump(engine: str) -> None:
    sc = Scenario(script=[], engine=engine)
    sc.put(0, (10, 7)).put(12, (11, 7), Status.PRONE)
    game = sc.start(active=0)
    game.step(Action(ActionType.START_MOVE, 0))
    assert _leap_squares(game) is None and not LRB6.jump and BB2020.jump


@pytest.mark.parametrize("engine", ENGINES)
@pytest.mark.parametrize(("die", "made"), [(4, True), (3, False)])
def test_a_jump_is_an_agility_test_less_the_higher_marking_count(engine: str, die: int,
                                                                  made: bool) -> None:
    """Open where he starts, (12, 7) marked once: 4+. Failure: Knocked Down there, turnover."""
    sc, mover = _scenario(engine, d6(die) + ([] if made else HOLDS))
    game = sc.start(active=0)
    game.step(Action(ActionType.START_MOVE, mover))
    game.step(Action(ActionType.LEAP, None, (12, 7)))
    s = game.state
    assert s.board.xy(s.pos[mover]) == (12, 7)
    assert s.status[mover] == (Status.STANDING if made else Status.PRONE)
    assert s.turnover is not made
    assert not game.roller.queue  # type: ignore[attr-defined]


@pytest.mark.parametrize("engine", ENGINES)
def test_a_jump_costs_two_squares_and_may_rush(engine: str) -> None:
    """MA 1: the jump's second square is a Rush (2+) before the jump roll; he has no move left
    then but Rushes."""
    sc, mover = _scenario(engine, d6(2) + d6(4), ma=1)
    game = sc.start(active=0)
    game.step(Action(ActionType.START_MOVE, mover))
    game.step(Action(ActionType.LEAP, None, (12, 8)))
    s = game.state
    assert s.board.xy(s.pos[mover]) == (12, 8) and s.status[mover] == Status.STANDING
    assert not game.roller.queue  # type: ignore[attr-defined]


def test_the_digests_jump_probability() -> None:
    """TABLES §16: AG 3+, from 1 marked square into 2 marked squares: 5+ (-2), 1/3."""
    sc, mover = _scenario("python", [])
    s = sc.state
    sc.put(sc.pid(1, "Big Un Blocker", 2), (9, 8))  # marks (10, 7)
    sc.put(sc.pid(1, "Big Un Blocker", 3), (13, 6))  # (12, 7) now marked twice
    mod = jump_modifier(s, mover, s.pos[mover], s.board.sq(12, 7))
    assert mod == -2
    assert Fraction(7 - need(ag_target(s, mover), mod), 6) == Fraction(1, 3)


@pytest.mark.parametrize("engine", ENGINES)
def test_jump_squares_over_each_down_neighbour_in_order(engine: str) -> None:
    """A Human Blitzer on (10, 7); a Prone player diagonally (11, 6), a Stunned one beside
    (9, 7), a standing one below (10, 8): the squares two away over a down neighbour, rows then
    columns; (12, 5) is taken. Pins the squares and their order on both engines (the native
    engine's are a table, procs/jump.hpp)."""
    sc = Scenario(_team("human"), _team("orc"), script=[], engine=engine, rules=BB2020)
    mover = sc.pid(0, "Blitzer")
    sc.put(mover, (10, 7))
    sc.put(sc.pid(1, "Big Un Blocker"), (11, 6), Status.PRONE)
    sc.put(sc.pid(1, "Big Un Blocker", 1), (9, 7), Status.STUNNED)
    sc.put(sc.pid(1, "Big Un Blocker", 2), (10, 8))
    sc.put(sc.pid(1, "Big Un Blocker", 3), (12, 5))
    game = sc.start(active=0)
    game.step(Action(ActionType.START_MOVE, mover))
    assert _leap_squares(game) == ((11, 5), (8, 6), (12, 6), (8, 7), (8, 8))
