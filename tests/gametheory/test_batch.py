"""Batches of zero-sum games: every settling path gives an equilibrium."""

from __future__ import annotations

import numpy as np
import pytest

from nuffle.gametheory import exploitability, solve_zero_sum
from nuffle.gametheory.batch import solve_batch, supports


def check(games: np.ndarray, batch: object) -> None:
    for i, game in enumerate(games):
        rows, cols = batch.rows[i], batch.cols[i]  # type: ignore[attr-defined]
        assert rows.sum() == pytest.approx(1.0) and cols.sum() == pytest.approx(1.0)
        assert exploitability(game, rows, cols) <= 3e-7
        assert batch.values[i] == pytest.approx(solve_zero_sum(game).value, abs=1e-7)  # type: ignore[attr-defined]


def test_random_games_match_the_linear_programme() -> None:
    games = np.random.default_rng(4).random((30, 21, 10))
    batch = solve_batch(games)
    assert batch.stats.linear_programme == 30
    check(games, batch)


def test_constant_and_saddle_games_need_no_programme() -> None:
    constant = np.full((4, 3), 0.25)
    saddle = np.array([[3.0, 5.0], [1.0, 4.0]])  # row 0, column 0: value 3
    padded = np.pad(saddle, ((0, 2), (0, 1)), constant_values=9)
    games = np.stack([constant, padded])
    games[1, 2:, :] = 0.0  # extra rows are dominated
    batch = solve_batch(games)
    assert batch.stats.constant == 1 and batch.stats.saddle == 1 and batch.stats.linear_programme == 0
    assert batch.values.tolist() == [0.25, 3.0]


def test_guessed_supports_are_certified_or_rejected() -> None:
    rng = np.random.default_rng(5)
    games = rng.random((40, 21, 10))
    first = solve_batch(games)
    nearby = games + 1e-4 * rng.random(games.shape)
    second = solve_batch(nearby, supports(first.rows), supports(first.cols))
    assert second.stats.certified > 30
    check(nearby, second)
    # A wrong guess (every game gets the first game's support) is never accepted blindly.
    wrong_rows = np.repeat(supports(first.rows)[:1], 40, axis=0)
    wrong_cols = np.repeat(supports(first.cols)[:1], 40, axis=0)
    third = solve_batch(nearby, wrong_rows, wrong_cols)
    check(nearby, third)


def test_without_fallback_unsettled_games_are_marked() -> None:
    games = np.random.default_rng(6).random((5, 6, 4))
    batch = solve_batch(games, fallback=False)
    assert np.isnan(batch.values).all()
    with pytest.raises(ValueError, match="games x rows x cols"):
        solve_batch(np.zeros((3, 3)))
