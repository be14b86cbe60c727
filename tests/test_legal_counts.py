"""Perft-style legal-action counts for fixed positions."""

from __future__ import annotations

from collections import Counter

from nuffle.core.actions import Action, ActionType
from nuffle.core.dice import ScriptedRoller, coin, two_d6
from nuffle.core.game import Game
from nuffle.core.types import Decider, Status
from nuffle.testing import Scenario

T = ActionType


def _counts(game: Game) -> Counter[str]:
    return Counter(a.type.name for a in game.legal_actions())


def test_coin_toss_winner_has_two_choices() -> None:
    roller = ScriptedRoller(two_d6(3, 4) + two_d6(2, 2) + two_d6(3, 4) + coin(1))
    game = Game.new("human", "orc", board=11, roller=roller)
    assert game.decider == Decider.AWAY
    assert _counts(game) == {"KICK": 1, "RECEIVE": 1}
    assert len(game.legal_actions()) == 2


def test_first_setup_offers_every_player_on_every_square_of_the_half() -> None:
    roller = ScriptedRoller(two_d6(3, 4) + two_d6(2, 2) + two_d6(3, 4) + coin(0))
    game = Game.new("human", "orc", board=11, roller=roller)
    game.step(Action(T.KICK))
    # 11 Humans x (13 x 15) squares, nothing on the pitch yet, so no RESERVE / END_SETUP.
    assert _counts(game) == {"PLACE_PLAYER": 11 * 13 * 15}
    game.step(Action(T.PLACE_PLAYER, 0, (12, 7)))
    # less one: player 0 is not offered the square he stands on (docs/RULES_NOTES.md)
    assert _counts(game) == {"PLACE_PLAYER": 11 * 13 * 15 - 1, "RESERVE_PLAYER": 1}


def test_small_board_setup_counts() -> None:
    roller = ScriptedRoller(two_d6(3, 4) + two_d6(2, 2) + two_d6(3, 4) + coin(0))
    game = Game.new("human", "orc", board=3, roller=roller)
    game.step(Action(T.RECEIVE))
    # Away kicks: 4 Orcs x (6 x 5) squares of the right half of a 12 x 5 pitch.
    assert game.decider == Decider.AWAY
    assert _counts(game) == {"PLACE_PLAYER": 4 * 6 * 5}


def test_lone_player_turn_and_move_counts() -> None:
    sc = Scenario()
    sc.put(0, (5, 5))
    game = sc.start(0)
    assert _counts(game) == {
        "START_MOVE": 1, "START_BLITZ": 1, "START_PASS": 1, "START_HANDOFF": 1, "END_TURN": 1
    }
    game.step(Action(T.START_MOVE, 0))
    assert _counts(game) == {"MOVE": 8, "END_ACTION": 1}


def test_counts_with_opponents_standing_and_down() -> None:
    sc = Scenario()
    sc.put(0, (5, 5)).put(5, (1, 1))
    sc.put(11, (6, 5)).put(15, (5, 6), Status.PRONE).put(16, (0, 10))
    game = sc.start(0)
    counts = _counts(game)
    assert counts["START_MOVE"] == 2
    assert counts["START_BLOCK"] == 1  # only the Blitzer has a standing opponent next to him
    assert counts["START_FOUL"] == 2  # someone is down
    game.step(Action(T.START_BLITZ, 0))
    counts = _counts(game)
    assert counts == {"MOVE": 6, "BLOCK": 1, "END_ACTION": 1}
