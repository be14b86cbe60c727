"""BB2020's Jump (RULES §8.1): any player but a Ball & Chain may, once per activation of a
moving action, jump to an empty square exactly two squares away over an adjacent Prone or
Stunned player (a (2, 1) offset: either square between counts). It is the LEAP action: two
squares of movement (Rush allowed), an Agility test with -1 per player marking the square left
or the square entered, whichever count is higher (`movement.leap_modifier`), and on a failure
he is Knocked Down in the target square (turnover). The pathfinders do not plan jumps; a player
with the Leap skill is offered Leap's squares instead (its handler lists them first)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from nuffle.core.actions import ActionChoice, ActionType, Square
from nuffle.core.procedures.movement import max_gfi
from nuffle.core.skills import Skill
from nuffle.core.state import GameState
from nuffle.core.types import PF, Status

if TYPE_CHECKING:
    from nuffle.core.procedures.action import PlayerAction

_DOWN = (int(Status.PRONE), int(Status.STUNNED))


def _between(d: int) -> tuple[int, ...]:
    """The offsets, along one axis, of the squares a jump of `d` (-2..2) passes over."""
    if abs(d) == 2:
        return (d // 2,)
    return (0, d) if d else (0,)


def jump_squares(s: GameState, pid: int, anywhere: bool = False) -> tuple[Square, ...]:
    """Empty pitch squares exactly two away from `pid` with a Prone or Stunned player on a
    square between (`anywhere`: over any square, BB2020's Leap and Pogo Stick)."""
    b = s.board
    x0, y0 = b.xy(s.pos[pid])
    out = []
    for dy in range(-2, 3):
        for dx in range(-2, 3):
            x, y = x0 + dx, y0 + dy
            if max(abs(dx), abs(dy)) != 2 or not b.is_on(x, y) or s.grid[b.sq(x, y)] != -1:
                continue
            if anywhere or any(_down(s, x0 + mx, y0 + my) for my in _between(dy) for mx in _between(dx)):
                out.append((x, y))
    return tuple(out)


def _down(s: GameState, x: int, y: int) -> bool:
    q = s.grid[s.board.sq(x, y)]
    return q >= 0 and s.status[q] in _DOWN


def jump_choices(s: GameState, action: PlayerAction, groups: list[ActionChoice]) -> None:
    """Add the LEAP group of a jump when the ruleset has Jump and no skill listed one."""
    pid = action.pid
    if (not s.rules.jump or not action.kind.moving_action or s.pflags[pid] & (PF.LEAP_USED | PF.ROOTED)
            or Skill.BALL_AND_CHAIN in s.info[pid].skills
            or any(g.type == ActionType.LEAP for g in groups)
            or action.moves + 2 > s.info[pid].ma + max_gfi(s, pid)):
        return
    squares = jump_squares(s, pid)
    if squares:
        groups.append(ActionChoice(ActionType.LEAP, (), squares))
