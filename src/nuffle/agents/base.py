"""The agent protocol and the registry that maps bot names to factories."""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable
from typing import Any

from nuffle.core.actions import Action
from nuffle.core.game import Game


class Agent(ABC):
    """A bot. It sees the game (treat it as read-only) and returns one action at a time."""

    name = "agent"

    def new_game(self, game: Game, side: int) -> None:
        """Called once before the first decision; `side` is 0 (home) or 1 (away)."""
        self.side = side

    @abstractmethod
    def act(self, game: Game) -> Action:
        """Choose an action among `game.legal_actions()`."""

    def end_game(self, result: dict[str, Any]) -> None:  # noqa: B027  (optional hook)
        """Called once when the game is over; bots that learn from results override it."""


AgentFactory = Callable[[int], Agent]
_REGISTRY: dict[str, AgentFactory] = {}


def register(name: str, factory: AgentFactory) -> None:
    """Make a bot available by name (factories take a seed)."""
    _REGISTRY[name] = factory


def make_agent(name: str, seed: int = 0) -> Agent:
    """Create a registered bot; raises ValueError naming the known bots."""
    from nuffle.agents import random_bot, scripted  # noqa: F401  (register themselves)

    if name not in _REGISTRY:
        raise ValueError(f"unknown bot {name!r}: choose one of {', '.join(sorted(_REGISTRY))}")
    return _REGISTRY[name](seed)


def agent_names() -> list[str]:
    """Names of the registered bots."""
    from nuffle.agents import random_bot, scripted  # noqa: F401

    return sorted(_REGISTRY)
