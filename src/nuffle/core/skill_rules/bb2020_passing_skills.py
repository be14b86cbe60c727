"""BB2020's passing and ball skills (SKILLS.md, Passing and Agility): Accurate (BB2020's own
handler: Quick and Short passes only), Cannoneer (+1 to Long and Long Bomb passes), Safe Pass
(a fumbled pass is kept: no bounce, no turnover), Cloud Burster (a successful interference
with his Long or Long Bomb pass is re-rolled), My Ball (no Pass, no Hand-off action), Running
Pass (after his Quick pass his action goes on) and Safe Pair of Hands (knocked down or placed
prone with the ball, he may place it next to him instead of its bounce). On the Ball has
Kick-Off Return's and Pass Block's handlers (ball_skills, passing_skills). The C++ twins are in
skill_rules/passing_skills.hpp, kickoff_skills.hpp, turn_skills.hpp, action_skills.hpp and
injury_skills.hpp.
"""

from __future__ import annotations

from nuffle.core.actions import Action, ActionChoice, ActionType, LegalActions, Square
from nuffle.core.board import EMPTY
from nuffle.core.decision import Decision
from nuffle.core.decision import DecisionKind as DK
from nuffle.core.procedures.action import PASS_MOVES_ON
from nuffle.core.procedures.ball import Bounce
from nuffle.core.procedures.base import Procedure
from nuffle.core.procedures.injury import BALL_DROPPED
from nuffle.core.procedures.passing import BOMB, DEFLECTION_REROLL, KEEPS_FUMBLE, PASS_MODIFIER
from nuffle.core.procedures.turn import DECLARATIONS, Turn, drop_player
from nuffle.core.ruleset import BB2020, own_handler
from nuffle.core.skills import Skill
from nuffle.core.state import GameState
from nuffle.core.types import BallState


@own_handler(BB2020.name, PASS_MODIFIER.name, Skill.ACCURATE)
def _accurate(s: GameState, thrower: int, band: str) -> int:
    """+1 to a Quick or Short pass (Long and Long Bomb are Cannoneer's)."""
    return 1 if band in "QS" else 0


@PASS_MODIFIER.on(Skill.CANNONEER)
def _cannoneer(s: GameState, thrower: int, band: str) -> int:
    """+1 to a Long or Long Bomb pass (a Hail Mary reads as a Long Bomb, hail_mary_modifier)."""
    return 1 if band in "LB" else 0


@KEEPS_FUMBLE.on(Skill.SAFE_PASS)
def _safe_pass(s: GameState, thrower: int, die: int, throw: int) -> bool:
    """Any fumbled pass of the ball (a natural 1 too); not a bomb."""
    return throw != BOMB


@DEFLECTION_REROLL.on(Skill.CLOUD_BURSTER)
def _cloud_burster(s: GameState, thrower: int, band: str) -> bool:
    """His Long or Long Bomb pass: the successful interference is re-rolled (always: it can only
    help him)."""
    return band in "LB"


@DECLARATIONS.on(Skill.MY_BALL)
def _my_ball(s: GameState, turn: Turn, pid: int, groups: list[ActionChoice]) -> list[ActionChoice]:
    """My Ball: he never gives the ball up of his own will, so he declares no Pass and no
    Hand-off action (a Hail Mary is a Pass action)."""
    return drop_player(drop_player(groups, ActionType.START_PASS, pid), ActionType.START_HANDOFF, pid)


@PASS_MOVES_ON.on(Skill.RUNNING_PASS)
def _running_pass(s: GameState, pid: int, band: str) -> bool:
    """After his Quick pass (of a Pass action) he may go on moving."""
    return band == "Q"


class SafePairOfHands(Procedure):
    """Player `pid`, knocked down or placed prone on `sq` with the ball: his coach places it on
    an empty square next to `sq` (it lies there: no bounce) or lets it bounce from `sq`."""

    frame = "safe_pair_of_hands"

    __slots__ = ("pid", "sq")
    decision_skill = Skill.SAFE_PAIR_OF_HANDS

    def __init__(self, pid: int, sq: int) -> None:
        super().__init__()
        self.pid = pid
        self.sq = sq

    def _squares(self, s: GameState) -> tuple[Square, ...]:
        b = s.board
        return tuple(b.xy(self.sq + o) for o in b.neighbours if s.grid[self.sq + o] == EMPTY)

    def run(self, s: GameState) -> None:
        s.wait(s.pteam[self.pid], DK.USE_SKILL)

    def decision_detail(self, s: GameState) -> Decision:
        return Decision(player=self.pid, skill=self.decision_skill)

    def legal(self, s: GameState) -> LegalActions:
        return LegalActions([ActionChoice(ActionType.PLACE_BALL, (), self._squares(s)),
                             ActionChoice(ActionType.DECLINE)])

    def act(self, s: GameState, action: Action) -> None:
        s.pop()
        if action.type == ActionType.DECLINE:
            s.push(Bounce(self.sq))
            return
        assert action.square is not None
        s.ball = s.board.sq(*action.square)
        s.ball_state = BallState.ON_GROUND


@BALL_DROPPED.on(Skill.SAFE_PAIR_OF_HANDS)
def _safe_pair_of_hands(s: GameState, pid: int, sq: int) -> bool:
    """Offered when an empty square lies next to him."""
    if not any(s.grid[sq + o] == EMPTY for o in s.board.neighbours):
        return False
    s.push(SafePairOfHands(pid, sq))
    return True
