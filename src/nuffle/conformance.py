"""Invariants checked after every step of randomized conformance games."""

from __future__ import annotations

import random
from collections.abc import Callable

from nuffle.core.board import EMPTY, OFF
from nuffle.core.errors import NuffleError
from nuffle.core.game import Game
from nuffle.core.procedures.action import PlayerAction
from nuffle.core.procedures.throw_team_mate import ThrowTeamMate
from nuffle.core.procedures.turn import Turn
from nuffle.core.state import GameState
from nuffle.core.types import BallState, Status
from nuffle.random_player import RandomPlayer


class InvariantError(NuffleError, AssertionError):
    """A rule invariant does not hold."""


def check_invariants(s: GameState) -> None:
    """Raise InvariantError if the position breaks a structural rule."""
    b = s.board
    on_pitch = [0, 0]
    for pid, sq in enumerate(s.pos):
        st = s.status[pid]
        if sq >= 0:
            if not b.on_pitch[sq]:
                raise InvariantError(f"player {pid} stands off the pitch at {sq}")
            if s.grid[sq] != pid:
                raise InvariantError(f"player {pid} is at {b.xy(sq)} but the grid holds {s.grid[sq]}")
            if not Status.STANDING <= st <= Status.STUNNED:
                raise InvariantError(f"player {pid} on the pitch has status {Status(st).name}")
            on_pitch[s.pteam[pid]] += 1
        elif Status.STANDING <= st <= Status.STUNNED and s.decider in (0, 1):
            in_flight = any(isinstance(p, ThrowTeamMate) and p.thrown == pid for p in s.stack)
            if not in_flight:  # a thrown team-mate is in the air while others' rolls resolve
                raise InvariantError(f"player {pid} is {Status(st).name} but not on the pitch")
    grid = s.grid
    if min(grid) < OFF:
        raise InvariantError(f"the grid holds {min(grid)}, neither a player nor a marker")
    occupied = len(grid) - grid.count(OFF) - grid.count(EMPTY)
    if occupied != sum(on_pitch):
        raise InvariantError(f"{occupied} occupied squares for {sum(on_pitch)} players on the pitch")
    # the off-pitch squares are the border ring: all of them OFF, and no other square
    st = b.stride
    ring = (grid[:st], grid[-st:], grid[::st], grid[st - 1::st])
    if grid.count(OFF) != b.template.count(OFF) or any(r.count(OFF) != len(r) for r in ring):
        raise InvariantError("the grid has a wrong off-pitch marker")
    limit = b.variant.pitch_max
    for side in (0, 1):
        if on_pitch[side] > limit:
            raise InvariantError(f"side {side} has {on_pitch[side]} players on the pitch (max {limit})")
    if s.ball_state == BallState.CARRIED:
        holder = s.grid[s.ball] if s.ball >= 0 else EMPTY
        if holder < 0:
            raise InvariantError("the ball is carried but nobody holds it")
        if s.status[holder] != Status.STANDING:
            raise InvariantError(f"player {holder} holds the ball while {Status(s.status[holder]).name}")
    elif s.ball_state == BallState.ON_GROUND:
        if s.ball < 0 or not b.on_pitch[s.ball]:
            raise InvariantError("the ball lies off the pitch")
        # Mid-resolution (a pick-up re-roll, a knock-down, a push before its bounce) the ball
        # may lie under a player; between player actions it never may.
        quiet = bool(s.stack) and isinstance(s.stack[-1], (Turn, PlayerAction))
        if quiet and s.grid[s.ball] >= 0:
            raise InvariantError(f"the loose ball lies under player {s.grid[s.ball]}")


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
