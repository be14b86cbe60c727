"""Passing: range bands, weather, interception, accuracy, catch, fumble, re-rolls."""

import pytest

from nuffle.core.actions import ActionType
from nuffle.core.dice import RollerError, d6, d8
from nuffle.core.procedures.passing import interceptors, pass_range
from nuffle.core.types import BallState, Status, Weather
from nuffle.testing import CATCHER, LINEMAN, O_LINE, O_LINE2, THROWER, Scenario, do

T = ActionType


@pytest.mark.parametrize(
    ("dx", "dy", "band"),
    [
        (0, 0, "T"), (1, 0, "Q"), (3, 0, "Q"), (3, 1, "Q"), (3, 2, "S"), (4, 0, "S"),
        (6, 0, "S"), (0, 6, "S"), (7, 0, "L"), (4, 6, "L"), (10, 0, "L"), (11, 0, "B"),
        (13, 1, "B"), (13, 2, "-"), (0, 13, "B"), (2, 13, "-"), (14, 0, "-"), (-3, -2, "S"),
        (5, -5, "L"), (-12, 4, "B"),
    ],
)
def test_pass_range_bands(dx, dy, band):
    assert pass_range(dx, dy) == band


def pass_game(script, target, weather=Weather.NICE, receiver=None, recv_sq=None, extra=(),
              rerolls=(0, 0), thrower=THROWER):
    sc = Scenario(script=script)
    sc.put(thrower, (5, 7)).give_ball(thrower).set(weather=weather, rerolls=rerolls)
    if receiver is not None:
        sc.put(receiver, recv_sq)
    for pid, sq in extra:
        sc.put(pid, sq)
    game = sc.start(active=0)
    do(game, T.START_PASS, thrower)
    if target is not None:
        do(game, T.PASS, square=target)
    return game


def test_blizzard_only_quick_and_short_targets():
    game = pass_game([], None, weather=Weather.BLIZZARD)
    squares = set(game.legal_actions().group(T.PASS).squares)
    assert (11, 7) in squares  # Short (dx 6)
    assert (12, 7) not in squares  # Long
    assert (5, 7) not in squares  # own square
    nice = set(pass_game([], None).legal_actions().group(T.PASS).squares)
    assert (12, 7) in nice and (16, 7) in nice  # Long and Long Bomb otherwise
    assert all(pass_range(x - 5, y - 7) in "QS" for x, y in squares)


def test_accurate_short_pass_and_catch_with_plus_one():
    # pass 4+ (Short, no modifier); catch AG3 with +1: a 3 is enough
    game = pass_game(d6(4, 3), (9, 7), receiver=LINEMAN, recv_sq=(9, 7))
    s = game.state
    assert s.carrier() == LINEMAN
    assert not s.turnover


def test_quick_pass_plus_one():
    game = pass_game(d6(3, 3), (7, 7), receiver=LINEMAN, recv_sq=(7, 7))  # 3 + 1 = 4
    assert game.state.carrier() == LINEMAN


def test_long_pass_minus_one_is_inaccurate_on_four():
    # Long: 4 - 1 = 3 < 4 and not a fumble: Pass skill re-roll offered; decline -> 3 scatters
    game = pass_game(d6(4) + d8(2, 7, 5) + d6(4), (13, 7), receiver=LINEMAN, recv_sq=(14, 7))
    assert game.decider == 0
    assert T.USE_SKILL in game.legal_actions().types()
    do(game, T.DECLINE)
    s = game.state
    # (13,7) -> (13,6) -> (13,7) -> (14,7): caught without the +1 (a 4 needed)
    assert s.carrier() == LINEMAN
    assert not s.turnover


def test_very_sunny_minus_one():
    game = pass_game(d6(4) + d8(5, 5, 5) + d8(1), (9, 7), weather=Weather.VERY_SUNNY)
    do(game, T.DECLINE)  # Pass re-roll declined: inaccurate
    s = game.state
    # scatters to (12,7), lands on an empty square and bounces to (11,6)
    assert s.board.xy(s.ball) == (11, 6)
    assert s.ball_state == BallState.ON_GROUND
    assert s.turnover


def test_inaccurate_pass_scatter_then_catch_fails_bounces():
    # catch needs 4 without bonus: 3 fails, no Catch skill, no re-roll -> bounce
    script = d6(2) + d8(4, 4, 4) + d6(3) + d8(7)
    game = pass_game(script, (9, 7), receiver=LINEMAN, recv_sq=(6, 7))
    do(game, T.DECLINE)
    s = game.state
    assert s.board.xy(s.ball) == (6, 8)
    assert s.ball_state == BallState.ON_GROUND
    assert s.turnover


def test_fumble_natural_one_bounces_from_thrower_and_turnover():
    game = pass_game(d6(1) + d8(8), (7, 7), receiver=LINEMAN, recv_sq=(7, 7))
    assert T.USE_SKILL in game.legal_actions().types()  # Pass skill may re-roll a fumble
    do(game, T.DECLINE)
    s = game.state
    assert s.board.xy(s.ball) == (6, 8)
    assert s.turnover
    assert s.carrier() == -1


def test_fumble_modified_to_one():
    # Long Bomb: 3 - 2 = 1 -> fumble (not an inaccurate pass: no scatter D8s from the target)
    game = pass_game(d6(3) + d8(2), (17, 7), receiver=LINEMAN, recv_sq=(17, 7))
    do(game, T.DECLINE)
    s = game.state
    assert s.board.xy(s.ball) == (5, 6)
    assert s.turnover


def test_fumble_caught_by_team_mate_is_still_a_turnover():
    game = pass_game(d6(1) + d8(5) + d6(4), (9, 7), receiver=LINEMAN, recv_sq=(6, 7))
    do(game, T.DECLINE)
    s = game.state
    assert s.carrier() == LINEMAN
    assert s.turnover


def test_incomplete_pass_to_empty_square_is_turnover():
    game = pass_game(d6(5) + d8(5), (9, 7))
    s = game.state
    assert s.board.xy(s.ball) == (10, 7)
    assert s.turnover


def test_pass_skill_reroll():
    game = pass_game(d6(1, 4, 3), (9, 7), receiver=LINEMAN, recv_sq=(9, 7))
    do(game, T.USE_SKILL)
    assert game.state.carrier() == LINEMAN


def test_pass_cannot_be_rerolled_twice():
    game = pass_game(d6(1, 1) + d8(1), (9, 7), receiver=LINEMAN, recv_sq=(9, 7), rerolls=(1, 0))
    do(game, T.USE_SKILL)
    s = game.state
    assert s.turnover
    assert s.teams[0].rerolls == 1


def test_catch_skill_reroll():
    game = pass_game(d6(4, 1, 3), (9, 7), receiver=CATCHER, recv_sq=(9, 7))
    assert T.USE_SKILL in game.legal_actions().types()
    do(game, T.USE_SKILL)
    assert game.state.carrier() == CATCHER
    assert not game.state.turnover


def test_catch_in_tackle_zone_minus_one():
    # accurate +1, one opposing TZ -1: a 3 fails
    script = d6(4, 3) + d8(7)
    game = pass_game(script, (9, 7), receiver=LINEMAN, recv_sq=(9, 7), extra=[(O_LINE, (10, 7))])
    s = game.state
    assert s.carrier() == -1
    assert s.turnover


# --- interception ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("square", "eligible"),
    [
        ((7, 7), True),  # on the line
        ((7, 8), True),  # beside the line: a corner is 0.5 away
        ((8, 6), True),
        ((7, 9), False),  # corners 1.5 away
        ((11, 7), False),  # beyond the target
        ((4, 7), False),  # behind the thrower
        ((10, 7), False),  # the target square
    ],
)
def test_interception_geometry_straight(square, eligible):
    sc = Scenario()
    sc.put(THROWER, (5, 7)).put(O_LINE, square)
    s = sc.state
    assert (O_LINE in interceptors(s, THROWER, s.board.sq(10, 7))) == eligible


def test_interception_geometry_diagonal():
    sc = Scenario()
    sc.put(THROWER, (5, 5)).put(O_LINE, (7, 7)).put(O_LINE2, (8, 6))
    sc.put(16 + 5, (5, 9))  # Orc lineman far off the line
    s = sc.state
    found = interceptors(s, THROWER, s.board.sq(10, 10))
    assert O_LINE in found  # on the diagonal
    assert O_LINE2 in found  # corner (7.5, 6.5) is ~0.71 from the line
    assert 21 not in found


def test_prone_player_cannot_intercept():
    sc = Scenario()
    sc.put(THROWER, (5, 7)).put(O_LINE, (7, 7), Status.PRONE)
    s = sc.state
    assert interceptors(s, THROWER, s.board.sq(10, 7)) == ()


def test_defending_side_chooses_interceptor_or_declines():
    game = pass_game(d6(4, 3), (10, 7), receiver=LINEMAN, recv_sq=(10, 7), extra=[(O_LINE, (7, 7))])
    assert game.decider == 1
    legal = game.legal_actions()
    assert set(legal.types()) == {T.SELECT_PLAYER, T.DECLINE}
    assert legal.group(T.SELECT_PLAYER).players == (O_LINE,)
    do(game, T.DECLINE)
    assert game.state.carrier() == LINEMAN


def test_successful_interception_is_turnover():
    # AG3 with -2: only a natural 6
    game = pass_game(d6(6), (10, 7), receiver=LINEMAN, recv_sq=(10, 7), extra=[(O_LINE, (7, 7))])
    do(game, T.SELECT_PLAYER, O_LINE)
    s = game.state
    assert s.carrier() == O_LINE
    assert s.turnover


def test_failed_interception_pass_goes_on():
    script = d6(5) + d6(4, 3)  # 5 - 2 = 3 fails; then pass and catch
    game = pass_game(script, (10, 7), receiver=LINEMAN, recv_sq=(10, 7), extra=[(O_LINE, (7, 7))])
    do(game, T.SELECT_PLAYER, O_LINE)
    s = game.state
    assert s.carrier() == LINEMAN
    assert not s.turnover


def test_no_interception_decision_without_eligible_player():
    script = d6(4, 3)
    game = pass_game(script, (10, 7), receiver=LINEMAN, recv_sq=(10, 7), extra=[(O_LINE, (7, 10))])
    assert game.state.carrier() == LINEMAN


def test_passing_to_a_square_out_of_range_is_illegal():
    game = pass_game([], None)
    with pytest.raises(ValueError):
        do(game, T.PASS, square=(20, 7))
    with pytest.raises(RollerError):  # sanity: the script is empty, any roll would raise
        do(game, T.PASS, square=(9, 7))


def test_catch_skill_rerolls_a_failed_interception():
    # Engine choice for RULES 10.5 [?]: Catch re-rolls a failed interception (Human Catcher).
    sc = Scenario(script=d6(5, 6))
    sc.put(12, (5, 7)).give_ball(12).put(O_LINE, (10, 7)).put(CATCHER, (7, 7))
    game = sc.start(active=1)
    do(game, T.START_PASS, 12)
    do(game, T.PASS, square=(10, 7))
    assert game.decider == 0
    do(game, T.SELECT_PLAYER, CATCHER)
    assert game.decider == 0
    assert set(game.legal_actions().types()) == {T.USE_SKILL, T.DECLINE}  # no team re-roll
    do(game, T.USE_SKILL)
    s = game.state
    assert s.carrier() == CATCHER
    assert s.turnover
