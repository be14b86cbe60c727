"""Reward events: touchdowns and completions from the engine's log, the rest from positions."""

import pytest

from nuffle.core.actions import Action, ActionType
from nuffle.core.dice import d6, d8
from nuffle.envs.core import MatchDriver
from nuffle.envs.gym_env import BloodBowlEnv
from nuffle.envs.random_learner import RandomLearner
from nuffle.envs.rewards import EventTracker, StepEvents
from nuffle.testing import Scenario

T = ActionType
THROWER, LINEMAN = 1, 5


def _play(game, actions):
    """Apply `actions` (all home's) and return the events seen by (home, away)."""
    d = MatchDriver(11, "human", "orc", False)
    d.game = game
    trackers = [(EventTracker(game, 0), StepEvents()), (EventTracker(game, 1), StepEvents())]
    for t, player, square in actions:
        d.apply(Action(t, player, square), 0, trackers)
    return trackers[0][1], trackers[1][1]


def test_touchdown_is_read_from_the_log():
    sc = Scenario().set(turn=(2, 2))
    sc.put(LINEMAN, (24, 7)).give_ball(LINEMAN)
    home, away = _play(sc.start(active=0), [(T.START_MOVE, LINEMAN, None), (T.MOVE, None, (25, 6))])
    assert (home.touchdowns, home.touchdowns_against) == (1, 0)
    assert (away.touchdowns, away.touchdowns_against) == (0, 1)
    assert home.ball_progress == pytest.approx(1 / 25)


def test_hand_off_caught_counts_once_for_the_giver_only():
    sc = Scenario(script=d6(3))  # the receiver's catch: 3 + 1 = 4
    sc.put(THROWER, (5, 7)).give_ball(THROWER).put(LINEMAN, (6, 7))
    home, away = _play(sc.start(active=0), [(T.START_HANDOFF, THROWER, None), (T.HANDOFF, None, (6, 7))])
    assert (home.handoffs, home.completions, home.ball_gained) == (1, 0, 0)
    assert (away.handoffs, away.completions, away.ball_gained) == (0, 0, 0)


def test_failed_hand_off_is_no_completion():
    sc = Scenario(script=d6(2) + d8(5))  # 2 + 1 fails, then the bounce
    sc.put(THROWER, (5, 7)).give_ball(THROWER).put(LINEMAN, (6, 7))
    home, _ = _play(sc.start(active=0), [(T.START_HANDOFF, THROWER, None), (T.HANDOFF, None, (6, 7))])
    assert (home.handoffs, home.completions) == (0, 0)


def test_touchdown_events_add_up_to_the_score_over_random_matches():
    env = BloodBowlEnv(board=3, reward="ffai", opponent="endzone")
    learner = RandomLearner(env, 0)
    scored = 0
    for seed in (0, 2):
        env.reset(seed=seed)
        learner.reset()
        total = StepEvents()
        done = False
        while not done:
            _, _, done, _, info = env.step(learner.act())
            for k, v in info["events"].items():
                setattr(total, k, getattr(total, k) + v)
        s = env.driver.live().state
        assert (total.touchdowns, total.touchdowns_against) == (s.teams[0].score, s.teams[1].score)
        assert total.win + total.loss + total.draw == 1
        scored += s.teams[0].score + s.teams[1].score
    assert scored > 0


def test_touchdowns_preset_sums_to_the_score_difference():
    env = BloodBowlEnv(board=1, reward="touchdowns", opponent="endzone")
    learner = RandomLearner(env, 1)
    scored = 0
    for seed in (0, 1, 2):
        env.reset(seed=seed)
        learner.reset()
        total, done = 0.0, False
        while not done:
            _, reward, done, _, _ = env.step(learner.act())
            total += reward
        s = env.driver.live().state
        side = env.side
        assert total == s.teams[side].score - s.teams[1 - side].score
        scored += s.teams[0].score + s.teams[1].score
    assert scored > 0
