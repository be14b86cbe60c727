"""The random bot: a uniformly random action type, then a uniformly random player or square.

For set-up it places its players in a randomly chosen predefined formation.
"""

from __future__ import annotations

import random

from nuffle.agents.base import Agent
from nuffle.agents.registry import register
from nuffle.core.actions import Action, ActionType, Square
from nuffle.core.game import Game
from nuffle.formations import formation, formation_names


class RandomBot(Agent):
    """Plays uniformly at random (type first, then player/square); sets up in formations."""

    name = "random"

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)
        self.plan: list[tuple[int, Square]] = []
        self.side = 0

    def act(self, game: Game) -> Action:
        legal = game.legal_actions()
        if legal.group(ActionType.PLACE_PLAYER) is not None:
            return self._setup(game)
        groups = legal.groups
        rng = self.rng
        types = list(dict.fromkeys(g.type for g in groups))
        kind = types[rng.randrange(len(types))] if len(types) > 1 else types[0]
        if len(types) == len(groups):
            g = groups[types.index(kind)]
        else:
            same = [g for g in groups if g.type == kind]
            g = same[rng.randrange(len(same))]
        player = g.players[rng.randrange(len(g.players))] if g.players else None
        square = g.squares[rng.randrange(len(g.squares))] if g.squares else None
        return Action(kind, player, square)

    def _setup(self, game: Game) -> Action:
        legal = game.legal_actions()
        s = game.state
        for _ in range(2):  # a spent plan is followed by a fresh one
            if not self.plan:
                if legal.group(ActionType.END_SETUP) is not None:
                    return Action(ActionType.END_SETUP)
                group = legal.group(ActionType.PLACE_PLAYER)
                assert group is not None
                side = game.decider
                board = game.config.board
                kind = "defense" if side == s.kicking else "offense"
                names = formation_names(board, kind)
                squares = formation(board, kind, self.rng.choice(names), side, s.board.width)
                players = list(group.players)
                self.rng.shuffle(players)
                self.plan = list(zip(players, squares, strict=False))
                self.plan.reverse()
            while self.plan:
                pid, sq = self.plan.pop()
                act = Action(ActionType.PLACE_PLAYER, pid, sq)
                if act in legal:  # not where he stands already: that placement changes nothing
                    return act
        return Action(ActionType.END_SETUP)


register("random", RandomBot)
