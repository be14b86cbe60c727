"""Randomized conformance: 500 random games over every board size and both races, with
invariants after every step, clone-equality checks, and record/replay equality; and the
invariant checks themselves catch corrupt positions."""

from __future__ import annotations

import pytest

from nuffle.conformance import InvariantError, check_invariants, conformance_game
from nuffle.core.board import EMPTY, OFF
from nuffle.core.state import GameState
from nuffle.core.types import BallState, Status
from nuffle.record import fingerprint, replay, to_record
from nuffle.testing import check_finished, midgame_states

BOARDS = (11, 7, 5, 3, 1)
GAMES_PER_CASE = 50  # 5 boards x 2 pairings x 50 = 500 games


QUICK = 3  # the first seeds of every case run in the fast loop, the rest are marked slow


@pytest.mark.parametrize("seeds", [pytest.param(range(QUICK), id="quick"),
                                   pytest.param(range(QUICK, GAMES_PER_CASE), id="rest",
                                                marks=pytest.mark.slow)])
@pytest.mark.parametrize("board", BOARDS)
@pytest.mark.parametrize("home,away", [("human", "orc"), ("orc", "human")])
def test_random_games_hold_invariants(board: int, home: str, away: str, seeds: range) -> None:
    for seed in seeds:
        game = conformance_game(seed, board, home, away, clone_checks=2)
        check_finished(game)
        if seed % 10 == 0:
            again = replay(to_record(game))
            assert again.state == game.state
            assert fingerprint(again) == fingerprint(game)


@pytest.mark.slow
@pytest.mark.parametrize("board", (11, 5))
def test_random_games_with_assisted_moves(board: int) -> None:
    for seed in range(8):
        game = conformance_game(seed, board, "human", "orc", clone_checks=2, assisted_moves=True)
        check_finished(game)
        again = replay(to_record(game))
        assert again.state == game.state


def _corrupt(s: GameState, how: str) -> None:
    on = next(p for p, q in enumerate(s.pos) if q >= 0)
    sq = s.pos[on]
    empty = next(i for i in s.board.all_squares if s.grid[i] == EMPTY)
    if how == "grid_elsewhere":
        s.grid[sq], s.grid[empty] = EMPTY, on
    elif how == "status":
        s.status[on] = Status.KO
    elif how == "ghost":
        s.grid[empty] = on
    elif how == "lost":
        s.pos[on], s.grid[sq] = -1, EMPTY
    elif how == "ring":
        s.grid[0] = EMPTY
    elif how == "hole":
        s.grid[empty] = OFF
    elif how == "junk":
        s.grid[empty] = -7
    elif how == "ball":
        s.ball, s.ball_state = empty, BallState.CARRIED


@pytest.mark.parametrize(("how", "message"), [
    ("grid_elsewhere", "but the grid holds"),
    ("status", "on the pitch has status KO"),
    ("ghost", "occupied squares for"),
    ("lost", "but not on the pitch"),
    ("ring", "off-pitch marker"),
    ("hole", "off-pitch marker"),
    ("junk", "neither a player nor a marker"),
    ("ball", "the ball is carried but nobody holds it"),
])
def test_invariants_catch_a_corrupt_position(how: str, message: str) -> None:
    s = midgame_states(seed=3, count=1, min_on_pitch=10)[0]
    check_invariants(s)
    _corrupt(s, how)
    with pytest.raises(InvariantError, match=message):
        check_invariants(s)
