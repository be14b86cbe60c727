"""Guard, Sprint and Tackle (skills the engine implements beyond the Human/Orc starters)."""

from __future__ import annotations

from nuffle.core.actions import Action, ActionType
from nuffle.core.dice import block, d6, two_d6
from nuffle.core.procedures.block_strength import block_dice
from nuffle.core.skills import Skill
from nuffle.core.types import BlockFace, Status
from nuffle.testing import BLITZER, LINEMAN, O_LINE, O_LINE2, Scenario, roller_of

T = ActionType


def test_guard_assists_while_marked() -> None:
    # Human Blitzer at (10,7) blocks the Orc at (11,7); the Lineman at (12,8) is adjacent to
    # the defender but marked by a second Orc at (13,8). Without Guard he does not assist.
    sc = Scenario()
    sc.put(BLITZER, (10, 7)).put(O_LINE, (11, 7)).put(LINEMAN, (12, 8)).put(O_LINE2, (13, 8))
    assert block_dice(sc.state, BLITZER, O_LINE) == (1, True)
    sc.grant(LINEMAN, Skill.GUARD)
    assert block_dice(sc.state, BLITZER, O_LINE) == (2, True)


def test_sprint_allows_a_third_gfi() -> None:
    sc = Scenario(script=d6(2, 2, 2))
    sc.put(BLITZER, (3, 7))
    sc.grant(BLITZER, Skill.SPRINT, ma=1)
    game = sc.start(0)
    game.step(Action(T.START_MOVE, BLITZER))
    for x in (4, 5, 6, 7):  # 1 MA + 3 GFIs
        game.step(Action(T.MOVE, square=(x, 7)))
    s = game.state
    assert s.board.xy(s.pos[BLITZER]) == (7, 7)
    assert s.status[BLITZER] == Status.STANDING
    assert game.legal_actions().group(T.MOVE) is None  # no fourth GFI


def test_without_sprint_only_two_gfis() -> None:
    sc = Scenario(script=d6(2, 2))
    sc.put(BLITZER, (3, 7))
    sc.grant(BLITZER, ma=1)
    game = sc.start(0)
    game.step(Action(T.START_MOVE, BLITZER))
    for x in (4, 5, 6):
        game.step(Action(T.MOVE, square=(x, 7)))
    assert game.legal_actions().group(T.MOVE) is None


def test_tackle_knocks_down_a_dodge_defender_on_stumbles() -> None:
    # Human Catcher (Dodge) is the defender; an Orc Blitzer with Tackle makes Defender
    # Stumbles a knock-down instead of a push.
    catcher = 2
    orc_blitzer = 11
    sc = Scenario(script=block(BlockFace.DEFENDER_STUMBLES, BlockFace.DEFENDER_STUMBLES) + two_d6(1, 2))
    sc.put(orc_blitzer, (10, 7)).put(catcher, (11, 7))
    sc.grant(orc_blitzer, Skill.TACKLE)
    game = sc.start(1)
    game.step(Action(T.START_BLOCK, orc_blitzer))
    game.step(Action(T.BLOCK, square=(11, 7)))
    game.step(Action(T.SELECT_DEFENDER_STUMBLES))
    game.step(Action(T.PUSH, square=(12, 7)))
    game.step(Action(T.DECLINE))  # no follow-up; armour 3 holds
    assert game.state.status[catcher] == Status.PRONE
    assert game.state.board.xy(game.state.pos[catcher]) == (12, 7)
    assert not roller_of(game).queue
