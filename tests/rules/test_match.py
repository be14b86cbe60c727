"""The match: pre-match FAME and weather, coin toss, halves, a full game, the result."""

from __future__ import annotations

import pytest

from nuffle.agents.random_bot import RandomBot
from nuffle.core.actions import Action, ActionType
from nuffle.core.dice import coin, two_d6
from nuffle.core.game import Game
from nuffle.core.procedures.setup import Setup
from nuffle.core.records import Score
from nuffle.core.types import Decider, Weather
from nuffle.testing import edit, new_game, pregame_script


@pytest.mark.parametrize(
    ("home", "away", "fame"),
    [
        ((3, 3), (3, 3), (1, 0)),  # 13 vs 11
        ((2, 2), (3, 3), (0, 0)),  # 11 vs 11: equal -> 0 each
        ((1, 1), (3, 3), (0, 1)),  # 9 vs 11
        ((6, 6), (1, 1), (2, 0)),  # 19 vs 7: at least double
        ((1, 2), (6, 6), (0, 1)),  # 10 vs 17: more, but not double
    ],
)
def test_fame_from_fans(home: tuple[int, int], away: tuple[int, int],
                        fame: tuple[int, int]) -> None:
    game, _ = new_game(pregame_script(fans=(home, away)))  # fan factors: home 7, away 5
    assert (game.state.teams[0].fame, game.state.teams[1].fame) == fame


def test_fame_exact_double_boundary() -> None:
    # home 3 + 7 = 10, away... FF 5 + 2D6 can't reach 20; use away 2 + 5 = 7 vs home 14
    game, _ = new_game(pregame_script(fans=((3, 4), (1, 1))))
    assert (game.state.teams[0].fame, game.state.teams[1].fame) == (2, 0)  # 14 = 2 x 7
    game, _ = new_game(pregame_script(fans=((3, 3), (1, 1))))
    assert (game.state.teams[0].fame, game.state.teams[1].fame) == (1, 0)  # 13 < 14


@pytest.mark.parametrize(
    ("dice", "weather"),
    [((1, 1), Weather.SWELTERING_HEAT), ((1, 2), Weather.VERY_SUNNY), ((1, 3), Weather.NICE),
     ((4, 6), Weather.NICE), ((5, 6), Weather.POURING_RAIN), ((6, 6), Weather.BLIZZARD)],
)
def test_weather_table(dice: tuple[int, int], weather: Weather) -> None:
    game, _ = new_game(pregame_script(weather=dice))
    assert game.state.weather == weather


def test_coin_toss_winner_chooses() -> None:
    for winner in (0, 1):
        for choice, kicker in ((ActionType.KICK, winner), (ActionType.RECEIVE, 1 - winner)):
            game, roller = new_game(pregame_script(winner=winner))
            assert game.decider == (Decider.HOME, Decider.AWAY)[winner]
            assert game.legal_actions().types() == [ActionType.KICK, ActionType.RECEIVE]
            game.step(Action(choice))
            s = game.state
            assert s.kicking == kicker and s.first_kicker == kicker
            assert isinstance(s.stack[-1], Setup) and s.stack[-1].side == kicker
            assert (s.teams[0].rerolls, s.teams[1].rerolls) == (2, 2)
            assert s.half == 1
            assert len(roller.queue) == 0


def test_pregame_dice_order() -> None:
    game, roller = new_game(two_d6(1, 1) + two_d6(6, 6) + two_d6(6, 6) + coin(1))
    s = game.state
    assert (s.teams[0].fame, s.teams[1].fame) == (0, 1)  # 9 vs 17
    assert s.weather == Weather.BLIZZARD
    assert game.decider == Decider.AWAY
    assert len(roller.queue) == 0


def _play(seed: int) -> tuple[Game, list[tuple[int, int]]]:
    game = Game.new(seed=seed)
    bots = (RandomBot(seed), RandomBot(seed + 100))
    kicks: list[tuple[int, int]] = []
    steps = 0
    while not game.is_over:
        if game.legal_actions().group(ActionType.PLACE_BALL) is not None:
            kicks.append((game.state.half, game.state.kicking))
        game.step(bots[game.decider].act(game))
        steps += 1
        assert steps < 20000
    return game, kicks


@pytest.mark.parametrize("seed", [3, 8, 21])
def test_full_sampled_game_ends_and_halves_swap_kicker(seed: int) -> None:
    game, kicks = _play(seed)
    s = game.state
    assert game.is_over and game.decider == Decider.NOBODY
    assert s.half == 2
    assert all(t.turn == 8 for t in s.teams)
    assert game.legal_actions().types() == []
    first_half = [k for h, k in kicks if h == 1]
    second_half = [k for h, k in kicks if h == 2]
    assert first_half[0] == s.first_kicker
    assert second_half[0] == 1 - s.first_kicker
    res = game.result
    home, away = s.teams[0].score, s.teams[1].score
    assert res.score == Score(home=home, away=away)
    assert res.over is True
    assert res.winner == (None if home == away else "home" if home > away else "away")
    box = game.box_score()
    assert box["home"]["touchdowns"] == home and box["away"]["touchdowns"] == away


def test_sampled_games_reproducible() -> None:
    a, ka = _play(5)
    b, kb = _play(5)
    assert a.state.key() == b.state.key() and ka == kb


def test_result_of_unfinished_game_has_no_winner() -> None:
    game, _ = new_game(pregame_script())
    with edit(game) as s:
        s.teams[0].score = 2
    assert game.result == {"score": {"home": 2, "away": 0}, "winner": None, "over": False}


def test_result_winner_after_touchdown() -> None:
    from nuffle.testing import Scenario

    sc = Scenario()
    sc.put(5, (24, 7)).give_ball(5).put(16, (3, 3))
    game = sc.start(active=0)
    game.step(Action(ActionType.START_MOVE, 5))
    game.step(Action(ActionType.MOVE, None, (25, 7)))
    s = game.state
    assert s.teams[0].score == 1 and s.touchdown == 0
    assert game.is_over
    assert game.result == {"score": {"home": 1, "away": 0}, "winner": "home", "over": True}


def test_result_away_winner_and_draw() -> None:
    from nuffle.testing import Scenario

    sc = Scenario()
    sc.put(16, (1, 7)).give_ball(16)
    sc.state.teams[0].score = 1
    game = sc.start(active=1)
    game.step(Action(ActionType.START_MOVE, 16))
    game.step(Action(ActionType.MOVE, None, (0, 7)))
    assert game.result.winner is None  # 1 - 1
    assert game.result.score == Score(home=1, away=1) and game.is_over
    sc = Scenario()
    sc.put(16, (1, 7)).give_ball(16)
    game = sc.start(active=1)
    game.step(Action(ActionType.START_MOVE, 16))
    game.step(Action(ActionType.MOVE, None, (0, 7)))
    assert game.result.winner == "away"


def test_the_fans_and_the_gate_are_kept_for_the_match() -> None:
    import json

    from nuffle.core.position import position_from_dict, position_to_dict

    game, _ = new_game(pregame_script(fans=((6, 5), (1, 2))))  # fan factors: home 7, away 5
    assert game.fans() == {"home": 18_000, "away": 8_000, "gate": 26_000}
    assert (game.state.teams[0].fame, game.state.teams[1].fame) == (2, 0)
    again = position_from_dict(json.loads(json.dumps(position_to_dict(game.state))))
    assert again.fans == (18, 8)
    old = position_to_dict(game.state)
    del old["fans"]  # a position written before the fans were kept
    assert position_from_dict(json.loads(json.dumps(old))).fans == (0, 0)
    assert game.clone().fans() == game.fans() and game.view().fans() == game.fans()
