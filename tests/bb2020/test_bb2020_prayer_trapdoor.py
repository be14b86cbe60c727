"""BB2020's Treacherous Trapdoor prayer on both engines with forced dice (TABLES §12, RULES
§1): while either team has it, a player stepping, pushed or following up onto (6, 1) or
(19, 13) rolls a D6; on a 1 he falls through: removed as if pushed into the crowd (injury roll),
a ball he held thrown in from the sideline; a mover or follower falling through ends his team's
turn (procedures/prayer_trapdoor.py)."""

from __future__ import annotations

import importlib.util

import pytest

from nuffle.core.actions import Action, ActionType
from nuffle.core.decision import DecisionKind
from nuffle.core.dice import Dice, ExplicitRoller, Outcome, block, d6, two_d6
from nuffle.core.game import Game
from nuffle.core.procedures.prayer_trapdoor import trapdoors
from nuffle.core.types import BallState, BlockFace, Status
from nuffle.testing import Scenario, bb2020_scenario, bb2020_team

HAS_NATIVE = importlib.util.find_spec("nuffle._native") is not None
NO_NATIVE = pytest.mark.skipif(not HAS_NATIVE, reason="no native extension")
ENGINES = ["python", pytest.param("native", marks=NO_NATIVE)]
TRAPDOOR = "Treacherous Trapdoor"
MOVER = 0  # the home Thrower


def _step(sc: Scenario, start: tuple[int, int], to: tuple[int, int], ball: bool = False) -> Game:
    sc.put(MOVER, start)
    if ball:
        sc.give_ball(MOVER)
    game = sc.start(active=0)
    game.step(Action(ActionType.START_MOVE, MOVER))
    game.step(Action(ActionType.MOVE, None, to))
    return game


def test_the_trapdoors_are_the_digests() -> None:
    assert trapdoors(bb2020_scenario().state.board) == ((6, 1), (19, 13))


@pytest.mark.parametrize("engine", ENGINES)
@pytest.mark.parametrize(("side", "square"), [(0, (6, 1)), (1, (19, 13))])
def test_a_one_drops_him_through_the_trapdoor(engine: str, side: int, square: tuple[int, int]) -> None:
    """Either team's prayer opens both trapdoors; a 1, then the crowd's injury roll (4: stunned,
    to the reserves); a turnover ends the turn (and this one-turn match)."""
    script: list[tuple[Dice, Outcome]] = d6(1) + two_d6(2, 2)
    sc = bb2020_scenario(script=script, engine=engine).pray(side, TRAPDOOR)
    start = (square[0] + 1, square[1] - 1 if square[1] > 7 else square[1] + 1)
    game = _step(sc, start, square)
    s = game.state
    assert s.pos[MOVER] == -1 and s.status[MOVER] == Status.RESERVE
    assert game.is_over and not game.roller.queue  # type: ignore[attr-defined]


@pytest.mark.parametrize("engine", ENGINES)
def test_a_two_and_he_walks_on(engine: str) -> None:
    sc = bb2020_scenario(script=d6(2), engine=engine).pray(1, TRAPDOOR)
    game = _step(sc, (7, 2), (6, 1))
    assert game.state.pos[MOVER] == game.state.board.sq(6, 1)
    assert game.decision().kind is DecisionKind.MOVE and not game.roller.queue  # type: ignore[attr-defined]


@pytest.mark.parametrize("engine", ENGINES)
@pytest.mark.parametrize("prayer", [False, True])
def test_no_roll_off_the_trapdoors_or_without_the_prayer(engine: str, prayer: bool) -> None:
    """No D6 on another square with the prayer, nor on a trapdoor without it."""
    sc = bb2020_scenario(engine=engine)
    if prayer:
        sc.pray(0, TRAPDOOR)
    game = _step(sc, (7, 2), (7, 1) if prayer else (6, 1))
    assert game.decision().kind is DecisionKind.MOVE


@pytest.mark.parametrize("engine", ENGINES)
def test_the_ball_is_thrown_in_from_the_sideline(engine: str) -> None:
    """The carrier falls through: the crowd has the ball, then throws it in from (6, 0)."""
    sc = bb2020_scenario(engine=engine).pray(0, TRAPDOOR)
    sc.roller = ExplicitRoller()  # type: ignore[assignment]
    game = _step(sc, (7, 2), (6, 1), ball=True)
    game.apply_chance(1)  # the trapdoor
    game.apply_chance((2, 2))  # the injury roll: stunned, to the reserves
    s = game.state
    assert s.status[MOVER] == Status.RESERVE and s.turnover
    assert s.ball == s.board.sq(6, 0) and s.ball_state == BallState.ON_GROUND
    assert [o.value for o in game.chance_outcomes()] == [1, 2, 3, 4, 5, 6]  # the throw-in's direction


BLITZER, GOBLIN = 2, 13  # the home Blitzer (ST 3) and an orc Goblin (ST 2): two block dice


def _block(engine: str, script: list[tuple[Dice, Outcome]], attacker_at: tuple[int, int],
           defender_at: tuple[int, int], push_to: tuple[int, int]) -> Game:
    sc = bb2020_scenario(script=script, engine=engine).pray(1, TRAPDOOR)
    sc.put(BLITZER, attacker_at).put(GOBLIN, defender_at)
    game = sc.start(active=0)
    game.step(Action(ActionType.START_BLOCK, BLITZER))
    game.step(Action(ActionType.BLOCK, None, defender_at))
    game.step(Action(ActionType.SELECT_PUSHED))
    game.step(Action(ActionType.PUSH, None, push_to))
    return game


@pytest.mark.parametrize("engine", ENGINES)
@pytest.mark.parametrize("die", [1, 3])
def test_a_player_pushed_onto_a_trapdoor_rolls(engine: str, die: int) -> None:
    """The Goblin pushed onto (6, 1): a 1 drops him through after the follow-up's choice (the
    crowd's injury roll, 4: stunned, to the reserves), no turnover; a 3 and he stays."""
    script = block(BlockFace.PUSHED, BlockFace.PUSHED) + d6(die) + (two_d6(2, 2) if die == 1 else [])
    game = _block(engine, script, (8, 3), (7, 2), (6, 1))
    game.step(Action(ActionType.DECLINE))  # no follow-up
    s = game.state
    assert not game.roller.queue  # type: ignore[attr-defined]
    if die == 1:
        assert s.pos[GOBLIN] == -1 and s.status[GOBLIN] == Status.RESERVE
    else:
        assert s.pos[GOBLIN] == s.board.sq(6, 1)
    assert not s.turnover and game.decision().kind is DecisionKind.SELECT_ACTION


@pytest.mark.parametrize("engine", ENGINES)
def test_following_up_onto_a_trapdoor_rolls(engine: str) -> None:
    """The Goblin stood on (6, 1) (he did not enter it: no roll), pushed off it; the Blitzer
    follows up onto it, rolls a 1 and falls through: a turnover."""
    script = block(BlockFace.PUSHED, BlockFace.PUSHED) + d6(1) + two_d6(2, 2)
    game = _block(engine, script, (7, 2), (6, 1), (5, 0))
    game.step(Action(ActionType.FOLLOW_UP))
    s = game.state
    assert not game.roller.queue  # type: ignore[attr-defined]
    assert s.pos[BLITZER] == -1 and s.status[BLITZER] == Status.RESERVE
    assert s.pos[GOBLIN] == s.board.sq(5, 0) and game.is_over  # the turnover ends this one-turn match


@pytest.mark.parametrize("engine", ENGINES)
@pytest.mark.parametrize(("start", "to"), [((1, 1), (0, 2)), ((2, 1), (3, 0))])
def test_no_trapdoor_on_a_board_too_small_for_it(engine: str, start: tuple[int, int],
                                                 to: tuple[int, int]) -> None:
    """On the one-player board (4 x 3) neither (6, 1) nor its mirror is on the pitch: no square
    rolls, (0, 2) and (3, 0) included (the squares whose padded native indices are those of
    (6, 1) and its mirror, where the native engine once rolled a D6 of its own)."""
    from nuffle.core.ruleset import BB2020

    sc = Scenario(bb2020_team("human"), bb2020_team("orc"), script=[], engine=engine, board=1,
                  rules=BB2020).pray(0, TRAPDOOR)
    assert trapdoors(sc.state.board) == ((6, 1), (-3, 1))
    game = _step(sc, start, to)
    assert game.state.pos[MOVER] == game.state.board.sq(*to)  # no D6 asked (the script is empty)
