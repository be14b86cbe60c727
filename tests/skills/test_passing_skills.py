"""Passing and throwing skills: modifiers, interceptions, Safe Throw, Hail Mary, Dump-Off,
Pass Block, Animosity, Bombardier, Throw Team-Mate, Right Stuff, Always Hungry, Swoop."""

from __future__ import annotations

import pytest

from nuffle.core.actions import ActionType
from nuffle.core.decision import DecisionKind
from nuffle.core.dice import block, d3, d6, d8, two_d6
from nuffle.core.procedures.passing import interception_modifier, pass_range, pass_roll_modifier
from nuffle.core.skills import Skill
from nuffle.core.types import BallState, BlockFace, PFlag, Status, Weather
from nuffle.testing import (
    LINEMAN,
    LINEMAN2,
    LINEMAN3,
    O_BLITZER,
    O_GOBLIN,
    O_LINE,
    O_LINE2,
    O_TROLL,
    OGRE,
    THROWER,
    Scenario,
    do,
    grant_random_skills,
    legal_group,
    random_skill_games,
    roller_of,
    xy,
)

T = ActionType
# Human: 1 Thrower (Pass, Sure Hands), 3 Ogre, 5/7/8 Linemen (AG3); Orc: 13 Goblin, 14 Troll,
# 16/20 Linemen (AG3), 11 Blitzer.


def pass_game(script, target=None, thrower=LINEMAN, skills=(), extra=(), weather=Weather.NICE,
              grants=(), **stats):
    """Home `thrower` (no Pass skill, no team re-rolls) at (5,7) with the ball passes to `target`."""
    sc = Scenario(script=script)
    sc.grant(thrower, *skills, **stats)
    for pid, *more in grants:
        sc.grant(pid, *more)
    sc.put(thrower, (5, 7)).give_ball(thrower).set(weather=weather, rerolls=(0, 0))
    for pid, sq, *status in extra:
        sc.put(pid, sq, *status)
    game = sc.start(active=0)
    do(game, T.START_PASS, thrower)
    if target is not None:
        do(game, T.PASS, square=target)
    return game


def modifier_state(thrower_skills=(), extra=(), grants=()):
    sc = Scenario()
    sc.grant(LINEMAN, *thrower_skills)
    for pid, *more in grants:
        sc.grant(pid, *more)
    sc.put(LINEMAN, (5, 7))
    for pid, sq, *status in extra:
        sc.put(pid, sq, *status)
    return sc.state


# --- Stunty (pass -1) --------------------------------------------------------------------------


def test_stunty_pass_minus_one_makes_a_four_inaccurate():
    # Short 4+: 4 - 1 = 3 -> inaccurate: scatters 5,4,5 from (9,7) -> (10,7), bounce 5 -> (11,7)
    game = pass_game(d6(4) + d8(5, 4, 5) + d8(5), (9, 7), skills=(Skill.STUNTY,))
    s = game.state
    assert s.board.xy(s.ball) == (11, 7)
    assert s.turnover
    assert not roller_of(game).queue


def test_stunty_pass_modified_to_one_fumbles():
    game = pass_game(d6(2) + d8(5), (9, 7), skills=(Skill.STUNTY,))
    s = game.state
    assert s.board.xy(s.ball) == (6, 7)  # bounced from the thrower's square
    assert s.turnover


# --- Accurate, Strong Arm ------------------------------------------------------------------------


def test_accurate_plus_one_makes_a_three_accurate():
    game = pass_game(d6(3, 3), (9, 7), skills=(Skill.ACCURATE,), extra=[(LINEMAN2, (9, 7))])
    assert game.state.carrier() == LINEMAN2  # caught with the accurate +1
    assert not game.state.turnover


def test_accurate_does_not_save_a_natural_one():
    game = pass_game(d6(1) + d8(5), (7, 7), skills=(Skill.ACCURATE,))
    assert game.state.board.xy(game.state.ball) == (6, 7)
    assert game.state.turnover


def test_strong_arm_plus_one_beyond_quick():
    # Long -1, Strong Arm +1: a 4 is accurate
    game = pass_game(d6(4, 3), (12, 7), skills=(Skill.STRONG_ARM,), extra=[(LINEMAN2, (12, 7))])
    assert game.state.carrier() == LINEMAN2


def test_strong_arm_no_bonus_on_a_quick_pass():
    # Quick +1 only: 2 + 1 = 3 -> inaccurate; scatters 5,5,5 from (7,7) -> (10,7), bounce -> (11,7)
    game = pass_game(d6(2) + d8(5, 5, 5) + d8(5), (7, 7), skills=(Skill.STRONG_ARM,))
    assert game.state.board.xy(game.state.ball) == (11, 7)
    assert not roller_of(game).queue


def ttm(script, target, extra=(), troll_skills=(), goblin_skills=(), take_troll=(), declare_only=False):
    """Orc Troll at (10,7) throws the Goblin at (10,8): Really Stupid 2+, Always Hungry 2+."""
    sc = Scenario(script=script)
    sc.grant(O_TROLL, *troll_skills).grant(O_GOBLIN, *goblin_skills).take(O_TROLL, *take_troll)
    sc.put(O_TROLL, (10, 7)).put(O_GOBLIN, (10, 8))
    for pid, sq in extra:
        sc.put(pid, sq)
    game = sc.start(active=1)
    do(game, T.START_THROW_TEAM_MATE, O_TROLL)
    if not declare_only:
        do(game, T.THROW_TEAM_MATE, O_GOBLIN, target)
    return game


def test_strong_arm_counts_on_short_team_mate_throw():
    # Short 0, TTM -1, Strong Arm +1: a 2 is inaccurate, not a fumble; scatters 5,5,5 -> (9,7)
    game = ttm(d6(2, 2, 2) + d8(5, 5, 5) + d6(4), (6, 7), troll_skills=(Skill.STRONG_ARM,))
    s = game.state
    assert xy(game, O_GOBLIN) == (9, 7)
    assert s.status[O_GOBLIN] == Status.STANDING


# --- Nerves of Steel, Disturbing Presence -------------------------------------------------------


def test_nerves_of_steel_ignores_tackle_zones_on_pass():
    marker = [(O_LINE, (5, 8))]
    s = modifier_state(extra=marker)
    assert pass_roll_modifier(s, LINEMAN, "S") == -1
    game = pass_game(d6(4, 3), (9, 7), skills=(Skill.NERVES_OF_STEEL,), extra=[*marker, (LINEMAN2, (9, 7))])
    assert game.state.carrier() == LINEMAN2  # 4 is accurate despite the tackle zone


def test_nerves_of_steel_ignores_tackle_zones_on_interception():
    # Orc lineman AG4 (3+) at (7,7) in the lane, marked by a human at (7,8): 5 - 2 = 3 with NoS
    sc = Scenario(script=d6(5))
    sc.grant(O_LINE, Skill.NERVES_OF_STEEL, ag=4)
    sc.put(LINEMAN, (5, 7)).give_ball(LINEMAN).put(O_LINE, (7, 7)).put(LINEMAN2, (7, 8))
    assert interception_modifier(sc.state, O_LINE) == -2
    game = sc.start(active=0)
    do(game, T.START_PASS, LINEMAN)
    do(game, T.PASS, square=(9, 7))
    do(game, T.SELECT_PLAYER, O_LINE)
    assert game.state.carrier() == O_LINE
    assert game.state.turnover


def test_nerves_of_steel_does_not_ignore_disturbing_presence():
    s = modifier_state((Skill.NERVES_OF_STEEL,), extra=[(O_LINE, (5, 8)), (O_LINE2, (7, 9))],
                       grants=[(O_LINE2, Skill.DISTURBING_PRESENCE)])
    assert pass_roll_modifier(s, LINEMAN, "S") == -1  # the TZ is ignored, DP is not


def test_disturbing_presence_minus_one_on_pass():
    # DP orc at (8,9): 3 squares away -> 4 - 1 = 3 is inaccurate; scatters 5,4,5 -> (10,7)
    game = pass_game(d6(4) + d8(5, 4, 5) + d8(5), (9, 7), extra=[(O_LINE, (8, 9))],
                     grants=[(O_LINE, Skill.DISTURBING_PRESENCE)])
    assert game.state.board.xy(game.state.ball) == (11, 7)


def test_disturbing_presence_counts_prone_and_only_within_three():
    far = modifier_state(extra=[(O_LINE, (9, 7))], grants=[(O_LINE, Skill.DISTURBING_PRESENCE)])
    assert pass_roll_modifier(far, LINEMAN, "S") == 0  # 4 squares away
    two = modifier_state(extra=[(O_LINE, (7, 5), Status.PRONE), (O_LINE2, (2, 10))],
                         grants=[(O_LINE, Skill.DISTURBING_PRESENCE), (O_LINE2, Skill.DISTURBING_PRESENCE)])
    assert pass_roll_modifier(two, LINEMAN, "S") == -2  # a prone DP player still counts
    own = modifier_state(extra=[(LINEMAN2, (6, 7))], grants=[(LINEMAN2, Skill.DISTURBING_PRESENCE)])
    assert pass_roll_modifier(own, LINEMAN, "S") == 0  # a team-mate's DP does not


def test_disturbing_presence_minus_one_on_interception():
    s = modifier_state(extra=[(O_LINE, (7, 7)), (LINEMAN2, (9, 9))],
                       grants=[(LINEMAN2, Skill.DISTURBING_PRESENCE)])
    assert interception_modifier(s, O_LINE) == -3


# --- Extra Arms, Very Long Legs (interceptions) -----------------------------------------------


def intercept_game(script, interceptor_skills=(), thrower_skills=(), receiver=True):
    extra = [(O_LINE, (7, 7))] + ([(LINEMAN2, (9, 7))] if receiver else [])
    game = pass_game(script, (9, 7), skills=thrower_skills, extra=extra,
                     grants=[(O_LINE, *interceptor_skills)])
    assert T.SELECT_PLAYER in game.legal_actions().types()
    do(game, T.SELECT_PLAYER, O_LINE)
    return game


def test_extra_arms_plus_one_on_interception():
    game = intercept_game(d6(5), (Skill.EXTRA_ARMS,))  # 5 - 2 + 1 = 4
    assert game.state.carrier() == O_LINE
    assert game.state.turnover


def test_extra_arms_without_it_a_five_fails():
    game = intercept_game(d6(5, 4, 3))  # 5 - 2 = 3 fails; the pass goes on and is caught
    assert game.state.carrier() == LINEMAN2
    assert not game.state.turnover


def test_very_long_legs_plus_one_on_interception():
    game = intercept_game(d6(5), (Skill.VERY_LONG_LEGS,))
    assert game.state.carrier() == O_LINE


def test_very_long_legs_stops_safe_throw():
    game = intercept_game(d6(6), (Skill.VERY_LONG_LEGS,), (Skill.SAFE_THROW,))
    assert game.state.carrier() == O_LINE  # no Safe Throw roll was made
    assert game.state.turnover
    assert not roller_of(game).queue


# --- Safe Throw -------------------------------------------------------------------------------


def test_safe_throw_cancels_interception_and_pass_goes_on():
    # interception 6, Safe Throw 4 (AG3, unmodified), pass 4, catch 3 (+1)
    game = intercept_game(d6(6, 4, 4, 3), (), (Skill.SAFE_THROW,))
    s = game.state
    assert s.carrier() == LINEMAN2
    assert not s.turnover
    assert not roller_of(game).queue


def test_safe_throw_failed_roll_leaves_the_interception():
    game = intercept_game(d6(6, 3), (), (Skill.SAFE_THROW,))
    assert game.state.carrier() == O_LINE
    assert game.state.turnover


def test_safe_throw_keeps_the_ball_on_a_modified_fumble():
    # Long Bomb -2: 3 - 2 = 1 is a fumble; Safe Throw keeps the ball: no bounce, no turnover
    game = pass_game(d6(3), (17, 7), skills=(Skill.SAFE_THROW,))
    s = game.state
    assert s.carrier() == LINEMAN
    assert not s.turnover
    assert not roller_of(game).queue
    assert game.legal_actions().types() == [T.END_TURN]  # back to the turn, nobody else to act
    assert s.pflags[LINEMAN] & PFlag.USED


def test_safe_throw_natural_one_still_fumbles():
    game = pass_game(d6(1) + d8(5), (17, 7), skills=(Skill.SAFE_THROW,))
    assert game.state.board.xy(game.state.ball) == (6, 7)
    assert game.state.turnover


# --- Hail Mary Pass ---------------------------------------------------------------------------


def test_hail_mary_pass_any_square_always_inaccurate_never_intercepted():
    extra = [(O_LINE, (12, 7)), (LINEMAN2, (23, 7))]
    game = pass_game([], skills=(Skill.HAIL_MARY_PASS,), extra=extra)
    grp = game.legal_actions().group(T.HAIL_MARY)
    assert (25, 14) in grp.squares and (0, 0) in grp.squares and (5, 7) not in grp.squares
    roller_of(game).queue.extend(d6(6) + d8(5, 5, 5) + d6(4))
    do(game, T.HAIL_MARY, square=(20, 7))  # a 6 still scatters three times; no interception
    s = game.state
    assert s.carrier() == LINEMAN2  # caught at (23,7) with no accurate bonus
    assert not s.turnover
    assert not roller_of(game).queue


def test_hail_mary_pass_fumbles_only_on_natural_one_pass_rerolls():
    # The Thrower has Pass: the fumble may be re-rolled; a 2 with a tackle zone still flies
    game = pass_game(d6(1, 2) + d8(5, 5, 5) + d8(5), thrower=THROWER, skills=(Skill.HAIL_MARY_PASS,),
                     extra=[(O_LINE, (5, 8))])
    do(game, T.HAIL_MARY, square=(20, 7))
    assert T.USE_SKILL in game.legal_actions().types()
    do(game, T.USE_SKILL)
    s = game.state
    assert s.board.xy(s.ball) == (24, 7)
    assert s.turnover  # nobody caught it


def test_hail_mary_pass_not_in_a_blizzard():
    game = pass_game([], skills=(Skill.HAIL_MARY_PASS,), weather=Weather.BLIZZARD)
    assert T.HAIL_MARY not in game.legal_actions().types()
    assert T.PASS in game.legal_actions().types()


# --- Dump-Off ---------------------------------------------------------------------------------


def dump_off_game(script, ball=True, extra=()):
    """Orc Blitzer at (11,7) blocks the human lineman at (10,7) who has Dump-Off."""
    sc = Scenario(script=script)
    sc.grant(LINEMAN, Skill.DUMP_OFF)
    sc.put(LINEMAN, (10, 7)).put(O_BLITZER, (11, 7)).put(LINEMAN2, (8, 7))
    for pid, sq in extra:
        sc.put(pid, sq)
    if ball:
        sc.give_ball(LINEMAN)
    game = sc.start(active=1)
    do(game, T.START_BLOCK, O_BLITZER)
    do(game, T.BLOCK, square=(10, 7))
    return game


def test_dump_off_quick_pass_before_the_block():
    game = dump_off_game(d6(4, 3) + block(BlockFace.PUSHED))
    assert game.decider == 0  # the defender's coach decides
    assert game.decision().kind == DecisionKind.DUMP_OFF
    grp = game.legal_actions().group(T.DUMP_OFF)
    assert all(pass_range(x - 10, y - 7) == "Q" for x, y in grp.squares)
    assert T.DECLINE in game.legal_actions().types()
    do(game, T.DUMP_OFF, square=(8, 7))  # Quick +1, one TZ -1: a 4 is accurate; catch 3 + 1
    s = game.state
    assert s.carrier() == LINEMAN2
    assert not s.turnover
    assert game.decider == 1  # the block goes on: the attacker picks the face
    assert T.SELECT_PUSHED in game.legal_actions().types()


def test_dump_off_fumble_is_no_turnover_for_either_side():
    game = dump_off_game(d6(1) + d8(4) + block(BlockFace.PUSHED))
    do(game, T.DUMP_OFF, square=(8, 7))
    s = game.state
    assert s.ball_state == BallState.ON_GROUND and s.board.xy(s.ball) == (9, 7)
    assert not s.turnover
    assert game.decider == 1


def test_dump_off_only_for_the_ball_carrier():
    game = dump_off_game(block(BlockFace.PUSHED), ball=False)
    assert game.decider == 1  # straight to the block dice
    game = dump_off_game(block(BlockFace.PUSHED))
    assert game.decider == 0 and T.DUMP_OFF in game.legal_actions().types()
    do(game, T.DECLINE)
    assert game.decider == 1


def test_dump_off_not_before_frenzys_second_block():
    sc = Scenario(script=block(BlockFace.PUSHED) + block(BlockFace.PUSHED))
    sc.grant(LINEMAN, Skill.DUMP_OFF).grant(O_BLITZER, Skill.FRENZY)
    sc.put(LINEMAN, (10, 7)).put(O_BLITZER, (11, 7)).put(LINEMAN2, (7, 7)).give_ball(LINEMAN)
    game = sc.start(active=1)
    do(game, T.START_BLOCK, O_BLITZER)
    do(game, T.BLOCK, square=(10, 7))
    do(game, T.DECLINE)  # no Dump-Off before the first block
    do(game, T.SELECT_PUSHED)
    do(game, T.PUSH, square=(9, 7))
    # Frenzy: the follow-up is forced and the second block's dice come at once, no Dump-Off
    assert xy(game, O_BLITZER) == (10, 7)
    assert game.decider == 1
    assert T.DUMP_OFF not in game.legal_actions().types()
    assert T.SELECT_PUSHED in game.legal_actions().types()


# --- Pass Block -------------------------------------------------------------------------------


def test_pass_block_moves_into_the_passing_lane():
    # Orc lineman at (8,10) may move up to 3 squares to a square under the ruler from (5,7)
    # to (11,7), or next to the thrower or the target.
    game = pass_game(d6(6), (11, 7), extra=[(LINEMAN2, (11, 7)), (O_LINE, (8, 10))],
                     grants=[(O_LINE, Skill.PASS_BLOCK)])
    assert game.decider == 1
    legal = game.legal_actions()
    moves = set(legal.group(T.MOVE).squares)
    assert (8, 9) in moves and (8, 11) not in moves  # moving away cannot reach a good square
    assert T.DECLINE in legal.types()
    do(game, T.MOVE, square=(8, 9))
    assert T.END_ACTION not in game.legal_actions().types()  # (8,9) is not a good square
    do(game, T.MOVE, square=(8, 8))
    assert T.END_ACTION in game.legal_actions().types()
    do(game, T.END_ACTION)
    assert xy(game, O_LINE) == (8, 8)
    assert O_LINE in game.legal_actions().group(T.SELECT_PLAYER).players
    do(game, T.SELECT_PLAYER, O_LINE)  # a 6 intercepts
    assert game.state.carrier() == O_LINE


def test_pass_block_fall_is_no_turnover():
    # He must dodge away from a human; a 1 drops him (armour 2). The pass then goes on.
    script = d6(1) + two_d6(1, 1) + d6(4, 3)
    game = pass_game(script, (11, 7), extra=[(LINEMAN2, (11, 7)), (O_LINE, (8, 10)), (LINEMAN3, (8, 11))],
                     grants=[(O_LINE, Skill.PASS_BLOCK)])
    do(game, T.MOVE, square=(8, 9))
    s = game.state
    assert s.status[O_LINE] == Status.PRONE
    assert s.carrier() == LINEMAN2
    assert not s.turnover


def test_pass_block_needs_a_standing_player():
    game = pass_game(d6(4, 3), (11, 7), extra=[(LINEMAN2, (11, 7)), (O_LINE, (8, 10), Status.PRONE)],
                     grants=[(O_LINE, Skill.PASS_BLOCK)])
    assert game.state.carrier() == LINEMAN2  # no Pass Block decision came up


def test_pass_block_not_for_the_blocker_during_a_dump_off():
    # The blocking orc has Pass Block: he is not asked; another orc with it is.
    sc = Scenario(script=d6(4, 3) + block(BlockFace.PUSHED))
    sc.grant(LINEMAN, Skill.DUMP_OFF).grant(O_BLITZER, Skill.PASS_BLOCK).grant(O_LINE, Skill.PASS_BLOCK)
    sc.put(LINEMAN, (10, 7)).give_ball(LINEMAN).put(O_BLITZER, (11, 7)).put(LINEMAN2, (8, 7))
    sc.put(O_LINE, (9, 10))
    game = sc.start(active=1)
    do(game, T.START_BLOCK, O_BLITZER)
    do(game, T.BLOCK, square=(10, 7))
    do(game, T.DUMP_OFF, square=(8, 7))
    assert game.decider == 1 and T.MOVE in game.legal_actions().types()  # O_LINE's Pass Block
    do(game, T.DECLINE)
    assert game.state.carrier() == LINEMAN2
    assert T.SELECT_PUSHED in game.legal_actions().types()  # straight on to the block
    assert xy(game, O_BLITZER) == (11, 7)


# --- Animosity --------------------------------------------------------------------------------


def handoff_game(script, to, animosity=True):
    """Human lineman at (5,7) hands off; the Ogre stands at (6,7), a lineman at (5,8)."""
    sc = Scenario(script=script)
    if animosity:
        sc.grant(LINEMAN, Skill.ANIMOSITY)
    sc.put(LINEMAN, (5, 7)).give_ball(LINEMAN).put(OGRE, (6, 7)).put(LINEMAN2, (5, 8))
    game = sc.start(active=0)
    do(game, T.START_HANDOFF, LINEMAN)
    do(game, T.HANDOFF, square=to)
    return game


def test_animosity_refuses_hand_off_to_another_race():
    game = handoff_game(d6(1), (6, 7))
    legal = game.legal_actions()
    assert legal.group(T.HANDOFF).squares == ((5, 8),)  # only a team-mate of his own race
    assert game.decision().kind == DecisionKind.ANIMOSITY_TARGET
    do(game, T.DECLINE)
    s = game.state
    assert s.carrier() == LINEMAN
    assert not s.turnover
    assert s.pflags[LINEMAN] & PFlag.USED


def test_animosity_after_refusing_may_give_to_his_own_race():
    game = handoff_game(d6(1, 3), (6, 7))
    do(game, T.HANDOFF, square=(5, 8))
    assert game.state.carrier() == LINEMAN2


def test_animosity_two_plus_goes_ahead():
    game = handoff_game(d6(2, 4), (6, 7))  # Ogre AG2: 5+ needs 4 + 1
    assert game.state.carrier() == OGRE


def test_animosity_no_roll_for_the_same_race():
    game = handoff_game(d6(3), (5, 8))
    assert game.state.carrier() == LINEMAN2
    assert not roller_of(game).queue


def test_animosity_on_a_pass_too():
    # Pass to the Ogre at (9,7): Animosity 1, then no own-race team-mate in range is standing
    # by... the lineman at (5,8) is: he may be chosen as the new target.
    sc = Scenario(script=d6(1, 6, 3))
    sc.grant(LINEMAN, Skill.ANIMOSITY)
    sc.put(LINEMAN, (5, 7)).give_ball(LINEMAN).put(OGRE, (9, 7)).put(LINEMAN2, (5, 9))
    game = sc.start(active=0)
    do(game, T.START_PASS, LINEMAN)
    do(game, T.PASS, square=(9, 7))
    assert legal_group(game, T.PASS).squares == ((5, 9),)
    do(game, T.PASS, square=(5, 9))
    assert game.state.carrier() == LINEMAN2


# --- Bombardier -------------------------------------------------------------------------------


def bomb_game(script, extra=(), prone=False, target=None):
    sc = Scenario(script=script)
    sc.grant(O_LINE, Skill.BOMBARDIER)
    sc.put(O_LINE, (14, 7), Status.PRONE if prone else Status.STANDING)
    for pid, sq, *status in extra:
        sc.put(pid, sq, *status)
    game = sc.start(active=1)
    if target is not None:
        do(game, T.START_BOMB, O_LINE)
        do(game, T.BOMB, square=target)
    return game


def test_bombardier_declared_only_when_standing():
    game = bomb_game([])
    assert O_LINE in game.legal_actions().group(T.START_BOMB).players
    game = bomb_game([], prone=True)
    assert T.START_BOMB not in game.legal_actions().types()


def test_bombardier_bomb_explodes_and_keeps_the_pass_action():
    # Short throw to the empty (10,7): 4 is accurate. Adjacent players roll in board order:
    # the human at (9,6) is spared on a 3, the one at (10,8) hit on a 4 and knocked down
    # (armour 2: holds). No turnover.
    extra = [(LINEMAN, (10, 8)), (LINEMAN2, (9, 6)), (O_LINE2, (20, 3))]
    game = bomb_game(d6(4, 3, 4) + two_d6(1, 1), extra=extra, target=(10, 7))
    s = game.state
    assert s.status[LINEMAN] == Status.PRONE
    assert s.status[LINEMAN2] == Status.STANDING
    assert not s.turnover
    assert not roller_of(game).queue
    assert not s.teams[1].pass_used  # the bomb did not use the Pass action
    assert O_LINE2 in game.legal_actions().group(T.START_PASS).players


def test_bombardier_fumble_explodes_on_the_thrower():
    game = bomb_game(d6(1) + two_d6(1, 1), target=(10, 7))
    s = game.state
    assert s.status[O_LINE] == Status.PRONE
    assert s.turnover


def test_bombardier_bomb_caught_must_be_thrown_on():
    # It lands accurately on a human at (10,7) who catches (3 + 1) and must throw it on:
    # he fumbles (1) and it blows up in his own square (armour 2).
    game = bomb_game(d6(4, 3), extra=[(LINEMAN, (10, 7))], target=(10, 7))
    assert game.decider == 0
    assert T.BOMB in game.legal_actions().types()
    roller_of(game).queue.extend(d6(1) + two_d6(1, 1))
    do(game, T.BOMB, square=(14, 7))
    s = game.state
    assert s.status[LINEMAN] == Status.PRONE
    assert s.status[O_LINE] == Status.STANDING  # two squares away: not adjacent
    assert not s.turnover


def test_bombardier_bomb_out_of_the_pitch_is_harmless():
    game = bomb_game(d6(2) + d8(2, 2, 2), extra=[(LINEMAN, (14, 1))], target=(14, 2))
    s = game.state
    assert s.status[LINEMAN] == Status.STANDING
    assert not roller_of(game).queue


# --- Throw Team-Mate, Right Stuff, Always Hungry, Swoop -----------------------------------------


def test_throw_team_mate_not_declared_after_the_pass_action():
    sc = Scenario(script=[])
    sc.put(O_TROLL, (10, 7)).put(O_GOBLIN, (10, 8)).put(12, (12, 7))
    game = sc.start(active=1)
    types = game.legal_actions().types()
    assert types.index(T.START_THROW_TEAM_MATE) == types.index(T.START_PASS) + 1
    assert legal_group(game, T.START_THROW_TEAM_MATE).players == (O_TROLL,)
    do(game, T.START_PASS, 12)
    do(game, T.END_ACTION)
    assert T.START_THROW_TEAM_MATE not in game.legal_actions().types()


def test_throw_team_mate_granted_to_any_player():
    sc = Scenario(script=[])
    sc.grant(LINEMAN, Skill.THROW_TEAM_MATE).grant(LINEMAN2, Skill.RIGHT_STUFF)
    sc.put(LINEMAN, (5, 7)).put(LINEMAN2, (5, 8))
    game = sc.start(active=0)
    assert legal_group(game, T.START_THROW_TEAM_MATE).players == (LINEMAN,)
    do(game, T.START_THROW_TEAM_MATE, LINEMAN)
    assert legal_group(game, T.THROW_TEAM_MATE).players == (LINEMAN2,)


def test_right_stuff_needed_to_be_thrown():
    sc = Scenario(script=[])
    sc.take(O_GOBLIN, Skill.RIGHT_STUFF).take(19, Skill.RIGHT_STUFF)
    sc.put(O_TROLL, (10, 7)).put(O_GOBLIN, (10, 8))
    game = sc.start(active=1)
    assert T.START_THROW_TEAM_MATE not in game.legal_actions().types()


def test_right_stuff_every_adjacent_one_may_be_thrown():
    sc = Scenario(script=d6(2))
    sc.grant(O_LINE2, Skill.RIGHT_STUFF)
    sc.put(O_TROLL, (10, 7)).put(O_GOBLIN, (10, 8)).put(O_LINE2, (11, 7)).put(O_LINE, (9, 7))
    game = sc.start(active=1)
    do(game, T.START_THROW_TEAM_MATE, O_TROLL)
    players = {g.players[0] for g in game.legal_actions().groups if g.type == T.THROW_TEAM_MATE}
    assert players == {O_GOBLIN, O_LINE2}


def test_always_hungry_absent_no_roll():
    # Really Stupid 2, then straight to the throw (6) and three scatters, landing 4
    game = ttm(d6(2, 6) + d8(4, 4, 2) + d6(4), (6, 7), take_troll=(Skill.ALWAYS_HUNGRY,))
    assert xy(game, O_GOBLIN) == (4, 6)
    assert not roller_of(game).queue


def test_always_hungry_one_then_one_eats_the_team_mate():
    game = ttm(d6(2, 1, 1), (6, 7))
    s = game.state
    assert s.status[O_GOBLIN] == Status.CASUALTY
    assert s.turnover


def test_swoop_template_instead_of_scatters():
    # accurate throw to (6,7); the coach aims the template at the top sideline (6,0);
    # D6 3 = straight on, D3 2 -> (6,5); landing 4
    game = ttm(d6(2, 2, 6), (6, 7), goblin_skills=(Skill.SWOOP,))
    assert game.decider == 1
    assert game.decision().kind == DecisionKind.SWOOP
    squares = set(game.legal_actions().group(T.SELECT_SQUARE).squares)
    assert squares == {(6, 0), (6, 14), (0, 7), (25, 7)}
    roller_of(game).queue.extend(d6(3) + d3(2) + d6(4))
    do(game, T.SELECT_SQUARE, square=(6, 0))
    assert xy(game, O_GOBLIN) == (6, 5)
    assert game.state.status[O_GOBLIN] == Status.STANDING
    assert not roller_of(game).queue


def test_swoop_diagonal_and_into_the_crowd():
    # target (10,12), template towards the bottom sideline, D6 1 = first diagonal (+1, +1):
    # D3 3 -> (11,13), (12,14), then off the pitch: the crowd (injury 1+2: reserves)
    game = ttm(d6(2, 2, 6), (10, 12), goblin_skills=(Skill.SWOOP,))
    roller_of(game).queue.extend(d6(1) + d3(3) + two_d6(1, 2))
    do(game, T.SELECT_SQUARE, square=(10, 14))
    s = game.state
    assert s.pos[O_GOBLIN] < 0
    assert s.status[O_GOBLIN] == Status.RESERVE


# --- random play --------------------------------------------------------------------------------

SMOKE_SKILLS = (
    Skill.ACCURATE, Skill.STRONG_ARM, Skill.NERVES_OF_STEEL, Skill.DISTURBING_PRESENCE,
    Skill.EXTRA_ARMS, Skill.VERY_LONG_LEGS, Skill.SAFE_THROW, Skill.HAIL_MARY_PASS, Skill.DUMP_OFF,
    Skill.PASS_BLOCK, Skill.ANIMOSITY, Skill.BOMBARDIER, Skill.SWOOP, Skill.THROW_TEAM_MATE,
    Skill.RIGHT_STUFF,
)


def _smoke_games(seeds: range) -> set[Skill]:
    return random_skill_games(seeds, lambda game, seed: grant_random_skills(game, SMOKE_SKILLS, 4, seed))


def test_pass_block_and_friends_random_games_hold_invariants_quick():
    assert _smoke_games(range(3)) & set(SMOKE_SKILLS)


@pytest.mark.slow
def test_pass_block_and_friends_random_games_hold_invariants():
    seen = _smoke_games(range(30))
    # Animosity needs a pass or hand-off between team-mates of different races: not reached in
    # these (seeded) games; the scripted tests above cover it.
    assert set(SMOKE_SKILLS) - seen == {Skill.ANIMOSITY}


def test_hail_mary_pass_bomb_scatters_three_times_and_is_never_intercepted():
    # A Bombardier with Hail Mary Pass lobs the bomb at (2,7) over an interceptor on the line:
    # a 5 is inaccurate, three scatters (+x) bring it down on the empty (5,7); the human at
    # (5,8) is hit on a 4 (armour 2 holds).
    sc = Scenario(script=d6(5) + d8(5, 5, 5) + d6(4) + two_d6(1, 1))
    sc.grant(O_LINE, Skill.BOMBARDIER, Skill.HAIL_MARY_PASS).put(O_LINE, (14, 7))
    sc.put(LINEMAN, (10, 7)).put(LINEMAN2, (5, 8))
    game = sc.start(active=1)
    do(game, T.START_BOMB, O_LINE)
    grp = game.legal_actions().group(T.HAIL_MARY)
    assert grp is not None and (0, 0) in grp.squares
    do(game, T.HAIL_MARY, square=(2, 7))
    s = game.state
    assert s.status[LINEMAN2] == Status.PRONE
    assert s.status[LINEMAN] == Status.STANDING
    assert not s.turnover
    assert not roller_of(game).queue


def test_hail_mary_pass_bomb_fumbles_only_on_a_one():
    sc = Scenario(script=d6(1) + two_d6(1, 1))
    sc.grant(O_LINE, Skill.BOMBARDIER, Skill.HAIL_MARY_PASS).put(O_LINE, (14, 7))
    game = sc.start(active=1)
    do(game, T.START_BOMB, O_LINE)
    do(game, T.HAIL_MARY, square=(2, 7))
    s = game.state
    assert s.status[O_LINE] == Status.PRONE  # it went off in his hand
    assert s.turnover
    assert not roller_of(game).queue


def test_hail_mary_pass_bomb_needs_the_skill():
    game = bomb_game([])
    do(game, T.START_BOMB, O_LINE)
    assert T.HAIL_MARY not in game.legal_actions().types()
