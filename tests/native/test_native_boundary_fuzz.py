"""Random and hostile positions, actions and chance outcomes at the boundary between Python and
the native engine (issue item 4): each call is accepted by the native engine exactly when the
Python engine accepts it, and then both reach the same position; a refused one raises
IllegalActionError (MalformedActionError for a wrong type), PositionError, InputTypeError or
ValueError with a one-line message, changes nothing (position, generator and event log), and
never crashes the process. The sanitizer job (native/sanitize.sh --python) runs this file on an
extension built with AddressSanitizer and UndefinedBehaviorSanitizer."""

from __future__ import annotations

import copy
import random
from types import ModuleType
from typing import Any

import pytest

# the shared position mutator (pytest puts tests/native on sys.path)
from test_native_bridge_fuzz import mutate  # type: ignore[import-not-found]

from nuffle.core.actions import Action, ActionType, IllegalActionError
from nuffle.core.dice import ExplicitRoller
from nuffle.core.errors import InputError
from nuffle.core.game import Game
from nuffle.core.native_game import NativeGame
from nuffle.core.native_state import native_board, state_data
from nuffle.core.position import PositionError, position_to_dict
from nuffle.core.state import GameState
from nuffle.core.types import CHANCE
from nuffle.parity import step_both
from nuffle.random_player import RandomPlayer

HUGE = [2**15, 2**31, 2**63, 2**64, -(2**70), 10**30]
ODD: list[Any] = ["x", None, 1.5, True, [], (1,), {"a": 1}, b"\x00"]
TYPES: list[Any] = [*ActionType, -1, 49, *HUGE, *ODD, "END_TURN"]
PLAYERS: list[Any] = [*range(-3, 40), *HUGE, *ODD, "3"]
SQUARES: list[Any] = [None, (2**70, 0), (0, -(2**40)), ("a", 1), (1,), (1, 2, 3), [1, 2], "x", 5, (True, 1),
                      *[(x, y) for x in range(-2, 30, 3) for y in range(-2, 17, 3)]]
OUTCOMES: list[Any] = [*range(-2, 70), *HUGE, *ODD, (1, 2), (6, 6), (0, 0), (1, 2, 3), (1, 2, 3, 4), [3, 4],
                       ("a", 1), (2**40, 1)]


def _one_line(exc: BaseException) -> None:
    assert str(exc) and "\n" not in str(exc), repr(exc)


def _hostile_action(rng: random.Random, game: Game) -> Any:
    """A legal action with one field spoilt, a random one, or something that is no action."""
    roll = rng.random()
    legal = game.legal_actions().groups
    if roll < 0.35 and legal:
        g = rng.choice(legal)
        kind: Any = g.type
        player: Any = rng.choice(g.players) if g.players else None
        square: Any = rng.choice(g.squares) if g.squares else None
        which = rng.randrange(4)
        if which == 0:
            kind = rng.choice(TYPES)
        elif which == 1:
            player = rng.choice(PLAYERS)
        elif which == 2:
            square = rng.choice(SQUARES)
        return Action(kind, player, square)
    if roll < 0.95:
        return Action(rng.choice(TYPES), rng.choice([None, *PLAYERS]), rng.choice(SQUARES))
    return rng.choice([*ODD, (ActionType.END_TURN, None, None), "END_TURN"])


def _walk(seed: int, board: int, forced: bool, steps: int) -> tuple[int, int]:
    """Both engines from one seed; at each decision a few hostile actions (or outcomes at a
    chance node) are thrown at both, then a legal one is played. (refused, accepted)."""
    rng = random.Random(seed)
    home = rng.choice(["human", "orc", "skaven", "dwarf", "wood-elf"])
    away = rng.choice(["lizardman", "norse", "undead"])
    py = Game.new(home, away, seed=seed, board=board, roller=ExplicitRoller() if forced else None)
    nat = NativeGame.start(home, away, seed=seed, board=board, explicit=forced)
    bot = RandomPlayer(seed)
    refused = accepted = 0
    for _ in range(steps):
        if py.is_over:
            break
        for _ in range(3):
            before, raw = nat.data(), nat._native.to_bytes()
            chance = py.decider == CHANCE
            thing = rng.choice(OUTCOMES) if chance else _hostile_action(rng, py)
            try:
                py.apply_chance(thing) if chance else py.step(thing)
                py_error: Exception | None = None
            except (IllegalActionError, InputError, TypeError, ValueError) as exc:
                py_error = exc
            try:
                nat.apply_chance(thing) if chance else nat.step(thing)
            except (IllegalActionError, InputError, ValueError, TypeError) as exc:
                _one_line(exc)
                assert py_error is not None, f"native refused {thing!r} that Python took: {exc}"
                if not chance:
                    assert isinstance(exc, IllegalActionError), repr(exc)
                assert nat.data() == before and nat._native.to_bytes() == raw
                refused += 1
                continue
            assert py_error is None, f"native took {thing!r} that Python refused: {py_error}"
            assert state_data(py.state) == nat.data()
            accepted += 1
        if py.is_over:
            break
        step_both(py, nat, rng, lambda g: bot.act(g.view()))  # a NotPortedError fails the test
        assert state_data(py.state) == nat.data()
    return refused, accepted


@pytest.mark.parametrize(("board", "forced"), [(1, False), (3, True), (5, False), (7, True), (11, False)])
def test_hostile_actions_and_outcomes_are_refused_as_python_refuses_them(native: ModuleType, board: int,
                                                                          forced: bool) -> None:
    refused = accepted = 0
    for seed in range(3):
        r, a = _walk(seed * 31 + board, board, forced, 60)
        refused, accepted = refused + r, accepted + a
    assert refused > 100 and accepted > 0


def test_an_outcome_of_several_dice_may_be_a_list_on_both_engines(native: ModuleType) -> None:
    py = Game.new("orc", "human", seed=8, board=3, roller=ExplicitRoller())
    nat = NativeGame.start("orc", "human", seed=8, board=3, explicit=True)
    bot, rng = RandomPlayer(8), random.Random(8)
    for _ in range(3000):
        if py.decider == CHANCE:
            options = py.chance_outcomes()
            outcome = options[rng.randrange(len(options))][0]
            if isinstance(outcome, tuple) and len(outcome) > 1:
                dice: Any = list(outcome)  # JSON's shape of a tuple, which Game.apply_chance takes
                py.apply_chance(dice)
                nat.apply_chance(dice)
                assert state_data(py.state) == nat.data()
                return
            py.apply_chance(outcome)
            nat.apply_chance(outcome)
        else:
            action = bot.act(py.view())
            py.step(action)
            nat.step(action)
    raise AssertionError("no chance event of several dice came up")


def _mutate(d: Any, rng: random.Random) -> Any:
    """`d` with one random leaf replaced by a hostile value, an item duplicated or a key dropped."""
    return mutate(d, rng, [*HUGE, *ODD, -1, 0, 1, 7, 99, 255, -(2**15)],
                  [*HUGE, *ODD, -1, 0, 1, 2, 7, 30, 255], drop=0.08, add_key=0.0)


def _positions(seed: int, board: int, count: int) -> list[GameState]:
    game = Game.new("orc", "human", seed=seed, board=board)
    bot = RandomPlayer(seed)
    out: list[GameState] = []
    for i in range(4000):
        if game.is_over or len(out) >= count:
            break
        if i % 23 == 0:
            out.append(game.state.copy())
        game.step(bot.act(game.view()))
    return out


def test_hostile_positions_are_refused_or_load_the_same_on_both_engines(native: ModuleType) -> None:
    """A mutated saved position is refused by the position checks (PositionError, one line) or
    loads; one that loads is one the native engine takes too, with the same position."""
    rng = random.Random(2040)
    base = [position_to_dict(s) for board in (3, 11) for s in _positions(5, board, 6)]
    refused = loaded = 0
    for _ in range(600):
        data = _mutate(copy.deepcopy(rng.choice(base)), rng)
        try:
            game = Game.from_position(data)
        except PositionError as exc:
            _one_line(exc)
            refused += 1
            continue
        try:
            nat = NativeGame.from_state(game.state)
        except PositionError as exc:  # a field the Python checks let through but no native slot holds
            _one_line(exc)
            refused += 1
            continue
        assert nat.data() == state_data(game.state)
        loaded += 1
    assert refused > 100 and loaded > 20


def test_two_players_on_one_square_are_refused_on_both_sides(native: ModuleType) -> None:
    s = _positions(2, 5, 2)[-1]
    on = [pid for pid, sq in enumerate(s.pos) if sq >= 0]
    data = position_to_dict(s)
    d = state_data(s)
    d["players"][on[1]]["square"] = d["players"][on[0]]["square"]
    with pytest.raises(ValueError, match=f"already holds player {on[0]}") as info:
        native.State.load(native_board(5), d)
    _one_line(info.value)
    data["pos"][on[1]] = data["pos"][on[0]]  # the saved position's squares, one per player
    with pytest.raises(PositionError) as perr:
        Game.from_position(data)
    _one_line(perr.value)


def test_raw_engine_calls_with_hostile_ids_change_nothing(native: ModuleType) -> None:
    """The module's own step/resolve/act_only with out-of-range, huge and wrong-typed ids."""
    rng = random.Random(2041)
    games = [NativeGame.start("human", "orc", seed=s, board=b, explicit=s % 2 == 1) for s, b in
             ((1, 1), (2, 5), (3, 11), (4, 3))]
    values: list[Any] = [*range(-3, 60), 600, 1000, *HUGE, *ODD]
    arity = {"step": 4, "act_only": 3, "resolve": 2, "resolve_only": 1}
    refused = 0
    for _ in range(3000):
        st = rng.choice(games)._native
        before, log = st.to_bytes(), st.log
        name = rng.choice(list(arity))
        args = [rng.choice(values) for _ in range(arity[name])]
        try:
            getattr(st, name)(*args)
        except (IllegalActionError, ValueError, TypeError) as exc:
            # pybind11's own refusal of a wrong-typed argument lists the signature (several lines)
            if "incompatible function arguments" not in str(exc):
                _one_line(exc)
            assert st.to_bytes() == before and st.log == log
            refused += 1
    assert refused > 2000
