"""Pathfinding queries: the safest route to every square a player can reach.

The search itself (`PathSearch`, `Path`, `search`) lives in `nuffle.core.paths`, since the
engine walks assisted moves along its paths; this module is the query front end that tools,
bots and the odds toolkit use. See docs/PATHFINDING.md.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from nuffle.core.paths import Path, PathSearch, search
from nuffle.core.state import GameState

if TYPE_CHECKING:
    from nuffle.core.game import Game

Square = tuple[int, int]

__all__ = [
    "Path",
    "PathSearch",
    "all_paths",
    "blitz_paths",
    "endzone_path",
    "foul_paths",
    "handoff_paths",
    "path_to",
    "search",
]


def all_paths(g: Game | GameState, pid: int, moves_used: int = 0, **kw: Any) -> dict[Square, Path]:
    """Every square `pid` can reach this action, each with its safest path."""
    return search(g, pid, moves_used, **kw).all()


def path_to(g: Game | GameState, pid: int, target: Square, moves_used: int = 0, **kw: Any) -> Path | None:
    """The safest path for `pid` to `target`, or None."""
    return search(g, pid, moves_used, **kw).path(target)


def endzone_path(g: Game | GameState, pid: int, moves_used: int = 0, **kw: Any) -> Path | None:
    """The safest path for `pid` into the end zone he attacks, or None."""
    return search(g, pid, moves_used, **kw).endzone()


def blitz_paths(g: Game | GameState, pid: int, moves_used: int = 0, **kw: Any) -> dict[Square, Path]:
    """Per standing opponent (keyed by his square), the safest path to blitz him."""
    return search(g, pid, moves_used, **kw).blitz()


def handoff_paths(g: Game | GameState, pid: int, moves_used: int = 0, **kw: Any) -> dict[Square, Path]:
    """Per standing team-mate (keyed by his square), the safest path to hand off to him."""
    return search(g, pid, moves_used, **kw).handoff()


def foul_paths(g: Game | GameState, pid: int, moves_used: int = 0, **kw: Any) -> dict[Square, Path]:
    """Per prone or stunned opponent (keyed by his square), the safest path to foul him."""
    return search(g, pid, moves_used, **kw).foul()
