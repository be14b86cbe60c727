"""`NativeGame.transitions` (enumerated in C++) answers as `Game.transitions` on the Python engine:
the same Fractions in the same order, the same next positions, each next game's history (the
action, then the chance outcomes of the first path to it), event log and roller, and the same
errors; the game itself is untouched."""

from __future__ import annotations

import random
from fractions import Fraction
from typing import Any

import pytest

from nuffle.core.actions import Action, ActionType, IllegalActionError
from nuffle.core.dice import ExplicitRoller, Roller, SampledRoller, ScriptedRoller
from nuffle.core.errors import InputError
from nuffle.core.game import Game
from nuffle.core.native_game import NativeGame
from nuffle.core.state import GameState
from nuffle.core.types import CHANCE

pytestmark = pytest.mark.usefixtures("native")

Positions = Any  # conftest.Positions: positions(seed, board, count, every=9)


def _actions(game: Game, rng: random.Random, count: int) -> list[Action]:
    """Up to `count` legal actions of the game's position, a few of every group."""
    out = []
    for g in game.legal_actions().groups:
        for _ in range(3):
            out.append(Action(g.type, rng.choice(g.players) if g.players else None,
                              rng.choice(g.squares) if g.squares else None))
    rng.shuffle(out)
    return list(dict.fromkeys(out))[:count]


def _rows(game: Game, action: Action | None, max_states: int = 100_000) -> list[tuple[Any, ...]]:
    """What `transitions` gives, in plain values: per next game its probability, key, history,
    event log, decider, roller kind and config."""
    rows = []
    for g, p in game.transitions(action, max_states=max_states):
        assert isinstance(p, Fraction)
        rows.append((p, g.state.key(), g.history, g.state.log, g.decider, type(g.roller), g.config))
    return rows


def _pair(s: GameState, roller: Roller) -> tuple[Game, NativeGame]:
    other = roller.copy() if not isinstance(roller, ScriptedRoller) else ScriptedRoller()
    return Game.from_state(s.copy(), roller=roller), NativeGame.from_state(s, roller=other)


def _same_outcomes(py: Game, na: NativeGame, action: Action | None) -> int:
    """Compare both engines' outcomes of `action`; how many next games there were."""
    before = (na._native.to_bytes(), list(na.history), na.state.log)
    try:
        want = _rows(py, action)
    except InputError:
        with pytest.raises(InputError):
            na.transitions(action)
        return 0
    got = _rows(na, action)
    assert got == want, action
    assert sum(row[0] for row in got) == 1
    assert (na._native.to_bytes(), na.history, na.state.log) == before  # untouched
    return len(got)


@pytest.mark.parametrize("board", [1, 3, 5, 7, 11])
def test_native_outcomes_equal_the_python_engines(game_positions: Positions, board: int) -> None:
    rng = random.Random(100 + board)
    compared = multi = 0
    for seed in range(3):
        for s in game_positions(seed, board, 6, every=5):
            py, na = _pair(s, SampledRoller())
            for action in _actions(py, rng, 6):
                n = _same_outcomes(py, na, action)
                compared += n > 0
                multi += n > 1
    assert compared >= 30
    assert multi >= 3  # some actions met dice on the way


def test_native_outcomes_along_whole_games_with_explicit_dice() -> None:
    """At decisions and at chance nodes (no action: the pending event), along explicit games
    from their first event (the fans rolls: not part of a position, so two rolls that lead to
    one kick-off are one next game, as in `GameState.key()`)."""
    rng = random.Random(7)
    at_chance = at_decision = 0
    for seed, board in ((1, 1), (2, 3), (3, 5), (4, 11)):
        py = Game.new("human", "orc", seed=seed, board=board, roller=ExplicitRoller())
        na = Game.new("human", "orc", seed=seed, board=board, roller=ExplicitRoller(), engine="native")
        assert isinstance(na, NativeGame)
        for step in range(250):
            if py.is_over:
                break
            if py.decider == CHANCE:
                if step % 2 == 0:
                    at_chance += _same_outcomes(py, na, None) > 0
                outcome = rng.choice(py.chance_outcomes())[0]
                py.apply_chance(outcome)
                na.apply_chance(outcome)
                continue
            actions = _actions(py, rng, 2)
            if step % 3 == 0:
                at_decision += _same_outcomes(py, na, actions[0]) > 0
            py.step(actions[-1])
            na.step(actions[-1])
            assert na.history == py.history
    assert at_chance >= 20 and at_decision >= 20


def test_next_games_keep_the_roller_and_play_on() -> None:
    from nuffle.bench.engine import outcome_positions

    for game, action in outcome_positions().values():
        for roller in (SampledRoller(), ScriptedRoller(), ExplicitRoller()):
            py, na = _pair(game.state, roller)
            assert _same_outcomes(py, na, action) > 1
            for (g, _), (h, _) in zip(py.transitions(action), na.transitions(action), strict=True):
                assert type(h.roller) is type(roller)
                assert (h.roller is na.roller) == (g.roller is py.roller)  # a copy, as roller.copy()
                if not isinstance(roller, ScriptedRoller) and not g.is_over and g.decider != CHANCE:
                    nxt = g.legal_actions().groups[0]
                    act = Action(nxt.type, nxt.players[0] if nxt.players else None,
                                 nxt.squares[0] if nxt.squares else None)
                    g.step(act)
                    h.step(act)
                    assert h.state.key() == g.state.key() and h.history == g.history


def test_native_outcomes_refuse_as_the_python_engine() -> None:
    from nuffle.bench.engine import outcome_positions

    game, action = outcome_positions()["block"]
    py, na = _pair(game.state, SampledRoller())

    def error(g: Game, *args: Any, **kw: Any) -> tuple[type[BaseException], str]:
        with pytest.raises(Exception) as info:
            g.transitions(*args, **kw)
        return info.type, str(info.value)

    bad = Action(ActionType.END_TURN, 0, (0, 0))
    assert error(na, bad) == error(py, bad)
    assert error(na, None)[0] is IllegalActionError
    assert error(na, None) == error(py, None)  # no chance node pending
    assert issubclass(error(na, action, max_states=1)[0], ValueError)
    assert error(na, action, max_states=1) == error(py, action, max_states=1)
    assert error(na, action, max_states=0) == error(py, action, max_states=0)
