"""Many small zero-sum matrix games at once, each solved exactly.

A game is settled by the cheapest test that proves an equilibrium:

1. a constant matrix (any strategies);
2. a pure saddle point (max of row minima equals min of column maxima);
3. a guessed support (for instance the one that solved a neighbouring game): the square
   equaliser system on that support is solved and the result is accepted only if both
   strategies are non-negative and no pure deviation beats the value by more than ``tol``,
   which certifies an equilibrium;
4. otherwise the linear programme with HiGHS (:func:`solve_zero_sum`).
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np
import scipy.sparse as sp
from numpy.typing import NDArray
from scipy.optimize import linprog

from nuffle.errors import InputError, StateError
from nuffle.gametheory.zerosum import solve_zero_sum

#: Games per block linear programme (HiGHS solves a block-diagonal programme faster per game).
BLOCK = 24
#: A certificate accepts a deviation gain up to this much (payoffs of order 1); it matches
#: the primal and dual feasibility tolerance of HiGHS, so both paths are equally exact.
CERTIFICATE_TOLERANCE = 1e-7


@dataclass
class BatchStats:
    """How the games of a batch (or of many batches) were settled."""

    constant: int = 0
    saddle: int = 0
    certified: int = 0
    linear_programme: int = 0
    by_size: dict[int, int] = field(default_factory=dict)

    @property
    def total(self) -> int:
        """Games solved."""
        return self.constant + self.saddle + self.certified + self.linear_programme

    def add(self, other: BatchStats) -> None:
        """Accumulate another batch's counts."""
        self.constant += other.constant
        self.saddle += other.saddle
        self.certified += other.certified
        self.linear_programme += other.linear_programme


@dataclass
class BatchSolution:
    """Values and strategies of a batch of games (row player maximises)."""

    values: NDArray[np.float64]
    rows: NDArray[np.float64]
    cols: NDArray[np.float64]
    stats: BatchStats


def _certify(
    matrices: NDArray[np.float64],
    row_support: NDArray[np.bool_],
    col_support: NDArray[np.bool_],
    tol: float,
) -> tuple[
    NDArray[np.bool_],
    NDArray[np.float64],
    NDArray[np.float64],
    NDArray[np.float64],
    NDArray[np.bool_],
    NDArray[np.bool_],
]:
    """Try the equaliser on the guessed supports.

    Returns (accepted, values, rows, cols, next_rows, next_cols): for a rejected game the
    last two are a repaired guess (drop actions with negative weight, add the most
    profitable deviation of each player), all False where no repair applies.
    """
    n, r, c = matrices.shape
    ok = np.zeros(n, dtype=bool)
    values = np.zeros(n)
    xs = np.zeros((n, r))
    ys = np.zeros((n, c))
    next_rows = np.zeros((n, r), dtype=bool)
    next_cols = np.zeros((n, c), dtype=bool)
    sizes_r = row_support.sum(axis=1)
    sizes_c = col_support.sum(axis=1)
    for m in np.unique(sizes_r):
        if m < 1:
            continue
        idx = np.flatnonzero((sizes_r == m) & (sizes_c == m))
        if idx.size == 0:
            continue
        ri = np.nonzero(row_support[idx])[1].reshape(idx.size, m)
        ci = np.nonzero(col_support[idx])[1].reshape(idx.size, m)
        sub = matrices[idx[:, None, None], ri[:, :, None], ci[:, None, :]]
        # Column strategy: sub @ y = v, sum y = 1.  Row strategy: sub.T @ x = v, sum x = 1.
        system = np.zeros((idx.size, m + 1, m + 1))
        system[:, :m, :m] = sub
        system[:, :m, m] = -1.0
        system[:, m, :m] = 1.0
        rhs = np.zeros((idx.size, m + 1))
        rhs[:, m] = 1.0
        system_t = system.copy()
        system_t[:, :m, :m] = np.transpose(sub, (0, 2, 1))
        # Singular systems are skipped; ill-conditioned ones are caught by the certificate.
        good = np.linalg.det(system) != 0.0
        good &= np.linalg.det(system_t) != 0.0
        if not good.any():
            continue
        idx, ri, ci = idx[good], ri[good], ci[good]
        y_sol = np.linalg.solve(system[good], rhs[good][..., None])[..., 0]
        x_sol = np.linalg.solve(system_t[good], rhs[good][..., None])[..., 0]
        x = np.zeros((idx.size, r))
        y = np.zeros((idx.size, c))
        np.put_along_axis(x, ri, x_sol[:, :m], axis=1)
        np.put_along_axis(y, ci, y_sol[:, :m], axis=1)
        v = y_sol[:, m]
        finite = np.isfinite(x).all(axis=1) & np.isfinite(y).all(axis=1) & np.isfinite(v)
        x[~finite], y[~finite], v[~finite] = 0.0, 0.0, np.inf
        games = matrices[idx]
        row_pay = np.einsum("nrc,nc->nr", games, y)
        col_pay = np.einsum("nr,nrc->nc", x, games)
        accept = (
            (x_sol[:, :m].min(axis=1) >= -tol)
            & (y_sol[:, :m].min(axis=1) >= -tol)
            & (row_pay.max(axis=1) <= v + tol)
            & (col_pay.min(axis=1) >= v - tol)
        )
        # Repair the rejected guesses.
        bad = ~accept
        new_r = row_support[idx] & (x > tol)
        new_c = col_support[idx] & (y > tol)
        gain_r = np.where(row_support[idx], -np.inf, row_pay - v[:, None])
        gain_c = np.where(col_support[idx], -np.inf, v[:, None] - col_pay)
        best_r = gain_r.argmax(axis=1)
        best_c = gain_c.argmax(axis=1)
        add_r = gain_r[np.arange(idx.size), best_r] > tol
        add_c = gain_c[np.arange(idx.size), best_c] > tol
        new_r[np.flatnonzero(add_r), best_r[add_r]] = True
        new_c[np.flatnonzero(add_c), best_c[add_c]] = True
        # Keep the guess square: add the tightest action of the short side.
        short_c = new_r.sum(axis=1) == new_c.sum(axis=1) + 1
        short_r = new_c.sum(axis=1) == new_r.sum(axis=1) + 1
        new_c[np.flatnonzero(short_c), best_c[short_c]] = True
        new_r[np.flatnonzero(short_r), best_r[short_r]] = True
        next_rows[idx[bad]] = new_r[bad]
        next_cols[idx[bad]] = new_c[bad]
        take = idx[accept]
        x = np.clip(x[accept], 0.0, None)
        y = np.clip(y[accept], 0.0, None)
        x /= x.sum(axis=1, keepdims=True)
        y /= y.sum(axis=1, keepdims=True)
        ok[take] = True
        xs[take] = x
        ys[take] = y
        values[take] = np.einsum("nr,nrc,nc->n", x, matrices[take], y)
    return ok, values, xs, ys, next_rows, next_cols


#: Rounds of support repair after each guess.
REPAIRS = 4


def _block_programme(games: NDArray[np.float64]) -> tuple[NDArray[np.float64], NDArray[np.float64]]:
    """Solve several games as one block-diagonal linear programme; return (rows, cols)."""
    k, r, c = games.shape
    nv = r + 1
    objective = np.zeros(k * nv)
    objective[r::nv] = -1.0
    # For each game and column j: v - sum_i x_i A_ij <= 0.
    block = np.concatenate([-np.transpose(games, (0, 2, 1)), np.ones((k, c, 1))], axis=2)
    rows = np.broadcast_to((np.arange(k)[:, None, None] * c + np.arange(c)[None, :, None]), block.shape)
    cols = np.broadcast_to((np.arange(k)[:, None, None] * nv + np.arange(nv)[None, None, :]), block.shape)
    a_ub = sp.csr_matrix((block.ravel(), (rows.ravel(), cols.ravel())), shape=(k * c, k * nv))
    eq_rows = np.repeat(np.arange(k), r)
    eq_cols = (np.arange(k)[:, None] * nv + np.arange(r)).ravel()
    a_eq = sp.csr_matrix((np.ones(k * r), (eq_rows, eq_cols)), shape=(k, k * nv))
    lower = np.zeros(k * nv)
    lower[r::nv] = -np.inf
    result = linprog(
        objective,
        A_ub=a_ub,
        b_ub=np.zeros(k * c),
        A_eq=a_eq,
        b_eq=np.ones(k),
        bounds=np.column_stack([lower, np.full(k * nv, np.inf)]),
        method="highs",
    )
    if result.status != 0 or result.x is None:
        raise StateError(f"linear programme failed: {result.message}")
    x = np.clip(np.asarray(result.x).reshape(k, nv)[:, :r], 0.0, None)
    y = np.clip(-np.asarray(result.ineqlin.marginals).reshape(k, c), 0.0, None)
    return x / x.sum(axis=1, keepdims=True), y / y.sum(axis=1, keepdims=True)


def solve_batch(
    matrices: NDArray[np.float64],
    row_hint: NDArray[np.bool_] | None = None,
    col_hint: NDArray[np.bool_] | None = None,
    tol: float = CERTIFICATE_TOLERANCE,
    more_hints: list[tuple[NDArray[np.bool_], NDArray[np.bool_]]] | None = None,
    fallback: bool = True,
) -> BatchSolution:
    """Solve ``matrices`` (shape games x rows x cols); hints are guessed supports.

    ``row_hint``/``col_hint`` and then each pair of ``more_hints`` are tried in turn on the
    games not yet settled. With ``fallback=False`` games no test settles are left with a
    NaN value and zero strategies instead of going to HiGHS.
    """
    games = np.asarray(matrices, dtype=np.float64)
    if games.ndim != 3 or 0 in games.shape:
        raise InputError(f"matrices must be a non-empty games x rows x cols array, got {games.shape}")
    n, r, c = games.shape
    stats = BatchStats()
    values = np.zeros(n)
    rows = np.zeros((n, r))
    cols = np.zeros((n, c))
    done = np.zeros(n, dtype=bool)

    low_rows = games.min(axis=2)
    high_cols = games.max(axis=1)
    lower = low_rows.max(axis=1)
    upper = high_cols.min(axis=1)
    spread = games.max(axis=(1, 2)) - games.min(axis=(1, 2))
    constant = spread <= tol
    saddle = ~constant & (upper - lower <= tol)
    for mask in (constant, saddle):
        idx = np.flatnonzero(mask)
        rows[idx, low_rows[idx].argmax(axis=1)] = 1.0
        cols[idx, high_cols[idx].argmin(axis=1)] = 1.0
        values[idx] = lower[idx]
        done[idx] = True
    stats.constant = int(constant.sum())
    stats.saddle = int(saddle.sum())

    candidates = [] if row_hint is None or col_hint is None else [(row_hint, col_hint)]
    candidates += more_hints or []
    for hint_rows, hint_cols in candidates:
        todo = np.flatnonzero(~done)
        if todo.size == 0:
            break
        guess_rows, guess_cols = hint_rows[todo], hint_cols[todo]
        for _ in range(REPAIRS + 1):
            ok, v, x, y, guess_rows, guess_cols = _certify(games[todo], guess_rows, guess_cols, tol)
            hit = todo[ok]
            values[hit], rows[hit], cols[hit] = v[ok], x[ok], y[ok]
            done[hit] = True
            stats.certified += int(ok.sum())
            retry = ~ok & guess_rows.any(axis=1) & guess_cols.any(axis=1)
            if not retry.any():
                break
            todo, guess_rows, guess_cols = todo[retry], guess_rows[retry], guess_cols[retry]

    todo = np.flatnonzero(~done)
    if not fallback:
        values[todo] = np.nan
        return BatchSolution(values, rows, cols, stats)
    if todo.size == 1:
        solution = solve_zero_sum(games[todo[0]])
        rows[todo[0]], cols[todo[0]] = solution.row_strategy, solution.col_strategy
    for start in range(0, todo.size if todo.size > 1 else 0, BLOCK):
        chunk = todo[start : start + BLOCK]
        rows[chunk], cols[chunk] = _block_programme(games[chunk])
    if todo.size:
        values[todo] = np.einsum("nr,nrc,nc->n", rows[todo], games[todo], cols[todo])
    stats.linear_programme += int(todo.size)
    return BatchSolution(values, rows, cols, stats)


def supports(strategies: NDArray[np.float64], threshold: float = 1e-9) -> NDArray[np.bool_]:
    """Boolean support masks of a batch of strategies."""
    return np.asarray(strategies > threshold)
