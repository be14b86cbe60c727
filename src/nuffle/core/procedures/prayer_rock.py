"""BB2020's Throw a Rock prayer (TABLES §12): when an opposing player stalls, at the end of his
team's turn a D6 of 5+ knocks him down (armour roll; a ball he held bounces).

Stalling (RULES §7, a [?] point; docs/RULES_NOTES.md): at the end of a team turn that did not
end with a touchdown (nor the kick-off table's Blitz), a player of that team stalls when he
stands holding the ball, took no action this turn, is Open, and could have walked into the end
zone he attacks with certainty: within his MA, no Rush, through empty squares none of which but
the last is in an opposing tackle zone (no Dodge). The C++ twin is procs/prayers.hpp's
`staller` and `prayer_rock_run`.
"""

from __future__ import annotations

from typing import Final

from nuffle.core.dice import Chance, Dice
from nuffle.core.procedures.base import Phases, Procedure
from nuffle.core.procedures.injury import KnockDown
from nuffle.core.procedures.prayers import active
from nuffle.core.state import GameState
from nuffle.core.types import PF, Status

THROW_A_ROCK: Final = "Throw a Rock"
ROCK_HITS: Final = 5  # the D6 hits on this or more


def staller(s: GameState, side: int) -> int:
    """The player of `side` who stalls at the end of its turn while the other team has Throw a
    Rock in effect, or -1."""
    if not s.teams[1 - side].prayers or not active(s, 1 - side, THROW_A_ROCK):
        return -1
    c = s.carrier()
    if c < 0 or s.pteam[c] != side or s.status[c] != Status.STANDING or s.pflags[c] & (PF.USED | PF.ROOTED):
        return -1
    if s.tackle_zones(s.pos[c], side):
        return -1
    return c if _walks_in(s, c) else -1


def _walks_in(s: GameState, pid: int) -> bool:
    """Whether `pid` reaches the end zone he attacks in at most MA steps through empty squares,
    leaving none in an opposing tackle zone."""
    side = s.pteam[pid]
    board = s.board
    seen = {s.pos[pid]}
    frontier = [s.pos[pid]]
    for _ in range(s.info[pid].ma):
        nxt = []
        for sq in frontier:
            for off in board.neighbours:
                q = sq + off
                if q in seen or s.grid[q] != -1:
                    continue
                if board.scoring_side_at(q) == side:
                    return True
                seen.add(q)
                if not s.tackle_zones(q, side):
                    nxt.append(q)
        frontier = nxt
    return False


class PrayerRockPhase(Phases):
    """PrayerRock: the D6."""

    ROLLED: Final = 1


class PrayerRock(Procedure):
    """Throw a Rock at the stalling player `pid`: a D6, 5+ knocks him down (not a turnover)."""

    frame = "prayer_rock"
    phases = PrayerRockPhase

    __slots__ = ("pid",)

    def __init__(self, pid: int) -> None:
        super().__init__()
        self.pid = pid

    def run(self, s: GameState) -> None:
        if self.phase == PrayerRockPhase.START:
            self.phase = PrayerRockPhase.ROLLED
            s.request(Chance(Dice.D6, 1, "thrown rock"))
            return
        s.pop()
        if s.die() >= ROCK_HITS:
            s.push(KnockDown(self.pid, turnover=False))
