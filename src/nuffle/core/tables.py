"""Dice templates shared by several rule areas."""

from __future__ import annotations

# D8 scatter / bounce template: result -> (dx, dy), with y growing down the pitch.
#   1 2 3
#   4 . 5
#   6 7 8
SCATTER: dict[int, tuple[int, int]] = {
    1: (-1, -1),
    2: (0, -1),
    3: (1, -1),
    4: (-1, 0),
    5: (1, 0),
    6: (-1, 1),
    7: (0, 1),
    8: (1, 1),
}
