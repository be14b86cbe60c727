"""Assisted moves: non-adjacent targets walked along the safest path, step by step."""

from __future__ import annotations

import pytest

from nuffle.core.actions import Action, ActionType, IllegalActionError
from nuffle.core.dice import block, d6, two_d6
from nuffle.core.types import BlockFace, Status
from nuffle.testing import BLITZER, CATCHER, O_LINE, Scenario, roller_of

T = ActionType


def test_off_by_default() -> None:
    sc = Scenario()
    sc.put(BLITZER, (5, 7))
    game = sc.start(0)
    game.step(Action(T.START_MOVE, BLITZER))
    with pytest.raises(IllegalActionError):
        game.step(Action(T.MOVE, square=(9, 7)))


def test_legal_moves_list_every_reachable_square_with_its_odds() -> None:
    sc = Scenario(assisted_moves=True)
    sc.put(BLITZER, (5, 7))  # MA 7, open field
    game = sc.start(0)
    game.step(Action(T.START_MOVE, BLITZER))
    group = game.legal_actions().group(T.MOVE)
    assert group is not None
    odds = dict(zip(group.squares, group.probabilities, strict=True))
    assert odds[(12, 7)] == 1.0  # 7 squares: no roll
    assert odds[(13, 7)] == pytest.approx(5 / 6)  # one GFI
    assert odds[(14, 7)] == pytest.approx(25 / 36)  # two GFIs
    assert (15, 7) not in odds


def test_assisted_move_walks_the_path_rolling_as_it_goes() -> None:
    sc = Scenario(script=d6(2, 2), assisted_moves=True)
    sc.put(BLITZER, (5, 7))
    game = sc.start(0)
    game.step(Action(T.START_MOVE, BLITZER))
    game.step(Action(T.MOVE, square=(14, 7)))  # 7 squares then two GFIs, each a 2
    s = game.state
    assert s.board.xy(s.pos[BLITZER]) == (14, 7)
    assert s.status[BLITZER] == Status.STANDING
    assert not roller_of(game).queue
    assert game.legal_actions().group(T.MOVE) is None  # no movement left


def test_assisted_move_stops_for_a_reroll_decision_and_on_failure() -> None:
    sc = Scenario(script=d6(1), assisted_moves=True)
    sc.put(BLITZER, (5, 7)).set(rerolls=(1, 0))
    game = sc.start(0)
    game.step(Action(T.START_MOVE, BLITZER))
    game.step(Action(T.MOVE, square=(13, 7)))  # the GFI on the 8th square fails
    s = game.state
    assert s.board.xy(s.pos[BLITZER]) == (12, 7)  # stopped before the failed square
    assert T.USE_REROLL in game.legal_actions().types()
    roller_of(game).extend(d6(1) + two_d6(1, 2))  # re-rolled GFI fails; armour 3 holds
    game.step(Action(T.USE_REROLL))  # fails again: knocked down in (13,7), turnover
    assert s.board.xy(s.pos[BLITZER]) == (13, 7)
    assert s.status[BLITZER] == Status.PRONE
    assert game.is_over  # the scenario's turn ended on the turnover


def test_assisted_blitz_walks_then_blocks() -> None:
    sc = Scenario(script=block(BlockFace.DEFENDER_DOWN), assisted_moves=True)
    sc.put(BLITZER, (5, 7)).put(O_LINE, (10, 7))
    game = sc.start(0)
    game.step(Action(T.START_BLITZ, BLITZER))
    group = game.legal_actions().group(T.BLOCK)
    assert group is not None and (10, 7) in group.squares
    game.step(Action(T.BLOCK, square=(10, 7)))
    s = game.state
    assert s.board.distance(s.pos[BLITZER], s.pos[O_LINE]) == 1
    assert T.SELECT_DEFENDER_DOWN in game.legal_actions().types()


def test_assisted_hand_off() -> None:
    sc = Scenario(script=d6(4), assisted_moves=True)
    sc.put(BLITZER, (5, 7)).give_ball(BLITZER).put(CATCHER, (9, 3))
    game = sc.start(0)
    game.step(Action(T.START_HANDOFF, BLITZER))
    game.step(Action(T.HANDOFF, square=(9, 3)))  # walks next to him, hands off, catch 4
    assert game.state.carrier() == CATCHER
    assert game.state.board.distance(game.state.pos[BLITZER], game.state.pos[CATCHER]) == 1
