"""What is being decided: the decision kind (for the one-hot) and the acting player."""

from __future__ import annotations

from nuffle.core.decision import DecisionKind
from nuffle.core.game import Game
from nuffle.core.procedures.action import PlayerAction
from nuffle.core.state import GameState

#: Names of the decision one-hot's entries, in order (`DecisionKind` values).
DECISION_NAMES = tuple(k.name for k in DecisionKind)


def n_decision_kinds() -> int:
    """The length of the decision one-hot."""
    return len(DECISION_NAMES)


def decision_index(game: Game) -> int:
    """The one-hot position of the decision now being asked for (`Game.decision().kind`)."""
    return int(game.decision().kind)


def acting_action(s: GameState) -> PlayerAction | None:
    """The player action being played (the top-most one on the stack), if any."""
    for proc in reversed(s.stack):
        if isinstance(proc, PlayerAction):
            return proc
    return None


def acting_player(s: GameState) -> tuple[int, int]:
    """(player id, squares moved so far) of the acting player, or (-1, 0)."""
    pa = acting_action(s)
    if pa is None:
        return -1, 0
    return pa.pid, pa.moves
