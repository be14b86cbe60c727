"""Movement: dodging, leaping, Going For It, standing up, tackle-zone effects.

Sprint, Stunty (dodge part), Tackle (Dodge re-roll part), Two Heads, Titchy, Prehensile Tail,
Diving Tackle, Tentacles, Shadowing, Break Tackle, Leap, Very Long Legs (Leap part), Jump Up.
The choices made where the rules are unsure are in docs/RULES_NOTES.md ("Skills: movement
and dodging").
"""

from __future__ import annotations

from typing import Final

from nuffle.core.actions import Action, ActionChoice, ActionType
from nuffle.core.characteristics import ag_target
from nuffle.core.dice import GROUP_SUM, Chance, Dice
from nuffle.core.procedures.action import (
    ACTION_CHOICES,
    STAND_UP_ROLL,
    PlayerAction,
    PlayerActionPhase,
    skill_action,
)
from nuffle.core.procedures.ball import Bounce, check_touchdown, drop_ball_if_carried
from nuffle.core.procedures.base import Phases, Procedure
from nuffle.core.procedures.movement import (
    AFTER_LEAVING,
    BEFORE_LEAVING,
    DEST_ZONE_IGNORED,
    DODGE_MODIFIER,
    DODGE_REROLL_CANCEL,
    DODGE_ROLL_REACTION,
    DODGE_STAT,
    DODGE_ZONES_IGNORED,
    GFI_ALLOWANCE,
    LEAP_MODIFIER,
    LEFT_ZONE_MODIFIER,
    STAND_UP_COST,
    MoveStep,
    max_gfi,
)
from nuffle.core.procedures.rolls import PlayerRoll
from nuffle.core.procedures.turn import DECLARATIONS, Turn, add_player
from nuffle.core.skills import Skill
from nuffle.core.state import GameState
from nuffle.core.types import PF, RollKind, Status

# --- Going For It ---------------------------------------------------------------------------


@GFI_ALLOWANCE.on(Skill.SPRINT)
def _sprint(s: GameState, pid: int) -> int:
    return 1


# --- dodge modifiers and re-roll ------------------------------------------------------------


@DODGE_ZONES_IGNORED.on(Skill.STUNTY)
def _stunty(s: GameState, pid: int) -> bool:
    return Skill.SECRET_WEAPON not in s.info[pid].skills


@DODGE_MODIFIER.on(Skill.TWO_HEADS, Skill.TITCHY)
def _plus_one(s: GameState, pid: int, start: int, dest: int) -> int:
    return 1


@DEST_ZONE_IGNORED.on(Skill.TITCHY)
def _titchy_zone(s: GameState, pid: int, q: int) -> bool:
    return True


@LEFT_ZONE_MODIFIER.on(Skill.PREHENSILE_TAIL)
def _prehensile_tail(s: GameState, pid: int, q: int) -> int:
    return -1


@DODGE_REROLL_CANCEL.on(Skill.TACKLE)
def _tackle(s: GameState, pid: int, q: int) -> bool:
    return True


@DODGE_STAT.on(Skill.BREAK_TACKLE)
def _break_tackle(s: GameState, pid: int, use: bool) -> int:
    if s.pflags[pid] & PF.BREAK_TACKLE_USED:
        return 0
    if use:
        s.pflags[pid] |= PF.BREAK_TACKLE_USED
    return s.info[pid].st


# --- Diving Tackle --------------------------------------------------------------------------


@DODGE_ROLL_REACTION.on(Skill.DIVING_TACKLE)
def _diving_tackle(s: GameState, pid: int, q: int, start: int, dest: int, use: bool) -> int:
    if not use:
        return -2
    # The dodger has left `start`: the tackler is Placed Prone there (no armour, no turnover).
    if s.grid[start] == -1:
        s.move_player(q, start)
    s.status[q] = Status.PRONE
    if drop_ball_if_carried(s, q):
        s.push(Bounce(s.pos[q]))
    return -2


# --- Tentacles and Shadowing ----------------------------------------------------------------


class TentaclesRollPhase(Phases):
    """TentaclesRoll: the 2D6."""

    ROLLED: Final = 1


class TentaclesRoll(Procedure):
    """2D6 + mover's ST - tentacle player's ST: 5 or less holds the mover (s.ok = True)."""

    frame = "tentacles_roll"
    phases = TentaclesRollPhase

    __slots__ = ("holder", "mover")

    def __init__(self, mover: int, holder: int) -> None:
        super().__init__()
        self.mover = mover
        self.holder = holder

    def run(self, s: GameState) -> None:
        if self.phase == TentaclesRollPhase.START:
            self.phase = TentaclesRollPhase.ROLLED
            s.request(Chance(Dice.TWO_D6, 1, "tentacles", GROUP_SUM))
            return
        a, b = s.dice()
        s.ok = a + b + s.info[self.mover].st - s.info[self.holder].st <= 5
        s.pop()


class ShadowingRollPhase(Phases):
    """ShadowingRoll: the 2D6."""

    ROLLED: Final = 1


class ShadowingRoll(Procedure):
    """2D6 + mover's MA - shadower's MA: 7 or less lets the shadower step into `square`."""

    frame = "shadowing_roll"
    phases = ShadowingRollPhase

    __slots__ = ("mover", "shadower", "square")

    def __init__(self, mover: int, shadower: int, square: int) -> None:
        super().__init__()
        self.mover = mover
        self.shadower = shadower
        self.square = square

    def run(self, s: GameState) -> None:
        if self.phase == ShadowingRollPhase.START:
            self.phase = ShadowingRollPhase.ROLLED
            s.request(Chance(Dice.TWO_D6, 1, "shadowing", GROUP_SUM))
            return
        a, b = s.dice()
        q = self.shadower
        if a + b + s.info[self.mover].ma - s.info[q].ma <= 7 and s.grid[self.square] == -1:
            s.move_player(q, self.square)  # free, no dodge
            check_touchdown(s, q)
        s.pop()


@BEFORE_LEAVING.on(Skill.TENTACLES)
def _tentacles(s: GameState, step: MoveStep, q: int, use: bool) -> bool:
    if use:
        s.push(TentaclesRoll(step.pid, q))
    return True


@AFTER_LEAVING.on(Skill.SHADOWING)
def _shadowing(s: GameState, step: MoveStep, q: int, use: bool) -> bool:
    if s.grid[step.start] != -1:
        return False
    if use:
        s.push(ShadowingRoll(step.pid, q, step.start))
    return True


# --- Leap and Very Long Legs ----------------------------------------------------------------

@LEAP_MODIFIER.on(Skill.VERY_LONG_LEGS)
def _very_long_legs(s: GameState, pid: int) -> int:
    return 1


def leap_squares(s: GameState, pid: int) -> tuple[tuple[int, int], ...]:
    """Empty pitch squares within two squares of `pid` (distance 1 included)."""
    b = s.board
    x0, y0 = b.xy(s.pos[pid])
    out = []
    for dy in range(-2, 3):
        for dx in range(-2, 3):
            x, y = x0 + dx, y0 + dy
            if (dx or dy) and b.is_on(x, y) and s.grid[b.sq(x, y)] == -1:
                out.append((x, y))
    return tuple(out)


def leap_gfis(s: GameState, pid: int, moves: int) -> int:
    """Going For It rolls a Leap of `pid` takes after `moves` squares of his action (it costs
    two squares of movement)."""
    return max(0, min(2, moves + 2 - s.info[pid].ma))


@ACTION_CHOICES.on(Skill.LEAP)
def _leap_choices(s: GameState, action: PlayerAction, groups: list[ActionChoice]) -> None:
    pid = action.pid
    if not action.kind.moving_action or s.pflags[pid] & PF.LEAP_USED:
        return
    if action.moves + 2 > s.info[pid].ma + max_gfi(s, pid):
        return
    squares = leap_squares(s, pid)
    if squares:
        groups.append(ActionChoice(ActionType.LEAP, (), squares))


@skill_action(ActionType.LEAP)
def _leap(s: GameState, action: PlayerAction, chosen: Action) -> None:
    pid = action.pid
    assert chosen.square is not None
    dest = s.board.sq(*chosen.square)
    gfis = leap_gfis(s, pid, action.moves)
    action.moves += 2
    action.path.clear()
    action.then = -1
    s.pflags[pid] |= PF.LEAP_USED
    action.phase = PlayerActionPhase.STEPPED
    s.push(MoveStep(pid, dest, gfis, leap=True))


# --- Jump Up --------------------------------------------------------------------------------


@STAND_UP_COST.on(Skill.JUMP_UP)
def _jump_up_cost(s: GameState, pid: int, action: PlayerAction | None) -> int:
    return 0


@STAND_UP_ROLL.on(Skill.JUMP_UP)
def _jump_up_block(s: GameState, action: PlayerAction) -> bool:
    if action.kind != ActionType.START_BLOCK:
        return False
    pid = action.pid
    s.push(PlayerRoll(RollKind.JUMP_UP, pid, ag_target(s, pid), 2))
    return True


@DECLARATIONS.on(Skill.JUMP_UP)
def _jump_up_declare(s: GameState, turn: Turn, pid: int, groups: list[ActionChoice]) -> list[ActionChoice]:
    if s.status[pid] != Status.PRONE:
        return groups
    side = s.pteam[pid]
    for q in s.adjacent_players(s.pos[pid]):
        if s.pteam[q] != side and s.status[q] == Status.STANDING:
            return add_player(groups, ActionType.START_BLOCK, pid)
    return groups
