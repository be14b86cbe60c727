"""Win-probability model: full solve, exact exploitability, constants fit, decision time.

Usage:
    python bench/football_wp.py solve [OUT]        full solve (the shipped table), figures
    python bench/football_wp.py constants [TABLE]   exact exploitability of the constants agent
    python bench/football_wp.py fit [TABLE] [PNG]   constants fitted per situation class (+ plot)
    python bench/football_wp.py decisions [GAMES]   nash-wp decision time over recorded states
    python bench/football_wp.py residual [N]        interpolation error at N off-grid states

``solve`` also stores ``constants_exploitability`` in the table when run after ``constants``
(pass the same table path).
"""

from __future__ import annotations

import json
import sys
import time

import numpy as np

from nuffle.games.football_strategy.chart import load_chart
from nuffle.games.football_strategy.wp_model import Grid
from nuffle.games.football_strategy.wp_table import default_table_path, load_table


def _progress(start: float) -> object:
    def report(done: int, total: int) -> None:
        if done % 20 == 0 or done == total:
            sys.stderr.write(f"  {done}/{total} steps, {time.perf_counter() - start:.0f} s\n")

    return report


def solve(out: str) -> None:
    """Solve the model on the default grid and write the table."""
    from nuffle.games.football_strategy.wp_solve import solve_table

    start = time.perf_counter()
    table, _ = solve_table(Grid(), load_chart(), _progress(start))  # type: ignore[arg-type]
    table.save(out)
    print(json.dumps(table.figures, indent=2))


def constants(path: str) -> None:
    """Exact exploitability of the constants agent; stored in the table's figures."""
    from nuffle.games.football_strategy.wp_constants import constants_exploitability

    table = load_table(path)
    start = time.perf_counter()
    figures = constants_exploitability(table.grid, table.chart, progress=_progress(start))  # type: ignore[arg-type]
    figures["constants_seconds"] = round(time.perf_counter() - start, 1)
    table.figures.update(figures)
    table.save(path)
    print(json.dumps(figures, indent=2))


def fit(path: str | None, png: str | None) -> None:
    """Fit the five constants per situation class; print a table and draw the plot."""
    from nuffle.games.football_strategy.wp_agent import TableModel
    from nuffle.games.football_strategy.wp_fit import CONSTANTS, fit_all
    from nuffle.games.football_strategy.wp_plot import plot_fits

    fits = fit_all(TableModel(load_table(path or None)), count=120)
    header = ["class", *CONSTANTS, "rms residual", "gap fitted", "gap paper"]
    print("| " + " | ".join(header) + " |")
    print("|" + " --- |" * len(header))
    for f in fits:
        cells = [f.name, *(f"{f.constants[c]:.1f}" for c in CONSTANTS)]
        cells += [f"{f.residual:.4f}", f"{f.fitted_gap:.4f}", f"{f.paper_gap:.4f}"]
        print("| " + " | ".join(cells) + " |")
    if png:
        plot_fits(fits, png)


def decisions(games: int) -> None:
    """Time nash-wp's decisions (formation and call, or defense) from the shipped table."""
    from nuffle.games.football_strategy.match import game_seed, play_game
    from nuffle.games.football_strategy.nash import NashAgent
    from nuffle.games.football_strategy.state import Formation, GameState
    from nuffle.games.football_strategy.wp_agent import NashWPAgent

    states: list[GameState] = []

    class Recorder(NashAgent):
        def call_offense(self, state: GameState, formation: Formation) -> int:
            states.append(state)
            return super().call_offense(state, formation)

    agent = NashWPAgent(seed=1)
    for index in range(games):
        play_game(agent, Recorder(seed=index), seed=game_seed(1, index))
    for label, cache in (("no cache", 0), ("with cache", 20_000)):
        timer = NashWPAgent(seed=2)
        timer.model.cache_size = cache
        timer.start_game(states[0].possession, load_chart())
        spots = {(s.ball_on, s.down, s.to_go) for s in states}
        begin = time.process_time()
        for spot in spots:  # the per-spot outcome cache, filled once per spot in play
            timer.model.outcomes(*spot)
        if cache == 0:
            per_spot = (time.process_time() - begin) / len(spots) * 1e3
            print(f"first visit of a spot (once per process): {per_spot:.2f} ms cpu, {len(spots)} spots")
        wall, cpu = [], []
        for state in states:
            if cache == 0:
                timer.model._stages.clear()
            begin, begin_cpu = time.perf_counter(), time.process_time()
            formation = timer.choose_formation(state)
            if formation is not Formation.FIELD_GOAL:
                timer.call_offense(state, formation)
            wall.append(time.perf_counter() - begin)
            cpu.append(time.process_time() - begin_cpu)
        for kind, values in (("wall", wall), ("cpu", cpu)):
            ms = np.array(values) * 1e3
            print(
                f"{label} ({kind}): {len(ms)} decisions, mean {ms.mean():.2f} ms, "
                f"median {np.median(ms):.2f} ms, p99 {np.percentile(ms, 99):.2f} ms, "
                f"max {ms.max():.2f} ms"
            )


def residual(samples: int) -> None:
    """Discretisation error: stage value of real off-grid states against the interpolated table.

    For a real state between grid points, the agent's one-step value (exact spot, down,
    distance and clock, results valued by the table) is compared with the table's own
    interpolation at that state; their difference is the error interpolation makes per snap.
    """
    from nuffle.games.football_strategy.wp_agent import TableModel
    from nuffle.games.football_strategy.wp_model import field_weights

    model = TableModel(load_table(None), cache_size=0)
    grid = model.grid
    rng = np.random.default_rng(5)
    gaps = []
    for _ in range(samples):
        phase = int(rng.integers(3))
        seconds = int(rng.integers(grid.times[0], grid.times[-1]))
        ball = int(rng.integers(2, 99))
        down = int(rng.integers(1, 5))
        to_go = min(10 if down == 1 else int(rng.integers(1, 16)), 100 - ball)
        margin = int(rng.integers(-10, 11))
        k = int(np.searchsorted(grid.times, seconds))
        stage = model.stage(ball, down, to_go, phase, seconds, margin).value
        d = grid.score_index(margin)
        table = sum(w * model.table.values[phase, k, f, d] for f, w in field_weights(grid, ball, down, to_go))
        gaps.append(abs(stage - table))
    g = np.array(gaps)
    print(
        f"{samples} off-grid states: mean |stage - interpolated table| {g.mean():.4f}, "
        f"median {np.median(g):.4f}, p95 {np.percentile(g, 95):.4f}, max {g.max():.4f}"
    )


def main() -> None:
    """Dispatch on the first argument."""
    command = sys.argv[1] if len(sys.argv) > 1 else "solve"
    arg = sys.argv[2] if len(sys.argv) > 2 else None
    if command == "solve":
        solve(arg or str(default_table_path()))
    elif command == "constants":
        constants(arg or str(default_table_path()))
    elif command == "fit":
        fit(arg, sys.argv[3] if len(sys.argv) > 3 else None)
    elif command == "residual":
        residual(int(arg or 300))
    elif command == "decisions":
        decisions(int(arg or 10))
    else:
        raise SystemExit(f"unknown command {command!r}: use solve, constants, fit, residual or decisions")


if __name__ == "__main__":
    main()
