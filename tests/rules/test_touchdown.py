"""Touchdowns: moving in with the ball, catching in the end zone, knocked down does not score."""

from nuffle.core.actions import ActionType
from nuffle.core.dice import block, d6, d8, two_d6
from nuffle.core.types import BlockFace, Status
from nuffle.testing import LINEMAN, LINEMAN2, O_LINE, THROWER, Scenario, do

T = ActionType


def test_moving_into_end_zone_with_ball_scores():
    sc = Scenario().set(turn=(2, 2))
    sc.put(LINEMAN, (24, 7)).give_ball(LINEMAN)
    game = sc.start(active=0)
    do(game, T.START_MOVE, LINEMAN)
    do(game, T.MOVE, square=(25, 6))
    s = game.state
    assert s.touchdown == 0
    assert s.teams[0].score == 1
    assert s.teams[1].turn == 2  # no marker change in the scorer's own turn
    assert game.is_over  # the turn (and the scenario) ends


def test_away_team_scores_at_x0():
    sc = Scenario()
    sc.put(O_LINE, (1, 7)).give_ball(O_LINE)
    game = sc.start(active=1)
    do(game, T.START_MOVE, O_LINE)
    do(game, T.MOVE, square=(0, 7))
    assert game.state.teams[1].score == 1


def test_moving_into_own_end_zone_does_not_score():
    sc = Scenario()
    sc.put(LINEMAN, (1, 7)).give_ball(LINEMAN)
    game = sc.start(active=0)
    do(game, T.START_MOVE, LINEMAN)
    do(game, T.MOVE, square=(0, 7))
    assert game.state.touchdown == -1
    assert game.state.teams[0].score == 0


def test_moving_into_end_zone_without_ball_does_not_score():
    sc = Scenario()
    sc.put(LINEMAN, (24, 7)).put(LINEMAN2, (20, 7)).give_ball(LINEMAN2)
    game = sc.start(active=0)
    do(game, T.START_MOVE, LINEMAN)
    do(game, T.MOVE, square=(25, 7))
    assert game.state.touchdown == -1


def test_catch_in_end_zone_scores():
    sc = Scenario(script=d6(4, 3))
    sc.put(THROWER, (21, 7)).give_ball(THROWER).put(LINEMAN, (25, 7))
    game = sc.start(active=0)
    do(game, T.START_PASS, THROWER)
    do(game, T.PASS, square=(25, 7))
    s = game.state
    assert s.touchdown == 0
    assert s.teams[0].score == 1


def test_picking_up_ball_in_end_zone_scores():
    sc = Scenario(script=d6(3))
    sc.put(LINEMAN, (24, 7)).ball_at((25, 7))
    game = sc.start(active=0)
    do(game, T.START_MOVE, LINEMAN)
    do(game, T.MOVE, square=(25, 7))
    assert game.state.teams[0].score == 1


def test_knocked_down_in_end_zone_does_not_score():
    # failed GFI into the end zone: knocked down there, ball bounces
    sc = Scenario(script=d6(1) + two_d6(1, 2) + d8(4))
    sc.put(LINEMAN, (18, 7)).give_ball(LINEMAN)
    game = sc.start(active=0)
    do(game, T.START_MOVE, LINEMAN)
    for x in range(19, 25):
        do(game, T.MOVE, square=(x, 7))
    do(game, T.MOVE, square=(25, 7))  # 7th square: GFI 1 fails
    s = game.state
    assert s.board.xy(s.pos[LINEMAN]) == (25, 7)
    assert s.status[LINEMAN] == Status.PRONE
    assert s.touchdown == -1
    assert s.teams[0].score == 0
    assert s.board.xy(s.ball) == (24, 7)
    assert s.turnover


def test_failed_dodge_into_end_zone_does_not_score():
    sc = Scenario(script=d6(2) + two_d6(1, 2) + d8(1))
    sc.put(LINEMAN, (24, 7)).give_ball(LINEMAN).put(O_LINE, (23, 7))
    game = sc.start(active=0)
    do(game, T.START_MOVE, LINEMAN)
    do(game, T.MOVE, square=(25, 8))
    s = game.state
    assert s.status[LINEMAN] == Status.PRONE
    assert s.teams[0].score == 0


def test_following_up_into_end_zone_with_ball_scores():
    # the defender in the end zone is pushed into the crowd; the ball carrier follows up
    sc = Scenario(script=block(BlockFace.PUSHED) + two_d6(1, 2))
    sc.put(0, (24, 7)).give_ball(0).put(O_LINE, (25, 7))
    game = sc.start(active=0)
    do(game, T.START_BLOCK, 0)
    do(game, T.BLOCK, square=(25, 7))
    do(game, T.SELECT_PUSHED)
    do(game, T.PUSH, square=(26, 7))
    assert game.state.status[O_LINE] == Status.RESERVE
    do(game, T.FOLLOW_UP)
    s = game.state
    assert s.board.xy(s.pos[0]) == (25, 7)
    assert s.touchdown == 0
    assert s.teams[0].score == 1
