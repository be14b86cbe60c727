"""Re-rolls: one team re-roll per turn, never a re-roll of a re-roll, skills, Loner."""

from __future__ import annotations

from nuffle.core.actions import Action, ActionType
from nuffle.core.dice import d6, d8, two_d6
from nuffle.core.types import BallState, Status
from nuffle.testing import CATCHER, LINEMAN, LINEMAN2, O_LINE, O_LINE2, OGRE, Scenario

ORC_LINE, ORC_LINE2 = O_LINE, O_LINE2


def test_team_reroll_once_per_turn() -> None:
    sc = Scenario(script=d6(2) + d6(4) + d6(2) + two_d6(1, 2))
    sc.set(rerolls=(2, 2))
    sc.put(LINEMAN, (10, 7)).put(ORC_LINE, (11, 7)).put(LINEMAN2, (10, 3)).put(ORC_LINE2, (11, 3))
    game = sc.start(active=0)
    game.step(Action(ActionType.START_MOVE, LINEMAN))
    game.step(Action(ActionType.MOVE, None, (9, 8)))
    legal = game.legal_actions()
    assert Action(ActionType.USE_REROLL) in legal
    assert Action(ActionType.DECLINE) in legal
    game.step(Action(ActionType.USE_REROLL))
    s = game.state
    assert s.status[LINEMAN] == Status.STANDING
    assert s.teams[0].rerolls == 1 and s.teams[0].reroll_used
    game.step(Action(ActionType.END_ACTION))
    game.step(Action(ActionType.START_MOVE, LINEMAN2))
    game.step(Action(ActionType.MOVE, None, (9, 2)))  # fails: no second team re-roll this turn
    assert s.status[LINEMAN2] == Status.PRONE
    assert s.turnover
    assert s.teams[0].rerolls == 1
    assert len(sc.roller.queue) == 0


def test_declined_reroll_keeps_it() -> None:
    sc = Scenario(script=d6(2) + two_d6(1, 2))
    sc.set(rerolls=(2, 2))
    sc.put(LINEMAN, (10, 7)).put(ORC_LINE, (11, 7))
    game = sc.start(active=0)
    game.step(Action(ActionType.START_MOVE, LINEMAN))
    game.step(Action(ActionType.MOVE, None, (9, 8)))
    game.step(Action(ActionType.DECLINE))
    assert game.state.status[LINEMAN] == Status.PRONE
    assert game.state.teams[0].rerolls == 2


def test_rerolled_roll_is_never_rerolled_again() -> None:
    sc = Scenario(script=d6(2) + d6(2) + two_d6(1, 2))
    sc.set(rerolls=(2, 2))
    sc.put(LINEMAN, (10, 7)).put(ORC_LINE, (11, 7))
    game = sc.start(active=0)
    game.step(Action(ActionType.START_MOVE, LINEMAN))
    game.step(Action(ActionType.MOVE, None, (9, 8)))
    game.step(Action(ActionType.USE_REROLL))
    # the re-roll failed too: no further offer, straight to the armour roll
    assert game.state.status[LINEMAN] == Status.PRONE
    assert game.state.turnover
    assert game.state.teams[0].rerolls == 1
    assert len(sc.roller.queue) == 0


def test_skill_and_team_reroll_not_both_on_one_roll() -> None:
    sc = Scenario(script=d6(2) + d6(1) + two_d6(1, 2))
    sc.set(rerolls=(2, 2))
    sc.put(CATCHER, (10, 7)).put(ORC_LINE, (11, 7))
    game = sc.start(active=0)
    game.step(Action(ActionType.START_MOVE, CATCHER))
    game.step(Action(ActionType.MOVE, None, (9, 8)))
    legal = game.legal_actions()
    assert Action(ActionType.USE_SKILL) in legal and Action(ActionType.USE_REROLL) in legal
    game.step(Action(ActionType.USE_SKILL))
    assert game.state.status[CATCHER] == Status.PRONE  # Dodge re-roll failed: no team re-roll
    assert game.state.teams[0].rerolls == 2
    assert len(sc.roller.queue) == 0


def test_team_reroll_after_skill_is_spent_elsewhere_same_turn() -> None:
    # Dodge used (and succeeded) on one roll; a later failed dodge can still use a team re-roll.
    sc = Scenario(script=d6(2) + d6(4) + d6(2) + d6(5))
    sc.set(rerolls=(1, 0))
    sc.put(CATCHER, (10, 7)).put(ORC_LINE, (11, 7)).put(ORC_LINE2, (10, 9))
    game = sc.start(active=0)
    game.step(Action(ActionType.START_MOVE, CATCHER))
    game.step(Action(ActionType.MOVE, None, (9, 7)))
    game.step(Action(ActionType.USE_SKILL))
    game.step(Action(ActionType.MOVE, None, (9, 8)))  # next to the second orc
    game.step(Action(ActionType.MOVE, None, (8, 9)))  # dodge away: fails
    legal = game.legal_actions()
    assert Action(ActionType.USE_SKILL) not in legal
    game.step(Action(ActionType.USE_REROLL))
    assert game.state.status[CATCHER] == Status.STANDING
    assert game.state.teams[0].rerolls == 0


def _ogre_dodge(loner_die: int, rest: list) -> Scenario:  # type: ignore[type-arg]
    # Bone-head 2+ first, then a failed AG2 dodge (3 + 1 < 5), team re-roll, Loner check
    sc = Scenario(script=d6(4) + d6(3) + d6(loner_die) + rest)
    sc.set(rerolls=(2, 0))
    sc.put(OGRE, (10, 7)).put(ORC_LINE, (11, 7))
    return sc


def test_loner_failed_check_spends_reroll_and_failure_stands() -> None:
    sc = _ogre_dodge(3, two_d6(1, 2))
    game = sc.start(active=0)
    game.step(Action(ActionType.START_MOVE, OGRE))
    game.step(Action(ActionType.MOVE, None, (9, 6)))
    game.step(Action(ActionType.USE_REROLL))
    s = game.state
    assert s.status[OGRE] == Status.PRONE
    assert s.teams[0].rerolls == 1 and s.teams[0].reroll_used
    assert s.turnover
    assert len(sc.roller.queue) == 0


def test_loner_passed_check_rerolls() -> None:
    sc = _ogre_dodge(4, d6(4))
    game = sc.start(active=0)
    game.step(Action(ActionType.START_MOVE, OGRE))
    game.step(Action(ActionType.MOVE, None, (9, 6)))
    game.step(Action(ActionType.USE_REROLL))
    s = game.state
    assert s.status[OGRE] == Status.STANDING
    assert s.board.xy(s.pos[OGRE]) == (9, 6)
    assert s.teams[0].rerolls == 1
    assert len(sc.roller.queue) == 0


def test_no_team_reroll_in_opponents_turn() -> None:
    # Away fails a pick-up; the ball bounces onto a home lineman who fails the catch. Home has
    # re-rolls but it is not home's turn: the ball bounces on at once.
    sc = Scenario(script=d6(1) + d8(7) + d6(2) + d8(5))
    sc.set(rerolls=(3, 0))
    sc.put(ORC_LINE, (12, 6)).ball_at((11, 7)).put(LINEMAN, (11, 8))
    game = sc.start(active=1)
    game.step(Action(ActionType.START_MOVE, ORC_LINE))
    game.step(Action(ActionType.MOVE, None, (11, 7)))
    s = game.state
    assert len(sc.roller.queue) == 0
    assert s.teams[0].rerolls == 3
    assert s.ball_state == BallState.ON_GROUND
    assert s.board.xy(s.ball) == (12, 8)
    assert s.turnover and game.is_over


def test_sure_hands_rerolls_pick_up() -> None:
    thrower = 1
    sc = Scenario(script=d6(2) + d6(3))
    sc.put(thrower, (5, 7)).ball_at((6, 7))
    game = sc.start(active=0)
    game.step(Action(ActionType.START_MOVE, thrower))
    game.step(Action(ActionType.MOVE, None, (6, 7)))
    assert Action(ActionType.USE_SKILL) in game.legal_actions()
    game.step(Action(ActionType.USE_SKILL))
    s = game.state
    assert s.ball_state == BallState.CARRIED and s.ball == s.pos[thrower]
    assert not s.turnover
