"""The Nash agent's utility: chart yards adjusted by five constants, plus clock management.

Utilities are always from the offense's point of view; the defense receives their negation.
"""

from __future__ import annotations

import dataclasses
import math
from dataclasses import dataclass

import numpy as np
from numpy.typing import NDArray

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
from nuffle.games.football_strategy.state import NUM_CALLS, Formation, GameState, Side

MAX_SETTING = 1e6  # no tuning constant is sensibly larger


@dataclass(frozen=True)
class NashConfig:
    """Every tunable constant of the Nash agent (defaults tuned in 120-game matches vs greedy).

    The five utility constants of the paper:
        first_down_bonus: utility of making a first down, prorated per yard gained or lost
            towards the line to gain (a 3-yard gain on 2nd and 6 earns half of it).
        good_down_share: share of ``first_down_bonus`` added for a good 2nd or 3rd down,
            i.e. 2nd and ``good_second_down_yards`` or less, 3rd and ``good_third_down_yards``
            or less.
        touchdown_bonus: utility of a touchdown on top of its yards; a successful field goal
            is worth ``field_goal_share`` (3/7) of it.
        turnover_penalty: cost of a fumble or interception (higher than the touchdown bonus).
        safety_penalty: cost of conceding a safety.
        fourth_down_turnover_penalty: the smaller cost of giving the ball up on fourth down
            (turnover on downs, punt, missed field goal, fumble or interception), so that
            punting stays viable.

    Clock management (applies once ``game_seconds_left <= clock_threshold_seconds``):
        clock_weight: utility per yard-per-play that a play saves (or costs) the trailing side.
        seconds_per_play: average seconds a hurrying trailing side uses per play.
        field_goal_range_yards: yards from the goal line within which a field goal is tried,
            used when a field goal would win.
        min_plays_left: floor on the plays-left estimate (avoids dividing by zero).
        max_yards_per_play: cap on the yards-per-play figure.
        final_kick_seconds: with this little time left in a half, a field goal that scores
            before the half (or wins the game) is tried on any down.
        half_timeout_seconds: in the last this-many seconds of the first half an offense past
            midfield calls timeouts while the clock runs.
    """

    first_down_bonus: float = 6.0
    good_down_share: float = 0.25
    good_second_down_yards: int = 5
    good_third_down_yards: int = 2
    touchdown_bonus: float = 50.0
    field_goal_share: float = 3.0 / 7.0
    turnover_penalty: float = 80.0
    safety_penalty: float = 30.0
    fourth_down_turnover_penalty: float = 20.0
    clock_threshold_seconds: int = 300
    clock_weight: float = 3.0
    seconds_per_play: float = 25.0
    field_goal_range_yards: int = 30
    min_plays_left: float = 0.5
    max_yards_per_play: float = 50.0
    final_kick_seconds: int = 20
    half_timeout_seconds: int = 120

    def __post_init__(self) -> None:
        for f in dataclasses.fields(self):
            value = getattr(self, f.name)
            if not math.isfinite(value) or not 0 <= value <= MAX_SETTING:
                raise InputError(f"{f.name} must be a finite number from 0 to {MAX_SETTING:g}, "
                                 f"got {value!r}")
        if self.turnover_penalty <= self.touchdown_bonus:
            raise InputError("turnover_penalty must exceed touchdown_bonus")
        if self.fourth_down_turnover_penalty > self.turnover_penalty:
            raise InputError("fourth_down_turnover_penalty must not exceed turnover_penalty")
        if self.seconds_per_play <= 0 or self.min_plays_left <= 0:
            raise InputError("seconds_per_play and min_plays_left must be positive")


# ------------------------------------------------------------------ clock management
def trailing_side(state: GameState) -> Side:
    """The side that needs to score: the one behind, or the offense when tied."""
    return state.offense if state.margin(state.offense) <= 0 else state.defense


def field_goal_wins(state: GameState, side: Side) -> bool:
    """True when three points would put ``side`` ahead."""
    return -rules.FIELD_GOAL_POINTS < state.margin(side) <= 0


def plays_left(seconds: float, timeouts: int, config: NashConfig) -> float:
    """Estimated plays a hurrying side can run in ``seconds`` with ``timeouts`` left."""
    estimate = (seconds + timeouts * rules.HUDDLE_SECONDS) / config.seconds_per_play
    return max(config.min_plays_left, estimate)


def yards_needed(state: GameState, side: Side, ball_on: int, config: NashConfig) -> int:
    """Yards ``side`` must gain from the ball at ``ball_on`` (offense's yards) to score enough.

    That is field-goal range if a field goal wins, otherwise the goal line. When ``side`` is
    the defense it is assumed to take over where the ball is.
    """
    to_goal = rules.FIELD_LENGTH - ball_on if side == state.offense else ball_on
    if field_goal_wins(state, side):
        return max(0, to_goal - config.field_goal_range_yards)
    return to_goal


def yards_per_play_needed(
    state: GameState, side: Side, ball_on: int, seconds: float, config: NashConfig
) -> float:
    """Yards per play ``side`` needs: yards needed over plays left, capped."""
    needed = yards_needed(state, side, ball_on, config)
    rate = needed / plays_left(seconds, state.timeouts[side], config)
    return min(config.max_yards_per_play, rate)


def in_clock_window(state: GameState, config: NashConfig) -> bool:
    """True once the game clock is below the agent's clock-management threshold."""
    return state.game_seconds_left <= config.clock_threshold_seconds


def clock_adjustment(state: GameState, t: Transition, config: NashConfig) -> float:
    """Offense-utility change from how a play moves the trailing side's yards-per-play need.

    Only plays that keep the ball with the offense are adjusted; scores and changes of
    possession are valued by their own bonuses and penalties.
    """
    if t.result is not Result.PLAY_ON or not in_clock_window(state, config):
        return 0.0
    side = trailing_side(state)
    seconds = float(state.game_seconds_left)
    before = yards_per_play_needed(state, side, state.ball_on, seconds, config)
    after_seconds = seconds - t.seconds - (0 if t.clock_stops else rules.HUDDLE_SECONDS)
    after = yards_per_play_needed(state, side, t.ball_on, max(0.0, after_seconds), config)
    change = config.clock_weight * (before - after)
    return change if side == state.offense else -change


# ------------------------------------------------------------------ utilities
def transition_utility(state: GameState, t: Transition, config: NashConfig) -> float:
    """Offense utility of one transition from ``state``, clock adjustment included."""
    giveaway = config.fourth_down_turnover_penalty if state.down == 4 else config.turnover_penalty
    if t.result is Result.TOUCHDOWN:
        return t.yards + config.touchdown_bonus
    if t.result is Result.FIELD_GOAL:
        return config.field_goal_share * config.touchdown_bonus
    if t.result is Result.SAFETY:
        return t.yards - config.safety_penalty
    if t.result is Result.DEFENSIVE_TOUCHDOWN:
        return -giveaway - config.touchdown_bonus
    if t.result is Result.CHANGE:
        # A fumble or interception costs the penalty whatever the spot; a kick, a turnover
        # on downs or a missed field goal also counts the field position it leaves.
        return -giveaway if t.turnover else t.yards - giveaway
    utility = float(t.yards)
    if t.first_down:
        utility += config.first_down_bonus
    else:
        utility += config.first_down_bonus * t.yards / state.to_go
        good = (t.down == 2 and t.to_go <= config.good_second_down_yards) or (
            t.down == 3 and t.to_go <= config.good_third_down_yards
        )
        if good:
            utility += config.good_down_share * config.first_down_bonus
    return utility + clock_adjustment(state, t, config)


def expected_utility(
    state: GameState, outcomes: list[tuple[float, Transition]], config: NashConfig
) -> float:
    """Probability-weighted utility of a random set of transitions."""
    return sum(p * transition_utility(state, t, config) for p, t in outcomes)


def field_goal_utility(state: GameState, config: NashConfig) -> float:
    """Expected utility of a field-goal attempt (make or miss)."""
    return expected_utility(state, field_goal_transitions(state), config)


def payoff_matrix(
    state: GameState, chart: Chart, formation: Formation, config: NashConfig
) -> NDArray[np.float64]:
    """The 21x10 offense-utility matrix for a formation: 20 chart plays plus the kick row.

    In normal formation the kick row is the quick kick; in punt formation it is the punt and
    the chart rows are fake punts.
    """
    if formation is Formation.FIELD_GOAL:
        raise InputError("a field goal attempt has no payoff matrix")
    fake = formation is Formation.PUNT
    matrix = np.empty((NUM_CALLS, NUM_DEFENSES))
    outcomes = chart.outcome_list
    memo: dict[int, float] = {}
    for play, ids in enumerate(chart.cell_ids, start=1):
        is_pass = play > LAST_RUN_PLAY
        for defense, outcome_id in enumerate(ids):
            key = 2 * outcome_id + is_pass
            value = memo.get(key)
            if value is None:
                t = chart_transition(state, play, outcomes[outcome_id], fake)
                value = memo[key] = transition_utility(state, t, config)
            matrix[play - 1, defense] = value
    kick = expected_utility(state, kick_transitions(state, quick=not fake), config)
    matrix[NUM_CALLS - 1, :] = kick
    return matrix
