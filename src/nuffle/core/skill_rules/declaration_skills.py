"""Rolls a player makes right after declaring an action: Bone-head and Really Stupid."""

from __future__ import annotations

from nuffle.core.procedures.action import AFTER_DECLARE, PlayerAction
from nuffle.core.procedures.base import Procedure
from nuffle.core.procedures.rolls import PlayerRoll
from nuffle.core.skills import Skill
from nuffle.core.state import GameState
from nuffle.core.types import PFlag, RollKind, Status


class Distraction(Procedure):
    """Bone-head / Really Stupid: a failed roll loses the action and the tackle zone until a
    later roll succeeds or the drive ends. Leaves s.ret = 1 if the action goes on."""

    __slots__ = ("kind", "pid", "target")

    def __init__(self, kind: RollKind, pid: int, target: int) -> None:
        super().__init__()
        self.kind = kind
        self.pid = pid
        self.target = target

    def run(self, s: GameState) -> None:
        if self.phase == 0:
            self.phase = 1
            s.push(PlayerRoll(self.kind, self.pid, self.target, agility=False))
            return
        if s.ret:
            s.pflags[self.pid] &= ~PFlag.DISTRACTED
        else:
            s.pflags[self.pid] |= PFlag.DISTRACTED
        s.pop()  # s.ret is the roll's result


@AFTER_DECLARE.on(Skill.BONE_HEAD)
def _bone_head(s: GameState, action: PlayerAction) -> bool:
    s.push(Distraction(RollKind.BONE_HEAD, action.pid, 2))
    return True


def _helped_by_team_mate(s: GameState, pid: int) -> bool:
    """Whether a standing team-mate without Really Stupid stands next to `pid`."""
    side = s.pteam[pid]
    for q in s.adjacent_players(s.pos[pid]):
        if s.pteam[q] == side and s.status[q] == Status.STANDING and not s.has(q, Skill.REALLY_STUPID):
            return True
    return False


@AFTER_DECLARE.on(Skill.REALLY_STUPID)
def _really_stupid(s: GameState, action: PlayerAction) -> bool:
    target = 2 if _helped_by_team_mate(s, action.pid) else 4
    s.push(Distraction(RollKind.REALLY_STUPID, action.pid, target))
    return True
