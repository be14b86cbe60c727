"""Playing matches between agents. Agents are handed views (`Game.view()`), never the live game."""

from __future__ import annotations

from nuffle.agents.base import Agent
from nuffle.core.errors import StateError
from nuffle.core.game import Game
from nuffle.report import MatchReport


def play(game: Game, home: Agent, away: Agent, max_steps: int = 200_000,
         report: MatchReport | None = None) -> Game:
    """Play `game` to the end with the two agents; returns the same (live) game. A `report`
    (made for this game) is told about every step.

    Each agent sees a fresh view of the position at each of its decisions: it may clone and
    step it freely (its dice are not the real ones) and nothing it does reaches `game`."""
    agents = (home, away)
    home.new_game(game.view(), 0)
    away.new_game(game.view(), 1)
    steps = 0
    while not game.is_over:
        side = game.decider
        if side > 1:
            raise StateError(f"play() needs a sampled roller; the game waits for {game.decider}")
        action = agents[side].act(game.view())
        if report is None:
            game.step(action)
        else:
            report.step(game, action)
        steps += 1
        if steps > max_steps:
            raise StateError(f"the game did not end within {max_steps} decisions")
    home.end_game(game.result)
    away.end_game(game.result)
    return game
