"""Defects found by the "one source of rules truth" review, each pinned by a test."""

from __future__ import annotations

from fractions import Fraction

import pytest

from nuffle.core.actions import Action, ActionChoice, ActionType, IllegalActionError, LegalActions
from nuffle.core.game import Game
from nuffle.core.skills import Skill
from nuffle.core.types import Event
from nuffle.testing import O_LINE, Scenario, do

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


_ = Fraction
