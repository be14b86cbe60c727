"""Invariants checked after every step of randomized conformance games."""

from __future__ import annotations

import random
from collections.abc import Callable

from nuffle.core.errors import NuffleError
from nuffle.core.game import Game
from nuffle.core.position_check import structural_problem
from nuffle.core.state import GameState
from nuffle.random_player import RandomPlayer


class InvariantError(NuffleError, AssertionError):
    """A rule invariant does not hold."""


def check_invariants(s: GameState) -> None:
    """Raise InvariantError if the position breaks a structural rule."""
    problem = structural_problem(s)
    if problem is not None:
        raise InvariantError(problem)



def conformance_game(
    seed: int,
    board: int = 11,
    home: str = "human",
    away: str = "orc",
    clone_checks: int = 3,
    max_steps: int = 50_000,
    assisted_moves: bool = False,
) -> Game:
    """Play one random game checking invariants after every step; at random points a clone
    stepped with the same actions must stay equal to the original. Returns the finished game."""
    game = Game.new(home, away, seed=seed, board=board, assisted_moves=assisted_moves)
    return play_checked(game, seed, clone_checks, max_steps)


def play_checked(
    game: Game,
    seed: int,
    clone_checks: int = 3,
    max_steps: int = 50_000,
    after_step: Callable[[Game], None] | None = None,
) -> Game:
    """Play `game` to the end with two seeded random bots, checking invariants after every
    step; at random points a clone stepped with the same actions must stay equal to the
    original. `after_step` may disturb the position between steps (tests use it to reach rare
    states). Returns the finished game."""
    rng = random.Random(seed)
    bots = (RandomPlayer(seed * 2 + 1), RandomPlayer(seed * 2 + 2))
    bots[0].new_game(game.view(), 0)
    bots[1].new_game(game.view(), 1)
    scores = (0, 0)
    clone_at = set(rng.sample(range(1, 400), clone_checks)) if clone_checks else set()
    shadow: Game | None = None
    steps = 0
    while not game.is_over:
        check_invariants(game.state)
        if steps in clone_at:
            shadow = game.clone()
            if shadow.state != game.state or hash(shadow.state) != hash(game.state):
                raise InvariantError(f"clone differs from the original at step {steps}")
        action = bots[game.decider].act(game.view())
        game.step(action)
        if shadow is not None:
            shadow.step(action)
            if shadow.state != game.state:
                raise InvariantError(f"clone diverged from the original after step {steps}")
        new_scores = (game.state.teams[0].score, game.state.teams[1].score)
        if new_scores[0] < scores[0] or new_scores[1] < scores[1]:
            raise InvariantError(f"a score went down: {scores} -> {new_scores}")
        scores = new_scores
        steps += 1
        if after_step is not None:
            after_step(game)
            if shadow is not None:
                shadow = None  # the disturbance is not replayed on the clone
        if steps > max_steps:
            raise InvariantError(f"the game did not end within {max_steps} steps")
    check_invariants(game.state)
    return game
