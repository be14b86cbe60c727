"""Team and match effects: Pro, Leader, Secret Weapon; Ball & Chain's only action."""

from __future__ import annotations

from nuffle.core.actions import Action, ActionChoice, ActionType
from nuffle.core.procedures.action import ACTION_CHOICES, PlayerAction, skill_action
from nuffle.core.procedures.ball_and_chain import TEMPLATE, ChainStep, aim_squares
from nuffle.core.procedures.match import SENT_OFF_AFTER_DRIVE
from nuffle.core.procedures.rolls import BONUS_REROLL, CHECKED_REROLL
from nuffle.core.procedures.turn import DECLARATIONS, Turn, add_player, drop_player
from nuffle.core.skills import Skill
from nuffle.core.state import GameState
from nuffle.core.types import PF, RollKind

# --- Pro: once per team turn, a 4+ lets any failed roll of his (block dice too) be re-rolled


@CHECKED_REROLL.on(Skill.PRO)
def _pro(s: GameState, pid: int, kind: RollKind | None, use: bool) -> bool:
    if s.pflags[pid] & PF.PRO_USED:
        return False
    if use:
        s.pflags[pid] |= PF.PRO_USED
    return True


# --- Leader: one bonus team re-roll a half, usable while a Leader is on the pitch ------------


@BONUS_REROLL.on(Skill.LEADER)
def _leader(s: GameState, pid: int) -> bool:
    return True


# --- Secret Weapon: sent off after every drive he played in (a bribe on 2+ saves him) --------


@SENT_OFF_AFTER_DRIVE.on(Skill.SECRET_WEAPON)
def _secret_weapon(s: GameState, pid: int) -> bool:
    return True


# --- Ball & Chain: only Move actions, each square where the template sends him ---------------


@DECLARATIONS.on(Skill.BALL_AND_CHAIN)
def _only_move(s: GameState, turn: Turn, pid: int, groups: list[ActionChoice]) -> list[ActionChoice]:
    return add_player(drop_player(groups, None, pid), ActionType.START_MOVE, pid)


@ACTION_CHOICES.on(Skill.BALL_AND_CHAIN)
def _chain_choices(s: GameState, action: PlayerAction, groups: list[ActionChoice]) -> None:
    """Replace the move choices: aim the template for the next square; the action may end
    only once his whole MA is used (Going For It is optional)."""
    pid = action.pid
    must_go_on = False
    groups.clear()
    if action._can_step(s):
        aims = aim_squares(s, pid)
        if aims:
            groups.append(ActionChoice(ActionType.SELECT_SQUARE, (), aims))
            must_go_on = action.moves < s.info[pid].ma
    if not must_go_on:
        groups.append(ActionChoice(ActionType.END_ACTION))


@skill_action(ActionType.SELECT_SQUARE)
def _chain_step(s: GameState, action: PlayerAction, chosen: Action) -> None:
    assert chosen.square is not None
    pid = action.pid
    x, y = s.board.xy(s.pos[pid])
    aim = (chosen.square[0] - x, chosen.square[1] - y)
    assert aim in TEMPLATE
    gfi = action.moves >= s.info[pid].ma
    action.moves += 1
    s.push(ChainStep(pid, aim, gfi))
