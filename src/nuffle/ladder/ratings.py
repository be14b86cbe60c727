"""Ratings from a ladder's results: a Bradley-Terry fit with 95% intervals, and Nash averaging.

Bradley-Terry: P(i beats j) = 1 / (1 + exp(s_j - s_i)); a draw counts half a win to each side.
The strengths maximise the likelihood times a weak normal prior (standard deviation
`prior_sd` in logits), which keeps them finite when an entry wins every game; they are found
by Newton's method (the objective is strictly convex). The intervals come from the curvature
of that objective at its optimum (the Laplace approximation), for strengths measured from the
entries' mean. Ratings are reported on the Elo scale (400 / ln 10 per logit). The ladder and
the competition's tournament reports both rate with this fit.

Nash averaging: the win-rate matrix less one half is an antisymmetric zero-sum game; its
equilibrium mixture says which entries matter, and an entry's Nash rating is its expected
score margin against that mixture (0 for entries in the mixture's support, negative outside).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np
from numpy.typing import NDArray

from nuffle.core.errors import InputError

ELO = 400.0 / math.log(10.0)
Z95 = 1.959963984540054


@dataclass(frozen=True)
class BradleyTerry:
    """Fitted strengths (logits, mean 0 or the anchor's 0), their standard errors, and
    Elo-scale views."""

    strength: NDArray[np.float64]
    stderr: NDArray[np.float64]

    @property
    def elo(self) -> NDArray[np.float64]:
        """Strengths on the Elo scale."""
        return self.strength * ELO

    def interval(self, i: int) -> tuple[float, float]:
        """The 95% interval of entry `i`'s Elo-scale rating."""
        half = Z95 * float(self.stderr[i]) * ELO
        return float(self.elo[i]) - half, float(self.elo[i]) + half


def score_matrix(n: int, results: list[tuple[int, int, float]]) -> NDArray[np.float64]:
    """`W[i, j]`: points of i against j (1 a win, 0.5 a draw) from `(i, j, points of i)`."""
    w = np.zeros((n, n))
    for i, j, pts in results:
        if i == j:
            raise InputError(f"entry {i} cannot play itself")
        if not 0.0 <= pts <= 1.0:
            raise InputError(f"points must lie in [0, 1], got {pts}")
        w[i, j] += pts
        w[j, i] += 1.0 - pts
    return w


def fit_bradley_terry(wins: NDArray[np.float64], prior_sd: float = 3.0,
                      anchor: int | None = None) -> BradleyTerry:
    """Fit strengths to `wins[i, j]` (points of i against j), measured from the entries' mean,
    or from entry `anchor` (whose strength is then 0 exactly, and the intervals those of the
    differences from it)."""
    w = np.asarray(wins, dtype=float)
    n = w.shape[0]
    if w.shape != (n, n) or n < 2:
        raise InputError(f"the score matrix must be square with at least two entries, got {w.shape}")
    if prior_sd <= 0:
        raise InputError(f"prior_sd must be positive, got {prior_sd}")
    if anchor is not None and not 0 <= anchor < n:
        raise InputError(f"anchor must name an entry 0..{n - 1}, got {anchor}")
    games = w + w.T
    tau = 1.0 / prior_sd**2

    def objective(s: NDArray[np.float64]) -> float:
        logp = -np.logaddexp(0.0, -(s[:, None] - s[None, :]))  # log sigmoid(s_i - s_j)
        return -float(np.sum(w * logp)) + 0.5 * tau * float(s @ s)

    def curvature(s: NDArray[np.float64]) -> tuple[NDArray[np.float64], NDArray[np.float64]]:
        p = 1.0 / (1.0 + np.exp(-(s[:, None] - s[None, :])))
        grad = -np.sum(w - games * p, axis=1) + tau * s
        c = games * p * (1.0 - p)
        hess = -c
        hess[np.diag_indices(n)] = c.sum(axis=1) + tau
        return grad, hess

    s = np.zeros(n)
    value = objective(s)
    for _ in range(100):  # damped Newton steps
        grad, hess = curvature(s)
        step = np.linalg.solve(hess, grad)
        t = 1.0
        while t > 1e-8:
            trial = s - t * step
            trial_value = objective(trial)
            if trial_value <= value - 1e-4 * t * float(grad @ step):
                break
            t *= 0.5
        s, value = trial, trial_value
        if float(np.max(np.abs(t * step))) < 1e-10:
            break
    _, hess = curvature(s)
    cov = np.linalg.inv(hess)
    if anchor is None:
        centre = np.eye(n) - np.full((n, n), 1.0 / n)  # strengths measured from the mean
    else:
        centre = np.eye(n)
        centre[:, anchor] -= 1.0  # strengths measured from the anchor
    s = centre @ s
    cov = centre @ cov @ centre.T
    return BradleyTerry(s, np.sqrt(np.clip(np.diag(cov), 0.0, None)))


@dataclass(frozen=True)
class NashAverage:
    """The equilibrium mixture over entries and each entry's margin against it."""

    mixture: NDArray[np.float64]
    rating: NDArray[np.float64]


def nash_average(win_rate: NDArray[np.float64]) -> NashAverage:
    """Nash averaging over a win-rate matrix (`win_rate[i, j]`: i's score rate against j;
    pairs that never met count as even)."""
    from nuffle.gametheory import solve_zero_sum  # scipy: only Nash averaging needs it

    m = np.asarray(win_rate, dtype=float)
    payoff = m - 0.5
    payoff = 0.5 * (payoff - payoff.T)  # exactly antisymmetric
    sol = solve_zero_sum(payoff)
    mix = np.asarray(sol.row_strategy, dtype=float)
    return NashAverage(mix, payoff @ mix)


def win_rates(wins: NDArray[np.float64]) -> NDArray[np.float64]:
    """Score rates from a score matrix (0.5 where two entries never met, and on the diagonal)."""
    w = np.asarray(wins, dtype=float)
    games = w + w.T
    with np.errstate(invalid="ignore", divide="ignore"):
        rate = np.where(games > 0, w / np.where(games > 0, games, 1.0), 0.5)
    np.fill_diagonal(rate, 0.5)
    return rate
