"""Positions, state and dice at the native boundary (issue 50): frame fields checked against the
position they belong to, the end-of-drive list sized for every player, a read-only native
state, `Game.rng` checked alike, pickling through the position, the same position bytes from
both engines, and `state.key()` counting the assisted-moves option."""

from __future__ import annotations

import copy
import json
import pickle
import subprocess
import sys
from dataclasses import replace
from pathlib import Path
from types import ModuleType

import pytest

from nuffle.core.actions import Action, ActionType
from nuffle.core.dice import ExplicitRoller
from nuffle.core.engines import EngineLimitError
from nuffle.core.errors import InputError, InputTypeError
from nuffle.core.game import Game
from nuffle.core.native_game import NativeGame, ReadOnlyStateError
from nuffle.core.native_state import state_data
from nuffle.core.position import PositionError, position_from_dict
from nuffle.core.position_limits import layout
from nuffle.core.skills import Skill
from nuffle.random_player import RandomPlayer

ENGINES = ("python", "native")
ROOT = Path(__file__).resolve().parents[2]


def _played(engine: str, seed: int = 3, steps: int = 160, assisted: bool = False) -> Game:
    game = Game.new("human", "orc", seed=seed, engine=engine, assisted_moves=assisted)
    bot = RandomPlayer(seed)
    for _ in range(steps):
        game.step(bot.act(game))
    return game


# --- 1: frame fields name the position's players ----------------------------------------------


def test_a_frame_naming_player_30000_is_refused_in_a_subprocess_without_a_crash(native: ModuleType) -> None:
    game = _played("python")
    pos = game.to_position()
    turn = next(f for f in pos["stack"] if f["$f"] == "turn")
    turn["f"]["side"] = 30000
    pos["stack"].append({"$f": "pickup", "phase": "START", "f": {"pid": 30000}})
    code = ("import json, sys\nfrom nuffle.core.game import Game\n"
            "from nuffle.core.position import PositionError\ntry:\n"
            "    Game.from_position(json.loads(sys.stdin.read()), engine='native')\n"
            "except PositionError as e:\n    print('refused:', e)\n")
    run = subprocess.run([sys.executable, "-c", code], input=json.dumps(pos), capture_output=True, text=True,
                         timeout=120)
    assert run.returncode == 0, run.stderr  # before the checks: -11 (a segfault)
    assert run.stdout.startswith("refused:"), run.stdout


@pytest.mark.parametrize("pid", [23, -5, 3000, 30000])
@pytest.mark.parametrize("engine", ENGINES)
def test_a_frame_naming_a_player_who_does_not_exist_is_refused(native: ModuleType, engine: str,
                                                               pid: int) -> None:
    pos = _played("python").to_position()
    n = len(pos["players"])
    assert pid >= n or pid < -1
    pos["stack"].append({"$f": "pickup", "phase": "START", "f": {"pid": pid}})
    with pytest.raises(PositionError, match=r"pickup.*pid.*player id"):
        Game.from_position(pos, engine=engine)


@pytest.mark.parametrize("engine", ENGINES)
def test_squares_sides_and_enums_of_frames_are_checked(native: ModuleType, engine: str) -> None:
    base = _played("python").to_position()
    size = len(base["grid"])
    bad = [
        ({"$f": "bounce", "phase": "START", "f": {"kickoff": False, "sq": size}}, "a square"),
        ({"$f": "bounce", "phase": "START", "f": {"kickoff": 7, "sq": 40}}, "0 or 1"),
        ({"$f": "setup", "phase": "START", "f": {"rearrange": False, "side": 2}}, "a side"),
        ({"$f": "player_action", "phase": "START",
          "f": {"blocked": False, "kind": {"$e": "ActionType", "v": "MOVE"}, "moves": 0, "path": [],
                "pid": 0, "then": 476, "then_sq": -1}}, "an action type"),
    ]
    for frame, words in bad:
        pos = copy.deepcopy(base)
        pos["stack"].append(frame)
        with pytest.raises(PositionError, match=words):
            Game.from_position(pos, engine=engine)


def test_the_native_bridge_checks_the_same_roles_for_data_past_the_validator(native: ModuleType) -> None:
    """Defence in depth: a Python state with a bad frame field, loaded into the native state
    directly (no `check_position`), is refused by the bridge, not dereferenced."""
    game = _played("python")
    s = game.state.copy()
    data = state_data(s)
    data["stack"].append(["pickup", 0, [30000]])
    board = native.read_boards((ROOT / "src/nuffle/data/boards.json").read_text())[11]
    with pytest.raises(ValueError, match="pid must be 0 to"):
        native.State.load(board, data)


# --- 4: the end-of-drive list holds every player -----------------------------------------------


def _secret_weapons(engine: str, seed: int) -> Game:
    g = Game.new("human", "orc", seed=seed)
    s = g.state
    s.info = tuple(replace(p, skills=p.skills | {Skill.SECRET_WEAPON}) for p in s.info)
    return Game.from_state(s, g.config, g.roller, engine) if engine == "native" else g


def test_every_field_list_fits_the_rules_worst_case() -> None:
    """The end of a drive sends off every Secret Weapon of both teams: 'sending' holds them all
    (it held 16; 22 were needed), as 'todo' does."""
    frames = layout()["frames"]
    assert frames["end_drive"]["sending"][1] >= 32 and frames["end_drive"]["todo"][1] >= 32


@pytest.mark.parametrize("engine", ENGINES)
def test_a_match_where_every_player_is_a_secret_weapon_finishes(native: ModuleType, engine: str) -> None:
    """22 players on the pitch at a drive's end, each sent off (before: the native game stopped
    with a bare `ValueError: a frame's list is full`)."""
    for seed in range(2):
        game = _secret_weapons(engine, seed)
        bots = (RandomPlayer(seed), RandomPlayer(seed + 1))
        steps = 0
        while not game.is_over and steps < 20000:
            game.step(bots[game.decider].act(game.view()))
            steps += 1
        assert game.is_over


@pytest.mark.parametrize("engine", ENGINES)
def test_a_stack_that_cannot_progress_is_an_error_not_a_hang(native: ModuleType, engine: str) -> None:
    """data/stuck_position.json: a fuzzed position (four copies of an injury frame waiting for an
    apothecary) whose stack loops for ever once the apothecary is used: both engines give up
    after 200,000 steps with EngineLimitError (before: both hung)."""
    position = json.loads((Path(__file__).with_name("data") / "stuck_position.json").read_text())
    game = Game.from_position(position, engine=engine)
    with pytest.raises(EngineLimitError, match="no progress"):
        game.step(Action(ActionType.USE_APOTHECARY))


def test_a_full_native_list_is_a_clear_nuffle_error() -> None:
    assert issubclass(EngineLimitError, ValueError)
    from nuffle.core.errors import StateError

    assert issubclass(EngineLimitError, StateError)


# --- 5: a native game's state is read-only ------------------------------------------------------


def test_writing_a_native_games_state_raises_and_nothing_disagrees(native: ModuleType) -> None:
    game = _played("native")
    weather = game.state.weather
    with pytest.raises(ReadOnlyStateError, match="read-only"):
        game.state.weather = 3 if weather != 3 else 2
    game.state.pos[0] = 99  # a list of the snapshot: never read back
    assert game.to_position()["weather"] == game.clone().state.weather == game.view().state.weather == weather
    assert game.to_position() == game.clone().to_position()


def test_a_state_adopted_by_a_native_game_becomes_read_only(native: ModuleType) -> None:
    s = Game.new("human", "orc", seed=1).state.copy()
    game = Game.from_state(s, engine="native")
    assert game.state is s
    with pytest.raises(ReadOnlyStateError):
        s.half = 2
    copy_ = s.copy()
    copy_.half = s.half  # a copy is the caller's own
    assert isinstance(game, NativeGame)


@pytest.mark.parametrize("engine", ENGINES)
def test_a_native_snapshot_handed_to_another_game_is_copied_not_taken(native: ModuleType,
                                                                      engine: str) -> None:
    source = _played("native")
    snap = source.state
    other = Game.from_state(snap, engine=engine)
    assert other.state is not snap and other.state == snap
    bot = RandomPlayer(4)
    for _ in range(20):
        other.step(bot.act(other))
    assert source.state is snap and snap == position_from_dict(source.to_position())


# --- 7: Game.rng and positions' generators alike on both engines ---------------------------------


@pytest.mark.parametrize("engine", ENGINES)
@pytest.mark.parametrize(("value", "error"), [
    (0, InputError), (-1, InputError), (2**64, InputError),
    ("7", InputTypeError), (True, InputTypeError), (1.0, InputTypeError)])
def test_game_rng_refuses_the_same_values_on_both_engines(native: ModuleType, engine: str, value: object,
                                                          error: type[Exception]) -> None:
    game = Game.new("human", "orc", seed=1, engine=engine)
    before = game.rng
    with pytest.raises(error, match="generator state"):
        game.rng = value  # type: ignore[assignment]
    assert game.rng == before
    game.rng = 2**64 - 1
    assert game.rng == 2**64 - 1


@pytest.mark.parametrize("engine", ENGINES)
@pytest.mark.parametrize(("field", "value"), [("rng", 0), ("fans", [-1, 3]), ("fans", [3, 10**30])])
def test_both_engines_refuse_the_same_bad_counters(native: ModuleType, engine: str, field: str,
                                                   value: object) -> None:
    pos = _played("python").to_position()
    pos[field] = value
    with pytest.raises(PositionError):
        Game.from_position(pos, engine=engine)


@pytest.mark.parametrize("engine", ENGINES)
def test_a_team_stat_of_ten_to_the_thirty_and_a_malformed_log_entry_are_refused(native: ModuleType,
                                                                                engine: str) -> None:
    pos = _played("python").to_position()
    pos["stats"][0][0] = 10**30
    with pytest.raises(PositionError, match="stats"):
        Game.from_position(pos, engine=engine)
    pos = _played("python").to_position()
    pos["log"].append({"$t": [{"$e": "Event", "v": "ROLL"}, 1, 2]})
    with pytest.raises(PositionError, match="log"):
        Game.from_position(pos, engine=engine)


# --- 9: pickle and deepcopy, the same position bytes, assisted moves in the key -------------------


@pytest.mark.parametrize("engine", ENGINES)
def test_games_pickle_and_deepcopy_through_their_position(native: ModuleType, engine: str) -> None:
    game = _played(engine)
    for other in (pickle.loads(pickle.dumps(game)), copy.deepcopy(game), copy.copy(game)):
        assert type(other) is type(game) and other.engine == engine
        assert other.to_position() == game.to_position() and other.history == game.history
        bot_a, bot_b = RandomPlayer(9), RandomPlayer(9)
        a, b = game.clone(), other
        for _ in range(60):
            if a.is_over:
                break
            a.step(bot_a.act(a))
            b.step(bot_b.act(b))
        assert a.state == b.state


def test_an_explicit_native_game_pickles_at_a_chance_node(native: ModuleType) -> None:
    game = Game.new("human", "orc", seed=2, engine="native", roller=ExplicitRoller())
    while game.decider != 2:
        game.step(RandomPlayer(2).act(game))
    other = pickle.loads(pickle.dumps(game))
    assert other.decider == 2 and other.state.pending == game.state.pending


def test_both_engines_write_the_same_position_bytes(native: ModuleType) -> None:
    """In lockstep, after every step: the same JSON text, the log's roll kinds as names."""
    rolls = 0
    for seed in (1, 2):
        py = Game.new("human", "orc", seed=seed)
        nat = Game.new("human", "orc", seed=seed, engine="native")
        bot = RandomPlayer(seed)
        for _ in range(250):
            action = bot.act(py)
            py.step(action)
            nat.step(action)
            text = json.dumps(nat.to_position())
            assert json.dumps(py.to_position()) == text
            rolls += text.count('{"$e": "RollKind"')
    assert rolls > 0


@pytest.mark.parametrize("engine", ENGINES)
def test_state_key_counts_the_assisted_moves_option(native: ModuleType, engine: str) -> None:
    """Two states alike but for the option (the issue's: 8 and 284 legal actions) differ."""
    game = Game.new("human", "orc", seed=3, engine=engine)
    bot = RandomPlayer(3)
    while len(game.legal_actions()) == len(game.with_assisted_moves().legal_actions()):
        game.step(bot.act(game))
    plain = game.state.copy()
    assisted = game.with_assisted_moves().state.copy()
    assert plain != assisted and plain.key() != assisted.key()
    assert position_from_dict(game.with_assisted_moves().to_position()) == assisted
    assert position_from_dict(game.to_position()) == plain
