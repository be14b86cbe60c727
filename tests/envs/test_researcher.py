# mypy: disable-error-code="attr-defined,operator,index"
"""What an RL researcher expects of the environments: bool masks, masks across vector
autoresets, a step limit and a set-up bot by default, the factored action space, a Parallel
environment, rgb frames, episode statistics, the [sb3] extra and `bench env --board`."""

import tomllib
from pathlib import Path

import gymnasium as gym
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env
from gymnasium.vector import AutoresetMode
from pettingzoo.test import parallel_api_test

import nuffle.envs  # noqa: F401  (registers the ids)
from nuffle.core.decision import DecisionKind
from nuffle.envs import DEFAULT_MAX_STEPS, BloodBowlEnv, EnvError, EpisodeStatistics, env_id
from nuffle.envs.aec_env import BloodBowlAEC
from nuffle.envs.parallel_env import BloodBowlParallel
from nuffle.envs.render import CELL


def _masked_sample(masks: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """A masked-softmax draw per row with -inf logits, as a hand-written masked PPO does;
    an all-False mask makes it raise (0/0 under np.errstate)."""
    logits = np.where(masks, rng.normal(size=masks.shape), -np.inf)
    with np.errstate(invalid="raise", divide="raise"):
        z = np.exp(logits - logits.max(axis=1, keepdims=True))
        p = z / z.sum(axis=1, keepdims=True)
    return np.array([rng.choice(len(row), p=row) for row in p])


def test_masks_are_bool_everywhere():
    env = gym.make(env_id(1))
    obs, info = env.reset(seed=0)
    assert env.observation_space["action_mask"].dtype == np.bool_
    assert obs["action_mask"].dtype == np.bool_ and info["action_mask"].dtype == np.bool_
    assert env.unwrapped.action_masks().dtype == np.bool_
    assert env.observation_space.contains(obs)
    assert env.action_space.sample(mask=info["action_mask"]) in np.flatnonzero(info["action_mask"])
    aec = BloodBowlAEC(board=1)
    aec.reset(seed=0)
    assert aec.observe("home")["action_mask"].dtype == np.bool_
    assert aec.observe("away")["action_mask"].dtype == np.bool_
    par = BloodBowlParallel(board=1)
    pobs, _ = par.reset(seed=0)
    assert all(o["action_mask"].dtype == np.bool_ for o in pobs.values())
    venv = gym.make_vec(env_id(1), num_envs=2)
    vobs, vinfo = venv.reset(seed=0)
    assert vobs["action_mask"].dtype == np.bool_ and vinfo["action_mask"].dtype == np.bool_
    venv.close()


def test_vector_env_returns_the_reset_mask_at_episode_ends():
    venv = gym.make_vec(env_id(1), num_envs=3, max_steps=30)
    assert venv.metadata["autoreset_mode"] is AutoresetMode.SAME_STEP
    rng = np.random.default_rng(0)
    obs, _ = venv.reset(seed=0)
    ends = terminated_ends = 0
    while terminated_ends < 2 or ends < 6:
        actions = _masked_sample(obs["action_mask"], rng)  # raises on an empty mask
        obs, _, term, trunc, infos = venv.step(actions)
        for i in np.flatnonzero(term | trunc):
            ends += 1
            terminated_ends += int(term[i])
            assert obs["action_mask"][i].any()  # the new match's first mask
            assert infos["_final_obs"][i]
            if term[i]:
                assert not infos["final_obs"][i]["action_mask"].any()  # nothing legal after the end
    venv.close()


def test_default_step_limit_truncates_and_can_be_turned_off():
    env = BloodBowlEnv(board=1)
    assert env.max_steps == DEFAULT_MAX_STEPS
    env = BloodBowlEnv(board=1, max_steps=5)
    env.reset(seed=2)
    for n in range(1, 6):
        _, _, term, trunc, _ = env.step(env.action_space.sample())
        assert not term
        assert trunc == (n == 5)
    with pytest.raises(EnvError, match="after the episode ended"):
        env.step(env.action_space.sample())
    env = BloodBowlEnv(board=1, max_steps=None)
    env.reset(seed=2)
    for _ in range(6):
        _, _, term, trunc, _ = env.step(env.action_space.sample())
        assert not trunc
    with pytest.raises(EnvError, match="max_steps must be a positive integer or None, got 0"):
        BloodBowlEnv(board=1, max_steps=0)


def test_uniform_random_policy_finishes_every_episode_by_default():
    env = gym.make(env_id(11))
    rng = np.random.default_rng(1)
    _, info = env.reset(seed=1)
    steps, term, trunc = 0, False, False
    while not (term or trunc):
        _, _, term, trunc, info = env.step(int(rng.choice(np.flatnonzero(info["action_mask"]))))
        steps += 1
        assert steps <= DEFAULT_MAX_STEPS


def test_setup_bot_by_default_and_learner_setups_on_request():
    def kinds(env, n):
        seen = set()
        env.reset(seed=3)
        for _ in range(n):
            seen.add(env.driver.live().decision().kind)
            _, _, term, trunc, _ = env.step(env.action_space.sample())
            if term or trunc:
                env.reset()
        return seen

    assert DecisionKind.SETUP not in kinds(BloodBowlEnv(board=3), 150)
    assert DecisionKind.SETUP in kinds(BloodBowlEnv(board=3, setup=None), 20)


def test_factored_action_space():
    flat = BloodBowlEnv(board=3)
    fac = BloodBowlEnv(board=3, factored=True)
    codec = fac.driver.codec
    assert fac.action_space.nvec.tolist() == [codec.rows, codec.targets]
    _, info_f = fac.reset(seed=5)
    flat.reset(seed=5)
    rng = np.random.default_rng(5)
    for _ in range(60):
        mask = info_f["action_mask"]
        assert np.array_equal(info_f["type_mask"], mask.reshape(codec.rows, codec.targets).any(axis=1))
        assert np.array_equal(info_f["target_mask"].reshape(-1), mask)
        row = int(rng.choice(np.flatnonzero(info_f["type_mask"])))
        target = int(rng.choice(np.flatnonzero(info_f["target_mask"][row])))
        of, rf, tf, trf, info_f = fac.step(np.array([row, target]))
        ob, rb, tb, trb, _ = flat.step(row * codec.targets + target)
        assert rf == rb and tf == tb and trf == trb
        assert all(np.array_equal(of[k], ob[k]) for k in of)
        if tf or trf:
            break
    fac.reset(seed=5)
    with pytest.raises(EnvError, match=r"factored action \(row 9999, target 0\) is outside"):
        fac.step(np.array([9999, 0]))
    with pytest.raises(EnvError, match="a factored action is a \\(row, target\\) pair"):
        fac.step(3)
    check_env(BloodBowlEnv(board=1, factored=True, illegal_action="ignore"))


@pytest.mark.parametrize("board", [1, 11])
def test_parallel_env_passes_pettingzoo_api(board):
    parallel_api_test(BloodBowlParallel(board=board), num_cycles=200)


def test_parallel_env_plays_a_match_with_the_setup_bot():
    env = BloodBowlParallel(board=1, reward="win")
    obs, _ = env.reset(seed=4)
    rng = np.random.default_rng(4)
    totals = {"home": 0.0, "away": 0.0}
    while env.agents:
        movers = [a for a in env.agents if obs[a]["action_mask"].any()]
        assert len(movers) == 1
        assert env.aec.driver.live().decision().kind is not DecisionKind.SETUP
        actions = {a: int(rng.choice(np.flatnonzero(obs[a]["action_mask"]))) if a in movers else 0
                   for a in env.agents}
        obs, rewards, term, _trunc, _ = env.step(actions)
        for a, r in rewards.items():
            totals[a] += r
    winner = env.aec.driver.live().result.winner
    expected = {None: (0.0, 0.0), "home": (1.0, -1.0), "away": (-1.0, 1.0)}
    if any(term.values()):
        assert (totals["home"], totals["away"]) == expected[winner]


def test_rgb_array_frames():
    env = gym.make(env_id(3), render_mode="rgb_array")
    env.reset(seed=1)
    frame = np.asarray(env.render())
    h, w = env.unwrapped.driver.encoder.spatial_shape[1:]
    assert frame.shape == (h * CELL, w * CELL, 3) and frame.dtype == np.uint8
    game = env.unwrapped.driver.live()
    red = np.all(frame == (205, 40, 40), axis=2)
    home_on_pitch = sum(1 for p in range(len(game.state.info))
                        if game.state.pos[p] >= 0 and game.state.pteam[p] == 0)
    assert home_on_pitch > 0 and red.sum() >= home_on_pitch * (CELL - 4) ** 2 // 4
    with pytest.raises(EnvError, match="unknown render_mode 'video'"):
        BloodBowlEnv(board=3, render_mode="video")
    aec = BloodBowlAEC(board=1, render_mode="rgb_array")
    aec.reset(seed=0)
    assert aec.render().dtype == np.uint8


def test_episode_statistics_wrapper():
    env = EpisodeStatistics(gym.make(env_id(1), reward="win"))
    _, info = env.reset(seed=6)
    results = []
    for _ in range(3):
        while True:
            _, _, term, trunc, info = env.step(env.action_space.sample())
            if term or trunc:
                break
        stats = info["episode_stats"]
        score = env.unwrapped.driver.live().result.score
        winner = env.unwrapped.driver.live().result.winner
        assert stats["touchdowns"] == score.home and stats["touchdowns_against"] == score.away
        assert stats["result"] == {None: "draw", "home": "win", "away": "loss"}[winner]
        assert stats["length"] >= 1 and "casualties" in stats
        results.append(stats["result"])
        env.reset()
    assert len(results) == 3
    venv = gym.make_vec(env_id(1), num_envs=2, max_steps=4, env_wrappers=[EpisodeStatistics])
    venv.reset(seed=0)
    for _ in range(4):
        _, _, _, trunc, infos = venv.step(np.array([e.action_space.sample() for e in venv.envs]))
    assert trunc.all()
    assert infos["final_info"]["episode_stats"]["length"].tolist() == [4, 4]
    venv.close()
    env = EpisodeStatistics(gym.make(env_id(1), max_steps=3))
    env.reset(seed=6)
    for _ in range(3):
        _, _, _, trunc, info = env.step(env.action_space.sample())
    assert trunc and info["episode_stats"]["result"] == "truncated" and info["episode_stats"]["length"] == 3


def test_sb3_extra_lists_sb3_contrib():
    extras = tomllib.loads((Path(__file__).parents[2] / "pyproject.toml").read_text())["project"][
        "optional-dependencies"]
    names = {d.split(">")[0].split("=")[0] for d in extras["sb3"]}
    assert {"sb3-contrib", "stable-baselines3", "gymnasium"} <= names


def test_bench_env_honours_board(monkeypatch, capsys):
    import nuffle.bench.env as envbench
    from nuffle.cli import main

    calls = []

    def fake(boards=(1, 3, 5, 7, 11), seconds=5.0, vector=True, engine="python", ruleset="lrb6"):
        calls.append(tuple(boards))
        b = str(boards[0])
        return {"steps_per_s": {b: 1}, "steps_per_cpu_s": {b: 1},
                "encoding": {b: {"encode_us": 1.0, "engine_step_us": 1.0, "encode_ratio": 1.0}},
                "load": [0.0, 0.0, 0.0]}

    monkeypatch.setattr(envbench, "run_env_bench", fake)
    for board in (1, 3, 5, 7, 11):
        assert main(["bench", "env", "--board", str(board), "--seconds", "0.1", "--json"]) == 0
    assert calls == [(1,), (3,), (5,), (7,), (11,)]
    monkeypatch.undo()
    assert 7 in envbench.run_env_bench.__defaults__[0]  # every board by default, 7 included


def test_aec_env_setup_bot_and_step_limit():
    env = BloodBowlAEC(board=3, max_steps=5)
    env.reset(seed=1)
    rng = np.random.default_rng(1)
    for _ in range(5):
        assert env.driver.live().decision().kind is not DecisionKind.SETUP
        assert not any(env.truncations.values())
        env.step(int(rng.choice(np.flatnonzero(env.action_masks()))))
    assert all(env.truncations.values()) and not any(env.terminations.values())
    plain = BloodBowlAEC(board=3, setup=None, max_steps=None)
    plain.reset(seed=1)
    kinds = set()
    for _ in range(6):
        kinds.add(plain.driver.live().decision().kind)
        plain.step(int(rng.choice(np.flatnonzero(plain.action_masks()))))
    assert DecisionKind.SETUP in kinds and not any(plain.truncations.values())
    with pytest.raises(EnvError, match="max_steps must be a positive integer or None, got -1"):
        BloodBowlAEC(board=1, max_steps=-1)
