"""Tests of the zero-sum matrix-game solver against known games and random matrices."""

from __future__ import annotations

import numpy as np
import pytest

from nuffle.gametheory import best_response, exploitability, solve_zero_sum

TOL = 1e-9


def assert_equilibrium(matrix: np.ndarray) -> tuple[np.ndarray, np.ndarray, float]:
    """Solve ``matrix`` and check that no pure deviation beats the value by more than TOL."""
    solution = solve_zero_sum(matrix)
    row, col, value = solution.row_strategy, solution.col_strategy, solution.value
    assert row.shape == (matrix.shape[0],) and col.shape == (matrix.shape[1],)
    assert np.all(row >= 0) and np.all(col >= 0)
    assert row.sum() == pytest.approx(1.0, abs=1e-12)
    assert col.sum() == pytest.approx(1.0, abs=1e-12)
    # The row player cannot gain by a pure deviation against the column strategy...
    assert np.max(matrix @ col) <= value + TOL
    # ...and the column player cannot push the row player below the value.
    assert np.min(row @ matrix) >= value - TOL
    # The value matches a direct computation of the expected payoff.
    assert value == pytest.approx(float(row @ matrix @ col), abs=TOL)
    assert exploitability(matrix, row, col) <= 2 * TOL
    return row, col, value


def test_matching_pennies() -> None:
    matrix = np.array([[1.0, -1.0], [-1.0, 1.0]])
    row, col, value = assert_equilibrium(matrix)
    np.testing.assert_allclose(row, [0.5, 0.5], atol=1e-9)
    np.testing.assert_allclose(col, [0.5, 0.5], atol=1e-9)
    assert value == pytest.approx(0.0, abs=TOL)


def test_rock_paper_scissors() -> None:
    matrix = np.array([[0.0, -1.0, 1.0], [1.0, 0.0, -1.0], [-1.0, 1.0, 0.0]])
    row, col, value = assert_equilibrium(matrix)
    np.testing.assert_allclose(row, [1 / 3] * 3, atol=1e-9)
    np.testing.assert_allclose(col, [1 / 3] * 3, atol=1e-9)
    assert value == pytest.approx(0.0, abs=TOL)


def test_weighted_rock_paper_scissors_has_known_solution() -> None:
    # Winning with rock pays 2: equilibrium is (1/4, 1/2, 1/4) for both, value 0.
    matrix = np.array([[0.0, -1.0, 2.0], [1.0, 0.0, -1.0], [-2.0, 1.0, 0.0]])
    row, col, value = assert_equilibrium(matrix)
    np.testing.assert_allclose(row, [0.25, 0.5, 0.25], atol=1e-9)
    np.testing.assert_allclose(col, [0.25, 0.5, 0.25], atol=1e-9)
    assert value == pytest.approx(0.0, abs=TOL)


def test_dominated_rows_get_zero_weight() -> None:
    # Rows 2 and 3 are strictly dominated by rows 0 and 1; column 2 is dominated too.
    matrix = np.array(
        [
            [3.0, -1.0, 5.0],
            [-1.0, 3.0, 6.0],
            [2.0, -2.0, 4.0],
            [-3.0, 1.0, 0.0],
        ]
    )
    row, col, value = assert_equilibrium(matrix)
    assert row[2] == 0.0 and row[3] == 0.0
    assert col[2] == 0.0
    np.testing.assert_allclose(row[:2], [0.5, 0.5], atol=1e-9)
    assert value == pytest.approx(1.0, abs=TOL)


def test_saddle_point_is_pure() -> None:
    matrix = np.array([[4.0, 2.0, 3.0], [1.0, 0.0, 5.0], [3.0, 1.0, 2.0]])
    row, col, value = assert_equilibrium(matrix)
    assert value == pytest.approx(2.0, abs=TOL)
    assert row[0] == pytest.approx(1.0) and col[1] == pytest.approx(1.0)


def test_single_entry_and_single_row() -> None:
    _, _, value = assert_equilibrium(np.array([[7.5]]))
    assert value == pytest.approx(7.5)
    row, col, value = assert_equilibrium(np.array([[3.0, -2.0, 8.0]]))
    assert value == pytest.approx(-2.0) and col[1] == pytest.approx(1.0)
    assert row[0] == pytest.approx(1.0)


def test_two_hundred_random_matrices() -> None:
    rng = np.random.default_rng(20240601)
    for k in range(200):
        rows = int(rng.integers(1, 21))
        cols = int(rng.integers(1, 11))
        scale = [1.0, 10.0, 100.0][k % 3]
        matrix = rng.normal(size=(rows, cols)) * scale
        if k % 4 == 0:
            matrix = np.round(matrix)  # integer games have many ties and degenerate LPs
        assert_equilibrium(matrix)


def test_lists_are_accepted_and_solution_unpacks() -> None:
    solution = solve_zero_sum([[1, -1], [-1, 1]])
    assert solution.value == pytest.approx(0.0, abs=TOL)
    row, col, value = solution
    assert row is solution.row_strategy and col is solution.col_strategy
    assert value == solution.value


@pytest.mark.parametrize(
    ("matrix", "message"),
    [
        ([], "empty"),
        ([[]], "empty"),
        (np.zeros((0, 3)), "empty"),
        ([[1.0, 2.0], [3.0]], "ragged"),
        ([[1.0, float("nan")]], "non-finite.*row 0, column 1"),
        ([[1.0], [float("inf")]], "non-finite.*row 1, column 0"),
        ([1.0, 2.0], "2-dimensional"),
        ([["a", "b"]], "not numeric"),
    ],
)
def test_bad_matrices_are_rejected(matrix: object, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        solve_zero_sum(matrix)  # type: ignore[arg-type]


def test_best_response_for_each_player() -> None:
    matrix = np.array([[0.0, -1.0, 1.0], [1.0, 0.0, -1.0], [-1.0, 1.0, 0.0]])
    # Against pure rock (column 0) the row player's best reply is paper (row 1).
    reply = best_response(matrix, [1.0, 0.0, 0.0], player="row")
    assert reply.action == 1 and reply.payoff == 1.0
    np.testing.assert_allclose(reply.payoffs, [0.0, 1.0, -1.0])
    # Against a row player who always plays scissors the column player's best reply is rock.
    reply = best_response(matrix, [0.0, 0.0, 1.0], player="col")
    assert reply.action == 0 and reply.payoff == -1.0


def test_exploitability_of_non_equilibrium_profile() -> None:
    matrix = np.array([[1.0, -1.0], [-1.0, 1.0]])
    # Both always play their first action: each can gain 1 by deviating.
    assert exploitability(matrix, [1.0, 0.0], [1.0, 0.0]) == pytest.approx(2.0)
    assert exploitability(matrix, [0.5, 0.5], [0.5, 0.5]) == pytest.approx(0.0)


@pytest.mark.parametrize(
    ("row", "col", "message"),
    [
        ([1.0], [0.5, 0.5], "row strategy must have 2 entries"),
        ([0.5, 0.6], [0.5, 0.5], "sums to"),
        ([1.5, -0.5], [0.5, 0.5], "negative"),
        ([0.5, 0.5], [float("nan"), 1.0], "non-finite"),
    ],
)
def test_bad_strategies_are_rejected(row: list[float], col: list[float], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        exploitability([[1.0, -1.0], [-1.0, 1.0]], row, col)


def test_best_response_rejects_unknown_player() -> None:
    with pytest.raises(ValueError, match="player"):
        best_response([[1.0]], [1.0], player="both")  # type: ignore[arg-type]
