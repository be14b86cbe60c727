"""The native engine from several threads and under Ctrl-C: one search (one MCTS bot) used from
a second thread while it runs raises nuffle's StateError (one line) instead of corrupting its
tree; `stop_searches` ends every running search (what the web server does before it exits);
the long C++ loops (`play_random_games`, `outcomes()`) answer SIGINT."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from nuffle.agents.registry import make_agent
from nuffle.core.errors import StateError
from nuffle.core.native_game import NativeGame
from nuffle.random_player import RandomPlayer

ROOT = Path(__file__).resolve().parents[2]


def _team_turn(seed: int = 4) -> NativeGame:
    """A native game at a team-turn decision with several kinds of action."""
    g = NativeGame.start("human", "orc", seed=seed, board=11)
    players = (RandomPlayer(1), RandomPlayer(2))
    while not (g.state.teams[0].turn + g.state.teams[1].turn >= 2 and len(g.legal_actions().groups) > 3):
        g.step(players[g.decider].act(g.view()))
    return g


def _think(bot: Any, game: NativeGame, out: list[Any]) -> threading.Thread:
    def run() -> None:
        try:
            out.append(bot.act(game.view()))
        except Exception as exc:  # the test reads what it was
            out.append(exc)

    t = threading.Thread(target=run)
    t.start()
    return t


def test_one_search_from_two_threads_raises_a_state_error(native: ModuleType) -> None:
    game = _team_turn()
    bot = make_agent("mcts?seconds=4", seed=1)
    out: list[Any] = []
    first = _think(bot, game, out)
    time.sleep(1.0)  # the first thread is searching in C++ (without the GIL)
    second = _think(bot, game, out)
    first.join(60)
    second.join(60)
    errors = [o for o in out if isinstance(o, Exception)]
    actions = [o for o in out if not isinstance(o, Exception)]
    assert len(errors) == 1 and isinstance(errors[0], StateError), out
    assert "already running in another thread" in str(errors[0])
    assert len(actions) == 1 and actions[0] in game.legal_actions()  # the search was not disturbed


def test_stop_searches_ends_a_running_search(native: ModuleType) -> None:
    game = _team_turn()
    bot = make_agent("mcts?seconds=60", seed=1)
    out: list[Any] = []
    t = _think(bot, game, out)
    time.sleep(1.0)
    try:
        native.stop_searches(True)
        t.join(10)
        assert not t.is_alive()
        assert isinstance(out[0], StateError) and "stopped" in str(out[0])
        with pytest.raises(StateError, match="stopped"):  # none starts while stopped
            make_agent("mcts?iterations=20", seed=2).act(game.view())
    finally:
        native.stop_searches(False)
    action = make_agent("mcts?iterations=20", seed=2).act(game.view())
    assert action in game.legal_actions()


RANDOM_GAMES = """
from nuffle.core.engines import native_module
print("ready", flush=True)
native_module().play_random_games(g.native_state, 10**6, 1)  # an hour or more
"""
# the outcomes of placing the kick: every kick-off result, pitch invasions with a roll per
# player included; far more than a minute of enumeration
OUTCOMES = """
from nuffle.core.decision import DecisionKind
from nuffle.random_player import RandomPlayer
players = (RandomPlayer(1), RandomPlayer(2))
while g.decision().kind != DecisionKind.KICK_TARGET:
    g.step(players[g.decider].act(g.view()))
print("ready", flush=True)
g.transitions(next(iter(g.legal_actions())), max_states=10**8)
"""


def _default_sigint() -> None:
    signal.signal(signal.SIGINT, signal.SIG_DFL)


@pytest.mark.parametrize("work", [RANDOM_GAMES, OUTCOMES], ids=["play_random_games", "outcomes"])
def test_a_long_native_loop_answers_ctrl_c(native: ModuleType, work: str) -> None:
    child = ("import sys\nfrom nuffle.core.native_game import NativeGame\n"
             "g = NativeGame.start('human', 'orc', seed=1, board=11)\ntry:\n"
             + "".join(f"    {line}\n" for line in work.strip().splitlines())
             + "except KeyboardInterrupt:\n    print('interrupted', flush=True)\n    sys.exit(130)\n")
    env = {**os.environ, "PYTHONPATH": str(ROOT / "src")}
    proc = subprocess.Popen([sys.executable, "-c", child], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True, env=env, preexec_fn=_default_sigint)
    assert proc.stdout is not None
    assert proc.stdout.readline().strip() == "ready"
    time.sleep(1.0)  # inside the C++ loop
    proc.send_signal(signal.SIGINT)
    try:
        out, err = proc.communicate(timeout=20)
    except subprocess.TimeoutExpired:
        proc.kill()
        raise AssertionError("the native loop did not answer SIGINT") from None
    assert proc.returncode == 130 and "interrupted" in out, err
