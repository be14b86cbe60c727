"""The kick: placing the ball, scatter, the kick-off table roll, landing and touchbacks."""

from __future__ import annotations

from nuffle.core.actions import Action, ActionChoice, ActionType, LegalActions
from nuffle.core.decision import Decision
from nuffle.core.decision import DecisionKind as DK
from nuffle.core.dice import GROUP_SUM, Chance, Dice, total
from nuffle.core.hooks import Point
from nuffle.core.procedures.ball import can_handle_ball, land_ball
from nuffle.core.procedures.base import Procedure
from nuffle.core.procedures.kickoff_table import TABLE
from nuffle.core.procedures.setup import half_squares_xy
from nuffle.core.skills import Skill
from nuffle.core.state import GameState
from nuffle.core.tables import SCATTER
from nuffle.core.types import BallState, Event, Status, other

KICK_DISTANCE: Point[[GameState, int, int], int | None] = Point(
    "kickoff.kick_distance",
    "fn(s, pid, dist: int) -> int | None: kicking-team player `pid` on the pitch lets his coach "
    "change the kick's scatter distance `dist`, once seen, to the returned value (Kick: half, "
    "rounded down); None if he may not",
)
AFTER_SCATTER: Point[[GameState], None] = Point(
    "kickoff.after_scatter",
    "fn(s) -> None: acts once the kick has scattered (s.ball is the landing square, -1 for a "
    "touchback), before the kick-off table roll, and may push a procedure (Kick-Off Return). "
    "Called once for each skill that some player on the pitch has",
)
# D8 scatter template: direction -> (dx, dy).
_DIE = {"D2": Dice.D2, "D3": Dice.D3, "D6": Dice.D6, "2D6": Dice.TWO_D6}


def distance_die(name: str) -> Dice:
    """The chance-event kind named in a board variant (D2, D3, D6 or 2D6)."""
    return _DIE[name]


class Kickoff(Procedure):
    """Kick the ball into the receiving half and resolve everything up to its landing.

    Phases: 0 place the ball, 1-2 direction and distance dice, 3 the distance (8: the kicking
    coach's choice of another distance, `KICK_DISTANCE`), then the scatter and the
    `AFTER_SCATTER` skills, 9 the table roll, 4-5 its result, 7 the landing, 6 a touchback.
    """

    __slots__ = ("alt", "direction", "dist", "target")

    def __init__(self) -> None:
        super().__init__()
        self.target = -1
        self.direction = 0
        self.dist = 0
        self.alt = -1  # another scatter distance a skill offers (Kick), or -1

    def run(self, s: GameState) -> None:
        ph = self.phase
        if ph == 0:
            s.active = -1
            s.wait(s.kicking, DK.KICK_TARGET)
        elif ph == 1:
            self.phase = 2
            s.request(Chance(Dice.D8, 1, "kick direction"))
        elif ph == 2:
            self.direction = s.die()
            self.phase = 3
            s.request(Chance(distance_die(s.board.variant.kick_scatter), 1, "kick distance"))
        elif ph == 3:
            self.dist = total(s.outcome)
            self.alt = self._other_distance(s)
            if self.alt >= 0:
                self.phase = 8
                s.wait(s.kicking, DK.KICK_DISTANCE)
                return
            self._scatter(s)
        elif ph == 9:
            self.phase = 4
            s.request(Chance(Dice.TWO_D6, 1, "kick-off table", GROUP_SUM))
        elif ph == 4:
            self.phase = 5
            s.note(Event.KICKOFF, -1, total(s.outcome), 0)
            s.push(TABLE[total(s.outcome)]())
        elif ph == 5:
            s.turnover = False
            s.active = -1
            if s.ball < 0:
                self._touchback(s)
                return
            self.phase = 7
            land_ball(s, s.ball, 0, kickoff=True)
        elif ph == 7:
            if s.ball_state == BallState.NONE:
                self._touchback(s)
                return
            s.pop()

    def _other_distance(self, s: GameState) -> int:
        """A different scatter distance a kicking player's skill lets his coach choose, or -1."""
        for p in s.on_pitch(s.kicking):
            skills = s.info[p].skills
            if KICK_DISTANCE.fns(skills):
                d = KICK_DISTANCE.first(skills, s, p, self.dist)
                if d is not None and d != self.dist:
                    return int(d)
        return -1

    def _scatter(self, s: GameState) -> None:
        """Move the ball `dist` squares from the target, then let skills act (phase 9 next)."""
        dx, dy = SCATTER[self.direction]
        b = s.board
        x, y = b.xy(self.target)
        x, y = x + dx * self.dist, y + dy * self.dist
        s.ball_state = BallState.IN_AIR
        if b.is_on(x, y) and b.sq(x, y) in b.own_half(other(s.kicking)):
            s.ball = b.sq(x, y)
        else:
            s.ball = -1  # touchback once the table result is resolved
        self.phase = 9
        present: list[Skill] = []
        for sk in AFTER_SCATTER.handlers:
            for side in (0, 1):
                if any(sk in s.info[p].skills for p in s.on_pitch(side)):
                    present.append(sk)
                    break
        if present:
            AFTER_SCATTER.each(frozenset(present), s)

    def _touchback(self, s: GameState) -> None:
        recv = other(s.kicking)
        standing = self._takers(s)
        if standing:
            self.phase = 6
            s.wait(recv, DK.TOUCHBACK)
            return
        # Nobody can take the ball: it rests on the empty square of the receiving half nearest
        # its centre (ties: lowest square index), a fixed and side-neutral choice.
        b = s.board
        half = sorted(b.own_half(recv))
        cx = sum(b.xs[q] for q in half) / len(half)
        cy = sum(b.ys[q] for q in half) / len(half)
        empty = [q for q in half if s.grid[q] == -1]
        if empty:
            s.ball = min(empty, key=lambda q: ((b.xs[q] - cx) ** 2 + (b.ys[q] - cy) ** 2, q))
            s.ball_state = BallState.ON_GROUND
        s.pop()

    @staticmethod
    def _takers(s: GameState) -> tuple[int, ...]:
        """Receiving players who may be given the ball on a touchback: standing, able to hold it."""
        recv = other(s.kicking)
        return tuple(
            p for p in s.team_players(recv) if s.status[p] == Status.STANDING and can_handle_ball(s, p)
        )

    def decision_detail(self, s: GameState) -> Decision:
        return Decision(skill="KICK" if self.phase == 8 else None)

    def legal(self, s: GameState) -> LegalActions:
        if self.phase == 0:
            squares = half_squares_xy(s.board, other(s.kicking))
            return LegalActions([ActionChoice(ActionType.PLACE_BALL, (), squares)])
        if self.phase == 8:
            return LegalActions([ActionChoice(ActionType.USE_SKILL), ActionChoice(ActionType.DECLINE)])
        return LegalActions([ActionChoice(ActionType.SELECT_PLAYER, self._takers(s))])

    def act(self, s: GameState, action: Action) -> None:
        if self.phase == 0:
            assert action.square is not None
            self.target = s.board.sq(*action.square)
            self.phase = 1
            return
        if self.phase == 8:
            if action.type == ActionType.USE_SKILL:
                self.dist = self.alt
            self._scatter(s)
            return
        assert action.player is not None
        s.ball = s.pos[action.player]
        s.ball_state = BallState.CARRIED
        s.pop()
