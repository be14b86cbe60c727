"""What is being decided: the decision kind (for the one-hot) and the acting player."""

from __future__ import annotations

from functools import cache

from nuffle.core.game import Game
from nuffle.core.procedures.action import PlayerAction
from nuffle.core.procedures.base import Procedure
from nuffle.core.state import GameState


@cache
def _procedure_classes() -> tuple[type[Procedure], ...]:
    seen: list[type[Procedure]] = []
    todo = list(Procedure.__subclasses__())
    while todo:
        cls = todo.pop()
        if cls not in seen:
            seen.append(cls)
            todo.extend(cls.__subclasses__())
    return tuple(sorted(seen, key=lambda c: (c.__module__, c.__qualname__)))


@cache
def _class_index() -> dict[type[Procedure], int]:
    return {cls: i for i, cls in enumerate(_procedure_classes())}


try:  # the engine's public decision kinds (nuffle.core.decision)
    from nuffle.core.decision import DecisionKind
except ImportError:  # an engine without them: the waiting procedure's class stands in
    DecisionKind = None  # type: ignore[assignment,misc]


def decision_names() -> tuple[str, ...]:
    """The names of the one-hot's entries, in order."""
    if DecisionKind is not None:
        return tuple(k.name for k in DecisionKind)
    return tuple(cls.__name__ for cls in _procedure_classes())


def n_decision_kinds() -> int:
    """The length of the decision one-hot."""
    return len(decision_names())


def decision_index(game: Game) -> int:
    """The one-hot position of the decision now being asked for."""
    if DecisionKind is not None:
        return int(game.decision().kind)  # type: ignore[attr-defined]
    s = game.state
    if not s.stack:
        return 0
    return _class_index().get(type(s.stack[-1]), 0)


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
