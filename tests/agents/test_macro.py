"""Macro moves in a match without assisted moves: the assisted view and the walk."""

from __future__ import annotations

import pytest

from nuffle.agents.macro import MacroWalker, assisted
from nuffle.agents.mcts import MCTSBot
from nuffle.agents.registry import make_agent
from nuffle.core.actions import Action, ActionType
from nuffle.core.dice import d6
from nuffle.core.game import Game
from nuffle.play import play
from nuffle.testing import LINEMAN, LINEMAN2, O_LINE, Scenario, check_finished

A = ActionType
ORC_LINE = O_LINE


def _blitz_start() -> Game:
    sc = Scenario()
    sc.put(LINEMAN, (10, 7)).put(ORC_LINE, (13, 7))
    game = sc.start(active=0)
    game.step(Action(A.START_BLITZ, LINEMAN))
    return game


def test_assisted_view_offers_far_targets_and_leaves_the_match_alone() -> None:
    game = _blitz_start()
    view = game.view()
    seen = assisted(view)
    assert seen is not view and seen.state.options.assisted_moves
    assert not view.state.options.assisted_moves and not game.state.options.assisted_moves
    far = Action(A.BLOCK, None, (13, 7))
    assert far in seen.legal_actions() and far not in view.legal_actions()
    assert assisted(seen) is seen  # already assisted: no copy


def test_macro_block_is_walked_where_the_match_has_no_assisted_moves() -> None:
    game = _blitz_start()
    walker = MacroWalker()
    blitz = Action(A.BLOCK, None, (13, 7))
    first = walker.start(game.view(), blitz)
    walked = [first, *walker.steps]
    assert [a.type for a in walked] == [A.MOVE, A.MOVE, A.BLOCK] and walked[-1] == blitz
    game.step(first)
    step = walker.next(game.view(), game.legal_actions())  # no dice on the way: still legal
    assert step is not None and step.type == A.MOVE
    game.step(step)
    assert walker.next(game.view(), game.legal_actions()) == blitz and not walker.steps
    with pytest.raises(RuntimeError, match="not an action the match allows"):
        walker.start(game.view(), Action(A.PASS, None, (1, 1)))


def test_walk_is_dropped_when_its_next_step_is_no_longer_legal() -> None:
    game = _blitz_start()
    walker = MacroWalker()
    walker.start(game.view(), Action(A.BLOCK, None, (13, 7)))
    assert walker.steps
    # the first step was never taken: the walk's next step is not legal here, so it is dropped
    assert walker.next(game.view(), game.legal_actions()) is None and walker.steps == []


def test_mcts_macro_bot_plays_a_match_without_assisted_moves() -> None:
    game = Game.new("human", "orc", seed=3, board=3)
    bot = MCTSBot(seed=1, iterations=8, macro=True)
    play(game, bot, make_agent("random", seed=2))
    check_finished(game)
    assert bot.searches >= 1 and bot.searched_iterations >= 8


def test_walk_waits_through_a_reroll_question_and_goes_on() -> None:
    sc = Scenario(script=d6(2) + d6(4))  # the dodge out of the tackle zone fails, the re-roll works
    sc.set(rerolls=(2, 2))
    sc.put(LINEMAN, (10, 7)).put(ORC_LINE, (11, 7))
    game = sc.start(active=0)
    game.step(Action(A.START_MOVE, LINEMAN))
    walker = MacroWalker()
    game.step(walker.start(game.view(), Action(A.MOVE, None, (6, 7))))
    assert Action(A.USE_REROLL) in game.legal_actions()
    assert walker.next(game.view(), game.legal_actions()) is None and walker.steps  # waits
    game.step(Action(A.USE_REROLL))
    while (step := walker.next(game.view(), game.legal_actions())) is not None:
        game.step(step)
    assert game.state.board.xy(game.state.pos[LINEMAN]) == (6, 7) and not walker.steps


def test_walk_is_dropped_at_another_players_move() -> None:
    sc = Scenario()
    sc.put(LINEMAN, (10, 7)).put(ORC_LINE, (14, 7)).put(LINEMAN2, (8, 6))
    game = sc.start(active=0)
    game.step(Action(A.START_MOVE, LINEMAN))
    walker = MacroWalker()
    game.step(walker.start(game.view(), Action(A.MOVE, None, (7, 7))))
    game.step(Action(A.END_ACTION))
    game.step(Action(A.START_MOVE, LINEMAN2))
    assert walker.steps[0] in game.legal_actions()  # the walk's next square is one the other player may take
    assert walker.next(game.view(), game.legal_actions()) is None and walker.steps == []
