"""Positions as JSON: the whole state round-trips and plays on identically."""

from __future__ import annotations

import json

import pytest

from nuffle.agents.random_bot import RandomBot
from nuffle.core.game import Game
from nuffle.core.position import PositionError
from nuffle.core.skills import LRB6_SKILLS
from nuffle.testing import grant_random_skills, slow_except


@pytest.mark.parametrize("board", slow_except([1, 3, 5, 7, 11], [1, 11]))  # all in the full run
def test_positions_round_trip_and_play_on_identically(board: int) -> None:
    checked = 0
    for seed in range(3):
        game = Game.new("human", "skaven", seed=seed, board=board)
        grant_random_skills(game, sorted(LRB6_SKILLS), 5, seed)
        bots = (RandomBot(seed), RandomBot(seed + 7))
        steps = 0
        while not game.is_over and steps < 1500:
            if steps % 23 == 5:
                data = json.loads(json.dumps(game.to_position()))
                loaded = Game.from_position(data)
                assert loaded.state == game.state and loaded.decision() == game.decision()
                assert list(loaded.legal_actions()) == list(game.legal_actions())
                # The loaded game continues exactly like the original (same dice, same rules).
                twin = game.clone()
                twin_bots = (RandomBot(seed + 50), RandomBot(seed + 60))
                for _ in range(15):
                    if twin.is_over:
                        break
                    action = twin_bots[twin.decider].act(twin.view())
                    twin.step(action)
                    loaded.step(action)
                    assert loaded.state == twin.state
                checked += 1
            game.step(bots[game.decider].act(game.view()))
            steps += 1
    assert checked >= 10


def test_a_view_position_carries_the_view_dice_not_the_real_ones() -> None:
    game = Game.new("human", "orc", seed=4)
    data = game.view().to_position()
    assert data["rng"] != game.state.rng
    assert Game.from_position(data).state.rng == data["rng"]


@pytest.mark.parametrize(
    ("mutate", "message"),
    [
        (lambda d: d.update(format="chess"), "not a nuffle position"),
        (lambda d: d.update(board=4), "unknown board variant 4"),
        (lambda d: d["stack"].append({"$p": "os.system", "f": {}}), "unknown procedure 'os.system'"),
        (lambda d: d.update(pos=[0]), "'pos' must have"),
        (lambda d: d["players"][0].update(skills=["FLYING"]), "unknown skill"),
        (lambda d: d.update(log=[{"$e": "Nope", "v": 1}]), "unknown enum value"),
    ],
)
def test_bad_positions_are_rejected_with_a_clear_error(mutate, message) -> None:
    data = Game.new("human", "orc", seed=1).to_position()
    mutate(data)
    with pytest.raises(PositionError, match=message):
        Game.from_position(data)


def test_deeply_nested_position_is_rejected() -> None:
    data = Game.new("human", "orc", seed=1).to_position()
    deep: object = 1
    for _ in range(100_000):
        deep = [deep]
    data["log"] = deep
    with pytest.raises(PositionError):
        Game.from_position(data)


@pytest.mark.parametrize("old", [6, 7])
def test_a_position_written_before_later_counts_reads_them_as_none(old: int) -> None:
    """Six counts a player before deflections, seven before the prayers' counts."""
    game = Game.new("human", "orc", seed=2)
    data = json.loads(json.dumps(game.to_position()))
    n = len(game.state.info)
    stats = data["player_stats"]
    assert len(stats) == 11 * n
    data["player_stats"] = [v for i in range(n) for v in stats[i * 11:i * 11 + old]]  # old counts
    data["player_stats"][old + 1] = 2  # player 1's touchdowns
    loaded = Game.from_position(data)
    got = loaded.player_stats()[1]
    assert got["touchdowns"] == 2 and got["deflections"] == 0 and got["fouling_frenzy"] == 0
    data["player_stats"] = data["player_stats"][:-1]
    with pytest.raises(PositionError, match="player_stats"):
        Game.from_position(data)
