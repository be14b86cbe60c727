"""One focused test per Human/Orc starting skill not already covered elsewhere.

Covered in other files:
* Block: test_block.py::test_both_down_* (stays standing on Both Down).
* Dodge vs Defender Stumbles: test_block.py::test_defender_stumbles_with_dodge_is_only_a_push.
* Catch: test_passing.py::test_catch_skill_reroll.
* Pass: test_passing.py::test_pass_skill_reroll.
* Loner (block dice): test_block.py::test_loner_*.
* Bone-head: test_throw_team_mate.py::test_bone_head_*.
* Mighty Blow: test_injury.py::test_mighty_blow_*.
* Thick Skull: test_injury.py::test_thick_skull_*.
* Throw Team-Mate, Always Hungry, Really Stupid: test_throw_team_mate.py.
* Regeneration: test_injury.py::test_regeneration.
* Stunty (injury): test_injury.py::test_stunty_*.
"""

from nuffle.core.actions import ActionType
from nuffle.core.dice import d6, d8, two_d6
from nuffle.core.types import BallState, Status
from nuffle.testing import (
    CATCHER,
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
    legal_group,
)

T = ActionType


def test_dodge_skill_rerolls_a_failed_dodge():
    sc = Scenario(script=d6(1, 3))
    sc.put(CATCHER, (10, 7)).put(O_LINE, (11, 7))
    game = sc.start(active=0)
    do(game, T.START_MOVE, CATCHER)
    do(game, T.MOVE, square=(9, 7))  # dodge 1 fails
    assert set(game.legal_actions().types()) == {T.USE_SKILL, T.DECLINE}
    do(game, T.USE_SKILL)  # re-roll 3 + 1 = 4 succeeds
    s = game.state
    assert s.board.xy(s.pos[CATCHER]) == (9, 7)
    assert s.status[CATCHER] == Status.STANDING
    assert not s.turnover


def test_dodge_skill_not_available_twice_in_a_turn():
    sc = Scenario(script=d6(1, 4, 1) + two_d6(1, 2))
    sc.put(CATCHER, (10, 7)).put(O_LINE, (11, 7)).put(O_LINE2, (8, 8))
    game = sc.start(active=0)
    do(game, T.START_MOVE, CATCHER)
    do(game, T.MOVE, square=(9, 7))  # into O_LINE2's zone: 1 fails, skill re-roll 4 - 1 + 1 = 4
    do(game, T.USE_SKILL)
    do(game, T.MOVE, square=(9, 6))  # dodging out of O_LINE2's zone: 1 fails again
    s = game.state
    assert s.status[CATCHER] == Status.PRONE  # no second Dodge re-roll, no team re-rolls
    assert s.turnover


def test_sure_hands_rerolls_a_failed_pickup():
    sc = Scenario(script=d6(1, 3))
    sc.put(THROWER, (10, 8)).ball_at((10, 7))
    game = sc.start(active=0)
    do(game, T.START_MOVE, THROWER)
    do(game, T.MOVE, square=(10, 7))
    assert T.USE_SKILL in game.legal_actions().types()
    do(game, T.USE_SKILL)
    s = game.state
    assert s.carrier() == THROWER
    assert not s.turnover


def test_no_sure_hands_no_skill_reroll():
    sc = Scenario(script=d6(1) + d8(5))
    sc.put(LINEMAN, (10, 8)).ball_at((10, 7)).set(rerolls=(1, 0))
    game = sc.start(active=0)
    do(game, T.START_MOVE, LINEMAN)
    do(game, T.MOVE, square=(10, 7))
    assert set(game.legal_actions().types()) == {T.USE_REROLL, T.DECLINE}
    do(game, T.DECLINE)
    assert game.state.ball_state == BallState.ON_GROUND
    assert game.state.turnover


def test_loner_failed_check_on_a_dodge_reroll():
    # Ogre: Bone-head 2 ok; dodge (AG2, 5+) 1 fails; team re-roll -> Loner 3 fails: he falls
    sc = Scenario(script=d6(2, 1, 3) + two_d6(1, 2)).set(rerolls=(2, 0))
    sc.put(OGRE, (10, 7)).put(O_LINE, (11, 7))
    game = sc.start(active=0)
    do(game, T.START_MOVE, OGRE)
    do(game, T.MOVE, square=(9, 7))
    assert set(game.legal_actions().types()) == {T.USE_REROLL, T.DECLINE}
    do(game, T.USE_REROLL)
    s = game.state
    assert s.teams[0].rerolls == 1  # the re-roll is spent
    assert s.status[OGRE] == Status.PRONE
    assert s.turnover


def test_loner_passed_check_rerolls():
    sc = Scenario(script=d6(2, 1, 4, 5)).set(rerolls=(1, 0))
    sc.put(OGRE, (10, 7)).put(O_LINE, (11, 7))
    game = sc.start(active=0)
    do(game, T.START_MOVE, OGRE)
    do(game, T.MOVE, square=(9, 7))
    do(game, T.USE_REROLL)
    s = game.state
    assert s.status[OGRE] == Status.STANDING
    assert s.board.xy(s.pos[OGRE]) == (9, 7)


def test_stunty_ignores_tackle_zones_on_the_destination():
    # Goblin dodges from (10,7) to (10,8), which two humans mark: Stunty makes it +1 only.
    sc = Scenario(script=d6(3))
    sc.put(O_GOBLIN, (10, 7)).put(LINEMAN, (11, 7)).put(LINEMAN2, (11, 9))
    game = sc.start(active=1)
    do(game, T.START_MOVE, O_GOBLIN)
    do(game, T.MOVE, square=(10, 8))
    s = game.state
    assert s.status[O_GOBLIN] == Status.STANDING
    assert s.board.xy(s.pos[O_GOBLIN]) == (10, 8)


def test_non_stunty_suffers_destination_tackle_zones():
    sc = Scenario(script=d6(3) + two_d6(1, 2))  # 3 + 1 - 2 = 2 < 4
    sc.put(O_LINE, (10, 7)).put(LINEMAN, (11, 7)).put(LINEMAN2, (11, 9))
    game = sc.start(active=1)
    do(game, T.START_MOVE, O_LINE)
    do(game, T.MOVE, square=(10, 8))
    assert game.state.status[O_LINE] == Status.PRONE


def test_stunty_minus_one_to_pass():
    # Goblin Short pass: 4 - 1 = 3 -> inaccurate (no Pass skill): three scatters, then bounce
    sc = Scenario(script=d6(4) + d8(5, 5, 5) + d8(8))
    sc.put(O_GOBLIN, (10, 7)).give_ball(O_GOBLIN)
    game = sc.start(active=1)
    do(game, T.START_PASS, O_GOBLIN)
    do(game, T.PASS, square=(6, 7))
    s = game.state
    assert s.board.xy(s.ball) == (10, 8)  # 3 scatters to (9,7), bounce to (10,8)
    assert s.turnover


def test_right_stuff_needed_to_be_thrown():
    sc = Scenario(script=d6(2))  # Really Stupid with an adjacent helper
    sc.put(O_TROLL, (10, 7)).put(O_LINE, (10, 8)).put(O_GOBLIN, (3, 3))
    game = sc.start(active=1)
    assert O_TROLL in legal_group(game, T.START_THROW_TEAM_MATE).players
    do(game, T.START_THROW_TEAM_MATE, O_TROLL)
    assert T.THROW_TEAM_MATE not in game.legal_actions().types()  # the lineman can't be thrown


def test_human_ogre_cannot_throw_without_right_stuff_team_mate():
    sc = Scenario()
    sc.put(OGRE, (10, 7)).put(LINEMAN, (10, 8))
    game = sc.start(active=0)
    assert T.START_THROW_TEAM_MATE not in game.legal_actions().types()
