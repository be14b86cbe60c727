"""Episode seeds drawn many episodes ahead, equal to one `Generator.integers` call per value.

A batched environment's row draws its next episode's seeds as `BloodBowlEnv.reset` draws them:
a few `rng.integers(bound)` calls with bounds below 2**32. Each such call takes one 32-bit word
from the generator's stream and maps it to [0, bound) by Lemire's multiply-and-shift, drawing
again when the word falls in the small rejected range. `SeedStream` draws the words of many
episodes with one call and maps them the same way, so the values, and the generator's position
after them, are those of the calls one by one (tests/envs/test_seed_stream.py checks this
against numpy, rejections included); a row's next episode then costs an array lookup.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from nuffle.envs.core import EnvError

_WORD = 2**32
_LOW = np.uint64(_WORD - 1)
_SHIFT = np.uint64(32)


def _word(rng: np.random.Generator) -> int:
    """The generator's next 32-bit word, as `integers` calls consume them."""
    return int(rng.integers(0, _WORD, dtype=np.uint64))


def _threshold(bound: int) -> int:
    """The low products Lemire's method rejects for `bound`."""
    return (_WORD - bound) % bound


def _slow(rng: np.random.Generator, bounds: Sequence[int], words: list[int], count: int) -> np.ndarray:
    """`bounded` one value at a time, for a block where a word was rejected: every later value
    moves on by one word, and the words drawn run out (more are drawn one by one)."""
    out = np.empty(count * len(bounds), dtype=np.int64)
    pool = iter(words)
    for j in range(len(out)):
        bound = int(bounds[j % len(bounds)])
        low = _threshold(bound)
        while True:
            word = next(pool, None)
            product = (_word(rng) if word is None else word) * bound
            if product % _WORD >= low:
                break
        out[j] = product >> 32
    return out.reshape(count, len(bounds))


class _Block:
    """The per-value bounds and rejection thresholds of `count` episodes of `bounds`."""

    def __init__(self, bounds: Sequence[int], count: int) -> None:
        if not bounds or any(isinstance(b, bool) or not 0 < b < _WORD for b in bounds):
            raise EnvError(f"bounds must be 1 .. 2**32 - 1, got {list(bounds)}")
        self.bounds, self.count = list(bounds), count
        self.tiled = np.tile(np.asarray(bounds, dtype=np.uint64), count)
        self.low = np.tile(np.asarray([_threshold(b) for b in bounds], dtype=np.uint64), count)

    def draw(self, rng: np.random.Generator) -> np.ndarray:
        words = rng.integers(0, _WORD, size=len(self.tiled), dtype=np.uint64)
        products = words * self.tiled
        if ((products & _LOW) < self.low).any():
            return _slow(rng, self.bounds, words.tolist(), self.count)
        return (products >> _SHIFT).astype(np.int64).reshape(self.count, len(self.bounds))


def bounded(rng: np.random.Generator, bounds: Sequence[int], count: int) -> np.ndarray:
    """`count` rows of `rng.integers(b)` for b in `bounds`, drawn in that order: equal, value for
    value and in the generator's state after, to `count * len(bounds)` single calls."""
    return _Block(bounds, count).draw(rng)


class SeedStream:
    """The next episodes' values of each of `rngs`, `ahead` episodes drawn at a time.

    `columns` says what each value is: a bound (drawn as `integers(bound)`) or a constant, given
    as `("const", value)`; `take(rows)` returns each row's next episode, one row per entry."""

    def __init__(self, rngs: Sequence[np.random.Generator], columns: Sequence[int | tuple[str, int]],
                 ahead: int = 32) -> None:
        self.rngs = list(rngs)
        self.ahead = ahead
        self._drawn = [j for j, c in enumerate(columns) if isinstance(c, int)]
        bounds = [c for c in columns if isinstance(c, int)]
        self._block = _Block(bounds, ahead) if bounds else None
        self._buf = np.zeros((len(self.rngs), ahead, len(columns)), dtype=np.int64)
        for j, c in enumerate(columns):
            if not isinstance(c, int):
                self._buf[:, :, j] = c[1]
        self._next = [ahead] * len(self.rngs)  # every row's buffer starts used up

    def _fill(self, i: int) -> None:
        if self._block is not None:
            self._buf[i, :, self._drawn] = self._block.draw(self.rngs[i]).T

    def take(self, rows: np.ndarray) -> np.ndarray:
        """The next episode's values of each of `rows` (distinct ints), (len(rows), columns)."""
        at = []
        nxt = self._next
        for i in rows.tolist():
            k = nxt[i]
            if k == self.ahead:
                self._fill(i)
                k = 0
            nxt[i] = k + 1
            at.append(k)
        return self._buf[rows, at]
