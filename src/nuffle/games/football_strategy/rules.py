"""Fixed rule numbers of nuffle's Football Strategy: clock costs, kick tables, field goals.

Every kick is decided by two six-sided dice (2d6), as in the board game; the tables map the
dice total to a result.
"""

from __future__ import annotations

from types import MappingProxyType
from typing import Final

QUARTERS: Final = 4
QUARTER_SECONDS: Final = 15 * 60
TIMEOUTS_PER_HALF: Final = 3
FIELD_LENGTH: Final = 100
FIRST_DOWN_YARDS: Final = 10

TOUCHDOWN_POINTS: Final = 6
EXTRA_POINT_POINTS: Final = 1
FIELD_GOAL_POINTS: Final = 3
SAFETY_POINTS: Final = 2
#: The extra point is good unless a single die shows this or less (5 chances in 6).
EXTRA_POINT_MISS_MAX: Final = 1

# Game-clock seconds used by each kind of play.
RUN_SECONDS: Final = 6
COMPLETE_PASS_SECONDS: Final = 7
INCOMPLETE_SECONDS: Final = 5
TURNOVER_SECONDS: Final = 8
PENALTY_SECONDS: Final = 4
PUNT_SECONDS: Final = 10
FIELD_GOAL_SECONDS: Final = 5
KICKOFF_SECONDS: Final = 6
#: Seconds that run off between plays while the clock keeps running (saved by a timeout).
HUDDLE_SECONDS: Final = 30

#: A fake punt (a chart play called from punt formation) loses this many yards of its gain.
FAKE_PUNT_PENALTY_YARDS: Final = 5

#: Where the receiving team starts after a kick-off from the 35, by 2d6 total.
#: ``None`` is a muffed return recovered by the kicking team at the receivers' 25.
KICKOFF_START: Final = MappingProxyType(
    {2: None, 3: 12, 4: 16, 5: 19, 6: 22, 7: 25, 8: 25, 9: 27, 10: 31, 11: 38, 12: 50}
)
KICKOFF_MUFF_SPOT: Final = 25
#: A free kick after a safety (from the kicking team's 20) gives the receivers this much more.
SAFETY_KICK_BONUS: Final = 15

#: Net yards of a punt from punt formation by 2d6 total; ``None`` means blocked.
PUNT_NET: Final = MappingProxyType(
    {2: None, 3: 30, 4: 33, 5: 36, 6: 39, 7: 41, 8: 43, 9: 45, 10: 47, 11: 50, 12: 55}
)
#: A blocked punt is recovered by the defence this many yards behind the line.
BLOCKED_PUNT_LOSS: Final = 8
#: Net yards of a quick kick (the punt callable from normal formation) by 2d6 total.
QUICK_KICK_NET: Final = MappingProxyType(
    {2: 18, 3: 24, 4: 27, 5: 30, 6: 33, 7: 35, 8: 37, 9: 40, 10: 43, 11: 47, 12: 52}
)
#: A kick that reaches the end zone is a touchback: the receivers start at their 20.
TOUCHBACK_SPOT: Final = 20

#: A field goal's distance is the yards to the goal line plus this (snap and end zone).
FIELD_GOAL_EXTRA_YARDS: Final = 17
MAX_FIELD_GOAL_DISTANCE: Final = 55
#: (longest distance, lowest 2d6 total that is good), in increasing distance.
FIELD_GOAL_NEEDS: Final = (
    (25, 3),
    (30, 4),
    (35, 5),
    (40, 6),
    (45, 7),
    (50, 8),
    (55, 10),
)

#: Probability of each 2d6 total.
TWO_DICE: Final = MappingProxyType({total: (6 - abs(total - 7)) / 36 for total in range(2, 13)})


def field_goal_distance(ball_on: int) -> int:
    """Kick distance of a field goal tried with the ball on the offense's ``ball_on``."""
    return FIELD_LENGTH - ball_on + FIELD_GOAL_EXTRA_YARDS


def field_goal_need(ball_on: int) -> int | None:
    """Lowest 2d6 total that makes the kick, or None when out of range."""
    distance = field_goal_distance(ball_on)
    for longest, need in FIELD_GOAL_NEEDS:
        if distance <= longest:
            return need
    return None


def field_goal_probability(ball_on: int) -> float:
    """Chance that a field goal tried from ``ball_on`` is good (0 when out of range)."""
    need = field_goal_need(ball_on)
    if need is None:
        return 0.0
    return sum(p for total, p in TWO_DICE.items() if total >= need)


def missed_field_goal_spot(ball_on: int) -> int:
    """Where the defence takes over after a miss, in its own yards: spot of kick, at least 20."""
    return max(TOUCHBACK_SPOT, FIELD_LENGTH - ball_on + 7)
