"""Throw Team-Mate (Orc Troll + Goblin), Really Stupid, Always Hungry, landing; Bone-head."""

import pytest

from nuffle.core.actions import ActionType
from nuffle.core.dice import d6, d8, two_d6
from nuffle.core.procedures.passing import pass_range
from nuffle.core.types import PFlag, Status, Weather
from nuffle.testing import (
    LINEMAN,
    LINEMAN2,
    O_GOBLIN,
    O_LINE,
    O_TROLL,
    OGRE,
    Scenario,
    do,
    legal_group,
    roller_of,
)

T = ActionType


def ttm(script, target, extra=(), ball=False, declare_only=False, stunned=(), prone=()):
    """Troll at (10,7) throws the Goblin at (10,8). Really Stupid needs 2+ (Goblin adjacent)."""
    sc = Scenario(script=script)
    sc.put(O_TROLL, (10, 7)).put(O_GOBLIN, (10, 8))
    for pid, sq in extra:
        status = Status.STUNNED if pid in stunned else Status.PRONE if pid in prone else Status.STANDING
        sc.put(pid, sq, status)
    if ball:
        sc.give_ball(O_GOBLIN)
    game = sc.start(active=1)
    do(game, T.START_THROW_TEAM_MATE, O_TROLL)
    if not declare_only:
        do(game, T.THROW_TEAM_MATE, O_GOBLIN, target)
    return game


def test_targets_are_quick_or_short_only():
    game = ttm(d6(2), None, declare_only=True)
    grp = game.legal_actions().group(T.THROW_TEAM_MATE)
    assert grp.players == (O_GOBLIN,)
    assert (4, 7) in grp.squares  # Short
    assert (3, 7) not in grp.squares  # Long
    assert all(pass_range(x - 10, y - 7) in "QS" for x, y in grp.squares)


def test_accurate_throw_scatters_three_times_and_lands():
    # RS 2 ok, AH 2 ok, pass 6 (natural), scatters 4,4,2 from (6,7) -> (4,6), landing 4
    game = ttm(d6(2, 2, 6) + d8(4, 4, 2) + d6(4), (6, 7))
    s = game.state
    assert s.board.xy(s.pos[O_GOBLIN]) == (4, 6)
    assert s.status[O_GOBLIN] == Status.STANDING
    assert not s.turnover
    assert not roller_of(game).queue


def test_quick_throw_minus_one_not_fumbled_on_two():
    # Quick +1, TTM -1: 2 + 0 = 2 > 1 -> inaccurate, not fumble (scatters from (8,7))
    game = ttm(d6(2, 2, 2) + d8(5, 5, 5) + d6(4), (8, 7))
    assert game.state.board.xy(game.state.pos[O_GOBLIN]) == (11, 7)


def test_short_throw_fumbled_on_two():
    # Short 0, TTM -1: 2 - 1 = 1 -> fumble: the goblin falls in his own square (armour)
    game = ttm(d6(2, 2, 2) + two_d6(1, 2), (6, 7))
    s = game.state
    assert s.board.xy(s.pos[O_GOBLIN]) == (10, 8)
    assert s.status[O_GOBLIN] == Status.PRONE
    assert not s.turnover  # he did not hold the ball


def test_failed_landing_is_prone_armour_no_turnover():
    extra = [(LINEMAN, (5, 7)), (LINEMAN2, (5, 6))]
    # scatters 4,5,2 from (6,8): (5,8),(6,8),(6,7). Two TZs on (6,7): 5 - 2 = 3 fails.
    game = ttm(d6(2, 2, 6) + d8(4, 5, 2) + d6(5) + two_d6(1, 2), (6, 8), extra=extra)
    s = game.state
    assert s.board.xy(s.pos[O_GOBLIN]) == (6, 7)
    assert s.status[O_GOBLIN] == Status.PRONE
    assert not s.turnover
    assert not roller_of(game).queue


def test_failed_landing_with_ball_is_turnover():
    extra = [(LINEMAN, (5, 7)), (LINEMAN2, (5, 6))]
    script = d6(2, 2, 6) + d8(4, 5, 2) + d6(5) + two_d6(1, 2) + d8(2)
    game = ttm(script, (6, 8), extra=extra, ball=True)
    s = game.state
    assert s.status[O_GOBLIN] == Status.PRONE
    assert s.board.xy(s.ball) == (6, 6)
    assert s.turnover


def test_landing_on_a_player_knocks_him_down_and_scatters_again():
    # scatters 4,4,2 from (6,7) -> (4,6) where a human stands: he is knocked down (armour),
    # the goblin scatters once more (D8 4) to (3,6) and lands (the prone human has no TZ).
    extra = [(LINEMAN, (4, 6))]
    game = ttm(d6(2, 2, 6) + d8(4, 4, 2) + two_d6(2, 3) + d8(4) + d6(4), (6, 7), extra=extra)
    s = game.state
    assert s.status[LINEMAN] == Status.PRONE
    assert s.board.xy(s.pos[O_GOBLIN]) == (3, 6)
    assert s.status[O_GOBLIN] == Status.STANDING
    assert not roller_of(game).queue


def test_thrown_into_the_crowd():
    # from (10,8) throw to (10,12) short; scatters 7,7,7 -> (10,15) off the pitch after (10,14)
    game = ttm(d6(2, 2, 6) + d8(7, 7, 7) + two_d6(1, 2), (10, 12))
    s = game.state
    assert s.status[O_GOBLIN] == Status.RESERVE  # injury 3 stunned: reserves (crowd)
    assert s.pos[O_GOBLIN] < 0


def test_team_mate_throw_cannot_be_intercepted():
    extra = [(LINEMAN, (8, 7))]  # on the line between (10,7) and (6,7)
    game = ttm(d6(2, 2, 6) + d8(4, 4, 2) + d6(4), (6, 7), extra=extra)
    assert game.state.board.xy(game.state.pos[O_GOBLIN]) == (4, 6)


# --- Always Hungry ---------------------------------------------------------------------------


def test_always_hungry_eats_the_goblin():
    game = ttm(d6(2, 1, 1), (6, 7))
    s = game.state
    assert s.status[O_GOBLIN] == Status.CASUALTY
    assert s.pos[O_GOBLIN] < 0
    assert s.turnover


def test_always_hungry_eaten_ball_carrier_drops_ball():
    game = ttm(d6(2, 1, 1) + d8(7), (6, 7), ball=True)
    s = game.state
    assert s.status[O_GOBLIN] == Status.CASUALTY
    assert s.board.xy(s.ball) == (10, 9)
    assert s.turnover


def test_always_hungry_squirms_free_fumbled_throw():
    game = ttm(d6(2, 1, 4) + two_d6(2, 3), (6, 7))
    s = game.state
    assert s.status[O_GOBLIN] == Status.PRONE
    assert s.board.xy(s.pos[O_GOBLIN]) == (10, 8)
    assert not s.turnover


# --- Really Stupid -------------------------------------------------------------------------


@pytest.mark.parametrize(("die", "ok"), [(1, False), (2, True)])
def test_really_stupid_two_plus_with_helper(die, ok):
    game = ttm(d6(die), None, declare_only=True)
    s = game.state
    assert bool(s.pflags[O_TROLL] & PFlag.DISTRACTED) != ok
    assert (T.THROW_TEAM_MATE in game.legal_actions().types()) == ok
    assert not s.turnover


@pytest.mark.parametrize(("die", "ok"), [(3, False), (4, True)])
def test_really_stupid_four_plus_alone(die, ok):
    sc = Scenario(script=d6(die))
    sc.put(O_TROLL, (10, 7)).put(O_GOBLIN, (10, 8), Status.PRONE)  # a prone mate does not help
    game = sc.start(active=1)
    do(game, T.START_MOVE, O_TROLL)
    s = game.state
    assert bool(s.pflags[O_TROLL] & PFlag.DISTRACTED) != ok
    assert not s.turnover
    if not ok:
        assert s.tackle_zones(s.board.sq(11, 7), 0) == 0  # no tackle zone while distracted


# --- Bone-head -------------------------------------------------------------------------------


def test_bone_head_failure_distracts_ogre_no_turnover():
    sc = Scenario(script=d6(1))
    sc.put(OGRE, (10, 7)).put(O_LINE, (11, 7)).put(LINEMAN, (3, 3))
    game = sc.start(active=0)
    do(game, T.START_BLOCK, OGRE)
    s = game.state
    assert s.pflags[OGRE] & PFlag.DISTRACTED
    assert s.tackle_zones(s.pos[O_LINE], 1) == 0
    assert not s.turnover
    assert game.decider == 0 and OGRE not in legal_group(game, T.START_MOVE).players


def test_bone_head_success_acts_normally():
    sc = Scenario(script=d6(2))
    sc.put(OGRE, (10, 7)).put(O_LINE, (11, 7))
    game = sc.start(active=0)
    do(game, T.START_BLOCK, OGRE)
    assert T.BLOCK in game.legal_actions().types()


def test_very_sunny_applies_to_team_mate_throws():
    # Engine choice for RULES 4 / 19.16 [?]: Quick +1, TTM -1, Very Sunny -1: a 2 fumbles.
    sc = Scenario(script=d6(2, 2, 2) + two_d6(1, 2))
    sc.put(O_TROLL, (10, 7)).put(O_GOBLIN, (10, 8)).set(weather=Weather.VERY_SUNNY)
    game = sc.start(active=1)
    do(game, T.START_THROW_TEAM_MATE, O_TROLL)
    do(game, T.THROW_TEAM_MATE, O_GOBLIN, (8, 7))
    s = game.state
    assert s.status[O_GOBLIN] == Status.PRONE
    assert s.board.xy(s.pos[O_GOBLIN]) == (10, 8)


def test_landing_on_own_team_mate_is_a_turnover():
    # Engine choice for RULES 7.3 item 1 [?] ("hit by own team-mate"): the knocked-down
    # team-mate of the moving team causes a turnover; the goblin still lands.
    extra = [(O_LINE, (4, 6))]
    game = ttm(d6(2, 2, 6) + d8(4, 4, 2) + two_d6(2, 3) + d8(4) + d6(4), (6, 7), extra=extra)
    s = game.state
    assert s.status[O_LINE] == Status.PRONE
    assert s.board.xy(s.pos[O_GOBLIN]) == (3, 6)
    assert s.status[O_GOBLIN] == Status.STANDING
    assert s.turnover


def test_landing_on_a_stunned_player_armour_holds_he_stays_stunned():
    # As for bombs and Ball & Chain: knocked down again (armour roll); unbroken, he stays Stunned.
    extra = [(LINEMAN, (4, 6))]
    sc_script = d6(2, 2, 6) + d8(4, 4, 2) + two_d6(2, 3) + d8(4) + d6(4)
    game = ttm(sc_script, (6, 7), extra=extra, stunned=(LINEMAN,))
    s = game.state
    assert s.status[LINEMAN] == Status.STUNNED
    assert s.board.xy(s.pos[O_GOBLIN]) == (3, 6) and s.status[O_GOBLIN] == Status.STANDING
    assert not roller_of(game).queue


def test_landing_on_a_stunned_player_armour_broken_injury_decides():
    extra = [(LINEMAN, (4, 6))]
    script = d6(2, 2, 6) + d8(4, 4, 2) + two_d6(4, 5) + two_d6(4, 4) + d8(4) + d6(4)  # 9 > AV 8; KO
    game = ttm(script, (6, 7), extra=extra, stunned=(LINEMAN,))
    assert game.state.status[LINEMAN] == Status.KO
    assert not roller_of(game).queue


def test_landing_on_a_prone_player_armour_holds_he_stays_prone():
    extra = [(LINEMAN, (4, 6))]
    script = d6(2, 2, 6) + d8(4, 4, 2) + two_d6(2, 3) + d8(4) + d6(4)
    game = ttm(script, (6, 7), extra=extra, prone=(LINEMAN,))
    assert game.state.status[LINEMAN] == Status.PRONE
