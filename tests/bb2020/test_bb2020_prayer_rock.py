"""BB2020's Throw a Rock prayer on both engines with forced dice (TABLES §12): a player of the
other team who stalls (procedures/prayer_rock.py's definition, docs/RULES_NOTES.md) is hit on a
D6 of 5+ at the end of his team's turn: knocked down, armour roll, the ball bounces."""

from __future__ import annotations

import importlib.util

import pytest

from nuffle.core.actions import Action, ActionType
from nuffle.core.dice import Dice, Outcome, d6, d8, two_d6
from nuffle.core.game import Game
from nuffle.core.types import BallState, Status
from nuffle.testing import bb2020_scenario

HAS_NATIVE = importlib.util.find_spec("nuffle._native") is not None
ENGINES = ["python", pytest.param("native", marks=pytest.mark.skipif(not HAS_NATIVE, reason="no native"))]
ROCK = "Throw a Rock"
CARRIER = 0  # the home Thrower, MA 6; home scores at x = 25


def _end_turn(engine: str, script: list[tuple[Dice, Outcome]], at: tuple[int, int] = (19, 7),
              prayers: tuple[tuple[int, str], ...] = ((1, ROCK),), orc_at: tuple[int, int] | None = None,
              acted: bool = False) -> Game:
    """The home Thrower holds the ball at `at`; home ends its turn (after a Move action of no
    step if `acted`)."""
    sc = bb2020_scenario(script=script, engine=engine)
    for side, name in prayers:
        sc.pray(side, name)
    sc.put(CARRIER, at).give_ball(CARRIER)
    if orc_at is not None:
        sc.put(sc.state.ranges[1][0], orc_at)
    game = sc.start(active=0)
    if acted:
        game.step(Action(ActionType.START_MOVE, CARRIER))
        game.step(Action(ActionType.END_ACTION))
    game.step(Action(ActionType.END_TURN))
    assert not game.roller.queue  # type: ignore[attr-defined]
    return game


@pytest.mark.parametrize("engine", ENGINES)
def test_a_staller_is_hit_on_five(engine: str) -> None:
    """Six squares from the end zone with MA 6, Open, no action: a 5 knocks him down (armour
    holds), the ball bounces."""
    game = _end_turn(engine, d6(5) + two_d6(1, 1) + d8(5))
    s = game.state
    assert s.status[CARRIER] == Status.PRONE
    assert s.ball_state != BallState.CARRIED and s.ball != s.pos[CARRIER]


@pytest.mark.parametrize("engine", ENGINES)
def test_a_four_misses(engine: str) -> None:
    game = _end_turn(engine, d6(4))
    assert game.state.status[CARRIER] == Status.STANDING and game.state.carrier() == CARRIER


@pytest.mark.parametrize("engine", ENGINES)
@pytest.mark.parametrize("case", ["too far", "marked", "acted", "own prayer", "none"])
def test_no_stalling_no_rock(engine: str, case: str) -> None:
    """No roll at all (the scripted roller would refuse one): seven squares away, in an orc's
    tackle zone, after an action, with home's own Throw a Rock, with no prayer."""
    cases: dict[str, dict[str, object]] = {
        "too far": {"at": (18, 7)}, "marked": {"orc_at": (20, 7)}, "acted": {"acted": True},
        "own prayer": {"prayers": ((0, ROCK),)}, "none": {"prayers": ()}}
    game = _end_turn(engine, [], **cases[case])  # type: ignore[arg-type]
    assert game.state.status[CARRIER] == Status.STANDING and game.state.carrier() == CARRIER


@pytest.mark.parametrize("engine", ENGINES)
def test_a_blocked_path_is_no_stalling(engine: str) -> None:
    """Orcs' tackle zones over every square he could step to (he is Open where he stands, two
    squares from them) leave him no walk without a Dodge: no roll."""
    sc = bb2020_scenario(engine=engine)
    sc.pray(1, ROCK).put(CARRIER, (21, 7)).give_ball(CARRIER)
    orcs = [p for p in sc.state.team_players(1)][:3]
    for pid, sq in zip(orcs, [(23, 5), (23, 7), (23, 9)], strict=True):
        sc.put(pid, sq)
    game = sc.start(active=0)
    game.step(Action(ActionType.END_TURN))
    assert game.state.status[CARRIER] == Status.STANDING
