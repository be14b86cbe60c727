"""Randomized conformance: 500 random games over every board size and both races, with
invariants after every step, clone-equality checks, and record/replay equality."""

from __future__ import annotations

import pytest

from nuffle.conformance import conformance_game
from nuffle.record import fingerprint, replay, to_record
from nuffle.testing import check_finished

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
