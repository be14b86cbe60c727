"""Seeds drawn many episodes ahead equal `Generator.integers` called once per value
(envs/seed_stream.py), rejected words included, and leave the generator where those calls do."""

from __future__ import annotations

import numpy as np
import pytest
from gymnasium.utils import seeding

from nuffle.envs.core import EnvError
from nuffle.envs.seed_stream import SeedStream, bounded

BIG = 2**31 - 1


def _one_by_one(rng: np.random.Generator, bounds: list[int], count: int) -> np.ndarray:
    return np.array([[int(rng.integers(b)) for b in bounds] for _ in range(count)], dtype=np.int64)


# 3 * 2**30 rejects a quarter of the words and 2**31 + 1 half of them: blocks with rejections
# take the one-at-a-time path, and their later values move on by a word each time
@pytest.mark.parametrize("bounds", [[2, BIG, BIG, BIG], [BIG, BIG], [3 * 2**30, 2, 2**31 + 1], [5],
                                    [2**32 - 1, 7]])
def test_blocks_equal_single_calls_and_leave_the_generator_where_they_do(bounds: list[int]) -> None:
    for seed in range(40):
        ref, rng = seeding.np_random(seed)[0], seeding.np_random(seed)[0]
        np.testing.assert_array_equal(bounded(rng, bounds, 37), _one_by_one(ref, bounds, 37))
        assert int(rng.integers(BIG)) == int(ref.integers(BIG))


def test_bad_bounds_are_refused() -> None:
    rng = np.random.default_rng(0)
    for bounds in ([], [0], [2**32], [True]):
        with pytest.raises(EnvError, match="bounds must be"):
            bounded(rng, bounds, 3)


def test_streams_give_each_row_its_episodes_in_order_past_a_refill() -> None:
    columns: list[int | tuple[str, int]] = [2, BIG, ("const", 9), BIG]
    stream = SeedStream([seeding.np_random(s)[0] for s in (3, 4, 5)], columns, ahead=4)
    refs = [seeding.np_random(s)[0] for s in (3, 4, 5)]
    taken: list[list[list[int]]] = [[], [], []]
    order = [[0, 1, 2], [2], [0, 2], [1], [0, 1, 2], [2], [2], [0], [2, 1]]  # row 2 refills twice
    for rows in order:
        got = stream.take(np.array(rows))
        assert got.shape == (len(rows), 4)
        for row, values in zip(rows, got.tolist(), strict=True):
            taken[row].append(values)
    for row, ref in enumerate(refs):
        expect = [[int(ref.integers(2)), int(ref.integers(BIG)), 9, int(ref.integers(BIG))]
                  for _ in taken[row]]
        assert taken[row] == expect
