"""``nash-wp``: plays the equilibrium of the win-probability game from the solved table.

For a real situation the agent resolves every call pair exactly (from the real spot, down
and distance), values each result by the table (interpolated as in the model), and solves
the stage game; on offense it takes the formation with the best value. Stage games are
cached per situation.
"""

from __future__ import annotations

import functools
from collections import OrderedDict
from dataclasses import dataclass

import numpy as np
from numpy.typing import NDArray

from nuffle.errors import InputError
from nuffle.games.football_strategy import rules
from nuffle.games.football_strategy.agents import Agent
from nuffle.games.football_strategy.chart import Chart
from nuffle.games.football_strategy.state import Formation, GameState, Side
from nuffle.games.football_strategy.wp_model import (
    FIRST_HALF_KICKS,
    FIRST_HALF_RECEIVES,
    FLIP_PHASE,
    SECOND_HALF,
    StageOutcomes,
    stage_outcomes,
    time_weights,
)
from nuffle.games.football_strategy.wp_solve import end_values
from nuffle.games.football_strategy.wp_table import WPTable, chart_digest, load_table
from nuffle.gametheory import ZeroSumSolution, solve_zero_sum
from nuffle.gametheory.batch import solve_batch, supports

FloatArray = NDArray[np.float64]
#: A timeout is called when it is worth at least this much win probability.
TIMEOUT_GAIN = 0.002
#: Supports remembered per (down, distance, formation) as guesses for new stage games.
HINTS = 12
#: Timeouts are considered only in this many last seconds of a half.
TIMEOUT_WINDOW = 300


@functools.cache
def shipped_table() -> WPTable:
    """The table shipped with nuffle, loaded once."""
    return load_table()


def phase_of(state: GameState) -> int:
    """The model phase of a real state (see :mod:`wp_model`)."""
    if state.half == 2:
        return SECOND_HALF
    receives_second = state.offense != state.opening_receiver
    return FIRST_HALF_RECEIVES if receives_second else FIRST_HALF_KICKS


@dataclass(frozen=True)
class Stage:
    """A solved stage: formation values and equilibria (offense win probability)."""

    values: dict[Formation, float]
    games: dict[Formation, tuple[FloatArray, ZeroSumSolution]]

    @property
    def best(self) -> Formation:
        """The offense's formation (ties: normal, then punt, then field goal)."""
        order = (Formation.NORMAL, Formation.PUNT, Formation.FIELD_GOAL)
        return max(self.values, key=lambda f: (self.values[f], -order.index(f)))

    @property
    def value(self) -> float:
        """The offense's win probability."""
        return self.values[self.best]


@dataclass(frozen=True)
class Compiled:
    """A stage's branches as flat arrays, for fast valuation."""

    size: int
    branch_row: NDArray[np.int64]
    prob: FloatArray
    flip: NDArray[np.bool_]
    points: NDArray[np.int64]
    sec: NDArray[np.int64]
    seconds: tuple[int, ...]
    term_branch: NDArray[np.int64]
    term_field: NDArray[np.int64]
    term_weight: FloatArray

    @staticmethod
    def of(outcomes: StageOutcomes) -> Compiled:
        """Flatten the branches of ``outcomes``."""
        rows: list[int] = []
        prob: list[float] = []
        flip: list[bool] = []
        points: list[int] = []
        sec: list[int] = []
        t_branch: list[int] = []
        t_field: list[int] = []
        t_weight: list[float] = []
        seconds: dict[int, int] = {}
        for index, branches in enumerate(outcomes.outcomes):
            for branch in branches:
                b = len(rows)
                rows.append(index)
                prob.append(branch.prob)
                flip.append(branch.flip)
                points.append(branch.points)
                sec.append(seconds.setdefault(branch.seconds, len(seconds)))
                for f, w in branch.fields:
                    t_branch.append(b)
                    t_field.append(f)
                    t_weight.append(w)
        return Compiled(
            len(outcomes.outcomes),
            np.asarray(rows, dtype=np.int64),
            np.asarray(prob),
            np.asarray(flip, dtype=bool),
            np.asarray(points, dtype=np.int64),
            np.asarray(sec, dtype=np.int64),
            tuple(seconds),
            np.asarray(t_branch, dtype=np.int64),
            np.asarray(t_field, dtype=np.int64),
            np.asarray(t_weight),
        )


class TableModel:
    """Stage games of real situations, valued by a table."""

    def __init__(self, table: WPTable, cache_size: int = 20_000) -> None:
        self.table = table
        self.grid = table.grid
        self.cache_size = cache_size
        self._outcomes: dict[tuple[int, int, int], tuple[StageOutcomes, Compiled]] = {}
        self._stages: OrderedDict[tuple[int, ...], Stage] = OrderedDict()
        self._ends: dict[tuple[int, int], float] = {}
        self._supports: dict[tuple[object, ...], list[tuple[NDArray[np.bool_], NDArray[np.bool_]]]] = {}

    def outcomes(self, ball_on: int, down: int, to_go: int) -> StageOutcomes:
        """Stage outcomes of a real spot, down and distance (cached)."""
        return self._compiled(ball_on, down, to_go)[0]

    def _compiled(self, ball_on: int, down: int, to_go: int) -> tuple[StageOutcomes, Compiled]:
        key = (ball_on, down, to_go)
        found = self._outcomes.get(key)
        if found is None:
            outcomes = stage_outcomes(self.grid, self.table.chart, ball_on, down, to_go)
            found = self._outcomes[key] = (outcomes, Compiled.of(outcomes))
        return found

    def end_value(self, phase: int, margin: int) -> float:
        """Offense win probability if the half ended now with ``margin``."""
        return self._end(phase, margin)

    def _end(self, phase: int, margin: int) -> float:
        key = (phase, margin)
        found = self._ends.get(key)
        if found is None:
            v = self.table.values
            found = float(end_values(self.grid, phase, v, v, np.array([margin]))[0])
            self._ends[key] = found
        return found

    def outcome_values(self, compiled: Compiled, phase: int, seconds: int, margin: int) -> FloatArray:
        """Offense win probability of every outcome of a stage."""
        grid, values = self.grid, self.table.values
        n_sec = len(compiled.seconds)
        end = np.zeros(n_sec)
        slot_k = np.zeros((n_sec, 2), dtype=np.int64)
        slot_w = np.zeros((n_sec, 2))
        for s, cost in enumerate(compiled.seconds):
            end[s], slots = time_weights(grid, seconds, cost)
            for j, (k, w) in enumerate(slots):
                slot_k[s, j], slot_w[s, j] = k, w
        after = margin + compiled.points
        ends = np.array([self._end(phase, int(m)) for m in after])
        rows = compiled.branch_row
        total: FloatArray = np.bincount(
            rows, compiled.prob * end[compiled.sec] * ends, minlength=compiled.size
        ).astype(np.float64)
        tb = compiled.term_branch
        flip = compiled.flip[tb]
        m = grid.max_score
        d = np.where(flip, -after[tb], after[tb])
        d = np.clip(d, -m, m) + m
        phases = np.where(flip, FLIP_PHASE[phase], phase)
        sec = compiled.sec[tb]
        base = compiled.prob[tb] * compiled.term_weight
        for j in range(2):
            w = slot_w[sec, j]
            v = values[phases, slot_k[sec, j], compiled.term_field, d]
            v = np.where(flip, 1.0 - v, v)
            total += np.bincount(rows[tb], base * w * v, minlength=compiled.size)
        return total

    def stage(self, ball_on: int, down: int, to_go: int, phase: int, seconds: int, margin: int) -> Stage:
        """The solved stage game of a situation (cached)."""
        k = min(int(np.searchsorted(self.grid.times, seconds)), len(self.grid.times) - 1)
        m = self.grid.max_score
        key = (ball_on, down, to_go, phase, k, max(-m - 9, min(m + 9, margin)))
        found = self._stages.get(key)
        if found is not None:
            self._stages.move_to_end(key)
            return found
        outcomes, compiled = self._compiled(ball_on, down, to_go)
        values = self.outcome_values(compiled, phase, seconds, margin)
        games: dict[Formation, tuple[FloatArray, ZeroSumSolution]] = {}
        formation_values: dict[Formation, float] = {}
        for formation, ids in ((Formation.NORMAL, outcomes.normal), (Formation.PUNT, outcomes.punt)):
            if ids is None:
                continue
            matrix = values[ids]
            solution = self._solve((down, min(to_go, 10), formation), matrix)
            games[formation] = (matrix, solution)
            formation_values[formation] = solution.value
        if outcomes.field_goal is not None:
            formation_values[Formation.FIELD_GOAL] = float(values[outcomes.field_goal])
        found = Stage(formation_values, games)
        if self.cache_size > 0:
            self._stages[key] = found
            if len(self._stages) > self.cache_size:
                self._stages.popitem(last=False)
        return found

    def _solve(self, key: tuple[object, ...], matrix: FloatArray) -> ZeroSumSolution:
        """Solve a stage game, first trying supports that solved similar stages before.

        A guessed support is accepted only with its equilibrium certificate (see
        :func:`nuffle.gametheory.batch.solve_batch`); otherwise HiGHS solves the game.
        """
        hints = self._supports.setdefault(key, [])
        if hints:
            rows = np.stack([h[0] for h in hints])
            cols = np.stack([h[1] for h in hints])
            games = np.broadcast_to(matrix, (len(hints), *matrix.shape))
            batch = solve_batch(games, rows, cols, fallback=False)
            solved = np.flatnonzero(~np.isnan(batch.values))
            if solved.size:
                i = int(solved[0])
                hints.insert(0, hints.pop(i))
                return ZeroSumSolution(batch.rows[i], batch.cols[i], float(batch.values[i]))
        solution = solve_zero_sum(matrix)
        hints.insert(0, (supports(solution.row_strategy), supports(solution.col_strategy)))
        del hints[HINTS:]
        return solution

    def state_stage(self, state: GameState, seconds: int | None = None) -> Stage:
        """The stage game of a real state (optionally at another clock reading)."""
        return self.stage(
            state.ball_on,
            state.down,
            state.to_go,
            phase_of(state),
            state.half_seconds_left if seconds is None else seconds,
            state.margin(state.offense),
        )


class NashWPAgent(Agent):
    """Plays the equilibrium of the win-probability stage game of every snap.

    Timeouts are not part of the model; the agent calls one in the last minutes of a half
    when the table says stopping the clock now is worth at least ``TIMEOUT_GAIN``.
    """

    name = "nash-wp"

    def __init__(self, table: WPTable | None = None, seed: int | None = None) -> None:
        super().__init__(seed)
        self.model = TableModel(table if table is not None else shipped_table())

    def start_game(self, side: Side, chart: Chart) -> None:
        if chart_digest(chart) != chart_digest(self.model.table.chart):
            raise InputError(
                f"the win-probability table was solved for chart {self.model.table.chart.source!r}, "
                f"not {chart.source!r}: run 'nuffle football solve --chart ...' for it"
            )
        super().start_game(side, chart)

    def _sample(self, strategy: FloatArray) -> int:
        cumulative = np.cumsum(strategy)
        index = int(np.searchsorted(cumulative, self.rng.random() * cumulative[-1], "right"))
        return min(index, len(strategy) - 1)

    def choose_formation(self, state: GameState) -> Formation:
        return self.model.state_stage(state).best

    def offense_strategy(self, state: GameState, formation: Formation) -> FloatArray:
        """Probabilities over the 21 offensive calls."""
        return self.model.state_stage(state).games[formation][1].row_strategy

    def defense_strategy(self, state: GameState, formation: Formation) -> FloatArray:
        """Probabilities over the 10 defenses."""
        return self.model.state_stage(state).games[formation][1].col_strategy

    def call_offense(self, state: GameState, formation: Formation) -> int:
        return self._sample(self.offense_strategy(state, formation)) + 1

    def call_defense(self, state: GameState, formation: Formation) -> int:
        return self._sample(self.defense_strategy(state, formation))

    def wants_timeout(self, state: GameState) -> bool:
        seconds = state.half_seconds_left
        if seconds > TIMEOUT_WINDOW or state.timeouts[self.side] == 0 or state.margin(self.side) > 0:
            return False
        stopped = self.model.state_stage(state).value
        after = seconds - rules.HUDDLE_SECONDS
        if after > 0:
            running = self.model.state_stage(state, after).value
        else:
            running = self.model.end_value(phase_of(state), state.margin(state.offense))
        gain = stopped - running if state.offense == self.side else running - stopped
        return gain >= TIMEOUT_GAIN
