"""The batched vector environment (`nuffle.envs.batched`): N matches stepped in C++.

It equals `make_vector_env` of `BloodBowlEnv`s on the native engine step for step where the
opponent is a Python bot; its masks are the engine's legal actions (the mask property test);
autoreset gives a non-empty mask; self-play rows show the side to decide; workers give the
results of one process and leave no shared memory behind; MaskablePPO trains on it."""

from __future__ import annotations

import os
from typing import Any

import gymnasium as gym
import numpy as np
import pytest
from gymnasium.vector import AutoresetMode
from gymnasium.vector.utils import batch_space

import nuffle.envs  # noqa: F401
from nuffle.core.actions import IllegalActionError
from nuffle.core.engines import native_available
from nuffle.core.teams import races
from nuffle.envs.codec import ActionCodec, CodecError
from nuffle.envs.core import EnvError
from nuffle.envs.gym_env import BloodBowlEnv
from nuffle.envs.registration import env_id
from nuffle.envs.vector import make_vector_env

pytestmark = pytest.mark.skipif(not native_available() and os.environ.get("NUFFLE_REQUIRE_NATIVE") != "1",
                                reason="the native extension is not built")

from nuffle.envs.batched import BatchedVectorEnv  # noqa: E402


def _pick(masks: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """One legal index per row, uniformly (raises on an empty mask)."""
    return np.array([rng.choice(np.flatnonzero(m)) for m in masks], dtype=np.int64)


def test_spaces_are_bloodbowlenvs_batched() -> None:
    single = BloodBowlEnv(board=3)
    with BatchedVectorEnv(3, board=3) as env:
        assert env.single_observation_space == single.observation_space
        assert env.observation_space == batch_space(single.observation_space, 3)
        assert env.action_space == batch_space(single.action_space, 3)
        assert env.metadata["autoreset_mode"] is AutoresetMode.SAME_STEP
        obs, infos = env.reset(seed=0)
        assert env.observation_space.contains(obs)
        assert obs["action_mask"].dtype == np.bool_ and env.action_masks() is obs["action_mask"]
        assert infos["side"].tolist() == [0, 0, 0]


@pytest.mark.parametrize(("setup", "opponent", "board"), [
    (None, "scripted?native=0", 1), ("scripted", "scripted?native=0", 1),
    (None, "scripted", 1), ("scripted", "scripted", 3),
    (None, "grod?native=0", 1), ("scripted", "grod", 3), (None, "grod", 11),
    (None, "grod?tweak=kick_depth=2,blitz_spent=0", 5)])
def test_equals_bloodbowlenv_step_for_step_with_a_python_opponent(setup: str | None, opponent: str,
                                                                   board: int) -> None:
    """A Python bot ('scripted?native=0', 'grod?native=0', played one decision at a time on the
    row's game) or the C++ scripted or grod bot inside the core ('scripted', 'grod') against
    BloodBowlEnvs with the Python bot of that name: the same observations, rewards and ends at
    every step."""
    kwargs: dict[str, Any] = {"board": board, "setup": setup, "max_steps": 40, "side": "random"}
    batched = BatchedVectorEnv(2, opponent=opponent, **kwargs)
    bot, _, options = opponent.partition("?")
    ref_options = "&".join(o for o in (options, "native=0") if o and o != "native=0")
    ref = make_vector_env(2, engine="native", opponent=f"{bot}?{ref_options}", **kwargs)
    ob, ib = batched.reset(seed=5)
    orf, irf = ref.reset(seed=5)
    core = batched._core  # one worker: every row's Python bots, or none (C++ plays 'scripted', 'grod')
    assert core is not None and bool(core.opponents) == opponent.endswith("native=0")
    rng = np.random.default_rng(1)
    ends = terminated = 0
    for _ in range(250):
        for key in ob:
            np.testing.assert_array_equal(ob[key], orf[key])
        np.testing.assert_array_equal(ib["side"], irf["side"])
        actions = _pick(ob["action_mask"], rng)
        ob, rb, tb, trb, ib = batched.step(actions)
        orf, rr, tr, trr, irf = ref.step(actions)
        np.testing.assert_array_equal(rb, rr)
        np.testing.assert_array_equal(tb, tr)
        np.testing.assert_array_equal(trb, trr)
        for i in np.flatnonzero(tb | trb):
            ends += 1
            terminated += int(tb[i])
            for key in ob:
                np.testing.assert_array_equal(ib["final_obs"][i][key], irf["final_obs"][i][key])
    assert ends >= 4
    batched.close()
    ref.close()


@pytest.mark.parametrize("reward", ["ffai", {"win": 2.0, "loss": -3.0, "draw": 0.5, "touchdowns": 1.0}])
def test_shaped_rewards_equal_bloodbowlenvs_to_the_end_of_a_match(reward: Any) -> None:
    """The C++ reward events and scripted set-up give BloodBowlEnv's rewards at every step, the
    result's included (a Python opponent, no step limit)."""
    kwargs: dict[str, Any] = {"board": 1, "opponent": "endzone", "setup": "scripted", "max_steps": None,
                              "reward": reward, "side": "random"}
    batched = BatchedVectorEnv(2, **kwargs)
    ref = make_vector_env(2, engine="native", **kwargs)
    ob, _ = batched.reset(seed=11)
    ref.reset(seed=11)
    rng = np.random.default_rng(2)
    shaped = ends = 0
    for _ in range(1500):
        actions = _pick(ob["action_mask"], rng)
        ob, rb, tb, _, _ = batched.step(actions)
        _, rr, tr, _, _ = ref.step(actions)
        np.testing.assert_array_equal(rb, rr)
        np.testing.assert_array_equal(tb, tr)
        shaped += int(((rb != 0) & ~tb).sum())
        ends += int(tb.sum())
        if ends >= 2:
            break
    assert ends >= 2 and shaped > 0
    batched.close()
    ref.close()


def test_autoreset_masks_are_never_empty_and_final_obs_are_given() -> None:
    with BatchedVectorEnv(4, board=1, setup=None, max_steps=25, side="random") as env:
        obs, _ = env.reset(seed=3)
        rng = np.random.default_rng(0)
        ends = 0
        kept: dict[int, tuple[dict[str, np.ndarray], dict[str, np.ndarray]]] = {}  # row: (given, copy)
        for _ in range(300):
            obs, _, term, trunc, infos = env.step(_pick(obs["action_mask"], rng))
            assert obs["action_mask"].any(axis=1).all()
            done = term | trunc
            for row, (given, copy) in kept.items():  # a final observation holds until its row ends again
                if not done[row]:
                    for key in copy:
                        np.testing.assert_array_equal(given[key], copy[key])
            if done.any():
                ends += int(done.sum())
                assert infos["_final_obs"].tolist() == done.tolist()
                assert not infos["_final_obs"].flags.writeable
                for i in np.flatnonzero(done):
                    final = infos["final_obs"][i]
                    assert env.single_observation_space.contains(final)
                    if term[i]:
                        assert not final["action_mask"].any()
                    kept[int(i)] = (final, {key: value.copy() for key, value in final.items()})
        assert ends >= 40


def test_an_illegal_action_names_its_row_and_steps_nothing() -> None:
    with BatchedVectorEnv(3, board=1) as env:
        obs, _ = env.reset(seed=0)
        before = {k: v.copy() for k, v in obs.items()}
        actions = _pick(obs["action_mask"], np.random.default_rng(0))
        bad = actions.copy()
        bad[2] = int(np.flatnonzero(~obs["action_mask"][2])[0])
        with pytest.raises(EnvError, match=rf"row 2: action index {bad[2]} is not legal"):
            env.step(bad)
        bad[2] = env.action_masks().shape[1]
        with pytest.raises(EnvError, match=r"row 2: action index .* out of range"):
            env.step(bad)
        with pytest.raises(EnvError, match="shape"):
            env.step(actions[:2])
        with pytest.raises(EnvError, match="integer"):
            env.step(actions.astype(np.float64))
        for key in before:  # nothing was stepped: the legal actions still step
            np.testing.assert_array_equal(obs[key], before[key])
        env.step(actions)


def test_self_play_rows_show_the_side_to_decide() -> None:
    with BatchedVectorEnv(2, board=1, opponent="self", setup=None, max_steps=200) as env:
        obs, infos = env.reset(seed=4)
        rng = np.random.default_rng(4)
        seen = set()
        for _ in range(200):
            for i in range(2):
                game = env.game(i)
                assert game.decider == infos["side"][i]
                seen.add(int(infos["side"][i]))
            obs, _, _, _, infos = env.step(_pick(obs["action_mask"], rng))
        assert seen == {0, 1}


def test_self_play_scores_each_side_at_the_end() -> None:
    """Self-play with the scripted set-up for both sides: at a match's end the acting side gets
    its result and the other side's is in final_info."""
    with BatchedVectorEnv(2, board=1, opponent="self", max_steps=None) as env:
        obs, _ = env.reset(seed=8)
        rng = np.random.default_rng(8)
        ended = 0
        for _ in range(3000):
            obs, rew, term, _, infos = env.step(_pick(obs["action_mask"], rng))
            for i in np.flatnonzero(term):
                side = infos["final_info"]["side"][i]
                own, opp = infos["final_info"]["score"][i][side], infos["final_info"]["score"][i][1 - side]
                assert rew[i] == np.sign(own - opp)
                assert infos["final_info"]["other_reward"][i] == -rew[i]
                ended += 1
            if ended >= 2:
                break
        assert ended >= 2


def test_same_seed_same_rollout_and_workers_give_the_same_results() -> None:
    def rollout(workers: int) -> list[np.ndarray]:
        out = []
        with BatchedVectorEnv(4, board=1, side="random", max_steps=30, setup=None, seed=9,
                              workers=workers) as env:
            obs, _ = env.reset()
            rng = np.random.default_rng(9)
            for _ in range(120):
                actions = _pick(obs["action_mask"], rng)
                obs, rew, term, trunc, infos = env.step(actions)
                out += [obs["spatial"].copy(), obs["action_mask"].copy(), rew.copy(), term | trunc,
                        infos["side"].copy()]
        return out

    one = rollout(1)
    assert all(np.array_equal(a, b) for a, b in zip(one, rollout(1), strict=True))
    assert all(np.array_equal(a, b) for a, b in zip(one, rollout(2), strict=True))


def test_workers_play_python_opponents_as_one_process_does() -> None:
    def rollout(workers: int) -> list[np.ndarray]:
        out = []
        with BatchedVectorEnv(3, board=1, opponent="endzone", max_steps=20, seed=4, workers=workers) as env:
            obs, _ = env.reset()
            rng = np.random.default_rng(4)
            for _ in range(60):
                obs, rew, term, trunc, _ = env.step(_pick(obs["action_mask"], rng))
                out += [obs["spatial"].copy(), obs["action_mask"].copy(), rew.copy(), term | trunc]
        return out

    assert all(np.array_equal(a, b) for a, b in zip(rollout(1), rollout(2), strict=True))


def _shm_names() -> set[str]:
    return set(os.listdir("/dev/shm")) if os.path.isdir("/dev/shm") else set()


def test_workers_close_cleanly_and_refuse_bad_actions_in_any_block() -> None:
    env = BatchedVectorEnv(4, board=1, workers=2, seed=1)
    assert env._shm is not None
    mine = env._shm.name.lstrip("/")  # other tests' segments come and go beside it
    obs, _ = env.reset()
    bad = _pick(obs["action_mask"], np.random.default_rng(0))
    bad[3] = int(np.flatnonzero(~obs["action_mask"][3])[0])
    kept = obs["spatial"].copy()
    with pytest.raises(EnvError, match="row 3: action index"):
        env.step(bad)
    np.testing.assert_array_equal(obs["spatial"], kept)  # the other block did not step either
    procs = list(env._procs)
    assert len(procs) == 1 and all(p.is_alive() for p in procs)  # this process steps the first block
    assert mine in _shm_names()  # the shared block exists while open
    env.close()
    env.close()  # idempotent
    assert not any(p.is_alive() for p in procs)
    assert mine not in _shm_names()
    with pytest.raises(EnvError, match="closed"):
        env.reset()


def test_make_vec_gives_the_batched_env_when_asked() -> None:
    venv = gym.make_vec(env_id(1), num_envs=2, vectorization_mode="vector_entry_point", batched=True,
                        max_steps=10)
    assert isinstance(venv, BatchedVectorEnv) and venv.board == 1
    venv.reset(seed=0)
    venv.close()
    plain = gym.make_vec(env_id(1), num_envs=2)
    assert not isinstance(plain, BatchedVectorEnv)
    plain.close()


def test_bad_options_are_refused() -> None:
    cases: list[tuple[dict[str, Any], str]] = [
        ({"num_envs": 0}, "num_envs"), ({"workers": 3, "num_envs": 2}, "workers"), ({"board": 2}, "board"),
        ({"side": "left"}, "side"), ({"max_steps": 0}, "max_steps"), ({"reward": lambda e: 0.0}, "reward")]
    for kwargs, match in cases:
        with pytest.raises(EnvError, match=match):
            BatchedVectorEnv(**kwargs)


# --- the mask property test ------------------------------------------------------------------

_RACES = sorted(races())


def _check_row(env: BatchedVectorEnv, codec: ActionCodec, row: int, side: int, mask: np.ndarray,
               rng: np.random.Generator) -> None:
    """Row `row`'s mask is exactly the engine's legal actions (through the Python codec, not the
    C++ mask), a sample of its masked indices steps the engine and a sample of the unmasked
    ones is refused (or names a masked index's action)."""
    game = env.game(row)
    assert game.decider == side
    legal = codec.indices(game.state, game.legal_actions(), side)
    masked = np.flatnonzero(mask)
    assert set(masked.tolist()) == set(legal.tolist())
    unmasked = rng.integers(0, codec.size, 24)
    for index, ok in [(int(i), True) for i in rng.choice(masked, min(3, len(masked)), replace=False)] + \
                     [(int(i), False) for i in unmasked if not mask[i]][:12]:
        try:
            act = codec.decode(index, game.state, side)
        except CodecError:
            assert not ok, f"masked index {index} does not decode"
            continue
        native = game.native_state.clone()
        square = -1 if act.square is None else game.state.board.sq(*act.square)
        try:
            native.act_only(int(act.type), -1 if act.player is None else act.player, square)
        except IllegalActionError:
            assert not ok, f"masked index {index} ({codec.describe(index)}) is refused by the engine"
        else:
            # an unmasked index may only name a legal action under another name (a player in
            # the dugout by slot and on the pitch by square): its own index is then masked
            canonical = codec.index_of(act, game.state, side)
            assert ok or (canonical != index and mask[canonical]), \
                f"unmasked index {index} ({codec.describe(index)}) is accepted by the engine"


@pytest.mark.slow
def test_every_masked_index_steps_and_unmasked_ones_are_refused() -> None:
    """Over 21,000 learner steps on all five boards, 15 race pairings, both sides, set-ups
    included (the learner sets up): each step's mask against the engine."""
    rng = np.random.default_rng(37)
    steps = 0
    pair = 0
    for board in (1, 3, 5, 7, 11):
        codec = ActionCodec(board)
        for _ in range(3):
            home, away = _RACES[pair % len(_RACES)], _RACES[(pair * 7 + 5) % len(_RACES)]
            pair += 1
            with BatchedVectorEnv(2, board=board, home=home, away=away, side="random", setup=None,
                                  max_steps=150, seed=pair) as env:
                obs, infos = env.reset()
                for _ in range(700):
                    for row in range(2):
                        _check_row(env, codec, row, int(infos["side"][row]), obs["action_mask"][row], rng)
                    obs, _, _, _, infos = env.step(_pick(obs["action_mask"], rng))
                    steps += 2
    assert steps >= 20_000


# --- MaskablePPO ----------------------------------------------------------------------------


@pytest.mark.slow
def test_maskable_ppo_trains_on_the_batched_env() -> None:
    sb3_contrib = pytest.importorskip("sb3_contrib")
    import torch

    from nuffle.envs.sb3_vec import Sb3BatchedEnv

    torch.set_num_threads(1)
    env = Sb3BatchedEnv(num_envs=8, board=1, max_steps=200)
    model = sb3_contrib.MaskablePPO("MultiInputPolicy", env, n_steps=256, batch_size=256, n_epochs=2, seed=0,
                                    verbose=0)
    before = [p.detach().clone() for p in model.policy.parameters()]
    model.learn(total_timesteps=4096)
    assert model.num_timesteps >= 4096
    after = list(model.policy.parameters())
    assert all(torch.isfinite(p).all() for p in after)
    assert any(not torch.equal(a, b) for a, b in zip(before, after, strict=True))  # it learned something
    obs: Any = env.reset()
    for _ in range(100):
        masks = env.action_masks().copy()
        actions, _ = model.predict(obs, action_masks=masks)
        assert masks[np.arange(8), actions].all()  # legal after training
        obs, _, _, _ = env.step(actions)
    env.close()


def test_bench_env_batched_reports_steps_per_board(capsys: pytest.CaptureFixture[str]) -> None:
    import json

    from nuffle.cli import main

    argv = ["bench", "env", "--batched", "--board", "1", "--envs", "4", "--workers", "2", "--seconds", "0.2"]
    assert main([*argv, "--json"]) == 0
    figures = json.loads(capsys.readouterr().out)
    assert figures["batched"] and figures["envs"] == 4 and figures["workers"] == 2
    assert list(figures["steps_per_s"]) == ["1"] and figures["steps_per_s"]["1"] > 0
    assert main(["bench", "env", "--batched", "--envs", "2", "--workers", "3"]) != 0
    assert "--workers" in capsys.readouterr().err


def test_sample_actions_are_legal() -> None:
    with BatchedVectorEnv(6, board=3, setup=None, workers=2, seed=2) as env:
        obs, _ = env.reset()
        for k in range(50):
            actions = env.sample_actions(k)
            assert obs["action_mask"][np.arange(6), actions].all()
            obs, *_ = env.step(actions)


@pytest.mark.parametrize("board", [1, 11])
def test_rows_cleared_by_what_they_wrote_equal_a_fresh_observation(board: int) -> None:
    """A row's spatial layers are kept by clearing only the entries its last observation set:
    after every step each row equals the C++ encoder writing that position into fresh arrays
    filled with garbage first (so a stale entry anywhere would show)."""
    from nuffle.envs.native_encoder import NativeEncoder

    enc = NativeEncoder(board)
    buf = enc.buffers()
    with BatchedVectorEnv(4, board=board, setup=None, max_steps=60, seed=9) as env:
        obs, _ = env.reset()
        episodes = 0
        for k in range(150):
            for i in range(env.num_envs):
                for a in buf.values():
                    a.fill(7)
                enc.observe(env.game(i), int(env.arrays["side"][i]), buf["spatial"], buf["non_spatial"],
                            buf["action_mask"])
                np.testing.assert_array_equal(obs["spatial"][i], buf["spatial"])
                np.testing.assert_array_equal(obs["non_spatial"][i], buf["non_spatial"])
                np.testing.assert_array_equal(obs["action_mask"][i], buf["action_mask"])
            obs, _, term, trunc, _ = env.step(env.sample_actions(k))
            episodes += int((term | trunc).sum())
        assert episodes >= 4  # new episodes reuse the rows' arrays too


def test_a_grod_opponent_whose_values_do_not_load_is_refused() -> None:
    with pytest.raises(EnvError, match=r"'grod\?tweak=nope=1'.*no purpose value or modifier 'nope'"):
        BatchedVectorEnv(1, board=1, opponent="grod?tweak=nope=1")
