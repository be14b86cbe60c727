"""Impossible positions are refused on load with a PositionError naming the field (issue 41.9)."""

from __future__ import annotations

import copy
import json
import random
from collections.abc import Callable
from typing import Any

import pytest

from nuffle.agents.random_bot import RandomBot
from nuffle.core.game import Game
from nuffle.core.position import PositionError
from nuffle.core.position_check import check_position
from nuffle.core.skills import LRB6_SKILLS
from nuffle.testing import grant_random_skills


def real_positions(board: int, seed: int, every: int = 17, limit: int = 2000) -> list[dict[str, Any]]:
    """Positions taken along a random game (with random skills) on `board`."""
    game = Game.new("human", "skaven", seed=seed, board=board)
    grant_random_skills(game, sorted(LRB6_SKILLS), 4, seed)
    bots = (RandomBot(seed), RandomBot(seed + 9))
    out = []
    steps = 0
    while not game.is_over and steps < limit:
        if steps % every == 3:
            out.append(json.loads(json.dumps(game.to_position())))
        game.step(bots[game.decider].act(game.view()))
        steps += 1
    out.append(game.to_position())
    return out


@pytest.fixture(scope="module")
def positions() -> list[dict[str, Any]]:
    return [p for board in (1, 7, 11) for seed in (0, 1) for p in real_positions(board, seed)]


def test_every_position_of_real_games_passes(positions: list[dict[str, Any]]) -> None:
    for data in positions:
        Game.from_position(data)  # raises if a reachable position were refused


def _first_on_pitch(d: dict[str, Any]) -> int:
    return next(pid for pid, sq in enumerate(d["pos"]) if sq >= 0)


def _move_onto_other(d: dict[str, Any]) -> None:
    a, b = [pid for pid, sq in enumerate(d["pos"]) if sq >= 0][:2]
    d["grid"][d["pos"][a]] = -1
    d["pos"][a] = d["pos"][b]


def _off_pitch(d: dict[str, Any]) -> None:
    pid = _first_on_pitch(d)
    d["grid"][d["pos"][pid]] = -1
    d["pos"][pid] = 0  # the corner of the border ring


def _grid_disagrees(d: dict[str, Any]) -> None:
    pid = _first_on_pitch(d)
    d["grid"][d["pos"][pid]] = -1


MUTATIONS: dict[str, tuple[Callable[[dict[str, Any]], Any], str]] = {
    "player off the pitch": (_off_pitch, "'pos'"),
    "player beyond the grid": (lambda d: d["pos"].__setitem__(0, 10**6), "'pos'[0]"),
    "ball off the pitch": (lambda d: d.update(ball=-5, ball_state=1), "'ball'"),
    "ball on the border": (lambda d: d.update(ball=0, ball_state=1), "'ball'"),
    "decider 7": (lambda d: d.update(decider=7), "'decider'"),
    "active 999": (lambda d: d.update(active=999), "'active'"),
    "two players on a square": (_move_onto_other, "'grid'"),
    "grid disagrees": (_grid_disagrees, "'grid'"),
    "status 99": (lambda d: d["status"].__setitem__(0, 99), "'status'[0]"),
    "negative MA": (lambda d: d["players"][2].update(ma=-3), "'players'[2].ma"),
    "negative re-rolls": (lambda d: d["team_state"][1].update(rerolls=-1), "'team_state'[1].rerolls"),
    "weather 42": (lambda d: d.update(weather=42), "'weather'"),
    "negative stat count": (lambda d: d["stats"][0].__setitem__(0, -1), "'stats'[0]"),
    "grid names a missing player": (lambda d: d["grid"].__setitem__(d["grid"].index(-1), 500), "'grid'"),
}


@pytest.mark.parametrize("name", sorted(MUTATIONS))
def test_impossible_positions_are_refused_naming_the_field(name: str) -> None:
    game = Game.new("human", "orc", seed=3, board=11)
    bots = (RandomBot(1), RandomBot(2))
    while game.state.teams[0].turn < 2 or game.decider not in (0, 1):  # players on the pitch
        game.step(bots[game.decider].act(game.view()))
    data = game.to_position()
    mutate, field = MUTATIONS[name]
    mutate(data)
    with pytest.raises(PositionError) as err:
        Game.from_position(data)
    assert field in str(err.value)
    assert "\n" not in str(err.value)


WILD = (-(2**70), -1000, -2, -1, 0, 1, 2, 3, 4, 7, 42, 99, 999, 10**6, 2**64)


def _mutate(data: dict[str, Any], rng: random.Random) -> str:
    """Set one integer field of `data` (a scalar, a list entry, a team or player value) to a
    wild value; returns what it changed."""
    value = rng.choice(WILD)
    where = rng.choice(("scalar", "list", "team", "player", "stats"))
    if where == "scalar":
        name = rng.choice(("ball", "ball_state", "weather", "half", "first_kicker", "kicking", "active",
                           "rng", "decider", "touchdown"))
        data[name] = value
    elif where == "list":
        name = rng.choice(("grid", "pos", "status", "pflags"))
        i = rng.randrange(len(data[name]))
        data[name][i] = value
        name = f"{name}[{i}]"
    elif where == "team":
        side = rng.randrange(2)
        key = rng.choice(("rerolls", "bonus_reroll", "turn", "score", "bribes", "apothecaries", "fame"))
        data["team_state"][side][key] = value
        name = f"team_state[{side}].{key}"
    elif where == "player":
        i = rng.randrange(len(data["players"]))
        key = rng.choice(("ma", "st", "ag", "av", "number"))
        data["players"][i][key] = value
        name = f"players[{i}].{key}"
    else:
        side, i = rng.randrange(2), rng.randrange(9)
        data["stats"][side][i] = value
        name = f"stats[{side}][{i}]"
    return f"{name} = {value}"


def test_fuzzed_positions_are_refused_or_play_on(positions: list[dict[str, Any]]) -> None:
    """A mutated real position either loads and plays on without an error, or is refused with
    a PositionError: never an IndexError or the like from deep in the engine."""
    rng = random.Random(41)
    refused = played = 0
    for n in range(600):
        data = copy.deepcopy(rng.choice(positions))
        what = _mutate(data, rng)
        try:
            game = Game.from_position(data)
        except PositionError as exc:
            assert "\n" not in str(exc)
            refused += 1
            continue
        except Exception as exc:
            raise AssertionError(f"{what}: {type(exc).__name__} on load: {exc}") from exc
        try:
            check_position(game.state)
            bots = (RandomBot(n), RandomBot(n + 1))
            for _ in range(30):
                if game.is_over:
                    break
                game.step(bots[game.decider].act(game.view()))
        except Exception as exc:
            raise AssertionError(f"{what}: accepted, then {type(exc).__name__}: {exc}") from exc
        played += 1
    assert refused > 100 and played > 50
