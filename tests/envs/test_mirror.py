"""Mirror test: a position and its mirror image with the sides swapped look the same to the
two coaches (observation and action mask)."""

import numpy as np
import pytest

from nuffle.core.types import Status
from nuffle.envs.core import MatchDriver
from nuffle.envs.observation import StaticPlayers
from nuffle.testing import Scenario


def _observe(game, board, side):
    d = MatchDriver(board, "human", "orc", False)
    d.game = game
    d.static = StaticPlayers(game.state)
    return d.observe(side)


@pytest.mark.parametrize("board", [3, 11])
def test_mirrored_position_gives_identical_observations(board):
    a = Scenario("human", "orc", board=board)
    b = Scenario("orc", "human", board=board)
    w = a.state.board.width
    n_h = len(a.state.ranges[0])
    n_o = len(b.state.ranges[0])
    home_squares = [(2, 1), (3, 2), (4, 3)][: min(3, n_h)]
    away_squares = [(5, 1), (5, 2), (7, 3)][: min(3, n_o)]
    for i, sq in enumerate(home_squares):
        a.put(i, sq)
        b.put(n_o + i, (w - 1 - sq[0], sq[1]))  # the humans, now away, mirrored
    for j, sq in enumerate(away_squares):
        status = Status.PRONE if j == 1 else Status.STANDING
        a.put(n_h + j, sq, status)
        b.put(j, (w - 1 - sq[0], sq[1]), status)
    a.give_ball(0)
    b.give_ball(n_o)
    a.set(rerolls=(2, 1), turn=(3, 2), kicking=1)
    b.set(rerolls=(1, 2), turn=(2, 3), kicking=0)
    b.state.first_kicker = 1
    ga, gb = a.start(active=0), b.start(active=1)
    for side in (0, 1):
        oa = _observe(ga, board, side)
        ob = _observe(gb, board, 1 - side)
        for key in ("spatial", "non_spatial", "action_mask"):
            assert np.array_equal(oa[key], ob[key]), (side, key)
    assert _observe(ga, board, 0)["action_mask"].sum() > 0
