"""Blocks: strength and assists, dice and chooser, re-rolls, every face, follow-up, Blitz."""

import pytest

from nuffle.core.actions import ActionType
from nuffle.core.dice import RollerError, block, d6, two_d6
from nuffle.core.types import Status
from nuffle.testing import (
    AD,
    BD,
    BLITZER,
    DD,
    DS,
    LINEMAN,
    O_BLITZER,
    O_GOBLIN,
    O_LINE,
    O_LINE2,
    OGRE,
    PU,
    Scenario,
    do,
    roller_of,
)

T = ActionType


def start_block(sc, attacker, target, active=0):
    game = sc.start(active=active)
    do(game, T.START_BLOCK, attacker)
    do(game, T.BLOCK, square=target)
    return game


def basic(script, attacker=BLITZER, defender=O_LINE, rerolls=(0, 0)):
    sc = Scenario(script=script)
    sc.put(attacker, (10, 7)).put(defender, (11, 7)).set(rerolls=rerolls)
    return sc


# --- strength, assists, dice count and chooser -----------------------------------------


def test_equal_strength_one_die_attacker_chooses():
    game = start_block(basic(block(PU)), BLITZER, (11, 7))
    assert game.decider == 0
    assert game.legal_actions().types() == [T.SELECT_PUSHED]


def test_offensive_assist_gives_two_dice_attacker_chooses():
    sc = basic(block(AD, DD))
    sc.put(LINEMAN, (12, 8))  # adjacent to the defender, unmarked
    game = start_block(sc, BLITZER, (11, 7))
    assert game.decider == 0
    assert set(game.legal_actions().types()) == {T.SELECT_ATTACKER_DOWN, T.SELECT_DEFENDER_DOWN}


def test_assister_marked_by_another_opponent_does_not_count():
    sc = basic(block(PU))  # one die: the assist is cancelled
    sc.put(LINEMAN, (12, 8)).put(O_LINE2, (13, 9))  # O_LINE2 marks the would-be assister
    game = start_block(sc, BLITZER, (11, 7))
    assert game.legal_actions().types() == [T.SELECT_PUSHED]


def test_assister_marked_only_by_the_defender_counts():
    sc = basic(block(PU, DD))
    sc.put(LINEMAN, (11, 8))  # adjacent to both attacker and defender, marked only by the defender
    game = start_block(sc, BLITZER, (11, 7))
    assert game.decider == 0


def test_defensive_assist_gives_two_dice_defender_chooses():
    sc = basic(block(PU, DD))
    sc.put(O_LINE2, (9, 6))  # adjacent to the attacker: defensive assist
    game = start_block(sc, BLITZER, (11, 7))
    assert game.decider == 1  # no team re-roll: the defender's side picks at once
    assert set(game.legal_actions().types()) == {T.SELECT_PUSHED, T.SELECT_DEFENDER_DOWN}
    do(game, T.SELECT_PUSHED)
    assert game.decider == 0  # the attacker chooses the push square
    assert T.PUSH in game.legal_actions().types()


def test_wrong_dice_count_is_rejected_by_the_script():
    sc = basic(block(PU))
    sc.put(LINEMAN, (12, 8))  # 4 v 3 -> two dice, not one
    with pytest.raises(RollerError):
        start_block(sc, BLITZER, (11, 7))


def test_three_dice_when_more_than_double_strength():
    sc = Scenario(script=d6(2) + block(AD, PU, DD))  # Bone-head passes, ST 5 v 2
    sc.put(OGRE, (10, 7)).put(O_GOBLIN, (11, 7))
    game = start_block(sc, OGRE, (11, 7))
    assert game.decider == 0
    assert len(game.legal_actions().types()) == 3


def test_three_dice_defender_chooses_when_more_than_double():
    sc = Scenario(script=block(AD, PU, DD) + two_d6(1, 2))  # Goblin ST 2 blocks the Ogre ST 5
    sc.put(O_GOBLIN, (10, 7)).put(OGRE, (11, 7))
    game = start_block(sc, O_GOBLIN, (11, 7), active=1)
    assert game.decider == 0  # the Ogre's (home) coach chooses
    assert len(game.legal_actions().types()) == 3
    do(game, T.SELECT_ATTACKER_DOWN)
    assert game.state.status[O_GOBLIN] == Status.PRONE
    assert game.state.turnover


def test_defender_chooses_after_attacker_declines_reroll():
    sc = basic(block(AD, PU))
    sc.put(O_LINE2, (9, 6))
    sc.set(rerolls=(1, 0))
    game = start_block(sc, BLITZER, (11, 7))
    assert game.decider == 0
    assert set(game.legal_actions().types()) == {T.USE_REROLL, T.DECLINE}
    do(game, T.DECLINE)
    assert game.decider == 1
    assert T.SELECT_ATTACKER_DOWN in game.legal_actions().types()


# --- re-rolls ------------------------------------------------------------------------------


def test_team_reroll_rerolls_all_dice():
    sc = basic(block(AD, BD) + block(PU, DD), rerolls=(2, 0))
    sc.put(LINEMAN, (12, 8))
    game = start_block(sc, BLITZER, (11, 7))
    assert T.USE_REROLL in game.legal_actions().types()
    do(game, T.USE_REROLL)
    assert game.state.teams[0].rerolls == 1
    assert set(game.legal_actions().types()) == {T.SELECT_PUSHED, T.SELECT_DEFENDER_DOWN}


def test_loner_failed_check_keeps_original_dice():
    sc = Scenario(script=d6(2) + block(AD, BD) + d6(3))  # bone-head ok, dice, Loner 3 fails
    sc.put(OGRE, (10, 7)).put(O_LINE, (11, 7)).set(rerolls=(1, 0))
    game = start_block(sc, OGRE, (11, 7))
    do(game, T.USE_REROLL)
    assert game.state.teams[0].rerolls == 0
    assert set(game.legal_actions().types()) == {T.SELECT_ATTACKER_DOWN, T.SELECT_BOTH_DOWN}


def test_loner_passed_check_rerolls_dice():
    sc = Scenario(script=d6(2) + block(AD, BD) + d6(4) + block(PU, DD))
    sc.put(OGRE, (10, 7)).put(O_LINE, (11, 7)).set(rerolls=(1, 0))
    game = start_block(sc, OGRE, (11, 7))
    do(game, T.USE_REROLL)
    assert set(game.legal_actions().types()) == {T.SELECT_PUSHED, T.SELECT_DEFENDER_DOWN}


# --- faces -----------------------------------------------------------------------------------


def test_attacker_down_is_a_turnover():
    game = start_block(basic(block(AD) + two_d6(2, 3)), BLITZER, (11, 7))
    do(game, T.SELECT_ATTACKER_DOWN)
    s = game.state
    assert s.turnover
    assert s.status[BLITZER] == Status.PRONE
    assert s.status[O_LINE] == Status.STANDING
    assert game.is_over  # the scenario's turn ended


def test_both_down_attacker_with_block_stays_up():
    game = start_block(basic(block(BD) + two_d6(2, 3)), BLITZER, (11, 7))
    do(game, T.SELECT_BOTH_DOWN)
    s = game.state
    assert s.status[BLITZER] == Status.STANDING
    assert s.status[O_LINE] == Status.PRONE
    assert not s.turnover
    # no follow-up offered (nobody was pushed): the turn continues
    assert game.decider == 0 and game.legal_actions().types() == [T.END_TURN]


def test_both_down_defender_with_block_stays_up_attacker_falls():
    sc = Scenario(script=block(BD) + two_d6(2, 3))
    sc.put(LINEMAN, (10, 7)).put(O_BLITZER, (11, 7))
    game = start_block(sc, LINEMAN, (11, 7))
    do(game, T.SELECT_BOTH_DOWN)
    s = game.state
    assert s.status[LINEMAN] == Status.PRONE
    assert s.status[O_BLITZER] == Status.STANDING
    assert s.turnover


def test_both_down_neither_has_block_both_fall_two_armour_rolls():
    sc = Scenario(script=block(BD) + two_d6(2, 3) + two_d6(2, 4))
    sc.put(LINEMAN, (10, 7)).put(O_LINE, (11, 7))
    game = start_block(sc, LINEMAN, (11, 7))
    do(game, T.SELECT_BOTH_DOWN)
    s = game.state
    assert s.status[LINEMAN] == Status.PRONE and s.status[O_LINE] == Status.PRONE
    assert s.turnover
    assert not roller_of(game).queue


def test_both_down_both_with_block_nobody_falls():
    sc = Scenario(script=block(BD))
    sc.put(BLITZER, (10, 7)).put(O_BLITZER, (11, 7))
    game = start_block(sc, BLITZER, (11, 7))
    do(game, T.SELECT_BOTH_DOWN)
    s = game.state
    assert s.status[BLITZER] == Status.STANDING and s.status[O_BLITZER] == Status.STANDING
    assert not s.turnover


def test_pushed_moves_defender_and_offers_follow_up():
    game = start_block(basic(block(PU)), BLITZER, (11, 7))
    do(game, T.SELECT_PUSHED)
    assert set(game.legal_actions().group(T.PUSH).squares) == {(12, 6), (12, 7), (12, 8)}
    do(game, T.PUSH, square=(12, 6))
    assert game.legal_actions().types() == [T.FOLLOW_UP, T.DECLINE]
    do(game, T.FOLLOW_UP)
    s = game.state
    assert s.board.xy(s.pos[O_LINE]) == (12, 6)
    assert s.board.xy(s.pos[BLITZER]) == (11, 7)
    assert s.status[O_LINE] == Status.STANDING
    assert not s.turnover


def test_decline_follow_up_attacker_stays():
    game = start_block(basic(block(PU)), BLITZER, (11, 7))
    do(game, T.SELECT_PUSHED)
    do(game, T.PUSH, square=(12, 7))
    do(game, T.DECLINE)
    s = game.state
    assert s.board.xy(s.pos[BLITZER]) == (10, 7)
    assert s.board.xy(s.pos[O_LINE]) == (12, 7)


def test_defender_stumbles_with_dodge_is_only_a_push():
    sc = Scenario(script=block(DS, AD))  # ST 3 v 2: two dice; no armour roll scripted
    sc.put(BLITZER, (10, 7)).put(O_GOBLIN, (11, 7))
    game = start_block(sc, BLITZER, (11, 7))
    do(game, T.SELECT_DEFENDER_STUMBLES)
    do(game, T.PUSH, square=(12, 7))
    do(game, T.DECLINE)
    assert game.state.status[O_GOBLIN] == Status.STANDING
    assert not roller_of(game).queue


def test_defender_stumbles_without_dodge_knocks_down():
    game = start_block(basic(block(DS) + two_d6(2, 3)), BLITZER, (11, 7))
    do(game, T.SELECT_DEFENDER_STUMBLES)
    do(game, T.PUSH, square=(12, 7))
    do(game, T.DECLINE)
    assert game.state.status[O_LINE] == Status.PRONE
    assert game.state.board.xy(game.state.pos[O_LINE]) == (12, 7)


def test_defender_down_pushes_then_knocks_down_no_turnover():
    game = start_block(basic(block(DD) + two_d6(3, 4)), BLITZER, (11, 7))
    do(game, T.SELECT_DEFENDER_DOWN)
    do(game, T.PUSH, square=(12, 8))
    do(game, T.FOLLOW_UP)  # the follow-up is decided before the armour roll
    s = game.state
    assert s.status[O_LINE] == Status.PRONE
    assert s.board.xy(s.pos[O_LINE]) == (12, 8)
    assert s.board.xy(s.pos[BLITZER]) == (11, 7)
    assert not s.turnover
    assert not roller_of(game).queue


# --- Blitz -------------------------------------------------------------------------------------


def test_blitz_block_costs_one_square_of_movement():
    sc = Scenario(script=block(PU) + d6(2))  # the 7th step after the block is a GFI
    sc.put(BLITZER, (3, 7)).put(O_LINE, (4, 7))
    game = sc.start(active=0)
    do(game, T.START_BLITZ, BLITZER)
    do(game, T.BLOCK, square=(4, 7))
    do(game, T.SELECT_PUSHED)
    do(game, T.PUSH, square=(5, 6))
    do(game, T.DECLINE)  # stay out of the defender's tackle zone: no dodges
    for y in range(8, 14):  # six free squares: 1 (block) + 6 = MA 7
        do(game, T.MOVE, square=(3, y))
    assert len(roller_of(game).queue) == 1
    do(game, T.MOVE, square=(3, 14))  # needs the GFI D6
    s = game.state
    assert s.board.xy(s.pos[BLITZER]) == (3, 14)
    assert not roller_of(game).queue


def test_blitz_block_needs_gfi_when_out_of_movement():
    sc = Scenario(script=d6(2) + block(PU))
    sc.put(BLITZER, (2, 7)).put(O_LINE, (10, 7))
    game = sc.start(active=0)
    do(game, T.START_BLITZ, BLITZER)
    for x in range(3, 10):
        do(game, T.MOVE, square=(x, 7))
    do(game, T.BLOCK, square=(10, 7))  # GFI 2 then the block die
    do(game, T.SELECT_PUSHED)
    do(game, T.PUSH, square=(11, 7))
    do(game, T.FOLLOW_UP)
    assert game.state.board.xy(game.state.pos[BLITZER]) == (10, 7)
    # one GFI square is left: he may still move
    assert T.MOVE in game.legal_actions().types()


def test_blitz_failed_gfi_for_block_knocks_attacker_down_no_block():
    sc = Scenario(script=d6(1) + two_d6(2, 3))  # GFI fails; armour; no block dice
    sc.put(BLITZER, (2, 7)).put(O_LINE, (10, 7))
    game = sc.start(active=0)
    do(game, T.START_BLITZ, BLITZER)
    for x in range(3, 10):
        do(game, T.MOVE, square=(x, 7))
    do(game, T.BLOCK, square=(10, 7))
    s = game.state
    assert s.status[BLITZER] == Status.PRONE
    assert s.board.xy(s.pos[BLITZER]) == (9, 7)
    assert s.status[O_LINE] == Status.STANDING
    assert s.turnover


def test_blitz_continues_moving_after_block():
    sc = Scenario(script=block(PU))
    sc.put(BLITZER, (5, 7)).put(O_LINE, (7, 7))
    game = sc.start(active=0)
    do(game, T.START_BLITZ, BLITZER)
    do(game, T.MOVE, square=(6, 7))
    do(game, T.BLOCK, square=(7, 7))
    do(game, T.SELECT_PUSHED)
    do(game, T.PUSH, square=(8, 8))
    do(game, T.DECLINE)
    assert T.MOVE in game.legal_actions().types()
    assert T.BLOCK not in game.legal_actions().types()  # one block per Blitz
    do(game, T.MOVE, square=(5, 6))  # leaving no tackle zone (defender at (8,8) is not adjacent)
    assert game.state.board.xy(game.state.pos[BLITZER]) == (5, 6)


def test_block_action_ends_after_the_block():
    game = start_block(basic(block(PU)), BLITZER, (11, 7))
    do(game, T.SELECT_PUSHED)
    do(game, T.PUSH, square=(12, 7))
    do(game, T.DECLINE)
    # back at the team turn: the blitzer has acted
    assert game.decider == 0
    assert game.legal_actions().types() == [T.END_TURN]  # the only player has acted


def test_defender_chooses_among_rerolled_dice():
    sc = basic(block(AD, PU) + block(PU, DD), rerolls=(1, 0))
    sc.put(O_LINE2, (9, 6))  # 3 v 4: the defender chooses
    game = start_block(sc, BLITZER, (11, 7))
    do(game, T.USE_REROLL)
    assert game.decider == 1
    assert set(game.legal_actions().types()) == {T.SELECT_PUSHED, T.SELECT_DEFENDER_DOWN}
