"""The reward events and rewards in C++ (`nuffle._native.StepEventTracker`, `Reward`; built by
`nuffle.envs.native_parts`) against the Python reference (`envs/rewards.py`'s `EventTracker`
and `make_reward`): on random native games of every board and many races, for both sides,
after every engine decision the C++ events equal the Python tracker's, field for field (the
float `ball_progress` bit for bit), and over each stretch between a side's decisions (what one
environment step sums) every preset's reward and a custom weighting's are the same float."""

from __future__ import annotations

import math
import random
from collections import Counter
from typing import Any

import pytest

from nuffle.agents.base import Agent
from nuffle.agents.random_bot import RandomBot
from nuffle.agents.scripted.bot import ScriptedBot
from nuffle.core.actions import Action
from nuffle.core.actions import ActionType as T
from nuffle.core.dice import d6, d8
from nuffle.core.errors import InputError
from nuffle.core.game import Game
from nuffle.core.native_game import NativeGame
from nuffle.core.teams import available_teams
from nuffle.envs.native_parts import native_reward, native_tracker, reward_terms
from nuffle.envs.rewards import EVENT_NAMES, PRESETS, EventTracker, StepEvents, make_reward
from nuffle.testing import LINEMAN, O_LINE, THROWER, Scenario

pytestmark = pytest.mark.usefixtures("native")

BOARDS = (1, 3, 5, 7, 11)
RACES = tuple(available_teams())
#: A weighting of every event in an order of its own (the float sum follows the dict's order).
CUSTOM = {"ball_progress": 0.37, "knockdowns": 0.1, "win": 2.5, "casualties": -0.7, "ball_gained": 0.3,
          "touchdowns": 1.1, "completions": 0.45, "handoffs": 0.2, "fumbles_caused": 0.65, "loss": -2.5,
          "draw": 0.05, "touchdowns_against": -1.3, "knockouts": 0.9, "crowd_pushes": 0.15,
          "opponent_falls": 0.33}
SPECS = (*PRESETS, None, CUSTOM)
#: Events some game of the fast test must produce (the tracker is then exercised, not idle); the
#: bots seldom complete a pass, so completions have forced-dice tests of their own (below).
COMMON = set(EVENT_NAMES) - {"completions"}


def values(ev: StepEvents) -> list[float]:
    return [float(getattr(ev, name)) for name in EVENT_NAMES]


def compare_after(game: NativeGame, python: EventTracker, native: Any, actor: int, action: Action, side: int,
                  where: str) -> tuple[StepEvents, list[float]]:
    """Both trackers of `side` after `actor`'s `action`: asserts the same events, returns both."""
    ev = StepEvents()
    python.after(game, actor, action.type, ev)
    got = native.after(game.native_state, actor, int(action.type))
    assert got == values(ev), (f"{where} ({action}) by {actor}, events of side {side}: "
                               f"{dict(zip(EVENT_NAMES, got, strict=True))} != {ev.as_dict()}")
    return ev, got


def play_and_compare(game: NativeGame, bots: tuple[Agent, Agent], steps: int, totals: Counter[str]) -> None:
    """Play `game` with `bots` for up to `steps` decisions, comparing both trackers of both sides
    after each and the rewards of every spec over each side's stretches."""
    for side, bot in enumerate(bots):
        bot.new_game(game, side)
    python = [EventTracker(game, 0), EventTracker(game, 1)]
    native = [native_tracker(game, 0), native_tracker(game, 1)]
    rewards = [(make_reward(spec), native_reward(spec)) for spec in SPECS]
    acc_py = [StepEvents(), StepEvents()]
    acc_nat = [[0.0] * len(EVENT_NAMES), [0.0] * len(EVENT_NAMES)]

    def compare_rewards(side: int, where: str) -> None:
        for (py_fn, nat_fn), spec in zip(rewards, SPECS, strict=True):
            want, got = py_fn(acc_py[side]), nat_fn.total(acc_nat[side])
            assert got == want, f"{where}: reward {spec!r} of side {side}: C++ {got!r}, Python {want!r}"
        acc_py[side] = StepEvents()
        acc_nat[side] = [0.0] * len(EVENT_NAMES)

    for n in range(steps):
        if game.is_over:
            break
        actor = game.decider
        action = bots[actor].act(game.view())
        game.step(action)
        for side in (0, 1):
            want, got = compare_after(game, python[side], native[side], actor, action, side, f"decision {n}")
            acc_py[side].add(want)
            acc_nat[side] = [a + b for a, b in zip(acc_nat[side], got, strict=True)]
            totals.update(name for name, v in zip(EVENT_NAMES, got, strict=True) if v)
            if not game.is_over and game.decider == side:  # the side's next step begins
                compare_rewards(side, f"decision {n}")
    if game.is_over:
        for side in (0, 1):
            ev = StepEvents()
            python[side].finish(game, ev)
            got = native[side].finish(game.native_state)
            assert got == values(ev), f"the result of side {side}: {got} != {ev.as_dict()}"
            acc_py[side].add(ev)
            acc_nat[side] = [a + b for a, b in zip(acc_nat[side], got, strict=True)]
            totals.update(name for name, v in zip(EVENT_NAMES, values(ev), strict=True) if v)
            compare_rewards(side, "the end")
    else:  # stopped early: the C++ finish adds nothing before the end either
        assert native[0].finish(game.native_state) == [0.0] * len(EVENT_NAMES)


def run(games_per_board: int, steps: int, seed: int) -> Counter[str]:
    """Games on every board: scripted against random (each side), scripted and random against
    themselves,
    between races covering all of them; returns how often each event occurred."""
    rng = random.Random(seed)
    totals: Counter[str] = Counter()
    order = list(RACES)
    rng.shuffle(order)
    for board in BOARDS:
        for g in range(games_per_board):
            home, away = order[rng.randrange(len(order))], order[rng.randrange(len(order))]
            game = Game.new(home, away, seed=seed + g, board=board, engine="native",
                            assisted_moves=g % 2 == 1)
            assert isinstance(game, NativeGame)
            s = seed * 100 + g
            pairings: list[tuple[Agent, Agent]] = [
                (ScriptedBot(s), RandomBot(s + 1)), (RandomBot(s), ScriptedBot(s + 1)),
                (ScriptedBot(s), ScriptedBot(s + 1)), (RandomBot(s), RandomBot(s + 1))]
            bots = pairings[g % 4]
            play_and_compare(game, bots, steps, totals)
    return totals


def test_native_events_and_rewards_equal_python_after_every_decision() -> None:
    totals = run(games_per_board=4, steps=100_000, seed=5)
    missing = COMMON - set(totals)
    assert not missing, f"the games produced no {sorted(missing)}"


@pytest.mark.slow
def test_native_events_and_rewards_equal_python_over_many_games() -> None:
    run(games_per_board=12, steps=100_000, seed=17)


def test_event_names_are_the_python_records_fields(native: object) -> None:
    assert tuple(native.EVENT_NAMES) == EVENT_NAMES  # type: ignore[attr-defined]


def test_reward_terms_follow_the_weights_order_and_refuse_what_cannot_run_in_cpp() -> None:
    assert reward_terms("touchdowns") == [(EVENT_NAMES.index("touchdowns"), 1.0),
                                          (EVENT_NAMES.index("touchdowns_against"), -1.0)]
    assert reward_terms(None) == reward_terms("win")
    assert [EVENT_NAMES[i] for i, _ in reward_terms(CUSTOM)] == list(CUSTOM)
    with pytest.raises(InputError, match="'bogus'"):
        reward_terms({"bogus": 1.0})
    with pytest.raises(InputError, match="unknown reward preset 'nope'"):
        reward_terms("nope")
    with pytest.raises(InputError, match="a native reward must be"):
        reward_terms(lambda ev: 0.0)


def test_native_reward_refuses_a_bad_event_index_and_a_short_record(native: object) -> None:
    with pytest.raises(ValueError, match="reward event index 99"):
        native.Reward([(99, 1.0)])  # type: ignore[attr-defined]
    with pytest.raises(ValueError, match="events hold 15 values"):
        native.Reward([(0, 1.0)]).total([1.0])  # type: ignore[attr-defined]


def forced(script: list[Any], *extra: tuple[int, tuple[int, int]]) -> NativeGame:
    """A native home turn with the thrower holding the ball at (5, 7), a lineman at (10, 7), the
    `extra` players placed, and the dice forced."""
    sc = Scenario(script=script, engine="native")
    sc.put(THROWER, (5, 7)).give_ball(THROWER).put(LINEMAN, (10, 7))
    for pid, sq in extra:
        sc.put(pid, sq)
    game = sc.start(active=0)
    assert isinstance(game, NativeGame)
    return game


def play_forced(game: NativeGame, actions: list[Action]) -> list[StepEvents]:
    """Home's `actions` with both trackers of both sides compared after each; the summed events."""
    python = [EventTracker(game, 0), EventTracker(game, 1)]
    native = [native_tracker(game, 0), native_tracker(game, 1)]
    sums = [StepEvents(), StepEvents()]
    for action in actions:
        actor = game.decider
        game.step(action)
        for side in (0, 1):
            sums[side].add(compare_after(game, python[side], native[side], actor, action, side, "forced")[0])
    return sums


@pytest.mark.parametrize(("script", "extra", "then", "home_counts"), [
    (d6(4, 3), (), [], {"completions": 1}),  # caught
    (d6(4, 1) + d8(1), (), [], {}),  # dropped
    (d6(6), ((O_LINE, (7, 7)),), [Action(T.SELECT_PLAYER, O_LINE)], {}),  # intercepted
])
def test_forced_passes_give_the_same_events(script: list[Any], extra: tuple[tuple[int, tuple[int, int]], ...],
                                            then: list[Action], home_counts: dict[str, int]) -> None:
    game = forced(script, *extra)
    home, _ = play_forced(game, [Action(T.START_PASS, THROWER), Action(T.PASS, None, (10, 7)), *then])
    assert (home.completions, home.handoffs) == (home_counts.get("completions", 0), 0)


@pytest.mark.parametrize(("script", "caught"), [(d6(3), 1), (d6(2) + d8(5), 0)])
def test_forced_hand_offs_give_the_same_events(script: list[Any], caught: int) -> None:
    sc = Scenario(script=script, engine="native")
    sc.put(THROWER, (5, 7)).give_ball(THROWER).put(LINEMAN, (6, 7))
    game = sc.start(active=0)
    assert isinstance(game, NativeGame)
    home, away = play_forced(game, [Action(T.START_HANDOFF, THROWER), Action(T.HANDOFF, None, (6, 7))])
    assert (home.handoffs, away.handoffs, home.completions) == (caught, 0, 0)


def test_a_native_game_with_forced_dice_logs_its_decisions_as_python_does() -> None:
    logs = []
    for engine in ("python", "native"):
        sc = Scenario(script=d6(4, 3), engine=engine)
        sc.put(THROWER, (5, 7)).give_ball(THROWER).put(LINEMAN, (10, 7))
        game = sc.start(active=0)
        game.step(Action(T.START_PASS, THROWER))
        game.step(Action(T.PASS, None, (10, 7)))
        logs.append([tuple(int(v) for v in entry) for entry in game.state.log])
    assert logs[1] == logs[0]
    assert logs[0][0] == (0, int(T.START_PASS), THROWER, -1)


def neumaier(values: list[float]) -> float:
    """CPython 3.12's sum() of floats from the int 0 (Neumaier's compensated sum)."""
    f, c = 0 + values[0], 0.0
    for x in values[1:]:
        t = f + x
        c += (f - t) + x if abs(f) >= abs(x) else (x - t) + f
        f = t
    return f + c if c and math.isfinite(c) else f


def test_native_reward_sums_as_python_311_or_as_312s_compensated_sum(native: object) -> None:
    rng = random.Random(3)
    for _ in range(2000):
        n = rng.randint(1, len(EVENT_NAMES))
        picks = rng.sample(range(len(EVENT_NAMES)), n)
        terms = [(i, rng.choice([1e16, -1e16, 1.0, -0.3, 0.37, 4.0, -5.0])) for i in picks]
        events = [rng.choice([0.0, 1.0, 2.0, 1 / 25, -3 / 25, 0.1]) for _ in EVENT_NAMES]
        products = [w * events[i] for i, w in terms]
        plain = 0.0
        for x in products:
            plain += x
        assert native.Reward(terms).total(events) == plain  # type: ignore[attr-defined]
        assert native.Reward(terms, True).total(events) == neumaier(products)  # type: ignore[attr-defined]
    # where the two differ
    terms, events = [(0, 1e16), (1, 1.0), (2, -1e16)], [1.0] * len(EVENT_NAMES)
    assert (native.Reward(terms).total(events), native.Reward(terms, True).total(events)) == (0.0, 1.0)  # type: ignore[attr-defined]
