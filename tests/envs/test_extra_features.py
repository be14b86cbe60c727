"""The user's observation features (`nuffle.envs.extra_features`, issue 54 item 15): appended to
`non_spatial` by the single, PettingZoo and batched environments, computed on a view of the
match for the observing side, checked (shape, finite), named by import path, and part of the
layout hash."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import numpy as np
import pytest
from gymnasium import spaces

from nuffle.core.engines import native_available
from nuffle.envs.aec_env import BloodBowlAEC
from nuffle.envs.core import EnvError
from nuffle.envs.extra_features import ExtraFeatures, load_features, resolve_features
from nuffle.envs.gym_env import BloodBowlEnv
from nuffle.envs.layout_hash import layout_description, layout_hash

sys.path.insert(0, str(Path(__file__).parent))  # margin_features, imported by path as users' modules are
from margin_features import MARGIN, margin  # type: ignore[import-not-found]

NEEDS_NATIVE = pytest.mark.skipif(not native_available() and os.environ.get("NUFFLE_REQUIRE_NATIVE") != "1",
                                  reason="the native extension is not built")
BASE = BloodBowlEnv(board=1).driver.encoder.non_spatial_size


def _play_to_a_touchdown(env: BloodBowlEnv, seed: int) -> list[tuple[np.ndarray, list[float]]]:
    """Random legal steps until the first touchdown or the episode's end; each observation's
    features beside the margin of the live match as the learner sees it."""
    obs, _ = env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    seen: list[tuple[np.ndarray, list[float]]] = []
    for _ in range(3000):
        seen.append((obs["non_spatial"][BASE:].copy(), margin(env.driver.live(), env.side)))
        if seen[-1][1][1] > 0:
            break
        obs, _, terminated, truncated, _ = env.step(int(rng.choice(np.flatnonzero(env.action_masks()))))
        if terminated or truncated:
            break
    return seen


@pytest.mark.parametrize("engine", ["python", pytest.param("native", marks=NEEDS_NATIVE)])
def test_single_env_appends_the_features_for_the_learners_side(engine: str) -> None:
    for side in ("home", "away"):
        env = BloodBowlEnv(board=1, opponent="endzone", side=side, features=MARGIN, engine=engine)
        space = env.observation_space["non_spatial"]
        assert isinstance(space, spaces.Box)
        assert space.shape == (BASE + 2,)
        assert np.isinf(space.low[BASE:]).all() and (space.low[:BASE] == 0).all()
        seen = _play_to_a_touchdown(env, seed=5)
        assert seen[-1][1][1] > 0, "the random match never scored: pick another seed"
        for got, expected in seen:
            assert got.tolist() == expected


@NEEDS_NATIVE
def test_the_engines_give_the_same_observations_with_features() -> None:
    envs = [BloodBowlEnv(board=1, features="margin_features:MARGIN", engine=e)
            for e in ("python", "native")]
    obs = [env.reset(seed=11)[0] for env in envs]
    rng = np.random.default_rng(0)
    for _ in range(200):
        assert all(np.array_equal(obs[0][k], obs[1][k]) for k in obs[0])
        action = int(rng.choice(np.flatnonzero(obs[0]["action_mask"])))
        steps = [env.step(action) for env in envs]
        obs = [s[0] for s in steps]
        if steps[0][2] or steps[0][3]:
            break


def test_pettingzoo_observations_carry_each_agents_features() -> None:
    aec = BloodBowlAEC(board=1, features=MARGIN)
    aec.reset(seed=2)
    assert aec.observation_space("home")["non_spatial"].shape == (BASE + 2,)
    for agent in ("home", "away"):
        assert aec.observe(agent)["non_spatial"].shape == (BASE + 2,)


def test_features_see_a_view_not_the_live_match() -> None:
    seen: list[object] = []

    def spy(view: object, side: int) -> list[float]:
        seen.append(view)
        return [0.0]

    feats = ExtraFeatures("spy", 1, spy)
    env = BloodBowlEnv(board=1, features=feats, engine="python")
    env.reset(seed=1)
    assert seen and all(view is not env.driver.live() for view in seen)


@pytest.mark.parametrize(("fn", "named"), [
    (lambda view, side: [1.0, 2.0, 3.0], r"returned shape \(3,\), not \(2,\)"),
    (lambda view, side: [float("nan"), 0.0], "non-finite"),
    (lambda view, side: ["a", "b"], "not numbers"),
])
def test_bad_feature_values_raise_env_error(fn: object, named: str) -> None:
    env = BloodBowlEnv(board=1, features=ExtraFeatures("bad", 2, fn))  # type: ignore[arg-type]
    with pytest.raises(EnvError, match=named):
        env.reset(seed=0)


@pytest.mark.parametrize(("spec", "named"), [
    ("no_colon", "package.module:NAME"),
    ("nuffle_no_such_module:X", "cannot import nuffle_no_such_module"),
    ("margin_features:margin", "has no ExtraFeatures named margin"),
    (3, "ExtraFeatures, its import path or None"),
])
def test_bad_feature_specs_raise_env_error(spec: object, named: str) -> None:
    with pytest.raises(EnvError, match=named):
        resolve_features(spec)


def test_a_bad_definition_is_refused() -> None:
    with pytest.raises(EnvError, match="size must be a positive integer"):
        ExtraFeatures("x", 0, margin)
    with pytest.raises(EnvError, match="non-empty name"):
        ExtraFeatures(" ", 1, margin)


def test_the_layout_hash_accounts_for_the_features() -> None:
    plain = layout_hash(1)
    assert layout_hash(1, None) == plain and "extra_features" not in layout_description(1)
    with_margin = layout_hash(1, MARGIN)
    assert with_margin != plain
    same_name = ExtraFeatures("score-margin-v1", 2, lambda v, s: [0, 0])
    assert layout_hash(1, same_name) == with_margin  # the name and size, not the function
    assert layout_hash(1, ExtraFeatures("score-margin-v2", 2, margin)) != with_margin
    assert layout_hash(1, ExtraFeatures("score-margin-v1", 3, margin)) != with_margin
    assert layout_description(1, MARGIN)["extra_features"] == {"name": "score-margin-v1", "size": 2}
    assert load_features("margin_features:MARGIN") is MARGIN


@NEEDS_NATIVE
@pytest.mark.parametrize("workers", [1, 2])
def test_batched_rows_and_final_observations_carry_the_features(workers: int) -> None:
    from nuffle.envs.batched import BatchedVectorEnv

    with BatchedVectorEnv(4, board=1, features=MARGIN, seed=1, side="random") as plain_check, \
            BatchedVectorEnv(4, board=1, features=MARGIN, seed=1, side="random", workers=workers) as env:
        obs, _ = env.reset()
        plain_check.reset()
        assert isinstance(env.single_observation_space, spaces.Dict)
        assert env.single_observation_space["non_spatial"].shape == (BASE + 2,)
        ended = 0
        for t in range(4000):
            actions = env.sample_actions(t)
            obs, _, _, _, infos = env.step(actions)
            ref, *_ = plain_check.step(plain_check.sample_actions(t))
            assert np.array_equal(obs["non_spatial"], ref["non_spatial"])  # any workers, the same
            assert not obs["non_spatial"].flags.writeable
            for i in range(4):  # workers=1 reads the rows' matches here
                expected = margin(plain_check.game(i), int(infos["side"][i]))
                assert obs["non_spatial"][i, BASE:].tolist() == expected
            if "final_obs" in infos:
                for row in np.flatnonzero(infos["_final_obs"]).tolist():
                    score = infos["final_info"]["score"][row]
                    side = int(infos["final_info"]["side"][row])
                    final = infos["final_obs"][row]["non_spatial"]
                    assert final[BASE:].tolist() == [score[side] - score[1 - side], score.sum()]
                    ended += 1
            if ended >= 4:
                break
        assert ended >= 4


@NEEDS_NATIVE
def test_the_batched_env_takes_a_python_feature_import_path(tmp_path: Path) -> None:
    from nuffle.envs.batched import BatchedVectorEnv

    with BatchedVectorEnv(2, board=1, features="margin_features:MARGIN", seed=0) as env:
        obs, _ = env.reset()
        assert obs["non_spatial"].shape == (2, BASE + 2)
