"""Readable text for the board and actions."""

from __future__ import annotations

from nuffle.core.actions import Action, ActionType
from nuffle.core.types import Status
from nuffle.testing import Scenario


def test_board_text_shows_players_ball_and_status() -> None:
    sc = Scenario()
    blitzer = sc.pid(0, "Blitzer")
    orc = sc.pid(1, "Lineman")
    sc.put(blitzer, (3, 2)).give_ball(blitzer)
    sc.put(orc, (4, 2), Status.PRONE)
    game = sc.start(0)
    text = game.board_text()
    row = text.splitlines()[2 + 2]
    assert row.startswith("  2 ")
    cells = [row[4 + 3 * x : 7 + 3 * x] for x in range(26)]
    assert cells[3] == " A*"
    assert cells[4].strip().endswith("_")
    assert cells[5] == " . "
    assert "A=Blitzer#1(pitch)" in text


def test_describe_action_names_the_player_and_square() -> None:
    sc = Scenario()
    blitzer = sc.pid(0, "Blitzer")
    sc.put(blitzer, (3, 2))
    game = sc.start(0)
    text = game.describe(Action(ActionType.START_BLITZ, blitzer))
    assert text == "START_BLITZ: home #1 Blitzer (A)"
    assert game.describe(Action(ActionType.MOVE, square=(4, 5))) == "MOVE: to (4, 5)"
    assert game.describe(Action(ActionType.END_TURN)) == "END_TURN"
