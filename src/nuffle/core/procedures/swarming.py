"""After both set-ups (BB2020): the AFTER_SETUPS skills act before the kick (Swarming).

Swarming (SKILLS.md, BB2020 only): a team with Swarming players in its reserves rolls a D3 and
may place up to that many of them in its own half, off the line of scrimmage and out of the wide
zones, even beyond 11 on the pitch; the kicking team first. The coach places them with the
set-up's own decision and actions (DecisionKind.SETUP: PLACE_PLAYER, END_SETUP), so the action
space is unchanged. The C++ twin is procs/swarming.hpp.
"""

from __future__ import annotations

from typing import Final

from nuffle.core.actions import Action, ActionChoice, ActionType, LegalActions
from nuffle.core.decision import DecisionKind as DK
from nuffle.core.dice import Chance, Dice
from nuffle.core.hooks import Point
from nuffle.core.procedures.base import Phases, Procedure
from nuffle.core.skills import Skill
from nuffle.core.state import GameState
from nuffle.core.types import PF, Status, other

AFTER_SETUPS: Point[[GameState, int], None] = Point(
    "drive.after_setups",
    "fn(s, side) -> None: acts once both teams have set up, before the kick, for `side` (the "
    "receiving team's first, then the kicking team's: the kicking team's resolves first); may "
    "push a procedure (Swarming). Called once for each skill some reserve of `side` has",
)


def reserves(s: GameState, side: int) -> list[int]:
    """`side`'s players in the reserves who may be set up (not heat-exhausted)."""
    return [p for p in s.ranges[side]
            if s.pos[p] < 0 and s.status[p] == Status.RESERVE and not s.pflags[p] & PF.HEAT]


def after_setups(s: GameState) -> bool:
    """Fire AFTER_SETUPS for both teams; whether a procedure was pushed."""
    depth = len(s.stack)
    for side in (other(s.kicking), s.kicking):
        present = {sk for p in reserves(s, side) for sk in s.info[p].skills if sk in AFTER_SETUPS.handlers}
        if present:
            AFTER_SETUPS.each(s.rules.skill_set(frozenset(present)), s, side)
    return len(s.stack) > depth


def swarming_squares(s: GameState, side: int) -> list[int]:
    """The empty squares of `side`'s half a Swarming player may be placed on: not on the line
    of scrimmage, not in a wide zone (flat order)."""
    b = s.board
    los = b.los[side]
    return [q for q in sorted(b.own_half(side)) if s.grid[q] == -1 and q not in los and b.wide[q] == 0]


def swarmers(s: GameState, side: int) -> list[int]:
    """`side`'s reserves with Swarming."""
    return [p for p in reserves(s, side) if Skill.SWARMING in s.info[p].skills]


class SwarmingPhase(Phases):
    """Swarming: the D3, then the placements."""

    ROLLED: Final = 1
    PLACING: Final = 2


class Swarming(Procedure):
    """`side` places up to D3 of its Swarming reserves (see the module docstring)."""

    frame = "swarming"
    phases = SwarmingPhase

    __slots__ = ("limit", "placed", "side")

    def __init__(self, side: int) -> None:
        super().__init__()
        self.side = side
        self.limit = 0  # the D3
        self.placed = 0  # Swarming players placed so far

    def run(self, s: GameState) -> None:
        if self.phase == SwarmingPhase.START:
            self.phase = SwarmingPhase.ROLLED
            s.request(Chance(Dice.D3, 1, "swarming"))
            return
        if self.phase == SwarmingPhase.ROLLED:
            self.limit = s.die()
            self.phase = SwarmingPhase.PLACING
        s.wait(self.side, DK.SETUP)

    def legal(self, s: GameState) -> LegalActions:
        b = s.board
        groups = []
        if self.placed < self.limit:
            movers = tuple(swarmers(s, self.side))
            squares = tuple(b.xy(q) for q in swarming_squares(s, self.side))
            if movers and squares:
                groups.append(ActionChoice(ActionType.PLACE_PLAYER, movers, squares))
        groups.append(ActionChoice(ActionType.END_SETUP))
        return LegalActions(groups)

    def act(self, s: GameState, action: Action) -> None:
        if action.type == ActionType.END_SETUP:
            s.pop()
            return
        assert action.player is not None and action.square is not None
        s.place(action.player, s.board.sq(*action.square))
        self.placed += 1

