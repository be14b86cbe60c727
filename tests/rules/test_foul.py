"""Fouls: assists both ways, the referee on doubles, bribes, turnover, the fouler's ball."""

from nuffle.core.actions import ActionType
from nuffle.core.dice import d6, d8, two_d6
from nuffle.core.types import BallState, Status
from nuffle.testing import LINEMAN, LINEMAN2, O_LINE, O_LINE2, Scenario, do, roller_of

T = ActionType


def foul(script, extra=(), bribes=(0, 0), ball=False):
    """Home Lineman at (10,7) fouls the prone Orc Lineman (AV 9) at (11,7)."""
    sc = Scenario(script=script)
    sc.put(LINEMAN, (10, 7)).put(O_LINE, (11, 7), Status.PRONE).set(bribes=bribes)
    for pid, sq in extra:
        sc.put(pid, sq)
    if ball:
        sc.give_ball(LINEMAN)
    game = sc.start(active=0)
    do(game, T.START_FOUL, LINEMAN)
    do(game, T.FOUL, square=(11, 7))
    return game


def test_unassisted_foul_not_broken():
    game = foul(two_d6(4, 5))
    s = game.state
    assert s.status[O_LINE] == Status.PRONE
    assert s.status[LINEMAN] == Status.STANDING
    assert not s.turnover
    assert not roller_of(game).queue


def test_offensive_foul_assist_adds_one():
    game = foul(two_d6(4, 5) + two_d6(2, 3), extra=[(LINEMAN2, (12, 7))])  # 9 + 1 breaks AV 9
    assert game.state.status[O_LINE] == Status.STUNNED


def test_marked_foul_assister_does_not_count():
    extra = [(LINEMAN2, (12, 7)), (O_LINE2, (13, 7))]
    game = foul(two_d6(4, 5), extra=extra)  # no injury roll
    assert game.state.status[O_LINE] == Status.PRONE
    assert not roller_of(game).queue


def test_defensive_foul_assist_subtracts_one():
    extra = [(LINEMAN2, (12, 7)), (O_LINE2, (9, 7))]  # +1 -1: 9 holds
    game = foul(two_d6(4, 5), extra=extra)
    assert game.state.status[O_LINE] == Status.PRONE
    assert not roller_of(game).queue


def test_defensive_assist_alone():
    game = foul(two_d6(4, 6), extra=[(O_LINE2, (9, 6))])  # 10 - 1 = 9 holds
    assert game.state.status[O_LINE] == Status.PRONE
    assert not roller_of(game).queue


def test_armour_double_sends_off_even_if_not_broken():
    game = foul(two_d6(2, 2))
    s = game.state
    assert s.status[O_LINE] == Status.PRONE
    assert s.status[LINEMAN] == Status.SENT_OFF
    assert s.pos[LINEMAN] < 0
    assert s.turnover
    assert game.is_over


def test_injury_double_sends_off_after_the_injury():
    game = foul(two_d6(4, 6) + two_d6(4, 4))
    s = game.state
    assert s.status[O_LINE] == Status.KO
    assert s.status[LINEMAN] == Status.SENT_OFF
    assert s.turnover


def test_bribe_success_keeps_fouler_and_no_turnover():
    game = foul(two_d6(3, 3) + d6(2), bribes=(1, 0))
    assert game.decider == 0
    assert set(game.legal_actions().types()) == {T.USE_BRIBE, T.DECLINE}
    do(game, T.USE_BRIBE)
    s = game.state
    assert s.status[LINEMAN] == Status.STANDING
    assert s.teams[0].bribes == 0
    assert not s.turnover


def test_bribe_roll_of_one_fails():
    game = foul(two_d6(3, 3) + d6(1), bribes=(1, 0))
    do(game, T.USE_BRIBE)
    s = game.state
    assert s.status[LINEMAN] == Status.SENT_OFF
    assert s.teams[0].bribes == 0
    assert s.turnover


def test_declined_bribe_sends_off():
    game = foul(two_d6(3, 3), bribes=(1, 0))
    do(game, T.DECLINE)
    assert game.state.status[LINEMAN] == Status.SENT_OFF
    assert game.state.teams[0].bribes == 1


def test_sent_off_fouler_drops_the_ball_which_bounces():
    game = foul(two_d6(2, 2) + d8(2), ball=True)
    s = game.state
    assert s.status[LINEMAN] == Status.SENT_OFF
    assert s.ball_state == BallState.ON_GROUND
    assert s.board.xy(s.ball) == (10, 6)


def test_foul_is_not_a_turnover_and_ends_the_action():
    game = foul(two_d6(1, 2), extra=[(LINEMAN2, (3, 3))])
    assert not game.state.turnover
    legal = game.legal_actions()
    assert LINEMAN not in legal.group(T.START_MOVE).players
    assert T.START_FOUL not in legal.types()  # one foul per turn
