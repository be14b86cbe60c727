"""Every race plays: random games at home and away with the conformance invariants checked after
every step (and record/replay equality), small boards with the first N players of each team,
the scripted bot on every race, and the scripted bot's fallback for decisions it does not model.

A race whose default team needs a skill the engine does not implement yet fails here with
the TeamError naming the skills (`teams.team_from_dict` rejects the team).
"""

from __future__ import annotations

import pytest

from nuffle.agents.registry import make_agent
from nuffle.agents.scripted.decisions import fallback
from nuffle.conformance import check_invariants, conformance_game
from nuffle.core.actions import ActionChoice, ActionType, LegalActions
from nuffle.core.game import Game
from nuffle.core.teams import races
from nuffle.record import replay, to_record
from nuffle.testing import check_finished, slow_except

RACES = list(races())
#: the races whose full-board games also run in the fast loop (every race runs on board 1
#: there); the rest of each set is marked slow.
QUICK_RACES = ("khemri", "vampire", "underworld")


@pytest.mark.parametrize("side", ["home", "away"])
@pytest.mark.parametrize("race", slow_except(RACES, QUICK_RACES))
def test_race_random_game_holds_invariants(race: str, side: str) -> None:
    home, away = (race, "orc") if side == "home" else ("human", race)
    for seed in range(2):
        game = conformance_game(seed, 11, home, away, clone_checks=2)
        check_finished(game)
        assert getattr(game.config, side) == race
        again = replay(to_record(game))
        assert again.state == game.state


@pytest.mark.parametrize("board", slow_except([7, 5, 3, 1], [1]))
@pytest.mark.parametrize("race", RACES)
def test_race_small_boards_use_the_first_players(race: str, board: int) -> None:
    game = conformance_game(board, board, race, race, clone_checks=1)
    check_finished(game)
    size = game.state.board.variant.roster_size
    spec = game.state.specs[0]
    fielded = [p.position for p in game.state.info if p.team == 0]
    assert fielded == [ps.position.name for ps in spec.players[:size]]


@pytest.mark.parametrize("race", slow_except(RACES, QUICK_RACES[:2]))
def test_race_scripted_bot_plays_every_race(race: str) -> None:
    game = Game.new(race, race, seed=3, board=7)
    bots = (make_agent("scripted", 1), make_agent("scripted", 2))
    bots[0].new_game(game, 0)
    bots[1].new_game(game, 1)
    steps = 0
    while not game.is_over:
        check_invariants(game.state)
        game.step(bots[game.decider].act(game))
        steps += 1
        assert steps < 100_000
    assert game.result.winner in ("home", "away", None)


def test_scripted_fallback_handles_unknown_decisions() -> None:
    A = ActionType
    leap = LegalActions([ActionChoice(A.LEAP, (), ((3, 4), (5, 6))), ActionChoice(A.END_ACTION)])
    assert fallback(leap).type == A.END_ACTION
    pro = LegalActions([ActionChoice(A.USE_PRO), ActionChoice(A.DECLINE)])
    assert fallback(pro).type == A.DECLINE
    skill = LegalActions([ActionChoice(A.USE_SKILL), ActionChoice(A.DECLINE)])
    assert fallback(skill).type == A.USE_SKILL
    square = LegalActions([ActionChoice(A.SELECT_SQUARE, (), ((1, 2), (2, 2)))])
    got = fallback(square)
    assert got.type == A.SELECT_SQUARE and got in square
    gaze = LegalActions([ActionChoice(A.HYPNOTIC_GAZE, (4, 5))])
    assert fallback(gaze) in gaze
    armour = LegalActions([ActionChoice(A.SELECT_ARMOUR), ActionChoice(A.SELECT_INJURY)])
    assert fallback(armour).type == A.SELECT_ARMOUR
