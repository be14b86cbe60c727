"""BB2020's movement skills where they differ from LRB6 (SKILLS.md; the choices in
docs/RULES_NOTES.md, "BB2020 on the engines"). The C++ twins are in skill_rules/
movement_skills.hpp, action_skills.hpp, queries.hpp and block_skills.hpp (handlers) and
procs/movement_skills.hpp (the BB2020 Tentacles and Shadowing rolls, HitAndRun).

Jumping (procedures/jump.py, `movement.jump_modifier`): Leap (BB2020's own choices) and Pogo
Stick let a player Jump, once per activation, to any empty square two away whatever lies
between; at JUMP_NEGATIVES Leap and Very Long Legs lessen the Jump roll's negative modifiers by
1, to no less than -1, and Pogo Stick ignores them all.

Jump Up: BB2020's roll to stand for a Block is an Agility test at +1 (LRB6 +2). Drunkard: -1 to
his Rush (Going For It) rolls (`movement.rush_modifier`).

Break Tackle (BB2020's own handler at DODGE_STAT): once per turn +1 to a dodge, +2 with ST 5 or
more, offered before the roll when it lowers the roll needed (LRB6's offer); the "stat" it gives
is the LRB6 rating whose roll is his Agility test less the bonus (`characteristics.rating_target`).
Diving Tackle acts on a Jump or Leap out of his zone as on a dodge (MoveStep, where the ruleset
has Jump).

Titchy (BB2020's own handler at TEST_ZONE_IGNORED): besides LRB6's +1 dodge and dodging into his
zone, his zone puts no modifier on an opponent's pick-up, catch, pass, Passing Interference or
landing (`marking.test_zones`).

Stunty (BB2020's own handler at DODGE_ZONES_IGNORED): his dodge ignores the marking on the
destination unless he has Bombardier, Chainsaw or Swoop (LRB6's exception was Secret Weapon).

Hit and Run (AFTER_BLOCK): once the block of his Block action (not a Blitz, not a Multiple
Block) has resolved with him standing, he may move one free square (no dodge, no Rush) to an
empty square next to him with no opposing player next to it (neither marked nor marking) and no
ball on it (`hit_and_run_squares`; the HitAndRun choice).

Tentacles and Shadowing (BB2020's own handlers at BEFORE_LEAVING and AFTER_LEAVING, as LRB6's on
a dodge, a Leap or a Jump out of his zone) roll a D6 instead of LRB6's 2D6: D6 + the tentacled
player's ST - the mover's ST, 6 or more holds the mover; D6 + the shadower's MA - the mover's MA,
6 or more lets him step into the square left.
"""

from __future__ import annotations

from typing import Final

from nuffle.core.actions import Action, ActionChoice, ActionType, LegalActions, Square
from nuffle.core.characteristics import ag_target
from nuffle.core.decision import DecisionKind as DK
from nuffle.core.dice import Chance, Dice
from nuffle.core.procedures.action import ACTION_CHOICES, STAND_UP_ROLL, PlayerAction
from nuffle.core.procedures.ball import check_touchdown
from nuffle.core.procedures.base import Phases, Procedure
from nuffle.core.procedures.block import AFTER_BLOCK, Block
from nuffle.core.procedures.jump import jump_squares
from nuffle.core.procedures.marking import TEST_ZONE_IGNORED
from nuffle.core.procedures.movement import (
    AFTER_LEAVING,
    BEFORE_LEAVING,
    DODGE_STAT,
    DODGE_ZONES_IGNORED,
    JUMP_NEGATIVES,
    RUSH_MODIFIER,
    MoveStep,
    max_gfi,
)
from nuffle.core.procedures.prayer_trapdoor import enter_trapdoor
from nuffle.core.procedures.rolls import PlayerRoll
from nuffle.core.ruleset import BB2020, own_handler
from nuffle.core.skills import Skill
from nuffle.core.state import GameState
from nuffle.core.types import PF, BallState, RollKind

# --- Leap and Pogo Stick: a Jump over any square ----------------------------------------------


def _jump_anywhere(s: GameState, action: PlayerAction, groups: list[ActionChoice]) -> None:
    pid = action.pid
    if (not action.kind.moving_action or s.pflags[pid] & (PF.LEAP_USED | PF.ROOTED)
            or any(g.type == ActionType.LEAP for g in groups)
            or action.moves + 2 > s.info[pid].ma + max_gfi(s, pid)):
        return
    squares = jump_squares(s, pid, anywhere=True)
    if squares:
        groups.append(ActionChoice(ActionType.LEAP, (), squares))


own_handler(BB2020.name, ACTION_CHOICES.name, Skill.LEAP)(_jump_anywhere)
own_handler(BB2020.name, ACTION_CHOICES.name, Skill.POGO_STICK)(_jump_anywhere)


# --- the Jump roll's negative modifiers -------------------------------------------------------


@JUMP_NEGATIVES.on(Skill.LEAP, Skill.VERY_LONG_LEGS)
def _less_by_one(s: GameState, pid: int, mod: int) -> int:
    return mod + 1 if mod < -1 else mod


@JUMP_NEGATIVES.on(Skill.POGO_STICK)
def _pogo_stick(s: GameState, pid: int, mod: int) -> int:
    return max(mod, 0)


# --- Jump Up and Drunkard ---------------------------------------------------------------------


@own_handler(BB2020.name, STAND_UP_ROLL.name, Skill.JUMP_UP)
def _jump_up_block(s: GameState, action: PlayerAction) -> bool:
    if action.kind != ActionType.START_BLOCK:
        return False
    pid = action.pid
    s.push(PlayerRoll(RollKind.JUMP_UP, pid, ag_target(s, pid), 1))
    return True


@RUSH_MODIFIER.on(Skill.DRUNKARD)
def _drunkard(s: GameState, pid: int) -> int:
    return -1


# --- Tentacles and Shadowing: a D6 -------------------------------------------------------------


class BB2020TentaclesRollPhase(Phases):
    """BB2020TentaclesRoll: the D6."""

    ROLLED: Final = 1


class BB2020TentaclesRoll(Procedure):
    """D6 + holder's ST - mover's ST: 6 or more holds the mover (s.ok = True)."""

    frame = "bb2020_tentacles_roll"
    phases = BB2020TentaclesRollPhase

    __slots__ = ("holder", "mover")

    def __init__(self, mover: int, holder: int) -> None:
        super().__init__()
        self.mover = mover
        self.holder = holder

    def run(self, s: GameState) -> None:
        if self.phase == BB2020TentaclesRollPhase.START:
            self.phase = BB2020TentaclesRollPhase.ROLLED
            s.request(Chance(Dice.D6, 1, "tentacles"))
            return
        s.ok = s.die() + s.info[self.holder].st - s.info[self.mover].st >= 6
        s.pop()


class BB2020ShadowingRollPhase(Phases):
    """BB2020ShadowingRoll: the D6."""

    ROLLED: Final = 1


class BB2020ShadowingRoll(Procedure):
    """D6 + shadower's MA - mover's MA: 6 or more moves the shadower into `square` (free, no
    dodge; he may score there) if it is still empty."""

    frame = "bb2020_shadowing_roll"
    phases = BB2020ShadowingRollPhase

    __slots__ = ("mover", "shadower", "square")

    def __init__(self, mover: int, shadower: int, square: int) -> None:
        super().__init__()
        self.mover = mover
        self.shadower = shadower
        self.square = square

    def run(self, s: GameState) -> None:
        if self.phase == BB2020ShadowingRollPhase.START:
            self.phase = BB2020ShadowingRollPhase.ROLLED
            s.request(Chance(Dice.D6, 1, "shadowing"))
            return
        q = self.shadower
        if s.die() + s.info[q].ma - s.info[self.mover].ma >= 6 and s.grid[self.square] == -1:
            s.move_player(q, self.square)
            check_touchdown(s, q)
            s.pop()
            enter_trapdoor(s, q)  # BB2020's prayer: onto an open trapdoor, its D6
            return
        s.pop()


@own_handler(BB2020.name, BEFORE_LEAVING.name, Skill.TENTACLES)
def _tentacles(s: GameState, step: MoveStep, q: int, use: bool) -> bool:
    if use:
        s.push(BB2020TentaclesRoll(step.pid, q))
    return True


@own_handler(BB2020.name, AFTER_LEAVING.name, Skill.SHADOWING)
def _shadowing(s: GameState, step: MoveStep, q: int, use: bool) -> bool:
    if s.grid[step.start] != -1:
        return False
    if use:
        s.push(BB2020ShadowingRoll(step.pid, q, step.start))
    return True


# --- Break Tackle: +1 (ST 5+: +2) to a dodge, once per turn ------------------------------------


@own_handler(BB2020.name, DODGE_STAT.name, Skill.BREAK_TACKLE)
def _break_tackle(s: GameState, pid: int, use: bool) -> int:
    if s.pflags[pid] & PF.BREAK_TACKLE_USED:
        return 0
    if use:
        s.pflags[pid] |= PF.BREAK_TACKLE_USED
    bonus = 2 if s.info[pid].st >= 5 else 1
    return 7 - ag_target(s, pid) + bonus  # rating_target(this) == ag_target - bonus


# --- Stunty's dodge ------------------------------------------------------------------------------

_NOT_STUNTY_DODGE = frozenset({Skill.BOMBARDIER, Skill.CHAINSAW, Skill.SWOOP})


@own_handler(BB2020.name, DODGE_ZONES_IGNORED.name, Skill.STUNTY)
def _stunty(s: GameState, pid: int) -> bool:
    return not _NOT_STUNTY_DODGE & s.info[pid].skills


@own_handler(BB2020.name, TEST_ZONE_IGNORED.name, Skill.TITCHY)
def _titchy_test(s: GameState, q: int, pid: int) -> bool:
    """Titchy never imposes a negative modifier on an opponent's test: his zone does not count
    against a pick-up, a catch, a pass, Passing Interference or a thrown player's landing."""
    return True


# --- Hit and Run ---------------------------------------------------------------------------------


def hit_and_run_squares(s: GameState, pid: int) -> tuple[Square, ...]:
    """The empty pitch squares next to `pid`, in board order, with no opposing player next to
    them and no ball lying there."""
    b = s.board
    side = s.pteam[pid]
    x0, y0 = b.xy(s.pos[pid])
    out = []
    for dy in (-1, 0, 1):
        for dx in (-1, 0, 1):
            x, y = x0 + dx, y0 + dy
            if (not (dx or dy) or not b.is_on(x, y) or s.grid[sq := b.sq(x, y)] != -1
                    or (s.ball == sq and s.ball_state == BallState.ON_GROUND)):
                continue
            if all(s.pteam[q] == side for q in s.adjacent_players(sq)):
                out.append((x, y))
    return tuple(out)


class HitAndRun(Procedure):
    """Hit and Run: the attacker's coach moves him one free square (`hit_and_run_squares`) or
    declines."""

    frame = "hit_and_run"

    __slots__ = ("pid",)
    decision_skill = Skill.HIT_AND_RUN

    def __init__(self, pid: int) -> None:
        super().__init__()
        self.pid = pid

    def run(self, s: GameState) -> None:
        s.wait(s.pteam[self.pid], DK.USE_SKILL)

    def legal(self, s: GameState) -> LegalActions:
        return LegalActions([ActionChoice(ActionType.MOVE, (), hit_and_run_squares(s, self.pid)),
                             ActionChoice(ActionType.DECLINE)])

    def act(self, s: GameState, action: Action) -> None:
        s.pop()
        if action.type == ActionType.MOVE:
            assert action.square is not None
            s.move_player(self.pid, s.board.sq(*action.square))
            check_touchdown(s, self.pid)
            enter_trapdoor(s, self.pid, free=False)  # BB2020's prayer: his own move, a turnover


@AFTER_BLOCK.on(Skill.HIT_AND_RUN)
def _hit_and_run(s: GameState, block: Block) -> bool:
    if block.blitz or block.multiple or not hit_and_run_squares(s, block.attacker):
        return False
    s.push(HitAndRun(block.attacker))
    return True
