"""Roll-free reach for positional moves: squares a player enters with no dodge, GFI or pick-up.

A breadth-first search over side-relative neighbours (forward first), so the away side's routes
are the mirror images of the home side's. The pathfinder is kept for moves that need rolls.
"""

from __future__ import annotations

from nuffle.core.actions import Square
from nuffle.core.procedures.movement import stand_up_cost
from nuffle.core.state import GameState
from nuffle.core.types import BallState, Status


def _neighbours(s: GameState, side: int) -> list[int]:
    st = s.board.stride
    f = 1 if side == 0 else -1
    return [dy * st + dx * f for dx, dy in ((1, 0), (1, -1), (1, 1), (0, -1), (0, 1),
                                            (-1, 0), (-1, -1), (-1, 1))]


def move_budget(s: GameState, pid: int) -> int:
    """Squares `pid` may move without Going For It (less the stand-up cost if prone)."""
    ma = s.info[pid].ma
    return ma if s.status[pid] != Status.PRONE else ma - stand_up_cost(s, pid)


def reach(s: GameState, pid: int, tz: list[int], budget: int | None = None) -> dict[int, int]:
    """Square -> parent square for every square reached without a roll (an unmarked player
    only; entering a tackle zone ends the route there; the loose ball's square is avoided)."""
    start = s.pos[pid]
    if budget is None:
        budget = move_budget(s, pid)
    if start < 0 or tz[start] > 0 or budget <= 0:
        return {}
    grid = s.grid
    nbs = _neighbours(s, s.pteam[pid])
    ball = s.ball if s.ball_state == BallState.ON_GROUND else -1
    parent = {start: -1}
    frontier = [start]
    for _ in range(budget):
        nxt = []
        for sq in frontier:
            if sq != start and tz[sq]:
                continue
            for o in nbs:
                n = sq + o
                if grid[n] == -1 and n not in parent and n != ball:
                    parent[n] = sq
                    nxt.append(n)
        if not nxt:
            break
        frontier = nxt
    del parent[start]
    return parent


def steps_to(s: GameState, parent: dict[int, int], end: int) -> list[Square]:
    """The squares from the start (excluded) to `end`, as (x, y)."""
    out = []
    sq = end
    while sq in parent:
        out.append(s.board.xy(sq))
        sq = parent[sq]
    out.reverse()
    return out
