"""A team turn: declare player actions one at a time until the turn ends or turns over."""

from __future__ import annotations

from typing import Final

from nuffle.core.actions import Action, ActionChoice, ActionType, LegalActions
from nuffle.core.decision import DecisionKind as DK
from nuffle.core.hooks import Point
from nuffle.core.procedures.base import Phases, Procedure
from nuffle.core.procedures.prayer_rock import PrayerRock, staller
from nuffle.core.procedures.wizard import SPELLS, Wizard, spells
from nuffle.core.state import STAT_TURNOVERS, GameState
from nuffle.core.types import PF, Event, Status

# Enum members the hot code reads, bound once as module globals: on Python 3.11 reading a
# member off its enum class costs about ten times a global (the enum metaclass's
# `__getattr__` hook slows every attribute read on the class).
_END_TURN: Final = ActionType.END_TURN
_START_BLITZ: Final = ActionType.START_BLITZ
_START_BLOCK: Final = ActionType.START_BLOCK
_START_FOUL: Final = ActionType.START_FOUL
_START_HANDOFF: Final = ActionType.START_HANDOFF
_START_MOVE: Final = ActionType.START_MOVE
_START_PASS: Final = ActionType.START_PASS
_EV_TURNOVER: Final = Event.TURNOVER
_PRONE: Final = Status.PRONE
_STANDING: Final = Status.STANDING
_STUNNED: Final = Status.STUNNED

DECLARATIONS: Point[[GameState, Turn, int, list[ActionChoice]], list[ActionChoice]] = Point(
    "turn.declarations",
    "fn(s, turn: Turn, pid, groups: list[ActionChoice]) -> list[ActionChoice]: adjust which "
    "actions player `pid` (ready or prone-and-unused, on the acting team) may declare; return "
    "the new groups (use add_player / drop_player)",
)
TURN_END: Point[[GameState, Turn, int], bool] = Point(
    "turn.end",
    "fn(s, turn: Turn, pid) -> bool: the team turn of `turn.side` is ending (not the kick-off's "
    "Blitz! turn, nor after a touchdown); `pid` is a standing player of the other side with a "
    "handler here (in id order). Return True after pushing a procedure (Pick-me-up); the first "
    "handler to return True is the only one that runs, and the turn ends once it is done",
)


def add_player(groups: list[ActionChoice], t: ActionType, pid: int) -> list[ActionChoice]:
    """`groups` with `pid` allowed to declare `t`."""
    for i, g in enumerate(groups):
        if g.type == t:
            if pid not in g.players:
                groups[i] = ActionChoice(g.type, tuple(sorted((*g.players, pid))), g.squares, g.probabilities)
            return groups
    groups.insert(len(groups) - 1 if groups and groups[-1].type == _END_TURN else len(groups),
                  ActionChoice(t, (pid,)))
    return groups


def drop_player(groups: list[ActionChoice], t: ActionType | None, pid: int) -> list[ActionChoice]:
    """`groups` without `pid` declaring `t` (every type if `t` is None); empty groups go."""
    out = []
    for g in groups:
        if (t is None or g.type == t) and pid in g.players:
            g = ActionChoice(g.type, tuple(p for p in g.players if p != pid), g.squares, g.probabilities)
            if not g.players:
                continue
        out.append(g)
    return out


class TurnPhase(Phases):
    """Turn: the start of turn, then the declarations."""

    DECLARE: Final = 1
    ENDING: Final = 2  # a TURN_END procedure ran; the turn ends


class Turn(Procedure):
    """One team turn of `side`; `blitz` marks the kick-off table's free Blitz! turn."""

    frame = "turn"
    phases = TurnPhase

    __slots__ = ("blitz", "side")

    def __init__(self, side: int, blitz: bool = False) -> None:
        super().__init__()
        self.side = side
        self.blitz = blitz

    def run(self, s: GameState) -> None:
        side = self.side
        if self.phase == TurnPhase.ENDING:
            self._finish(s)
            return
        if self.phase == TurnPhase.START:
            s.active = side
            s.turnover = False
            t = s.teams[side]
            if not self.blitz:
                t.turn += 1
            t.reroll_used = False
            t.blitz_used = t.pass_used = t.handoff_used = t.foul_used = t.ktm_used = False
            for p in range(len(s.info)):
                s.pflags[p] &= ~PF.PER_TURN
            if self.blitz:  # players starting in an opposing tackle zone may not act
                for p in s.team_players(side):
                    if s.pos[p] >= 0 and s.tackle_zones(s.pos[p], side):
                        s.pflags[p] |= PF.USED
            self.phase = TurnPhase.DECLARE
        if s.turnover or s.touchdown >= 0:
            self._end(s)
            return
        s.wait(side, DK.SELECT_ACTION)

    def _end(self, s: GameState) -> None:
        side = self.side
        if s.turnover:
            s.add_stat(side, STAT_TURNOVERS)
            s.note(_EV_TURNOVER, side, -1, 0)
        if not self.blitz and s.touchdown < 0:
            for p in TURN_END.holders(s.info):
                if s.pteam[p] != side and s.status[p] == _STANDING and s.pos[p] >= 0 \
                        and TURN_END.fire(s.info[p].skills, s, self, p):
                    self.phase = TurnPhase.ENDING
                    return
        self._finish(s)

    def _finish(self, s: GameState) -> None:
        side = self.side
        for p in s.team_players(side):
            if s.status[p] == _STUNNED and not s.pflags[p] & PF.JUST_STUNNED:
                s.status[p] = _PRONE
            s.pflags[p] &= ~PF.JUST_STUNNED
        s.active = -1
        s.pop()
        if not self.blitz and s.touchdown < 0 and (s.teams[0].prayers or s.teams[1].prayers):
            pid = staller(s, side)  # BB2020's Throw a Rock (procedures/prayer_rock.py)
            if pid >= 0:
                s.push(PrayerRock(pid))

    def legal(self, s: GameState) -> LegalActions:
        side = self.side
        t = s.teams[side]
        status = s.status
        pflags = s.pflags
        grid = s.grid
        pteam = s.pteam
        neighbours = s.board.neighbours
        ready_list = []
        blockers_list = []
        for p in s.ranges[side]:
            st = status[p]
            if (st == _STANDING or st == _PRONE) and not pflags[p] & PF.USED:  # noqa: SIM109 (no tuple built per player)
                ready_list.append(p)
                if st == _STANDING:
                    sq = s.pos[p]
                    for off in neighbours:
                        q = grid[sq + off]
                        if q >= 0 and pteam[q] != side and status[q] == _STANDING:
                            blockers_list.append(p)
                            break
        if self.blitz and len(s.stack) > 1 and s.stack[-2].frame == "blitz_bb2020":
            return self._blitz_bb2020(s, ready_list)
        groups: list[ActionChoice] = []
        if ready_list:
            ready = tuple(ready_list)
            groups.append(ActionChoice(_START_MOVE, ready))
            if blockers_list:
                groups.append(ActionChoice(_START_BLOCK, tuple(blockers_list)))
            if not t.blitz_used:
                groups.append(ActionChoice(_START_BLITZ, ready))
            if not t.pass_used:
                groups.append(ActionChoice(_START_PASS, ready))
            if not t.handoff_used:
                groups.append(ActionChoice(_START_HANDOFF, ready))
            if not t.foul_used and self._anyone_down(s):
                groups.append(ActionChoice(_START_FOUL, ready))
        groups.extend(ActionChoice(t) for t in spells(s, side, self.blitz))
        groups.append(ActionChoice(_END_TURN))
        for p in DECLARATIONS.holders(s.info):
            if pteam[p] == side and (status[p] == _STANDING or status[p] == _PRONE) and not (
                pflags[p] & PF.USED
            ):
                for fn in DECLARATIONS.fns(s.info[p].skills):
                    groups = fn(s, self, p, groups)
        return LegalActions(groups)

    def _blitz_bb2020(self, s: GameState, ready_list: list[int]) -> LegalActions:
        """BB2020's kick-off Blitz (kickoff_bb2020.BlitzBB2020, the frame below): its eligible
        players only, until `limit` of them have acted; Move actions and one Blitz."""
        blitz = s.stack[-2]
        eligible: list[int] = blitz.eligible  # type: ignore[attr-defined]
        left = blitz.limit - blitz.acted(s)  # type: ignore[attr-defined]
        ready = tuple(p for p in ready_list if p in eligible) if left > 0 else ()
        groups: list[ActionChoice] = []
        if ready:
            groups.append(ActionChoice(_START_MOVE, ready))
            if not s.teams[self.side].blitz_used:
                groups.append(ActionChoice(_START_BLITZ, ready))
        groups.append(ActionChoice(_END_TURN))
        return LegalActions(groups)

    def _anyone_down(self, s: GameState) -> bool:
        status = s.status
        for p in s.ranges[1 - self.side]:
            if status[p] == _PRONE or status[p] == _STUNNED:
                return True
        return False

    def act(self, s: GameState, action: Action) -> None:
        from nuffle.core.procedures.action import PlayerAction

        if action.type == _END_TURN:
            self._end(s)
            return
        if action.type in SPELLS:
            s.push(Wizard(side=self.side, spell=action.type))
            return
        assert action.player is not None
        s.push(PlayerAction(action.player, action.type))
