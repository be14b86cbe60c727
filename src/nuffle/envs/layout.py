"""Canonical geometry for the environments: engine squares seen from one side.

The observing side always attacks towards the right (canonical x = width - 1); for the away
side the board is mirrored along x. Everything here is computed once per (board, side) and
shared, so the hot path only does array look-ups.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

import numpy as np

from nuffle.core.board import Board, board_for
from nuffle.core.errors import InputError


@dataclass(frozen=True, eq=False)
class SideLayout:
    """Look-up tables from engine squares to canonical board cells for one side."""

    board: Board
    side: int
    height: int
    width: int
    #: padded engine square -> canonical cell index y * width + x (-1 off the pitch)
    cell: np.ndarray
    #: padded engine square -> canonical row y / column x (0 off the pitch)
    row: np.ndarray
    col: np.ndarray
    #: canonical cell -> padded engine square
    square: np.ndarray
    #: square target -> engine `(x, y)`: the H*W cells, then the ring of off-pitch squares
    xy: tuple[tuple[int, int], ...]
    #: padded engine square -> square target (cells, then ring squares)
    target: np.ndarray

    def targets_of_xy(self, squares: tuple[tuple[int, int], ...]) -> np.ndarray:
        """Square targets of engine `(x, y)` squares (on the pitch or just off it), vectorised."""
        arr = np.asarray(squares, dtype=np.int64).reshape(-1, 2)
        if arr.min() < -1 or (arr[:, 0] > self.width).any() or (arr[:, 1] > self.height).any():
            raise InputError(f"a square lies beyond the ring around the pitch: {squares}")
        out: np.ndarray = self.target[(arr[:, 1] + 1) * (self.width + 2) + arr[:, 0] + 1]
        return out


@cache
def side_layout(players: int, side: int) -> SideLayout:
    """The shared layout of board variant `players` seen by `side` (0 home, 1 away)."""
    b = board_for(players)
    w, h = b.width, b.height
    cell = np.full(b.size, -1, dtype=np.int64)
    row = np.zeros(b.size, dtype=np.int64)
    col = np.zeros(b.size, dtype=np.int64)
    square = np.zeros(w * h, dtype=np.int64)
    xy: list[tuple[int, int]] = [(0, 0)] * (w * h)
    target = np.zeros(b.size, dtype=np.int64)
    for sq in b.all_squares:
        x, y = b.xy(sq)
        cx = w - 1 - x if side else x
        c = y * w + cx
        cell[sq] = c
        row[sq] = y
        col[sq] = cx
        square[c] = sq
        xy[c] = (x, y)
        target[sq] = c
    # the ring of off-pitch squares (crowd pushes, throw-in edges), canonical row-major order
    ring = sorted(
        (sq for sq in range(b.size) if not b.on_pitch[sq]),
        key=lambda q: (b.ys[q], w - 1 - b.xs[q] if side else b.xs[q]),
    )
    for i, sq in enumerate(ring):
        target[sq] = w * h + i
        xy.append(b.xy(sq))
    for arr in (cell, row, col, square, target):
        arr.setflags(write=False)
    return SideLayout(b, side, h, w, cell, row, col, square, tuple(xy), target)
