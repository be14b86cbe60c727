"""Block skills: Block, Dodge/Tackle on Defender Stumbles, Guard, Horns, Dauntless, Foul
Appearance, Wrestle, Juggernaut, Fend, Frenzy, Multiple Block, Stab, Stakes, Chainsaw."""

from __future__ import annotations

from dataclasses import replace

import pytest

from nuffle.conformance import conformance_game
from nuffle.core.actions import ActionType
from nuffle.core.dice import Dice, Outcome, block, d6, d8, two_d6
from nuffle.core.game import Game
from nuffle.core.procedures.action import PlayerAction
from nuffle.core.procedures.block_strength import block_dice, cancelled
from nuffle.core.skills import Skill
from nuffle.core.teams import TeamSpec
from nuffle.core.types import BallState, PFlag, Status
from nuffle.teams import load_team
from nuffle.testing import (
    AD,
    BD,
    BLITZER,
    DD,
    DS,
    LINEMAN,
    LINEMAN2,
    O_BLITZER,
    O_LINE,
    O_LINE2,
    O_TROLL,
    PU,
    Scenario,
    check_finished,
    do,
    legal_types,
    roller_of,
    xy,
)

T = ActionType
S = Skill


def duel(script: list[tuple[Dice, Outcome]], attacker: int = BLITZER, defender: int = O_LINE,
         rerolls: tuple[int, int] = (0, 0)) -> Scenario:
    sc = Scenario(script=script)
    sc.put(attacker, (10, 7)).put(defender, (11, 7)).set(rerolls=rerolls)
    return sc


def start(sc: Scenario, attacker: int, kind: ActionType, target: tuple[int, int] | None = (11, 7),
          how: ActionType = T.BLOCK) -> Game:
    game = sc.start(active=0)
    do(game, kind, attacker)
    if target is not None:
        do(game, how, square=target)
    return game


def in_turn(game: Game) -> bool:
    """The player action is over and the team turn waits for the next declaration."""
    top = game.state.stack[-1]
    return game.decider == 0 and T.END_TURN in legal_types(game) and not isinstance(top, PlayerAction)


# --- Block -------------------------------------------------------------------------------------


def test_block_both_down_attacker_stands_defender_falls():
    game = start(duel(block(BD) + two_d6(2, 3)), BLITZER, T.START_BLOCK)
    do(game, T.SELECT_BOTH_DOWN)
    s = game.state
    assert s.status[BLITZER] == Status.STANDING and s.status[O_LINE] == Status.PRONE
    assert not s.turnover and not roller_of(game).queue


def test_block_both_down_without_block_both_fall_turnover():
    game = start(duel(block(BD) + two_d6(2, 3) + two_d6(2, 3), attacker=LINEMAN), LINEMAN, T.START_BLOCK)
    do(game, T.SELECT_BOTH_DOWN)
    s = game.state
    assert s.status[LINEMAN] == Status.PRONE and s.status[O_LINE] == Status.PRONE
    assert s.turnover and not roller_of(game).queue


def test_block_both_down_both_with_block_nothing_happens():
    game = start(duel(block(BD), defender=O_BLITZER), BLITZER, T.START_BLOCK)
    do(game, T.SELECT_BOTH_DOWN)
    s = game.state
    assert s.status[BLITZER] == Status.STANDING and s.status[O_BLITZER] == Status.STANDING
    assert in_turn(game)


# --- Dodge and Tackle on Defender Stumbles ---------------------------------------------------


def test_dodge_defender_stumbles_is_only_a_push():
    sc = duel(block(DS))
    sc.grant(O_LINE, S.DODGE)
    game = start(sc, BLITZER, T.START_BLOCK)
    do(game, T.SELECT_DEFENDER_STUMBLES)
    do(game, T.PUSH, square=(12, 7))
    do(game, T.DECLINE)
    assert game.state.status[O_LINE] == Status.STANDING and xy(game, O_LINE) == (12, 7)
    assert not roller_of(game).queue  # no armour roll


def test_dodge_does_not_help_on_defender_down():
    sc = duel(block(DD) + two_d6(1, 2))
    sc.grant(O_LINE, S.DODGE)
    game = start(sc, BLITZER, T.START_BLOCK)
    do(game, T.SELECT_DEFENDER_DOWN)
    do(game, T.PUSH, square=(12, 7))
    do(game, T.DECLINE)
    assert game.state.status[O_LINE] == Status.PRONE


def test_tackle_cancels_dodge_on_defender_stumbles():
    sc = duel(block(DS) + two_d6(1, 2))
    sc.grant(O_LINE, S.DODGE).grant(BLITZER, S.TACKLE)
    game = start(sc, BLITZER, T.START_BLOCK)
    do(game, T.SELECT_DEFENDER_STUMBLES)
    do(game, T.PUSH, square=(12, 7))
    do(game, T.DECLINE)
    assert game.state.status[O_LINE] == Status.PRONE and not roller_of(game).queue


def test_tackle_cancels_only_dodge():
    sc = duel([])
    sc.grant(BLITZER, S.TACKLE)
    s = sc.state
    assert cancelled(s, BLITZER, False, S.DODGE)
    assert not cancelled(s, BLITZER, True, S.FEND)
    assert not cancelled(s, LINEMAN, False, S.DODGE)  # no Tackle
    assert not cancelled(s, -1, False, S.DODGE)  # no blocker


# --- Guard -------------------------------------------------------------------------------------


def test_guard_offensive_assist_while_marked():
    sc = Scenario()
    sc.put(BLITZER, (10, 7)).put(O_LINE, (11, 7)).put(LINEMAN, (12, 8)).put(O_LINE2, (13, 8))
    assert block_dice(sc.state, BLITZER, O_LINE) == (1, True)
    sc.grant(LINEMAN, S.GUARD)
    assert block_dice(sc.state, BLITZER, O_LINE) == (2, True)


def test_guard_defensive_assist_while_marked():
    sc = Scenario()
    # O_LINE2 stands next to the attacker but is marked by a second human (LINEMAN2)
    sc.put(BLITZER, (10, 7)).put(O_LINE, (11, 7)).put(O_LINE2, (9, 6)).put(LINEMAN2, (8, 5))
    assert block_dice(sc.state, BLITZER, O_LINE) == (1, True)
    sc.grant(O_LINE2, S.GUARD)
    assert block_dice(sc.state, BLITZER, O_LINE) == (2, False)


def test_guard_assister_still_needs_a_tackle_zone():
    sc = Scenario()
    sc.put(BLITZER, (10, 7)).put(O_LINE, (11, 7)).put(LINEMAN, (12, 8), Status.PRONE)
    sc.grant(LINEMAN, S.GUARD)
    assert block_dice(sc.state, BLITZER, O_LINE) == (1, True)


# --- Horns -------------------------------------------------------------------------------------


def test_horns_plus_one_strength_on_a_blitz():
    sc = duel(block(PU, DD), attacker=LINEMAN)
    sc.grant(LINEMAN, S.HORNS)
    game = start(sc, LINEMAN, T.START_BLITZ)
    assert game.decider == 0
    assert legal_types(game) == {T.SELECT_PUSHED, T.SELECT_DEFENDER_DOWN}  # 4 v 3: two dice


def test_horns_no_bonus_on_a_block_action():
    sc = duel(block(PU), attacker=LINEMAN)
    sc.grant(LINEMAN, S.HORNS)
    game = start(sc, LINEMAN, T.START_BLOCK)
    assert legal_types(game) == {T.SELECT_PUSHED}  # 3 v 3: one die


# --- Dauntless ---------------------------------------------------------------------------------


def test_dauntless_success_makes_strength_equal():
    sc = duel(d6(3) + block(PU), attacker=LINEMAN, defender=O_TROLL)  # 3 + 3 > 5
    sc.grant(LINEMAN, S.DAUNTLESS)
    game = start(sc, LINEMAN, T.START_BLOCK)
    assert game.decider == 0 and legal_types(game) == {T.SELECT_PUSHED}


def test_dauntless_failure_keeps_the_strengths():
    sc = duel(d6(2) + block(PU, DD), attacker=LINEMAN, defender=O_TROLL)  # 2 + 3 = 5, not > 5
    sc.grant(LINEMAN, S.DAUNTLESS)
    game = start(sc, LINEMAN, T.START_BLOCK)
    assert game.decider == 1  # two dice, the Troll's coach picks
    assert legal_types(game) == {T.SELECT_PUSHED, T.SELECT_DEFENDER_DOWN}


def test_dauntless_rerolled_with_a_team_reroll():
    sc = duel(d6(2) + d6(5) + block(PU), attacker=LINEMAN, defender=O_TROLL, rerolls=(1, 0))
    sc.grant(LINEMAN, S.DAUNTLESS)
    game = start(sc, LINEMAN, T.START_BLOCK)
    assert legal_types(game) == {T.USE_REROLL, T.DECLINE}
    do(game, T.USE_REROLL)
    assert game.decider == 0 and legal_types(game) == {T.SELECT_PUSHED}
    assert game.state.teams[0].rerolls == 0


def test_dauntless_not_rolled_against_equal_strength():
    sc = duel(block(PU), attacker=LINEMAN)  # the script has no D6 for Dauntless
    sc.grant(LINEMAN, S.DAUNTLESS)
    game = start(sc, LINEMAN, T.START_BLOCK)
    assert legal_types(game) == {T.SELECT_PUSHED}


def test_dauntless_after_horns():
    sc = duel(d6(2) + block(PU), attacker=LINEMAN, defender=O_TROLL)  # (3+1) + 2 > 5
    sc.grant(LINEMAN, S.DAUNTLESS, S.HORNS)
    game = start(sc, LINEMAN, T.START_BLITZ)
    assert game.decider == 0 and legal_types(game) == {T.SELECT_PUSHED}


def test_dauntless_not_rolled_when_a_six_cannot_do():
    sc = duel(block(PU, DD, AD), attacker=LINEMAN, defender=O_TROLL)
    sc.grant(LINEMAN, S.DAUNTLESS).grant(O_TROLL, st=10)
    game = start(sc, LINEMAN, T.START_BLOCK)
    assert game.decider == 1  # three dice against


# --- Foul Appearance ---------------------------------------------------------------------------


def test_foul_appearance_one_wastes_the_block_without_turnover():
    sc = duel(d6(1))
    sc.grant(O_LINE, S.FOUL_APPEARANCE)
    game = start(sc, BLITZER, T.START_BLOCK)
    s = game.state
    assert in_turn(game) and not s.turnover
    assert s.pflags[BLITZER] & PFlag.USED
    assert s.status[O_LINE] == Status.STANDING and not roller_of(game).queue


def test_foul_appearance_two_plus_the_block_goes_on():
    sc = duel(d6(2) + block(PU))
    sc.grant(O_LINE, S.FOUL_APPEARANCE)
    game = start(sc, BLITZER, T.START_BLOCK)
    assert legal_types(game) == {T.SELECT_PUSHED}


def test_foul_appearance_rerolled_by_the_blockers_team_reroll():
    sc = duel(d6(1) + d6(4) + block(PU), rerolls=(1, 0))
    sc.grant(O_LINE, S.FOUL_APPEARANCE)
    game = start(sc, BLITZER, T.START_BLOCK)
    assert game.decider == 0 and legal_types(game) == {T.USE_REROLL, T.DECLINE}
    do(game, T.USE_REROLL)
    assert legal_types(game) == {T.SELECT_PUSHED}


def test_foul_appearance_blitz_loses_the_block_but_may_move_on():
    sc = duel(d6(1))
    sc.grant(O_LINE, S.FOUL_APPEARANCE)
    game = start(sc, BLITZER, T.START_BLITZ)
    assert isinstance(game.state.stack[-1], PlayerAction)
    assert T.MOVE in legal_types(game) and T.BLOCK not in legal_types(game)


def test_foul_appearance_of_the_attacker_is_not_rolled():
    sc = duel(block(PU))
    sc.grant(BLITZER, S.FOUL_APPEARANCE)
    game = start(sc, BLITZER, T.START_BLOCK)
    assert legal_types(game) == {T.SELECT_PUSHED}


def test_foul_appearance_before_a_stab():
    sc = duel(d6(1), attacker=LINEMAN)
    sc.grant(LINEMAN, S.STAB).grant(O_LINE, S.FOUL_APPEARANCE)
    game = start(sc, LINEMAN, T.START_BLOCK, how=T.STAB)
    assert in_turn(game) and not roller_of(game).queue
    assert game.state.status[O_LINE] == Status.STANDING


# --- Wrestle -----------------------------------------------------------------------------------


def test_wrestle_attacker_places_both_prone_without_armour():
    sc = duel(block(BD), attacker=LINEMAN)
    sc.grant(LINEMAN, S.WRESTLE)
    game = start(sc, LINEMAN, T.START_BLOCK)
    do(game, T.SELECT_BOTH_DOWN)
    assert game.decider == 0 and legal_types(game) == {T.USE_SKILL, T.DECLINE}
    do(game, T.USE_SKILL)
    s = game.state
    assert s.status[LINEMAN] == Status.PRONE and s.status[O_LINE] == Status.PRONE
    assert not s.turnover and in_turn(game) and not roller_of(game).queue


def test_wrestle_defender_overrides_the_attackers_block():
    sc = duel(block(BD))
    sc.grant(O_LINE, S.WRESTLE)
    game = start(sc, BLITZER, T.START_BLOCK)
    do(game, T.SELECT_BOTH_DOWN)
    assert game.decider == 1 and legal_types(game) == {T.USE_SKILL, T.DECLINE}
    do(game, T.USE_SKILL)
    s = game.state
    assert s.status[BLITZER] == Status.PRONE and s.status[O_LINE] == Status.PRONE
    assert not s.turnover and not roller_of(game).queue


def test_wrestle_declined_both_down_as_usual():
    sc = duel(block(BD) + two_d6(2, 3))
    sc.grant(O_LINE, S.WRESTLE)
    game = start(sc, BLITZER, T.START_BLOCK)
    do(game, T.SELECT_BOTH_DOWN)
    do(game, T.DECLINE)
    s = game.state
    assert s.status[BLITZER] == Status.STANDING and s.status[O_LINE] == Status.PRONE
    assert not roller_of(game).queue


def test_wrestle_attacker_holding_the_ball_is_a_turnover():
    sc = duel(block(BD) + d8(1), attacker=LINEMAN)
    sc.grant(LINEMAN, S.WRESTLE).give_ball(LINEMAN)
    game = start(sc, LINEMAN, T.START_BLOCK)
    do(game, T.SELECT_BOTH_DOWN)
    do(game, T.USE_SKILL)
    s = game.state
    assert s.turnover
    assert s.ball_state == BallState.ON_GROUND and s.ball != s.board.sq(10, 7)  # it bounced


def test_wrestle_defender_with_the_ball_drops_it_no_turnover():
    sc = duel(block(BD) + d8(8))
    sc.grant(O_LINE, S.WRESTLE).give_ball(O_LINE)
    game = start(sc, BLITZER, T.START_BLOCK)
    do(game, T.SELECT_BOTH_DOWN)
    do(game, T.USE_SKILL)
    s = game.state
    assert not s.turnover and s.ball_state == BallState.ON_GROUND and s.ball != s.board.sq(11, 7)


def test_wrestle_of_the_defender_not_usable_against_a_juggernaut_blitz():
    sc = duel(block(BD) + two_d6(2, 3), attacker=LINEMAN)
    sc.grant(LINEMAN, S.JUGGERNAUT, S.BLOCK).grant(O_LINE, S.WRESTLE)
    game = start(sc, LINEMAN, T.START_BLITZ)
    do(game, T.SELECT_BOTH_DOWN)
    assert game.decider == 0 and legal_types(game) == {T.SELECT_PUSHED, T.DECLINE}
    do(game, T.DECLINE)  # keep Both Down: the Orc may not wrestle, he falls
    s = game.state
    assert s.status[LINEMAN] == Status.STANDING and s.status[O_LINE] == Status.PRONE
    assert not roller_of(game).queue and isinstance(s.stack[-1], PlayerAction)


def test_wrestle_of_the_defender_usable_against_a_juggernaut_block_action():
    sc = duel(block(BD), attacker=LINEMAN)
    sc.grant(LINEMAN, S.JUGGERNAUT, S.BLOCK).grant(O_LINE, S.WRESTLE)
    game = start(sc, LINEMAN, T.START_BLOCK)
    do(game, T.SELECT_BOTH_DOWN)
    assert game.decider == 1 and legal_types(game) == {T.USE_SKILL, T.DECLINE}


# --- Juggernaut --------------------------------------------------------------------------------


def test_juggernaut_treats_both_down_as_pushed_on_a_blitz():
    sc = duel(block(BD), attacker=LINEMAN)
    sc.grant(LINEMAN, S.JUGGERNAUT)
    game = start(sc, LINEMAN, T.START_BLITZ)
    do(game, T.SELECT_BOTH_DOWN)
    do(game, T.SELECT_PUSHED)
    do(game, T.PUSH, square=(12, 7))
    do(game, T.FOLLOW_UP)
    s = game.state
    assert s.status[LINEMAN] == Status.STANDING and s.status[O_LINE] == Status.STANDING
    assert xy(game, LINEMAN) == (11, 7) and xy(game, O_LINE) == (12, 7)
    assert not s.turnover and not roller_of(game).queue


def test_juggernaut_no_choice_on_a_block_action():
    sc = duel(block(BD) + two_d6(2, 3) + two_d6(2, 3), attacker=LINEMAN)
    sc.grant(LINEMAN, S.JUGGERNAUT)
    game = start(sc, LINEMAN, T.START_BLOCK)
    do(game, T.SELECT_BOTH_DOWN)  # resolves at once: both fall
    s = game.state
    assert s.status[LINEMAN] == Status.PRONE and s.turnover and not roller_of(game).queue


def test_juggernaut_cancels_fend_on_a_blitz():
    sc = duel(block(PU), attacker=LINEMAN)
    sc.grant(LINEMAN, S.JUGGERNAUT).grant(O_LINE, S.FEND)
    game = start(sc, LINEMAN, T.START_BLITZ)
    do(game, T.SELECT_PUSHED)
    do(game, T.PUSH, square=(12, 7))
    assert game.decider == 0 and legal_types(game) == {T.FOLLOW_UP, T.DECLINE}


def test_juggernaut_cancels_stand_firm_fend_wrestle_only_on_a_blitz():
    sc = duel([], attacker=LINEMAN)
    sc.grant(LINEMAN, S.JUGGERNAUT)
    s = sc.state
    for sk in (S.STAND_FIRM, S.FEND, S.WRESTLE):
        assert cancelled(s, LINEMAN, True, sk)
        assert not cancelled(s, LINEMAN, False, sk)
    assert not cancelled(s, LINEMAN, True, S.DODGE)


# --- Fend --------------------------------------------------------------------------------------


def test_fend_forbids_the_follow_up():
    sc = duel(block(PU))
    sc.grant(O_LINE, S.FEND)
    game = start(sc, BLITZER, T.START_BLOCK)
    do(game, T.SELECT_PUSHED)
    do(game, T.PUSH, square=(12, 7))
    assert game.decider == 1 and legal_types(game) == {T.USE_SKILL, T.DECLINE}
    do(game, T.USE_SKILL)
    assert xy(game, BLITZER) == (10, 7) and in_turn(game)


def test_fend_declined_the_attacker_may_follow_up():
    sc = duel(block(PU))
    sc.grant(O_LINE, S.FEND)
    game = start(sc, BLITZER, T.START_BLOCK)
    do(game, T.SELECT_PUSHED)
    do(game, T.PUSH, square=(12, 7))
    do(game, T.DECLINE)
    assert game.decider == 0 and legal_types(game) == {T.FOLLOW_UP, T.DECLINE}
    do(game, T.FOLLOW_UP)
    assert xy(game, BLITZER) == (11, 7)


def test_fend_works_when_knocked_down():
    sc = duel(block(DD) + two_d6(2, 3))
    sc.grant(O_LINE, S.FEND)
    game = start(sc, BLITZER, T.START_BLOCK)
    do(game, T.SELECT_DEFENDER_DOWN)
    do(game, T.PUSH, square=(12, 7))
    do(game, T.USE_SKILL)
    assert xy(game, BLITZER) == (10, 7) and game.state.status[O_LINE] == Status.PRONE


# --- Frenzy ------------------------------------------------------------------------------------


def test_frenzy_must_follow_up_and_block_again():
    sc = duel(block(PU) + block(PU))
    sc.grant(BLITZER, S.FRENZY)
    game = start(sc, BLITZER, T.START_BLOCK)
    do(game, T.SELECT_PUSHED)
    do(game, T.PUSH, square=(12, 7))
    assert xy(game, BLITZER) == (11, 7)  # followed up without a decision
    assert legal_types(game) == {T.SELECT_PUSHED}  # the second block's die
    do(game, T.SELECT_PUSHED)
    do(game, T.PUSH, square=(13, 7))
    assert xy(game, BLITZER) == (12, 7) and xy(game, O_LINE) == (13, 7)
    assert in_turn(game) and not roller_of(game).queue  # no third block


def test_frenzy_no_second_block_when_the_defender_falls():
    sc = duel(block(DD) + two_d6(2, 3))
    sc.grant(BLITZER, S.FRENZY)
    game = start(sc, BLITZER, T.START_BLOCK)
    do(game, T.SELECT_DEFENDER_DOWN)
    do(game, T.PUSH, square=(12, 7))
    assert xy(game, BLITZER) == (11, 7) and game.state.status[O_LINE] == Status.PRONE
    assert in_turn(game) and not roller_of(game).queue


def test_frenzy_second_block_on_a_blitz_costs_a_square():
    # MA 1: the first block uses it, the second block needs a GFI, one more GFI is left.
    sc = duel(block(PU) + d6(2) + block(PU) + d6(2) + d6(6))  # last: GFI, then the dodge
    sc.grant(BLITZER, S.FRENZY, ma=1)
    game = start(sc, BLITZER, T.START_BLITZ)
    do(game, T.SELECT_PUSHED)
    do(game, T.PUSH, square=(12, 7))
    do(game, T.SELECT_PUSHED)
    do(game, T.PUSH, square=(13, 7))
    top = game.state.stack[-1]
    assert isinstance(top, PlayerAction) and top.moves == 2
    do(game, T.MOVE, square=(11, 6))  # the last GFI
    assert T.MOVE not in legal_types(game) and not roller_of(game).queue


def test_frenzy_second_block_failed_gfi_is_a_turnover():
    sc = duel(block(PU) + d6(1) + two_d6(2, 3))
    sc.grant(BLITZER, S.FRENZY, ma=1)
    game = start(sc, BLITZER, T.START_BLITZ)
    do(game, T.SELECT_PUSHED)
    do(game, T.PUSH, square=(12, 7))
    s = game.state
    assert s.status[BLITZER] == Status.PRONE and s.turnover and not roller_of(game).queue


def test_frenzy_stopped_by_fend():
    sc = duel(block(PU))
    sc.grant(BLITZER, S.FRENZY).grant(O_LINE, S.FEND)
    game = start(sc, BLITZER, T.START_BLOCK)
    do(game, T.SELECT_PUSHED)
    do(game, T.PUSH, square=(12, 7))
    do(game, T.USE_SKILL)  # Fend: no follow-up, so no longer adjacent: no second block
    assert xy(game, BLITZER) == (10, 7) and in_turn(game) and not roller_of(game).queue


# --- Multiple Block ----------------------------------------------------------------------------


def multiple(script: list[tuple[Dice, Outcome]]) -> Scenario:
    sc = Scenario(script=script)
    sc.put(BLITZER, (10, 7)).put(O_LINE, (11, 7)).put(O_LINE2, (11, 8)).set(rerolls=(0, 0))
    sc.grant(BLITZER, S.MULTIPLE_BLOCK)
    return sc


def test_multiple_block_two_blocks_defenders_plus_two_no_follow_up():
    # 3 v (3 + 2 + 1 assist) = 6: two dice, the defender picks, for each block
    game = start(multiple(block(PU, DD) + block(PU, DD)), BLITZER, T.START_BLOCK, target=None)
    g = game.legal_actions().group(T.MULTIPLE_BLOCK)
    assert g is not None and set(g.squares) == {(11, 7), (11, 8)}
    do(game, T.MULTIPLE_BLOCK, square=(11, 7))
    assert legal_types(game) == {T.SELECT_SQUARE}
    do(game, T.SELECT_SQUARE, square=(11, 8))
    assert game.decider == 1
    do(game, T.SELECT_PUSHED)
    do(game, T.PUSH, square=(12, 6))
    assert game.decider == 1  # no follow-up: straight on to the second block's dice
    do(game, T.SELECT_PUSHED)
    do(game, T.PUSH, square=(12, 9))
    assert xy(game, BLITZER) == (10, 7) and xy(game, O_LINE) == (12, 6) and xy(game, O_LINE2) == (12, 9)
    assert in_turn(game) and not roller_of(game).queue


def test_multiple_block_second_block_only_if_the_attacker_stands():
    game = start(multiple(block(AD, PU) + two_d6(2, 3)), BLITZER, T.START_BLOCK, target=None)
    do(game, T.MULTIPLE_BLOCK, square=(11, 7))
    do(game, T.SELECT_SQUARE, square=(11, 8))
    do(game, T.SELECT_ATTACKER_DOWN)
    assert game.state.turnover and not roller_of(game).queue


def test_multiple_block_not_offered_on_a_blitz_or_against_one_opponent():
    game = start(multiple([]), BLITZER, T.START_BLITZ, target=None)
    assert T.MULTIPLE_BLOCK not in legal_types(game)
    sc = duel([])
    sc.grant(BLITZER, S.MULTIPLE_BLOCK)
    game = start(sc, BLITZER, T.START_BLOCK, target=None)
    assert T.MULTIPLE_BLOCK not in legal_types(game)


def test_multiple_block_no_frenzy():
    sc = multiple(block(PU, DD) + block(PU, DD))
    sc.grant(BLITZER, S.FRENZY)
    game = start(sc, BLITZER, T.START_BLOCK, target=None)
    do(game, T.MULTIPLE_BLOCK, square=(11, 7))
    do(game, T.SELECT_SQUARE, square=(11, 8))
    do(game, T.SELECT_PUSHED)
    do(game, T.PUSH, square=(12, 6))
    do(game, T.SELECT_PUSHED)
    do(game, T.PUSH, square=(12, 9))
    assert xy(game, BLITZER) == (10, 7) and in_turn(game) and not roller_of(game).queue


# --- Stab and Stakes ---------------------------------------------------------------------------


def stabber(script: list[tuple[Dice, Outcome]], **kw: object) -> Scenario:
    sc = duel(script, attacker=LINEMAN, **kw)  # type: ignore[arg-type]
    sc.grant(LINEMAN, S.STAB)
    return sc


def test_stab_broken_armour_injures_and_ends_the_action():
    game = start(stabber(two_d6(5, 5) + two_d6(2, 2)), LINEMAN, T.START_BLOCK, how=T.STAB)
    s = game.state
    assert s.status[O_LINE] == Status.STUNNED and not s.turnover
    assert in_turn(game) and not roller_of(game).queue


def test_stab_armour_holds_nothing_happens_no_turnover():
    game = start(stabber(two_d6(4, 5)), LINEMAN, T.START_BLOCK, how=T.STAB)
    s = game.state
    assert s.status[O_LINE] == Status.STANDING and s.status[LINEMAN] == Status.STANDING
    assert not s.turnover and in_turn(game) and not roller_of(game).queue


def test_stab_ignores_mighty_blow():
    sc = stabber(two_d6(4, 5))  # 9 does not beat AV 9; Mighty Blow would have
    sc.grant(LINEMAN, S.MIGHTY_BLOW)
    game = start(sc, LINEMAN, T.START_BLOCK, how=T.STAB)
    assert game.state.status[O_LINE] == Status.STANDING


def test_stab_offered_beside_block_on_a_blitz_and_ends_the_movement():
    sc = stabber(two_d6(1, 1))
    game = start(sc, LINEMAN, T.START_BLITZ, target=None)
    assert {T.BLOCK, T.STAB} <= legal_types(game)
    do(game, T.STAB, square=(11, 7))
    assert in_turn(game) and game.state.teams[0].blitz_used


def test_stab_ball_carrier_injured_drops_the_ball():
    sc = stabber(two_d6(5, 5) + two_d6(2, 2) + d8(8))
    sc.give_ball(O_LINE)
    game = start(sc, LINEMAN, T.START_BLOCK, how=T.STAB)
    s = game.state
    assert s.ball_state == BallState.ON_GROUND and s.ball != s.board.sq(11, 7)
    assert not s.turnover and not roller_of(game).queue


def undead_opponents(sc: Scenario) -> Scenario:
    home, away = sc.state.specs
    sc.state.specs = (home, replace(away, race="undead"))
    return sc


def test_stakes_plus_one_to_stab_against_undead():
    sc = undead_opponents(stabber(two_d6(4, 5) + two_d6(2, 2)))  # 9 + 1 beats AV 9
    sc.grant(LINEMAN, S.STAKES)
    game = start(sc, LINEMAN, T.START_BLOCK, how=T.STAB)
    assert game.state.status[O_LINE] == Status.STUNNED and not roller_of(game).queue


def test_stakes_no_bonus_against_other_races():
    sc = stabber(two_d6(4, 5))
    sc.grant(LINEMAN, S.STAKES)
    game = start(sc, LINEMAN, T.START_BLOCK, how=T.STAB)
    assert game.state.status[O_LINE] == Status.STANDING and not roller_of(game).queue


def test_stakes_needs_a_stab_not_a_block():
    sc = undead_opponents(duel(block(DD) + two_d6(4, 5)))  # a block's armour roll: no +1
    sc.grant(BLITZER, S.STAKES)
    game = start(sc, BLITZER, T.START_BLOCK)
    do(game, T.SELECT_DEFENDER_DOWN)
    do(game, T.PUSH, square=(12, 7))
    do(game, T.DECLINE)
    assert game.state.status[O_LINE] == Status.PRONE and not roller_of(game).queue


# --- Chainsaw ----------------------------------------------------------------------------------


def sawyer(script: list[tuple[Dice, Outcome]], **kw: object) -> Scenario:
    sc = duel(script, attacker=LINEMAN, **kw)  # type: ignore[arg-type]
    sc.grant(LINEMAN, S.CHAINSAW)
    return sc


def test_chainsaw_replaces_the_block():
    game = start(sawyer([]), LINEMAN, T.START_BLOCK, target=None)
    assert T.CHAINSAW in legal_types(game) and T.BLOCK not in legal_types(game)


def test_chainsaw_hit_breaks_armour_with_plus_three():
    game = start(sawyer(d6(2) + two_d6(3, 4) + two_d6(2, 2)), LINEMAN, T.START_BLOCK, how=T.CHAINSAW)
    s = game.state
    assert s.status[O_LINE] == Status.STUNNED and not s.turnover
    assert in_turn(game) and not roller_of(game).queue


def test_chainsaw_hit_armour_holds_no_effect():
    game = start(sawyer(d6(4) + two_d6(2, 4)), LINEMAN, T.START_BLOCK, how=T.CHAINSAW)  # 6 + 3 = 9
    s = game.state
    assert s.status[O_LINE] == Status.STANDING and not s.turnover and not roller_of(game).queue


def test_chainsaw_kick_back_knocks_the_wielder_down_turnover():
    game = start(sawyer(d6(1) + two_d6(3, 3) + two_d6(2, 2)), LINEMAN, T.START_BLOCK, how=T.CHAINSAW)
    s = game.state  # 6 + 3 = 9 beats the Lineman's AV 8
    assert s.status[LINEMAN] == Status.STUNNED and s.status[O_LINE] == Status.STANDING
    assert s.turnover and not roller_of(game).queue


def test_chainsaw_kick_back_armour_holds_no_turnover():
    game = start(sawyer(d6(1) + two_d6(1, 2)), LINEMAN, T.START_BLOCK, how=T.CHAINSAW)
    s = game.state
    assert s.status[LINEMAN] == Status.STANDING and not s.turnover and in_turn(game)


def test_chainsaw_kick_back_rerolled_with_a_team_reroll():
    sc = sawyer(d6(1) + d6(5) + two_d6(1, 1), rerolls=(1, 0))
    game = start(sc, LINEMAN, T.START_BLOCK, how=T.CHAINSAW)
    assert legal_types(game) == {T.USE_REROLL, T.DECLINE}
    do(game, T.USE_REROLL)
    assert game.state.status[O_LINE] == Status.STANDING and not roller_of(game).queue


def test_chainsaw_on_a_blitz_may_keep_moving():
    game = start(sawyer(d6(3) + two_d6(1, 1)), LINEMAN, T.START_BLITZ, how=T.CHAINSAW)
    top = game.state.stack[-1]
    assert isinstance(top, PlayerAction) and top.blocked and top.moves == 1
    assert T.MOVE in legal_types(game) and T.CHAINSAW not in legal_types(game)


# --- random play -------------------------------------------------------------------------------

_SKILLS = {
    "human": (
        (S.FRENZY, S.HORNS), (S.MULTIPLE_BLOCK, S.GUARD), (S.STAB, S.STAKES), (S.CHAINSAW,),
        (S.WRESTLE, S.FEND), (S.JUGGERNAUT, S.DAUNTLESS, S.TACKLE), (S.FOUL_APPEARANCE,),
    ),
    "orc": (
        (S.WRESTLE, S.JUGGERNAUT), (S.FRENZY, S.DAUNTLESS), (S.FEND, S.FOUL_APPEARANCE),
        (S.MULTIPLE_BLOCK, S.HORNS), (S.STAB,), (S.GUARD, S.DODGE), (S.CHAINSAW, S.FRENZY),
    ),
}


def _team(race: str) -> TeamSpec:
    spec = load_team(race)
    players = list(spec.players)
    for i, extra in enumerate(_SKILLS[race]):
        p = players[i]
        players[i] = replace(p, position=replace(p.position, skills=p.position.skills | frozenset(extra)))
    return replace(spec, players=tuple(players))


def _block_games(seeds: range) -> set[ActionType]:
    """The action types taken in random games of the skilled teams (invariants checked)."""
    used: set[ActionType] = set()
    for seed in seeds:
        home, away = (_team("human"), _team("orc")) if seed % 2 else (_team("orc"), _team("human"))
        board = (11, 7, 5)[seed % 3]
        game = conformance_game(seed, board, home, away, clone_checks=2)  # type: ignore[arg-type]
        check_finished(game)
        used.update(e[1].type for e in game.history if e[0] == "a")
    return used


def test_frenzy_wrestle_juggernaut_and_friends_in_random_games_quick():
    assert {T.CHAINSAW, T.STAB, T.MULTIPLE_BLOCK} <= _block_games(range(4))


@pytest.mark.slow
def test_frenzy_wrestle_juggernaut_and_friends_in_random_games():
    used = _block_games(range(45))
    assert {T.CHAINSAW, T.STAB, T.MULTIPLE_BLOCK, T.USE_SKILL} <= used
