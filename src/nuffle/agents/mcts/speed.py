"""The search's speed benchmark (`nuffle bench mcts`): iterations per second on each board,
from mid-game positions of random games, with and without rollouts."""

from __future__ import annotations

import time
from typing import Any

from nuffle.agents.mcts.search import Search, SearchConfig, in_team_turn
from nuffle.core.game import Game
from nuffle.testing import midgame_states

BOARDS = (1, 3, 5, 11)


def run_mcts_bench(boards: tuple[int, ...] = BOARDS, positions: int = 4, seconds: float = 0.5,
                   rollouts: int = 20, seed: int = 1) -> dict[str, Any]:
    """Search `positions` mid-game positions per board for `seconds` each, without rollouts
    and with `rollouts`-decision rollouts; returns iterations per second per board."""
    out: dict[str, Any] = {"seconds_per_position": seconds, "positions": positions,
                           "rollout_steps": rollouts, "boards": {}}
    for board in boards:
        games = [Game.from_state(s) for s in midgame_states(seed, positions * 3, board=board, every=11)]
        games = [g for g in games if in_team_turn(g) and len(g.legal_actions()) > 1][:positions]
        row: dict[str, float] = {}
        for label, steps in (("iterations_per_s", 0), ("iterations_per_s_rollouts", rollouts)):
            n = 0
            spent = 0.0
            for i, g in enumerate(games):
                search = Search(SearchConfig(rollouts=steps), seed=seed + i)
                t0 = time.perf_counter()
                search.run(g.view(), seconds=seconds)
                spent += time.perf_counter() - t0
                n += search.iterations
            row[label] = n / spent if spent else 0.0
        row["positions"] = len(games)
        out["boards"][str(board)] = row
    return out


def format_mcts_bench(figures: dict[str, Any]) -> str:
    """The benchmark as a readable table."""
    with_rollouts = f"it/s with {figures['rollout_steps']}-step rollouts"
    lines = [f"mcts search speed ({figures['positions']} positions per board, "
             f"{figures['seconds_per_position']} s each)",
             f"  {'board':>5}  {'it/s':>8}  {with_rollouts:>28}"]
    for board, row in figures["boards"].items():
        plain, rolled = row["iterations_per_s"], row["iterations_per_s_rollouts"]
        lines.append(f"  {board:>5}  {plain:8.0f}  {rolled:28.0f}")
    return "\n".join(lines)
