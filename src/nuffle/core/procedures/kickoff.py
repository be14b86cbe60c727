"""The kick: placing the ball, scatter, the kick-off table roll, landing and touchbacks."""

from __future__ import annotations

from typing import Final

from nuffle.core.actions import Action, ActionChoice, ActionType, LegalActions
from nuffle.core.decision import Decision
from nuffle.core.decision import DecisionKind as DK
from nuffle.core.dice import GROUP_SUM, Chance, Dice, total
from nuffle.core.hooks import Point
from nuffle.core.procedures import kickoff_bb2020, kickoff_table  # noqa: F401  (define the tables' frames)
from nuffle.core.procedures.ball import Bounce, can_handle_ball, land_ball
from nuffle.core.procedures.base import FRAMES, Phases, Procedure
from nuffle.core.procedures.setup import half_squares_xy
from nuffle.core.skills import Skill
from nuffle.core.state import GameState
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


class KickoffPhase(Phases):
    """Kickoff: the kick target, direction and distance (Kick's other distance), the scatter,
    the kick-off table, the landing or a touchback."""

    PLACED: Final = 1
    DIRECTION_ROLLED: Final = 2
    DISTANCE_ROLLED: Final = 3
    TABLE_ROLLED: Final = 4
    TABLE_DONE: Final = 5
    TOUCHBACK: Final = 6
    LANDED: Final = 7
    KICK_DISTANCE: Final = 8
    SCATTERED: Final = 9


class Kickoff(Procedure):
    """Kick the ball into the receiving half and resolve everything up to its landing.

    Phases (`KickoffPhase`): START place the ball, PLACED and DIRECTION_ROLLED the direction
    and distance dice, DISTANCE_ROLLED the distance (KICK_DISTANCE: the kicking coach's choice
    of another distance), then the scatter and the `AFTER_SCATTER` skills, SCATTERED the table
    roll, TABLE_ROLLED and TABLE_DONE its result, LANDED the landing, TOUCHBACK a touchback.
    """

    frame = "kickoff"
    phases = KickoffPhase

    __slots__ = ("alt", "direction", "dist", "target")

    def __init__(self) -> None:
        super().__init__()
        self.target = -1
        self.direction = 0
        self.dist = 0
        self.alt = -1  # another scatter distance a skill offers (Kick), or -1

    def run(self, s: GameState) -> None:
        ph = self.phase
        if ph == KickoffPhase.START:
            s.active = -1
            s.wait(s.kicking, DK.KICK_TARGET)
        elif ph == KickoffPhase.PLACED:
            self.phase = KickoffPhase.DIRECTION_ROLLED
            s.request(Chance(Dice.D8, 1, "kick direction"))
        elif ph == KickoffPhase.DIRECTION_ROLLED:
            self.direction = s.die()
            self.phase = KickoffPhase.DISTANCE_ROLLED
            s.request(Chance(distance_die(s.board.variant.kick_scatter), 1, "kick distance"))
        elif ph == KickoffPhase.DISTANCE_ROLLED:
            self.dist = total(s.outcome)
            self.alt = self._other_distance(s)
            if self.alt >= 0:
                self.phase = KickoffPhase.KICK_DISTANCE
                s.wait(s.kicking, DK.KICK_DISTANCE)
                return
            self._scatter(s)
        elif ph == KickoffPhase.SCATTERED:
            self.phase = KickoffPhase.TABLE_ROLLED
            s.request(Chance(Dice.TWO_D6, 1, "kick-off table", GROUP_SUM))
        elif ph == KickoffPhase.TABLE_ROLLED:
            self.phase = KickoffPhase.TABLE_DONE
            s.note(Event.KICKOFF, -1, total(s.outcome), 0)
            s.push(FRAMES[s.rules.kickoff[total(s.outcome)]]())  # the ruleset's kick-off table
        elif ph == KickoffPhase.TABLE_DONE:
            s.turnover = False
            s.active = -1
            if s.ball < 0:
                s.note(Event.LAND, -1, -1, True)  # out of the receiving half: a touchback
                self._touchback(s)
                return
            self.phase = KickoffPhase.LANDED
            land_ball(s, s.ball, 0, kickoff=True)
        elif ph == KickoffPhase.LANDED:
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
        """Move the ball `dist` squares from the target, then let skills act (SCATTERED next)."""
        dx, dy = s.rules.scatter[self.direction]
        b = s.board
        x, y = b.xy(self.target)
        x, y = x + dx * self.dist, y + dy * self.dist
        s.ball_state = BallState.IN_AIR
        if b.is_on(x, y) and b.sq(x, y) in b.own_half(other(s.kicking)):
            s.ball = b.sq(x, y)
        else:
            s.ball = -1  # touchback once the table result is resolved
        self.phase = KickoffPhase.SCATTERED
        present: list[Skill] = []
        for sk in AFTER_SCATTER.handlers:
            for side in (0, 1):
                if any(sk in s.info[p].skills for p in s.on_pitch(side)):
                    present.append(sk)
                    break
        if present:
            AFTER_SCATTER.each(s.rules.skill_set(frozenset(present)), s)

    def _touchback(self, s: GameState) -> None:
        recv = other(s.kicking)
        standing = self._takers(s)
        if standing:
            self.phase = KickoffPhase.TOUCHBACK
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
        """Receiving players who may be given the ball on a touchback: standing, able to hold it;
        if none and the ruleset's `touchback` is 'any' (BB2020), every receiving player on the
        pitch (the ball then bounces from his square)."""
        recv = other(s.kicking)
        standing = tuple(
            p for p in s.team_players(recv) if s.status[p] == Status.STANDING and can_handle_ball(s, p)
        )
        if standing or s.rules.touchback != "any":
            return standing
        return tuple(s.on_pitch(recv))

    def decision_detail(self, s: GameState) -> Decision:
        return Decision(skill=Skill.KICK if self.phase == KickoffPhase.KICK_DISTANCE else None)

    def legal(self, s: GameState) -> LegalActions:
        if self.phase == KickoffPhase.START:
            squares = half_squares_xy(s.board, other(s.kicking))
            return LegalActions([ActionChoice(ActionType.PLACE_BALL, (), squares)])
        if self.phase == KickoffPhase.KICK_DISTANCE:
            return LegalActions([ActionChoice(ActionType.USE_SKILL), ActionChoice(ActionType.DECLINE)])
        return LegalActions([ActionChoice(ActionType.SELECT_PLAYER, self._takers(s))])

    def act(self, s: GameState, action: Action) -> None:
        if self.phase == KickoffPhase.START:
            assert action.square is not None
            self.target = s.board.sq(*action.square)
            self.phase = KickoffPhase.PLACED
            return
        if self.phase == KickoffPhase.KICK_DISTANCE:
            if action.type == ActionType.USE_SKILL:
                self.dist = self.alt
            self._scatter(s)
            return
        assert action.player is not None
        pid = action.player
        s.ball = s.pos[pid]
        s.ball_state = BallState.CARRIED
        s.pop()
        if s.status[pid] != Status.STANDING or not can_handle_ball(s, pid):
            s.ball_state = BallState.ON_GROUND  # BB2020: a player who cannot hold it: a bounce
            s.push(Bounce(s.pos[pid]))
