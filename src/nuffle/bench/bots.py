"""Games per second of the bots on both engines (`nuffle bench bots`): the same bot against
itself, the same seeds, on the Python engine and on the native one.

On the native engine the bots see what they see on the Python engine, a `Game` view, built
from the native game's Python snapshot at each decision (`NativeGame.state`), so the figure
is what a bot written against the public API gains from the native rules today. Games that stop
at a frame the native engine has not ported yet are counted, not timed.
"""

from __future__ import annotations

import time
from typing import Any

from nuffle.agents.registry import make_agent
from nuffle.core.engines import NotPortedError
from nuffle.core.game import Game

__all__ = ["run_bot_bench"]


def _python_game(bot: str, seed: int, board: int, home: str, away: str) -> None:
    game = Game.new(home, away, seed=seed, board=board)
    agents = (make_agent(bot, seed * 2 + 1), make_agent(bot, seed * 2 + 2))
    agents[0].new_game(game.view(), 0)
    agents[1].new_game(game.view(), 1)
    while not game.is_over:
        game.step(agents[game.decider].act(game.view()))


def _native_game(bot: str, seed: int, board: int, home: str, away: str) -> None:
    from nuffle.core.native_game import NativeGame

    game = NativeGame.start(home, away, seed=seed, board=board)
    agents = (make_agent(bot, seed * 2 + 1), make_agent(bot, seed * 2 + 2))
    first = Game.from_state(game.state)
    agents[0].new_game(first.view(), 0)
    agents[1].new_game(first.view(), 1)
    while not game.is_over:
        view = Game.from_state(game.state).view()
        game.step(agents[game.decider].act(view))


def run_bot_bench(bots: tuple[str, ...] = ("scripted", "grod"), games: int = 2, board: int = 11,
                  home: str = "human", away: str = "orc", seed: int = 1) -> dict[str, Any]:
    """Per bot and engine: games per second over the complete games, and the stopped ones."""
    out: dict[str, Any] = {"board": board, "games": games, "home": home, "away": away, "bots": {}}
    for bot in bots:
        row: dict[str, Any] = {}
        for engine, play in (("python", _python_game), ("native", _native_game)):
            spent = 0.0
            done = 0
            stopped: dict[str, int] = {}
            for i in range(games):
                t0 = time.perf_counter()
                try:
                    play(bot, seed + i, board, home, away)
                except NotPortedError as exc:
                    stopped[str(exc)] = stopped.get(str(exc), 0) + 1
                    continue
                spent += time.perf_counter() - t0
                done += 1
            row[engine] = {"games_per_s": done / spent if spent else None, "complete": done,
                           "stopped": stopped}
        out["bots"][bot] = row
    return out
