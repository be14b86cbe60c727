"""The Wizard inducement with scripted dice: when he may be called on, the Fireball (4+ on
each standing player in the 3x3 area) and the Lightning Bolt (2+ on one standing player), the
knock-downs with armour and injury, the ball, turnovers, once a match, only for his team."""

import json
from dataclasses import replace

import pytest

from nuffle.core.actions import ActionType
from nuffle.core.decision import DecisionKind
from nuffle.core.dice import d6, d8, two_d6
from nuffle.core.game import Game
from nuffle.core.inducements import cost
from nuffle.core.position import position_from_dict, position_to_dict
from nuffle.core.teams import Inducements, TeamError, default_team, default_team_dict, parse_team
from nuffle.core.types import BallState, Status
from nuffle.testing import (
    BLITZER,
    CATCHER,
    LINEMAN,
    O_BLITZER,
    O_GOBLIN,
    O_LINE,
    O_THROWER,
    Scenario,
    do,
    legal_types,
    roller_of,
)

T = ActionType
SPELLS = {T.USE_FIREBALL, T.USE_LIGHTNING_BOLT}


def wizard_game(script=(), side=0, active=0, place=True):
    """Human (home) against orc; `side` has its wizard's spell; a few players on the pitch."""
    sc = Scenario(script=script)
    if place:
        sc.put(LINEMAN, (5, 5)).put(BLITZER, (13, 7)).put(CATCHER, (20, 3))
        sc.put(O_BLITZER, (14, 7)).put(O_THROWER, (14, 8)).put(O_GOBLIN, (15, 9))
        sc.put(O_LINE, (13, 6), Status.PRONE)
    sc.state.teams[side].wizard = 1
    return sc, sc.start(active=active)


def test_a_team_with_a_wizard_gets_his_spell_at_the_match_start():
    human = replace(default_team("human"), inducements=Inducements(wizard=True))
    game = Game.new(human, "orc", seed=3)
    assert [t.wizard for t in game.state.teams] == [1, 0]
    assert cost("wizard", "human") == 150_000


def test_a_team_file_induces_at_most_one_wizard():
    raw = default_team_dict("orc")
    raw["inducements"] = {"wizard": True}
    assert parse_team(raw).inducements.wizard
    raw["inducements"] = {"wizard": 2}
    with pytest.raises(TeamError, match="inducement 'wizard' must be true or false, not 2"):
        parse_team(raw)


def test_the_spells_are_offered_at_the_start_of_his_own_turn_only():
    _, game = wizard_game(side=0, active=0)
    assert legal_types(game) >= SPELLS
    assert T.END_TURN in legal_types(game)  # he is always optional
    _, game = wizard_game(side=1, active=0)  # the opponent's wizard: not in this turn
    assert not SPELLS & legal_types(game)


def test_no_spell_once_a_player_has_acted():
    _, game = wizard_game(side=0, active=0)
    do(game, T.START_MOVE, LINEMAN)
    do(game, T.END_ACTION)
    assert game.decision().kind == DecisionKind.SELECT_ACTION
    assert not SPELLS & legal_types(game)
    assert game.state.teams[0].wizard == 1  # still unspent


def test_fireball_hits_standing_players_in_the_area_on_four_plus():
    # Target (14, 7): the blitzer there, the thrower and the human blitzer next to it; the
    # prone orc lineman and the goblin two squares away are not rolled for.
    script = d6(4, 6, 3) + two_d6(5, 5) + two_d6(1, 1) + two_d6(2, 2)
    _, game = wizard_game(script)
    s = game.state
    do(game, T.USE_FIREBALL)
    d = game.decision()
    assert d.kind == DecisionKind.WIZARD and d.action == T.USE_FIREBALL and d.side == 0
    assert len(game.legal_actions().group(T.SELECT_SQUARE).squares) == s.board.width * s.board.height
    do(game, T.SELECT_SQUARE, square=(14, 7))
    # rolled in order: the target square, then its neighbours row by row (blitzer, thrower)
    assert s.status[O_BLITZER] == Status.STUNNED  # armour 10 broke (AV 9): injury 2 -> stunned
    assert s.status[O_THROWER] == Status.STANDING  # a 3 misses
    assert s.status[BLITZER] == Status.PRONE  # armour held
    assert s.status[O_GOBLIN] == Status.STANDING and s.status[O_LINE] == Status.PRONE
    assert not s.turnover  # his own player knocked down without the ball: no turnover
    assert game.decision().kind == DecisionKind.SELECT_ACTION
    assert not SPELLS & legal_types(game) and s.teams[0].wizard == 0  # once a match
    assert not roller_of(game).queue


def test_fireball_on_his_own_ball_carrier_is_a_turnover_and_the_ball_bounces():
    sc = Scenario(script=d6(5) + two_d6(1, 2) + d8(2))
    sc.put(BLITZER, (12, 7)).give_ball(BLITZER)
    sc.state.teams[0].wizard = 1
    game = sc.start(active=0)
    do(game, T.USE_FIREBALL)
    do(game, T.SELECT_SQUARE, square=(11, 7))  # an empty square next to him
    s = game.state
    assert s.status[BLITZER] == Status.PRONE
    assert s.turnover and game.is_over  # the turn (and this test's match) ended
    assert s.ball_state == BallState.ON_GROUND and s.ball != s.board.sq(12, 7)
    assert not roller_of(game).queue


def test_an_empty_area_rolls_nothing_and_spends_the_spell():
    _, game = wizard_game()
    do(game, T.USE_FIREBALL)
    do(game, T.SELECT_SQUARE, square=(1, 1))
    assert game.decision().kind == DecisionKind.SELECT_ACTION
    assert game.state.teams[0].wizard == 0


@pytest.mark.parametrize(("die", "hit"), [(1, False), (2, True), (6, True)])
def test_lightning_bolt_hits_on_two_plus(die, hit):
    script = d6(die) + (two_d6(6, 4) + two_d6(5, 4) if hit else [])
    _, game = wizard_game(script)
    do(game, T.USE_LIGHTNING_BOLT)
    assert game.decision().kind == DecisionKind.WIZARD
    targets = game.legal_actions().group(T.SELECT_PLAYER).players
    assert O_BLITZER in targets and LINEMAN in targets and O_LINE not in targets  # standing only
    do(game, T.SELECT_PLAYER, O_BLITZER)
    s = game.state
    # hit: armour 10 breaks AV 9, injury 9 -> knocked out
    assert s.status[O_BLITZER] == (Status.KO if hit else Status.STANDING)
    assert s.pos[O_BLITZER] < 0 if hit else s.pos[O_BLITZER] >= 0
    assert not s.turnover and game.decision().kind == DecisionKind.SELECT_ACTION
    assert not roller_of(game).queue


def test_lightning_bolt_on_the_opposing_ball_carrier_loses_him_the_ball():
    sc = Scenario(script=d6(4) + two_d6(1, 1) + d8(2))
    sc.put(O_BLITZER, (14, 7)).give_ball(O_BLITZER)
    sc.state.teams[0].wizard = 1
    game = sc.start(active=0)
    do(game, T.USE_LIGHTNING_BOLT)
    do(game, T.SELECT_PLAYER, O_BLITZER)
    s = game.state
    assert s.status[O_BLITZER] == Status.PRONE
    assert s.ball_state == BallState.ON_GROUND and s.ball != s.board.sq(14, 7)
    assert not s.turnover and game.decision().kind == DecisionKind.SELECT_ACTION
    assert not roller_of(game).queue


def test_a_position_mid_spell_saves_and_loads():
    _, game = wizard_game(d6(6) + two_d6(1, 1))
    do(game, T.USE_LIGHTNING_BOLT)
    again = position_from_dict(json.loads(json.dumps(position_to_dict(game.state))))
    assert again.key() == game.state.key()
    assert again.teams[0].wizard == 0


def test_no_lightning_bolt_without_a_standing_player():
    sc = Scenario()
    sc.put(LINEMAN, (5, 5), Status.PRONE).put(O_BLITZER, (14, 7), Status.STUNNED)
    sc.state.teams[0].wizard = 1
    game = sc.start(active=0)
    assert T.USE_FIREBALL in legal_types(game) and T.USE_LIGHTNING_BOLT not in legal_types(game)
