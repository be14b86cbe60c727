"""Set-up and kick-off choices of the grod bot, from the formation data."""

from __future__ import annotations

from nuffle.agents.grod.values import Values
from nuffle.agents.scripted.bot import setup_order
from nuffle.core.actions import Action, ActionType, LegalActions, Square
from nuffle.core.state import GameState
from nuffle.formations import formation, formation_names

A = ActionType

#: Preferred formation names, first available wins (data file names).
_PREFERRED = {"offense": ("spread", "line"), "defense": ("scripted", "zone", "line")}


def preferred_formation(kind: str, names: list[str]) -> str:
    """The formation grod sets up in among `names` (sorted) of `kind` ('offense' or 'defense')."""
    return next((n for n in _PREFERRED[kind] if n in names), names[0])


def formation_plan(s: GameState, board: int, side: int, players: tuple[int, ...]) -> list[tuple[int, Square]]:
    """Players paired with formation squares, line first: kicking sets up the defence."""
    kind = "defense" if side == s.kicking else "offense"
    name = preferred_formation(kind, formation_names(board, kind))
    squares = formation(board, kind, name, side, s.board.width)
    return list(zip(setup_order(s, players, len(squares)), squares, strict=False))


def kick_target(s: GameState, legal: LegalActions, side: int, v: Values) -> Action:
    """Kick deep, to the middle of the receivers' last columns."""
    g = legal.group(A.PLACE_BALL)
    assert g is not None
    b = s.board
    deep = min(round(v["kick_depth"]), b.width // 6)
    x = deep if side == 1 else b.width - 1 - deep
    y = b.height // 2
    return Action(A.PLACE_BALL, None, min(g.squares, key=lambda q: (abs(q[0] - x) + abs(q[1] - y), q[1])))
