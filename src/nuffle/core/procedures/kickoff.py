"""The kick: placing the ball, scatter, the kick-off table roll, landing and touchbacks."""

from __future__ import annotations

from nuffle.core.actions import Action, ActionChoice, ActionType, LegalActions
from nuffle.core.dice import GROUP_SUM, Chance, Dice, total
from nuffle.core.procedures.ball import land_ball
from nuffle.core.procedures.base import Procedure
from nuffle.core.procedures.kickoff_table import TABLE
from nuffle.core.procedures.setup import half_squares_xy
from nuffle.core.state import GameState
from nuffle.core.tables import SCATTER
from nuffle.core.types import BallState, Status, other

# D8 scatter template: direction -> (dx, dy).
_DIE = {"D2": Dice.D2, "D3": Dice.D3, "D6": Dice.D6, "2D6": Dice.TWO_D6}


def distance_die(name: str) -> Dice:
    """The chance-event kind named in a board variant (D2, D3, D6 or 2D6)."""
    return _DIE[name]


class Kickoff(Procedure):
    """Kick the ball into the receiving half and resolve everything up to its landing."""

    __slots__ = ("direction", "target")

    def __init__(self) -> None:
        super().__init__()
        self.target = -1
        self.direction = 0

    def run(self, s: GameState) -> None:
        ph = self.phase
        if ph == 0:
            s.active = -1
            s.wait(s.kicking)
        elif ph == 1:
            self.phase = 2
            s.request(Chance(Dice.D8, 1, "kick direction"))
        elif ph == 2:
            self.direction = s.die()
            self.phase = 3
            s.request(Chance(distance_die(s.board.variant.kick_scatter), 1, "kick distance"))
        elif ph == 3:
            dist = total(s.outcome)
            dx, dy = SCATTER[self.direction]
            b = s.board
            x, y = b.xy(self.target)
            x, y = x + dx * dist, y + dy * dist
            s.ball_state = BallState.IN_AIR
            if b.is_on(x, y) and b.sq(x, y) in b.own_half(other(s.kicking)):
                s.ball = b.sq(x, y)
            else:
                s.ball = -1  # touchback once the table result is resolved
            self.phase = 4
            s.request(Chance(Dice.TWO_D6, 1, "kick-off table", GROUP_SUM))
        elif ph == 4:
            self.phase = 5
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

    def _touchback(self, s: GameState) -> None:
        recv = other(s.kicking)
        standing = [p for p in s.team_players(recv) if s.status[p] == Status.STANDING]
        if standing:
            self.phase = 6
            s.wait(recv)
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

    def legal(self, s: GameState) -> LegalActions:
        if self.phase == 0:
            squares = half_squares_xy(s.board, other(s.kicking))
            return LegalActions([ActionChoice(ActionType.PLACE_BALL, (), squares)])
        recv = other(s.kicking)
        standing = tuple(p for p in s.team_players(recv) if s.status[p] == Status.STANDING)
        return LegalActions([ActionChoice(ActionType.SELECT_PLAYER, standing)])

    def act(self, s: GameState, action: Action) -> None:
        if self.phase == 0:
            assert action.square is not None
            self.target = s.board.sq(*action.square)
            self.phase = 1
            return
        assert action.player is not None
        s.ball = s.pos[action.player]
        s.ball_state = BallState.CARRIED
        s.pop()
