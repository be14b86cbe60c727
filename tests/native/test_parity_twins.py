"""The C++ twins in the parity harness (`nuffle.parity_twins`): at sampled decisions of lockstep
games the pathfinder, the observation encoder and the search (every configuration and the
lookahead) are compared with their Python originals, and the native random player's set-up
rule with the Python engine's legal actions; each comparison finds a real difference (a
position the two sides see differently, a search run longer) and a difference is a divergence
of the game."""

from __future__ import annotations

import json
import random
from dataclasses import replace
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest

import nuffle.agents.mcts.fingerprint as fingerprint_module
import nuffle.parity_twins as twins
from nuffle.cli import main
from nuffle.core.actions import ActionType
from nuffle.core.decision import DecisionKind
from nuffle.core.game import Game
from nuffle.core.native_game import NativeGame
from nuffle.core.skills import Skill
from nuffle.core.types import Status
from nuffle.parity import parity_game, run_parity
from nuffle.parity_twins import (
    TWINS,
    TwinChecks,
    compare_encoder,
    compare_paths,
    compare_search,
    compare_setup,
)
from nuffle.random_player import RandomPlayer, midgame_states

pytestmark = pytest.mark.usefixtures("native")


def _pair(board: int = 11, seed: int = 4) -> tuple[Game, NativeGame]:
    """A mid-game Python position and the native game of the same position."""
    s = midgame_states(seed, 1, board=board, every=13, min_on_pitch=6)[0]
    py = Game.from_state(s.copy(), engine="python")
    nat = NativeGame.from_state(s.copy())
    return py, nat


def _mover(py: Game) -> int:
    s = py.state
    return next(p for p in range(len(s.info)) if s.pos[p] >= 0 and s.pteam[p] == py.decider
                and s.status[p] == Status.STANDING)


def test_every_twin_is_compared_and_agrees_without_changing_the_game() -> None:
    g = parity_game(3, 11, "human", "orc", twins=0.5)
    assert g.outcome == "complete", g.diff
    assert set(g.twin_checks) == {*TWINS, "setup"} and min(g.twin_checks.values()) >= 3
    plain = parity_game(3, 11, "human", "orc", twins=0.0)
    # the same game whatever is compared: the comparisons draw from a generator of their own
    assert plain.twin_checks == {} and plain.steps == g.steps


def test_every_search_configuration_and_the_lookahead_take_their_turn() -> None:
    checks = TwinChecks(1.0, random.Random(1))
    py, nat = _pair(5)
    for _ in range(3 * len(twins._search_configs())):
        assert checks.compare(0, py, nat) is None
    assert checks.counts["search"] == len(twins._search_configs())  # one of each, in turn
    assert checks.counts["paths"] == checks.counts["encoder"] == len(twins._search_configs())


def test_the_pathfinders_differ_where_a_player_differs() -> None:
    py, nat = _pair()
    pid = _mover(py)
    assert compare_paths(7, py, nat, pid, 0) is None
    s = py.state  # only the Python side's player gets Sprint and Sure Feet
    s.info = tuple(replace(p, skills=p.skills | {Skill.SPRINT, Skill.SURE_FEET}) if i == pid else p
                   for i, p in enumerate(s.info))
    problem = compare_paths(7, py, nat, pid, 0)
    assert problem is not None and problem.startswith(f"step 7: the pathfinders differ for player {pid}")
    assert "'all'" in problem


def test_the_encoders_differ_where_a_player_differs() -> None:
    py, nat = _pair()
    assert compare_encoder(3, py, nat, twins._Encoders(py)) is None
    pid = _mover(py)
    s = py.state  # only the Python side's player is faster
    s.info = tuple(replace(p, ma=p.ma + 2) if i == pid else p for i, p in enumerate(s.info))
    problem = compare_encoder(3, py, nat, twins._Encoders(py))
    assert problem is not None and "step 3: the observation encoders differ for side 0" in problem


@pytest.mark.parametrize("config", ["default", "sample", "rollouts", "lookahead"])
def test_the_searches_differ_where_the_python_loop_runs_longer(config: str,
                                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    py, nat = _pair(5)
    assert twins.searchable(py)
    assert compare_search(2, py, nat, config, 9) is None
    real = fingerprint_module.fingerprint

    def longer(search: Any, game: Game, iterations: int) -> dict[str, Any]:
        return real(search, game, iterations + (0 if search.native else 3))

    monkeypatch.setattr(fingerprint_module, "fingerprint", longer)
    if config == "lookahead":  # the Python bot's search draws once more before its choice
        monkeypatch.setattr(twins, "_lookahead_bots", _skewed_lookahead(twins._lookahead_bots))
    problem = compare_search(2, py, nat, config, 9)
    assert problem is not None and problem.startswith(f"step 2: the searches ({config}, seed 9)")


def _skewed_lookahead(real: Any) -> Any:
    def bots(seed: int, side: int, view: Game) -> Any:
        a, b = real(seed, side, view)
        a.search.rng.random()
        return a, b
    return bots


def test_the_random_players_set_up_is_checked_against_the_python_engine() -> None:
    game = Game.new("human", "orc", seed=2, board=5, engine="python")
    nat = NativeGame.start("human", "orc", seed=2, board=5)
    bots = RandomPlayer(1), RandomPlayer(2)
    while game.decision().kind != DecisionKind.SETUP:
        action = bots[game.decider].act(game.view()) if game.decider in (0, 1) else None
        if action is None:
            outcome = game.sample_chance()
            game.apply_chance(outcome)
            nat.apply_chance(outcome)
        else:
            game.step(action)
            nat.step(action)
    for seed in (1, 3, 5):
        assert compare_setup(4, game, nat, seed) is None
    offside = SimpleNamespace(native_state=SimpleNamespace(
        random_setup_action=lambda rng: (int(ActionType.PLACE_PLAYER), 0, 0, rng)))
    problem = compare_setup(4, game, offside, 1)  # type: ignore[arg-type]
    assert problem is not None and "set-up action" in problem and "is not legal in Python" in problem


def test_a_twin_difference_is_a_divergence_of_the_game(monkeypatch: pytest.MonkeyPatch) -> None:
    real = twins.python_paths

    def off(ps: Any) -> dict[str, Any]:
        answer = real(ps)
        answer["all"] = {sq: (r[0], r[1] / 2, *r[2:]) for sq, r in answer["all"].items()}
        return answer

    monkeypatch.setattr(twins, "python_paths", off)
    g = parity_game(3, 11, "human", "orc", twins=0.5)
    assert g.outcome == "diverged" and g.diff is not None and "the pathfinders differ" in g.diff
    assert g.position is not None  # the position, to replay


def test_the_report_and_the_cli_show_the_twins_compared(capsys: pytest.CaptureFixture[str]) -> None:
    report = run_parity(games=1, seed=0, boards=(1,), twins=0.5)  # the CLI's run below
    j = report.to_json()
    assert j["twin_checks"] and j["twin_checks"] == dict(report.games[0].twin_checks)
    assert "C++ twins compared: " in report.text()
    assert main(["parity", "--games", "1", "--board", "1", "--twins", "0.5", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["twin_checks"] == j["twin_checks"]
    assert main(["parity", "--games", "1", "--board", "1", "--twins", "0", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["twin_checks"] == {}
    with pytest.raises(SystemExit) as exit_:
        main(["parity", "--twins", "1.5"])
    assert exit_.value.code == 2 and "--twins: must be a share" in capsys.readouterr().err


def test_an_ended_match_asks_nothing_so_both_searches_merge_its_positions() -> None:
    """Found by the twin check: two ways to end the match (a failed dodge re-rolled or not) left
    the last decision's kind in `waiting`, which the C++ search's key reads and the Python key
    does not; its table held one node more. An ended match now asks NONE on both engines."""
    position = json.loads((Path(__file__).parent / "data" / "search_game_over.json").read_text())
    py = Game.from_position(position, engine="python")
    nat = NativeGame.from_state(py.state.copy())
    assert py.decision().kind == DecisionKind.REROLL and py.state.teams[0].turn == 8
    assert compare_search(0, py, nat, "puct", 285549641) is None
    for game in (py, nat):
        while not game.is_over:  # the rest of the match, always declining
            if game.decider in (0, 1):
                game.step(next(iter(game.legal_actions())))
            else:
                game.apply_chance(game.sample_chance())
        assert game.state.waiting == DecisionKind.NONE
