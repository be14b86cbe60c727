"""A curriculum for the full board: drives that start nearer the end zone, relaxed as the agent
improves.

At level 0 the environment's helper bot (its `setup` bot) plays each drive for the learner until
the learner's ball carrier stands one column from the end zone it attacks; the learner only has
to finish. As the level rises, the hand-over happens farther out (level x hands over within
about x * W columns), and at level 1 the learner plays every drive itself. The helper also
stops as soon as the other side holds the ball, so the learner always defends on its own. The
trainer raises the level when the recent touchdowns per episode reach a target.
"""

from __future__ import annotations

import random

from nuffle.core.board import board_for
from nuffle.core.errors import InputError
from nuffle.core.game import Game
from nuffle.core.types import BallState

KINDS = ("endzone",)


class Curriculum:
    """The 'endzone' curriculum of one environment (see the module docstring)."""

    def __init__(self, board: int, seed: int, level: float = 0.0) -> None:
        self.width = board_for(board).width
        self.level = level
        self._rng = random.Random(seed)
        self._drive: tuple[int, int, int] | None = None
        self._handing = False

    @property
    def reach(self) -> int:
        """How many columns from the end zone the learner takes over at this level."""
        return max(1, round(self.level * self.width))

    def takeover(self, game: Game) -> bool:
        """Whether the helper plays this learner decision (called at each one)."""
        s = game.state
        side = s.decider
        drive = (id(game), s.half, s.teams[0].score + s.teams[1].score)
        if drive != self._drive:
            self._drive = drive
            self._handing = self.level < 1.0
        if not self._handing:
            return False
        if s.ball_state == BallState.CARRIED:
            carrier = s.grid[s.ball]
            if s.pteam[carrier] != side:
                self._handing = False  # the other side has the ball: the learner defends
            elif abs(s.board.endzone_x[side] - s.board.xs[s.pos[carrier]]) <= self.reach:
                self._handing = False  # close enough: the learner finishes the drive
        return self._handing


def make_curriculum(kind: str | None, board: int, seed: int) -> Curriculum | None:
    """The curriculum `kind` names ('endzone'), or None; raises ValueError for an unknown kind."""
    if kind is None:
        return None
    if kind not in KINDS:
        raise InputError(f"unknown curriculum {kind!r}: choose one of {', '.join(KINDS)}")
    return Curriculum(board, seed)
