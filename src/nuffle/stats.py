"""Small statistics helpers shared by the evaluation tools: intervals and the SPRT on pairs."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field

from nuffle.core.errors import InputError

Z95 = 1.959963984540054  # two-sided 95% normal quantile


def wilson(k: float, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval (95% by default) for a proportion k/n."""
    if n == 0:
        return (0.0, 1.0)
    p = k / n
    d = 1 + z * z / n
    c = (p + z * z / (2 * n)) / d
    h = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    return (max(0.0, c - h), min(1.0, c + h))


def mean_interval(xs: Sequence[float], z: float = Z95) -> tuple[float, float]:
    """The 95% interval (by default) of the mean of values in [0, 1]: the normal approximation
    with the sample variance; where the values show no spread (or there is one), the Wilson
    interval of their sum, which is conservative for any outcome in [0, 1] (its variance is
    at most p(1 - p))."""
    n = len(xs)
    if n == 0:
        return (0.0, 1.0)
    mean = sum(xs) / n
    var = sum((x - mean) ** 2 for x in xs) / (n - 1) if n > 1 else 0.0
    if var <= 0.0:
        return wilson(sum(xs), n, z)
    half = z * math.sqrt(var / n)
    return (max(0.0, mean - half), min(1.0, mean + half))


@dataclass
class Sprt:
    """A sequential probability ratio test on paired statistics `y` in [-1, 1]: H0 `E[y] = 0`
    against H1 `E[y] = delta`, with the normal approximation of the log-likelihood ratio, the
    pair variance estimated from the data (so draws and pairing are accounted for). Add pair
    statistics and read `verdict` (None while undecided; never before `min_pairs`)."""

    delta: float = 0.1
    alpha: float = 0.05
    beta: float = 0.05
    min_pairs: int = 16  # no verdict before this many pairs: the variance estimate needs them
    ys: list[float] = field(default_factory=list)
    _sums: tuple[int, float, float] = field(default=(0, 0.0, 0.0), init=False, repr=False)

    def __post_init__(self) -> None:
        if not 0 < self.delta <= 1:
            raise InputError(f"delta must lie in (0, 1], got {self.delta}")
        for name in ("alpha", "beta"):
            val = getattr(self, name)
            if not 0 < val < 0.5:
                raise InputError(f"{name} must lie in (0, 0.5), got {val}")

    @property
    def bounds(self) -> tuple[float, float]:
        """(lower, upper) log-likelihood-ratio bounds."""
        return math.log(self.beta / (1 - self.alpha)), math.log((1 - self.beta) / self.alpha)

    def add(self, y: float) -> None:
        """Count one pair."""
        if not -1.0 <= y <= 1.0:
            raise InputError(f"a pair statistic must lie in [-1, 1], got {y}")
        n, total, squares = self._moments_sums()
        self.ys.append(y)
        self._sums = (n + 1, total + y, squares + y * y)

    def _moments_sums(self) -> tuple[int, float, float]:
        """(count, sum, sum of squares) of `ys`, kept as pairs are added (redone if `ys` was
        given or changed otherwise)."""
        if self._sums[0] != len(self.ys):
            self._sums = (len(self.ys), math.fsum(self.ys), math.fsum(y * y for y in self.ys))
        return self._sums

    def _moments(self) -> tuple[float, float]:
        """The mean and sample variance of `ys` (at least two)."""
        n, total, squares = self._moments_sums()
        mean = total / n
        return mean, max(0.0, squares - n * mean * mean) / (n - 1)

    @property
    def llr(self) -> float:
        """The log-likelihood ratio of H1 to H0 so far (0 before there is any spread)."""
        n = len(self.ys)
        if n < 2:
            return 0.0
        mean, var = self._moments()
        var = max(var, 1e-3)
        d = self.delta
        return n * d * (2 * mean - d) / (2 * var)

    @property
    def verdict(self) -> bool | None:
        """True: H1 accepted; False: H0 accepted; None: go on."""
        if len(self.ys) < self.min_pairs:
            return None
        lo, hi = self.bounds
        llr = self.llr
        if llr >= hi:
            return True
        if llr <= lo:
            return False
        return None
