"""Two-player zero-sum matrix games: validation, equilibrium, best responses, exploitability.

The matrix holds the row player's payoffs; the column player receives their negation.
The row player maximises, the column player minimises.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Literal

import numpy as np
from numpy.typing import ArrayLike, NDArray
from scipy.optimize import linprog

from nuffle.errors import InputError, StateError

FloatArray = NDArray[np.float64]

#: How far a strategy's entries may sum from 1 before it is rejected.
STRATEGY_SUM_TOLERANCE = 1e-6


@dataclass(frozen=True, eq=False)
class ZeroSumSolution:
    """A mixed Nash equilibrium of a zero-sum matrix game.

    Attributes:
        row_strategy: probabilities over the rows (non-negative, sum 1).
        col_strategy: probabilities over the columns (non-negative, sum 1).
        value: the game value, the row player's expected payoff at equilibrium.

    The result also unpacks as ``row, col, value = solve_zero_sum(m)``.
    """

    row_strategy: FloatArray
    col_strategy: FloatArray
    value: float

    def __iter__(self) -> Iterator[FloatArray | float]:
        yield self.row_strategy
        yield self.col_strategy
        yield self.value


@dataclass(frozen=True, eq=False)
class BestResponse:
    """A pure best response to a fixed mixed strategy of the opponent.

    Attributes:
        action: index of the best row (for the row player) or column (for the column player).
        payoff: the row player's expected payoff when ``action`` is played.
        payoffs: the row player's expected payoff for every action of the responder.
    """

    action: int
    payoff: float
    payoffs: FloatArray


def as_payoff_matrix(matrix: ArrayLike | Sequence[Sequence[float]]) -> FloatArray:
    """Convert ``matrix`` to a finite 2-D float array, or raise ValueError naming the problem."""
    if isinstance(matrix, Sequence) and not isinstance(matrix, str | bytes):
        if len(matrix) == 0:
            raise InputError("payoff matrix is empty: it has no rows")
        lengths = []
        for i, row in enumerate(matrix):
            if not isinstance(row, Sequence | np.ndarray) or isinstance(row, str | bytes):
                raise InputError(f"payoff matrix must be 2-dimensional: row {i} is not a sequence")
            lengths.append(len(row))
        if len(set(lengths)) > 1:
            bad = next(i for i, n in enumerate(lengths) if n != lengths[0])
            raise InputError(
                f"payoff matrix is ragged: row 0 has {lengths[0]} entries "
                f"but row {bad} has {lengths[bad]}"
            )
    try:
        array = np.asarray(matrix, dtype=np.float64)
    except (TypeError, ValueError) as exc:
        raise InputError(f"payoff matrix is not numeric or is ragged: {exc}") from exc
    if array.ndim != 2:
        raise InputError(f"payoff matrix must be 2-dimensional, got {array.ndim} dimension(s)")
    if array.shape[0] == 0 or array.shape[1] == 0:
        raise InputError(f"payoff matrix is empty: shape {array.shape}")
    if not np.all(np.isfinite(array)):
        i, j = np.argwhere(~np.isfinite(array))[0]
        raise InputError(
            f"payoff matrix has a non-finite entry {array[i, j]} at row {i}, column {j}"
        )
    return array


def _as_strategy(strategy: ArrayLike, size: int, who: str) -> FloatArray:
    """Validate a mixed strategy of ``size`` actions; ``who`` names it in errors."""
    array = np.asarray(strategy, dtype=np.float64)
    if array.ndim != 1 or array.shape[0] != size:
        raise InputError(f"{who} strategy must have {size} entries, got shape {array.shape}")
    if not np.all(np.isfinite(array)):
        raise InputError(f"{who} strategy has a non-finite entry")
    if np.any(array < -STRATEGY_SUM_TOLERANCE):
        raise InputError(f"{who} strategy has a negative probability")
    total = float(array.sum())
    if abs(total - 1.0) > STRATEGY_SUM_TOLERANCE:
        raise InputError(f"{who} strategy sums to {total}, not 1")
    return array


def _clean(probabilities: FloatArray) -> FloatArray:
    """Clip solver round-off below zero and renormalise to sum exactly 1."""
    cleaned: FloatArray = np.clip(probabilities, 0.0, None)
    out: FloatArray = cleaned / cleaned.sum()
    return out


def solve_zero_sum(matrix: ArrayLike | Sequence[Sequence[float]]) -> ZeroSumSolution:
    """Solve a zero-sum matrix game for a mixed Nash equilibrium by linear programming.

    The row player's linear programme (maximise v subject to x^T A >= v, x a distribution)
    is solved with scipy's HiGHS solver; its dual multipliers give the column strategy.
    The returned value is ``x^T A y`` for the returned strategies.

    Raises:
        ValueError: if the matrix is empty, ragged, non-numeric or has non-finite entries.
        RuntimeError: if the solver fails (not expected for a valid matrix).
    """
    payoff = as_payoff_matrix(matrix)
    rows, cols = payoff.shape
    # Variables: x_0..x_{rows-1}, v.  Minimise -v.
    objective = np.zeros(rows + 1)
    objective[-1] = -1.0
    # For every column j: v - sum_i x_i A_ij <= 0.
    a_ub = np.hstack([-payoff.T, np.ones((cols, 1))])
    b_ub = np.zeros(cols)
    a_eq = np.zeros((1, rows + 1))
    a_eq[0, :rows] = 1.0
    bounds = [(0.0, None)] * rows + [(None, None)]
    result = linprog(
        objective,
        A_ub=a_ub,
        b_ub=b_ub,
        A_eq=a_eq,
        b_eq=np.ones(1),
        bounds=bounds,
        method="highs",
    )
    if result.status != 0 or result.x is None:
        raise StateError(f"linear programme failed: {result.message}")
    row_strategy = _clean(np.asarray(result.x[:rows], dtype=np.float64))
    col_strategy = _clean(-np.asarray(result.ineqlin.marginals, dtype=np.float64))
    value = float(row_strategy @ payoff @ col_strategy)
    return ZeroSumSolution(row_strategy, col_strategy, value)


def best_response(
    matrix: ArrayLike | Sequence[Sequence[float]],
    opponent_strategy: ArrayLike,
    player: Literal["row", "col"] = "row",
) -> BestResponse:
    """Find a pure best response of ``player`` to the opponent's mixed strategy.

    For ``player="row"`` the opponent is the column player and the row maximising the
    expected payoff is returned; for ``player="col"`` the column minimising the row
    player's expected payoff is returned. Ties go to the lowest index. Payoffs are always
    from the row player's point of view.
    """
    payoff = as_payoff_matrix(matrix)
    if player == "row":
        col = _as_strategy(opponent_strategy, payoff.shape[1], "column")
        payoffs = payoff @ col
        action = int(np.argmax(payoffs))
    elif player == "col":
        row = _as_strategy(opponent_strategy, payoff.shape[0], "row")
        payoffs = row @ payoff
        action = int(np.argmin(payoffs))
    else:
        raise InputError(f"player must be 'row' or 'col', got {player!r}")
    return BestResponse(action, float(payoffs[action]), payoffs)


def exploitability(
    matrix: ArrayLike | Sequence[Sequence[float]],
    row_strategy: ArrayLike,
    col_strategy: ArrayLike,
) -> float:
    """How much best responders gain against a strategy profile, summed over both players.

    Equals ``max_i (A y)_i - min_j (x^T A)_j``: the row player's best payoff against
    ``col_strategy`` minus the column player's best (lowest) payoff against ``row_strategy``.
    It is never negative and is zero exactly at a Nash equilibrium.
    """
    payoff = as_payoff_matrix(matrix)
    row = _as_strategy(row_strategy, payoff.shape[0], "row")
    col = _as_strategy(col_strategy, payoff.shape[1], "column")
    return float(np.max(payoff @ col) - np.min(row @ payoff))
