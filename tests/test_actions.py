"""Actions: legal-action sets and illegal actions leaving the state untouched."""

from __future__ import annotations

import pytest

from nuffle.core.actions import Action, ActionType, IllegalActionError, MalformedActionError
from nuffle.core.game import Game
from nuffle.testing import Scenario


def _game():
    sc = Scenario()
    sc.put(0, (10, 7)).put(11, (14, 7))
    return sc.start(active=0)


def test_illegal_action_leaves_state_unchanged_and_names_action() -> None:
    game = _game()
    before = game.state.key()
    bad = Action(ActionType.START_MOVE, 11)  # an away player in home's turn
    with pytest.raises(IllegalActionError, match=r"START_MOVE player=11 is illegal"):
        game.step(bad)
    assert game.state.key() == before
    assert game.history == []


def test_illegal_move_square_names_square() -> None:
    game = _game()
    game.step(Action(ActionType.START_MOVE, 0))
    before = game.state.key()
    with pytest.raises(IllegalActionError, match=r"MOVE square=\(12, 7\)"):
        game.step(Action(ActionType.MOVE, None, (12, 7)))  # two squares away
    assert game.state.key() == before
    assert game.state.board.xy(game.state.pos[0]) == (10, 7)


def test_non_action_rejected() -> None:
    game = _game()
    before = game.state.key()
    with pytest.raises(IllegalActionError, match="is not an Action"):
        game.step(("START_MOVE", 0))
    assert game.state.key() == before


def test_legal_actions_membership_and_iteration() -> None:
    game = _game()
    legal = game.legal_actions()
    acts = list(legal)
    assert len(acts) == len(legal)
    assert all(a in legal for a in acts)
    assert Action(ActionType.START_MOVE, 0) in legal
    assert Action(ActionType.END_TURN) in legal
    assert Action(ActionType.START_MOVE, 11) not in legal
    assert Action(ActionType.START_BLOCK, 0) not in legal  # nobody adjacent
    assert "END_TURN" not in legal
    assert Action(ActionType.END_TURN, 0) not in legal  # END_TURN takes no player
    game.step(Action(ActionType.START_MOVE, 0))
    moves = game.legal_actions().group(ActionType.MOVE)
    assert moves is not None
    assert set(moves.squares) == {(x, y) for x in (9, 10, 11) for y in (6, 7, 8)} - {(10, 7)}


def test_actions_roundtrip_list_form() -> None:
    a = Action(ActionType.MOVE, None, (3, 4))
    assert Action.from_list(a.to_list()) == a
    with pytest.raises(ValueError, match="unknown action type"):
        Action.from_list(["FLY", None, None])


def test_no_decision_at_game_end() -> None:
    game = _game()
    game.step(Action(ActionType.END_TURN))
    assert game.is_over
    with pytest.raises(IllegalActionError, match="no coach decides now"):
        game.step(Action(ActionType.END_TURN))


@pytest.mark.parametrize("action, message", [
    (Action("KICK"), r"action type must be an ActionType \(ActionType\.KICK\), got 'KICK'"),  # type: ignore[arg-type]
    (Action(ActionType.END_TURN, "0"), "player must be an integer id or None, got '0'"),  # type: ignore[arg-type]
    (Action(ActionType.MOVE, 0, [10, 8]), r"square must be a tuple \(x, y\)"),  # type: ignore[arg-type]
    (Action(ActionType.MOVE, 0, (10,)), r"square must be a tuple \(x, y\)"),  # type: ignore[arg-type]
    ("END_TURN", "'END_TURN' is not an Action"),
])
def test_malformed_actions_name_the_bad_field(action: object, message: str) -> None:
    game = _game()
    before = game.state.key()
    with pytest.raises(MalformedActionError, match=message) as err:
        game.step(action)
    assert isinstance(err.value, TypeError) and isinstance(err.value, IllegalActionError)
    assert game.state.key() == before
    assert str(Action("KICK")) == "'KICK'"  # type: ignore[arg-type]  # printing never fails


@pytest.mark.parametrize("kwargs, error, message", [
    ({"seed": "7"}, TypeError, "seed must be an integer, got '7'"),
    ({"seed": 1.5}, TypeError, "seed must be an integer, got 1.5"),
    ({"seed": True}, TypeError, "seed must be an integer, got True"),
    ({"board": 4}, ValueError, "unknown board variant 4"),
    ({"board": "11"}, ValueError, "unknown board variant '11'"),
    ({"board": [11]}, ValueError, r"unknown board variant \[11\]"),
    ({"roller": "explicit"}, TypeError, "roller must be a Roller .* got 'explicit'"),
    ({"home": "elves"}, ValueError, "no team for 'elves'"),
])
def test_game_new_names_a_bad_argument(kwargs: dict[str, object], error: type[Exception],
                                       message: str) -> None:
    with pytest.raises(error, match=message):
        Game.new(**kwargs)  # type: ignore[arg-type]
