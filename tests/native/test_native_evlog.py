"""The native engine's event log (GameState.log): the same entries as the Python engine after
every step (GameState.note's forced events and Game.step's DECISION entries, cleared when a
player action starts), carried by the bridge both ways and in `NativeGame.state`, kept apart
from the state's bytes, and put back when a call is refused."""

from __future__ import annotations

import copy
import random
from types import ModuleType
from typing import Any

import pytest

from nuffle.agents.registry import make_agent
from nuffle.core.actions import Action, ActionType, IllegalActionError
from nuffle.core.dice import ExplicitRoller
from nuffle.core.game import Game
from nuffle.core.native_game import NativeGame
from nuffle.core.native_state import native_board, state_data, to_native
from nuffle.core.procedures.match import MatchPhase
from nuffle.core.ruleset import LRB6, Ruleset, draft_ruleset
from nuffle.core.teams import TeamSpec
from nuffle.core.types import RUNNING, Event
from nuffle.parity import _compare, step_both
from nuffle.random_player import RandomPlayer
from nuffle.testing import bb2020_team


def _lockstep(seed: int, board: int, home: str | TeamSpec, away: str | TeamSpec, steps: int = 3000,
              bot: str = "random", ruleset: Ruleset = LRB6) -> set[int]:
    """Play both engines with the same choices (of random players, or of the bot `bot`) and
    forced chance outcomes; assert the logs are equal after every step; the event kinds seen."""
    py = Game.new(home, away, seed=seed, board=board, roller=ExplicitRoller(), ruleset=ruleset)
    nat = NativeGame.start(home, away, seed=seed, board=board, explicit=True, ruleset=ruleset)
    bots: tuple[Any, Any] = ((RandomPlayer(seed), RandomPlayer(seed + 1)) if bot == "random"
                             else (make_agent(bot, seed), make_agent(bot, seed + 1)))
    bots[0].new_game(py.view(), 0)
    bots[1].new_game(py.view(), 1)
    rng = random.Random(seed)
    seen: set[int] = set()
    for _ in range(steps):
        assert nat.state.log == py.state.log
        assert nat.data()["log"] == [list(e) for e in py.state.log]
        seen.update(int(e[0]) for e in py.state.log)
        if py.is_over:
            break
        step_both(py, nat, rng, lambda g: bots[g.decider].act(g.view()))  # a NotPortedError fails the test
    return seen


@pytest.mark.parametrize(("board", "home", "away"), [(1, "human", "orc"), (3, "dwarf", "skaven"),
                                                     (5, "wood-elf", "chaos"), (11, "lizardman", "norse")])
def test_the_log_matches_the_python_engine_after_every_step(native: ModuleType, board: int, home: str,
                                                             away: str) -> None:
    seen: set[int] = set()
    for seed in range(2):
        seen |= _lockstep(seed, board, home, away)
    # the match's own events and a player action's, decisions included
    assert {Event.DECISION, Event.WEATHER, Event.HALF, Event.KICKOFF, Event.ROLL} <= seen


#: Events only BB2020's rules note (a Prayer to Nuffle).
BB2020_EVENTS = {Event.PRAYER}


def test_every_event_kind_is_logged_over_forced_games(native: ModuleType) -> None:
    """Over forced-dice games every kind of event comes up, each equal on both engines (LRB6's
    games: all but BB2020's own events)."""
    seen: set[int] = set()
    for seed in range(12):
        if seen >= set(Event) - BB2020_EVENTS:
            break
        seen |= _lockstep(seed, 3, "orc", "human", bot="scripted")
    assert seen == set(Event) - BB2020_EVENTS


def test_bb2020_events_are_logged_over_forced_games(native: ModuleType) -> None:
    """BB2020's own events (a prayer from the kick-off table's Cheering Fans) come up in forced-dice
    BB2020 games, equal on both engines."""
    seen: set[int] = set()
    for seed in range(12):
        if seen >= BB2020_EVENTS:
            break
        seen |= _lockstep(seed, 3, bb2020_team("orc"), bb2020_team("human"), ruleset=draft_ruleset("bb2020"))
    assert seen >= BB2020_EVENTS


def test_a_player_action_clears_the_log_and_the_decision_is_logged(native: ModuleType) -> None:
    py = Game.new("human", "orc", seed=3, board=5)
    nat = NativeGame.start("human", "orc", seed=3, board=5)
    bot = RandomPlayer(3)
    for _ in range(2000):
        legal = py.legal_actions()
        start = next((t for t in legal.types() if t.starts_action), None)
        if start is not None and len(py.state.log) > 0:
            group = legal.group(start)
            assert group is not None
            action = Action(start, group.players[0])
            py.step(action)
            nat.step(action)
            entry = (Event.DECISION, int(start), group.players[0], -1)
            assert nat.state.log[0] == entry == py.state.log[0]
            assert nat.state.log == py.state.log
            return
        action = bot.act(py.view())
        py.step(action)
        nat.step(action)
    raise AssertionError("no player action was declared")


def test_the_bridge_carries_the_log_both_ways(native: ModuleType) -> None:
    py = Game.new("human", "orc", seed=5, board=3)
    for action in (Action(ActionType.KICK), Action(ActionType.RECEIVE)):
        if action in py.legal_actions():
            py.step(action)
            break
    s = py.state
    assert s.log, "the pre-match weather and the coin toss's choice are logged"
    n = to_native(s)
    assert n.dump()["log"] == n.log == [list(e) for e in s.log]
    assert NativeGame.from_state(s).state.log == s.log
    # the snapshot's entries are Events first, as GameState.note writes them
    assert all(isinstance(e[0], Event) for e in NativeGame.from_state(s).state.log)


def test_the_log_is_not_part_of_the_state_bytes(native: ModuleType) -> None:
    """As Python leaves the log out of `key()`: equal positions with different logs are equal."""
    s = Game.new("human", "orc", seed=6, board=1).state
    other = s.copy()
    other.log = [(Event.KICKOFF, -1, 7, 0)]
    a, b = to_native(s), to_native(other)
    assert a == b and a.to_bytes() == b.to_bytes()
    assert a.log != b.log


def test_a_clone_keeps_its_own_log(native: ModuleType) -> None:
    nat = NativeGame.start("human", "orc", seed=7, board=1)
    before = nat.state.log
    twin = nat.clone()
    assert twin.state.log == before
    group = twin.legal_actions().groups[0]
    twin.step(Action(group.type, group.players[0] if group.players else None,
                     group.squares[0] if group.squares else None))
    after = twin.state.log
    assert after[: len(before)] == before and (Event.DECISION, int(group.type), -1, -1) in after[len(before):]
    assert nat.state.log == before


def test_a_refused_step_leaves_the_log(native: ModuleType) -> None:
    nat = NativeGame.start("human", "orc", seed=4, board=5)
    before = nat.state.log
    assert before
    with pytest.raises(IllegalActionError):
        nat.step(Action(ActionType.END_TURN))
    assert nat.state.log == before


def test_an_error_midway_puts_the_log_back(native: ModuleType) -> None:
    """The Match notes the first half and then fails to push it (a full stack): the state and
    the log are both as they were."""
    d = state_data(Game.new("human", "orc", seed=1, board=3).state)
    match = d["stack"][0]
    d["stack"] = [match] * 63 + [[match[0], int(MatchPhase.FIRST_HALF), match[2]]]
    d["decider"], d["pending"] = RUNNING, None
    n = native.State.load(native_board(3), d)
    before = n.dump()
    with pytest.raises(ValueError, match="stack is full"):
        n.advance()
    assert n.dump() == before and n.log == d["log"]


@pytest.mark.parametrize(("log", "error", "words"), [
    ("not a list", TypeError, "log must be a list"),
    ([[0, 1, 2]], ValueError, r"log\[0\] must be \[event, a, b, c\]"),
    ([[99, 0, 0, 0]], ValueError, r"log\[0\].event must be 0 to"),
    ([[0, 2**40, 0, 0]], ValueError, r"log\[0\]\[1\] must be"),
    ([[0, 0, "x", 0]], TypeError, r"log\[0\]\[2\] must be an int"),
    ([[0, 0, 0, None]], TypeError, r"log\[0\]\[3\] must be an int"),
    ([[0, 0, 0, 0]] * 70_000, ValueError, "log holds at most"),
])
def test_a_bad_log_is_refused_in_one_line(native: ModuleType, log: Any, error: type[Exception],
                                          words: str) -> None:
    d = copy.deepcopy(state_data(Game.new("human", "orc", seed=1, board=1).state))
    d["log"] = log
    with pytest.raises(error, match=words) as info:
        native.State.load(native_board(1), d)
    assert "\n" not in str(info.value)


def test_the_harness_reports_a_log_that_differs(native: ModuleType) -> None:
    py = Game.new("human", "orc", seed=2, board=1)
    s = py.state.copy()
    s.log = [*s.log, (Event.TURNOVER, 0, -1, 0)]
    problem = _compare(0, py, NativeGame.from_state(s))
    assert problem is not None and ".log differs from entry" in problem
