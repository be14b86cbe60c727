"""The grod bot's decisions in C++ (`nuffle._native.GrodBot`, native/include/nuffle/bots/grod*.hpp)
for a native game's view: the same decisions as `GrodBot`'s Python code (the reference, checked
decision for decision by tests/native/test_native_grod.py), with no Python per decision. Its
values are the Python bot's own (`Values`: data/grod/purposes.json and any overrides), and its
formations the ones the Python bot picks (`preferred_formation`)."""

from __future__ import annotations

import sys
from typing import Any

from nuffle.agents.grod.setup import preferred_formation
from nuffle.agents.grod.values import Values
from nuffle.core.actions import Action, ActionType
from nuffle.core.engines import native_module
from nuffle.core.native_game import NativeGame
from nuffle.core.native_state import native_board
from nuffle.formations import board_formations

Square = tuple[int, int]


def grod_formations(board: int) -> tuple[dict[str, list[Square]], dict[str, list[Square]]]:
    """(offense, defense): the one formation of each kind grod sets up in on `board`, by name
    (empty where the board has none of that kind)."""
    offense, defense = board_formations(board)

    def pick(kind: str, named: dict[str, list[Square]]) -> dict[str, list[Square]]:
        if not named:
            return {}
        name = preferred_formation(kind, list(named))
        return {name: named[name]}

    return pick("offense", offense), pick("defense", defense)


def native_grod(board: int, values: Values) -> Any:
    """`nuffle._native.GrodBot` of `board` with `values`."""
    offense, defense = grod_formations(board)
    return native_module().GrodBot(native_board(board), offense, defense, dict(values.table),
                                   sys.version_info >= (3, 12))


class NativeGrod:
    """The C++ grod bot of one board, with its memory of the match (reset by `reset`)."""

    def __init__(self, board: int, values: Values) -> None:
        self.board = board
        self.core: Any = native_grod(board, values)

    def reset(self) -> None:
        """A new match: forget the planned action and the set-up plan."""
        self.core.reset()

    def act(self, view: NativeGame) -> Action:
        """The decision of the side deciding `view`."""
        kind, player, square = self.core.act(view.native_state)
        xy = None if square < 0 else view.state.board.xy(square)
        return Action(ActionType(kind), None if player < 0 else player, xy)
