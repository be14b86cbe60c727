"""The kick: placement, scatter, touchbacks, landing and catching without team re-rolls.

Default formations (see conftest): home 0-2 on x=12 (y 5, 7, 9), 3-9 on x=10 (y 4-10), 10 on
(7, 7); away 11-13 on x=13, 14-20 on x=15, 21 on (18, 7).
"""

from __future__ import annotations

import pytest

from nuffle.core.actions import Action, ActionType, IllegalActionError
from nuffle.core.dice import Dice, Outcome, d3, d6, d8, two_d6
from nuffle.core.types import BallState, Decider, Status
from nuffle.testing import edit, mirror, new_game, pregame_script, set_up, to_kickoff

GET_THE_REF = two_d6(1, 1)  # a kick-off result with no dice and no decisions


def _kick(target: tuple[int, int], dice: list[tuple[Dice, Outcome]], kicking: int = 0):
    game, roller = to_kickoff(kicking=kicking, extra=dice)
    game.step(Action(ActionType.PLACE_BALL, None, target))
    return game, roller


def test_ball_placed_in_receiving_half_only() -> None:
    game, _ = to_kickoff(kicking=0)
    group = game.legal_actions().group(ActionType.PLACE_BALL)
    assert group is not None
    assert {x for x, _ in group.squares} == set(range(13, 26))
    assert len(group.squares) == 13 * 15
    before = game.state.key()
    with pytest.raises(IllegalActionError, match=r"PLACE_BALL square=\(12, 7\)"):
        game.step(Action(ActionType.PLACE_BALL, None, (12, 7)))
    assert game.state.key() == before
    game, _ = to_kickoff(kicking=1)
    assert game.decider == Decider.AWAY
    group = game.legal_actions().group(ActionType.PLACE_BALL)
    assert group is not None and {x for x, _ in group.squares} == set(range(13))


def test_scatter_d8_direction_d6_distance_then_bounce() -> None:
    game, roller = _kick((19, 7), d8(5) + d6(3) + GET_THE_REF + d8(2))
    s = game.state
    # (19, 7) + 3 x (1, 0) = (22, 7), empty: bounces to (22, 6)
    assert s.board.xy(s.ball) == (22, 6)
    assert s.ball_state == BallState.ON_GROUND
    assert game.decider == Decider.AWAY
    assert s.teams[1].turn == 1
    assert len(roller.queue) == 0


def test_diagonal_scatter() -> None:
    game, _ = _kick((19, 7), d8(1) + d6(2) + GET_THE_REF + d8(8))
    s = game.state
    assert s.board.xy(s.ball) == (18, 6)  # (17, 5) then a bounce down-right


@pytest.mark.parametrize(
    ("target", "direction", "distance"),
    [((24, 7), 5, 4), ((14, 3), 4, 3), ((20, 13), 7, 2)],
    ids=["off-end", "kicking-half", "off-side"],
)
def test_touchback(target: tuple[int, int], direction: int, distance: int) -> None:
    game, roller = _kick(target, d8(direction) + d6(distance) + GET_THE_REF)
    assert game.decider == Decider.AWAY
    group = game.legal_actions().group(ActionType.SELECT_PLAYER)
    assert group is not None
    assert set(group.players) == set(range(11, 22))  # every standing receiving player
    game.step(Action(ActionType.SELECT_PLAYER, 21))
    s = game.state
    assert s.ball_state == BallState.CARRIED
    assert s.board.xy(s.ball) == (18, 7)
    assert s.teams[1].turn == 1 and s.active == 1
    assert len(roller.queue) == 0


def test_kick_caught_on_landing() -> None:
    game, roller = _kick((18, 5), d8(7) + d6(2) + GET_THE_REF + d6(4))
    s = game.state
    assert s.ball_state == BallState.CARRIED
    assert s.board.xy(s.ball) == (18, 7)
    assert len(roller.queue) == 0


def test_failed_kick_catch_offers_no_team_reroll() -> None:
    game, roller = _kick((18, 5), d8(7) + d6(2) + GET_THE_REF + d6(3) + d8(5))
    s = game.state
    assert s.teams[1].rerolls == 2
    assert s.ball_state == BallState.ON_GROUND
    assert s.board.xy(s.ball) == (19, 7)
    assert not s.turnover  # failed kick-off catches are never turnovers
    assert game.decider == Decider.AWAY and s.teams[1].turn == 1
    assert len(roller.queue) == 0


def test_bounce_into_kicking_half_is_touchback() -> None:
    game, _ = _kick((14, 1), d8(4) + d6(1) + GET_THE_REF + d8(4))
    assert game.state.ball_state == BallState.NONE
    assert game.legal_actions().types() == [ActionType.SELECT_PLAYER]
    game.step(Action(ActionType.SELECT_PLAYER, 11))
    assert game.state.board.xy(game.state.ball) == (13, 5)
    assert game.state.ball_state == BallState.CARRIED


def test_bounce_off_pitch_is_touchback() -> None:
    game, _ = _kick((20, 1), d8(2) + d6(1) + GET_THE_REF + d8(2))
    assert game.legal_actions().types() == [ActionType.SELECT_PLAYER]


def test_touchback_only_to_standing_players() -> None:
    game, _ = to_kickoff(kicking=0, extra=d8(5) + d6(4) + GET_THE_REF)
    with edit(game) as s:
        s.status[21] = Status.PRONE
    game.step(Action(ActionType.PLACE_BALL, None, (24, 7)))
    group = game.legal_actions().group(ActionType.SELECT_PLAYER)
    assert group is not None and 21 not in group.players and 11 in group.players


def test_small_board_kick_distance_die_is_d3() -> None:
    game, roller = new_game(pregame_script() + d8(5) + d3(3) + GET_THE_REF + d8(7), board=5)
    game.step(Action(ActionType.KICK))
    home = [(7, 3), (7, 5), (5, 2), (5, 4), (5, 6)]
    set_up(game, 0, home)
    set_up(game, 1, [mirror(q, 16) for q in home])
    game.step(Action(ActionType.PLACE_BALL, None, (10, 4)))
    s = game.state
    assert s.board.xy(s.ball) == (13, 5)  # (10, 4) + 3 right, then a bounce down
    assert len(roller.queue) == 0
    assert game.decider == Decider.AWAY


def test_touchback_with_no_standing_receiver_leaves_ball_in_receiving_half() -> None:
    # Pitch Invasion stuns every receiver (6 + FAME 1), then the kick is a touchback.
    invasion = d6(*[1] * 11) + d6(*[6] * 11)
    game, roller = _kick((24, 7), d8(5) + d6(4) + two_d6(6, 6) + invasion)
    s = game.state
    assert all(s.status[p] == Status.STUNNED for p in range(11, 22))
    assert s.ball_state == BallState.ON_GROUND
    assert s.ball in s.board.own_half(1) and s.grid[s.ball] == -1
    assert game.decider == Decider.AWAY and s.teams[1].turn == 1
    assert len(roller.queue) == 0


def test_catch_skill_may_reroll_kick_catch_but_team_reroll_may_not() -> None:
    # away kicks onto the human catcher (id 2) on (12, 9), who is marked by the orc on (13, 9)
    game, roller = _kick((9, 9), d8(5) + d6(3) + GET_THE_REF + d6(3) + d6(5), kicking=1)
    legal = game.legal_actions()
    assert game.decider == Decider.HOME
    assert Action(ActionType.USE_SKILL) in legal
    assert Action(ActionType.USE_REROLL) not in legal
    game.step(Action(ActionType.USE_SKILL))
    s = game.state
    assert s.ball_state == BallState.CARRIED and s.board.xy(s.ball) == (12, 9)
    assert s.teams[0].rerolls == 2 and s.teams[0].turn == 1
    assert len(roller.queue) == 0
