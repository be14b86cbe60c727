"""Declaration rolls and team rules: Bone-head, Really Stupid, Wild Animal, Blood Lust, Take Root,
Hypnotic Gaze, Pro, Leader, Secret Weapon and Ball & Chain."""

import dataclasses
import random

import pytest

from nuffle.agents.random_bot import RandomBot
from nuffle.core.actions import ActionType
from nuffle.core.decision import DecisionKind
from nuffle.core.dice import block, d6, d8, two_d6
from nuffle.core.game import Game
from nuffle.core.procedures.match import EndDrive, Half
from nuffle.core.procedures.turn import Turn
from nuffle.core.skills import Skill
from nuffle.core.types import BallState, BlockFace, PFlag, Status
from nuffle.testing import (
    BLITZER,
    LINEMAN,
    LINEMAN2,
    O_GOBLIN,
    O_LINE,
    O_LINE2,
    O_TROLL,
    OGRE,
    THROWER,
    Scenario,
    do,
    random_skill_games,
    xy,
)

T = ActionType


def make_thrall(sc, pid):
    s = sc.state
    s.info = (*s.info[:pid], dataclasses.replace(s.info[pid], position="Thrall"), *s.info[pid + 1:])
    return sc


def turn_waiting(game):
    return isinstance(game.state.stack[-1], Turn)


# --- Bone-head and Really Stupid -----------------------------------------------------------


def test_bone_head_fails_on_one_losing_action_and_tackle_zone():
    sc = Scenario(script=d6(1))
    sc.put(OGRE, (10, 7)).put(O_LINE, (11, 7))
    game = sc.start(active=0)
    do(game, T.START_BLITZ, OGRE)
    s = game.state
    assert turn_waiting(game)
    assert s.pflags[OGRE] & PFlag.DISTRACTED
    assert not s.exerts_tz(OGRE)
    assert s.teams[0].blitz_used  # the declared Blitz is used up
    assert not s.turnover


def test_bone_head_later_success_restores_tackle_zone():
    sc = Scenario(script=d6(2))
    sc.put(OGRE, (10, 7))
    sc.state.pflags[OGRE] |= PFlag.DISTRACTED
    game = sc.start(active=0)
    do(game, T.START_MOVE, OGRE)
    s = game.state
    assert not s.pflags[OGRE] & PFlag.DISTRACTED
    assert T.MOVE in game.legal_actions().types()


def test_really_stupid_needs_four_when_alone():
    sc = Scenario(script=d6(3))
    sc.put(O_TROLL, (10, 7))
    game = sc.start(active=1)
    do(game, T.START_MOVE, O_TROLL)
    assert turn_waiting(game)
    assert game.state.pflags[O_TROLL] & PFlag.DISTRACTED


def test_really_stupid_two_plus_with_a_standing_team_mate():
    sc = Scenario(script=d6(2))
    sc.put(O_TROLL, (10, 7)).put(O_LINE, (10, 8))
    game = sc.start(active=1)
    do(game, T.START_MOVE, O_TROLL)
    assert T.MOVE in game.legal_actions().types()
    assert not game.state.pflags[O_TROLL] & PFlag.DISTRACTED


# --- Wild Animal -----------------------------------------------------------------------------


def test_wild_animal_roars_on_three_for_a_move():
    sc = Scenario(script=d6(3))
    sc.grant(LINEMAN, Skill.WILD_ANIMAL).put(LINEMAN, (10, 7))
    game = sc.start(active=0)
    do(game, T.START_MOVE, LINEMAN)
    s = game.state
    assert turn_waiting(game)
    assert s.pflags[LINEMAN] & PFlag.USED
    assert s.exerts_tz(LINEMAN)  # keeps his tackle zone
    assert not s.turnover


def test_wild_animal_plus_two_on_a_block():
    sc = Scenario(script=d6(2))
    sc.grant(LINEMAN, Skill.WILD_ANIMAL).put(LINEMAN, (10, 7)).put(O_LINE, (11, 7))
    game = sc.start(active=0)
    do(game, T.START_BLOCK, LINEMAN)
    assert T.BLOCK in game.legal_actions().types()  # 2 + 2 = 4


def test_wild_animal_failed_blitz_is_used_up():
    sc = Scenario(script=d6(1))
    sc.grant(LINEMAN, Skill.WILD_ANIMAL).put(LINEMAN, (10, 7)).put(O_LINE, (11, 7)).put(BLITZER, (3, 3))
    game = sc.start(active=0)
    do(game, T.START_BLITZ, LINEMAN)
    assert turn_waiting(game)
    assert T.START_BLITZ not in game.legal_actions().types()
    assert not game.state.turnover


# --- Take Root -------------------------------------------------------------------------------


def test_take_root_on_one_he_cannot_move():
    sc = Scenario(script=d6(1))
    sc.grant(LINEMAN, Skill.TAKE_ROOT).put(LINEMAN, (10, 7))
    game = sc.start(active=0)
    do(game, T.START_MOVE, LINEMAN)
    assert game.state.pflags[LINEMAN] & PFlag.ROOTED
    assert game.legal_actions().types() == [T.END_ACTION]


def test_take_root_two_plus_moves_normally():
    sc = Scenario(script=d6(2))
    sc.grant(LINEMAN, Skill.TAKE_ROOT).put(LINEMAN, (10, 7))
    game = sc.start(active=0)
    do(game, T.START_MOVE, LINEMAN)
    assert not game.state.pflags[LINEMAN] & PFlag.ROOTED
    do(game, T.MOVE, square=(9, 7))
    assert xy(game, LINEMAN) == (9, 7)


def test_take_root_rooted_blocker_may_block_but_not_follow_up():
    sc = Scenario(script=d6(1) + block(BlockFace.PUSHED))
    sc.grant(LINEMAN, Skill.TAKE_ROOT).put(LINEMAN, (10, 7)).put(O_LINE, (11, 7))
    game = sc.start(active=0)
    do(game, T.START_BLOCK, LINEMAN)
    do(game, T.BLOCK, square=(11, 7))
    do(game, T.SELECT_PUSHED)
    do(game, T.PUSH, square=(12, 7))
    assert xy(game, O_LINE) == (12, 7)
    assert xy(game, LINEMAN) == (10, 7)  # no follow-up offered
    assert turn_waiting(game)


def test_take_root_on_a_blitz_he_cannot_block():
    sc = Scenario(script=d6(1))
    sc.grant(LINEMAN, Skill.TAKE_ROOT).put(LINEMAN, (10, 7)).put(O_LINE, (11, 7))
    game = sc.start(active=0)
    do(game, T.START_BLITZ, LINEMAN)
    assert game.legal_actions().types() == [T.END_ACTION]


def test_take_root_ends_once_he_was_knocked_down():
    sc = Scenario(script=d6(2))  # the new Take Root roll
    sc.grant(LINEMAN, Skill.TAKE_ROOT).put(LINEMAN, (10, 7), Status.PRONE)
    sc.state.pflags[LINEMAN] |= PFlag.ROOTED
    game = sc.start(active=0)
    do(game, T.START_MOVE, LINEMAN)
    assert not game.state.pflags[LINEMAN] & PFlag.ROOTED
    assert game.state.status[LINEMAN] == Status.STANDING
    assert T.MOVE in game.legal_actions().types()


# --- Blood Lust ------------------------------------------------------------------------------


def vampire(script, thralls=(), rerolls=(0, 0)):
    sc = Scenario(script=script).set(rerolls=rerolls)
    sc.grant(BLITZER, Skill.BLOOD_LUST).put(BLITZER, (10, 7))
    for pid, sq in thralls:
        make_thrall(sc, pid).put(pid, sq)
    return sc


def test_blood_lust_two_plus_no_feeding():
    sc = vampire(d6(2))
    game = sc.start(active=0)
    do(game, T.START_MOVE, BLITZER)
    do(game, T.MOVE, square=(9, 7))
    do(game, T.END_ACTION)
    s = game.state
    assert xy(game, BLITZER) == (9, 7)
    assert not s.turnover


def test_blood_lust_bites_the_adjacent_thrall_without_turnover():
    sc = vampire(d6(1) + two_d6(2, 3), thralls=[(LINEMAN, (12, 7))])
    game = sc.start(active=0)
    do(game, T.START_MOVE, BLITZER)
    assert game.state.pflags[BLITZER] & PFlag.MUST_FEED
    do(game, T.MOVE, square=(11, 7))
    do(game, T.END_ACTION)
    s = game.state
    assert s.status[LINEMAN] == Status.STUNNED
    assert xy(game, BLITZER) == (11, 7)
    assert not s.pflags[BLITZER] & PFlag.MUST_FEED
    assert not s.turnover
    assert turn_waiting(game)


def test_blood_lust_bite_casualty_counts_as_badly_hurt():
    sc = vampire(d6(1) + two_d6(6, 6), thralls=[(LINEMAN, (11, 7))])
    game = sc.start(active=0)  # no D68 scripted: none may be rolled
    do(game, T.START_MOVE, BLITZER)
    do(game, T.END_ACTION)
    assert game.state.status[LINEMAN] == Status.CASUALTY


def test_blood_lust_without_thrall_leaves_the_pitch_turnover():
    sc = vampire(d6(1))
    sc.put(LINEMAN, (11, 7))  # a team-mate, but no Thrall
    game = sc.start(active=0)
    do(game, T.START_MOVE, BLITZER)
    do(game, T.END_ACTION)
    s = game.state
    assert s.status[BLITZER] == Status.RESERVE
    assert s.pos[BLITZER] == -1
    assert s.turnover


def test_blood_lust_carrier_scores_only_after_feeding():
    sc = vampire(d6(1) + d8(2))
    sc.state.pos[BLITZER] = -1
    sc.state.grid[sc.state.board.sq(10, 7)] = -1
    sc.put(BLITZER, (24, 7)).give_ball(BLITZER)
    game = sc.start(active=0)
    do(game, T.START_MOVE, BLITZER)
    do(game, T.MOVE, square=(25, 7))  # into the end zone: no touchdown yet
    s = game.state
    assert s.touchdown < 0 and s.teams[0].score == 0
    do(game, T.END_ACTION)  # no Thrall: he leaves, the ball bounces (D8 2: straight up)
    assert s.teams[0].score == 0
    assert s.turnover
    assert s.ball_state == BallState.ON_GROUND and s.board.xy(s.ball) == (25, 6)


def test_blood_lust_fed_carrier_in_the_end_zone_scores():
    sc = vampire(d6(1) + two_d6(1, 2), thralls=[(LINEMAN, (24, 8))])
    sc.state.pos[BLITZER] = -1
    sc.state.grid[sc.state.board.sq(10, 7)] = -1
    sc.put(BLITZER, (24, 7)).give_ball(BLITZER)
    game = sc.start(active=0)
    do(game, T.START_MOVE, BLITZER)
    do(game, T.MOVE, square=(25, 7))
    assert game.state.teams[0].score == 0
    do(game, T.END_ACTION)  # bites the Thrall, then scores
    assert game.state.teams[0].score == 1


def test_blood_lust_feeds_before_the_hand_off_choosing_the_thrall():
    # fail Blood Lust; bite LINEMAN2 (injury 1+2 stunned); hand-off to THROWER caught on 3
    sc = vampire(d6(1) + two_d6(1, 2) + d6(3), thralls=[(LINEMAN, (10, 8)), (LINEMAN2, (9, 7))])
    sc.put(THROWER, (11, 7)).give_ball(BLITZER)
    game = sc.start(active=0)
    do(game, T.START_HANDOFF, BLITZER)
    do(game, T.HANDOFF, square=(11, 7))
    assert game.legal_actions().group(T.SELECT_PLAYER).players == (LINEMAN, LINEMAN2)
    assert game.decision().kind == DecisionKind.FEED
    do(game, T.SELECT_PLAYER, LINEMAN2)
    s = game.state
    assert s.status[LINEMAN2] == Status.STUNNED
    assert s.carrier() == THROWER
    assert not s.turnover


def test_blood_lust_bitten_receiver_knocked_out_no_hand_off():
    # fail Blood Lust; the only Thrall is the hand-off's receiver: bitten (4+4: KO), he is gone,
    # so the Vampire keeps the ball, the action ends, no turnover
    sc = vampire(d6(1) + two_d6(4, 4), thralls=[(LINEMAN, (11, 7))]).set(apothecaries=(0, 0))
    sc.give_ball(BLITZER)
    game = sc.start(active=0)
    do(game, T.START_HANDOFF, BLITZER)
    do(game, T.HANDOFF, square=(11, 7))
    s = game.state
    assert s.status[LINEMAN] == Status.KO
    assert s.carrier() == BLITZER
    assert not s.turnover
    assert turn_waiting(game)


def test_blood_lust_thrall_holding_the_ball_is_a_turnover():
    sc = vampire(d6(1) + two_d6(1, 2) + d8(7), thralls=[(LINEMAN, (11, 7))])
    sc.give_ball(LINEMAN)
    game = sc.start(active=0)
    do(game, T.START_MOVE, BLITZER)
    do(game, T.END_ACTION)
    s = game.state
    assert s.status[LINEMAN] == Status.STUNNED
    assert s.ball_state == BallState.ON_GROUND and s.board.xy(s.ball) == (11, 8)
    assert s.turnover


def test_blood_lust_block_may_become_a_move():
    sc = vampire(d6(1, 4) + two_d6(1, 2), thralls=[(LINEMAN, (8, 7))])
    sc.put(O_LINE, (11, 7))
    game = sc.start(active=0)
    do(game, T.START_BLOCK, BLITZER)
    assert T.START_MOVE in game.legal_actions().types()
    do(game, T.START_MOVE, BLITZER)
    assert T.BLOCK not in game.legal_actions().types()
    do(game, T.MOVE, square=(9, 6))  # a dodge out of O_LINE's zone: 4 + 1
    do(game, T.END_ACTION)
    assert game.state.status[LINEMAN] == Status.STUNNED


# --- Hypnotic Gaze ---------------------------------------------------------------------------


def gazer(script):
    sc = Scenario(script=script)
    sc.grant(BLITZER, Skill.HYPNOTIC_GAZE).put(BLITZER, (10, 7)).put(O_LINE, (11, 7))
    return sc


def test_hypnotic_gaze_success_takes_the_tackle_zone():
    game = gazer(d6(4)).start(active=0)
    do(game, T.START_MOVE, BLITZER)
    assert game.legal_actions().group(T.HYPNOTIC_GAZE).squares == ((11, 7),)
    do(game, T.HYPNOTIC_GAZE, square=(11, 7))
    s = game.state
    assert s.pflags[O_LINE] & PFlag.HYPNOTISED
    assert not s.exerts_tz(O_LINE)
    assert turn_waiting(game)  # the gaze ended the Move action
    assert not s.turnover


def test_hypnotic_gaze_minus_one_per_other_tackle_zone_failure_no_turnover():
    sc = gazer(d6(4))  # 4 - 1 (O_LINE2's zone) = 3 < 4
    sc.put(O_LINE2, (9, 8))
    game = sc.start(active=0)
    do(game, T.START_MOVE, BLITZER)
    do(game, T.HYPNOTIC_GAZE, square=(11, 7))
    s = game.state
    assert not s.pflags[O_LINE] & PFlag.HYPNOTISED
    assert not s.turnover
    assert turn_waiting(game)


def test_hypnotic_gaze_only_in_a_move_action():
    game = gazer(()).start(active=0)
    do(game, T.START_BLOCK, BLITZER)
    assert T.HYPNOTIC_GAZE not in game.legal_actions().types()


def test_hypnotic_gaze_ends_when_his_next_action_starts():
    sc = gazer(())
    sc.state.pflags[O_LINE] |= PFlag.HYPNOTISED
    game = sc.start(active=1)
    do(game, T.START_MOVE, O_LINE)
    assert not game.state.pflags[O_LINE] & PFlag.HYPNOTISED


# --- Pro -------------------------------------------------------------------------------------


def pro_dodge(script, rerolls=(1, 0)):
    sc = Scenario(script=script).set(rerolls=rerolls)
    sc.grant(LINEMAN, Skill.PRO).put(LINEMAN, (10, 7)).put(O_LINE, (11, 7))
    game = sc.start(active=0)
    do(game, T.START_MOVE, LINEMAN)
    do(game, T.MOVE, square=(9, 7))  # the dodge: 1 fails
    return game


def test_pro_four_plus_allows_the_reroll():
    game = pro_dodge(d6(1, 4, 3))
    assert set(game.legal_actions().types()) == {T.USE_REROLL, T.USE_PRO, T.DECLINE}
    do(game, T.USE_PRO)
    s = game.state
    assert xy(game, LINEMAN) == (9, 7)
    assert s.pflags[LINEMAN] & PFlag.PRO_USED
    assert s.teams[0].rerolls == 1


def test_pro_one_to_three_original_stands_no_team_reroll():
    game = pro_dodge(d6(1, 3) + two_d6(1, 2))
    do(game, T.USE_PRO)
    s = game.state
    assert s.status[LINEMAN] == Status.PRONE  # no team re-roll was offered afterwards
    assert s.teams[0].rerolls == 1
    assert s.turnover


def test_pro_not_offered_twice_in_one_turn():
    # dodge 1, Pro 5, re-roll 4 (into O_LINE2's zone: 4 + 0); next dodge 1: nothing offered
    sc = Scenario(script=d6(1, 5, 4, 1) + two_d6(1, 2)).set(rerolls=(0, 0))
    sc.grant(LINEMAN, Skill.PRO).put(LINEMAN, (10, 7)).put(O_LINE, (11, 7)).put(O_LINE2, (8, 8))
    game = sc.start(active=0)
    do(game, T.START_MOVE, LINEMAN)
    do(game, T.MOVE, square=(9, 7))
    do(game, T.USE_PRO)
    assert xy(game, LINEMAN) == (9, 7)
    do(game, T.MOVE, square=(9, 6))
    s = game.state
    assert s.status[LINEMAN] == Status.PRONE
    assert s.turnover


def test_pro_rerolls_block_dice():
    sc = Scenario(script=block(BlockFace.ATTACKER_DOWN) + d6(4) + block(BlockFace.PUSHED))
    sc.grant(LINEMAN, Skill.PRO).put(LINEMAN, (10, 7)).put(O_LINE, (11, 7))
    game = sc.start(active=0)
    do(game, T.START_BLOCK, LINEMAN)
    do(game, T.BLOCK, square=(11, 7))
    assert set(game.legal_actions().types()) == {T.USE_PRO, T.SELECT_ATTACKER_DOWN}
    do(game, T.USE_PRO)
    assert game.legal_actions().types() == [T.SELECT_PUSHED]


def test_pro_in_the_opponents_turn_without_team_reroll():
    # An orc fails a pick-up; the ball bounces (D8 3: up-right) to the human Pro, whose catch
    # fails: Pro is offered (team re-rolls are not: it is not his turn); Pro 4, catch 5 - 1.
    sc = Scenario(script=d6(1) + d8(3) + d6(1, 4, 5)).set(rerolls=(1, 0))
    sc.grant(LINEMAN, Skill.PRO).put(LINEMAN, (11, 7)).put(O_LINE, (10, 9)).ball_at((10, 8))
    game = sc.start(active=1)
    do(game, T.START_MOVE, O_LINE)
    do(game, T.MOVE, square=(10, 8))
    assert game.decider == 0
    assert set(game.legal_actions().types()) == {T.USE_PRO, T.DECLINE}
    do(game, T.USE_PRO)
    s = game.state
    assert s.carrier() == LINEMAN
    assert s.turnover


# --- Leader ----------------------------------------------------------------------------------


def test_leader_bonus_reroll_at_the_start_of_a_half():
    sc = Scenario().set(rerolls=(0, 0))
    sc.grant(THROWER, Skill.LEADER)
    game = sc.start(proc=Half())
    s = game.state
    assert s.teams[0].bonus_reroll == 1
    assert s.teams[1].bonus_reroll == 0
    assert s.teams[0].rerolls == s.specs[0].rerolls


def test_leader_reroll_usable_while_a_leader_is_on_the_pitch():
    sc = Scenario(script=d6(1, 4)).set(rerolls=(0, 0))
    sc.grant(THROWER, Skill.LEADER).put(THROWER, (3, 3))
    sc.put(LINEMAN, (10, 7)).put(O_LINE, (11, 7))
    sc.state.teams[0].bonus_reroll = 1
    game = sc.start(active=0)
    do(game, T.START_MOVE, LINEMAN)
    do(game, T.MOVE, square=(9, 7))
    assert T.USE_REROLL in game.legal_actions().types()
    do(game, T.USE_REROLL)
    s = game.state
    assert xy(game, LINEMAN) == (9, 7)
    assert s.teams[0].bonus_reroll == 0


def test_leader_reroll_not_usable_without_a_leader_on_the_pitch():
    sc = Scenario(script=d6(1) + two_d6(1, 2)).set(rerolls=(0, 0))
    sc.grant(THROWER, Skill.LEADER)  # in reserves
    sc.put(LINEMAN, (10, 7)).put(O_LINE, (11, 7))
    sc.state.teams[0].bonus_reroll = 1
    game = sc.start(active=0)
    do(game, T.START_MOVE, LINEMAN)
    do(game, T.MOVE, square=(9, 7))
    s = game.state
    assert s.status[LINEMAN] == Status.PRONE  # nothing offered
    assert s.teams[0].bonus_reroll == 1


def test_leader_bonus_reroll_spent_before_the_normal_ones():
    sc = Scenario(script=d6(1, 4)).set(rerolls=(2, 0))
    sc.grant(THROWER, Skill.LEADER).put(THROWER, (3, 3))
    sc.put(LINEMAN, (10, 7)).put(O_LINE, (11, 7))
    sc.state.teams[0].bonus_reroll = 1
    game = sc.start(active=0)
    do(game, T.START_MOVE, LINEMAN)
    do(game, T.MOVE, square=(9, 7))
    do(game, T.USE_REROLL)
    t = game.state.teams[0]
    assert (t.rerolls, t.bonus_reroll, t.reroll_used) == (2, 0, True)


# --- Secret Weapon ---------------------------------------------------------------------------


def secret_weapon(script=(), bribes=(0, 0), end_of_half=False, half=1):
    sc = Scenario(script=script).set(bribes=bribes)
    sc.grant(O_GOBLIN, Skill.SECRET_WEAPON).grant(O_LINE, Skill.SECRET_WEAPON)
    sc.put(O_GOBLIN, (10, 7)).put(O_LINE, (12, 7)).put(LINEMAN, (9, 7))
    sc.state.pflags[O_GOBLIN] |= PFlag.PLAYED
    sc.state.pflags[LINEMAN] |= PFlag.PLAYED
    sc.state.half = half
    return sc.start(proc=EndDrive(end_of_half))


def test_secret_weapon_sent_off_after_a_drive_he_played_in():
    game = secret_weapon()
    s = game.state
    assert s.status[O_GOBLIN] == Status.SENT_OFF
    assert s.status[O_LINE] == Status.RESERVE  # did not play in the drive
    assert s.status[LINEMAN] == Status.RESERVE  # no Secret Weapon


def test_secret_weapon_bribe_saves_on_two():
    game = secret_weapon(d6(2), bribes=(0, 1))
    assert game.decider == 1
    assert set(game.legal_actions().types()) == {T.USE_BRIBE, T.DECLINE}
    do(game, T.USE_BRIBE)
    s = game.state
    assert s.status[O_GOBLIN] == Status.RESERVE
    assert s.teams[1].bribes == 0


def test_secret_weapon_bribe_fails_on_one():
    game = secret_weapon(d6(1), bribes=(0, 2))
    do(game, T.USE_BRIBE)
    s = game.state
    assert s.status[O_GOBLIN] == Status.SENT_OFF
    assert s.teams[1].bribes == 1


def test_secret_weapon_not_sent_off_after_the_last_drive():
    game = secret_weapon(end_of_half=True, half=2)
    assert game.state.status[O_GOBLIN] == Status.RESERVE


def test_secret_weapon_played_flag_set_for_players_at_the_kickoff():
    game = Game.new("human", "orc", seed=3)
    bot = RandomBot(1)
    while game.state.teams[0].turn == 0 and game.state.teams[1].turn == 0 and not game.is_over:
        game.step(bot.act(game))
    s = game.state
    on = [p for p in range(len(s.info)) if s.pos[p] >= 0]
    assert on and all(s.pflags[p] & PFlag.PLAYED for p in on)


# --- Ball & Chain ----------------------------------------------------------------------------


def chain(script, at=(10, 7), ma=3, rerolls=(0, 0)):
    sc = Scenario(script=script).set(rerolls=rerolls)
    sc.grant(LINEMAN, Skill.BALL_AND_CHAIN, ma=ma).put(LINEMAN, at)
    return sc


def test_ball_and_chain_may_only_declare_a_move():
    sc = chain(())
    sc.put(O_LINE, (11, 7))
    game = sc.start(active=0)
    legal = game.legal_actions()
    for t in (T.START_BLOCK, T.START_BLITZ, T.START_PASS, T.START_HANDOFF):
        g = legal.group(t)
        assert g is None or LINEMAN not in g.players
    assert LINEMAN in legal.group(T.START_MOVE).players


def test_ball_and_chain_must_use_all_his_movement():
    game = chain(()).start(active=0)
    do(game, T.START_MOVE, LINEMAN)
    legal = game.legal_actions()
    assert legal.types() == [T.SELECT_SQUARE]
    assert set(legal.group(T.SELECT_SQUARE).squares) == {(11, 7), (9, 7), (10, 8), (10, 6)}


def test_ball_and_chain_template_gives_the_square_no_dodge():
    # aimed east: 1-2 up-right, 3-4 right, 5-6 down-right; leaving O_LINE's zone needs no dodge
    sc = chain(d6(1, 3, 6))
    sc.put(O_LINE, (9, 7))
    game = sc.start(active=0)
    do(game, T.START_MOVE, LINEMAN)
    do(game, T.SELECT_SQUARE, square=(11, 7))
    assert xy(game, LINEMAN) == (11, 6)
    do(game, T.SELECT_SQUARE, square=(12, 6))
    assert xy(game, LINEMAN) == (12, 6)
    do(game, T.SELECT_SQUARE, square=(13, 6))
    assert xy(game, LINEMAN) == (13, 7)
    legal = game.legal_actions()
    assert set(legal.types()) == {T.SELECT_SQUARE, T.END_ACTION}  # Going For It is optional
    do(game, T.END_ACTION)
    assert turn_waiting(game)


def test_ball_and_chain_gfi_rolled_before_the_direction():
    sc = chain(d6(3, 1) + two_d6(1, 2), ma=1)
    game = sc.start(active=0)
    do(game, T.START_MOVE, LINEMAN)
    do(game, T.SELECT_SQUARE, square=(11, 7))
    # GFI 1: he falls where he stands; the 2D6 is his injury roll (Ball & Chain: no armour
    # roll, and the Stunned total of 3 becomes KO)
    do(game, T.SELECT_SQUARE, square=(12, 7))
    s = game.state
    assert s.status[LINEMAN] == Status.KO
    assert s.pos[LINEMAN] < 0
    assert s.turnover


def test_ball_and_chain_blocks_a_standing_team_mate_and_must_follow_up():
    sc = chain(d6(3) + block(BlockFace.PUSHED), ma=1)
    sc.put(LINEMAN2, (11, 7))
    game = sc.start(active=0)
    do(game, T.START_MOVE, LINEMAN)
    do(game, T.SELECT_SQUARE, square=(11, 7))
    assert game.legal_actions().types() == [T.SELECT_PUSHED]
    do(game, T.SELECT_PUSHED)
    do(game, T.PUSH, square=(12, 7))
    assert game.legal_actions().types() == [T.FOLLOW_UP]
    do(game, T.FOLLOW_UP)
    assert xy(game, LINEMAN) == (11, 7)
    assert xy(game, LINEMAN2) == (12, 7)
    assert not game.state.turnover


def test_ball_and_chain_knocking_down_a_team_mate_is_a_turnover():
    sc = chain(d6(3) + block(BlockFace.DEFENDER_DOWN) + two_d6(1, 2), ma=1)
    sc.put(LINEMAN2, (11, 7))
    game = sc.start(active=0)
    do(game, T.START_MOVE, LINEMAN)
    do(game, T.SELECT_SQUARE, square=(11, 7))
    do(game, T.SELECT_DEFENDER_DOWN)
    do(game, T.PUSH, square=(12, 7))
    do(game, T.FOLLOW_UP)
    s = game.state
    assert s.status[LINEMAN2] == Status.PRONE
    assert s.turnover


def test_ball_and_chain_blocks_an_opponent():
    sc = chain(d6(4) + block(BlockFace.DEFENDER_DOWN) + two_d6(1, 2), ma=1)
    sc.put(O_LINE, (11, 7))
    game = sc.start(active=0)
    do(game, T.START_MOVE, LINEMAN)
    do(game, T.SELECT_SQUARE, square=(11, 7))
    do(game, T.SELECT_DEFENDER_DOWN)
    do(game, T.PUSH, square=(12, 7))
    do(game, T.FOLLOW_UP)
    s = game.state
    assert s.status[O_LINE] == Status.PRONE
    assert xy(game, LINEMAN) == (11, 7)
    assert not s.turnover


def test_ball_and_chain_pushes_a_prone_player_with_an_armour_roll():
    sc = chain(d6(3) + two_d6(5, 5) + two_d6(4, 5), ma=1)  # AV9 broken by 10; injury 9: KO
    sc.put(O_LINE, (11, 7), Status.PRONE)
    game = sc.start(active=0)
    do(game, T.START_MOVE, LINEMAN)
    do(game, T.SELECT_SQUARE, square=(11, 7))
    do(game, T.PUSH, square=(12, 7))
    s = game.state
    assert xy(game, LINEMAN) == (11, 7)  # he follows
    assert s.status[O_LINE] == Status.KO
    assert not s.turnover


def test_ball_and_chain_stunned_player_stays_stunned_if_armour_holds():
    sc = chain(d6(3) + two_d6(1, 2), ma=1)
    sc.put(O_LINE, (11, 7), Status.STUNNED)
    game = sc.start(active=0)
    do(game, T.START_MOVE, LINEMAN)
    do(game, T.SELECT_SQUARE, square=(11, 7))
    do(game, T.PUSH, square=(12, 7))
    s = game.state
    assert s.status[O_LINE] == Status.STUNNED
    assert xy(game, O_LINE) == (12, 7)


def test_ball_and_chain_off_the_pitch_into_the_crowd():
    sc = chain(d6(1) + two_d6(1, 2), at=(10, 0), ma=1)
    game = sc.start(active=0)
    do(game, T.START_MOVE, LINEMAN)
    assert set(game.legal_actions().group(T.SELECT_SQUARE).squares) == {(11, 0), (9, 0), (10, 1)}
    do(game, T.SELECT_SQUARE, square=(11, 0))  # 1: up-right, off the pitch
    s = game.state
    assert s.pos[LINEMAN] == -1
    assert s.status[LINEMAN] == Status.KO  # injury 3: Stunned, which Ball & Chain makes KO
    assert turn_waiting(game)


# --- random play -----------------------------------------------------------------------------


TEAM_SKILLS = (
    Skill.PRO, Skill.LEADER, Skill.SECRET_WEAPON, Skill.WILD_ANIMAL, Skill.BLOOD_LUST,
    Skill.TAKE_ROOT, Skill.HYPNOTIC_GAZE, Skill.BALL_AND_CHAIN, Skill.BONE_HEAD,
)


def _grant_all(game, seed):
    rng = random.Random(seed)
    s = game.state
    info = list(s.info)
    for p in range(len(info)):
        extra = frozenset(rng.sample(TEAM_SKILLS, 2))
        position = "Thrall" if p % 4 == 1 else info[p].position
        info[p] = dataclasses.replace(info[p], skills=info[p].skills | extra, position=position)
    s.info = tuple(info)


def _team_skill_games(seeds: range) -> set[Skill]:
    return random_skill_games(seeds, _grant_all, board=lambda seed: 11 if seed % 2 else 7)


def test_team_skills_random_games_hold_invariants_quick():
    assert _team_skill_games(range(2)) & set(TEAM_SKILLS)


@pytest.mark.slow
def test_team_skills_random_games_hold_invariants():
    seen = _team_skill_games(range(16))
    assert set(TEAM_SKILLS) - seen == set()
