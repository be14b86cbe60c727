"""The search's speed benchmark (`nuffle bench mcts`): iterations per second on each board,
from mid-game positions of random games, with and without rollouts, per second of wall clock
and per second of the process's CPU time (steadier on a shared machine)."""

from __future__ import annotations

import os
import time
from typing import Any

from nuffle.agents.mcts.search import Search, SearchConfig, in_team_turn
from nuffle.core.engines import resolve_engine
from nuffle.core.game import Game
from nuffle.random_player import midgame_states

BOARDS = (1, 3, 5, 11)


def run_mcts_bench(boards: tuple[int, ...] = BOARDS, positions: int = 4, seconds: float = 0.5,
                   rollouts: int = 20, rollout: str = SearchConfig.rollout,
                   rollout_at: str = SearchConfig.rollout_at, seed: int = 1,
                   engine: str | None = None) -> dict[str, Any]:
    """Search `positions` mid-game positions per board for `seconds` each, without rollouts
    and with `rollouts`-decision rollouts of the kind `rollout` at the leaves `rollout_at`
    (the other rollout settings are the search's defaults); returns iterations per second
    (wall clock and CPU) per board, and the load average before the run. The searches use
    their whole time (no early stop), so the figure is the sustained rate. `engine`: the
    positions' engine ('native': the search's C++ loop; default: NUFFLE_ENGINE, else
    python)."""
    out: dict[str, Any] = {"engine": resolve_engine(engine), "seconds_per_position": seconds,
                           "positions": positions,
                           "rollout_steps": rollouts, "rollout": rollout, "rollout_at": rollout_at,
                           "loadavg": list(os.getloadavg()), "boards": {}}
    for board in boards:
        states = midgame_states(seed, positions * 3, board=board, every=11)
        games = [Game.from_state(s, engine=engine) for s in states]
        games = [g for g in games if in_team_turn(g) and len(g.legal_actions()) > 1][:positions]
        row: dict[str, float] = {}
        for suffix, steps in (("", 0), ("_rollouts", rollouts)):
            n = 0
            spent = cpu = 0.0
            for i, g in enumerate(games):
                config = SearchConfig(rollouts=steps, rollout=rollout, rollout_at=rollout_at,
                                      stop_early=False)
                search = Search(config, seed=seed + i)
                t0 = time.perf_counter()
                c0 = time.process_time()
                search.run(g.view(), seconds=seconds)
                cpu += time.process_time() - c0
                spent += time.perf_counter() - t0
                n += search.iterations
            row["iterations_per_s" + suffix] = n / spent if spent else 0.0
            row["iterations_per_cpu_s" + suffix] = n / cpu if cpu else 0.0
        row["positions"] = len(games)
        out["boards"][str(board)] = row
    return out


def format_mcts_bench(figures: dict[str, Any]) -> str:
    """The benchmark as a readable table."""
    with_rollouts = (f"it/s, {figures['rollout_steps']}-step {figures['rollout']} rollouts "
                     f"at {figures['rollout_at']} leaves")
    load = " ".join(f"{x:.2f}" for x in figures["loadavg"])
    lines = [f"mcts search speed ({figures.get('engine', 'python')} engine, "
             f"{figures['positions']} positions per board, "
             f"{figures['seconds_per_position']} s each; load average {load})",
             f"  {'board':>5}  {'it/s':>8}  {'it/cpu s':>8}  {with_rollouts:>34}  {'it/cpu s':>8}"]
    for board, row in figures["boards"].items():
        lines.append(f"  {board:>5}  {row['iterations_per_s']:8.0f}  {row['iterations_per_cpu_s']:8.0f}"
                     f"  {row['iterations_per_s_rollouts']:34.0f}"
                     f"  {row['iterations_per_cpu_s_rollouts']:8.0f}")
    return "\n".join(lines)
