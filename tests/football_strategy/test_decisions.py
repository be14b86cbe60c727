"""Decision logic of the Nash agent: utility constants, fourth down, clock and timeouts."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

from nuffle.games.football_strategy import rules
from nuffle.games.football_strategy.chart import Outcome, OutcomeKind, load_chart
from nuffle.games.football_strategy.nash import NashAgent
from nuffle.games.football_strategy.resolve import chart_transition, field_goal_transitions
from nuffle.games.football_strategy.state import Formation, GameState, Side
from nuffle.games.football_strategy.utility import (
    NashConfig,
    clock_adjustment,
    plays_left,
    trailing_side,
    transition_utility,
    yards_needed,
)
from nuffle.gametheory import exploitability

CONFIG = NashConfig()


def agent(config: NashConfig = CONFIG) -> NashAgent:
    nash = NashAgent(config, seed=0)
    nash.start_game(Side.HOME, load_chart())
    return nash


def situation(ball_on: int, down: int = 1, to_go: int = 10, **kw: Any) -> GameState:
    state = GameState(possession=Side.HOME, ball_on=ball_on, down=down, to_go=to_go)
    for key, value in kw.items():
        setattr(state, key, value)
    return state


def late(ball_on: int, home: int, away: int, seconds: int = 120, **kw: Any) -> GameState:
    """Fourth quarter, HOME has the ball."""
    return situation(ball_on, quarter=4, seconds_left=seconds, score=[home, away], **kw)


GAIN4 = Outcome(OutcomeKind.GAIN, 4)
GAIN15 = Outcome(OutcomeKind.GAIN, 15)
INCOMPLETE = Outcome(OutcomeKind.INCOMPLETE)


# ------------------------------------------------------------------ the five constants
def test_first_down_bonus_is_prorated_and_good_downs_earn_extra() -> None:
    state = situation(30, 1, 10)
    u = transition_utility(state, chart_transition(state, 1, GAIN4, False), CONFIG)
    # 4 yards + 4/10 of the bonus (2nd and 6 is not a good 2nd down).
    assert u == pytest.approx(4 + 0.4 * CONFIG.first_down_bonus)
    state = situation(30, 1, 8)
    u = transition_utility(state, chart_transition(state, 1, GAIN4, False), CONFIG)
    # 2nd and 4 is good: extra share of the bonus.
    extra = CONFIG.good_down_share * CONFIG.first_down_bonus
    assert u == pytest.approx(4 + 0.5 * CONFIG.first_down_bonus + extra)
    loss = Outcome(OutcomeKind.GAIN, -5)
    u = transition_utility(state, chart_transition(state, 1, loss, False), CONFIG)
    assert u == pytest.approx(-5 - 5 / 8 * CONFIG.first_down_bonus)
    u = transition_utility(state, chart_transition(state, 16, GAIN15, False), CONFIG)
    assert u == pytest.approx(15 + CONFIG.first_down_bonus)


def test_touchdown_field_goal_turnover_and_safety_constants() -> None:
    state = situation(90, 1, 10)
    td = transition_utility(state, chart_transition(state, 16, GAIN15, False), CONFIG)
    assert td == pytest.approx(10 + CONFIG.touchdown_bonus)
    good = field_goal_transitions(state)[0][1]
    assert transition_utility(state, good, CONFIG) == pytest.approx(3 / 7 * CONFIG.touchdown_bonus)
    fumble = chart_transition(state, 1, Outcome(OutcomeKind.FUMBLE, 2), False)
    assert transition_utility(state, fumble, CONFIG) == -CONFIG.turnover_penalty
    fourth = situation(90, 4, 5)
    fumble4 = chart_transition(fourth, 1, Outcome(OutcomeKind.FUMBLE, 2), False)
    assert transition_utility(fourth, fumble4, CONFIG) == -CONFIG.fourth_down_turnover_penalty
    assert CONFIG.fourth_down_turnover_penalty < CONFIG.turnover_penalty
    assert CONFIG.turnover_penalty > CONFIG.touchdown_bonus
    deep = situation(3, 2, 10)
    safety = chart_transition(deep, 1, Outcome(OutcomeKind.GAIN, -4), False)
    assert transition_utility(deep, safety, CONFIG) == pytest.approx(-3 - CONFIG.safety_penalty)


def test_config_is_validated() -> None:
    with pytest.raises(ValueError, match="turnover_penalty must exceed touchdown_bonus"):
        NashConfig(touchdown_bonus=90, turnover_penalty=80)
    with pytest.raises(ValueError, match="fourth_down"):
        NashConfig(fourth_down_turnover_penalty=100)


def test_each_snap_is_played_from_an_equilibrium() -> None:
    nash = agent()
    for state in (situation(25), situation(60, 3, 7), situation(95, 2, 5), situation(40, 4, 1)):
        for formation in (Formation.NORMAL, Formation.PUNT):
            matrix, solution = nash.solve(state, formation)
            assert matrix.shape == (21, 10)
            assert exploitability(matrix, solution.row_strategy, solution.col_strategy) < 1e-9
            # The defense uses the column strategy of the same game.
            np.testing.assert_array_equal(
                nash.defense_strategy(state, formation), solution.col_strategy
            )


# ------------------------------------------------------------------ fourth down
@pytest.mark.parametrize(
    ("ball_on", "to_go", "expected"),
    [
        (20, 10, Formation.PUNT),  # 4th and 10 at own 20
        (30, 3, Formation.PUNT),  # 4th and 3 at own 30
        (85, 8, Formation.FIELD_GOAL),  # 4th and 8 at the opponent's 15
        (90, 1, Formation.FIELD_GOAL),  # 4th and 1 at the 10: take the points
        (99, 1, Formation.NORMAL),  # 4th and goal at the 1: go for it
        (65, 3, Formation.NORMAL),  # 4th and 3 at the 35: too far to kick, too close to punt
    ],
)
def test_fourth_down_choice(ball_on: int, to_go: int, expected: Formation) -> None:
    nash = agent()
    state = situation(ball_on, 4, to_go)
    values = nash.formation_values(state)
    assert nash.choose_formation(state) is expected
    assert values[expected] == max(values.values())


def test_fourth_down_compares_three_solved_values() -> None:
    nash = agent()
    state = situation(80, 4, 6)
    values = nash.formation_values(state)
    assert set(values) == {Formation.NORMAL, Formation.PUNT, Formation.FIELD_GOAL}
    assert values[Formation.NORMAL] == pytest.approx(nash.solve(state, Formation.NORMAL)[1].value)
    assert values[Formation.PUNT] == pytest.approx(nash.solve(state, Formation.PUNT)[1].value)


def test_early_downs_use_normal_formation() -> None:
    nash = agent()
    assert nash.choose_formation(situation(85, 3, 8)) is Formation.NORMAL


# ------------------------------------------------------------------ clock management
def test_no_clock_adjustment_before_the_threshold() -> None:
    state = situation(40, quarter=4, seconds_left=CONFIG.clock_threshold_seconds + 1)
    t = chart_transition(state, 1, GAIN4, False)
    assert clock_adjustment(state, t, CONFIG) == 0.0


def test_trailing_offense_prefers_stopping_the_clock() -> None:
    state = late(40, home=10, away=14)  # HOME has the ball, down 4, needs a touchdown
    assert trailing_side(state) is Side.HOME
    run = clock_adjustment(state, chart_transition(state, 1, GAIN4, False), CONFIG)
    incomplete = clock_adjustment(state, chart_transition(state, 12, INCOMPLETE, False), CONFIG)
    big = clock_adjustment(state, chart_transition(state, 16, GAIN15, False), CONFIG)
    # A short run that keeps the clock going raises the yards per play still needed.
    assert run < incomplete < 0 < big


def test_leading_offense_prefers_running_the_clock() -> None:
    state = late(40, home=14, away=10)
    assert trailing_side(state) is Side.AWAY
    run = clock_adjustment(state, chart_transition(state, 1, GAIN4, False), CONFIG)
    incomplete = clock_adjustment(state, chart_transition(state, 12, INCOMPLETE, False), CONFIG)
    assert run > incomplete > 0


def test_yards_needed_and_plays_left() -> None:
    # Down by 2: a field goal wins, so field-goal range is the target.
    state = late(40, home=10, away=12)
    assert yards_needed(state, Side.HOME, 40, CONFIG) == 60 - CONFIG.field_goal_range_yards
    # Down by 4: a touchdown is needed.
    state = late(40, home=10, away=14)
    assert yards_needed(state, Side.HOME, 40, CONFIG) == 60
    # The defense, if trailing, would need to go the other way from the ball.
    state = late(40, home=14, away=10)
    assert yards_needed(state, Side.AWAY, 40, CONFIG) == 40
    assert plays_left(100, 2, CONFIG) == pytest.approx(
        (100 + 2 * rules.HUDDLE_SECONDS) / CONFIG.seconds_per_play
    )
    assert plays_left(0, 0, CONFIG) == CONFIG.min_plays_left


def test_late_situation_changes_the_equilibrium() -> None:
    nash = agent()
    early = nash.offense_strategy(situation(40), Formation.NORMAL)
    behind = nash.offense_strategy(late(40, home=10, away=14, seconds=90), Formation.NORMAL)
    runs_early, runs_behind = early[:10].sum(), behind[:10].sum()
    assert runs_behind < runs_early


def test_timeout_rules() -> None:
    nash = agent()
    # Trailing late in the game: stop the clock, on offense or on defense.
    assert nash.wants_timeout(late(40, home=10, away=14, clock_running=True))
    defending = late(40, home=10, away=14, possession=Side.AWAY)
    assert nash.wants_timeout(defending)
    # Leading late, or trailing early: keep the timeouts.
    assert not nash.wants_timeout(late(40, home=14, away=10))
    assert not nash.wants_timeout(situation(40, quarter=4, seconds_left=800, score=[0, 7]))
    # No timeouts left.
    assert not nash.wants_timeout(late(40, home=10, away=14, timeouts=[0, 3]))
    # End of the first half with the ball past midfield.
    assert nash.wants_timeout(situation(60, quarter=2, seconds_left=100))
    assert not nash.wants_timeout(situation(30, quarter=2, seconds_left=100))


def test_final_kick_on_any_down() -> None:
    nash = agent()
    # Down by 2 with 10 seconds left on 2nd down in range: kick the winning field goal.
    assert nash.choose_formation(late(75, home=10, away=12, seconds=10, down=2)) is (
        Formation.FIELD_GOAL
    )
    # Down by 4 a field goal does not help: keep playing for the touchdown.
    assert nash.choose_formation(late(75, home=10, away=14, seconds=10, down=2)) is (
        Formation.NORMAL
    )
    # Last seconds of the first half: take the points.
    assert nash.choose_formation(situation(70, 1, 10, quarter=2, seconds_left=8)) is (
        Formation.FIELD_GOAL
    )
