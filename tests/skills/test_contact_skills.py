"""Skills of pushes, armour, injuries, casualties and fouls, through scripted dice."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from nuffle.conformance import play_checked
from nuffle.core.actions import ActionType
from nuffle.core.decision import DecisionKind
from nuffle.core.dice import block, d6, d8, d68, two_d6
from nuffle.core.game import Game
from nuffle.core.hooks import where
from nuffle.core.procedures.injury import PlaceProne
from nuffle.core.skills import Skill
from nuffle.core.state import STAT_ROTTED
from nuffle.core.types import BallState, PFlag, Status
from nuffle.testing import (
    DD,
    LINEMAN,
    LINEMAN2,
    LINEMAN3,
    O_GOBLIN,
    O_LINE,
    O_LINE2,
    O_LINE3,
    O_TROLL,
    PU,
    Scenario,
    do,
    legal_types,
    roller_of,
    skills_consulted,
    xy,
)

T = ActionType


def block_game(script, grants=(), extra=(), att=LINEMAN, dfd=O_LINE, att_sq=(10, 7), dfd_sq=(11, 7),
               ball=None, apothecaries=(0, 0), blitz=False, status=None):
    """`att` blocks `dfd` (equal strength: one die, the attacker picks); stops at the face choice."""
    sc = Scenario(script=script)
    sc.put(att, att_sq).put(dfd, dfd_sq).set(apothecaries=apothecaries)
    for pid, sq in extra:
        sc.put(pid, sq)
    for pid, skills in grants:
        sc.grant(pid, *skills)
    if ball is not None:
        sc.give_ball(ball)
    for pid, flags in (status or {}).items():
        sc.state.pflags[pid] |= flags
    game = sc.start(active=0)
    do(game, T.START_BLITZ if blitz else T.START_BLOCK, att)
    do(game, T.BLOCK, square=dfd_sq)
    return game


def knock_down(script, grants=(), follow=False, **kw):
    """Defender Down, pushed straight back to (12,7); follow up or not."""
    game = block_game(block(DD) + script, grants, **kw)
    do(game, T.SELECT_DEFENDER_DOWN)
    do(game, T.PUSH, square=(12, 7))
    do(game, T.FOLLOW_UP if follow else T.DECLINE)
    return game


def foul_game(script, grants=(), victim=O_LINE, fouler=LINEMAN, apothecaries=(0, 0), victim_av=None):
    """`fouler` at (10,7) fouls the prone `victim` at (11,7)."""
    sc = Scenario(script=script)
    sc.put(fouler, (10, 7)).put(victim, (11, 7), Status.PRONE).set(apothecaries=apothecaries)
    for pid, skills in grants:
        sc.grant(pid, *skills)
    if victim_av is not None:
        sc.grant(victim, av=victim_av)
    game = sc.start(active=0)
    do(game, T.START_FOUL, fouler)
    do(game, T.FOUL, square=(11, 7))
    return game


# --- Mighty Blow ------------------------------------------------------------------------------


def test_mighty_blow_breaks_armour_when_it_makes_the_difference():
    game = knock_down(two_d6(4, 5) + two_d6(3, 4), [(LINEMAN, [Skill.MIGHTY_BLOW])])  # 9+1 > 9
    assert game.state.status[O_LINE] == Status.STUNNED  # injury 7, no +1 left
    assert not roller_of(game).queue


def test_mighty_blow_goes_on_injury_when_armour_breaks_anyway():
    game = knock_down(two_d6(4, 6) + two_d6(3, 4), [(LINEMAN, [Skill.MIGHTY_BLOW])])
    assert game.state.status[O_LINE] == Status.KO  # 7 + 1


def test_mighty_blow_not_on_fouls():
    game = foul_game(two_d6(4, 5), [(LINEMAN, [Skill.MIGHTY_BLOW])])  # 9 holds AV 9
    assert game.state.status[O_LINE] == Status.PRONE
    assert not roller_of(game).queue


def test_mighty_blow_is_a_handler():
    assert where(Skill.MIGHTY_BLOW) == ["injury.armour_or_injury"]


# --- Claws ------------------------------------------------------------------------------------


def test_claws_eight_breaks_any_armour():
    game = knock_down(two_d6(3, 5) + two_d6(1, 2), [(LINEMAN, [Skill.CLAWS])])  # 8 vs AV 9
    assert game.state.status[O_LINE] == Status.STUNNED
    assert not roller_of(game).queue


def test_claws_seven_does_not_break_av_nine():
    game = knock_down(two_d6(3, 4), [(LINEMAN, [Skill.CLAWS])])
    assert game.state.status[O_LINE] == Status.PRONE
    assert not roller_of(game).queue


def test_claws_mighty_blow_reaches_eight():
    game = knock_down(two_d6(3, 4) + two_d6(4, 4), [(LINEMAN, [Skill.CLAWS, Skill.MIGHTY_BLOW])])
    assert game.state.status[O_LINE] == Status.KO  # 7+1 = 8 breaks; injury 8 (MB spent)


def test_claws_not_on_fouls():
    game = foul_game(two_d6(3, 5), [(LINEMAN, [Skill.CLAWS])])
    assert game.state.status[O_LINE] == Status.PRONE
    assert not roller_of(game).queue


# --- Piling On --------------------------------------------------------------------------------


def test_piling_on_rerolls_armour_and_is_placed_prone():
    script = two_d6(2, 3) + two_d6(5, 6) + two_d6(4, 5)
    game = knock_down(script, [(LINEMAN, [Skill.PILING_ON])], follow=True)
    assert game.decider == 0 and legal_types(game) == {T.SELECT_ARMOUR, T.DECLINE}
    do(game, T.SELECT_ARMOUR)
    s = game.state
    assert s.status[LINEMAN] == Status.PRONE and xy(game, LINEMAN) == (11, 7)
    assert s.status[O_LINE] == Status.KO  # re-rolled armour 11 breaks, injury 9
    assert not s.turnover
    assert not roller_of(game).queue  # no armour roll for the piler


def test_piling_on_declined_keeps_him_standing():
    game = knock_down(two_d6(2, 3), [(LINEMAN, [Skill.PILING_ON])], follow=True)
    do(game, T.DECLINE)
    assert game.state.status[LINEMAN] == Status.STANDING
    assert game.state.status[O_LINE] == Status.PRONE


def test_piling_on_needs_him_adjacent():
    game = knock_down(two_d6(2, 3), [(LINEMAN, [Skill.PILING_ON])], follow=False)
    assert T.SELECT_ARMOUR not in legal_types(game)
    assert game.state.status[O_LINE] == Status.PRONE


def test_piling_on_rerolls_injury_keeping_mighty_blow():
    script = two_d6(5, 6) + two_d6(2, 3) + two_d6(3, 4)
    game = knock_down(script, [(LINEMAN, [Skill.PILING_ON, Skill.MIGHTY_BLOW])], follow=True)
    assert legal_types(game) == {T.SELECT_INJURY, T.DECLINE}  # injury 5+1: stunned so far
    do(game, T.SELECT_INJURY)
    assert game.state.status[O_LINE] == Status.KO  # 7 + 1
    assert game.state.status[LINEMAN] == Status.PRONE


def test_piling_on_only_one_reroll_per_knock_down():
    script = two_d6(2, 3) + two_d6(5, 6) + two_d6(1, 2)
    game = knock_down(script, [(LINEMAN, [Skill.PILING_ON])], follow=True)
    do(game, T.SELECT_ARMOUR)
    assert game.state.status[O_LINE] == Status.STUNNED  # no injury re-roll offered
    assert not roller_of(game).queue


def test_piling_on_not_offered_on_a_casualty():
    game = knock_down(two_d6(5, 6) + two_d6(5, 6) + d68(11), [(LINEMAN, [Skill.PILING_ON])], follow=True)
    assert game.state.status[O_LINE] == Status.CASUALTY
    assert game.state.status[LINEMAN] == Status.STANDING


def test_piling_on_with_the_ball_is_a_turnover():
    script = two_d6(2, 3) + d8(2) + two_d6(1, 2)  # he is placed prone (the ball bounces) first
    game = knock_down(script, [(LINEMAN, [Skill.PILING_ON])], follow=True, ball=LINEMAN)
    do(game, T.SELECT_ARMOUR)
    s = game.state
    assert s.turnover and s.ball_state == BallState.ON_GROUND
    assert s.board.xy(s.ball) == (11, 6)  # bounced from his square
    assert not roller_of(game).queue


# --- Dirty Player, Sneaky Git -----------------------------------------------------------------


def test_dirty_player_choice_on_armour_when_it_breaks():
    game = foul_game(two_d6(4, 5) + two_d6(3, 4), [(LINEMAN, [Skill.DIRTY_PLAYER])])
    assert game.decider == 0 and legal_types(game) == {T.SELECT_ARMOUR, T.DECLINE}
    assert game.decision().kind == DecisionKind.ARMOUR_BONUS
    do(game, T.SELECT_ARMOUR)
    assert game.state.status[O_LINE] == Status.STUNNED  # injury 7: the +1 is spent


def test_dirty_player_declined_on_armour_holds():
    game = foul_game(two_d6(4, 5), [(LINEMAN, [Skill.DIRTY_PLAYER])])
    do(game, T.DECLINE)
    assert game.state.status[O_LINE] == Status.PRONE
    assert not roller_of(game).queue


def test_dirty_player_on_injury_when_armour_breaks():
    game = foul_game(two_d6(4, 6) + two_d6(3, 4), [(LINEMAN, [Skill.DIRTY_PLAYER])])
    assert game.state.status[O_LINE] == Status.KO  # 7 + 1, no decision asked


def test_sneaky_git_double_armour_that_holds_is_not_seen():
    game = foul_game(two_d6(2, 2), [(LINEMAN, [Skill.SNEAKY_GIT])])
    s = game.state
    assert s.status[LINEMAN] == Status.STANDING and not s.turnover


def test_sneaky_git_double_armour_that_breaks_is_sent_off():
    game = foul_game(two_d6(5, 5) + two_d6(1, 2), [(LINEMAN, [Skill.SNEAKY_GIT])])
    s = game.state
    assert s.status[LINEMAN] == Status.SENT_OFF and s.turnover
    assert s.status[O_LINE] == Status.STUNNED


def test_sneaky_git_injury_double_still_sends_off():
    game = foul_game(two_d6(4, 6) + two_d6(2, 2), [(LINEMAN, [Skill.SNEAKY_GIT])])
    assert game.state.status[LINEMAN] == Status.SENT_OFF


def test_sneaky_git_may_decline_dirty_player_to_stay_unseen():
    # 4+4 = 8 holds AV 8; Dirty Player would break it on a double: sent off despite Sneaky Git.
    skills = [(LINEMAN, [Skill.SNEAKY_GIT, Skill.DIRTY_PLAYER])]
    game = foul_game(two_d6(4, 4), skills, victim_av=8)
    assert legal_types(game) == {T.SELECT_ARMOUR, T.DECLINE}
    do(game, T.DECLINE)
    assert game.state.status[LINEMAN] == Status.STANDING and not game.state.turnover
    game = foul_game(two_d6(4, 4) + two_d6(1, 2), skills, victim_av=8)
    do(game, T.SELECT_ARMOUR)
    assert game.state.status[O_LINE] == Status.STUNNED
    assert game.state.status[LINEMAN] == Status.SENT_OFF


# --- Chainsaw ---------------------------------------------------------------------------------


def test_chainsaw_plus_three_when_he_is_knocked_down():
    game = knock_down(two_d6(3, 4) + two_d6(1, 2), [(O_LINE, [Skill.CHAINSAW])])  # 7+3 > 9
    assert game.state.status[O_LINE] == Status.STUNNED
    assert not roller_of(game).queue


def test_chainsaw_passive_not_when_fouled():
    game = foul_game(two_d6(3, 4), [(O_LINE, [Skill.CHAINSAW])])
    assert game.state.status[O_LINE] == Status.PRONE
    assert not roller_of(game).queue


def test_chainsaw_foul_adds_three():
    game = foul_game(d6(2) + two_d6(3, 4) + two_d6(1, 2), [(LINEMAN, [Skill.CHAINSAW])])
    assert game.state.status[O_LINE] == Status.STUNNED
    assert game.state.status[LINEMAN] == Status.STANDING


def test_chainsaw_foul_kick_back_hits_the_wielder():
    game = foul_game(d6(1) + two_d6(3, 3) + two_d6(1, 2), [(LINEMAN, [Skill.CHAINSAW])])  # 6+3 > 8
    s = game.state
    assert s.status[LINEMAN] == Status.STUNNED and s.turnover
    assert s.status[O_LINE] == Status.PRONE  # the victim is untouched; nobody sent off
    assert not roller_of(game).queue


def test_chainsaw_kick_back_that_holds_does_nothing():
    game = foul_game(d6(1) + two_d6(1, 3), [(LINEMAN, [Skill.CHAINSAW])])  # 4+3 holds AV 8
    s = game.state
    assert s.status[LINEMAN] == Status.STANDING and not s.turnover
    assert s.status[O_LINE] == Status.PRONE
    assert not roller_of(game).queue


# --- the injury table: Thick Skull, Stunty, Ball & Chain ------------------------------------


def test_thick_skull_eight_is_stunned():
    game = foul_game(two_d6(4, 6) + two_d6(3, 5), [(O_LINE, [Skill.THICK_SKULL])])
    assert game.state.status[O_LINE] == Status.STUNNED


def test_thick_skull_nine_is_ko():
    game = foul_game(two_d6(4, 6) + two_d6(4, 5), [(O_LINE, [Skill.THICK_SKULL])])
    assert game.state.status[O_LINE] == Status.KO


def test_thick_skull_with_stunty_seven_ko_eight_stunned():
    seven = foul_game(two_d6(4, 6) + two_d6(3, 4), [(O_GOBLIN, [Skill.THICK_SKULL])], victim=O_GOBLIN)
    assert seven.state.status[O_GOBLIN] == Status.KO
    eight = foul_game(two_d6(4, 6) + two_d6(4, 4), [(O_GOBLIN, [Skill.THICK_SKULL])], victim=O_GOBLIN)
    assert eight.state.status[O_GOBLIN] == Status.STUNNED


def test_stunty_seven_is_ko_and_nine_badly_hurt():
    seven = foul_game(two_d6(4, 6) + two_d6(3, 4), victim=O_GOBLIN)
    assert seven.state.status[O_GOBLIN] == Status.KO
    nine = foul_game(two_d6(4, 6) + two_d6(4, 5), victim=O_GOBLIN)
    assert nine.state.status[O_GOBLIN] == Status.CASUALTY
    assert not nine.roller.queue  # no casualty roll


def test_stunty_six_stays_stunned():
    game = foul_game(two_d6(4, 6) + two_d6(3, 3), victim=O_GOBLIN)
    assert game.state.status[O_GOBLIN] == Status.STUNNED


def test_ball_and_chain_knocked_down_rolls_injury_without_armour():
    game = knock_down(two_d6(1, 2), [(O_LINE, [Skill.BALL_AND_CHAIN])])
    assert game.state.status[O_LINE] == Status.KO  # 3 would be Stunned: becomes KO
    assert not roller_of(game).queue  # the 2D6 was the injury roll: no armour roll


def test_ball_and_chain_placed_prone_rolls_injury():
    sc = Scenario(script=two_d6(6, 5) + d68(41))
    sc.put(O_LINE, (11, 7)).grant(O_LINE, Skill.BALL_AND_CHAIN)
    game = sc.start(proc=PlaceProne(O_LINE))
    assert game.state.status[O_LINE] == Status.CASUALTY
    assert not roller_of(game).queue


def test_ball_and_chain_mighty_blow_on_the_injury_roll():
    game = knock_down(two_d6(3, 4), [(O_LINE, [Skill.BALL_AND_CHAIN]), (LINEMAN, [Skill.MIGHTY_BLOW])])
    assert game.state.status[O_LINE] == Status.KO  # 7 + 1 = 8


def test_ball_and_chain_absent_placed_prone_has_no_roll_and_no_turnover():
    sc = Scenario()
    sc.put(LINEMAN, (11, 7))
    sc.state.active = 0
    game = sc.start(proc=PlaceProne(LINEMAN))
    assert game.state.status[LINEMAN] == Status.PRONE
    assert not game.state.turnover


# --- casualties: Regeneration, Decay, Nurgle's Rot -------------------------------------------


def test_regeneration_four_plus_recovers_to_reserves():
    game = foul_game(two_d6(4, 6) + two_d6(5, 5) + d68(61) + d6(4), victim=O_TROLL)
    assert game.state.status[O_TROLL] == Status.RESERVE
    assert not roller_of(game).queue


def test_regeneration_three_fails():
    game = foul_game(two_d6(4, 6) + two_d6(5, 5) + d68(61) + d6(3), victim=O_TROLL)
    assert game.state.status[O_TROLL] == Status.CASUALTY


def test_regeneration_after_the_apothecary():
    script = two_d6(4, 6) + two_d6(5, 5) + d68(61) + d68(45) + d6(5)
    game = foul_game(script, victim=O_TROLL, apothecaries=(0, 1))
    assert game.decider == 1
    do(game, T.USE_APOTHECARY)
    assert game.state.status[O_TROLL] == Status.RESERVE
    assert not roller_of(game).queue


def test_decay_rolls_the_casualty_table_twice():
    game = foul_game(two_d6(4, 6) + two_d6(5, 5) + d68(41) + d68(61), [(O_LINE, [Skill.DECAY])])
    assert game.state.status[O_LINE] == Status.CASUALTY
    assert not roller_of(game).queue


def test_decay_regeneration_heals_both():
    script = two_d6(4, 6) + two_d6(5, 5) + d68(41) + d68(61) + d6(4)
    game = foul_game(script, [(O_LINE, [Skill.DECAY, Skill.REGENERATION])])
    assert game.state.status[O_LINE] == Status.RESERVE
    assert not roller_of(game).queue


def test_decay_apothecary_replaces_the_worse_result():
    script = two_d6(4, 6) + two_d6(5, 5) + d68(11) + d68(61) + d68(23)
    game = foul_game(script, [(O_LINE, [Skill.DECAY])], apothecaries=(0, 1))
    do(game, T.USE_APOTHECARY)
    assert game.state.status[O_LINE] == Status.RESERVE  # both results now Badly Hurt


def test_decay_apothecary_one_serious_result_stays():
    script = two_d6(4, 6) + two_d6(5, 5) + d68(45) + d68(61) + d68(23)
    game = foul_game(script, [(O_LINE, [Skill.DECAY])], apothecaries=(0, 1))
    do(game, T.USE_APOTHECARY)
    assert game.state.status[O_LINE] == Status.CASUALTY  # 45 and 23


def test_decay_not_on_stunty_badly_hurt():
    game = foul_game(two_d6(4, 6) + two_d6(4, 5), [(O_GOBLIN, [Skill.DECAY])], victim=O_GOBLIN)
    assert game.state.status[O_GOBLIN] == Status.CASUALTY
    assert not roller_of(game).queue


def test_nurgles_rot_records_a_kill():
    game = knock_down(two_d6(5, 6) + two_d6(5, 5) + d68(61), [(LINEMAN, [Skill.NURGLES_ROT])])
    assert game.state.status[O_LINE] == Status.CASUALTY
    assert game.state.stats[0][STAT_ROTTED] == 1
    assert game.box_score()["home"]["rotted"] == 1
    assert game.box_score()["away"]["rotted"] == 0


def test_nurgles_rot_no_record_unless_dead():
    game = knock_down(two_d6(5, 6) + two_d6(5, 5) + d68(58), [(LINEMAN, [Skill.NURGLES_ROT])])
    assert game.state.status[O_LINE] == Status.CASUALTY
    assert game.state.stats[0][STAT_ROTTED] == 0


def test_nurgles_rot_not_for_regenerating_or_stunty_victims():
    troll = foul_game(two_d6(4, 6) + two_d6(5, 5) + d68(61) + d6(1), [(LINEMAN, [Skill.NURGLES_ROT])],
                      victim=O_TROLL)
    assert troll.state.status[O_TROLL] == Status.CASUALTY
    assert troll.state.stats[0][STAT_ROTTED] == 0


def test_nurgles_rot_counts_a_foul_kill_but_not_a_crowd_kill():
    game = foul_game(two_d6(4, 6) + two_d6(5, 5) + d68(62), [(LINEMAN, [Skill.NURGLES_ROT])])
    assert game.state.stats[0][STAT_ROTTED] == 1
    crowd = block_game(block(PU) + two_d6(6, 6) + d68(61), [(LINEMAN, [Skill.NURGLES_ROT])],
                       att_sq=(10, 1), dfd_sq=(10, 0))
    do(crowd, T.SELECT_PUSHED)
    do(crowd, T.PUSH, square=(10, -1))
    do(crowd, T.DECLINE)
    assert crowd.state.status[O_LINE] == Status.CASUALTY
    assert crowd.state.stats[0][STAT_ROTTED] == 0


# --- Stand Firm, Take Root, Juggernaut ------------------------------------------------------


def test_stand_firm_may_refuse_the_push():
    game = block_game(block(PU), [(O_LINE, [Skill.STAND_FIRM])])
    do(game, T.SELECT_PUSHED)
    assert game.decider == 1 and legal_types(game) == {T.USE_SKILL, T.DECLINE}
    do(game, T.USE_SKILL)
    assert xy(game, O_LINE) == (11, 7)
    assert game.decider == 0 and T.FOLLOW_UP not in legal_types(game)  # he did not move: no follow-up
    assert T.END_TURN in legal_types(game)


def test_stand_firm_declined_is_pushed():
    game = block_game(block(PU), [(O_LINE, [Skill.STAND_FIRM])])
    do(game, T.SELECT_PUSHED)
    do(game, T.DECLINE)
    do(game, T.PUSH, square=(12, 7))
    assert xy(game, O_LINE) == (12, 7)


def test_stand_firm_defender_down_falls_in_place():
    game = block_game(block(DD) + two_d6(1, 2), [(O_LINE, [Skill.STAND_FIRM])])
    do(game, T.SELECT_DEFENDER_DOWN)
    do(game, T.USE_SKILL)
    s = game.state
    assert xy(game, O_LINE) == (11, 7) and s.status[O_LINE] == Status.PRONE
    assert not roller_of(game).queue


def test_stand_firm_chain_push_into_him_moves_nobody():
    extra = [(O_LINE2, (12, 6)), (O_LINE3, (12, 7)), (LINEMAN2, (12, 8))]
    game = block_game(block(DD) + two_d6(1, 2), [(O_LINE3, [Skill.STAND_FIRM])], extra=extra)
    do(game, T.SELECT_DEFENDER_DOWN)
    do(game, T.PUSH, square=(12, 7))
    assert game.decider == 1 and legal_types(game) == {T.USE_SKILL, T.DECLINE}
    do(game, T.USE_SKILL)
    assert xy(game, O_LINE) == (11, 7) and xy(game, O_LINE3) == (12, 7)
    assert game.state.status[O_LINE] == Status.PRONE  # knocked down where he stands
    assert game.state.status[O_LINE3] == Status.STANDING


def test_stand_firm_cancelled_by_juggernaut_on_a_blitz():
    game = block_game(block(PU), [(O_LINE, [Skill.STAND_FIRM]), (LINEMAN, [Skill.JUGGERNAUT])], blitz=True)
    do(game, T.SELECT_PUSHED)
    assert legal_types(game) == {T.PUSH}
    do(game, T.PUSH, square=(12, 7))
    assert xy(game, O_LINE) == (12, 7)


def test_stand_firm_against_juggernaut_on_a_block_action():
    game = block_game(block(PU), [(O_LINE, [Skill.STAND_FIRM]), (LINEMAN, [Skill.JUGGERNAUT])])
    do(game, T.SELECT_PUSHED)
    assert legal_types(game) == {T.USE_SKILL, T.DECLINE}


def test_take_root_rooted_player_cannot_be_pushed():
    game = block_game(block(DD) + two_d6(1, 2), [(O_LINE, [Skill.TAKE_ROOT])], status={O_LINE: PFlag.ROOTED})
    do(game, T.SELECT_DEFENDER_DOWN)  # no push decision, no choice: he stays and falls
    s = game.state
    assert xy(game, O_LINE) == (11, 7) and s.status[O_LINE] == Status.PRONE
    assert not s.pflags[O_LINE] & PFlag.ROOTED  # knocked down: no longer rooted


def test_take_root_not_rooted_is_pushed():
    game = block_game(block(PU), [(O_LINE, [Skill.TAKE_ROOT])])
    do(game, T.SELECT_PUSHED)
    do(game, T.PUSH, square=(12, 8))
    assert xy(game, O_LINE) == (12, 8)


# --- Side Step, Grab --------------------------------------------------------------------------

ALL_BUT_ATTACKER = {(10, 6), (10, 8), (11, 6), (11, 8), (12, 6), (12, 7), (12, 8)}


def test_side_step_his_coach_picks_any_empty_adjacent_square():
    game = block_game(block(PU), [(O_LINE, [Skill.SIDE_STEP])])
    do(game, T.SELECT_PUSHED)
    assert game.decider == 1
    assert set(game.legal_actions().group(T.PUSH).squares) == ALL_BUT_ATTACKER
    do(game, T.PUSH, square=(10, 6))
    assert xy(game, O_LINE) == (10, 6)


def test_side_step_without_empty_adjacent_square_normal_rules():
    extra = [(O_LINE2, (12, 6)), (O_LINE3, (12, 7)), (LINEMAN2, (12, 8)), (LINEMAN3, (10, 6)),
             (20 + 2, (10, 8)), (1, (11, 6)), (2, (11, 8))]
    game = block_game(block(PU, PU), [(O_LINE, [Skill.SIDE_STEP])], extra=extra)  # 4 v 3
    do(game, T.SELECT_PUSHED)
    assert game.decider == 0
    assert set(game.legal_actions().group(T.PUSH).squares) == {(12, 6), (12, 7), (12, 8)}


def test_side_step_in_a_chain_push():
    extra = [(O_LINE2, (12, 6)), (O_LINE3, (12, 7)), (LINEMAN2, (12, 8))]
    game = block_game(block(PU), [(O_LINE3, [Skill.SIDE_STEP])], extra=extra)
    do(game, T.SELECT_PUSHED)
    do(game, T.PUSH, square=(12, 7))
    assert game.decider == 1
    assert (11, 8) in game.legal_actions().group(T.PUSH).squares  # beside, not in the fan


def test_grab_attacker_picks_any_empty_adjacent_square():
    game = block_game(block(PU), [(LINEMAN, [Skill.GRAB])])
    do(game, T.SELECT_PUSHED)
    assert game.decider == 0
    assert set(game.legal_actions().group(T.PUSH).squares) == ALL_BUT_ATTACKER
    do(game, T.PUSH, square=(11, 8))
    assert xy(game, O_LINE) == (11, 8)


def test_grab_not_on_a_blitz():
    game = block_game(block(PU), [(LINEMAN, [Skill.GRAB])], blitz=True)
    do(game, T.SELECT_PUSHED)
    assert set(game.legal_actions().group(T.PUSH).squares) == {(12, 6), (12, 7), (12, 8)}


def test_grab_and_side_step_cancel_out():
    game = block_game(block(PU), [(LINEMAN, [Skill.GRAB]), (O_LINE, [Skill.SIDE_STEP])])
    do(game, T.SELECT_PUSHED)
    assert game.decider == 0
    assert set(game.legal_actions().group(T.PUSH).squares) == {(12, 6), (12, 7), (12, 8)}


def test_grab_keeps_the_crowd_but_adds_no_crowd_squares():
    game = block_game(block(PU), [(LINEMAN, [Skill.GRAB])], att_sq=(10, 1), dfd_sq=(10, 0))
    do(game, T.SELECT_PUSHED)
    squares = set(game.legal_actions().group(T.PUSH).squares)
    assert squares == {(9, -1), (10, -1), (11, -1), (9, 0), (11, 0), (9, 1), (11, 1)}


def test_grab_only_for_the_blocked_player_not_a_chain():
    extra = [(O_LINE2, (12, 6)), (O_LINE3, (12, 7)), (LINEMAN2, (12, 8))]
    game = block_game(block(PU), [(LINEMAN, [Skill.GRAB])], extra=extra)
    do(game, T.SELECT_PUSHED)
    do(game, T.PUSH, square=(12, 7))  # Grab could have chosen an empty square; chain instead
    assert set(game.legal_actions().group(T.PUSH).squares) == {(13, 6), (13, 7), (13, 8)}


# --- Strip Ball -------------------------------------------------------------------------------


def test_strip_ball_pushed_carrier_drops_the_ball():
    game = block_game(block(PU) + d8(5), [(LINEMAN, [Skill.STRIP_BALL])], ball=O_LINE)
    do(game, T.SELECT_PUSHED)
    do(game, T.PUSH, square=(12, 7))
    assert game.decider == 0 and legal_types(game) == {T.USE_SKILL, T.DECLINE}
    do(game, T.USE_SKILL)
    do(game, T.DECLINE)  # no follow-up
    s = game.state
    assert s.status[O_LINE] == Status.STANDING and xy(game, O_LINE) == (12, 7)
    assert s.ball_state == BallState.ON_GROUND and s.board.xy(s.ball) == (13, 7)  # bounced
    assert not roller_of(game).queue and not s.turnover


def test_strip_ball_declined_he_keeps_it():
    game = block_game(block(PU), [(LINEMAN, [Skill.STRIP_BALL])], ball=O_LINE)
    do(game, T.SELECT_PUSHED)
    do(game, T.PUSH, square=(12, 7))
    do(game, T.DECLINE)
    do(game, T.DECLINE)
    assert game.state.carrier() == O_LINE


def test_strip_ball_no_effect_on_sure_hands():
    game = block_game(block(PU), [(LINEMAN, [Skill.STRIP_BALL]), (O_LINE, [Skill.SURE_HANDS])], ball=O_LINE)
    do(game, T.SELECT_PUSHED)
    do(game, T.PUSH, square=(12, 7))
    assert legal_types(game) == {T.FOLLOW_UP, T.DECLINE}  # no Strip Ball choice
    do(game, T.DECLINE)
    assert game.state.carrier() == O_LINE


def test_strip_ball_not_against_stand_firm():
    game = block_game(block(PU), [(LINEMAN, [Skill.STRIP_BALL]), (O_LINE, [Skill.STAND_FIRM])], ball=O_LINE)
    do(game, T.SELECT_PUSHED)
    do(game, T.USE_SKILL)
    assert game.state.carrier() == O_LINE


# --- random play ------------------------------------------------------------------------------

CONTACT = (
    Skill.MIGHTY_BLOW, Skill.CLAWS, Skill.PILING_ON, Skill.DIRTY_PLAYER, Skill.SNEAKY_GIT,
    Skill.CHAINSAW, Skill.THICK_SKULL, Skill.DECAY, Skill.REGENERATION, Skill.NURGLES_ROT,
    Skill.STAND_FIRM, Skill.SIDE_STEP, Skill.GRAB, Skill.STRIP_BALL, Skill.JUGGERNAUT,
    Skill.BALL_AND_CHAIN, Skill.TAKE_ROOT,
)


def _grant_all(game: Game, rng: random.Random) -> None:
    s = game.state
    info = list(s.info)
    for p in info:
        extra = frozenset(rng.sample(CONTACT, 4))
        info[p.pid] = replace(p, skills=p.skills | extra)
    s.info = tuple(info)


@pytest.mark.python_engine("counts the Python engine's skill handlers; writes to the live game.state")
def test_random_games_with_contact_skills_hold_invariants_quick():
    with skills_consulted() as seen:
        _contact_games(range(4))
    assert seen & set(CONTACT)


@pytest.mark.slow
@pytest.mark.python_engine("counts the Python engine's skill handlers; writes to the live game.state")
def test_random_games_with_contact_skills_hold_invariants():
    with skills_consulted() as seen:
        _contact_games(range(60))
    # Sneaky Git acts only on a foul whose armour roll is an unbroken double: not reached in
    # these (seeded) games; the scripted tests above cover it.
    assert set(CONTACT) - seen == {Skill.SNEAKY_GIT}


def _contact_games(seeds: range) -> None:
    for seed in seeds:
        rng = random.Random(seed)
        home, away = ("human", "orc") if seed % 2 else ("orc", "human")
        game = Game.new(home, away, seed=seed, board=(11, 7, 5)[seed % 3])
        _grant_all(game, rng)

        def root_now_and_then(game: Game, rng: random.Random = rng) -> None:
            s = game.state
            for p in range(len(s.info)):  # rooted players now and then, for Take Root's push
                if s.status[p] == Status.STANDING and rng.random() < 0.001:
                    s.pflags[p] |= PFlag.ROOTED

        play_checked(game, seed, after_step=root_now_and_then)


def test_side_step_never_into_the_crowd_while_an_empty_square_is_next_to_him():
    game = block_game(block(PU), [(O_LINE, [Skill.SIDE_STEP])], att_sq=(10, 1), dfd_sq=(10, 0))
    do(game, T.SELECT_PUSHED)
    assert game.decider == 1
    assert set(game.legal_actions().group(T.PUSH).squares) == {(9, 0), (11, 0), (9, 1), (11, 1)}


def test_side_step_no_chain_push_while_an_empty_square_is_next_to_him():
    extra = [(O_LINE2, (12, 6)), (O_LINE3, (12, 7)), (LINEMAN2, (12, 8))]  # the fan is full
    game = block_game(block(PU), [(O_LINE, [Skill.SIDE_STEP])], extra=extra)
    do(game, T.SELECT_PUSHED)
    assert game.decider == 1
    assert set(game.legal_actions().group(T.PUSH).squares) == {(10, 6), (10, 8), (11, 6), (11, 8)}
