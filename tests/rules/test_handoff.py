"""Hand-offs: adjacent standing team-mates, catch +1, failure, no roll for the giver."""

from nuffle.core.actions import ActionType
from nuffle.core.dice import d6, d8
from nuffle.core.types import BallState, Status, Weather
from nuffle.testing import LINEMAN, LINEMAN2, LINEMAN3, O_LINE, THROWER, Scenario, do, legal_group, roller_of

T = ActionType


def handoff_game(script, weather=Weather.NICE, extra=()):
    sc = Scenario(script=script)
    sc.put(THROWER, (5, 7)).give_ball(THROWER).put(LINEMAN, (6, 7)).set(weather=weather)
    for pid, sq in extra:
        sc.put(pid, sq)
    game = sc.start(active=0)
    do(game, T.START_HANDOFF, THROWER)
    return game


def test_only_adjacent_standing_team_mates_are_targets():
    sc = Scenario()
    sc.put(THROWER, (5, 7)).give_ball(THROWER).put(LINEMAN, (6, 7))
    sc.put(LINEMAN2, (4, 6), Status.PRONE)  # adjacent but prone
    sc.put(LINEMAN3, (7, 7))  # standing but not adjacent
    sc.put(O_LINE, (5, 8))  # adjacent opponent
    game = sc.start(active=0)
    do(game, T.START_HANDOFF, THROWER)
    assert legal_group(game, T.HANDOFF).squares == ((6, 7),)


def test_handoff_catch_with_plus_one_no_roll_for_giver():
    game = handoff_game(d6(3))  # the only die: the receiver's catch, 3 + 1 = 4
    do(game, T.HANDOFF, square=(6, 7))
    s = game.state
    assert s.carrier() == LINEMAN
    assert not s.turnover
    assert not roller_of(game).queue


def test_failed_handoff_bounces_and_turns_over():
    game = handoff_game(d6(2) + d8(5))  # 2 + 1 = 3 fails
    do(game, T.HANDOFF, square=(6, 7))
    s = game.state
    assert s.ball_state == BallState.ON_GROUND
    assert s.board.xy(s.ball) == (7, 7)
    assert s.turnover


def test_failed_handoff_caught_by_bounce_team_mate_no_turnover():
    game = handoff_game(d6(2) + d8(5) + d6(4), extra=[(LINEMAN2, (7, 7))])
    do(game, T.HANDOFF, square=(6, 7))
    s = game.state
    assert s.carrier() == LINEMAN2
    assert not s.turnover


def test_handoff_in_pouring_rain_minus_one():
    game = handoff_game(d6(3) + d8(5), weather=Weather.POURING_RAIN)  # 3 + 1 - 1 = 3 fails
    do(game, T.HANDOFF, square=(6, 7))
    assert game.state.turnover


def test_handoff_allowed_in_blizzard_after_moving():
    sc = Scenario(script=d6(3))
    sc.put(THROWER, (5, 7)).give_ball(THROWER).put(LINEMAN, (8, 7)).set(weather=Weather.BLIZZARD)
    game = sc.start(active=0)
    do(game, T.START_HANDOFF, THROWER)
    assert T.HANDOFF not in game.legal_actions().types()
    do(game, T.MOVE, square=(6, 7))
    do(game, T.MOVE, square=(7, 7))
    do(game, T.HANDOFF, square=(8, 7))
    assert game.state.carrier() == LINEMAN


def test_one_handoff_per_turn():
    sc = Scenario(script=d6(3))
    sc.put(THROWER, (5, 7)).give_ball(THROWER).put(LINEMAN, (6, 7)).put(LINEMAN2, (9, 9))
    game = sc.start(active=0)
    do(game, T.START_HANDOFF, THROWER)
    do(game, T.HANDOFF, square=(6, 7))
    assert T.START_HANDOFF not in game.legal_actions().types()
