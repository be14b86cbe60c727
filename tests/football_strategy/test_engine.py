"""Tests of snap resolution and of the game engine: downs, scores, kicks, clock, quarters."""

from __future__ import annotations

import pytest

from nuffle.games.football_strategy import rules
from nuffle.games.football_strategy.chart import Outcome, OutcomeKind, load_chart, parse_chart
from nuffle.games.football_strategy.engine import FootballGame, IllegalAction
from nuffle.games.football_strategy.resolve import (
    Result,
    advance,
    chart_transition,
    field_goal_transitions,
    kick_transition,
    kick_transitions,
)
from nuffle.games.football_strategy.state import KICK_CALL, Formation, GameState, Side


def at(ball_on: int, down: int = 1, to_go: int = 10) -> GameState:
    return GameState(ball_on=ball_on, down=down, to_go=to_go)


def gain(yards: int) -> Outcome:
    return Outcome(OutcomeKind.GAIN, yards)


def test_downs_first_downs_and_turnover_on_downs() -> None:
    t = advance(at(30, 1, 10), 4, 6, False, "")
    assert (t.result, t.ball_on, t.down, t.to_go, t.first_down) == (Result.PLAY_ON, 34, 2, 6, False)
    t = advance(at(30, 3, 6), 6, 6, False, "")
    assert t.first_down and (t.ball_on, t.down, t.to_go) == (36, 1, 10)
    t = advance(at(95, 2, 5), 3, 6, False, "")  # goal to go
    assert (t.ball_on, t.down, t.to_go) == (98, 3, 2)
    t = advance(at(40, 4, 3), 2, 6, False, "")
    assert t.result is Result.CHANGE and t.ball_on == 58 and not t.turnover


def test_touchdown_and_safety() -> None:
    t = chart_transition(at(80), 20, gain(48), fake=False)
    assert t.result is Result.TOUCHDOWN and t.yards == 20
    t = chart_transition(at(3), 1, gain(-5), fake=False)
    assert t.result is Result.SAFETY


def test_penalties() -> None:
    # Offensive holding from the 8 is half the distance to the goal.
    t = chart_transition(at(8, 2, 7), 3, Outcome(OutcomeKind.OFFENSIVE_PENALTY, 10), False)
    assert (t.ball_on, t.down, t.to_go) == (4, 2, 11)
    # A 15-yard defensive penalty is an automatic first down; 5 yards is not.
    t = chart_transition(at(30, 3, 12), 3, Outcome(OutcomeKind.DEFENSIVE_PENALTY, 15), False)
    assert t.first_down and t.ball_on == 45
    t = chart_transition(at(30, 3, 12), 3, Outcome(OutcomeKind.DEFENSIVE_PENALTY, 5), False)
    assert not t.first_down and (t.ball_on, t.down, t.to_go) == (35, 3, 7)
    t = chart_transition(at(90, 1, 10), 3, Outcome(OutcomeKind.DEFENSIVE_PENALTY, 15), False)
    assert t.ball_on == 95  # half the distance to the goal
    t = chart_transition(at(70, 3, 15), 19, Outcome(OutcomeKind.PASS_INTERFERENCE, 40), False)
    assert t.first_down and t.ball_on == 99


def test_turnovers() -> None:
    t = chart_transition(at(30), 8, Outcome(OutcomeKind.FUMBLE, -3), False)
    assert t.result is Result.CHANGE and t.turnover and t.ball_on == 73
    t = chart_transition(at(85), 20, Outcome(OutcomeKind.INTERCEPTION, 30), False)
    assert t.result is Result.CHANGE and t.ball_on == rules.TOUCHBACK_SPOT
    t = chart_transition(at(2), 9, Outcome(OutcomeKind.FUMBLE, -2), False)
    assert t.result is Result.DEFENSIVE_TOUCHDOWN
    t = chart_transition(at(50), 14, Outcome(OutcomeKind.INTERCEPTION_TD), False)
    assert t.result is Result.DEFENSIVE_TOUCHDOWN


def test_fake_punt_is_penalised() -> None:
    normal = chart_transition(at(40, 4, 2), 6, gain(9), fake=False)
    fake = chart_transition(at(40, 4, 2), 6, gain(9), fake=True)
    assert normal.ball_on == 49 and fake.ball_on == 44
    assert "fake punt" in fake.text


def test_kicks() -> None:
    t = kick_transition(at(30), 41, quick=False)
    assert t.result is Result.CHANGE and t.ball_on == 29 and t.yards == 41
    t = kick_transition(at(70), 41, quick=False)
    assert t.ball_on == rules.TOUCHBACK_SPOT and "touchback" in t.text
    t = kick_transition(at(30), None, quick=False)
    assert t.ball_on == 78 and "BLOCKED" in t.text
    assert kick_transition(at(5), None, quick=False).result is Result.SAFETY
    punt = sum(p * t.yards for p, t in kick_transitions(at(20), quick=False))
    quick = sum(p * t.yards for p, t in kick_transitions(at(20), quick=True))
    assert punt > quick > 25
    assert sum(p for p, _ in kick_transitions(at(20), quick=True)) == pytest.approx(1.0)


def test_field_goal_chance_falls_with_distance() -> None:
    chances = [rules.field_goal_probability(ball_on) for ball_on in range(62, 100)]
    assert chances == sorted(chances)
    assert rules.field_goal_probability(99) == pytest.approx(35 / 36)
    assert rules.field_goal_probability(61) == 0.0
    good, miss = field_goal_transitions(at(80))
    assert good[1].result is Result.FIELD_GOAL and miss[1].result is Result.CHANGE
    assert miss[1].ball_on == 27  # defense takes over at the spot of the kick


def scripted_game(cells: str) -> FootballGame:
    """A game on a chart whose every cell is ``cells``."""
    rows = ["play,A,B,C,D,E,F,G,H,I,J"] + [f"{p}," + ",".join([cells] * 10) for p in range(1, 21)]
    return FootballGame(parse_chart("\n".join(rows)), seed=3, first_receiver=Side.AWAY)


def test_touchdown_extra_point_and_kickoff() -> None:
    game = scripted_game("99")
    assert game.state.possession is Side.AWAY
    report = game.snap(Formation.NORMAL, 1, 0)
    assert report.transition.result is Result.TOUCHDOWN
    assert game.state.score[Side.AWAY] in (6, 7)
    receiving: Side = game.state.possession  # read again: the snap changed it
    assert receiving is Side.HOME  # away kicked off to home
    assert any("kick-off by away" in e for e in report.events)


def test_safety_scores_two_and_free_kick() -> None:
    game = scripted_game("-20")
    game.state.ball_on = 10
    report = game.snap(Formation.NORMAL, 1, 0)
    assert report.transition.result is Result.SAFETY
    assert game.state.score == [2, 0]
    assert game.state.possession is Side.HOME  # away free-kicked
    assert any("free kick by away" in e for e in report.events)


def test_clock_timeouts_and_quarters() -> None:
    game = scripted_game("2")
    state = game.state
    start = state.seconds_left
    game.snap(Formation.NORMAL, 1, 0)
    assert state.clock_running and state.seconds_left == start - rules.RUN_SECONDS
    with pytest.raises(IllegalAction):
        game.snap(Formation.NORMAL, 1, 0)
    game.huddle(Side.HOME)
    assert state.timeouts[Side.HOME] == 2 and not state.clock_running
    assert state.seconds_left == start - rules.RUN_SECONDS
    with pytest.raises(IllegalAction):
        game.huddle(Side.HOME)  # clock already stopped
    game.snap(Formation.NORMAL, 1, 0)
    game.huddle(None)
    assert state.seconds_left == start - 2 * rules.RUN_SECONDS - rules.HUDDLE_SECONDS
    # Run the first quarter out: possession and spot carry over into the second.
    state.seconds_left = 3
    before = (state.possession, state.ball_on)
    game.snap(Formation.NORMAL, 1, 0)
    assert state.quarter == 2 and state.seconds_left == rules.QUARTER_SECONDS
    assert (state.possession, state.ball_on) == (before[0], before[1] + 2)


def test_halftime_resets_timeouts_and_opening_receiver_kicks() -> None:
    game = scripted_game("INC")
    state = game.state
    state.timeouts = [0, 1]
    state.quarter, state.seconds_left = 2, 2
    game.snap(Formation.NORMAL, 12, 0)
    assert state.quarter == 3 and state.timeouts == [3, 3]
    # AWAY received the opening kick, so AWAY kicks to start the second half.
    assert state.possession is Side.HOME and state.down == 1


def test_game_ends_after_fourth_quarter() -> None:
    game = scripted_game("INC")
    game.state.quarter, game.state.seconds_left = 4, 4
    game.snap(Formation.NORMAL, 12, 0)
    assert game.over
    with pytest.raises(IllegalAction):
        game.snap(Formation.NORMAL, 12, 0)


def test_punt_formation_and_field_goal_legality() -> None:
    game = scripted_game("2")
    game.state.ball_on = 50
    assert Formation.FIELD_GOAL not in game.legal_formations()
    with pytest.raises(IllegalAction):
        game.snap(Formation.FIELD_GOAL, None, None)
    report = game.snap(Formation.PUNT, KICK_CALL, 3)
    assert report.transition.result in (Result.CHANGE, Result.SAFETY)
    game.state.ball_on = 80
    assert Formation.FIELD_GOAL in game.legal_formations()
    report = game.snap(Formation.FIELD_GOAL, None, None)
    assert report.transition.result in (Result.FIELD_GOAL, Result.CHANGE)


def test_same_seed_same_game() -> None:
    def run(seed: int) -> list[str]:
        game = FootballGame(load_chart(), seed=seed)
        calls = iter(range(10_000))
        while not game.over:
            if game.state.clock_running:
                game.huddle(None)
                continue
            n = next(calls)
            game.snap(Formation.NORMAL, n % 20 + 1, (n * 7) % 10)
        return game.events

    assert run(5) == run(5)
    assert run(5) != run(6)
