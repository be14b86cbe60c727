"""BB2020 marking and moving on both engines (RULES §6, §8.1, TABLES §2, §16): a dodge and a
pick-up are Agility tests with no +1 base (-1 per marking player; the pick-up -1 in Pouring
Rain), a Rush is 2+ (3+ in a Blizzard), and a distracted or hypnotised player marks nobody."""

from __future__ import annotations

import importlib.util
from fractions import Fraction

import pytest

from nuffle.core.actions import Action, ActionType
from nuffle.core.characteristics import ag_target
from nuffle.core.dice import Dice, Outcome, d6, d8, two_d6
from nuffle.core.game import Game
from nuffle.core.native_state import native_paths
from nuffle.core.paths import search
from nuffle.core.procedures.ball import pickup_roll_modifier
from nuffle.core.procedures.movement import dodge_modifier, gfi_target, need
from nuffle.core.ruleset import LRB6, draft_ruleset
from nuffle.core.teams import TeamSpec
from nuffle.core.types import PF, BallState, Status, Weather
from nuffle.parity_twins import python_paths
from nuffle.teams_bb2020 import check_team, suggest_team
from nuffle.teams_bb2020_match import match_team
from nuffle.testing import Scenario

BB2020 = draft_ruleset("bb2020")
HAS_NATIVE = importlib.util.find_spec("nuffle._native") is not None
NO_NATIVE = pytest.mark.skipif(not HAS_NATIVE, reason="no native extension")
ENGINES = ["python", pytest.param("native", marks=NO_NATIVE)]
HOLDS = two_d6(1, 1)  # an armour roll that holds


def _team(race: str) -> TeamSpec:
    return match_team(check_team(suggest_team(race))).spec


def _scenario(engine: str, script: list[tuple[Dice, Outcome]]) -> tuple[Scenario, int, int, int]:
    """A Human Blitzer (AG 3+, no Dodge) on (10, 7) marked by an Orc Big Un Blocker on (11, 7); a
    second one on (8, 9) marks (9, 8) but not the Blitzer. No team re-rolls."""
    sc = Scenario(_team("human"), _team("orc"), script=script, engine=engine, rules=BB2020)
    sc.set(rerolls=(0, 0))
    mover, marker, other = sc.pid(0, "Blitzer"), sc.pid(1, "Big Un Blocker"), sc.pid(1, "Big Un Blocker", 1)
    sc.put(mover, (10, 7)).put(marker, (11, 7)).put(other, (8, 9))
    return sc, mover, marker, other


def _move(game: Game, pid: int, *squares: tuple[int, int]) -> None:
    game.step(Action(ActionType.START_MOVE, pid))
    for sq in squares:
        game.step(Action(ActionType.MOVE, None, sq))


def _xy(game: Game, pid: int) -> tuple[int, int]:
    return game.state.board.xy(game.state.pos[pid])


@pytest.mark.parametrize("engine", ENGINES)
@pytest.mark.parametrize(("dest", "die", "made"),
                         [((9, 6), 3, True), ((9, 6), 2, False), ((9, 8), 4, True), ((9, 8), 3, False),
                          ((10, 6), 4, True), ((10, 6), 3, False)])
def test_a_dodge_is_an_agility_test_less_one_per_marker_of_the_destination(
        engine: str, dest: tuple[int, int], die: int, made: bool) -> None:
    """AG 3+ with no +1 base: (9, 6) is open (3+), (9, 8) marked by the other Big Un and
    (10, 6) by the one left behind (4+). Failure: Knocked Down there, turnover."""
    sc, mover, _, _ = _scenario(engine, d6(die) + ([] if made else HOLDS))
    game = sc.start(active=0)
    _move(game, mover, dest)
    s = game.state
    assert _xy(game, mover) == dest
    assert s.status[mover] == (Status.STANDING if made else Status.PRONE)
    assert s.turnover is not made
    assert not game.roller.queue  # type: ignore[attr-defined]


@pytest.mark.parametrize("engine", ENGINES)
@pytest.mark.parametrize("flag", [PF.DISTRACTED, PF.HYPNOTISED])
def test_a_distracted_or_hypnotised_player_marks_nobody(engine: str, flag: int) -> None:
    """The Blitzer's only marker lost his tackle zone: he is Open, leaves without a dodge and
    enters (10, 6) (next to that marker) unmarked; the script holds no die."""
    sc, mover, marker, _ = _scenario(engine, [])
    sc.state.pflags[marker] |= flag
    game = sc.start(active=0)
    _move(game, mover, (10, 6))
    assert _xy(game, mover) == (10, 6) and game.state.status[mover] == Status.STANDING
    assert not game.state.turnover


@pytest.mark.parametrize("engine", ENGINES)
@pytest.mark.parametrize(("weather", "die", "made"),
                         [(Weather.NICE, 2, True), (Weather.NICE, 1, False),
                          (Weather.BLIZZARD, 3, True), (Weather.BLIZZARD, 2, False)])
def test_a_rush_is_two_plus_or_three_plus_in_a_blizzard(engine: str, weather: Weather, die: int,
                                                       made: bool) -> None:
    """An open Blitzer with MA 1 steps twice: the second step is a Rush. Failure: Knocked Down
    in the square entered, turnover."""
    sc = Scenario(_team("human"), _team("orc"), script=d6(die) + ([] if made else HOLDS),
                  engine=engine, rules=BB2020)
    sc.set(rerolls=(0, 0), weather=weather)
    mover = sc.pid(0, "Blitzer")
    sc.grant(mover, ma=1).put(mover, (5, 7))
    game = sc.start(active=0)
    _move(game, mover, (6, 7), (7, 7))
    assert _xy(game, mover) == (7, 7)
    assert game.state.status[mover] == (Status.STANDING if made else Status.PRONE)
    assert game.state.turnover is not made
    assert not game.roller.queue  # type: ignore[attr-defined]


@pytest.mark.parametrize("engine", ENGINES)
@pytest.mark.parametrize(("square", "weather", "die", "made"),
                         [((9, 6), Weather.NICE, 3, True), ((9, 6), Weather.NICE, 2, False),
                          ((9, 8), Weather.NICE, 4, True), ((9, 8), Weather.NICE, 3, False),
                          ((9, 6), Weather.POURING_RAIN, 4, True),
                          ((9, 6), Weather.POURING_RAIN, 3, False)])
def test_a_pick_up_is_an_agility_test_less_markers_and_rain(
        engine: str, square: tuple[int, int], weather: Weather, die: int, made: bool) -> None:
    """The ball lies on the square the Blitzer steps onto. (9, 6) is open (3+; 4+ in Pouring
    Rain), (9, 8) marked once (4+); the dodge out of the Blitzer's marked square is made on a
    6 first. Failure: the ball
    bounces (D8 2: one square up), turnover."""
    script = d6(6) + d6(die) + ([] if made else d8(2))
    sc, mover, _, _ = _scenario(engine, script)
    sc.set(weather=weather)
    sc.ball_at(square)
    game = sc.start(active=0)
    _move(game, mover, square)
    s = game.state
    assert s.status[mover] == Status.STANDING and _xy(game, mover) == square
    if made:
        assert s.carrier() == mover and not s.turnover
    else:
        assert s.ball_state == BallState.ON_GROUND and s.board.xy(s.ball) == (square[0], square[1] - 1)
        assert s.turnover
    assert not game.roller.queue  # type: ignore[attr-defined]


def test_the_base_modifiers_are_the_rulesets() -> None:
    assert (BB2020.dodge_base, BB2020.pickup_base) == (0, 0)
    assert (LRB6.dodge_base, LRB6.pickup_base) == (1, 1)


def test_the_digests_movement_probabilities() -> None:
    """TABLES §16: AG 3+ dodge into 1 marked square 4+ (1/2); AG 3+ pick-up unmarked 3+ (2/3);
    two Rushes, no re-roll, 25/36."""
    sc, mover, _, _ = _scenario("python", [])
    s = sc.state
    target = ag_target(s, mover)
    assert Fraction(7 - need(target, dodge_modifier(s, mover, s.board.sq(9, 8))), 6) == Fraction(1, 2)
    s.move_player(mover, s.board.sq(9, 6))
    assert Fraction(7 - need(target, pickup_roll_modifier(s, mover)), 6) == Fraction(2, 3)
    assert Fraction(7 - need(gfi_target(s), 0, False), 6) ** 2 == Fraction(25, 36)


@NO_NATIVE
def test_the_pathfinders_plan_bb2020_dodges_and_pick_ups_alike() -> None:
    """Both engines' path searches price a BB2020 dodge and pick-up by the ruleset's base: the
    Blitzer's safest path to the ball on (9, 8) dodges into the open (9, 7) (3+, LRB6 2+) and
    steps on to pick up, marked once (4+, LRB6 3+)."""
    sc, mover, _, _ = _scenario("python", [])
    sc.ball_at((9, 8))
    s = sc.state
    ps = search(s, mover, team_reroll=False)
    path = ps.path((9, 8))
    assert path is not None and path.steps == [(9, 7), (9, 8)]
    assert path.rolls == [("dodge", 3), ("pickup", 4)] and path.prob == pytest.approx(1 / 3)
    assert native_paths(s, mover, 0, False, True) == python_paths(ps)
