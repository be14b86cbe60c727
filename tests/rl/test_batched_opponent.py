"""Policy opponents in the batched environment: every row where the opponent decides encoded in
C++ and decided by one forward pass (`nuffle.rl.policy_opponent`).

A greedy policy plays the games the single environment's `PolicyAgent` plays (same seeds, step
for step); the policy is shown its own side's observation and legal indices; sampling is seeded
per row (workers change nothing); an illegal index is refused naming the row; bad specs are one
line; batched self-play trains with the learner's weights pushed to the opponent."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import numpy as np
import pytest
import torch

from nuffle.core.engines import native_available
from nuffle.envs.core import EnvError
from nuffle.envs.native_encoder import NativeEncoder
from nuffle.envs.vector import make_vector_env
from nuffle.rl import checkpoint
from nuffle.rl.config import TrainConfig
from nuffle.rl.networks import build_network
from nuffle.rl.policy_opponent import NetOpponent
from nuffle.rl.trainer import Trainer
from nuffle.rl.vec import EnvSpec, resolve_executor

pytestmark = pytest.mark.skipif(not native_available() and os.environ.get("NUFFLE_REQUIRE_NATIVE") != "1",
                                reason="the native extension is not built")

from nuffle.envs.batched import BatchedVectorEnv  # noqa: E402


def _policy_file(tmp_path: Path, setup: str | None = "scripted", seed: int = 0) -> str:
    """A small untrained board-1 policy (no assisted moves) saved as a checkpoint."""
    torch.manual_seed(seed)
    cfg = TrainConfig(board=1, hidden=16, setup=setup)
    path = tmp_path / f"p-{setup}-{seed}.pt"
    checkpoint.save(path, build_network(cfg.net_spec()), cfg, 0, 0)
    return str(path)


def _pick(masks: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    return np.array([rng.choice(np.flatnonzero(m)) for m in masks], dtype=np.int64)


@pytest.mark.parametrize("setup", ["scripted", None])
def test_a_greedy_policy_plays_as_the_single_environments_policy_bot(tmp_path: Path,
                                                                     setup: str | None) -> None:
    spec = f"policy?model={_policy_file(tmp_path)}&greedy=true"
    kwargs: dict[str, Any] = {"board": 1, "opponent": spec, "setup": setup, "max_steps": 40, "side": "random"}
    batched = BatchedVectorEnv(2, **kwargs)
    assert batched._core is not None and batched._core.policy is not None  # the batched path, not PolicyAgent
    ref = make_vector_env(2, engine="native", **kwargs)
    ob, ib = batched.reset(seed=7)
    orf, irf = ref.reset(seed=7)
    rng = np.random.default_rng(3)
    ends = 0
    for _ in range(160):
        for key in ob:
            np.testing.assert_array_equal(ob[key], orf[key])
        np.testing.assert_array_equal(ib["side"], irf["side"])
        actions = _pick(ob["action_mask"], rng)
        ob, rb, tb, trb, ib = batched.step(actions)
        orf, rr, tr, trr, irf = ref.step(actions)
        np.testing.assert_array_equal(rb, rr)
        np.testing.assert_array_equal(tb, tr)
        np.testing.assert_array_equal(trb, trr)
        ends += int((tb | trb).sum())
    assert ends >= 4
    batched.close()
    ref.close()


class _Watcher:
    """A policy that checks what it is shown against each waiting row's own encoding."""

    def __init__(self, inner: NetOpponent) -> None:
        self.inner, self.board, self.setup = inner, inner.board, inner.setup
        self.env: BatchedVectorEnv | None = None
        self.rows = 0

    def decide(self, spatial: np.ndarray, non_spatial: np.ndarray, legal: np.ndarray,
               uniforms: np.ndarray) -> np.ndarray:
        assert self.env is not None and self.env._core is not None
        vec = self.env._core.vec
        waiting = [i for i in range(self.env.num_envs) if vec.pending_kind(i) == 3]
        assert len(waiting) == len(spatial)
        enc = NativeEncoder(self.board)
        buf = enc.buffers()
        for j, i in enumerate(waiting):
            game = self.env.game(i)
            side = game.decider
            assert side == 1 - vec.learner(i)  # only the opponent's decisions come here
            n = enc.observe(game, side, buf["spatial"], buf["non_spatial"], buf["action_mask"],
                            buf["indices"])
            np.testing.assert_array_equal(spatial[j], buf["spatial"])
            np.testing.assert_array_equal(non_spatial[j], buf["non_spatial"])
            assert legal[j, :n].tolist() == buf["indices"][:n].tolist() and (legal[j, n:] == -1).all()
        assert ((uniforms > 0) & (uniforms < 1)).all()
        self.rows += len(waiting)
        chosen = self.inner.decide(spatial, non_spatial, legal, uniforms)
        assert all(c in row for c, row in zip(chosen.tolist(), legal.tolist(), strict=True))
        return chosen


def test_the_policy_sees_its_own_sides_observation_and_legal_actions() -> None:
    torch.manual_seed(1)
    net = build_network(TrainConfig(board=1, hidden=16).net_spec())
    watcher = _Watcher(NetOpponent(net, setup="scripted"))
    with BatchedVectorEnv(3, board=1, opponent=watcher, setup="scripted", max_steps=30, side="random",
                          seed=2) as env:
        watcher.env = env
        obs, _ = env.reset()
        rng = np.random.default_rng(0)
        for _ in range(60):
            obs, *_ = env.step(_pick(obs["action_mask"], rng))
    assert watcher.rows > 20


def _trace(opponent: Any, workers: int, seed: int) -> list[Any]:
    with BatchedVectorEnv(4, board=1, opponent=opponent, setup="scripted", max_steps=25, seed=seed,
                          workers=workers) as env:
        obs, _ = env.reset()
        rng = np.random.default_rng(0)
        out = []
        for _ in range(50):
            obs, rew, term, trunc, _ = env.step(_pick(obs["action_mask"], rng))
            out.append((obs["spatial"].sum(axis=(1, 2, 3)).tolist(), rew.tolist(), (term | trunc).tolist()))
        return out


def test_a_sampled_policy_is_seeded_per_row_so_workers_change_nothing(tmp_path: Path) -> None:
    spec = f"policy?model={_policy_file(tmp_path)}"
    one = _trace(spec, 1, 5)
    assert one == _trace(spec, 2, 5)
    assert one != _trace(spec, 1, 6)


def test_sampling_takes_only_legal_indices_and_greedy_the_first_best() -> None:
    torch.manual_seed(0)
    net = build_network(TrainConfig(board=1, hidden=16).net_spec())
    enc = NativeEncoder(1)
    rng = np.random.default_rng(0)
    k = 64
    spatial = rng.random((k, *enc.spatial_shape), dtype=np.float32)
    ns = rng.random((k, enc.non_spatial_size), dtype=np.float32)
    legal = np.full((k, 9), -1, dtype=np.int64)
    for j in range(k):
        n = 1 + j % 9
        legal[j, :n] = rng.choice(enc.mask_size, size=n, replace=False)
    uniforms = np.concatenate([np.full(k // 2, 1 - 1e-16), rng.random(k // 2)])
    picked = NetOpponent(net).decide(spatial, ns, legal, uniforms)
    assert all(p in row[row >= 0] for p, row in zip(picked.tolist(), legal, strict=True))
    with torch.no_grad():
        logits = net(torch.from_numpy(spatial), torch.from_numpy(ns))[0].numpy()
    best = NetOpponent(net, greedy=True).decide(spatial, ns, legal, uniforms)
    for j in range(k):
        row = legal[j][legal[j] >= 0]
        assert best[j] == row[int(np.argmax(logits[j, row]))]


class _Cheat:
    board, setup = 1, None

    def decide(self, spatial: np.ndarray, non_spatial: np.ndarray, legal: np.ndarray,
               uniforms: np.ndarray) -> np.ndarray:
        return np.full(len(spatial), 10**6, dtype=np.int64)


def test_an_illegal_policy_action_names_its_row() -> None:
    refused = r"^row \d: the policy opponent's action index 1000000 is not legal now$"
    with BatchedVectorEnv(2, board=1, opponent=_Cheat(), setup="scripted", seed=0) as env, \
            pytest.raises(EnvError, match=refused):
        env.reset()
        for k in range(100):  # the opponent's first decision (a set-up) raises
            env.step(env.sample_actions(k))


def test_bad_policy_specs_are_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(EnvError, match="not found") as e:
        BatchedVectorEnv(2, board=1, opponent="policy?model=no-such-model")
    assert "\n" not in str(e.value)
    with pytest.raises(EnvError, match="plays board 1, not board 3"):
        BatchedVectorEnv(2, board=3, opponent=f"policy?model={_policy_file(tmp_path)}")
    with pytest.raises(EnvError, match="trained for board 3, not board 1"):
        net = build_network(TrainConfig(board=3, hidden=8).net_spec())
        BatchedVectorEnv(2, board=1, opponent=NetOpponent(net))
    from nuffle.cli import main

    assert main(["bench", "env", "--batched", "--board", "5", "--opponent", "policy?model=b11",
                 "--seconds", "0.1", "--envs", "2"]) == 2
    err = capsys.readouterr().err.strip()
    assert "not board 5" in err and "\n" not in err


def test_bench_env_batched_takes_a_policy_or_self_opponent(tmp_path: Path,
                                                           capsys: pytest.CaptureFixture[str]) -> None:
    from nuffle.cli import main

    for opponent in ("self", f"policy?model={_policy_file(tmp_path)}"):
        assert main(["bench", "env", "--batched", "--board", "1", "--envs", "4", "--seconds", "0.2",
                     "--opponent", opponent, "--json"]) == 0
        figures = json.loads(capsys.readouterr().out)
        assert figures["opponent"] == opponent and figures["steps_per_s"]["1"] > 0


def test_batched_self_play_pushes_the_learners_weights_after_every_update(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    assert resolve_executor(EnvSpec(board=1, opponent="self", pool="x"), "auto") == "batched"
    synced: list[bool] = []
    original = NetOpponent.sync

    def sync(self: NetOpponent, net: Any) -> None:
        original(self, net)
        mine, theirs = self.net.state_dict(), net.state_dict()
        same = all(torch.equal(mine[k], theirs[k]) for k in theirs)
        synced.append(same and mine["critic.weight"].is_shared())

    monkeypatch.setattr(NetOpponent, "sync", sync)
    cfg = TrainConfig(board=1, steps=160, opponent="self", executor="batched", n_envs=4, workers=2,
                      t_max=10, log_every=80, hidden=16)
    row = Trainer(cfg, tmp_path, progress=False).run()
    assert row["steps"] == 160
    assert synced == [True] * 4  # 160 steps / (10 steps x 4 environments) updates


def _synced_trace(workers: int) -> list[Any]:
    """Rows played against one network, then (from step 15) against another copied in by `sync`."""
    torch.manual_seed(0)
    first = build_network(TrainConfig(board=1, hidden=16).net_spec())
    torch.manual_seed(1)
    second = build_network(TrainConfig(board=1, hidden=16).net_spec())
    import copy

    opponent = NetOpponent(copy.deepcopy(first).share_memory(), greedy=True, setup="scripted")
    with BatchedVectorEnv(4, board=1, opponent=opponent, setup="scripted", max_steps=25, seed=3,
                          workers=workers) as env:
        obs, _ = env.reset()
        rng = np.random.default_rng(0)
        out = []
        for t in range(40):
            if t == 15:
                opponent.sync(second)
            obs, rew, *_ = env.step(_pick(obs["action_mask"], rng))
            out.append((obs["spatial"].sum(axis=(1, 2, 3)).tolist(), rew.tolist()))
        return out


def test_synced_weights_reach_every_worker() -> None:
    """A forked worker plays the weights `sync` copied in after it started (shared memory)."""
    one = _synced_trace(1)
    assert one == _synced_trace(2)
    torch.manual_seed(0)
    unsynced = NetOpponent(build_network(TrainConfig(board=1, hidden=16).net_spec()), greedy=True,
                           setup="scripted")
    with BatchedVectorEnv(4, board=1, opponent=unsynced, setup="scripted", max_steps=25, seed=3) as env:
        obs, _ = env.reset()
        rng = np.random.default_rng(0)
        plain = []
        for _ in range(40):
            obs, rew, *_ = env.step(_pick(obs["action_mask"], rng))
            plain.append((obs["spatial"].sum(axis=(1, 2, 3)).tolist(), rew.tolist()))
    assert plain[:15] == one[:15] and plain != one  # the sync changed the games that followed
