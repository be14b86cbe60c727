"""Opponents of a single-learner environment: any nuffle bot, by name or instance, or a callable."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from nuffle.agents.base import Agent
from nuffle.agents.registry import make_agent
from nuffle.core.actions import Action
from nuffle.core.errors import InputError
from nuffle.core.game import Game


def view_of(game: Game, assisted_moves: bool = True) -> Game:
    """What an opponent is shown: the engine's view of the match (a copy with reseeded dice);
    without `assisted_moves`, the view of a match that has none (the plain rules' choices)."""
    return game.view(assisted_moves=None if assisted_moves else False)


class Opponent:
    """Wraps a bot spec ('random', 'scripted', 'endzone', 'name?opt=v'), an `Agent` or a
    callable `fn(view) -> Action` behind one interface.

    Unless `assisted_moves`, the bot plays by the plain rules in a match with assisted moves:
    it is shown the match without them, so it is the same opponent as in a plain match (a
    plain step is also a legal assisted move)."""

    def __init__(self, spec: Any = "random", assisted_moves: bool = False) -> None:
        self.spec = spec
        self.assisted_moves = assisted_moves
        self.agent: Agent | None = None
        self.fn: Callable[[Game], Action] | None = None
        if isinstance(spec, str):
            make_agent(spec)  # fail early on an unknown bot or option
        elif isinstance(spec, Agent):
            self.agent = spec
        elif callable(spec):
            self.fn = spec
        else:
            raise InputError(f"opponent must be a bot name, an Agent or a callable, got {spec!r}")

    def new_game(self, game: Game, side: int, seed: int) -> None:
        """Prepare for a new match in which the opponent plays `side`."""
        if isinstance(self.spec, str):
            self.agent = make_agent(self.spec, seed=seed)
        if self.agent is not None:
            self.agent.new_game(view_of(game, self.assisted_moves), side)

    def act(self, game: Game) -> Action:
        """The opponent's decision now."""
        view = view_of(game, self.assisted_moves)
        if self.agent is not None:
            return self.agent.act(view)
        assert self.fn is not None
        return self.fn(view)

    def end_game(self, game: Game) -> None:
        """Tell the opponent the result."""
        if self.agent is not None:
            self.agent.end_game(game.result)
