"""Agents: the shown-strategy experiment, strength against the baselines, baseline logic."""

from __future__ import annotations

import numpy as np
import pytest

from nuffle.games.football_strategy.agents import GreedyAgent, RandomAgent, yards_matrix
from nuffle.games.football_strategy.chart import load_chart
from nuffle.games.football_strategy.engine import PlayReport
from nuffle.games.football_strategy.experiment import shown_strategy_experiment
from nuffle.games.football_strategy.match import run_match, wilson_interval
from nuffle.games.football_strategy.nash import NashAgent, TendencyExploiter, make_agent
from nuffle.games.football_strategy.resolve import Transition
from nuffle.games.football_strategy.state import Formation, GameState, Side


@pytest.mark.slow
def test_a_peeker_that_sees_the_mix_gains_nothing_beyond_the_value() -> None:
    """The paper's experiment (there over 100 games, here over 50): in every situation the
    Nash agent faces, the best response to its shown mixed strategy earns no more than the
    game value."""
    log, margins = shown_strategy_experiment(games=50, seed=0)
    assert len(margins) == 50
    assert len(log.situations) > 500
    assert len(log.offense_gains) > 500 and len(log.defense_gains) > 500
    assert max(log.offense_gains) <= 1e-9
    assert max(log.defense_gains) <= 1e-9


@pytest.mark.slow
def test_nash_beats_uniform_random() -> None:
    summary = run_match(make_agent("nash", 1), make_agent("random", 2), games=40, seed=7)
    assert summary.wins >= 36  # at least 90%
    low, _, _ = summary.win_rate_interval()
    assert low > 0.75


@pytest.mark.slow
def test_nash_beats_greedy() -> None:
    summary = run_match(make_agent("nash", 3), make_agent("greedy", 4), games=40, seed=8)
    assert summary.wins > 2 * summary.losses
    low, _, _ = summary.margin_interval()
    assert low > 0


def test_greedy_calls_best_average_play_and_defense() -> None:
    chart = load_chart()
    greedy = GreedyAgent(seed=0)
    greedy.start_game(Side.HOME, chart)
    yards = yards_matrix(chart)
    state = GameState()
    assert greedy.call_offense(state, Formation.NORMAL) == int(np.argmax(yards.mean(1))) + 1
    assert greedy.call_defense(state, Formation.NORMAL) == int(np.argmin(yards.mean(0)))
    assert greedy.call_offense(state, Formation.PUNT) == 21


def test_random_agent_is_uniform_over_plays() -> None:
    agent = RandomAgent(seed=5)
    agent.start_game(Side.HOME, load_chart())
    calls = [agent.call_offense(GameState(), Formation.NORMAL) for _ in range(4000)]
    counts = np.bincount(calls, minlength=21)[1:]
    assert counts.min() > 150 and counts.max() < 260  # about 200 each
    defenses = [agent.call_defense(GameState(), Formation.NORMAL) for _ in range(2000)]
    assert set(defenses) == set(range(10))


def fake_report(offense: Side, offense_call: int, defense_call: int) -> PlayReport:
    from nuffle.games.football_strategy.resolve import Result

    return PlayReport(
        offense, Formation.NORMAL, offense_call, defense_call, None, Transition(Result.PLAY_ON, 0)
    )


def test_exploiter_best_responds_to_observed_frequencies() -> None:
    chart = load_chart()
    exploiter = TendencyExploiter(seed=0)
    exploiter.start_game(Side.HOME, chart)
    state = GameState(possession=Side.HOME, ball_on=30)
    # The opponent always defends with I (index 8) when HOME has the ball...
    for _ in range(500):
        exploiter.observe(fake_report(Side.HOME, 1, 8))
    matrix = exploiter.solve(state, Formation.NORMAL)[0]
    counts = np.ones(10)
    counts[8] += 500
    expected = int(np.argmax(matrix @ (counts / counts.sum()))) + 1
    assert exploiter.call_offense(state, Formation.NORMAL) == expected
    # ...and always runs play 2 when it has the ball.
    for _ in range(500):
        exploiter.observe(fake_report(Side.AWAY, 2, 0))
    defending = GameState(possession=Side.AWAY, ball_on=30)
    matrix = exploiter.solve(defending, Formation.NORMAL)[0]
    counts = np.ones(21)
    counts[1] += 500
    expected_defense = int(np.argmin((counts / counts.sum()) @ matrix))
    assert exploiter.call_defense(defending, Formation.NORMAL) == expected_defense
    assert matrix[1, expected_defense] == pytest.approx(matrix[1].min(), abs=1.0)


@pytest.mark.slow
def test_nash_does_not_lose_to_the_exploiter() -> None:
    summary = run_match(make_agent("nash", 5), make_agent("exploiter", 6), games=20, seed=9)
    assert summary.wins >= summary.losses


def test_nash_sampling_follows_its_mixed_strategy() -> None:
    nash = NashAgent(seed=11)
    nash.start_game(Side.HOME, load_chart())
    state = GameState(possession=Side.HOME, ball_on=30)
    strategy = nash.offense_strategy(state, Formation.NORMAL)
    calls = [nash.call_offense(state, Formation.NORMAL) for _ in range(4000)]
    freq = np.bincount(calls, minlength=22)[1:] / len(calls)
    assert np.abs(freq - strategy).max() < 0.03
    assert all(freq[i] == 0 for i in range(21) if strategy[i] == 0)


def test_make_agent_and_wilson_interval() -> None:
    assert isinstance(make_agent("exploiter"), TendencyExploiter)
    with pytest.raises(ValueError, match="unknown agent"):
        make_agent("oracle")
    low, rate, high = wilson_interval(45, 50)
    assert low < rate == 0.9 < high
    assert wilson_interval(0, 0) == (0.0, 0.0, 1.0)
