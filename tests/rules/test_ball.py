"""The loose ball: bounce template, bouncing off prone players, throw-ins, Pouring Rain."""

import pytest

from nuffle.core.actions import ActionType
from nuffle.core.dice import d6, d8, two_d6
from nuffle.core.procedures.ball import throw_in_direction
from nuffle.core.types import BallState, Status, Weather
from nuffle.testing import LINEMAN, LINEMAN2, O_LINE, Scenario, do, roller_of

T = ActionType


def failed_pickup(script, ball_sq, start_sq, extra=(), weather=Weather.NICE):
    """The Lineman steps onto the ball and fails the pick-up (no re-roll available)."""
    sc = Scenario(script=script)
    sc.put(LINEMAN, start_sq).ball_at(ball_sq).set(weather=weather)
    for pid, sq, st in extra:
        sc.put(pid, sq, st)
    game = sc.start(active=0)
    do(game, T.START_MOVE, LINEMAN)
    do(game, T.MOVE, square=ball_sq)
    return game


@pytest.mark.parametrize(
    ("die", "square"),
    [(1, (9, 6)), (2, (10, 6)), (3, (11, 6)), (4, (9, 7)), (5, (11, 7)), (6, (9, 8)),
     (7, (10, 8)), (8, (11, 8))],
)
def test_bounce_template(die, square):
    game = failed_pickup(d6(1) + d8(die), (10, 7), (10, 8))
    s = game.state
    assert s.board.xy(s.ball) == square
    assert s.ball_state == BallState.ON_GROUND
    assert s.turnover  # failed pick-up


def test_bounce_onto_prone_player_bounces_again():
    extra = [(O_LINE, (11, 7), Status.PRONE)]
    game = failed_pickup(d6(1) + d8(5, 8), (10, 7), (10, 8), extra=extra)
    s = game.state
    assert s.board.xy(s.ball) == (12, 8)
    assert s.ball_state == BallState.ON_GROUND


def test_bounce_onto_standing_player_is_a_catch_without_bonus():
    extra = [(LINEMAN2, (11, 7), Status.STANDING)]
    game = failed_pickup(d6(1) + d8(5) + d6(4), (10, 7), (10, 8), extra=extra)
    s = game.state
    assert s.carrier() == LINEMAN2
    assert s.turnover  # the failed pick-up already turned the ball over


def test_bounce_catch_needs_four_without_bonus():
    extra = [(LINEMAN2, (11, 7), Status.STANDING)]
    game = failed_pickup(d6(1) + d8(5) + d6(3) + d8(5), (10, 7), (10, 8), extra=extra)
    s = game.state
    assert s.carrier() == -1
    assert s.board.xy(s.ball) == (12, 7)


def test_pouring_rain_minus_one_on_pickup():
    game = failed_pickup(d6(3) + d8(5), (10, 7), (10, 8), weather=Weather.POURING_RAIN)
    assert game.state.turnover  # 3 + 1 - 1 = 3 < 4
    sc = Scenario(script=d6(3))
    sc.put(LINEMAN, (10, 8)).ball_at((10, 7))
    game = sc.start(active=0)
    do(game, T.START_MOVE, LINEMAN)
    do(game, T.MOVE, square=(10, 7))
    assert game.state.carrier() == LINEMAN  # 3 + 1 = 4 in nice weather


def test_pouring_rain_minus_one_on_bounce_catch():
    extra = [(LINEMAN2, (11, 7), Status.STANDING)]
    script = d6(1) + d8(5) + d6(4) + d8(5)  # catch 4 - 1 = 3 fails in the rain
    game = failed_pickup(script, (10, 7), (10, 8), extra=extra, weather=Weather.POURING_RAIN)
    assert game.state.carrier() == -1


@pytest.mark.parametrize(
    ("last", "out", "expected"),
    [
        ((10, 0), (10, -1), [(1, 1), (0, 1), (-1, 1)]),  # top sideline
        ((10, 14), (10, 15), [(-1, -1), (0, -1), (1, -1)]),  # bottom sideline
        ((0, 7), (-1, 7), [(1, -1), (1, 0), (1, 1)]),  # left end line
        ((25, 7), (26, 7), [(-1, 1), (-1, 0), (-1, -1)]),  # right end line
        ((0, 0), (-1, -1), [(1, -1), (1, 0), (1, 1)]),  # corner: the end line
        ((25, 14), (26, 15), [(-1, 1), (-1, 0), (-1, -1)]),
    ],
)
def test_throw_in_template(last, out, expected):
    s = Scenario().state
    b = s.board
    got = [throw_in_direction(s, b.sq(*last), b.sq(*out), d) for d in range(1, 7)]
    assert got == [expected[0], expected[0], expected[1], expected[1], expected[2], expected[2]]


def test_ball_bouncing_out_is_thrown_in_with_2d6_distance():
    # ball at (10,0); failed pick-up bounces up (D8 2) -> out. Throw-in from (10,0):
    # D6 5 -> (-1,+1), 2D6 = 4 -> (6,4), empty -> bounces (D8 7) to (6,5).
    script = d6(1) + d8(2) + d6(5) + two_d6(1, 3) + d8(7)
    game = failed_pickup(script, (10, 0), (10, 1))
    s = game.state
    assert s.board.xy(s.ball) == (6, 5)
    assert s.ball_state == BallState.ON_GROUND
    assert not roller_of(game).queue


def test_throw_in_caught_by_player_no_bonus():
    script = d6(1) + d8(2) + d6(3) + two_d6(2, 3) + d6(4)
    extra = [(LINEMAN2, (10, 5), Status.STANDING)]
    game = failed_pickup(script, (10, 0), (10, 1), extra=extra)
    assert game.state.carrier() == LINEMAN2


def test_throw_in_leaving_again_gets_a_second_throw_in():
    # From (10,0): D6 1 -> (+1,+1), 2D6 = 12 would reach (22,12): stays on. Use the bottom:
    # ball at (3,14), bounce down (D8 7) out; throw-in from (3,14): D6 1 -> (-1,-1), 2D6 = 6:
    # (2,13),(1,12),(0,11), then off at (-1,10): second throw-in from (0,11) over the left
    # end line: D6 3 -> (+1,0), 2D6 = 2 -> (2,11); empty -> bounce D8 5 -> (3,11).
    script = d6(1) + d8(7) + d6(1) + two_d6(3, 3) + d6(3) + two_d6(1, 1) + d8(5)
    game = failed_pickup(script, (3, 14), (3, 13))
    s = game.state
    assert s.board.xy(s.ball) == (3, 11)
    assert not roller_of(game).queue
