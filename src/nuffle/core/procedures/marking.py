"""Marking on a test: the opposing players whose tackle zones count against a player's agility
or passing test (a pick-up, a catch, a pass, Passing Interference, a Throw Team-mate and its
landing). The C++ twin is rules.hpp's `test_zones`.
"""

from __future__ import annotations

from nuffle.core.hooks import Point
from nuffle.core.state import GameState

TEST_ZONE_IGNORED: Point[[GameState, int, int], bool] = Point(
    "marking.test_zone_ignored",
    "fn(s, q, pid) -> bool: opponent q's tackle zone puts no modifier on pid's agility or "
    "passing test (BB2020's Titchy). Asked with q's skills",
)


def test_zones(s: GameState, pid: int, sq: int) -> int:
    """The opponents of `pid` marking square `sq` for his test, less those whose zone
    TEST_ZONE_IGNORED ignores (none under LRB6: its count is `tackle_zones`)."""
    side = s.pteam[pid]
    if not TEST_ZONE_IGNORED.holders(s.info):
        return s.tackle_zones(sq, side)
    return sum(1 for q in s.tz_players(sq, side) if not TEST_ZONE_IGNORED.any(s.info[q].skills, s, q, pid))
