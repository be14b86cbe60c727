"""Ball & Chain movement: each square goes where the throw-in template sends it; entering an
occupied square blocks a standing player (of either team, with a forced follow-up) or pushes a
prone or stunned one, who then takes an armour roll.

The coach aims the template (SELECT_SQUARE on the orthogonally adjacent square it points at),
a D6 picks one of its three squares (1-2 one diagonal, 3-4 straight on, 5-6 the other
diagonal, as for a throw-in). A Go For It square is rolled for before the direction.
"""

from __future__ import annotations

from typing import Final

from nuffle.core.actions import ActionChoice, ActionType, LegalActions, Square
from nuffle.core.dice import Chance, Dice
from nuffle.core.procedures.ball import Pickup, check_touchdown
from nuffle.core.procedures.base import Phases, Procedure
from nuffle.core.procedures.block import Block, BlockPhase
from nuffle.core.procedures.injury import KnockDown
from nuffle.core.procedures.movement import gfi_target
from nuffle.core.procedures.prayers import rush_modifier
from nuffle.core.procedures.push import CrowdSurf, Push, resolve_crowd
from nuffle.core.procedures.rolls import PlayerRoll
from nuffle.core.state import GameState
from nuffle.core.types import BallState, RollKind, Status

# The template's three squares (by D6 1-2, 3-4, 5-6) for each aim, as for a throw-in.
TEMPLATE: dict[tuple[int, int], tuple[tuple[int, int], ...]] = {
    (1, 0): ((1, -1), (1, 0), (1, 1)),
    (-1, 0): ((-1, 1), (-1, 0), (-1, -1)),
    (0, 1): ((1, 1), (0, 1), (-1, 1)),
    (0, -1): ((-1, -1), (0, -1), (1, -1)),
}


def aim_squares(s: GameState, pid: int) -> tuple[Square, ...]:
    """The squares the template may be aimed at: the orthogonal neighbours on the pitch."""
    b = s.board
    x, y = b.xy(s.pos[pid])
    return tuple((x + dx, y + dy) for dx, dy in TEMPLATE if b.is_on(x + dx, y + dy))


class ChainBlock(Block):
    """A Ball & Chain player's block: he must follow up, and against a team-mate his own coach
    picks the die."""

    frame = "chain_block"

    __slots__ = ()

    def run(self, s: GameState) -> None:
        if self.phase == BlockPhase.DICE and s.pteam[self.defender] == s.pteam[self.attacker]:
            self.attacker_chooses = True
        super().run(s)

    def legal(self, s: GameState) -> LegalActions:
        if self.phase == BlockPhase.FOLLOW_UP:
            return LegalActions([ActionChoice(ActionType.FOLLOW_UP)])
        return super().legal(s)


class ChainStepPhase(Phases):
    """ChainStep: a GFI, the direction die, then a block or push of whoever is there."""

    GFI_ROLLED: Final = 1
    DIRECTION: Final = 2
    DIRECTION_ROLLED: Final = 3
    BLOCKED: Final = 4
    PUSHED: Final = 5
    CROWD: Final = 6
    ARMOUR: Final = 7
    DONE: Final = 9


class ChainStep(Procedure):
    """One square of a Ball & Chain move, the template aimed along `aim` (a unit vector)."""

    frame = "chain_step"
    phases = ChainStepPhase

    __slots__ = ("aim", "dest", "gfi", "pid", "victim", "was_stunned")

    def __init__(self, pid: int, aim: tuple[int, int], gfi: bool) -> None:
        super().__init__()
        self.pid = pid
        self.aim = aim
        self.gfi = gfi
        self.dest = -1
        self.victim = -1
        self.was_stunned = False

    def run(self, s: GameState) -> None:
        pid = self.pid
        ph = self.phase
        if ph == ChainStepPhase.START:
            self.phase = ChainStepPhase.DIRECTION
            if self.gfi:
                self.phase = ChainStepPhase.GFI_ROLLED
                rush = rush_modifier(s, s.pteam[pid])  # Moles under the Pitch (BB2020)
                s.push(PlayerRoll(RollKind.GFI, pid, gfi_target(s), rush, agility=False))
                return
        elif ph == ChainStepPhase.GFI_ROLLED:
            if not s.ok:  # he falls in the square he is in
                self.phase = ChainStepPhase.DONE
                s.push(KnockDown(pid))
                return
            self.phase = ChainStepPhase.DIRECTION
        if self.phase == ChainStepPhase.DIRECTION:
            self.phase = ChainStepPhase.DIRECTION_ROLLED
            s.request(Chance(Dice.D6, 1, "ball & chain direction"))
            return
        if self.phase == ChainStepPhase.DIRECTION_ROLLED:
            self._enter(s, s.die())
            return
        if self.phase == ChainStepPhase.BLOCKED:  # a standing player was blocked
            v = self.victim
            if s.pteam[v] == s.pteam[pid] and s.status[v] != Status.STANDING:
                s.turnover = True  # a team-mate knocked down or hurt by the block
            s.pop()
            return
        if self.phase == ChainStepPhase.PUSHED:  # a prone or stunned player was pushed: follow him
            if s.grid[self.dest] == -1 and s.status[pid] == Status.STANDING:
                s.move_player(pid, self.dest)
            self.phase = ChainStepPhase.CROWD
        if self.phase == ChainStepPhase.CROWD:
            if resolve_crowd(s):
                return
            self.phase = ChainStepPhase.ARMOUR
            if s.pos[self.victim] >= 0:
                s.push(KnockDown(self.victim, turnover=False))  # the armour roll
                return
        if self.phase == ChainStepPhase.ARMOUR:
            v = self.victim
            if self.was_stunned and s.status[v] == Status.PRONE:
                s.status[v] = Status.STUNNED  # his armour held: he stays as he was
            if s.pos[pid] >= 0:
                check_touchdown(s, pid)
        s.pop()

    def _enter(self, s: GameState, d6: int) -> None:
        """Move into the square the template gives, blocking or pushing whoever is there."""
        pid = self.pid
        b = s.board
        x, y = b.xy(s.pos[pid])
        dx, dy = TEMPLATE[self.aim][(d6 - 1) // 2]
        dest = b.sq(x + dx, y + dy)
        self.dest = dest
        self.phase = ChainStepPhase.DONE
        if not b.is_on(x + dx, y + dy):  # into the crowd
            last = s.pos[pid]
            had_ball = s.ball_state == BallState.CARRIED and s.ball == last
            if had_ball:
                s.ball_state = BallState.IN_AIR  # the crowd has it until the throw-in
                s.turnover = True
            s.remove(pid, Status.RESERVE)
            s.push(CrowdSurf(pid, last, dest, had_ball))
            return
        occupant = s.grid[dest]
        if occupant < 0:
            s.move_player(pid, dest)
            if s.ball == dest and s.ball_state == BallState.ON_GROUND:
                s.push(Pickup(pid))
                return
            check_touchdown(s, pid)
            s.pop()
            return
        self.victim = occupant
        if s.status[occupant] == Status.STANDING:
            self.phase = ChainStepPhase.BLOCKED
            s.push(ChainBlock(pid, occupant))
            return
        self.was_stunned = s.status[occupant] == Status.STUNNED
        self.phase = ChainStepPhase.PUSHED
        s.push(Push(occupant, s.pos[pid], pid))
