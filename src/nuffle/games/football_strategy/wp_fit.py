"""The paper's five constants, fitted to the solved win probabilities per situation class.

The constants agent scores a snap's result as yards plus ``first_down_bonus`` (prorated),
``touchdown_bonus`` (a field goal 3/7 of it), minus ``turnover_penalty`` (or the smaller
``fourth_down_turnover_penalty`` on fourth down) and ``safety_penalty``. A stage game's
equilibrium does not change under a positive affine map of its payoffs, so for each sampled
situation the true payoffs (win probabilities of the results, from the table) are fitted as
``a_s + b_s * utility(result; constants)`` with the constants shared by the whole class and
``a_s``, ``b_s`` free per situation (alternating least squares). Two distances say how far
the best constant utility is from the truth: the residual in win probability, and the win
probability an opponent who knows the true values gains per snap against the equilibrium of
the fitted utility (the stage exploitability; zero for the true utility).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
from numpy.typing import NDArray

from nuffle.games.football_strategy import rules
from nuffle.games.football_strategy.resolve import (
    Result,
    Transition,
    chart_transition,
    kick_transitions,
)
from nuffle.games.football_strategy.state import NUM_CALLS, Formation
from nuffle.games.football_strategy.utility import NashConfig
from nuffle.games.football_strategy.wp_agent import TableModel
from nuffle.games.football_strategy.wp_model import (
    FIRST_HALF_KICKS,
    FIRST_HALF_RECEIVES,
    SECOND_HALF,
    game_state,
)
from nuffle.gametheory import exploitability, solve_zero_sum

FloatArray = NDArray[np.float64]
#: Names of the fitted constants, in feature order.
CONSTANTS = (
    "first_down_bonus",
    "touchdown_bonus",
    "turnover_penalty",
    "fourth_down_turnover_penalty",
    "safety_penalty",
)


@dataclass(frozen=True)
class SituationClass:
    """A family of situations: phases, seconds left in the half and score margins."""

    name: str
    phases: tuple[int, ...]
    seconds: tuple[int, int]
    margins: tuple[int, int]


CLASSES = (
    SituationClass("first half, level", (FIRST_HALF_RECEIVES, FIRST_HALF_KICKS), (300, 1800), (0, 0)),
    SituationClass("2nd half >5 min, within 3", (SECOND_HALF,), (301, 1800), (-3, 3)),
    SituationClass("2nd half >5 min, leading 4-10", (SECOND_HALF,), (301, 1800), (4, 10)),
    SituationClass("last 5 min, within 3", (SECOND_HALF,), (30, 300), (-3, 3)),
    SituationClass("last 5 min, trailing 4-8", (SECOND_HALF,), (30, 300), (-8, -4)),
    SituationClass("last 5 min, leading 4-8", (SECOND_HALF,), (30, 300), (4, 8)),
)


def features(down: int, to_go: int, t: Transition) -> FloatArray:
    """Utility features of one transition: [yards part, then one per constant]."""
    f = np.zeros(1 + len(CONSTANTS))
    fourth = down == 4
    give = 4 if fourth else 3
    if t.result is Result.TOUCHDOWN:
        f[0], f[2] = t.yards, 1.0
    elif t.result is Result.FIELD_GOAL:
        f[2] = 3.0 / 7.0
    elif t.result is Result.SAFETY:
        f[0], f[5] = t.yards, -1.0
    elif t.result is Result.DEFENSIVE_TOUCHDOWN:
        f[give], f[2] = -1.0, -1.0
    elif t.result is Result.CHANGE:
        f[give] = -1.0
        f[0] = 0.0 if t.turnover else t.yards
    else:
        f[0] = t.yards
        if t.first_down:
            f[1] = 1.0
        else:
            f[1] = t.yards / to_go
            good = (t.down == 2 and t.to_go <= 5) or (t.down == 3 and t.to_go <= 2)
            if good:
                f[1] += 0.25
    return f


def cell_features(ball_on: int, down: int, to_go: int, chart: object) -> FloatArray:
    """Features of the 21x10 normal-formation cells of a situation (kick row by expectation)."""
    state = game_state(ball_on, down, to_go)
    out = np.zeros((NUM_CALLS, 10, 1 + len(CONSTANTS)))
    for play, row in enumerate(chart.cells, start=1):  # type: ignore[attr-defined]
        for defense, outcome in enumerate(row):
            out[play - 1, defense] = features(down, to_go, chart_transition(state, play, outcome, False))
    kick = sum(p * features(down, to_go, t) for p, t in kick_transitions(state, quick=True))
    out[NUM_CALLS - 1, :] = kick
    return out


def utility(feats: FloatArray, constants: FloatArray) -> FloatArray:
    """Constant-based utility of cells from their features."""
    return feats[..., 0] + feats[..., 1:] @ constants


@dataclass
class ClassFit:
    """Fitted constants of one situation class and how far they are from the truth."""

    name: str
    situations: int
    constants: dict[str, float]
    residual: float
    fitted_gap: float
    paper_gap: float


def _sample(
    model: TableModel, klass: SituationClass, count: int, rng: np.random.Generator
) -> list[tuple[int, ...]]:
    grid = model.grid
    times = [t for t in grid.times if klass.seconds[0] <= t <= klass.seconds[1]]
    picks: list[tuple[int, ...]] = []
    for _ in range(count):
        ball = int(rng.integers(5, 95))
        down = int(rng.integers(1, 5))
        to_go = min(10 if down == 1 else int(rng.integers(1, 12)), rules.FIELD_LENGTH - ball)
        picks.append(
            (
                ball,
                down,
                to_go,
                int(rng.choice(klass.phases)),
                int(rng.choice(times)),
                int(rng.integers(klass.margins[0], klass.margins[1] + 1)),
            )
        )
    return picks


def fit_class(model: TableModel, klass: SituationClass, count: int = 120, seed: int = 0,
              rounds: int = 30) -> ClassFit:
    """Fit the constants for one class from ``count`` sampled situations (normal formation)."""
    rng = np.random.default_rng(seed)
    feats, truths = [], []
    chart = model.table.chart
    for ball, down, to_go, phase, seconds, margin in _sample(model, klass, count, rng):
        stage = model.stage(ball, down, to_go, phase, seconds, margin)
        matrix = stage.games[Formation.NORMAL][0]
        feats.append(cell_features(ball, down, to_go, chart))
        truths.append(matrix)
    x = np.stack(feats).reshape(len(feats), -1, 1 + len(CONSTANTS))
    y = np.stack(truths).reshape(len(truths), -1)
    defaults = NashConfig()
    theta = np.array(
        [
            defaults.first_down_bonus,
            defaults.touchdown_bonus,
            defaults.turnover_penalty,
            defaults.fourth_down_turnover_penalty,
            defaults.safety_penalty,
        ]
    )
    paper = theta.copy()
    for _ in range(rounds):
        u = utility(x, theta)
        uc = u - u.mean(axis=1, keepdims=True)
        yc = y - y.mean(axis=1, keepdims=True)
        b = (uc * yc).sum(axis=1) / np.maximum((uc * uc).sum(axis=1), 1e-12)
        b = np.maximum(b, 1e-9)
        a = y.mean(axis=1) - b * u.mean(axis=1)
        # Given a, b: y - a - b*yards = b * (features @ theta), linear in theta.
        lhs = (b[:, None, None] * x[..., 1:]).reshape(-1, len(CONSTANTS))
        rhs = (y - a[:, None] - b[:, None] * x[..., 0]).ravel()
        used = np.abs(lhs).sum(axis=0) > 0
        theta[used] = np.linalg.lstsq(lhs[:, used], rhs, rcond=None)[0]
    u = utility(x, theta)
    uc = u - u.mean(axis=1, keepdims=True)
    yc = y - y.mean(axis=1, keepdims=True)
    b = np.maximum((uc * yc).sum(axis=1) / np.maximum((uc * uc).sum(axis=1), 1e-12), 1e-9)
    a = y.mean(axis=1) - b * u.mean(axis=1)
    residual = float(np.sqrt(np.mean((y - a[:, None] - b[:, None] * u) ** 2)))

    def gap(constants: FloatArray) -> float:
        gains = []
        for s in range(len(truths)):
            fitted = utility(x[s], constants).reshape(NUM_CALLS, 10)
            solution = solve_zero_sum(fitted)
            gains.append(exploitability(truths[s], solution.row_strategy, solution.col_strategy))
        return float(np.mean(gains))

    return ClassFit(
        klass.name,
        len(truths),
        dict(zip(CONSTANTS, (float(v) for v in theta), strict=True)),
        residual,
        gap(theta),
        gap(paper),
    )


def fit_all(model: TableModel, count: int = 120, seed: int = 0) -> list[ClassFit]:
    """Fit every situation class of :data:`CLASSES`."""
    return [fit_class(model, klass, count, seed + i) for i, klass in enumerate(CLASSES)]
