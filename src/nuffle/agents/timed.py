"""A bot wrapped to time its decisions: what `nuffle strength` reports per side."""

from __future__ import annotations

import time
from typing import Any

from nuffle.agents.base import Agent
from nuffle.core.actions import Action
from nuffle.core.game import Game


class TimedAgent(Agent):
    """Plays as `inner` does and records the seconds of each of its decisions (`act` calls);
    `limit` (seconds, optional) counts the decisions that took longer in `over_limit`."""

    def __init__(self, inner: Agent, limit: float | None = None) -> None:
        self.inner = inner
        self.name = inner.name
        self.boards = inner.boards
        self.limit = limit
        self.decisions = 0
        self.total = 0.0
        self.longest = 0.0
        self.over_limit = 0

    def prepare(self, board: int) -> None:
        """Pass it on (not a decision: not timed)."""
        self.inner.prepare(board)

    def new_game(self, view: Game, side: int) -> None:
        """Pass the new game on (the clock does not run: set-up of the bot is not a decision)."""
        self.side = side
        self.inner.new_game(view, side)

    def act(self, view: Game) -> Action:
        """The inner bot's action, timed."""
        t0 = time.perf_counter()
        action = self.inner.act(view)
        dt = time.perf_counter() - t0
        self.decisions += 1
        self.total += dt
        self.longest = max(self.longest, dt)
        if self.limit is not None and dt > self.limit:
            self.over_limit += 1
        return action

    def end_game(self, result: dict[str, Any]) -> None:
        """Pass the result on."""
        self.inner.end_game(result)
