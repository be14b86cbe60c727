"""Completing a set-up for a bot that ran out of its set-up clock or set-up actions (or was
disqualified during one): the referee takes its players off where the rules allow, places
them in the board's first formation for its role and ends the set-up, every step checked by
the engine."""

from __future__ import annotations

from nuffle.agents.scripted.bot import setup_order
from nuffle.core.actions import Action, ActionType
from nuffle.core.decision import DecisionKind
from nuffle.core.errors import StateError
from nuffle.core.game import Game
from nuffle.formations import formation, formation_names


def complete_setup(game: Game) -> int:
    """End the deciding side's set-up legally; the number of actions played.

    Raises StateError if the engine accepts no legal set-up this way."""
    if game.decision().kind != DecisionKind.SETUP:
        raise StateError("there is no set-up to complete")
    side = game.decider
    s = game.state
    played = 0

    def step(action: Action) -> bool:
        nonlocal played
        if action in game.legal_actions():
            game.step(action)
            played += 1
            return True
        return False

    if step(Action(ActionType.END_SETUP)):
        return played
    for pid in [p for p in s.team_players(side) if s.pos[p] >= 0]:
        step(Action(ActionType.RESERVE_PLAYER, pid))  # not allowed in a Perfect Defence
    board = game.config.board
    kind = "defense" if side == s.kicking else "offense"
    squares = formation(board, kind, formation_names(board, kind)[0], side, s.board.width)
    movable: list[int] = []
    for g in game.legal_actions().groups:
        if g.type == ActionType.PLACE_PLAYER:
            movable += [p for p in g.players if p not in movable and s.pteam[p] == side]
    # Players already on the pitch first (a Perfect Defence moves only them), then reserves.
    on = [p for p in movable if s.pos[p] >= 0]
    rest = setup_order(s, tuple(p for p in movable if s.pos[p] < 0), len(squares))
    for pid, sq in zip(on + rest, squares, strict=False):
        step(Action(ActionType.PLACE_PLAYER, pid, sq))
    if not step(Action(ActionType.END_SETUP)):
        raise StateError("the referee could not complete the set-up in a formation")
    return played
