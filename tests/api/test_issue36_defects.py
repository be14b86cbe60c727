"""Defects found by the "one source of rules truth" review, each pinned by a test."""

from __future__ import annotations

from fractions import Fraction

import pytest

from nuffle.analysis.queries import dodge_odds, gfi_odds
from nuffle.core.actions import Action, ActionChoice, ActionType, IllegalActionError, LegalActions
from nuffle.core.game import Game
from nuffle.core.paths import search
from nuffle.core.skills import Skill
from nuffle.core.types import Event
from nuffle.testing import O_LINE, THROWER, Scenario, do

T = ActionType


# --- legal actions are an immutable value ------------------------------------------------------


def test_legal_actions_cannot_be_changed_to_let_step_accept_more() -> None:
    game = Game.new("human", "orc", seed=3)
    legal = game.legal_actions()
    assert T.USE_BRIBE not in legal.types()
    with pytest.raises(AttributeError):
        legal.groups.append(ActionChoice(T.USE_BRIBE))  # type: ignore[attr-defined]
    with pytest.raises(AttributeError):
        legal.groups = (*legal.groups, ActionChoice(T.USE_BRIBE))  # type: ignore[misc]
    with pytest.raises(AttributeError):
        legal.groups[0].type = T.USE_BRIBE  # type: ignore[misc]
    with pytest.raises(IllegalActionError):
        game.step(Action(T.USE_BRIBE))


def test_legal_actions_of_a_view_are_the_same_value() -> None:
    game = Game.new("human", "orc", seed=3)
    view = game.view()
    assert view.legal_actions() == game.legal_actions()
    assert LegalActions([ActionChoice(T.KICK)]) == LegalActions((ActionChoice(T.KICK),))


# --- every action-starting type resets the action log ------------------------------------------


def test_bombardier_action_starts_a_new_action_log() -> None:
    sc = Scenario()
    sc.grant(O_LINE, Skill.BOMBARDIER).put(O_LINE, (14, 7))
    game = sc.start(active=1)
    game.state.log.append((int(Event.DECISION), int(T.MOVE), 0, -1))  # left from an earlier action
    do(game, T.START_BOMB, O_LINE)
    assert game.state.log[0][:2] == (int(Event.DECISION), int(T.START_BOMB))


def test_action_type_categories() -> None:
    starts = {t for t in T if t.starts_action}
    assert T.START_BOMB in starts and T.START_BLOCK in starts
    assert all(t.name.startswith("START_") for t in starts)
    assert {t for t in T if t.name.startswith("START_")} == starts
    assert {t for t in T if t.moving_action} == starts - {T.START_BLOCK, T.START_BOMB}
    assert [t for t in T if t.selects_face] == [t for t in T if t.name.startswith("SELECT_")
                                                  and t.name not in ("SELECT_PLAYER", "SELECT_ARMOUR",
                                                                     "SELECT_INJURY", "SELECT_SQUARE")]
    assert {t for t in T if t.uses_reroll} == {T.USE_SKILL, T.USE_REROLL, T.USE_PRO}


# --- Pro counts outside the engine too -----------------------------------------------------------


def test_pro_dodge_odds_agree_with_the_engine_outside_it() -> None:
    # An AG 3 Pro player with no team re-roll dodges out of one tackle zone into a free square:
    # 3+ (2/3), then Pro's 4+ and the re-roll: 2/3 + 1/3 * 1/2 * 2/3 = 7/9.
    sc = Scenario().grant(THROWER, Skill.PRO, ag=3).put(THROWER, (12, 7)).put(O_LINE, (13, 7))
    game = sc.set(rerolls=(0, 0)).start(active=0)
    do(game, T.START_MOVE, THROWER)
    engine = Fraction(0)
    for nxt, prob in game.transitions(Action(T.MOVE, None, (11, 7))):
        if T.USE_PRO in nxt.legal_actions().types():
            engine += prob * sum((p for g, p in nxt.transitions(Action(T.USE_PRO))
                                  if g.state.pos[THROWER] == g.state.board.sq(11, 7) and not g.is_over),
                                 Fraction(0))
        elif not nxt.is_over:
            engine += prob
    assert engine == Fraction(7, 9)
    assert dodge_odds(game, THROWER, (11, 7)) == Fraction(7, 9)
    path = search(game, THROWER).path((11, 7))
    assert path is not None and path.exact() == Fraction(7, 9)
    assert abs(path.prob - 7 / 9) < 1e-12
    # A Going For It: 2+ (5/6), then Pro: 5/6 + 1/6 * 1/2 * 5/6 = 65/72.
    assert gfi_odds(game, THROWER) == Fraction(65, 72)
