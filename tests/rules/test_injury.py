"""Armour, Mighty Blow, the injury table, Thick Skull, Stunty, apothecary, Regeneration, KO
recovery."""

import pytest

from nuffle.core.actions import ActionType
from nuffle.core.dice import block, d6, d68, two_d6
from nuffle.core.procedures.match import EndDrive
from nuffle.core.types import BlockFace, Status
from nuffle.testing import (
    BLITZER,
    DD,
    LINEMAN,
    O_GOBLIN,
    O_LINE,
    O_TROLL,
    OGRE,
    Scenario,
    do,
    roller_of,
)

T = ActionType


def knock_down(script, attacker=BLITZER, defender=O_LINE, apothecaries=(0, 0)):
    """Attacker at (10,7) blocks defender at (11,7) choosing Defender Down; push to (12,7)."""
    sc = Scenario(script=script)
    sc.put(attacker, (10, 7)).put(defender, (11, 7)).set(apothecaries=apothecaries)
    game = sc.start(active=0)
    do(game, T.START_BLOCK, attacker)
    do(game, T.BLOCK, square=(11, 7))
    do(game, T.SELECT_DEFENDER_DOWN)
    do(game, T.PUSH, square=(12, 7))
    do(game, T.DECLINE)
    return game


def test_armour_equal_to_av_is_not_broken():
    game = knock_down(block(DD) + two_d6(4, 5))  # 9 vs AV 9: no injury roll
    assert game.state.status[O_LINE] == Status.PRONE
    assert not roller_of(game).queue


@pytest.mark.parametrize(
    ("injury", "status", "extra"),
    [
        ((1, 1), Status.STUNNED, []),
        ((3, 4), Status.STUNNED, []),
        ((4, 4), Status.KO, []),
        ((4, 5), Status.KO, []),
        ((4, 6), Status.CASUALTY, d68(11)),
        ((6, 6), Status.CASUALTY, d68(61)),
    ],
)
def test_injury_table(injury, status, extra):
    game = knock_down(block(DD) + two_d6(4, 6) + two_d6(*injury) + extra)
    s = game.state
    assert s.status[O_LINE] == status
    if status == Status.STUNNED:
        assert s.board.xy(s.pos[O_LINE]) == (12, 7)
    else:
        assert s.pos[O_LINE] < 0
    assert not roller_of(game).queue


def test_mighty_blow_used_on_armour_when_it_makes_the_difference():
    # Ogre ST5 v ST3: two dice. Armour 9 (+1 MB) breaks AV 9; injury 7 stays 7 -> Stunned.
    game = knock_down(d6(2) + block(DD, DD) + two_d6(4, 5) + two_d6(3, 4), attacker=OGRE)
    assert game.state.status[O_LINE] == Status.STUNNED


def test_mighty_blow_saved_for_injury_when_armour_breaks_anyway():
    # Armour 10 breaks without MB; injury 7 + 1 = 8 -> KO.
    game = knock_down(d6(2) + block(DD, DD) + two_d6(4, 6) + two_d6(3, 4), attacker=OGRE)
    assert game.state.status[O_LINE] == Status.KO


def test_mighty_blow_cannot_break_armour_two_short():
    game = knock_down(d6(2) + block(DD, DD) + two_d6(3, 5), attacker=OGRE)  # 8 + 1 = 9: holds
    assert game.state.status[O_LINE] == Status.PRONE
    assert not roller_of(game).queue


def _foul_victim(victim, script, apothecaries=(0, 0), victim_side=0):
    """An opponent fouls the prone `victim` (armour/injury driven by `script`)."""
    fouler = O_LINE if victim_side == 0 else LINEMAN
    sc = Scenario(script=script)
    sc.put(victim, (11, 7), Status.PRONE).put(fouler, (12, 7)).set(apothecaries=apothecaries)
    game = sc.start(active=1 - victim_side)
    do(game, T.START_FOUL, fouler)
    do(game, T.FOUL, square=(11, 7))
    return game


def test_thick_skull_eight_is_stunned():
    game = _foul_victim(OGRE, two_d6(4, 6) + two_d6(3, 5))
    assert game.state.status[OGRE] == Status.STUNNED


def test_thick_skull_nine_is_still_ko():
    game = _foul_victim(OGRE, two_d6(4, 6) + two_d6(4, 5))
    assert game.state.status[OGRE] == Status.KO


def test_stunty_seven_is_ko():
    game = _foul_victim(O_GOBLIN, two_d6(3, 5) + two_d6(3, 4), victim_side=1)  # AV 7
    assert game.state.status[O_GOBLIN] == Status.KO


def test_stunty_nine_is_badly_hurt_without_casualty_roll():
    game = _foul_victim(O_GOBLIN, two_d6(3, 5) + two_d6(4, 5), victim_side=1)
    assert game.state.status[O_GOBLIN] == Status.CASUALTY
    assert not roller_of(game).queue  # no D68 was asked for


def test_stunty_eight_is_ko():
    game = _foul_victim(O_GOBLIN, two_d6(3, 5) + two_d6(3, 5), victim_side=1)
    assert game.state.status[O_GOBLIN] == Status.KO


def test_apothecary_on_ko_leaves_player_stunned_on_pitch():
    game = knock_down(block(DD) + two_d6(4, 6) + two_d6(4, 4), apothecaries=(0, 1))
    assert game.decider == 1
    assert set(game.legal_actions().types()) == {T.USE_APOTHECARY, T.DECLINE}
    do(game, T.USE_APOTHECARY)
    s = game.state
    assert s.status[O_LINE] == Status.STUNNED
    assert s.board.xy(s.pos[O_LINE]) == (12, 7)
    assert s.teams[1].apothecaries == 0


def test_declined_apothecary_on_ko():
    game = knock_down(block(DD) + two_d6(4, 6) + two_d6(4, 4), apothecaries=(0, 1))
    do(game, T.DECLINE)
    assert game.state.status[O_LINE] == Status.KO
    assert game.state.teams[1].apothecaries == 1


def test_apothecary_on_casualty_rolls_again_and_keeps_lesser():
    script = block(DD) + two_d6(4, 6) + two_d6(5, 5) + d68(61) + d68(41)
    game = knock_down(script, apothecaries=(0, 1))
    do(game, T.USE_APOTHECARY)
    s = game.state
    assert s.status[O_LINE] == Status.CASUALTY
    assert s.teams[1].apothecaries == 0
    assert not roller_of(game).queue


def test_apothecary_second_roll_badly_hurt_goes_to_reserves():
    script = block(DD) + two_d6(4, 6) + two_d6(5, 5) + d68(61) + d68(23)
    game = knock_down(script, apothecaries=(0, 1))
    do(game, T.USE_APOTHECARY)
    assert game.state.status[O_LINE] == Status.RESERVE


def test_apothecary_on_badly_hurt_goes_to_reserves_without_second_roll():
    game = knock_down(block(DD) + two_d6(4, 6) + two_d6(5, 5) + d68(15), apothecaries=(0, 1))
    do(game, T.USE_APOTHECARY)
    assert game.state.status[O_LINE] == Status.RESERVE
    assert not roller_of(game).queue


def test_no_apothecary_offered_on_stunned():
    game = knock_down(block(DD) + two_d6(4, 6) + two_d6(2, 3), apothecaries=(0, 1))
    assert game.state.status[O_LINE] == Status.STUNNED
    assert game.decider == 0  # straight back to the active team


@pytest.mark.parametrize(
    ("die", "status"), [(4, Status.RESERVE), (6, Status.RESERVE), (3, Status.CASUALTY)]
)
def test_regeneration(die, status):
    game = _foul_victim(O_TROLL, two_d6(4, 6) + two_d6(5, 6) + d68(61) + d6(die), victim_side=1)
    assert game.state.status[O_TROLL] == status
    assert not roller_of(game).queue


def test_ko_recovery_at_drive_end():
    sc = Scenario(script=d6(4, 3, 1))
    s = sc.state
    for pid in (5, 7, 8):
        s.status[pid] = Status.KO
    sc.put(0, (10, 7))
    game = sc.start(proc=EndDrive(False))
    assert s.status[5] == Status.RESERVE  # 4+
    assert s.status[7] == Status.KO  # 3
    assert s.status[8] == Status.KO  # 1
    assert s.status[0] == Status.RESERVE  # everyone on the pitch goes back to reserves
    assert not roller_of(game).queue


def test_stunned_player_turns_face_up_at_end_of_his_own_teams_next_turn():
    sc = Scenario()
    sc.put(O_LINE, (11, 7), Status.STUNNED).put(LINEMAN, (3, 3))
    game = sc.start(active=0)  # home's turn: the away stunned player stays stunned
    do(game, T.END_TURN)
    assert game.state.status[O_LINE] == Status.STUNNED
    sc2 = Scenario()
    sc2.put(O_LINE, (11, 7), Status.STUNNED)
    game2 = sc2.start(active=1)
    do(game2, T.END_TURN)
    assert game2.state.status[O_LINE] == Status.PRONE


def test_crowd_ko_with_apothecary_goes_to_reserves():
    sc = Scenario(script=block(BlockFace.PUSHED) + two_d6(4, 4))
    sc.put(BLITZER, (10, 1)).put(O_LINE, (10, 0)).set(apothecaries=(0, 1))
    game = sc.start(active=0)
    do(game, T.START_BLOCK, BLITZER)
    do(game, T.BLOCK, square=(10, 0))
    do(game, T.SELECT_PUSHED)
    do(game, T.PUSH, square=(10, -1))
    do(game, T.DECLINE)  # follow-up decided first; then the crowd's injury roll
    assert game.decider == 1
    do(game, T.USE_APOTHECARY)
    assert game.state.status[O_LINE] == Status.RESERVE
    assert game.state.teams[1].apothecaries == 0


def test_player_stunned_in_his_own_turn_stays_stunned_at_its_end():
    sc = Scenario(script=block(BlockFace.ATTACKER_DOWN) + two_d6(4, 6) + two_d6(1, 2))
    sc.put(BLITZER, (10, 7)).put(O_LINE, (11, 7))
    game = sc.start(active=0)
    do(game, T.START_BLOCK, BLITZER)
    do(game, T.BLOCK, square=(11, 7))
    do(game, T.SELECT_ATTACKER_DOWN)  # armour 10 > 8 broken, injury 3: stunned; turnover
    assert game.is_over
    assert game.state.status[BLITZER] == Status.STUNNED
