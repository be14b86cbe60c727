"""Skills that re-roll a failed player roll (Dodge, Sure Feet, Sure Hands, Catch, Pass) and Loner."""

from __future__ import annotations

from collections.abc import Callable

from nuffle.core.procedures.rolls import SKILL_REROLL, TEAM_REROLL_CHECK, PlayerRoll
from nuffle.core.skills import Skill
from nuffle.core.state import GameState
from nuffle.core.types import PF, RollKind


def _once_per_turn(kind: RollKind, flag: int) -> Callable[[GameState, PlayerRoll, bool], bool]:
    """A handler re-rolling `kind` once per team turn, remembered in `flag`."""

    def handler(s: GameState, roll: PlayerRoll, use: bool) -> bool:
        if roll.kind != kind or s.pflags[roll.pid] & flag:
            return False
        if use:
            s.pflags[roll.pid] |= flag
        return True

    return handler


def _each_time(*kinds: RollKind) -> Callable[[GameState, PlayerRoll, bool], bool]:
    """A handler re-rolling any roll of `kinds`, as often as it fails."""

    def handler(s: GameState, roll: PlayerRoll, use: bool) -> bool:
        return roll.kind in kinds

    return handler


SKILL_REROLL.on(Skill.DODGE)(_once_per_turn(RollKind.DODGE, PF.DODGE_USED))
SKILL_REROLL.on(Skill.SURE_FEET)(_once_per_turn(RollKind.GFI, PF.SURE_FEET_USED))
SKILL_REROLL.on(Skill.SURE_HANDS)(_each_time(RollKind.PICKUP))
SKILL_REROLL.on(Skill.CATCH)(_each_time(RollKind.CATCH, RollKind.INTERCEPTION))
SKILL_REROLL.on(Skill.PASS)(_each_time(RollKind.PASS))


@TEAM_REROLL_CHECK.on(Skill.LONER)
def _loner(s: GameState, pid: int) -> bool:
    return True
