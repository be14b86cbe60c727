"""Hostile input at the stage-2 boundary: mutated position data for `State.load` and random
arguments to the rule queries and the pathfinder either work or raise a clear ValueError or
TypeError (never a crash, never another error)."""

from __future__ import annotations

import copy
import random
from types import ModuleType
from typing import Any

from nuffle.core.native_state import native_board, state_data, to_native

HOSTILE: list[Any] = [0, 1, -1, 2, 7, 255, 256, -(2**15), 2**31, 2**63, 2**64, -(2**70), 10**30, 1.5, "x",
                      None, True, [], [1, 2], {}, (3,), {"a": 1}]
ERRORS = (ValueError, TypeError)


def mutate(d: Any, rng: random.Random, leaves: list[Any] = HOSTILE, items: list[Any] | None = None,
           drop: float = 0.1, add_key: float = 0.05) -> Any:
    """`d` with one random leaf or list item replaced by a hostile value (from `leaves`; a list's
    items from `items` where given), a list item duplicated, a key dropped (chance `drop`) or a
    bogus key added (chance `add_key`)."""
    if isinstance(d, dict) and d:
        key = rng.choice(list(d))
        roll = rng.random()
        if roll < drop:
            del d[key]
        elif roll < drop + add_key:
            d[rng.choice(["bogus", 3, None])] = 1
        elif roll < 0.6 and isinstance(d[key], dict | list):
            d[key] = mutate(d[key], rng, leaves, items, drop, add_key)
        else:
            d[key] = rng.choice(leaves)
    elif isinstance(d, list) and d:
        i = rng.randrange(len(d))
        roll = rng.random()
        if roll < 0.1:
            d.append(copy.deepcopy(d[i]))
        elif roll < 0.6 and isinstance(d[i], dict | list):
            d[i] = mutate(d[i], rng, leaves, items, drop, add_key)
        else:
            d[i] = rng.choice(leaves if items is None else items)
    return d


def test_mutated_position_data_never_crashes(native: ModuleType, game_positions: Any) -> None:
    rng = random.Random(2035)
    base = [state_data(s) for s in game_positions(5, 7, 4)]
    board = native_board(7)
    refused = 0
    for _ in range(3000):
        data = mutate(mutate(copy.deepcopy(rng.choice(base)), rng), rng)
        try:
            st = native.State.load(board, data)
        except ERRORS as exc:
            assert str(exc) and "\n" not in str(exc)
            refused += 1
            continue
        assert native.State.load(board, st.dump()) == st
    assert 100 < refused < 3000


def test_queries_and_paths_refuse_hostile_arguments(native: ModuleType, game_positions: Any) -> None:
    rng = random.Random(2036)
    states = [to_native(s) for s in game_positions(6, 5, 3)]
    names = ["exerts_tz", "tz_players", "tackle_zones", "assists", "assists_when_marked", "dodge_modifier",
             "reaction_modifier", "dodge_reroll_blocked", "max_gfi", "stand_up_cost", "can_handle_ball",
             "can_catch", "pickup_roll_modifier", "catch_modifier", "team_reroll_available",
             "reroll_sources", "paths", "path_odds"]
    refused = done = 0
    for _ in range(4000):
        st = rng.choice(states)
        fn = getattr(st, rng.choice(names))
        args = [rng.choice(HOSTILE) if rng.random() < 0.4 else rng.randint(-3, 200)
                for _ in range(rng.randint(0, 4))]
        try:
            fn(*args)
            done += 1
        except ERRORS:
            refused += 1
    assert done > 50 and refused > 50
