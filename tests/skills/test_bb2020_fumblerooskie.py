"""BB2020's Fumblerooskie on both engines (SKILLS.md [?]; skill_rules/bb2020_fumblerooskie.py):
in a Move or Blitz the carrier may step leaving the ball in the square he vacates (PLACE_BALL
naming the square he steps to): no roll, no turnover; held by Tentacles he keeps it; a
Shadowing player ending on it makes it bounce."""

from __future__ import annotations

import importlib.util

import pytest

from nuffle.core.actions import Action, ActionType
from nuffle.core.dice import Dice, Outcome, d6, d8, two_d6
from nuffle.core.game import Game
from nuffle.core.ruleset import draft_ruleset
from nuffle.core.skills import Skill
from nuffle.core.types import BallState, Status
from nuffle.testing import Scenario, bb2020_team, roller_of

BB2020 = draft_ruleset("bb2020")
HAS_NATIVE = importlib.util.find_spec("nuffle._native") is not None
NO_NATIVE = pytest.mark.skipif(not HAS_NATIVE, reason="no native extension")
ENGINES = ["python", pytest.param("native", marks=NO_NATIVE)]
T = ActionType


def _carrier(engine: str, script: list[tuple[Dice, Outcome]], opponent: Skill | None = None,
             skill: bool = True) -> tuple[Scenario, int, int]:
    """A Human Blitzer holding the ball on (10, 7) (with Fumblerooskie if `skill`); a Big Un
    Blocker with `opponent` on (11, 7) if given; a team-mate who may still act."""
    sc = Scenario(bb2020_team("human"), bb2020_team("orc"), script=script, engine=engine, rules=BB2020)
    sc.set(rerolls=(0, 0))
    mover, big_un = sc.pid(0, "Blitzer"), sc.pid(1, "Big Un Blocker")
    if skill:
        sc.grant(mover, Skill.FUMBLEROOSKIE)
    sc.put(mover, (10, 7)).give_ball(mover)
    if opponent is not None:
        sc.grant(big_un, opponent, ma=8).put(big_un, (11, 7))
    sc.put(sc.pid(0, "Blitzer", 1), (2, 2))
    return sc, mover, big_un


def _leave(game: Game, mover: int, to: tuple[int, int], kind: ActionType = T.START_MOVE) -> None:
    game.step(Action(kind, mover))
    game.step(Action(T.PLACE_BALL, None, to))


def _ball(game: Game) -> tuple[tuple[int, int], BallState]:
    s = game.state
    return s.board.xy(s.ball), BallState(s.ball_state)


@pytest.mark.parametrize("engine", ENGINES)
@pytest.mark.parametrize("kind", [T.START_MOVE, T.START_BLITZ])
def test_fumblerooskie_steps_away_leaving_the_ball_no_roll_no_turnover(engine: str, kind: ActionType) -> None:
    sc, mover, _ = _carrier(engine, [])
    game = sc.start(active=0)
    game.step(Action(kind, mover))
    group = game.legal_actions().group(T.PLACE_BALL)
    assert group is not None and set(group.squares) == {(10 + dx, 7 + dy) for dx in (-1, 0, 1)
                                                         for dy in (-1, 0, 1) if dx or dy}
    game.step(Action(T.PLACE_BALL, None, (11, 8)))
    s = game.state
    assert s.board.xy(s.pos[mover]) == (11, 8) and s.status[mover] == Status.STANDING
    assert _ball(game) == ((10, 7), BallState.ON_GROUND) and not s.turnover
    assert game.legal_actions().group(T.MOVE) is not None  # his move goes on
    assert game.legal_actions().group(T.PLACE_BALL) is None  # no ball, no Fumblerooskie
    assert not roller_of(game).queue


@pytest.mark.parametrize("engine", ENGINES)
def test_fumblerooskie_not_without_the_skill_nor_in_other_actions(engine: str) -> None:
    sc, mover, _ = _carrier(engine, [], skill=False)
    game = sc.start(active=0)
    game.step(Action(T.START_MOVE, mover))
    assert game.legal_actions().group(T.PLACE_BALL) is None
    sc, mover, _ = _carrier(engine, [])
    game = sc.start(active=0)
    game.step(Action(T.START_HANDOFF, mover))
    assert game.legal_actions().group(T.PLACE_BALL) is None


@pytest.mark.parametrize("engine", ENGINES)
def test_fumblerooskie_then_a_failed_dodge_falls_without_the_ball(engine: str) -> None:
    """Leaving the Big Un's zone: the dodge (1) fails, he falls in (9, 7) (armour holds): the
    fall is the turnover; the ball stays in (10, 7), no bounce."""
    sc, mover, _ = _carrier(engine, d6(1) + two_d6(1, 1), opponent=Skill.BLOCK)
    game = sc.start(active=0)
    _leave(game, mover, (9, 7))
    s = game.state
    assert s.status[mover] == Status.PRONE and s.board.xy(s.pos[mover]) == (9, 7)
    assert _ball(game) == ((10, 7), BallState.ON_GROUND) and game.is_over
    assert not roller_of(game).queue


@pytest.mark.parametrize("engine", ENGINES)
def test_fumblerooskie_held_by_tentacles_keeps_the_ball(engine: str) -> None:
    """D6 5 + 4 - 3: held in (10, 7); he never left it, so he still holds the ball."""
    sc, mover, _ = _carrier(engine, d6(5), opponent=Skill.TENTACLES)
    game = sc.start(active=0)
    _leave(game, mover, (9, 7))
    game.step(Action(T.USE_SKILL))
    s = game.state
    assert s.board.xy(s.pos[mover]) == (10, 7)
    assert _ball(game) == ((10, 7), BallState.CARRIED) and s.ball == s.pos[mover] and not s.turnover
    assert not roller_of(game).queue


@pytest.mark.parametrize("engine", ENGINES)
def test_fumblerooskie_a_shadower_ending_on_the_ball_makes_it_bounce(engine: str) -> None:
    """Dodge 3; the Big Un (MA 8 against 7) shadows into (10, 7) on a 5: the ball bounces (E)
    to (11, 7)."""
    sc, mover, big_un = _carrier(engine, d6(3) + d6(5) + d8(5), opponent=Skill.SHADOWING)
    game = sc.start(active=0)
    _leave(game, mover, (9, 7))
    game.step(Action(T.USE_SKILL))
    s = game.state
    assert s.board.xy(s.pos[big_un]) == (10, 7) and s.board.xy(s.pos[mover]) == (9, 7)
    assert _ball(game) == ((11, 7), BallState.ON_GROUND) and not s.turnover
    assert not roller_of(game).queue


def test_the_analysis_classifies_a_fumblerooskie_as_a_step_and_a_kick_as_a_kick() -> None:
    from nuffle.analysis.mdp import Primitive, classify
    from nuffle.testing import to_kickoff

    sc, mover, _ = _carrier("python", [])
    game = sc.start(active=0)
    game.step(Action(T.START_MOVE, mover))
    assert classify(game, Action(T.PLACE_BALL, None, (11, 8))) == Primitive.MOVE_SQUARE
    kick, _ = to_kickoff()  # the kick-off's PLACE_BALL
    group = kick.legal_actions().group(T.PLACE_BALL)
    assert group is not None
    assert classify(kick, Action(T.PLACE_BALL, None, group.squares[0])) == Primitive.KICK
