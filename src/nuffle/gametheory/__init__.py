"""Zero-sum game theory: equilibria, best responses and exploitability of matrix games."""

from nuffle.gametheory.zerosum import (
    BestResponse,
    ZeroSumSolution,
    as_payoff_matrix,
    best_response,
    exploitability,
    solve_zero_sum,
)

__all__ = [
    "BestResponse",
    "ZeroSumSolution",
    "as_payoff_matrix",
    "best_response",
    "exploitability",
    "solve_zero_sum",
]
