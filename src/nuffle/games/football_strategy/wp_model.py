"""The win-probability model of Football Strategy: a finite stochastic game on a grid.

A model state is ``(phase, time, score, field)`` seen from the side with the ball:

* ``phase``: 0 = second half; 1 = first half and the offense receives the second-half
  kick-off; 2 = first half and the defense receives it.
* ``time``: seconds left in the half, on the grid :attr:`Grid.times`.
* ``score``: the offense's points minus the defense's, clamped to ``-max_score..max_score``.
* ``field``: ball spot, down and distance. First downs are stored at the ball points
  :attr:`Grid.balls`; downs 2-4 at every (ball point, distance point of :attr:`Grid.to_gos`).

Between grid points the model moves by linear interpolation, i.e. a real next state is
replaced by the grid states around it with interpolation weights as probabilities. This
makes the model an honest stochastic game (every weight is non-negative and they sum to 1).
Time only runs down: a snap from grid time ``t_k`` reaches ``t_{k-1}`` or earlier, a play
shorter than one grid step being counted as one step. Timeouts are not modelled (the clock
always runs 30 s after a play that keeps it running), and punt formation is declared on
fourth down only. The value of a state is the offense's probability of winning, a draw
counting one half.
"""

from __future__ import annotations

import bisect
from collections.abc import Sequence
from dataclasses import dataclass, field

import numpy as np

from nuffle.errors import InputError
from nuffle.games.football_strategy import rules
from nuffle.games.football_strategy.chart import LAST_RUN_PLAY, NUM_DEFENSES, Chart
from nuffle.games.football_strategy.resolve import (
    Result,
    Transition,
    chart_transition,
    field_goal_transitions,
    kick_transitions,
)
from nuffle.games.football_strategy.state import NUM_CALLS, GameState

HALF_SECONDS = 2 * rules.QUARTER_SECONDS
SECOND_HALF = 0
FIRST_HALF_RECEIVES = 1
FIRST_HALF_KICKS = 2
NUM_PHASES = 3
#: Phase after a change of possession.
FLIP_PHASE = (SECOND_HALF, FIRST_HALF_KICKS, FIRST_HALF_RECEIVES)
#: Where a muffed kick-off leaves the ball, in the kicking team's yards.
MUFF_BALL_ON = rules.FIELD_LENGTH - rules.KICKOFF_MUFF_SPOT


def _default_times() -> tuple[int, ...]:
    return (10, 20, 30, 45, 60, *range(90, HALF_SECONDS + 1, 30))


@dataclass(frozen=True)
class Grid:
    """The discretisation: time, ball and distance points and the score range."""

    times: tuple[int, ...] = field(default_factory=_default_times)
    balls: tuple[int, ...] = (1, 5, 10, 20, 30, 40, 50, 60, 70, 78, 85, 90, 95, 99)
    to_gos: tuple[int, ...] = (1, 3, 6, 10, 15)
    max_score: int = 14

    def __post_init__(self) -> None:
        for name, points, low, high in (
            ("times", self.times, 1, HALF_SECONDS),
            ("balls", self.balls, 1, rules.FIELD_LENGTH - 1),
            ("to_gos", self.to_gos, 1, rules.FIELD_LENGTH - 1),
        ):
            if len(points) < 2 or list(points) != sorted(set(points)):
                raise InputError(f"grid {name} must be at least 2 increasing values, got {points}")
            if points[0] < low or points[-1] > high:
                raise InputError(f"grid {name} must lie in {low}..{high}, got {points}")
        if self.times[-1] != HALF_SECONDS:
            raise InputError(f"grid times must end at {HALF_SECONDS}, got {self.times[-1]}")
        if self.balls[0] != 1 or self.balls[-1] != rules.FIELD_LENGTH - 1:
            raise InputError(f"grid balls must run from 1 to 99, got {self.balls}")
        if self.max_score < 1:
            raise InputError(f"grid max_score must be positive, got {self.max_score}")

    @property
    def num_fields(self) -> int:
        """Field states: first downs plus downs 2-4 at every (ball, distance) point."""
        return len(self.balls) * (1 + 3 * len(self.to_gos))

    @property
    def num_scores(self) -> int:
        """Score differences stored, ``-max_score..max_score``."""
        return 2 * self.max_score + 1

    @property
    def shape(self) -> tuple[int, int, int, int]:
        """Shape of a value table: phase, time, field, score."""
        return (NUM_PHASES, len(self.times), self.num_fields, self.num_scores)

    def field_index(self, down: int, ball: int, to_go: int) -> int:
        """Index of grid field state (``ball``, ``to_go`` are grid point indices)."""
        if down == 1:
            return ball
        nb, ng = len(self.balls), len(self.to_gos)
        return nb + ((down - 2) * nb + ball) * ng + to_go

    def field_state(self, index: int) -> tuple[int, int, int]:
        """Representative ``(ball_on, down, to_go)`` of grid field state ``index``."""
        nb, ng = len(self.balls), len(self.to_gos)
        if index < nb:
            ball = self.balls[index]
            return ball, 1, min(rules.FIRST_DOWN_YARDS, rules.FIELD_LENGTH - ball)
        rest = index - nb
        down, rest = divmod(rest, nb * ng)
        b, g = divmod(rest, ng)
        ball = self.balls[b]
        return ball, down + 2, min(self.to_gos[g], rules.FIELD_LENGTH - ball)

    def score_index(self, score: int) -> int:
        """Index of a (clamped) score difference."""
        return min(max(score, -self.max_score), self.max_score) + self.max_score

    def to_dict(self) -> dict[str, list[int]]:
        """The grid as plain lists (stored with a table)."""
        return {
            "times": list(self.times),
            "balls": list(self.balls),
            "to_gos": list(self.to_gos),
            "max_score": [self.max_score],
        }

    @staticmethod
    def from_dict(data: dict[str, Sequence[int]]) -> Grid:
        """Inverse of :meth:`to_dict`."""
        return Grid(
            tuple(int(v) for v in data["times"]),
            tuple(int(v) for v in data["balls"]),
            tuple(int(v) for v in data["to_gos"]),
            int(data["max_score"][0]),
        )


def _linear(points: Sequence[int], x: float) -> list[tuple[int, float]]:
    """Interpolation weights of ``x`` over sorted ``points`` (clamped at both ends)."""
    if x <= points[0]:
        return [(0, 1.0)]
    if x >= points[-1]:
        return [(len(points) - 1, 1.0)]
    hi = bisect.bisect_right(points, x)
    lo = hi - 1
    if points[lo] == x:
        return [(lo, 1.0)]
    w = (x - points[lo]) / (points[hi] - points[lo])
    return [(lo, 1.0 - w), (hi, w)]


def field_weights(grid: Grid, ball_on: int, down: int, to_go: int) -> tuple[tuple[int, float], ...]:
    """Grid field states and weights standing for a real spot, down and distance."""
    balls = _linear(grid.balls, ball_on)
    if down == 1:
        return tuple((b, w) for b, w in balls)
    gos = _linear(grid.to_gos, to_go)
    return tuple(
        (grid.field_index(down, b, g), wb * wg) for b, wb in balls for g, wg in gos if wb * wg > 0
    )


def time_weights(grid: Grid, now: int, cost: int) -> tuple[float, tuple[tuple[int, float], ...]]:
    """Where the clock goes after ``cost`` seconds from ``now``: (terminal weight, grid weights).

    ``now`` is first raised to the grid point at or above it. The next time is at most the
    grid point below that one (a play shorter than a step costs a step); below it, time is
    interpolated linearly, the half's end counting as time 0.
    """
    times = grid.times
    k = bisect.bisect_left(times, now)
    k = min(k, len(times) - 1)
    after = times[k] - cost
    if after <= 0:
        return 1.0, ()
    if k == 0:
        return 1.0, ()
    if after >= times[k - 1]:
        return 0.0, ((k - 1, 1.0),)
    if after < times[0]:
        w = after / times[0]
        return 1.0 - w, ((0, w),)
    return 0.0, tuple(_linear(times[:k], after))


@dataclass(frozen=True)
class Branch:
    """One way a snap can end, with its probability.

    ``flip`` means the other side has the ball next; ``points`` are scored from the current
    offense's point of view; ``seconds`` is the clock used (play, huddle and any kick-off);
    ``fields`` the grid field states and weights of the next snap, seen from its offense.
    """

    prob: float
    flip: bool
    points: int
    seconds: int
    fields: tuple[tuple[int, float], ...]


def _kickoff(grid: Grid, prob: float, kicker_is_offense: bool, points: int, seconds: int,
             after_safety: bool) -> list[Branch]:
    """Branches of the kick-off (or safety free kick) that follows a score."""
    branches = []
    for total, p in rules.TWO_DICE.items():
        start = rules.KICKOFF_START[total]
        if start is None:
            # The kicking team recovers at the receivers' 25.
            fields = field_weights(grid, MUFF_BALL_ON, 1, rules.FIRST_DOWN_YARDS)
            branches.append(Branch(prob * p, not kicker_is_offense, points, seconds, fields))
            continue
        if after_safety:
            start = min(start + rules.SAFETY_KICK_BONUS, rules.FIELD_LENGTH // 2)
        fields = field_weights(grid, start, 1, rules.FIRST_DOWN_YARDS)
        branches.append(Branch(prob * p, kicker_is_offense, points, seconds, fields))
    return branches


EXTRA_POINT_GOOD = 1.0 - rules.EXTRA_POINT_MISS_MAX / 6.0


def transition_branches(grid: Grid, state: GameState, t: Transition, prob: float) -> list[Branch]:
    """Expand one snap result into model branches (scores, kick-offs, possession)."""
    kick_seconds = t.seconds + rules.KICKOFF_SECONDS
    td = rules.TOUCHDOWN_POINTS
    if t.result is Result.PLAY_ON:
        seconds = t.seconds + (0 if t.clock_stops else rules.HUDDLE_SECONDS)
        fields = field_weights(grid, t.ball_on, t.down, t.to_go)
        return [Branch(prob, False, 0, seconds, fields)]
    if t.result is Result.CHANGE:
        fields = field_weights(grid, t.ball_on, 1, t.to_go)
        return [Branch(prob, True, 0, t.seconds, fields)]
    if t.result in (Result.TOUCHDOWN, Result.DEFENSIVE_TOUCHDOWN):
        ours = t.result is Result.TOUCHDOWN
        sign = 1 if ours else -1
        good = prob * EXTRA_POINT_GOOD
        return [
            *_kickoff(grid, good, ours, sign * (td + 1), kick_seconds, False),
            *_kickoff(grid, prob - good, ours, sign * td, kick_seconds, False),
        ]
    if t.result is Result.FIELD_GOAL:
        return _kickoff(grid, prob, True, rules.FIELD_GOAL_POINTS, kick_seconds, False)
    # Safety: the offense concedes two points and free-kicks.
    return _kickoff(grid, prob, True, -rules.SAFETY_POINTS, kick_seconds, True)


def game_state(ball_on: int, down: int, to_go: int) -> GameState:
    """A bare state for resolving snaps (clock and score do not affect resolution)."""
    return GameState(ball_on=ball_on, down=down, to_go=to_go)


@dataclass(frozen=True)
class StageOutcomes:
    """Everything a snap from one field state can lead to, independent of clock and score.

    ``outcomes`` lists the distinct results (each a list of branches); ``normal`` and
    ``punt`` are 21x10 arrays of indices into ``outcomes`` (``punt`` is None before fourth
    down); ``field_goal`` is the outcome index of a field-goal try, or None out of range.
    """

    outcomes: tuple[tuple[Branch, ...], ...]
    normal: np.ndarray
    punt: np.ndarray | None
    field_goal: int | None


def stage_outcomes(grid: Grid, chart: Chart, ball_on: int, down: int, to_go: int) -> StageOutcomes:
    """The model outcomes of every call pair and formation from a real spot, down and distance."""
    state = game_state(ball_on, down, to_go)
    outcomes: list[tuple[Branch, ...]] = []
    memo: dict[tuple[object, ...], int] = {}

    def add(key: tuple[object, ...], make: object) -> int:
        index = memo.get(key)
        if index is None:
            index = memo[key] = len(outcomes)
            outcomes.append(make())  # type: ignore[operator]
        return index

    def matrix(fake: bool) -> np.ndarray:
        ids = np.empty((NUM_CALLS, NUM_DEFENSES), dtype=np.int32)
        by_cell: dict[tuple[int, bool], int] = {}
        for play, row in enumerate(chart.cell_ids, start=1):
            is_pass = play > LAST_RUN_PLAY
            for defense, outcome_id in enumerate(row):
                index = by_cell.get((outcome_id, is_pass))
                if index is None:
                    t = chart_transition(state, play, chart.outcome_list[outcome_id], fake)
                    key = ("chart", t.result, t.ball_on, t.down, t.to_go, t.seconds, t.clock_stops)
                    index = by_cell[(outcome_id, is_pass)] = add(
                        key, lambda t=t: tuple(transition_branches(grid, state, t, 1.0))
                    )
                ids[play - 1, defense] = index
        kicks = kick_transitions(state, quick=not fake)
        ids[NUM_CALLS - 1, :] = add(
            ("kick", fake),
            lambda: tuple(b for p, t in kicks for b in transition_branches(grid, state, t, p)),
        )
        return ids

    normal = matrix(False)
    punt = matrix(True) if down == 4 else None
    goal: int | None = None
    if rules.field_goal_need(ball_on) is not None:
        tries = field_goal_transitions(state)
        goal = add(
            ("fg",),
            lambda: tuple(b for p, t in tries for b in transition_branches(grid, state, t, p)),
        )
    return StageOutcomes(tuple(outcomes), normal, punt, goal)
