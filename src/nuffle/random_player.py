"""Random play below the bots' layer: the uniformly random player the `random` bot wraps, and
mid-game positions of random games. Test support (`testing`), the invariant checks
(`conformance`) and the search's benchmarks use it without importing `nuffle.agents`.
"""

from __future__ import annotations

import random
from typing import Final

from nuffle.core.actions import Action, ActionType, Square
from nuffle.core.game import Game
from nuffle.core.state import GameState
from nuffle.formations import formation, formation_names

# Enum members the hot code reads, bound once as module globals: on Python 3.11 reading a
# member off its enum class costs about ten times a global (the enum metaclass's
# `__getattr__` hook slows every attribute read on the class).
_END_SETUP: Final = ActionType.END_SETUP
_PLACE_PLAYER: Final = ActionType.PLACE_PLAYER


class RandomPlayer:
    """Plays uniformly at random (type first, then player/square); sets up in formations."""

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)
        self.plan: list[tuple[int, Square]] = []
        self.side = 0

    def new_game(self, view: Game, side: int) -> None:
        """Called once before the first decision; `side` is 0 (home) or 1 (away)."""
        self.side = side

    def act(self, game: Game) -> Action:
        """A random legal action of `game` (a view)."""
        legal = game.legal_actions()
        groups = legal.groups
        listed = [g.type for g in groups]
        if _PLACE_PLAYER in listed and not self._adding(game, listed):
            return self._setup(game)
        rng = self.rng
        types = list(dict.fromkeys(listed))
        kind = types[rng.randrange(len(types))] if len(types) > 1 else types[0]
        if len(types) == len(groups):
            g = groups[types.index(kind)]
        else:
            same = [g for g in groups if g.type == kind]
            g = same[rng.randrange(len(same))]
        player = g.players[rng.randrange(len(g.players))] if g.players else None
        square = g.squares[rng.randrange(len(g.squares))] if g.squares else None
        return Action(kind, player, square)

    @staticmethod
    def _adding(game: Game, listed: list[ActionType]) -> bool:
        """Whether the decision adds reserves to a legal set-up (BB2020's Swarming: PLACE_PLAYER
        for reserves and END_SETUP, no RESERVE_PLAYER): chosen at random like any other."""
        if _END_SETUP not in listed or ActionType.RESERVE_PLAYER in listed:
            return False
        group = game.legal_actions().group(_PLACE_PLAYER)
        return group is not None and all(game.state.pos[p] < 0 for p in group.players)

    def _setup(self, game: Game) -> Action:
        legal = game.legal_actions()
        s = game.state
        for _ in range(2):  # a spent plan is followed by a fresh one
            if not self.plan:
                if legal.group(_END_SETUP) is not None:
                    return Action(_END_SETUP)
                group = legal.group(_PLACE_PLAYER)
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
                act = Action(_PLACE_PLAYER, pid, sq)
                if act in legal:  # not where he stands already: that placement changes nothing
                    return act
        end = Action(_END_SETUP)
        group = legal.group(_PLACE_PLAYER)
        if end in legal or group is None:
            return end
        # Every planned placement is taken already and the set-up is not legal yet (a partial
        # formation): place someone anywhere the engine allows.
        pid = group.players[self.rng.randrange(len(group.players))]
        return Action(_PLACE_PLAYER, pid, group.squares[self.rng.randrange(len(group.squares))])


def midgame_states(seed: int, count: int, board: int = 11, every: int = 37,
                   min_on_pitch: int = 0) -> list[GameState]:
    """Copies of mid-game positions from a random Human v Orc game: after turn 3, with the
    active side to decide, sampled every `every` steps, at least `min_on_pitch` players on it."""
    game = Game.new("human", "orc", seed=seed, board=board)
    players = (RandomPlayer(seed), RandomPlayer(seed + 1))
    players[0].new_game(game.view(), 0)
    players[1].new_game(game.view(), 1)
    out: list[GameState] = []
    steps = 0
    while not game.is_over and len(out) < count and steps < 50_000:
        s = game.state
        if (steps % every == 0 and s.active >= 0 and s.teams[s.active].turn >= 3
                and s.decider == s.active
                and sum(1 for q in s.pos if q >= 0) >= min_on_pitch):
            out.append(s.copy())
        game.step(players[game.decider].act(game.view()))
        steps += 1
    return out
