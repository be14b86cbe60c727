"""A coach's set-up in a named formation (`GameManager.set_up`, and the server playing on for a
coach whose turn timer ran out): the formation's squares, filled in the scripted bot's order."""

from __future__ import annotations

from nuffle.agents.scripted.bot import setup_order
from nuffle.core.actions import Action, ActionType
from nuffle.core.game import Game
from nuffle.formations import formation
from nuffle.web.session import LiveGame


def place_formation(live: LiveGame, side: int, kind: str, name: str) -> None:
    """Place `side`'s players in the named formation: those on the pitch off first where that
    is legal (in a Perfect Defence it is not: the formation then only moves them)."""
    g = live.game
    s = g.state
    for pid in [p for p in s.team_players(side) if s.pos[p] >= 0]:
        reserve = Action(ActionType.RESERVE_PLAYER, pid)
        if reserve in g.legal_actions():
            live.apply(reserve)
    squares = formation(g.config.board, kind, name, side, s.board.width)
    players = setup_order(g.state, _placeable(g, side), len(squares))
    for pid, sq in zip(players, squares, strict=False):
        act = Action(ActionType.PLACE_PLAYER, pid, sq)
        if act in g.legal_actions():
            live.apply(act)


def _placeable(game: Game, side: int) -> tuple[int, ...]:
    """The side's players that may be set up now."""
    group = game.legal_actions().group(ActionType.PLACE_PLAYER)
    players = group.players if group is not None else ()
    return tuple(p for p in players if game.state.pteam[p] == side)
