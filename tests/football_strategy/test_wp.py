"""The win-probability model: backups, terminal values, the shipped table and nash-wp."""

from __future__ import annotations

import json

import numpy as np
import pytest

from nuffle.cli import main
from nuffle.games.football_strategy.chart import load_chart, parse_chart
from nuffle.games.football_strategy.engine import FootballGame
from nuffle.games.football_strategy.state import Formation, Side
from nuffle.games.football_strategy.wp_agent import NashWPAgent, TableModel, phase_of, shipped_table
from nuffle.games.football_strategy.wp_model import SECOND_HALF, Grid, field_weights, time_weights
from nuffle.games.football_strategy.wp_solve import Sweep, end_values, quantise, transfer
from nuffle.games.football_strategy.wp_table import WPTable, load_table

QUANTUM = 1.0 / 65535


def pennies_chart() -> str:
    """Plays 1 and 2 against defenses A and B are matching pennies (touchdown or incomplete);
    every other play is incomplete against A and B, and C-J concede a touchdown."""
    rows = ["play,A,B,C,D,E,F,G,H,I,J"]
    td = ["99"] * 8
    rows.append(",".join(["1", "99", "INC", *td]))
    rows.append(",".join(["2", "INC", "99", *td]))
    rows += [",".join([str(p), "INC", "INC", *td]) for p in range(3, 21)]
    return "\n".join(rows) + "\n"


def test_backup_of_a_two_state_game_matches_the_hand_computed_value() -> None:
    # Times 5 and 10 s: from 10 s an incomplete pass (5 s) reaches the 5 s state, where
    # every result ends the game; a touchdown (with its kick-off) always ends it.
    grid = Grid(times=(5, 10, 1800), balls=(1, 50, 99), to_gos=(1, 10), max_score=5)
    sweep = Sweep(grid, parse_chart(pennies_chart()), best_response=False)
    for k in range(2):
        sweep.step(SECOND_HALF, k, transfer(sweep.out, k))
    trailing = grid.score_index(-3)
    second_down = grid.field_index(2, 1, 1)  # ball 50, 2nd and 10
    first_down = grid.field_index(1, 1, 0)  # ball 50, 1st and 10
    # At 5 s: matching pennies between a touchdown (win) and an incomplete pass (loss): 1/2.
    assert sweep.values[SECOND_HALF, 0, second_down, trailing] == pytest.approx(0.5, abs=QUANTUM)
    # At 10 s: touchdown wins, an incomplete pass leads to the 5 s state worth 1/2:
    # the stage game [[1, 1/2], [1/2, 1]] is worth 3/4.
    assert sweep.values[SECOND_HALF, 1, first_down, trailing] == pytest.approx(0.75, abs=QUANTUM)


def test_no_time_left_is_worth_the_score() -> None:
    grid = Grid()
    zeros = np.zeros(grid.shape)
    margins = np.array([-7, -1, 0, 1, 21])
    assert end_values(grid, SECOND_HALF, zeros, zeros, margins).tolist() == [0, 0, 0.5, 1, 1]
    # Every result of a snap with the last grid second left ends the game.
    assert time_weights(grid, grid.times[0], 4) == (1.0, ())
    table = shipped_table()
    model = TableModel(table)
    for margin, expected in ((8, 1.0), (0, 0.5), (-8, 0.0)):
        assert model.end_value(SECOND_HALF, margin) == expected
        # No snap from 10 s can change an eight-point game.
        value = model.stage(30, 1, 10, SECOND_HALF, grid.times[0], margin).value
        assert value == pytest.approx(expected, abs=1e-12)


def test_interpolation_weights_are_probabilities() -> None:
    grid = Grid()
    for ball, down, to_go in ((1, 1, 10), (33, 2, 8), (97, 3, 3), (50, 4, 22)):
        weights = field_weights(grid, ball, down, to_go)
        assert all(w > 0 for _, w in weights)
        assert sum(w for _, w in weights) == pytest.approx(1.0)
    for now in (10, 95, 1800):
        for cost in (4, 36, 46):
            end, slots = time_weights(grid, now, cost)
            assert end + sum(w for _, w in slots) == pytest.approx(1.0)
            assert all(grid.times[k] < max(now, grid.times[0]) or end == 1.0 for k, _ in slots)


@pytest.mark.slow
def test_shipped_table_matches_a_fresh_solve_of_a_slice() -> None:
    table = shipped_table()
    assert table.chart.to_csv() == load_chart().to_csv()
    sweep = Sweep(table.grid, table.chart, best_response=False)
    # The last grid second of the game: every field state and score.
    sweep.step(SECOND_HALF, 0, transfer(sweep.out, 0))
    fresh = sweep.values[SECOND_HALF, 0]
    assert np.abs(fresh - table.values[SECOND_HALF, 0]).max() <= QUANTUM
    assert fresh.min() < 0.01 and fresh.max() > 0.99 and 0.2 < fresh.mean() < 0.8


def test_agent_stage_values_reproduce_the_table_at_grid_states() -> None:
    table = shipped_table()
    grid = table.grid
    model = TableModel(table, cache_size=0)
    rng = np.random.default_rng(3)
    for _ in range(12):
        phase = int(rng.integers(3))
        k = int(rng.integers(len(grid.times)))
        f = int(rng.integers(grid.num_fields))
        margin = int(rng.integers(-grid.max_score, grid.max_score + 1))
        ball, down, to_go = grid.field_state(f)
        value = model.stage(ball, down, to_go, phase, grid.times[k], margin).value
        stored = table.values[phase, k, f, grid.score_index(margin)]
        assert value == pytest.approx(stored, abs=QUANTUM)


def test_table_round_trip_and_errors(tmp_path: object) -> None:
    from pathlib import Path

    grid = Grid(times=(10, 1800), balls=(1, 99), to_gos=(1, 10), max_score=2)
    values = quantise(np.random.default_rng(0).random(grid.shape))
    path = Path(str(tmp_path)) / "t.npz"
    WPTable(grid, values, load_chart(), {"x": 1.5}).save(path)
    back = load_table(path)
    assert back.grid == grid and back.figures == {"x": 1.5}
    assert np.abs(back.values - values).max() < 1e-12
    with pytest.raises(ValueError, match="does not match grid"):
        WPTable(grid, values[:1], load_chart())
    with pytest.raises(ValueError, match="grid times must end at 1800"):
        Grid(times=(10, 20))


def test_nash_wp_plays_legal_calls_from_the_table() -> None:
    agent = NashWPAgent(seed=1)
    game = FootballGame(seed=5)
    agent.start_game(Side.HOME, game.chart)
    state = game.state
    assert phase_of(state) in (1, 2)
    formation = agent.choose_formation(state)
    assert formation in game.legal_formations()
    x = agent.offense_strategy(state, Formation.NORMAL)
    y = agent.defense_strategy(state, Formation.NORMAL)
    assert x.sum() == pytest.approx(1.0) and y.sum() == pytest.approx(1.0)
    assert 1 <= agent.call_offense(state, Formation.NORMAL) <= 21
    assert 0 <= agent.call_defense(state, Formation.NORMAL) <= 9


def test_nash_wp_refuses_a_chart_it_was_not_solved_for() -> None:
    other = parse_chart(pennies_chart(), "pennies.csv")
    with pytest.raises(ValueError, match="run 'nuffle football solve"):
        NashWPAgent(seed=1).start_game(Side.HOME, other)


@pytest.mark.slow
def test_exploit_cli_prints_the_counts_and_the_exact_figure(capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["football", "exploit", "--agent", "nash-wp", "--games", "1", "--json", "--no-progress"])
    out, _ = capsys.readouterr()
    assert code == 0
    report = json.loads(out)
    assert report["responder_wins"] + report["agent_wins"] + report["draws"] == 1
    assert abs(report["exploitability"]) <= 0.005
