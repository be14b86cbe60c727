"""Cheap movement helpers the bots share: tackle-zone maps and roll-free reach (squares a player
enters with no dodge, GFI or pick-up), with no pathfinder call."""

from __future__ import annotations

from collections.abc import Sequence

from nuffle.core.state import GameState
from nuffle.core.types import BallState


def tz_map(s: GameState, side: int) -> list[int]:
    """For every square index, the number of opposing tackle zones on it (for `side`)."""
    out = [0] * s.board.size
    nb = s.board.neighbours
    for q in s.ranges[1 - side]:
        p = s.pos[q]
        if p >= 0 and s.exerts_tz(q):
            for o in nb:
                out[p + o] += 1
    return out


def roll_free_reach(s: GameState, pid: int, budget: int, tz: list[int],
                    neighbours: Sequence[int] | None = None) -> dict[int, int]:
    """Square -> parent square for every square `pid` reaches in `budget` steps with no roll at
    all, breadth first over `neighbours` (square offsets, in the order tried; the board's by
    default). Only an unmarked player gets any; entering a tackle zone ends the route there,
    and the loose ball's square (a pick-up) is avoided."""
    start = s.pos[pid]
    if start < 0 or tz[start] > 0 or budget <= 0:
        return {}
    grid = s.grid
    nb = s.board.neighbours if neighbours is None else neighbours
    ball = s.ball if s.ball_state == BallState.ON_GROUND else -1
    parent = {start: -1}
    frontier = [start]
    for _ in range(budget):
        nxt = []
        for sq in frontier:
            if sq != start and tz[sq]:
                continue
            for o in nb:
                n = sq + o
                if grid[n] == -1 and n not in parent and n != ball:
                    parent[n] = sq
                    nxt.append(n)
        if not nxt:
            break
        frontier = nxt
    del parent[start]
    return parent


def route(parent: dict[int, int], end: int) -> list[int]:
    """The squares from the start (excluded) to `end` along `parent` links."""
    out = []
    sq = end
    while sq in parent:
        out.append(sq)
        sq = parent[sq]
    out.reverse()
    return out
