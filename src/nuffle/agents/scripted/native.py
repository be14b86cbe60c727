"""The scripted bot's decisions in C++ (`nuffle._native.ScriptedBot`, native/include/nuffle/bots/)
for a native game's view: the same decisions as `ScriptedBot`'s Python code (the reference,
checked decision for decision by tests/native/test_native_scripted.py), with no Python per
decision."""

from __future__ import annotations

import sys
from typing import Any

from nuffle.core.actions import Action, ActionType
from nuffle.core.engines import native_module
from nuffle.core.native_game import NativeGame
from nuffle.core.native_state import native_board
from nuffle.formations import board_formations


class NativeScripted:
    """The C++ scripted bot of one board, with its memory of the match (reset by `reset`)."""

    def __init__(self, board: int) -> None:
        offense, defense = board_formations(board)
        self.board = board
        self.core: Any = native_module().ScriptedBot(native_board(board), offense, defense,
                                                     sys.version_info >= (3, 12))

    def reset(self) -> None:
        """A new match: forget the planned action, the set-up plan and the Wizard's target."""
        self.core.reset()

    def act(self, view: NativeGame) -> Action:
        """The decision of the side deciding `view`."""
        kind, player, square = self.core.act(view.native_state)
        xy = None if square < 0 else view.state.board.xy(square)
        return Action(ActionType(kind), None if player < 0 else player, xy)
