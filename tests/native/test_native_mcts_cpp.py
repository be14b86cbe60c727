"""The search's C++ loop (agents/mcts/native_search.py, native/include/nuffle/mcts/) computes
what the Python loop computes: on native games, fixed-seed, fixed-iteration searches give the
Python loop's fingerprints (choice, root and edge visits and values, table size, visit sum,
tree reuse) for every configuration, rollouts included, on several positions of boards 1, 5
and 11, and the recorded fingerprints of tests/golden."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from nuffle.agents.mcts import MCTSBot, Search, SearchConfig
from nuffle.agents.mcts.fingerprint import CONFIGS, fingerprint, fingerprints, positions
from nuffle.agents.mcts.native_search import NativeEdge, NativeNode, supports
from nuffle.agents.mcts.search import CANON_RNG, in_team_turn
from nuffle.agents.mcts.tree import Edge, Node, print_tree
from nuffle.core.actions import Action, ActionType
from nuffle.core.errors import InputError
from nuffle.core.game import Game
from nuffle.testing import Scenario

pytestmark = pytest.mark.usefixtures("native")

GOLDEN = Path(__file__).parent.parent / "golden" / "mcts_fingerprints.json"
#: The configurations the C++ loop runs: all of them.
CPP_CONFIGS = tuple(name for name, options in CONFIGS.items() if supports(SearchConfig(**options)))
#: The rollout settings beside `CONFIGS`' one: the defaults (reply rollouts at the leaves past
#: the turn's end, mixed, common random numbers), and reply rollouts at every leaf with
#: independent streams.
ROLLOUTS = ({"rollouts": 20}, {"rollouts": 10, "rollout_at": "all", "crn": False, "mix": 0.3},
            {"rollouts": 5, "chance": "sample", "rollout": "random"})
LINEMAN = 5  # human lineman: MA6 AG3, no skills
ORC_LINE = 16


def test_every_configuration_runs_in_cpp() -> None:
    assert tuple(CONFIGS) == CPP_CONFIGS


@pytest.mark.slow  # the Python loop's searches: 5-15 s a board
@pytest.mark.parametrize("board", [1, 5, 11])
def test_cpp_loop_gives_the_python_loops_fingerprints(board: int) -> None:
    # two positions per board, every configuration, a second search reusing the tree
    cpp = fingerprints((board,), 2, 80, CPP_CONFIGS, engine="native")
    python = fingerprints((board,), 2, 80, CPP_CONFIGS, engine="native", native=False)
    assert len(cpp) == 2 * len(CPP_CONFIGS)
    assert any("reuse" in rec and rec["reused"] for rec in cpp.values())
    for key in python:
        assert cpp[key] == python[key], f"the C++ search {key} differs from the Python loop's"


def test_cpp_loop_on_more_positions_with_the_default_configuration() -> None:
    for board in (1, 5, 11):
        for i, g in enumerate(positions(board, 3, seed=3, engine="native")):
            want = fingerprint(Search(SearchConfig(), seed=i, native=False), g, 200)
            assert fingerprint(Search(SearchConfig(), seed=i), g, 200) == want, (board, i)


@pytest.mark.parametrize("options", ROLLOUTS)
def test_cpp_rollouts_give_the_python_loops_fingerprints(options: dict[str, object]) -> None:
    for board in (1, 5, 11):
        for i, g in enumerate(positions(board, 1, seed=2, engine="native")):
            config = SearchConfig(**options)  # type: ignore[arg-type]
            search = Search(config, seed=i)
            want = fingerprint(Search(config, seed=i, native=False), g, 100)
            assert fingerprint(search, g, 100) == want, (board, i)
            assert isinstance(search.root, NativeNode)


def test_native_games_give_the_recorded_fingerprints() -> None:
    # the golden file was recorded with the Python loop on the Python engine; here the C++ loop
    # searches native games
    want = json.loads(GOLDEN.read_text())
    got = fingerprints((1, 3, 5, 11), 1, 120, ("default", "sample", "exact0", "rollouts"), engine="native")
    assert sorted(got) == sorted(want)
    for key in want:
        assert got[key] == want[key], f"the search {key} differs from its recorded fingerprint"


def _native_position(board: int = 11) -> Game:
    return positions(board, 1, engine="native")[0]


def test_the_cpp_loop_runs_on_native_games_only() -> None:
    game = _native_position()
    root = Search(SearchConfig(), seed=1).run(game.view(), iterations=30)
    assert isinstance(root, NativeNode) and all(isinstance(e, NativeEdge) for e in root.edges.values())
    python = Game.from_state(game.state.copy(), engine="python")
    assert type(Search(SearchConfig(), seed=1).run(python.view(), iterations=30)) is Node
    assert type(Search(SearchConfig(), seed=1, native=False).run(game.view(), iterations=30)) is Node


def test_the_generator_leaves_the_cpp_loop_as_the_python_loop_leaves_it() -> None:
    game = _native_position(5)
    a, b = Search(SearchConfig(), seed=4), Search(SearchConfig(), seed=4, native=False)
    a.run(game.view(), iterations=80)
    b.run(game.view(), iterations=80)
    assert a.rng.getstate() == b.rng.getstate()


def test_bad_budgets_are_refused_as_on_the_python_loop() -> None:
    game = _native_position()
    for iterations, seconds in ((-1, 0.0), (0, 0.0), (0, float("nan"))):
        with pytest.raises(InputError):
            Search(SearchConfig(), seed=1).run(game.view(), iterations=iterations, seconds=seconds)


def _lineman_moving() -> Game:
    """A home lineman who has started a move, far from the only opponent (no dice on the way),
    on the native engine."""
    sc = Scenario()
    sc.put(LINEMAN, (10, 7)).put(ORC_LINE, (16, 7))
    python = sc.start(active=0)
    python.step(Action(ActionType.START_MOVE, LINEMAN))
    return Game.from_state(python.state.copy(), engine="native")


def _edge(root: Node, action: Action) -> Edge:
    for e in root.edges.values():
        if e.action == action:
            return e
    raise AssertionError(f"{action} was not expanded")


def test_tree_reuse_and_transpositions_in_cpp() -> None:
    game = _lineman_moving()
    search = Search(SearchConfig(), seed=1)
    root = search.run(game.view(), iterations=1500)
    assert isinstance(root, NativeNode)
    ends = []
    for first in ((11, 7), (11, 8)):
        mid = _edge(root, Action(ActionType.MOVE, None, first)).children[0]
        ends.append(_edge(mid, Action(ActionType.MOVE, None, (12, 8))).children[0])
    assert isinstance(ends[0], NativeNode) and isinstance(ends[1], NativeNode)
    assert ends[0]._id == ends[1]._id  # two routes, one node
    step = Action(ActionType.MOVE, None, (11, 7))
    child = _edge(root, step).children[0]
    game.step(step)
    second = search.run(game.view(), iterations=10)
    assert isinstance(second, NativeNode) and isinstance(child, NativeNode)
    assert search.reused and second._id == child._id
    here = game.clone()
    here.rng = CANON_RNG  # every state in the tree carries the canonical generator
    assert second.game is not None and second.game.state.key() == here.state.key()


def test_print_tree_shows_the_same_tree_from_both_loops() -> None:
    game = _lineman_moving()
    shown = []
    for native in (True, False):
        lines: list[str] = []
        root = Search(SearchConfig(), seed=1, native=native).run(game.view(), iterations=300)
        print_tree(root, depth=3, top=4, out=lines.append)
        shown.append(lines)
    assert shown[0] == shown[1] and len(shown[0]) > 10


def test_the_bot_plays_the_same_turn_with_either_loop() -> None:
    game = _native_position(5)
    bots = [MCTSBot(seed=3, iterations=60), MCTSBot(seed=3, iterations=60)]
    bots[1].search.native = False
    side = game.decider
    for bot in bots:
        bot.new_game(game.view(), side)
    turn = game.state.teams[side].turn
    steps = 0
    while game.decider == side and game.state.teams[side].turn == turn and in_team_turn(game) and steps < 12:
        a, b = (bot.act(game.view()) for bot in bots)
        assert a == b
        game.step(a)
        steps += 1
    assert steps >= 1 and bots[0].searches == bots[1].searches


def test_a_timed_cpp_search_answers_a_legal_action() -> None:
    game = _native_position()
    bot = MCTSBot(seed=1, seconds=0.02)
    bot.new_game(game.view(), game.decider)
    action = bot.act(game.view())
    assert action in game.legal_actions()
    assert bot.search.iterations >= 1 and isinstance(bot.search.root, NativeNode)


def test_speed_bench_times_the_cpp_loop_on_native_games(capsys: pytest.CaptureFixture[str]) -> None:
    from nuffle.bench.mcts import run_mcts_bench
    from nuffle.cli import main

    figures = run_mcts_bench(boards=(1,), positions=1, seconds=0.05, rollouts=5, engine="native")
    row = figures["boards"]["1"]
    assert figures["engine"] == "native" and row["positions"] == 1
    assert row["iterations_per_s"] > 0 and row["iterations_per_s_rollouts"] > 0
    assert main(["bench", "mcts", "--engine", "native", "--board", "1", "--seconds", "0.02", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["engine"] == "native" and list(out["boards"]) == ["1"]


def test_lookahead_chooses_in_cpp_as_in_python() -> None:
    from nuffle.agents.mcts.bot import LookaheadBot
    from nuffle.agents.scripted import ScriptedBot

    for board, exact_limit in ((5, 64), (11, 4)):  # a small limit: sampled expectations too
        game = Game.new("human", "orc", seed=board, board=board, engine="native")
        bots = [LookaheadBot(seed=3, exact_limit=exact_limit), LookaheadBot(seed=3, exact_limit=exact_limit)]
        bots[1].search.native = False
        other = ScriptedBot(1)
        for bot in bots:
            bot.new_game(game.view(), 0)
        other.new_game(game.view(), 1)
        searched = 0
        while not game.is_over and searched < 40:
            view = game.view()
            if game.decider != 0:
                game.step(other.act(view))
                continue
            a, b = (bot.act(view) for bot in bots)
            assert a == b
            searched += in_team_turn(view) and len(view.legal_actions()) > 1
            game.step(a)
        assert searched == 40
        assert bots[0].search._native is not None and bots[1].search._native is None
        assert bots[0].search.rng.getstate() == bots[1].search.rng.getstate()


def test_other_threads_run_while_the_cpp_search_runs() -> None:
    """The C++ loop releases the GIL: a Python thread beside a 0.6 s search keeps running (its
    longest pause is far below the search's length; a search holding the GIL pauses it for the
    whole search)."""
    import threading
    import time

    game = _native_position()
    view = game.view()
    search = Search(SearchConfig(stop_early=False), seed=1)
    took: list[float] = []

    def run() -> None:
        t0 = time.perf_counter()
        search.run(view, seconds=0.6)
        took.append(time.perf_counter() - t0)

    thread = threading.Thread(target=run)
    last = time.perf_counter()
    longest = 0.0
    thread.start()
    while thread.is_alive():
        now = time.perf_counter()
        longest = max(longest, now - last)
        last = now
    thread.join()
    assert took and took[0] >= 0.5 and search.iterations > 0
    assert longest < 0.3, f"this thread stood still for {longest:.2f} s of the {took[0]:.2f} s search"
