"""The end-zone bot (a baseline of the FFAI paper): it runs the ball carrier towards the end
zone, sends the nearest player to a loose ball, and otherwise plays like the random bot."""

from __future__ import annotations

from nuffle.agents.random_bot import RandomBot
from nuffle.agents.registry import register
from nuffle.core.actions import Action, ActionType
from nuffle.core.game import Game
from nuffle.core.types import PF, BallState, Status


class EndzoneBot(RandomBot):
    """Moves the ball carrier to the end zone; set-ups and other decisions are random."""

    name = "endzone"

    def __init__(self, seed: int = 0) -> None:
        super().__init__(seed)
        self.moving = -1  # the player this bot started a move with

    def act(self, game: Game) -> Action:
        legal = game.legal_actions()
        if legal.group(ActionType.PLACE_PLAYER) is not None:
            return self._setup(game)
        s = game.state
        side = game.decider
        start = legal.group(ActionType.START_MOVE)
        if start is not None:
            pid = self._runner(game, start.players)
            if pid is not None:
                self.moving = pid
                return Action(ActionType.START_MOVE, pid)
            if legal.group(ActionType.END_TURN) is not None and self._carrier_done(game):
                return Action(ActionType.END_TURN)
        move = legal.group(ActionType.MOVE)
        if move is not None and not move.players and self.moving >= 0 and s.pos[self.moving] >= 0:
            best = self._best_square(game, move.squares, side)
            if best is not None:
                return Action(ActionType.MOVE, None, best)
            if legal.group(ActionType.END_ACTION) is not None:
                self.moving = -1
                return Action(ActionType.END_ACTION)
        reroll = legal.group(ActionType.USE_REROLL)
        if reroll is not None and self.moving >= 0:
            return Action(ActionType.USE_REROLL)
        return super().act(game)

    def _carrier_done(self, game: Game) -> bool:
        s = game.state
        c = s.carrier()
        return c >= 0 and s.pteam[c] == game.decider and bool(s.pflags[c] & PF.USED)

    def _runner(self, game: Game, ready: tuple[int, ...]) -> int | None:
        """The carrier if he may still move; else, for a loose ball, the nearest ready player."""
        s = game.state
        c = s.carrier()
        if c >= 0:
            return c if c in ready and s.status[c] == Status.STANDING else None
        if s.ball_state != BallState.ON_GROUND or s.ball < 0:
            return None
        standing = [p for p in ready if s.status[p] == Status.STANDING and s.pos[p] >= 0]
        if not standing:
            return None
        b = s.board
        return min(standing, key=lambda p: b.distance(s.pos[p], s.ball))

    def _best_square(
        self, game: Game, squares: tuple[tuple[int, int], ...], side: int
    ) -> tuple[int, int] | None:
        """The square taking the carrier furthest towards the end zone (the ball, for a
        player fetching it); None when no square gains ground."""
        s = game.state
        b = s.board
        here = s.pos[self.moving]
        if s.carrier() == self.moving:
            goal_x = b.endzone_x[side]
            now = abs(b.xs[here] - goal_x)

            def gain(sq: tuple[int, int]) -> tuple[int, int]:
                q = b.sq(*sq)
                return (now - abs(sq[0] - goal_x), -s.tackle_zones(q, side))
        else:
            if s.ball_state != BallState.ON_GROUND or s.ball < 0:
                return None
            now = b.distance(here, s.ball)

            def gain(sq: tuple[int, int]) -> tuple[int, int]:
                q = b.sq(*sq)
                return (now - b.distance(q, s.ball), -s.tackle_zones(q, side))
        on = [sq for sq in squares if b.is_on(*sq)]
        if not on:
            return None
        best = max(on, key=gain)
        return best if gain(best)[0] > 0 else None


register("endzone", EndzoneBot)
