"""Roll-free reach for positional moves: squares a player enters with no dodge, GFI or pick-up.

A breadth-first search over side-relative neighbours (forward first), so the away side's routes
are the mirror images of the home side's. The pathfinder is kept for moves that need rolls.
"""

from __future__ import annotations

from nuffle.agents.reach import roll_free_reach, route
from nuffle.core.actions import Square
from nuffle.core.procedures.movement import stand_up_cost
from nuffle.core.state import GameState
from nuffle.core.types import Status


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
    only; entering a tackle zone ends the route there; the loose ball's square is avoided),
    forward squares tried first."""
    if budget is None:
        budget = move_budget(s, pid)
    return roll_free_reach(s, pid, budget, tz, _neighbours(s, s.pteam[pid]))


def steps_to(s: GameState, parent: dict[int, int], end: int) -> list[Square]:
    """The squares from the start (excluded) to `end`, as (x, y)."""
    return [s.board.xy(sq) for sq in route(parent, end)]
