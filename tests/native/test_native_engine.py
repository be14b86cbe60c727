"""The native engine's procedure machinery: the generated frame header is current, positions
convert both ways with their stacks, the loop runs the ported procedures exactly as the
Python engine does (lockstep parity, drive ends forced into every branch), every frame is
ported, and a position naming a frame the native engine does not know is refused in one line."""

from __future__ import annotations

import importlib.util
import random
from dataclasses import replace
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from nuffle.core.actions import Action, ActionType, IllegalActionError
from nuffle.core.engines import NotPortedError
from nuffle.core.game import Game
from nuffle.core.native_game import NativeGame, state_from_data
from nuffle.core.native_state import state_data
from nuffle.core.procedures.match import EndDrive, Half, HalfPhase, Match, MatchPhase
from nuffle.core.state import GameState
from nuffle.core.teams import Inducements
from nuffle.core.types import RUNNING, PFlag, Status, Weather
from nuffle.parity import run_parity

Positions = Any

ROOT = Path(__file__).resolve().parents[2]


def test_frames_header_is_current() -> None:
    """native/include/nuffle/frames.hpp and src/nuffle/data/frame_layout.json (the position
    validator's field layout) are what native/gen_frames.py writes from FRAMES and
    data/frame_fields.json (run `python native/gen_frames.py` after changing a procedure's frame,
    phases or fields, or a field's role or capacity)."""
    spec = importlib.util.spec_from_file_location("gen_frames", ROOT / "native" / "gen_frames.py")
    assert spec is not None and spec.loader is not None
    gen = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(gen)
    assert gen.HEADER.read_text() == gen.render(), "frames.hpp is stale: run python native/gen_frames.py"
    assert gen.LAYOUT.read_text() == gen.render_layout(), "frame_layout.json is stale: run gen_frames.py"


def test_every_python_frame_has_a_native_layout(native: ModuleType) -> None:
    from nuffle.core.procedures.base import FRAMES

    layout = {frame: [f[0] for f in fields] for frame, _cls, fields, _ported in native.FRAMES}
    assert layout == {frame: list(cls._fields[1:]) for frame, cls in FRAMES.items()}


def test_positions_convert_both_ways_with_their_stacks(native: ModuleType, game_positions: Positions) -> None:
    """Python -> native -> Python gives an equal state (stack, pending event, outcome included)."""
    for board in (1, 5, 11):
        for s in game_positions(3, board, 6):
            back = state_from_data(s, native.State.load(_board(native, s), state_data(s)).dump())
            assert back.key() == s.key()
            assert [p.key() for p in back.stack] == [p.key() for p in s.stack]


def test_every_decision_of_random_games_round_trips(native: ModuleType) -> None:
    """At every decision of random games (blocks, pushes, passes, skills' frames included, not
    only the ported ones), the position goes to the native state and back unchanged."""
    from nuffle.random_player import RandomPlayer

    frames: set[str] = set()
    for board in (3, 11):
        for seed in (1, 2):
            game = Game.new("chaos-dwarf", "skaven", seed=seed, board=board)
            bots = (RandomPlayer(seed), RandomPlayer(seed + 1))
            for _ in range(1500):
                if game.is_over:
                    break
                s = game.state
                data = state_data(s)
                dumped = native.State.load(_board(native, s), data).dump()
                assert dumped == data
                assert state_from_data(s, dumped).key() == s.key()
                frames.update(p.frame for p in s.stack)
                game.step(bots[game.decider].act(game.view()))
    assert {"block", "push", "player_roll", "setup", "kickoff"} <= frames, frames


def test_a_position_with_a_crowd_surf_round_trips(native: ModuleType, game_positions: Positions) -> None:
    """The crowd list holds squares (the last one on the pitch and the one out of it), not
    only player ids: a position waiting on a follow-up after a push into the crowd loads."""
    for board in (1, 11):
        s = game_positions(4, board, 1)[0]
        b = s.board
        out = b.sq(-1, 0)  # a padding square beside the pitch
        s.crowd = [0, b.sq(0, 0), out, 1]
        assert native.State.load(_board(native, s), state_data(s)).dump() == state_data(s)
        back = state_from_data(s, native.State.load(_board(native, s), state_data(s)).dump())
        assert back.crowd == s.crowd


def _board(native: ModuleType, s: GameState) -> object:
    from nuffle.core.native_state import native_board

    return native_board(s.board.variant.players)


def _ported(native: ModuleType) -> set[str]:
    return {frame for frame, _cls, _fields, ported in native.FRAMES if ported}


def test_parity_of_the_ported_procedures(native: ModuleType) -> None:
    """Lockstep games on every board: no divergence, every game complete."""
    report = run_parity(games=3, seed=1)
    assert not report.divergences, report.text()
    assert all(g.outcome == "complete" for g in report.games), report.text()
    _none_stopped(report)
    assert report.steps >= 15 * 5  # a kick-or-receive choice, two set-ups, the kick, a turn


def _none_stopped(report: Any) -> None:
    """No game stopped at a frame the native engine has not ported (all 62 are)."""
    assert not report.unported(), report.text()
    assert not any(g.outcome == "stopped_at_unported" for g in report.games), report.text()


def test_parity_with_forced_dice(native: ModuleType) -> None:
    """Every chance outcome picked uniformly among its results (casualties, apothecaries,
    failed rolls and re-rolls come up often): still no divergence."""
    report = run_parity(games=2, seed=11, dice="forced")
    assert not report.divergences, report.text()
    _none_stopped(report)


def test_parity_with_moves_only(native: ModuleType) -> None:
    report = run_parity(games=2, seed=7, actions="moves")
    assert not report.divergences, report.text()
    _none_stopped(report)
    assert sum(g.outcome == "complete" for g in report.games) >= 1  # moves only: whole matches


def _drive_end(s: GameState, rng: random.Random, end_of_half: bool) -> GameState:
    """`s` at the end of a drive (of the first half, or of the half when `end_of_half`), with
    sweltering heat, knocked-out players, Secret Weapons who played, bribes and Master Chefs
    drawn at random, so every branch of EndDrive, Half and MasterChef is taken."""
    s = s.copy()
    s.weather = rng.choice([Weather.SWELTERING_HEAT, Weather.NICE])
    for pid in range(len(s.info)):
        if s.pos[pid] >= 0 and rng.random() < 0.3:
            s.remove(pid, Status.KO)
        if rng.random() < 0.5:
            s.pflags[pid] |= PFlag.PLAYED
    for side in (0, 1):
        s.teams[side].bribes = rng.randint(0, 1)
        if end_of_half:
            s.teams[side].turn = s.board.variant.turns_per_half
    s.specs = tuple(replace(sp, inducements=Inducements(chef=rng.random() < 0.5, babes=rng.randint(0, 1)))
                    for sp in s.specs)  # type: ignore[assignment]
    match = Match()
    match.phase = MatchPhase.SECOND_HALF
    half = Half()
    half.phase = HalfPhase.DRIVE_ENDED
    s.half = 1
    s.stack = [match, half, EndDrive(end_of_half)]
    s.shared = 0
    s.decider = RUNNING
    s.pending = None
    s.outcome = 0
    return s


def test_drive_ends_match_the_python_engine(native: ModuleType, game_positions: Positions) -> None:
    rng = random.Random(5)
    checked = 0
    for board in (3, 7, 11):
        for s0 in game_positions(11, board, 4):
            for end_of_half in (False, True):
                s = _drive_end(s0, rng, end_of_half)
                py = Game.from_state(s.copy())
                nat = NativeGame.from_state(s)
                for _ in range(6):  # bribe decisions, then the set-up
                    assert state_data(py.state) == nat.data()
                    assert py.decision() == nat.decision() and py.legal_actions() == nat.legal_actions()
                    if py.legal_actions().group(ActionType.USE_BRIBE) is None:
                        break
                    action = Action(rng.choice([ActionType.USE_BRIBE, ActionType.DECLINE]))
                    py.step(action)
                    nat.step(action)
                checked += 1
    assert checked == 24


def test_every_frame_of_the_python_registry_is_ported(native: ModuleType) -> None:
    """The native engine knows every frame of the Python registry and runs each one, so no
    game stops with NotPortedError (the guard stays for a frame the Python engine gains)."""
    from nuffle.core.procedures.base import FRAMES

    assert {frame for frame, _cls, _fields, _p in native.FRAMES} == set(FRAMES)
    assert _ported(native) == set(FRAMES)
    assert native.NotPortedError is NotPortedError  # the C++ error surfaces as the engines' one


def test_a_frame_the_native_engine_does_not_know_is_refused_in_one_line(
        native: ModuleType, monkeypatch: pytest.MonkeyPatch) -> None:
    """A position whose stack names a frame missing from the native build (a fake registry
    entry standing for a procedure the Python engine gains before its port) is refused with a
    one-line PositionError naming the frame; nothing is built and the position is unchanged."""
    from nuffle.core.position import PositionError
    from nuffle.core.procedures.base import FRAMES, Procedure

    class Unported(Procedure):
        __slots__ = ("pid",)

        def __init__(self) -> None:
            super().__init__()
            self.pid = 0

        def run(self, s: GameState) -> None:
            s.pop()

    monkeypatch.setattr(Unported, "frame", "not_in_the_native_build")
    monkeypatch.setitem(FRAMES, "not_in_the_native_build", Unported)
    py = Game.new("human", "orc", seed=5, board=3)
    s = py.state.copy()
    s.push(Unported())
    before = s.key()
    with pytest.raises(PositionError, match="not_in_the_native_build") as exc:
        NativeGame.from_state(s)
    assert "\n" not in str(exc.value)
    assert s.key() == before


def test_illegal_actions_raise_and_change_nothing(native: ModuleType) -> None:
    nat = NativeGame.start("human", "orc", seed=4, board=5)
    before = nat.data()
    for action in (Action(ActionType.END_TURN), Action(ActionType.KICK, 0), Action(ActionType.END_SETUP)):
        with pytest.raises(IllegalActionError):
            nat.step(action)
        assert nat.data() == before


@pytest.mark.slow
@pytest.mark.parametrize("dice", ["sampled", "forced"])
def test_parity_larger_run(native: ModuleType, dice: str) -> None:
    """Player actions restricted to moves, 20 games a board. Every action (`actions="all"`),
    sampled and forced, is the CI's 300-game run's (test_native_parity.py), not repeated here."""
    report = run_parity(games=20, seed=3, actions="moves", dice=dice)
    assert not report.divergences, report.text()
    _none_stopped(report)
