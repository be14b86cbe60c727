"""The state bridge: a Python position loaded into the native State reads back as the same
data, on every board, from random games with random extra skills; malformed data raises."""

from __future__ import annotations

import copy
from types import ModuleType
from typing import Any

import pytest

from nuffle.core.native_state import native_board, state_data, to_native

BOARDS = (1, 3, 5, 7, 11)

@pytest.mark.parametrize("board", BOARDS)
def test_positions_round_trip_on_every_board(native: ModuleType, game_positions: Any, board: int) -> None:
    seen = 0
    for seed in range(3):
        for s in game_positions(seed, board, 12):
            n = to_native(s)
            assert n.dump() == state_data(s)
            # the grid is rebuilt from the players' squares and matches the Python one
            assert [n.at(i) for i in range(len(s.grid))] == s.grid
            again = native.State.load(native_board(board), n.dump())
            assert again == n and again.to_bytes() == n.to_bytes()
            for pid, p in enumerate(s.info):
                assert all(n.has_skill(pid, int(k)) for k in p.skills)
            seen += 1
    assert seen >= 20


def test_different_positions_give_different_states(native: ModuleType, game_positions: Any) -> None:
    a, b = game_positions(4, 11, 2, every=40)
    assert state_data(a) != state_data(b)
    assert to_native(a) != to_native(b)


def good_data(game_positions: Any) -> dict[str, Any]:
    return state_data(game_positions(1, 5, 1)[0])


def broken(game_positions: Any, change: str) -> dict[str, Any]:
    d = copy.deepcopy(good_data(game_positions))
    players = d["players"]
    on = [p for p in players if p["square"] >= 0]
    if change == "missing":
        del d["ball"]
    elif change == "unknown":
        d["bogus"] = 1
    elif change == "two on one square":
        other = next(p for p in players if p is not on[0])
        other["square"] = on[0]["square"]
    elif change == "off pitch":
        players[0]["square"] = 0
    elif change == "square too big":
        players[0]["square"] = 10**6
    elif change == "huge rng":
        d["rng"] = 2**64
    elif change == "negative rng":
        d["rng"] = -1
    elif change == "skill id":
        players[0]["skills"] = [192]
    elif change == "wrong type":
        players[0]["ma"] = "six"
    elif change == "bool":
        d["half"] = True
    elif change == "float":
        d["ball"] = 1.0
    elif change == "too many players":
        d["players"] = players * 20
    elif change == "one team":
        d["teams"] = d["teams"][:1]
    elif change == "team not a dict":
        d["teams"] = [1, 2]
    elif change == "status":
        players[0]["status"] = 7
    elif change == "board":
        d["board"] = 7
    elif change == "stats":
        d["teams"][0]["stats"] = [0] * 13
    elif change == "huge":
        d["weather"] = 2**200
    return d


@pytest.mark.parametrize("change", [
    "missing", "unknown", "two on one square", "off pitch", "square too big", "huge rng",
    "negative rng", "skill id", "wrong type", "bool", "float", "too many players", "one team",
    "team not a dict", "status", "board", "stats", "huge",
])
def test_malformed_data_raises_a_clear_error(native: ModuleType, game_positions: Any, change: str) -> None:
    with pytest.raises((ValueError, TypeError)) as err:
        native.State.load(native_board(5), broken(game_positions, change))
    assert str(err.value) and "\n" not in str(err.value)


def test_not_a_dict_raises(native: ModuleType) -> None:
    bads: list[Any] = [None, 3, [], "x", {1: 2}]
    for bad in bads:
        with pytest.raises((ValueError, TypeError)):
            native.State.load(native_board(5), bad)
