"""BB2020's Fumblerooskie (SKILLS.md [?]; docs/RULES_NOTES.md): in his Move or Blitz action a
ball carrier who may still step may leave the ball in the square he vacates: a square-targeted
PLACE_BALL inside the action (no new action type: the environments' layout is unchanged) means
"step there, leaving the ball behind". Leaving it takes no roll and is no turnover; the step is
an ordinary move step (dodge, Rush, trapdoor, ...). He keeps the ball if he does not leave the
square (Tentacles hold him); a player who ends in the vacated square (Shadowing, Diving Tackle)
makes the ball bounce from it. The C++ twins are skill_rules/action_skills.hpp's
`fumblerooskie_choices` and procs/movement_skills.hpp's `fumblerooskie_act` / `_run`."""

from __future__ import annotations

from nuffle.core.actions import Action, ActionChoice, ActionType
from nuffle.core.procedures.action import ACTION_CHOICES, PlayerAction, PlayerActionPhase, skill_action
from nuffle.core.procedures.ball import Bounce
from nuffle.core.procedures.base import Procedure
from nuffle.core.procedures.movement import MoveStep
from nuffle.core.skills import Skill
from nuffle.core.state import GameState
from nuffle.core.types import BallState

_LEAVES = (ActionType.START_MOVE, ActionType.START_BLITZ)


@ACTION_CHOICES.on(Skill.FUMBLEROOSKIE)  # BB2020 only (no LRB6 player has it)
def _fumblerooskie_choices(s: GameState, action: PlayerAction, groups: list[ActionChoice]) -> None:
    pid = action.pid
    sq = s.pos[pid]
    if action.kind not in _LEAVES or s.ball_state != BallState.CARRIED or s.ball != sq:
        return
    if not any(g.type == ActionType.MOVE for g in groups):  # he may not step any more
        return
    b = s.board
    squares = tuple(b.xy(sq + o) for o in b.neighbours if s.grid[sq + o] == -1)
    if squares:
        groups.append(ActionChoice(ActionType.PLACE_BALL, (), squares))


@skill_action(ActionType.PLACE_BALL)
def _fumblerooskie(s: GameState, action: PlayerAction, chosen: Action) -> None:
    """Leave the ball where he stands and step to `chosen.square` (`PlayerAction._step`)."""
    assert chosen.square is not None
    pid = action.pid
    s.ball_state = BallState.ON_GROUND
    s.push(LeaveBall(pid, s.pos[pid]))
    action.path.clear()
    action.then = -1
    gfi = action.moves >= s.info[pid].ma
    action.moves += 1
    action.phase = PlayerActionPhase.STEPPED
    s.push(MoveStep(pid, s.board.sq(*chosen.square), gfi))


class LeaveBall(Procedure):
    """After the step: `pid` still on `start` keeps the ball; another player there makes it
    bounce from `start`."""

    frame = "fumblerooskie"

    __slots__ = ("pid", "start")

    def __init__(self, pid: int, start: int) -> None:
        super().__init__()
        self.pid = pid
        self.start = start

    def run(self, s: GameState) -> None:
        s.pop()
        sq = self.start
        if s.ball != sq or s.ball_state != BallState.ON_GROUND or s.grid[sq] < 0:
            return
        if s.grid[sq] == self.pid:  # held in his square: he never left it
            s.ball_state = BallState.CARRIED
            return
        s.push(Bounce(sq))  # a Shadowing or Diving Tackling player ended on the ball
