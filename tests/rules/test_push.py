"""Push-backs: the fan, priorities, chain pushes, the crowd, the ball, touchdowns."""

from nuffle.core.actions import ActionType
from nuffle.core.dice import block, d6, d8, d68, two_d6
from nuffle.core.types import BallState, BlockFace, Decider, Status
from nuffle.testing import (
    BLITZER,
    LINEMAN,
    LINEMAN2,
    O_LINE,
    O_LINE2,
    O_LINE3,
    O_LINE4,
    PU,
    Scenario,
    do,
    roller_of,
)

T = ActionType


def push_options(att_sq, def_sq, extra=(), script=None):
    sc = Scenario(script=block(PU) if script is None else script)
    sc.put(BLITZER, att_sq).put(O_LINE, def_sq)
    for pid, sq in extra:
        sc.put(pid, sq)
    game = sc.start(active=0)
    do(game, T.START_BLOCK, BLITZER)
    do(game, T.BLOCK, square=def_sq)
    do(game, T.SELECT_PUSHED)
    return game


def test_orthogonal_fan():
    game = push_options((10, 7), (10, 8))
    assert set(game.legal_actions().group(T.PUSH).squares) == {(9, 9), (10, 9), (11, 9)}


def test_diagonal_fan():
    game = push_options((10, 7), (11, 8))
    assert set(game.legal_actions().group(T.PUSH).squares) == {(12, 9), (12, 8), (11, 9)}


def test_only_empty_squares_when_some_are_empty():
    game = push_options((10, 7), (11, 7), extra=[(O_LINE2, (12, 6)), (O_LINE4, (12, 8))])
    # a single legal square: chosen automatically, no PUSH decision
    assert game.legal_actions().types() == [T.FOLLOW_UP, T.DECLINE]
    assert game.state.board.xy(game.state.pos[O_LINE]) == (12, 7)


def test_empty_square_beats_crowd():
    game = push_options((9, 1), (10, 0))  # diagonal: (11,-1) and (10,-1) off, (11,0) empty
    assert game.legal_actions().types() == [T.FOLLOW_UP, T.DECLINE]
    assert game.state.board.xy(game.state.pos[O_LINE]) == (11, 0)


def test_crowd_beats_occupied_square():
    game = push_options((9, 1), (10, 0), extra=[(O_LINE2, (11, 0))])
    assert set(game.legal_actions().group(T.PUSH).squares) == {(11, -1), (10, -1)}


def test_all_occupied_offers_chain_squares():
    extra = [(O_LINE2, (12, 6)), (O_LINE3, (12, 7)), (LINEMAN, (12, 8))]
    game = push_options((10, 7), (11, 7), extra=extra)
    assert set(game.legal_actions().group(T.PUSH).squares) == {(12, 6), (12, 7), (12, 8)}


def test_two_link_chain_push():
    extra = [(O_LINE2, (12, 6)), (O_LINE3, (12, 7)), (LINEMAN, (12, 8))]
    game = push_options((10, 7), (11, 7), extra=extra)
    do(game, T.PUSH, square=(12, 7))
    # now O_LINE3 is pushed from (11,7): squares (13,6),(13,7),(13,8)
    assert set(game.legal_actions().group(T.PUSH).squares) == {(13, 6), (13, 7), (13, 8)}
    do(game, T.PUSH, square=(13, 8))
    do(game, T.DECLINE)
    s = game.state
    assert s.board.xy(s.pos[O_LINE3]) == (13, 8)
    assert s.board.xy(s.pos[O_LINE]) == (12, 7)
    assert s.status[O_LINE3] == Status.STANDING  # chain-pushed players are only moved


def test_crowd_surf_stunned_goes_to_reserves():
    script = block(PU) + two_d6(3, 4)  # no armour roll: straight to injury, 7 stunned
    game = push_options((10, 1), (10, 0), script=script)
    do(game, T.PUSH, square=(10, -1))
    s = game.state
    assert s.pos[O_LINE] < 0
    # The follow-up is decided before the crowd's injury roll (RULES 9.1 step 7).
    assert game.legal_actions().types() == [T.FOLLOW_UP, T.DECLINE]
    assert roller_of(game).queue, "no injury roll before the follow-up decision"
    do(game, T.FOLLOW_UP)
    assert s.board.xy(s.pos[BLITZER]) == (10, 0)
    assert not roller_of(game).queue
    assert s.status[O_LINE] == Status.RESERVE


def test_crowd_surf_ko_goes_to_ko_box():
    game = push_options((10, 1), (10, 0), script=block(PU) + two_d6(4, 4))
    do(game, T.PUSH, square=(9, -1))
    do(game, T.DECLINE)
    assert game.state.status[O_LINE] == Status.KO


def test_crowd_surf_casualty():
    game = push_options((10, 1), (10, 0), script=block(PU) + two_d6(5, 6) + d68(41))
    do(game, T.PUSH, square=(11, -1))
    do(game, T.DECLINE)
    assert game.state.status[O_LINE] == Status.CASUALTY


def test_crowd_surfed_ball_carrier_throw_in_from_last_square():
    # injury 7 stunned; throw-in from (10,0): D6 3 -> straight down (0,+1), 2D6 = 3, lands on
    # the empty (10,3) and bounces (D8 5 -> (11,3)).
    script = block(PU) + two_d6(3, 4) + d6(3) + two_d6(1, 2) + d8(5)
    sc = Scenario(script=script)
    sc.put(BLITZER, (10, 1)).put(O_LINE, (10, 0)).give_ball(O_LINE)
    game = sc.start(active=0)
    do(game, T.START_BLOCK, BLITZER)
    do(game, T.BLOCK, square=(10, 0))
    do(game, T.SELECT_PUSHED)
    do(game, T.PUSH, square=(10, -1))
    do(game, T.DECLINE)
    s = game.state
    assert s.ball_state == BallState.ON_GROUND
    assert s.board.xy(s.ball) == (11, 3)
    assert not roller_of(game).queue
    assert not s.turnover


def test_pushed_onto_loose_ball_bounces():
    sc = Scenario(script=block(PU) + d8(7))
    sc.put(BLITZER, (10, 7)).put(O_LINE, (11, 7)).ball_at((12, 7))
    game = sc.start(active=0)
    do(game, T.START_BLOCK, BLITZER)
    do(game, T.BLOCK, square=(11, 7))
    do(game, T.SELECT_PUSHED)
    do(game, T.PUSH, square=(12, 7))
    do(game, T.DECLINE)
    s = game.state
    assert s.board.xy(s.ball) == (12, 8)
    assert s.ball_state == BallState.ON_GROUND
    assert s.board.xy(s.pos[O_LINE]) == (12, 7)


def test_pushed_ball_carrier_into_opposing_end_zone_scores_in_opponents_turn():
    sc = Scenario(script=block(PU))
    sc.put(BLITZER, (2, 7)).put(O_LINE, (1, 7)).give_ball(O_LINE).set(turn=(3, 3))
    game = sc.start(active=0)
    assert game.state.teams[0].turn == 4
    do(game, T.START_BLOCK, BLITZER)
    do(game, T.BLOCK, square=(1, 7))
    do(game, T.SELECT_PUSHED)
    do(game, T.PUSH, square=(0, 7))
    do(game, T.DECLINE)
    s = game.state
    assert s.touchdown == 1
    assert s.teams[1].score == 1 and s.teams[0].score == 0
    assert s.teams[1].turn == 4  # engine choice (RULES 7.1 [?]): the scorer's marker +1
    assert s.teams[0].turn == 4
    assert game.is_over


def test_chain_pushed_ball_carrier_into_opposing_end_zone_scores():
    sc = Scenario(script=block(PU))
    sc.put(BLITZER, (3, 7)).put(O_LINE, (2, 7)).put(O_LINE2, (1, 7)).give_ball(O_LINE2)
    sc.put(O_LINE3, (1, 6)).put(O_LINE4, (1, 8))  # force the chain through the carrier
    game = sc.start(active=0)
    do(game, T.START_BLOCK, BLITZER)
    do(game, T.BLOCK, square=(2, 7))
    do(game, T.SELECT_PUSHED)
    do(game, T.PUSH, square=(1, 7))
    do(game, T.PUSH, square=(0, 7))
    do(game, T.DECLINE)
    s = game.state
    assert s.board.xy(s.pos[O_LINE2]) == (0, 7)
    assert s.carrier() == O_LINE2
    assert s.touchdown == 1
    assert s.teams[1].score == 1
    assert game.is_over


def test_defender_down_carrier_pushed_into_end_zone_does_not_score():
    sc = Scenario(script=block(BlockFace.DEFENDER_DOWN) + two_d6(1, 2) + d8(5))
    sc.put(BLITZER, (2, 7)).put(O_LINE, (1, 7)).give_ball(O_LINE)
    game = sc.start(active=0)
    do(game, T.START_BLOCK, BLITZER)
    do(game, T.BLOCK, square=(1, 7))
    do(game, T.SELECT_DEFENDER_DOWN)
    do(game, T.PUSH, square=(0, 7))
    do(game, T.DECLINE)
    s = game.state
    assert s.status[O_LINE] == Status.PRONE
    assert s.touchdown == -1
    assert s.board.xy(s.ball) == (1, 7)


def test_pushed_ball_carrier_into_own_end_zone_does_not_score():
    sc = Scenario(script=block(PU))
    sc.put(BLITZER, (23, 7)).put(O_LINE, (24, 7)).give_ball(O_LINE)
    game = sc.start(active=0)
    do(game, T.START_BLOCK, BLITZER)
    do(game, T.BLOCK, square=(24, 7))
    do(game, T.SELECT_PUSHED)
    do(game, T.PUSH, square=(25, 7))
    do(game, T.DECLINE)
    s = game.state
    assert s.touchdown == -1
    assert s.carrier() == O_LINE


def _chain_own_carrier_into_crowd(carrier_has_ball: bool):
    """Home blocks O_LINE at (10,1) towards the sideline; the only fan square is (10,0), where a
    home player stands; he is chain-pushed into the crowd (injury 7: Stunned, to the reserves)."""
    script = block(PU) + two_d6(3, 4)
    if carrier_has_ball:
        script += d6(3) + two_d6(3, 4) + d8(1)  # throw-in from (10,0): lands on (10,6), bounces
    sc = Scenario(script=script)
    sc.put(LINEMAN, (10, 2)).put(O_LINE, (10, 1)).put(LINEMAN2, (10, 0))
    sc.put(O_LINE2, (9, 0)).put(O_LINE3, (11, 0))
    if carrier_has_ball:
        sc.give_ball(LINEMAN2)
    game = sc.start(active=0)
    do(game, T.START_BLOCK, LINEMAN)
    do(game, T.BLOCK, square=(10, 1))
    do(game, T.SELECT_PUSHED)
    do(game, T.PUSH, square=(10, 0))
    do(game, T.PUSH, square=(10, -1))
    do(game, T.DECLINE)
    assert not roller_of(game).queue
    return game


def test_moving_team_ball_carrier_chain_pushed_into_the_crowd_is_a_turnover():
    game = _chain_own_carrier_into_crowd(carrier_has_ball=True)
    s = game.state
    assert s.status[LINEMAN2] == Status.RESERVE
    assert s.turnover
    assert game.decider == Decider.NOBODY  # the turn ended (and with it the scenario)


def test_moving_team_player_without_the_ball_chain_pushed_into_the_crowd_no_turnover():
    game = _chain_own_carrier_into_crowd(carrier_has_ball=False)
    s = game.state
    assert s.status[LINEMAN2] == Status.RESERVE
    assert not s.turnover
    assert game.decider == Decider.HOME  # the turn goes on
