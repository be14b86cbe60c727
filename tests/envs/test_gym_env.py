# mypy: disable-error-code="attr-defined,operator,index"
"""The Gymnasium environment: checker, spaces, determinism, bad input, vector envs."""

import gymnasium as gym
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

import nuffle.envs  # noqa: F401  (registers the ids)
from nuffle.envs import BOARDS, EnvError, env_id
from nuffle.envs.random_learner import random_index


@pytest.mark.parametrize("board", BOARDS)
def test_check_env(board):
    env = gym.make(env_id(board), illegal_action="ignore")
    check_env(env.unwrapped, skip_render_check=False)


def _play(env, seed, n, pick_seed=0):
    rng = np.random.default_rng(pick_seed)
    obs, info = env.reset(seed=seed)
    out = [(obs, 0.0)]
    for _ in range(n):
        legal = np.flatnonzero(info["action_mask"])
        obs, r, term, _trunc, info = env.step(int(rng.choice(legal)))
        out.append((obs, r))
        if term:
            break
    return out


def test_observation_matches_space_and_mask_agrees():
    env = gym.make(env_id(3))
    obs, info = env.reset(seed=4)
    for _ in range(200):
        assert env.observation_space.contains(obs)
        assert np.array_equal(obs["action_mask"], info["action_mask"])
        assert np.array_equal(env.unwrapped.action_masks(), obs["action_mask"].astype(bool))
        assert obs["action_mask"].sum() > 0
        a = env.action_space.sample()  # samples among legal actions
        obs, _, term, _, info = env.step(a)
        if term:
            obs, info = env.reset()


def test_determinism():
    a = _play(gym.make(env_id(1), reward="ffai"), 7, 300)
    b = _play(gym.make(env_id(1), reward="ffai"), 7, 300)
    assert len(a) == len(b)
    for (oa, ra), (ob, rb) in zip(a, b, strict=True):
        assert ra == rb
        for k in oa:
            assert np.array_equal(oa[k], ob[k])


def test_illegal_index_raises_and_leaves_state_unchanged():
    env = gym.make(env_id(1)).unwrapped
    _obs, info = env.reset(seed=3)
    key = env.driver.live().state.key()
    illegal = int(np.flatnonzero(info["action_mask"] == 0)[0])
    with pytest.raises(EnvError, match=f"action index {illegal} .* is not legal now"):
        env.step(illegal)
    with pytest.raises(EnvError, match="out of range"):
        env.step(env.action_space.n)
    with pytest.raises(EnvError, match="integer index"):
        env.step("move")
    assert env.driver.live().state.key() == key
    legal = int(np.flatnonzero(info["action_mask"])[0])
    env.step(legal)  # the env still works


def test_step_after_end_raises():
    env = gym.make(env_id(1)).unwrapped
    rng = np.random.default_rng(0)
    env.reset(seed=1)
    term = False
    while not term:
        _obs, _, term, _, _info = env.step(random_index(env.legal_indices(), env.driver.codec.targets, rng))
    key = env.driver.live().state.key()
    with pytest.raises(EnvError, match="after the episode ended"):
        env.step(0)
    assert env.driver.live().state.key() == key


def test_unknown_id_and_bad_options():
    with pytest.raises(gym.error.Error, match="BloodBowl-4"):
        gym.make("nuffle/BloodBowl-4-v0")
    with pytest.raises(ValueError, match="unknown bot 'nobody'"):
        gym.make(env_id(1), opponent="nobody")
    with pytest.raises(ValueError, match="unknown reward preset 'fast'"):
        gym.make(env_id(1), reward="fast")
    with pytest.raises(ValueError, match="unknown reward event 'goals'"):
        gym.make(env_id(1), reward={"goals": 1.0})


def test_win_reward_and_events():
    env = gym.make(env_id(1), opponent="random")
    rng = np.random.default_rng(1)
    total = 0.0
    _, info = env.reset(seed=11)
    term = False
    targets = env.unwrapped.driver.codec.targets
    while not term:
        _obs, r, term, _, info = env.step(random_index(np.flatnonzero(info["action_mask"]), targets, rng))
        total += r
    result = env.unwrapped.driver.live().result
    expected = 0.0 if result.winner is None else (1.0 if result.winner == "home" else -1.0)
    assert total == expected


def test_opponent_callable_and_agent_and_away_side():
    from nuffle.agents.endzone import EndzoneBot

    calls = []

    def policy(view):
        calls.append(view)
        from nuffle.agents.random_bot import RandomBot
        return RandomBot(0).act(view)

    for opp in (policy, EndzoneBot(3), "scripted"):
        env = gym.make(env_id(1), opponent=opp, side="away")
        _play(env, 2, 50)
    assert calls and all(v is not None for v in calls)


@pytest.mark.parametrize("opponent_assisted", [False, True])
def test_opponent_plays_by_the_plain_rules_unless_asked(opponent_assisted):
    """With assisted moves, the learner may move far in one action, but the opponent is shown
    the match without them (the same bot as in a plain match): its moves are single steps,
    and they are legal in the assisted match."""
    from nuffle.agents.random_bot import RandomBot

    seen, far = set(), []

    class Recording(RandomBot):
        def act(self, game):
            seen.add(game.state.options.assisted_moves)
            a = super().act(game)
            if a.type.name == "MOVE" and game.state.pos[game.decision().player] >= 0:
                b, square = game.state.board, a.square
                assert square is not None
                far.append(b.distance(game.state.pos[game.decision().player], b.sq(*square)) > 1)
            return a

    env = gym.make(env_id(3), assisted_moves=True, opponent=Recording(5), setup="random",
                   opponent_assisted_moves=opponent_assisted)
    for seed in range(4):
        _play(env, seed, 3000, pick_seed=seed)
    assert seen == {opponent_assisted}
    assert far and any(far) == opponent_assisted


@pytest.mark.parametrize("mode", ["sync", "async"])
def test_vector_env(mode):
    venv = gym.make_vec(env_id(1), num_envs=2, vectorization_mode=mode)
    try:
        rng = np.random.default_rng(0)
        obs, info = venv.reset(seed=5)
        for _ in range(30):
            acts = np.array([int(rng.choice(np.flatnonzero(m))) for m in info["action_mask"]])
            obs, _r, _term, _trunc, info = venv.step(acts)
        assert obs["spatial"].shape[0] == 2
    finally:
        venv.close()
    assert gym.make(env_id(1)).unwrapped.metadata["autoreset_mode"] is not None
