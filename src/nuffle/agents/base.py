"""The agent protocol: what every bot implements. Bots receive views (`Game.view()`), never the
live game: a view's future dice are not the real ones, and changing it changes nothing real."""

from __future__ import annotations

from abc import ABC, abstractmethod
from typing import Any

from nuffle.core.actions import Action
from nuffle.core.game import Game


class Agent(ABC):
    """A bot: told of a new game, asked for one action at a time, told the result."""

    name = "agent"
    side = 0
    boards: tuple[int, ...] | None = None  # the board variants it can play (None: every one)

    def new_game(self, view: Game, side: int) -> None:
        """Called once before the first decision; `side` is 0 (home) or 1 (away)."""
        self.side = side

    def prepare(self, board: int) -> None:  # noqa: B027  (optional hook)
        """Get ready to play `board` before any game (`agent_for_board` calls it): a bot that
        picks what it plays by board (`champion`) loads it now, so a failure comes early."""

    @abstractmethod
    def act(self, view: Game) -> Action:
        """Choose an action among `view.legal_actions()`."""

    def end_game(self, result: dict[str, Any]) -> None:  # noqa: B027  (optional hook)
        """Called once when the game is over; bots that learn from results override it."""
