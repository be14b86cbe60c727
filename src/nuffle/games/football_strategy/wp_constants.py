"""The constants (paper) agent's strategy in every model state, for its exact exploitability.

The constants agent's matrices depend on the field state and formation only, except in its
clock window (the last ``clock_threshold_seconds`` of the game), where they also depend on
the time and on the margin class (trailing side and whether a field goal is enough), and in
the last seconds of a half (its final-kick rule). In the model neither side has timeouts.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np
from numpy.typing import NDArray

from nuffle.games.football_strategy import rules
from nuffle.games.football_strategy.chart import Chart
from nuffle.games.football_strategy.engine import legal_formations
from nuffle.games.football_strategy.nash import FORMATION_PREFERENCE, NashAgent
from nuffle.games.football_strategy.state import NUM_CALLS, Formation, GameState, Side
from nuffle.games.football_strategy.utility import NashConfig, field_goal_utility, payoff_matrix
from nuffle.games.football_strategy.wp_model import SECOND_HALF, Grid
from nuffle.games.football_strategy.wp_solve import Policy, Sweep, opening_value
from nuffle.gametheory.batch import solve_batch, supports

FloatArray = NDArray[np.float64]
CHOICE = {Formation.NORMAL: 0, Formation.PUNT: 1, Formation.FIELD_GOAL: 2}


def real_state(ball_on: int, down: int, to_go: int, half: int, seconds: int, margin: int) -> GameState:
    """A real state standing for a model state (no timeouts, offense at home)."""
    quarter = 2 * half - (1 if seconds > rules.QUARTER_SECONDS else 0)
    left = seconds - rules.QUARTER_SECONDS if seconds > rules.QUARTER_SECONDS else seconds
    score = [max(margin, 0), max(-margin, 0)]
    return GameState(
        possession=Side.HOME,
        ball_on=ball_on,
        down=down,
        to_go=to_go,
        quarter=quarter,
        seconds_left=left,
        score=score,
        timeouts=[0, 0],
    )


def margin_class(margin: int) -> int:
    """A margin with the same clock-management matrices as ``margin`` (the agent's rules)."""
    return max(-rules.FIELD_GOAL_POINTS - 1, min(rules.FIELD_GOAL_POINTS + 1, margin))


def constants_policy(grid: Grid, chart: Chart, sweep: Sweep, config: NashConfig | None = None) -> Policy:
    """The constants agent's strategies at every (phase, time) of the model."""
    agent = NashAgent(config, seed=0, cache_size=10**7)
    agent.start_game(Side.HOME, chart)
    nf, nd = grid.num_fields, grid.num_scores
    scores = range(-grid.max_score, grid.max_score + 1)
    four = sweep.four
    memo: dict[tuple[int, int, int, int], tuple[FloatArray, ...]] = {}

    def one(f: int, half: int, seconds: int, margin: int) -> tuple[FloatArray, ...]:
        ball, down, to_go = grid.field_state(f)
        state = real_state(ball, down, to_go, half, seconds, margin)
        window = state.game_seconds_left <= agent.config.clock_threshold_seconds
        final = state.half_seconds_left <= agent.config.final_kick_seconds
        key = (f, half if final else 0, seconds if (window or final) else 0,
               margin_class(margin) if window or (final and half == 2) else 0)
        found = memo.get(key)
        if found is None:
            _, normal = agent.solve(state, Formation.NORMAL)
            xp = np.zeros(NUM_CALLS)
            yp = np.zeros(10)
            if down == 4:
                _, punt = agent.solve(state, Formation.PUNT)
                xp, yp = punt.row_strategy, punt.col_strategy
            choice = CHOICE[agent.choose_formation(state)]
            found = memo[key] = (
                normal.row_strategy, normal.col_strategy, xp, yp, np.array(choice)
            )
        return found

    window_cache: dict[int, tuple[Any, ...]] = {}
    hints: dict[int, tuple[NDArray[np.bool_], NDArray[np.bool_]]] = {}
    classes = list(range(-rules.FIELD_GOAL_POINTS - 1, rules.FIELD_GOAL_POINTS + 2))

    def window(seconds: int) -> tuple[Any, ...]:
        """Strategies per field and margin class in the clock window, solved as batches."""
        found = window_cache.get(seconds)
        if found is not None:
            return found
        cfg = agent.config
        states = [
            [real_state(*grid.field_state(f), 2, seconds, margin) for margin in classes]
            for f in range(nf)
        ]
        solved = {}
        for formation, fields in ((Formation.NORMAL, range(nf)), (Formation.PUNT, [int(f) for f in four])):
            games = np.stack(
                [
                    payoff_matrix(states[f][c], chart, formation, cfg)
                    for f in fields
                    for c in range(len(classes))
                ]
            )
            key = 0 if formation is Formation.NORMAL else 1
            hint = hints.get(key)
            batch = solve_batch(games, *(hint if hint is not None else (None, None)))
            hints[key] = (supports(batch.rows), supports(batch.cols))
            shape = (len(fields), len(classes))
            solved[formation] = (
                batch.values.reshape(shape),
                batch.rows.reshape(*shape, NUM_CALLS),
                batch.cols.reshape(*shape, 10),
            )
        choice = np.zeros((nf, len(classes)), dtype=np.int64)
        position = {int(f): i for i, f in enumerate(four)}
        for f in range(nf):
            for c in range(len(classes)):
                state = states[f][c]
                if agent.final_kick(state):
                    choice[f, c] = CHOICE[Formation.FIELD_GOAL]
                    continue
                if state.down < 4:
                    continue
                values = {Formation.NORMAL: solved[Formation.NORMAL][0][f, c]}
                values[Formation.PUNT] = solved[Formation.PUNT][0][position[f], c]
                if Formation.FIELD_GOAL in legal_formations(state):
                    values[Formation.FIELD_GOAL] = field_goal_utility(state, cfg)
                best = max(values, key=lambda g: (values[g], -FORMATION_PREFERENCE.index(g)))
                choice[f, c] = CHOICE[best]
        result = (
            solved[Formation.NORMAL][1],
            solved[Formation.NORMAL][2],
            solved[Formation.PUNT][1],
            solved[Formation.PUNT][2],
            choice,
        )
        window_cache[seconds] = result
        return result

    def policy(
        phase: int, k: int
    ) -> tuple[FloatArray, FloatArray, FloatArray, FloatArray, NDArray[np.int64]]:
        half = 2 if phase == SECOND_HALF else 1
        seconds = grid.times[k]
        xn = np.zeros((nf, nd, NUM_CALLS))
        yn = np.zeros((nf, nd, 10))
        xp = np.zeros((four.size, nd, NUM_CALLS))
        yp = np.zeros((four.size, nd, 10))
        choice = np.zeros((nf, nd), dtype=np.int64)
        position = {int(f): i for i, f in enumerate(four)}
        if half == 2 and seconds <= agent.config.clock_threshold_seconds:
            wxn, wyn, wxp, wyp, wchoice = window(seconds)
            index = [classes.index(margin_class(m)) for m in scores]
            return wxn[:, index], wyn[:, index], wxp[:, index], wyp[:, index], wchoice[:, index]
        final = seconds <= agent.config.final_kick_seconds
        for f in range(nf):
            for s, margin in enumerate(scores if final else [0]):
                a, b, c, d, e = one(f, half, seconds, margin)
                at = s if final else slice(None)
                xn[f, at], yn[f, at], choice[f, at] = a, b, int(e)
                if f in position:
                    xp[position[f], at], yp[position[f], at] = c, d
        return xn, yn, xp, yp, choice

    return policy


def constants_exploitability(
    grid: Grid, chart: Chart, config: NashConfig | None = None,
    progress: Callable[[int, int], None] | None = None,
) -> dict[str, float]:
    """Exact best-response value against the constants agent in the model, from kick-off."""
    sweep = Sweep(grid, chart)
    sweep.run(progress, constants_policy(grid, chart, sweep, config))
    receives = opening_value(grid, sweep.br_offense, sweep.br_defense)
    kicks = 1.0 - opening_value(grid, sweep.br_defense, sweep.br_offense)
    responder = 0.5 * (receives + kicks)
    return {
        "constants_responder_receives": receives,
        "constants_responder_kicks": kicks,
        "constants_responder_value": responder,
        "constants_exploitability": responder - 0.5,
    }
