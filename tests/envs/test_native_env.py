"""The environments on the native engine (`engine="native"`): the bundled policies, trained on
the Python environment, play the same actions on the native one from the same seeds (same
observations, masks, rewards and episode ends); the engine defaults to the native one where
it is built, `NUFFLE_ENGINE` and `engine=` choose; the self-play environments run on it too."""

from __future__ import annotations

import numpy as np
import pytest

pytest.importorskip("torch")

import torch
from gymnasium.utils.env_checker import check_env
from pettingzoo.test import api_test, parallel_api_test

from nuffle.core.engines import EngineUnavailableError, native_available
from nuffle.core.errors import InputError
from nuffle.core.native_game import NativeGame
from nuffle.envs.aec_env import BloodBowlAEC
from nuffle.envs.core import env_engine
from nuffle.envs.gym_env import BloodBowlEnv
from nuffle.envs.parallel_env import BloodBowlParallel
from nuffle.rl import checkpoint
from nuffle.rl.policy_bot import pick

#: Learner steps each policy plays on each engine (a set-up and some team turns).
STEPS = 150
needs_native = pytest.mark.skipif(not native_available(), reason="the native extension is not built")
ENGINES = ["python", pytest.param("native", marks=needs_native)]


@pytest.mark.parametrize("engine", ENGINES)
@pytest.mark.parametrize("board", [1, 11])
def test_checkers_pass_on_both_engines(engine: str, board: int) -> None:
    """The default engine is the native one wherever it is built, so the other test files
    check it; these check each engine by name."""
    env = BloodBowlEnv(board=board, illegal_action="ignore", engine=engine)
    check_env(env, skip_render_check=False)
    assert (env.driver.engine, isinstance(env.driver.live(), NativeGame)) == (engine, engine == "native")
    api_test(BloodBowlAEC(board=board, engine=engine), num_cycles=60, verbose_progress=False)
    parallel_api_test(BloodBowlParallel(board=board, engine=engine), num_cycles=60)


def _env(name: str, engine: str) -> BloodBowlEnv:
    cfg = checkpoint.load(name).config
    return BloodBowlEnv(board=checkpoint.load(name).net.spec.board, home=cfg.home, away=cfg.away,
                        opponent="random", reward=cfg.reward, assisted_moves=cfg.assisted_moves,
                        setup=cfg.setup, engine=engine)


def _same_obs(a: dict[str, np.ndarray], b: dict[str, np.ndarray]) -> None:
    assert a.keys() == b.keys()
    for key in a:
        assert a[key].dtype == b[key].dtype and a[key].shape == b[key].shape, key
        assert np.array_equal(a[key].view(np.uint8), b[key].view(np.uint8)), key


@needs_native
@pytest.mark.parametrize("name", ["b1", "b3", "b5", "b11"])
def test_bundled_policies_play_the_same_on_both_engines(name: str) -> None:
    net = checkpoint.load(name).net
    torch.set_num_threads(1)
    envs = {engine: _env(name, engine) for engine in ("python", "native")}
    runs: dict[str, list[tuple[int, float, bool, bool, dict[str, float]]]] = {}
    observations: dict[str, list[dict[str, np.ndarray]]] = {}
    for engine, env in envs.items():
        gen = torch.Generator().manual_seed(7)
        obs, info = env.reset(seed=3)
        trail, seen = [], [obs]
        for _ in range(STEPS):
            index = pick(net, obs, env.legal_indices(), False, gen)  # sampled: the legal order matters
            obs, reward, term, trunc, info = env.step(index)
            trail.append((index, reward, term, trunc, info["events"]))
            seen.append(obs)
            if term or trunc:
                obs, _ = env.reset()
                seen.append(obs)
        runs[engine], observations[engine] = trail, seen
    assert isinstance(envs["native"].driver.live(), NativeGame)
    assert not isinstance(envs["python"].driver.live(), NativeGame)
    assert runs["native"] == runs["python"]
    assert len(observations["native"]) == len(observations["python"])
    for a, b in zip(observations["python"], observations["native"], strict=True):
        _same_obs(a, b)


@needs_native
def test_the_engine_defaults_to_native_and_is_chosen_by_name_or_variable(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("NUFFLE_ENGINE", raising=False)
    assert env_engine(None) == "native"
    env = BloodBowlEnv(board=1)
    env.reset(seed=0)
    assert isinstance(env.driver.live(), NativeGame)
    monkeypatch.setenv("NUFFLE_ENGINE", "python")
    assert env_engine(None) == "python"
    env = BloodBowlEnv(board=1)
    env.reset(seed=0)
    assert not isinstance(env.driver.live(), NativeGame)
    assert env_engine("native") == "native"
    with pytest.raises(InputError, match="unknown engine 'rust': choose 'python' or 'native'"):
        BloodBowlEnv(board=1, engine="rust")


def test_without_the_extension_the_default_is_python(monkeypatch: pytest.MonkeyPatch) -> None:
    import nuffle.envs.core as core

    monkeypatch.delenv("NUFFLE_ENGINE", raising=False)
    monkeypatch.setattr(core, "native_available", lambda: False)
    assert env_engine(None) == "python"

    def missing() -> None:
        raise EngineUnavailableError("the native engine is not built: no compiler")

    import nuffle.core.engines as engines

    monkeypatch.setattr(engines, "native_module", missing)
    with pytest.raises(EngineUnavailableError, match="not built"):
        env_engine("native")


@needs_native
def test_self_play_environments_match_on_both_engines() -> None:
    runs = {}
    for engine in ("python", "native"):
        par = BloodBowlParallel(board=3, engine=engine, max_steps=80)
        obs, _ = par.reset(seed=5)
        rng = np.random.default_rng(0)
        trail = []
        while par.agents:
            mover = next(a for a in par.agents if obs[a]["action_mask"].any())
            index = int(rng.choice(np.flatnonzero(obs[mover]["action_mask"])))
            obs, rewards, terms, truncs, _ = par.step({mover: index})
            trail.append((mover, index, tuple(rewards.values()), any(terms.values()), any(truncs.values()),
                          tuple(o["non_spatial"].tobytes() for o in obs.values())))
        runs[engine] = trail
        assert len(trail) == 80 and trail[-1][4]  # truncated after max_steps agent steps
        assert isinstance(par.aec.driver.live(), NativeGame) == (engine == "native")
    assert runs["native"] == runs["python"]
    aec = BloodBowlAEC(board=1, engine="native")
    aec.reset(seed=1)
    assert isinstance(aec.driver.live(), NativeGame)
