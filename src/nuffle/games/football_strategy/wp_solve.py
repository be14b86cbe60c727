"""Shapley's backward sweep over the win-probability model, with an exact best responder.

Time only runs down in the model (see :mod:`wp_model`), so one sweep from the end of the
second half back to the opening kick-off solves it: every stage game only needs values of
states already solved. At each grid time the values of all next states are gathered with
one sparse product, the stage games of every field state and score are solved as a batch
(:func:`nuffle.gametheory.batch.solve_batch`, certificates from the previous time step's
supports, HiGHS otherwise) and the offense takes the best formation.

The same sweep computes, for the strategy the table's agent plays (the stage equilibria of
the stored, quantised values), the value of a best-responding opponent who knows that mixed
strategy in every state: as offense it maximises over formations and calls, as defense it
minimises over defenses. Its value from the opening kick-off minus one half is the agent's
exact exploitability in the model.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import numpy as np
import scipy.sparse as sp
from numpy.typing import NDArray

from nuffle.games.football_strategy import rules
from nuffle.games.football_strategy.chart import Chart
from nuffle.games.football_strategy.wp_model import (
    FIRST_HALF_KICKS,
    FIRST_HALF_RECEIVES,
    FLIP_PHASE,
    HALF_SECONDS,
    SECOND_HALF,
    Grid,
    StageOutcomes,
    _kickoff,
    _linear,
    stage_outcomes,
    time_weights,
)
from nuffle.games.football_strategy.wp_table import WPTable, chart_digest
from nuffle.gametheory.batch import BatchStats, solve_batch, supports

FloatArray = NDArray[np.float64]
#: Values are stored as 16-bit fractions of this.
QUANTUM = 65535.0
#: Formation choices, in the order ties are broken.
NORMAL, PUNT, FIELD_GOAL = 0, 1, 2


def quantise(values: FloatArray) -> FloatArray:
    """Round win probabilities to the 16-bit grid the table stores."""
    return np.round(np.clip(values, 0.0, 1.0) * QUANTUM) / QUANTUM


def end_of_game(margin: NDArray[np.int64]) -> FloatArray:
    """Win probability at the final whistle: 1 ahead, 1/2 level, 0 behind."""
    return np.where(margin > 0, 1.0, np.where(margin == 0, 0.5, 0.0))


@dataclass
class Outcomes:
    """Every field state's stage outcomes, flattened into branch and term arrays."""

    grid: Grid
    stages: list[StageOutcomes]
    offsets: NDArray[np.int64]
    branch_row: NDArray[np.int64]
    branch_prob: FloatArray
    branch_combo: NDArray[np.int64]
    branch_points: NDArray[np.int64]
    branch_seconds: NDArray[np.int64]
    term_branch: NDArray[np.int64]
    term_field: NDArray[np.int64]
    term_weight: FloatArray
    combos: list[tuple[int, bool]]
    points: list[int]
    seconds: list[int]

    @property
    def rows(self) -> int:
        """Distinct outcomes over all field states."""
        return int(self.offsets[-1])


def build_outcomes(grid: Grid, chart: Chart) -> Outcomes:
    """Resolve every call pair from every grid field state once."""
    stages = [stage_outcomes(grid, chart, *grid.field_state(f)) for f in range(grid.num_fields)]
    offsets = np.zeros(len(stages) + 1, dtype=np.int64)
    offsets[1:] = np.cumsum([len(s.outcomes) for s in stages])
    combos: dict[tuple[int, bool], int] = {}
    points: dict[int, int] = {}
    seconds: dict[int, int] = {}
    b_row: list[int] = []
    b_prob: list[float] = []
    b_combo: list[int] = []
    b_points: list[int] = []
    b_secs: list[int] = []
    t_branch: list[int] = []
    t_field: list[int] = []
    t_weight: list[float] = []
    for f, stage in enumerate(stages):
        for o, branches in enumerate(stage.outcomes):
            for branch in branches:
                index = len(b_row)
                b_row.append(int(offsets[f]) + o)
                b_prob.append(branch.prob)
                b_combo.append(combos.setdefault((branch.points, branch.flip), len(combos)))
                b_points.append(points.setdefault(branch.points, len(points)))
                b_secs.append(seconds.setdefault(branch.seconds, len(seconds)))
                for target, weight in branch.fields:
                    t_branch.append(index)
                    t_field.append(target)
                    t_weight.append(weight)
    return Outcomes(
        grid,
        stages,
        offsets,
        np.asarray(b_row, dtype=np.int64),
        np.asarray(b_prob),
        np.asarray(b_combo, dtype=np.int64),
        np.asarray(b_points, dtype=np.int64),
        np.asarray(b_secs, dtype=np.int64),
        np.asarray(t_branch, dtype=np.int64),
        np.asarray(t_field, dtype=np.int64),
        np.asarray(t_weight),
        list(combos),
        list(points),
        list(seconds),
    )


@dataclass
class Transfer:
    """The sparse map from source values to outcome values at one grid time."""

    matrix: sp.csr_matrix
    low: int
    high: int


def transfer(out: Outcomes, k: int) -> Transfer:
    """Build the outcome-from-source map for snaps at grid time index ``k``."""
    grid = out.grid
    now = grid.times[k]
    n_sec = len(out.seconds)
    term = np.zeros(n_sec)
    slot_k = np.zeros((n_sec, 2), dtype=np.int64)
    slot_w = np.zeros((n_sec, 2))
    for s, cost in enumerate(out.seconds):
        term[s], weights = time_weights(grid, now, cost)
        for j, (kk, w) in enumerate(weights):
            slot_k[s, j], slot_w[s, j] = kk, w
    used = slot_w > 0
    low = int(slot_k[used].min()) if used.any() else 0
    high = k
    width = max(high - low, 0)
    nf = grid.num_fields
    n_combo = len(out.combos)
    rows_list, cols_list, data_list = [], [], []
    sec = out.branch_seconds[out.term_branch]
    base = out.branch_prob[out.term_branch] * out.term_weight
    combo = out.branch_combo[out.term_branch]
    for j in range(2):
        w = slot_w[sec, j]
        keep = w > 0
        rows_list.append(out.branch_row[out.term_branch[keep]])
        slot = slot_k[sec[keep], j] - low
        cols_list.append((combo[keep] * width + slot) * nf + out.term_field[keep])
        data_list.append(base[keep] * w[keep])
    terminal_base = n_combo * width * nf
    tw = term[out.branch_seconds]
    keep = tw > 0
    rows_list.append(out.branch_row[keep])
    cols_list.append(terminal_base + out.branch_points[keep])
    data_list.append(out.branch_prob[keep] * tw[keep])
    shape = (out.rows, terminal_base + len(out.points))
    matrix = sp.csr_matrix(
        (np.concatenate(data_list), (np.concatenate(rows_list), np.concatenate(cols_list))),
        shape=shape,
    )
    return Transfer(matrix, low, high)


def _clamp(grid: Grid, margin: NDArray[np.int64]) -> NDArray[np.int64]:
    m = grid.max_score
    return np.clip(margin, -m, m) + m


def kickoff_value(grid: Grid, same: FloatArray, other: FloatArray, phase: int, seconds: int,
                  margin: NDArray[np.int64]) -> FloatArray:
    """Receiving side's win probability after a kick-off with ``seconds`` left in the half.

    ``same`` holds values where the receiver has the ball, ``other`` where the kicking side
    does; ``phase`` is the receiver's phase; ``margin`` the receiver's lead.
    """
    tw = _linear(grid.times, seconds)
    total = np.zeros(margin.shape)
    for branch in _kickoff(grid, 1.0, True, 0, 0, False):
        for f, wf in branch.fields:
            for k, wk in tw:
                if branch.flip:
                    total += branch.prob * wf * wk * same[phase, k, f, _clamp(grid, margin)]
                else:
                    kicker = FLIP_PHASE[phase]
                    total += branch.prob * wf * wk * (
                        1.0 - other[kicker, k, f, _clamp(grid, -margin)]
                    )
    return total


def end_values(grid: Grid, phase: int, same: FloatArray, other: FloatArray,
               margin: NDArray[np.int64]) -> FloatArray:
    """Offense's win probability when the half ends with the offense ``margin`` ahead.

    At the end of the game that is 1, 1/2 or 0; at half-time it is the value of the
    second-half kick-off (received by the side that kicked off the first half).
    """
    if phase == SECOND_HALF:
        return end_of_game(margin)
    start = HALF_SECONDS - rules.KICKOFF_SECONDS
    if phase == FIRST_HALF_RECEIVES:
        return kickoff_value(grid, same, other, SECOND_HALF, start, margin)
    return 1.0 - kickoff_value(grid, other, same, SECOND_HALF, start, -margin)


def opening_value(grid: Grid, same: FloatArray, other: FloatArray) -> float:
    """Win probability of the opening kick-off's receiver (level score)."""
    margin = np.zeros(1, dtype=np.int64)
    start = HALF_SECONDS - rules.KICKOFF_SECONDS
    return float(kickoff_value(grid, same, other, FIRST_HALF_KICKS, start, margin)[0])


#: Strategies of an agent at one (phase, time): normal rows and columns, punt rows and
#: columns (fourth-down fields) and the formation choice, per field and score.
Policy = Callable[
    [int, int], tuple[FloatArray, FloatArray, FloatArray, FloatArray, NDArray[np.int64]]
]


class Sweep:
    """The backward sweep; holds the value table and the best responder's values."""

    def __init__(self, grid: Grid, chart: Chart, best_response: bool = True) -> None:
        self.grid = grid
        self.out = build_outcomes(grid, chart)
        self.values = np.zeros(grid.shape)
        self.best_response = best_response
        self.br_offense = np.zeros(grid.shape)
        self.br_defense = np.zeros(grid.shape)
        self.stats = BatchStats()
        nd = grid.num_scores
        self.scores = np.arange(-grid.max_score, grid.max_score + 1)
        self.half_time: dict[str, FloatArray] = {}
        self.hints: dict[tuple[int, int], tuple[NDArray[np.bool_], NDArray[np.bool_]]] = {}
        self.four = np.array(
            [f for f, s in enumerate(self.out.stages) if s.punt is not None], dtype=np.int64
        )
        self.goal = np.array(
            [f for f, s in enumerate(self.out.stages) if s.field_goal is not None], dtype=np.int64
        )
        self.normal_ids = np.stack(
            [s.normal + self.out.offsets[f] for f, s in enumerate(self.out.stages)]
        )
        self.punt_ids = np.stack(
            [self.out.stages[f].punt + self.out.offsets[f] for f in self.four]
        )
        self.goal_ids = np.array(
            [self.out.stages[f].field_goal + self.out.offsets[f] for f in self.goal],
            dtype=np.int64,
        )
        self._nd = nd

    # ------------------------------------------------------------ terminal values
    def _clamp(self, margin: NDArray[np.int64]) -> NDArray[np.int64]:
        m = self.grid.max_score
        return np.clip(margin, -m, m) + m

    def end_values(self, phase: int, same: FloatArray, other: FloatArray,
                   margin: NDArray[np.int64]) -> FloatArray:
        """Offense's win probability when the half ends with ``margin`` (any integers)."""
        return end_values(self.grid, phase, same, other, margin)

    # ------------------------------------------------------------ one grid time
    def _source(self, tr: Transfer, phase: int, same: FloatArray, other: FloatArray) -> FloatArray:
        """Dense source rows for the transfer matrix, for one phase and value pair."""
        out, grid = self.out, self.grid
        width = tr.high - tr.low
        blocks = []
        for points, flip in out.combos:
            if flip:
                idx = self._clamp(-(self.scores + points))
                block = 1.0 - other[FLIP_PHASE[phase], tr.low : tr.high][..., idx]
            else:
                idx = self._clamp(self.scores + points)
                block = same[phase, tr.low : tr.high][..., idx]
            blocks.append(block.reshape(width * grid.num_fields, self._nd))
        for points in out.points:
            blocks.append(self.end_values(phase, same, other, self.scores + points)[None, :])
        return np.concatenate(blocks, axis=0)

    def _stage(self, outcome_values: FloatArray, ids: NDArray[np.int64]) -> FloatArray:
        """Stage matrices (fields x scores x rows x cols) from outcome values."""
        matrices = outcome_values[ids]  # fields x rows x cols x scores
        return np.ascontiguousarray(np.moveaxis(matrices, -1, 1))

    def _solve(self, key: tuple[int, int], matrices: FloatArray) -> tuple[FloatArray, FloatArray, FloatArray]:
        shape = matrices.shape
        lead = shape[:2]
        flat = matrices.reshape(-1, shape[-2], shape[-1])
        hint = self.hints.get(key)
        candidates = [] if hint is None else [hint, *_shifted(hint, lead)]
        first = solve_batch(flat, more_hints=candidates, fallback=False)
        self.stats.add(first.stats)
        missing = np.isnan(first.values)
        if missing.any():
            known = (supports(first.rows), supports(first.cols))
            idx = np.flatnonzero(missing)
            second = solve_batch(
                flat[idx],
                more_hints=[(r[idx], c[idx]) for r, c in _shifted(known, lead)],
            )
            second.stats.constant = second.stats.saddle = 0
            self.stats.add(second.stats)
            first.values[idx], first.rows[idx], first.cols[idx] = (
                second.values,
                second.rows,
                second.cols,
            )
        solution = first
        self.hints[key] = (supports(solution.rows), supports(solution.cols))
        return (
            solution.values.reshape(lead),
            solution.rows.reshape(*lead, shape[-2]),
            solution.cols.reshape(*lead, shape[-1]),
        )

    def step(self, phase: int, k: int, tr: Transfer, policy: Policy | None = None) -> None:
        """Solve every stage game at ``(phase, k)`` and store values and best responses.

        With a ``policy`` the agent's strategies come from it instead of the table's
        equilibria, and only the best responder's values are computed.
        """
        nf, nd = self.grid.num_fields, self._nd
        if policy is not None:
            xn, yn, xp, yp, choice = policy(phase, k)
            punt: FloatArray | None = xp if self.four.size else None
        else:
            v = self.values
            outcome_v = tr.matrix @ self._source(tr, phase, v, v)
            normal = self._stage(outcome_v, self.normal_ids)
            vn, xn, yn = self._solve((phase, NORMAL), normal)
            choices = np.full((3, nf, nd), -np.inf)
            choices[NORMAL] = vn
            punt = self._stage(outcome_v, self.punt_ids) if self.four.size else None
            if punt is not None:
                vp, xp, yp = self._solve((phase, PUNT), punt)
                choices[PUNT, self.four] = vp
            if self.goal.size:
                choices[FIELD_GOAL, self.goal] = outcome_v[self.goal_ids]
            choice = choices.argmax(axis=0)
            v[phase, k] = quantise(choices.max(axis=0))
        if not self.best_response:
            return
        for responder_offense in (True, False):
            same = self.br_offense if responder_offense else self.br_defense
            other = self.br_defense if responder_offense else self.br_offense
            outcome_u = tr.matrix @ self._source(tr, phase, same, other)
            un = self._stage(outcome_u, self.normal_ids)
            options = np.full((3, nf, nd), np.inf if not responder_offense else -np.inf)
            if responder_offense:
                options[NORMAL] = np.einsum("fsrc,fsc->fsr", un, yn).max(axis=-1)
                if punt is not None:
                    up = self._stage(outcome_u, self.punt_ids)
                    options[PUNT, self.four] = np.einsum("fsrc,fsc->fsr", up, yp).max(axis=-1)
                if self.goal.size:
                    options[FIELD_GOAL, self.goal] = outcome_u[self.goal_ids]
                self.br_offense[phase, k] = options.max(axis=0)
            else:
                options[NORMAL] = np.einsum("fsr,fsrc->fsc", xn, un).min(axis=-1)
                if punt is not None:
                    up = self._stage(outcome_u, self.punt_ids)
                    options[PUNT, self.four] = np.einsum("fsr,fsrc->fsc", xp, up).min(axis=-1)
                if self.goal.size:
                    options[FIELD_GOAL, self.goal] = outcome_u[self.goal_ids]
                self.br_defense[phase, k] = np.take_along_axis(options, choice[None], 0)[0]

    # ------------------------------------------------------------ the sweep
    def run(
        self, progress: Callable[[int, int], None] | None = None, policy: Policy | None = None
    ) -> None:
        """Solve the second half, then both first-half phases, from the end backwards."""
        times = len(self.grid.times)
        total = 3 * times
        done = 0
        first: dict[tuple[int, int], tuple[NDArray[np.bool_], NDArray[np.bool_]]] = {}
        for k in range(times):
            self.step(SECOND_HALF, k, transfer(self.out, k), policy)
            if k == 0:
                first = dict(self.hints)
            done += 1
            if progress is not None:
                progress(done, total)
        # The end of the first half starts from the supports of the end of the second.
        for (_, formation), hint in first.items():
            for phase in (FIRST_HALF_RECEIVES, FIRST_HALF_KICKS):
                self.hints[(phase, formation)] = hint
        for k in range(times):
            tr = transfer(self.out, k)
            for phase in (FIRST_HALF_RECEIVES, FIRST_HALF_KICKS):
                self.step(phase, k, tr, policy)
                done += 1
                if progress is not None:
                    progress(done, total)

    # ------------------------------------------------------------ kick-off figures
    def opening_value(self, same: FloatArray, other: FloatArray) -> float:
        """Win probability of the opening kick-off's receiver (level score)."""
        return opening_value(self.grid, same, other)

    def exploitability(self) -> dict[str, float]:
        """Responder's win probability against the table's agent, from the opening kick-off."""
        receives = self.opening_value(self.br_offense, self.br_defense)
        kicks = 1.0 - self.opening_value(self.br_defense, self.br_offense)
        responder = 0.5 * (receives + kicks)
        return {
            "receiver_value": self.opening_value(self.values, self.values),
            "responder_receives": receives,
            "responder_kicks": kicks,
            "responder_value": responder,
            "exploitability": responder - 0.5,
        }


def _shifted(
    hint: tuple[NDArray[np.bool_], NDArray[np.bool_]], lead: tuple[int, ...]
) -> list[tuple[NDArray[np.bool_], NDArray[np.bool_]]]:
    """Supports of the neighbouring scores and field states, as further guesses."""
    rows, cols = hint
    r = rows.reshape(*lead, -1)
    c = cols.reshape(*lead, -1)
    out = []
    for axis, shift in ((1, 1), (1, -1), (0, 1), (0, -1)):
        out.append(
            (
                np.roll(r, shift, axis=axis).reshape(rows.shape),
                np.roll(c, shift, axis=axis).reshape(cols.shape),
            )
        )
    return out


def solve_table(
    grid: Grid,
    chart: Chart,
    progress: Callable[[int, int], None] | None = None,
    best_response: bool = True,
) -> tuple[WPTable, Sweep]:
    """Solve the model for ``chart`` on ``grid``; return the table and the finished sweep."""
    start = time.perf_counter()
    sweep = Sweep(grid, chart, best_response)
    sweep.run(progress)
    stats = sweep.stats
    figures: dict[str, Any] = {
        "seconds": round(time.perf_counter() - start, 1),
        "states": int(np.prod(grid.shape)),
        "stage_games": stats.total,
        "constant": stats.constant,
        "saddle": stats.saddle,
        "certified": stats.certified,
        "linear_programme": stats.linear_programme,
        "chart_digest": chart_digest(chart),
    }
    if best_response:
        figures.update(sweep.exploitability())
    return WPTable(grid, sweep.values.copy(), chart, figures), sweep
