"""Rolls a player makes right after declaring an action (Bone-head, Really Stupid, Wild Animal
and BB2020's Unchannelled Fury, Blood Lust, Take Root), Blood Lust's feeding at the end of the action, and
Hypnotic Gaze."""

from __future__ import annotations

from typing import Final

from nuffle.core.actions import Action, ActionChoice, ActionType, LegalActions
from nuffle.core.characteristics import ag_target
from nuffle.core.decision import DecisionKind as DK
from nuffle.core.procedures.action import (
    ACTION_CHOICES,
    ACTION_END,
    AFTER_DECLARE,
    PlayerAction,
    PlayerActionPhase,
    skill_action,
)
from nuffle.core.procedures.ball import Bounce, check_touchdown, take_off_pitch
from nuffle.core.procedures.base import Phases, Procedure
from nuffle.core.procedures.injury import Injury
from nuffle.core.procedures.rolls import PlayerRoll
from nuffle.core.skill_values import skill_value
from nuffle.core.skills import Skill
from nuffle.core.state import GameState
from nuffle.core.types import PF, BallState, RollKind, Status


class DeclarationRollPhase(Phases):
    """DeclarationRoll: the D6."""

    ROLLED: Final = 1


class DeclarationRoll(Procedure):
    """A D6 right after the declaration. Success clears `flag`; failure sets it and, when
    `lose`, loses the action. Leaves s.ok = True if the action goes on."""

    frame = "declaration_roll"
    phases = DeclarationRollPhase

    __slots__ = ("flag", "kind", "lose", "mod", "pid", "target")

    def __init__(
        self, kind: RollKind, pid: int, target: int, mod: int = 0, flag: int = 0, lose: bool = True
    ) -> None:
        super().__init__()
        self.kind = kind
        self.pid = pid
        self.target = target
        self.mod = mod
        self.flag = flag
        self.lose = lose

    def run(self, s: GameState) -> None:
        if self.phase == DeclarationRollPhase.START:
            self.phase = DeclarationRollPhase.ROLLED
            s.push(PlayerRoll(self.kind, self.pid, self.target, self.mod, agility=False))
            return
        if s.ok:
            s.pflags[self.pid] &= ~self.flag
        else:
            s.pflags[self.pid] |= self.flag
            s.ok = not self.lose
        s.pop()


# --- Bone-head and Really Stupid: the action and the tackle zone are lost --------------------


@AFTER_DECLARE.on(Skill.BONE_HEAD)
def _bone_head(s: GameState, action: PlayerAction) -> bool:
    s.push(DeclarationRoll(RollKind.BONE_HEAD, action.pid, 2, flag=PF.DISTRACTED))
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
    s.push(DeclarationRoll(RollKind.REALLY_STUPID, action.pid, target, flag=PF.DISTRACTED))
    return True


# --- Wild Animal (BB2020's Unchannelled Fury the same roll): 4+ (+2 for a Block or Blitz) or
# the action is wasted, no turnover ------------------------------------------------------------


@AFTER_DECLARE.on(Skill.WILD_ANIMAL, Skill.UNCHANNELLED_FURY)
def _wild_animal(s: GameState, action: PlayerAction) -> bool:
    mod = 2 if action.kind in (ActionType.START_BLOCK, ActionType.START_BLITZ) else 0
    s.push(DeclarationRoll(RollKind.WILD_ANIMAL, action.pid, 4, mod))
    return True


# --- Take Root: on a 1 he is rooted (MA 0) until the drive ends or he is knocked down --------


@AFTER_DECLARE.on(Skill.TAKE_ROOT)
def _take_root(s: GameState, action: PlayerAction) -> bool:
    if s.pflags[action.pid] & PF.ROOTED:
        return False  # already rooted: a success would not free him
    s.push(DeclarationRoll(RollKind.TAKE_ROOT, action.pid, 2, flag=PF.ROOTED, lose=False))
    return True


# --- Blood Lust: on a 1 he must bite an adjacent Thrall at the end of the action -------------


@AFTER_DECLARE.on(Skill.BLOOD_LUST)
def _blood_lust(s: GameState, action: PlayerAction) -> bool:
    need = skill_value(s, action.pid, Skill.BLOOD_LUST)  # Bloodlust (X+); LRB6's 2+
    s.push(DeclarationRoll(RollKind.BLOOD_LUST, action.pid, need, flag=PF.MUST_FEED, lose=False))
    return True


@ACTION_CHOICES.on(Skill.BLOOD_LUST)
def _block_to_move(s: GameState, action: PlayerAction, groups: list[ActionChoice]) -> None:
    """A Vampire who must feed may change a declared Block into a Move (before blocking)."""
    pid = action.pid
    if action.kind == ActionType.START_BLOCK and not action.blocked and s.pflags[pid] & PF.MUST_FEED:
        groups.append(ActionChoice(ActionType.START_MOVE, (action.pid,)))


@skill_action(ActionType.START_MOVE)
def _change_to_move(s: GameState, action: PlayerAction, chosen: Action) -> None:
    action.kind = ActionType.START_MOVE  # he goes on deciding in the same action


@ACTION_END.on(Skill.BLOOD_LUST)
def _must_feed(s: GameState, action: PlayerAction, then: int) -> bool:
    if not s.pflags[action.pid] & PF.MUST_FEED:
        return False
    s.push(Feed(action.pid))
    return True


def thralls_to_bite(s: GameState, pid: int) -> list[int]:
    """Adjacent Thrall team-mates (any posture) the Vampire `pid` may bite."""
    side = s.pteam[pid]
    return sorted(
        q for q in s.adjacent_players(s.pos[pid]) if s.pteam[q] == side and "thrall" in s.keywords(q)
    )


class FeedPhase(Phases):
    """Feed: the choice of Thrall, the bite's injury, a dropped ball, or leaving the pitch."""

    CHOOSE_THRALL: Final = 1
    BITTEN: Final = 2
    BOUNCED: Final = 3
    LEFT_PITCH: Final = 4


class Feed(Procedure):
    """A Vampire who failed Blood Lust feeds: he bites an adjacent Thrall (injury roll, a
    casualty counts as Badly Hurt; a turnover only if the Thrall held the ball), or, with none
    next to him, leaves the pitch to feed on the crowd (reserves, turnover, the ball bounces).
    Leaves s.ok = True if he fed on a Thrall."""

    frame = "feed"
    phases = FeedPhase

    __slots__ = ("bit", "drop", "pid")
    decision_skill = Skill.BLOOD_LUST

    def __init__(self, pid: int) -> None:
        super().__init__()
        self.pid = pid
        self.bit = False
        self.drop = -1  # the bitten Thrall's square if he dropped the ball

    def run(self, s: GameState) -> None:
        pid = self.pid
        if self.phase == FeedPhase.START:
            s.pflags[pid] &= ~PF.MUST_FEED
            if s.pos[pid] < 0:  # already off the pitch (knocked out, in the crowd): no meal
                self._finish(s)
                return
            thralls = thralls_to_bite(s, pid)
            if not thralls:
                self._leave(s)
                return
            if len(thralls) == 1:
                self._bite(s, thralls[0])
                return
            self.phase = FeedPhase.CHOOSE_THRALL
            s.wait(s.pteam[pid], DK.FEED)
            return
        if self.phase == FeedPhase.BITTEN and self.drop >= 0:
            self.phase = FeedPhase.BOUNCED  # the bitten Thrall dropped the ball
            s.push(Bounce(self.drop))
            return
        if self.bit and s.pos[pid] >= 0:
            check_touchdown(s, pid)  # with the ball in the end zone he scores once fed
        self._finish(s)

    def _finish(self, s: GameState) -> None:
        s.ok = self.bit
        s.pop()

    def _bite(self, s: GameState, thrall: int) -> None:
        self.bit = True
        self.phase = FeedPhase.BITTEN
        if s.ball_state == BallState.CARRIED and s.ball == s.pos[thrall]:
            s.ball_state = BallState.ON_GROUND
            self.drop = s.ball
            s.turnover = True
        s.push(Injury(thrall, cap=True))

    def _leave(self, s: GameState) -> None:
        s.turnover = True
        self.phase = FeedPhase.LEFT_PITCH
        take_off_pitch(s, self.pid, Status.RESERVE)

    def legal(self, s: GameState) -> LegalActions:
        return LegalActions([ActionChoice(ActionType.SELECT_PLAYER, tuple(thralls_to_bite(s, self.pid)))])

    def act(self, s: GameState, action: Action) -> None:
        assert action.player is not None
        self._bite(s, action.player)


# --- Hypnotic Gaze: at the end of a Move action, take an adjacent opponent's tackle zone ----


def _gaze_targets(s: GameState, pid: int) -> tuple[tuple[int, int], ...]:
    side = s.pteam[pid]
    b = s.board
    return tuple(
        b.xy(s.pos[q])
        for q in s.adjacent_players(s.pos[pid])
        if s.pteam[q] != side and s.status[q] == Status.STANDING
    )


def gaze_modifier(s: GameState, pid: int, target: int) -> int:
    """The modifier of `pid`'s Hypnotic Gaze at `target`: -1 per opposing tackle zone on the
    gazer other than the target's."""
    return -sum(1 for q in s.tz_players(s.pos[pid], s.pteam[pid]) if q != target)


@ACTION_CHOICES.on(Skill.HYPNOTIC_GAZE)
def _gaze_choice(s: GameState, action: PlayerAction, groups: list[ActionChoice]) -> None:
    if action.kind == ActionType.START_MOVE and s.status[action.pid] == Status.STANDING:
        targets = _gaze_targets(s, action.pid)
        if targets:
            groups.append(ActionChoice(ActionType.HYPNOTIC_GAZE, (), targets))


@skill_action(ActionType.HYPNOTIC_GAZE)
def _gaze(s: GameState, action: PlayerAction, chosen: Action) -> None:
    assert chosen.square is not None
    action.phase = PlayerActionPhase.FINISHED  # the gaze ends the Move action
    s.push(Gaze(action.pid, s.grid[s.board.sq(*chosen.square)]))


class GazePhase(Phases):
    """Gaze: the Agility roll."""

    ROLLED: Final = 1


class Gaze(Procedure):
    """Hypnotic Gaze: an Agility roll, -1 per opposing tackle zone on the gazer other than the
    target's. Success hypnotises the target (no tackle zone, cannot catch, intercept, pass,
    assist or move voluntarily) until his next action starts or the drive ends. Failure does
    nothing (no turnover)."""

    frame = "gaze"
    phases = GazePhase

    __slots__ = ("pid", "target")

    def __init__(self, pid: int, target: int) -> None:
        super().__init__()
        self.pid = pid
        self.target = target

    def run(self, s: GameState) -> None:
        pid = self.pid
        if self.phase == GazePhase.START:
            self.phase = GazePhase.ROLLED
            s.push(PlayerRoll(RollKind.HYPNOTIC_GAZE, pid, ag_target(s, pid),
                              gaze_modifier(s, pid, self.target)))
            return
        if s.ok:
            s.pflags[self.target] |= PF.HYPNOTISED
        s.pop()
