"""The native engine's speed-minded parts, checked for what they return (never timed):
`play_random_games` (whole random games in C++), `State.outcomes` (Game.transitions in C++: the
same next states and exactly the same Fractions as the Python engine), the quick accessors, and
the JSON of `nuffle bench engine --engine native`."""

from __future__ import annotations

import json
import random
from fractions import Fraction
from types import ModuleType
from typing import Any

import pytest

from nuffle.core.actions import Action, ActionType, IllegalActionError
from nuffle.core.dice import ExplicitRoller
from nuffle.core.errors import InputError
from nuffle.core.game import Game
from nuffle.core.native_game import NativeGame
from nuffle.core.native_state import state_data
from nuffle.core.state import GameState
from nuffle.core.types import CHANCE

Positions = Any  # conftest.Positions: positions(seed, board, count, every=9)


def test_play_random_games_plays_whole_games_and_repeats(native: ModuleType) -> None:
    start = NativeGame.start("human", "orc", seed=3, board=3)._native
    before = start.to_bytes()
    results = native.play_random_games(start, 6, seed=11)
    assert start.to_bytes() == before  # the start is copied, never played
    assert len(results) == 6
    for home, away, decisions, stopped in results:
        assert isinstance(home, int) and isinstance(away, int) and home >= 0 and away >= 0
        assert decisions > 20
        assert stopped is None, stopped  # every frame is ported: whole games
    assert native.play_random_games(start, 6, seed=11) == results  # seeded: the same games
    assert native.play_random_games(start, 6, seed=12) != results


def test_play_random_games_on_board_11_finishes_set_ups(native: ModuleType) -> None:
    """Random placements seldom make a legal board-11 set-up: the player's set-up rule does."""
    start = NativeGame.start("human", "orc", seed=5, board=11)._native
    results = native.play_random_games(start, 2, seed=1)
    assert all(r[3] is None for r in results), results
    assert all(r[2] < 20_000 for r in results)


def test_play_random_games_keep_set_ups_short(native: ModuleType) -> None:
    """Every set-up (Perfect Defence's re-arrangement included) ends within a few decisions:
    a whole board-11 game takes hundreds of decisions, not thousands."""
    start = NativeGame.start("human", "human", seed=1, board=11)._native
    results = native.play_random_games(start, 100, seed=1)
    assert all(r[3] is None for r in results), [r[3] for r in results if r[3]]
    assert max(r[2] for r in results) < 1500  # 4,000 to 10,000 when a re-arrangement wandered


def test_play_random_games_reports_a_stop_instead_of_raising(native: ModuleType) -> None:
    start = NativeGame.start("human", "orc", seed=3, board=1)._native
    results = native.play_random_games(start, 3, seed=1, max_decisions=5)
    assert [r[2:] for r in results] == [(5, "decision limit")] * 3
    with pytest.raises(ValueError, match="games must be at least 0"):
        native.play_random_games(start, -1)


def test_random_setup_action_is_a_legal_set_up_decision(native: ModuleType) -> None:
    state = NativeGame.start("human", "orc", seed=2, board=11)._native
    rng = 7
    steps = 0
    while state.top_frame() == "setup" or steps == 0:
        if state.top_frame() != "setup":
            legal = state.legal_actions()
            kind, players, squares, _ = legal[0]
            state.step(kind, players[0] if players else -1, squares[0] if squares else -1)
            continue
        kind, player, square, rng = state.random_setup_action(rng)
        state.step(kind, player, square)  # raises IllegalActionError if it were not legal
        steps += 1
        assert steps < 200
    with pytest.raises(ValueError, match="no set-up"):
        state.random_setup_action(1)


def _native_outcomes(game: NativeGame, action: Action | None) -> list[tuple[Fraction, dict[str, Any]]]:
    """`State.outcomes` with paths=True (each next state with its event log)."""
    if action is None:
        raw = game._native.outcomes(paths=True)
    else:
        sq = -1 if action.square is None else game._template.board.sq(*action.square)
        raw = game._native.outcomes(int(action.type), -1 if action.player is None else action.player, sq,
                                    paths=True)
    return [(Fraction(num, den), st.dump()) for num, den, st, _path in raw]


def _python_outcomes(game: Game, action: Action | None) -> list[tuple[Fraction, dict[str, Any]]]:
    return [(p, state_data(g.state)) for g, p in game.transitions(action)]


def _actions(s: GameState, rng: random.Random, count: int) -> list[Action]:
    """Up to `count` legal actions of the position, a few of every group."""
    legal = Game.from_state(s.copy()).legal_actions()
    out = []
    for g in legal.groups:
        for _ in range(3):
            player = rng.choice(g.players) if g.players else None
            square = rng.choice(g.squares) if g.squares else None
            out.append(Action(g.type, player, square))
    rng.shuffle(out)
    return list(dict.fromkeys(out))[:count]


def _compare(s: GameState, action: Action | None) -> bool:
    """Whether the two engines' outcomes were compared (they always are: every frame is
    ported, so a NotPortedError fails the test)."""
    py_game = Game.from_state(s.copy(), roller=ExplicitRoller())
    native_game = NativeGame.from_state(s, explicit=True)
    got = _native_outcomes(native_game, action)
    want = _python_outcomes(py_game, action)
    assert [p for p, _ in got] == [p for p, _ in want], action
    assert sum(p for p, _ in got) == 1
    for (_, a), (_, b) in zip(got, want, strict=True):
        assert a == b, action
    return True


@pytest.mark.parametrize("board", [1, 3, 5, 7, 11])
def test_outcomes_equal_the_python_engines(native: ModuleType, game_positions: Positions, board: int) -> None:
    """Many positions and actions: the same next states, in the same order, with exactly the
    same Fractions (identical states merged the same way)."""
    rng = random.Random(board)
    compared = multi = 0
    for seed in range(3):
        for s in game_positions(seed, board, 6, every=5):
            for action in _actions(s, rng, 6):
                if _compare(s, action):
                    compared += 1
                    multi += len(Game.from_state(s.copy()).transitions(action)) > 1
    assert compared >= 30
    assert multi >= 3  # some actions met dice on the way


def test_outcomes_at_a_chance_node_and_of_a_dodge_and_a_block(native: ModuleType) -> None:
    from nuffle.bench.engine import outcome_positions

    for game, action in outcome_positions().values():
        assert _compare(game.state, action)
        assert len(game.transitions(action)) > 1
    # at a chance node: resolve the pending event
    dodge, move = outcome_positions()["dodge"]
    g = Game.from_state(dodge.state.copy(), roller=ExplicitRoller())
    g.step(move)
    assert g.state.decider == CHANCE
    assert _compare(g.state, None)


def _rows(raw: list[Any]) -> list[tuple[int, int, bytes]]:
    return [(n, d, st.to_bytes()) for n, d, st in raw]


def test_outcomes_solved_by_the_fraction_solver_agree(native: ModuleType, game_positions: Positions) -> None:
    """The path a graph with a cycle takes (core/transitions.py's solver over Fractions) gives
    the same distribution as the forward flow in C++."""
    rng = random.Random(4)
    compared = 0
    for s in game_positions(2, 5, 6, every=4):
        game = NativeGame.from_state(s, explicit=True)
        for action in _actions(s, rng, 4):
            sq = -1 if action.square is None else game._template.board.sq(*action.square)
            args = (int(action.type), -1 if action.player is None else action.player, sq)
            fast = game._native.outcomes(*args)
            slow = game._native.outcomes(*args, solve_in_cpp=False)
            assert _rows(fast) == _rows(slow)
            compared += 1
    assert compared >= 10


def test_outcomes_errors_leave_the_state_alone(native: ModuleType) -> None:
    from nuffle.bench.engine import outcome_positions

    game, action = outcome_positions()["block"]
    ng = NativeGame.from_state(game.state, explicit=True)
    before = ng._native.to_bytes()
    with pytest.raises(IllegalActionError, match="needs a chance node"):
        ng._native.outcomes()
    with pytest.raises(IllegalActionError):
        ng._native.outcomes(int(ActionType.END_TURN) + 1000)
    with pytest.raises(InputError, match="more than 1 states"):
        ng._native.outcomes(int(action.type), -1, -1, max_states=1)
    assert ng._native.to_bytes() == before
    assert len(ng._native.outcomes(int(action.type))) > 1
    assert ng._native.to_bytes() == before


def test_quick_accessors_answer_as_the_python_state(native: ModuleType, game_positions: Positions) -> None:
    checked = 0
    for board in (3, 11):
        for s in game_positions(1, board, 4, every=7):
            st = NativeGame.from_state(s)._native
            s = NativeGame.from_state(s).state  # the position the native state holds now
            b = s.board
            for p in s.info:
                pid = p.pid
                assert st.square_of(pid) == s.pos[pid]
                assert st.xy_of(pid) == (None if s.pos[pid] < 0 else b.xy(s.pos[pid]))
                assert st.status_of(pid) == int(s.status[pid])
                assert st.team_of(pid) == p.team
                assert st.stats_of(pid) == (p.ma, p.st, p.ag, p.av)
                assert st.skills_of(pid) == sorted(int(k) for k in p.skills)
                assert st.flags_of(pid) == s.pflags[pid]
            for side in (-1, 0, 1):
                want = [p.pid for p in s.info if s.pos[p.pid] >= 0 and side in (-1, p.team)]
                assert st.on_pitch(side) == want
            assert st.ball() == ((None if s.ball < 0 else b.xy(s.ball)), int(s.ball_state))
            assert st.scores == (s.teams[0].score, s.teams[1].score)
            for x in range(b.width):
                for y in range(b.height):
                    q = b.sq(x, y)
                    who = s.grid[q]
                    assert st.player_at(x, y) == (who if who >= 0 else None)
                    for side in (0, 1):
                        assert st.tackle_zones_at(x, y, side) == s.tackle_zones(q, side)
            checked += 1
    assert checked >= 4
    with pytest.raises(ValueError, match="no player"):
        st.square_of(99)
    with pytest.raises(ValueError, match="off the pitch"):
        st.player_at(-1, 0)


NATIVE_FIELDS = {"engine", "complete", "stopped", "stopped_at", "clone_game_us", "state_bytes",
                 "native_games", "native_complete", "native_stopped", "native_games_per_s",
                 "native_decision_us", "native_decisions_per_game", "outcomes_dodge_us",
                 "outcomes_block_us"}


def test_native_bench_has_the_python_benchs_fields(native: ModuleType) -> None:
    from nuffle.bench.engine import run_bench
    from nuffle.bench.native import run_native_bench

    figures = run_native_bench(games=2, board=1, native_games=3)
    python_fields = set(run_bench(games=1, board=1))
    assert python_fields <= set(figures)
    assert set(figures) >= NATIVE_FIELDS
    assert figures["engine"] == "native"
    assert figures["state_bytes"] == native.STATE_BYTES <= 8192
    assert figures["complete"] == 2 and figures["stopped"] == 0  # every frame is ported
    assert figures["native_complete"] == 3 and not figures["native_stopped"]
    assert figures["decision_us"] > 0 and figures["game_ms"] > 0
    for key in ("clone_us", "clone_step_us", "native_games_per_s", "outcomes_dodge_us", "outcomes_block_us"):
        assert figures[key] > 0, key


def test_cli_bench_engine_native_json(native: ModuleType, capsys: pytest.CaptureFixture[str]) -> None:
    from nuffle.cli import main

    assert main(["bench", "engine", "--engine", "native", "--json", "--games", "1", "--board", "1"]) == 0
    figures = json.loads(capsys.readouterr().out)
    assert figures["engine"] == "native"
    assert {"decision_us", "game_ms", "clone_us", "clone_step_us", "outcomes_dodge_ms",
            "outcomes_block_ms"} <= set(figures)
    assert set(figures) >= NATIVE_FIELDS
    assert main(["bench", "engine", "--engine", "native", "--games", "1", "--board", "1"]) == 0
    text = capsys.readouterr().out
    assert "whole random games in C++" in text and "move with a dodge" in text


def test_bot_bench_reports_both_engines(native: ModuleType) -> None:
    from nuffle.bench.bots import run_bot_bench

    figures = run_bot_bench(bots=("random",), games=1, board=1)
    row = figures["bots"]["random"]
    for engine in ("python", "native"):
        assert row[engine]["complete"] == 1 and not row[engine]["stopped"]
        assert row[engine]["games_per_s"] > 0
