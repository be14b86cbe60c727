"""Pitch geometry for every board variant: flat square indices, zones and neighbours.

Squares are flat ints on a grid padded by one row/column of off-pitch squares on every side,
so neighbour lookups never need bounds checks. `(x, y)` coordinates are used at the API edge.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from importlib import resources

from nuffle.core.errors import InputError
from nuffle.core.types import AWAY, HOME

Square = tuple[int, int]

OFF = -2  # board value of an off-pitch square
EMPTY = -1  # board value of an empty on-pitch square


@dataclass(frozen=True, slots=True)
class Variant:
    """The limits of one board variant (1, 3, 5, 7 or 11 players)."""

    players: int
    width: int
    height: int
    wide_rows: int
    roster_size: int
    pitch_max: int
    los_min: int
    wide_max: int
    kick_scatter: str
    throw_in: str
    turns_per_half: int


class Board:
    """Immutable geometry of one pitch, shared by every state that uses it."""

    __slots__ = (
        "all_squares",
        "endzone_x",
        "half",
        "height",
        "los",
        "neighbours",
        "on_pitch",
        "size",
        "stride",
        "template",
        "variant",
        "wide",
        "width",
        "xs",
        "ys",
    )

    def __init__(self, variant: Variant) -> None:
        self.variant = variant
        w, h = variant.width, variant.height
        self.width = w
        self.height = h
        self.stride = w + 2
        self.size = (w + 2) * (h + 2)
        s = self.stride
        self.neighbours: tuple[int, ...] = (-s - 1, -s, -s + 1, -1, 1, s - 1, s, s + 1)
        self.xs = [(i % s) - 1 for i in range(self.size)]
        self.ys = [(i // s) - 1 for i in range(self.size)]
        self.on_pitch = [0 <= self.xs[i] < w and 0 <= self.ys[i] < h for i in range(self.size)]
        self.all_squares = tuple(i for i in range(self.size) if self.on_pitch[i])
        # Wide zone of each square: 0 centre, 1 top wing, 2 bottom wing.
        wr = variant.wide_rows
        self.wide = [
            (1 if self.ys[i] < wr else 2 if self.ys[i] >= h - wr else 0) if self.on_pitch[i] else 0
            for i in range(self.size)
        ]
        half_x = w // 2
        self.half: tuple[frozenset[int], frozenset[int]] = (
            frozenset(i for i in self.all_squares if self.xs[i] < half_x),
            frozenset(i for i in self.all_squares if self.xs[i] >= half_x),
        )
        self.los: tuple[frozenset[int], frozenset[int]] = (
            frozenset(
                i for i in self.all_squares if self.xs[i] == half_x - 1 and self.wide[i] == 0
            ),
            frozenset(i for i in self.all_squares if self.xs[i] == half_x and self.wide[i] == 0),
        )
        # The end zone each side scores in: home attacks x = w - 1, away attacks x = 0.
        self.endzone_x = (w - 1, 0)
        template = [OFF] * self.size
        for i in self.all_squares:
            template[i] = EMPTY
        self.template: tuple[int, ...] = tuple(template)

    def sq(self, x: int, y: int) -> int:
        """Flat index of `(x, y)`; off-pitch coordinates next to the pitch are allowed."""
        return (y + 1) * self.stride + (x + 1)

    def xy(self, sq: int) -> Square:
        """The `(x, y)` coordinates of a flat index."""
        return (self.xs[sq], self.ys[sq])

    def is_on(self, x: int, y: int) -> bool:
        """Whether `(x, y)` lies on the pitch."""
        return 0 <= x < self.width and 0 <= y < self.height

    def scoring_side_at(self, sq: int) -> int:
        """The side that scores by standing with the ball on `sq`, or -1 if none."""
        x = self.xs[sq]
        if x == self.width - 1:
            return HOME
        if x == 0:
            return AWAY
        return -1

    def distance(self, a: int, b: int) -> int:
        """Chebyshev distance between two squares."""
        return max(abs(self.xs[a] - self.xs[b]), abs(self.ys[a] - self.ys[b]))

    def own_half(self, side: int) -> frozenset[int]:
        """Squares of the half that `side` defends (home defends x = 0)."""
        return self.half[side]


def _load_variants() -> dict[int, Variant]:
    text = resources.files("nuffle.data").joinpath("boards.json").read_text()
    raw = json.loads(text)
    out: dict[int, Variant] = {}
    for key, spec in raw.items():
        if key.startswith("_"):
            continue
        out[int(key)] = Variant(players=int(key), **spec)
    return out


VARIANTS = _load_variants()


@cache
def board_for(players: int) -> Board:
    """The shared `Board` of the variant with `players` a side."""
    if players not in VARIANTS:
        raise InputError(
            f"unknown board variant {players!r}: choose one of {sorted(VARIANTS)}"
        )
    return Board(VARIANTS[players])
