"""Re-roll skills through the scripted roller: Sure Hands, Catch, Sure Feet, Pass and Loner."""

from __future__ import annotations

from nuffle.core.actions import ActionType
from nuffle.core.dice import d6, d8, two_d6
from nuffle.core.game import Game
from nuffle.core.skills import Skill
from nuffle.core.types import BallState, PFlag, Status
from nuffle.testing import CATCHER, LINEMAN, O_LINE, OGRE, THROWER, Scenario, do, roller_of

T = ActionType


def offered(game: Game) -> list[ActionType]:
    return game.legal_actions().types()


# --- Sure Hands ---------------------------------------------------------------------------


def test_sure_hands_rerolls_a_failed_pickup() -> None:
    sc = Scenario(script=d6(1, 3)).put(THROWER, (5, 7)).ball_at((6, 7))  # Thrower: Sure Hands
    game = sc.start(active=0)
    do(game, T.START_MOVE, THROWER)
    do(game, T.MOVE, square=(6, 7))
    assert offered(game) == [T.USE_SKILL, T.DECLINE]
    do(game, T.USE_SKILL)
    assert game.state.carrier() == THROWER
    assert not game.state.turnover
    assert not roller_of(game).queue


def test_sure_hands_absent_only_the_team_reroll_is_offered() -> None:
    sc = Scenario(script=d6(1) + d8(3)).put(LINEMAN, (5, 7)).ball_at((6, 7)).set(rerolls=(1, 0))
    game = sc.start(active=0)
    do(game, T.START_MOVE, LINEMAN)
    do(game, T.MOVE, square=(6, 7))
    assert offered(game) == [T.USE_REROLL, T.DECLINE]
    do(game, T.DECLINE)
    s = game.state
    assert s.turnover and s.ball_state == BallState.ON_GROUND and s.carrier() == -1


# --- Catch --------------------------------------------------------------------------------


def handoff(receiver: int, script: list) -> Game:  # type: ignore[type-arg]
    sc = Scenario(script=script)
    sc.put(THROWER, (5, 7)).give_ball(THROWER).put(receiver, (6, 7))
    game = sc.start(active=0)
    do(game, T.START_HANDOFF, THROWER)
    do(game, T.HANDOFF, square=(6, 7))
    return game


def test_catch_rerolls_a_failed_catch() -> None:
    game = handoff(CATCHER, d6(1, 3))  # Catcher AG 3 (4+), hand-off +1: the 3 catches
    assert offered(game) == [T.USE_SKILL, T.DECLINE]
    do(game, T.USE_SKILL)
    assert game.state.carrier() == CATCHER
    assert not game.state.turnover


def test_catch_absent_a_failed_catch_bounces() -> None:
    game = handoff(LINEMAN, d6(1) + d8(2))
    s = game.state
    assert s.carrier() == -1
    assert s.turnover
    assert not roller_of(game).queue


def test_catch_rerolls_only_once() -> None:
    game = handoff(CATCHER, d6(1, 1) + d8(2))
    do(game, T.USE_SKILL)
    assert game.state.turnover and game.state.carrier() == -1


# --- Sure Feet ----------------------------------------------------------------------------


def gfi_game(script: list, skill: bool = True) -> Game:  # type: ignore[type-arg]
    sc = Scenario(script=script).put(LINEMAN, (5, 7))
    if skill:
        sc.grant(LINEMAN, Skill.SURE_FEET, ma=1)
    else:
        sc.grant(LINEMAN, ma=1)
    game = sc.start(active=0)
    do(game, T.START_MOVE, LINEMAN)
    do(game, T.MOVE, square=(6, 7))
    return game


def test_sure_feet_rerolls_a_failed_gfi_once_per_turn() -> None:
    game = gfi_game(d6(1, 2) + d6(1) + two_d6(1, 2))
    do(game, T.MOVE, square=(7, 7))  # first GFI fails
    assert offered(game) == [T.USE_SKILL, T.DECLINE]
    do(game, T.USE_SKILL)
    s = game.state
    assert s.pflags[LINEMAN] & PFlag.SURE_FEET_USED
    assert s.board.xy(s.pos[LINEMAN]) == (7, 7)
    do(game, T.MOVE, square=(8, 7))  # second GFI fails: Sure Feet is spent for this turn
    assert s.status[LINEMAN] == Status.PRONE
    assert s.turnover


def test_sure_feet_absent_a_failed_gfi_falls() -> None:
    game = gfi_game(d6(1) + two_d6(1, 2), skill=False)
    do(game, T.MOVE, square=(7, 7))
    s = game.state
    assert s.status[LINEMAN] == Status.PRONE and s.turnover


# --- Pass ---------------------------------------------------------------------------------


def pass_to(thrower: int, script: list) -> Game:  # type: ignore[type-arg]
    sc = Scenario(script=script)
    sc.put(thrower, (5, 7)).give_ball(thrower).put(CATCHER, (9, 7))
    game = sc.start(active=0)
    do(game, T.START_PASS, thrower)
    do(game, T.PASS, square=(9, 7))
    return game


def test_pass_rerolls_a_fumble() -> None:
    game = pass_to(THROWER, d6(1, 4, 3))  # fumble, Pass re-roll 4 (Short: accurate), catch 3+1
    assert offered(game) == [T.USE_SKILL, T.DECLINE]
    do(game, T.USE_SKILL)
    assert game.state.carrier() == CATCHER
    assert not game.state.turnover


def test_pass_absent_a_fumble_bounces_from_the_thrower() -> None:
    game = pass_to(LINEMAN, d6(1) + d8(4))
    s = game.state
    assert s.turnover
    assert s.carrier() == -1 and s.board.xy(s.ball) == (4, 7)  # D8 4: one square to the left


# --- Loner --------------------------------------------------------------------------------


def ogre_dodge(script: list) -> Game:  # type: ignore[type-arg]
    sc = Scenario(script=script).set(rerolls=(1, 0))
    sc.put(OGRE, (10, 7)).put(O_LINE, (11, 7))  # the Ogre has Loner (and Bone-head: 2+ first)
    game = sc.start(active=0)
    do(game, T.START_MOVE, OGRE)
    do(game, T.MOVE, square=(9, 7))  # dodge AG 2: needs 5+
    do(game, T.USE_REROLL)
    return game


def test_loner_failed_check_loses_the_reroll_and_the_failure_stands() -> None:
    game = ogre_dodge(d6(2, 1, 3) + two_d6(1, 2))
    s = game.state
    assert s.teams[0].rerolls == 0
    assert s.status[OGRE] == Status.PRONE and s.turnover
    assert not roller_of(game).queue


def test_loner_passed_check_rerolls() -> None:
    game = ogre_dodge(d6(2, 1, 4, 6))
    s = game.state
    assert s.status[OGRE] == Status.STANDING
    assert s.board.xy(s.pos[OGRE]) == (9, 7)
    assert s.teams[0].rerolls == 0


def test_loner_does_not_limit_skill_rerolls() -> None:
    sc = Scenario(script=d6(2, 1, 5)).put(OGRE, (10, 7)).put(O_LINE, (11, 7))
    sc.grant(OGRE, Skill.DODGE)
    game = sc.start(active=0)
    do(game, T.START_MOVE, OGRE)
    do(game, T.MOVE, square=(9, 7))
    do(game, T.USE_SKILL)  # no Loner roll before a skill re-roll
    assert game.state.status[OGRE] == Status.STANDING
    assert not roller_of(game).queue
