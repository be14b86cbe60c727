"""Training on the user's observation features (issue 54, item 15): `nuffle rl train --features
MODULE:NAME` on every executor, checkpoints that record them (network input, config, layout
hash), the `policy` bot that computes them again, and one-line refusals."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import numpy as np
import pytest
import torch

from nuffle.agents.registry import make_agent
from nuffle.cli import main
from nuffle.core.engines import native_available
from nuffle.core.game import Game
from nuffle.envs.batched import BatchedVectorEnv
from nuffle.envs.extra_features import ExtraFeatures
from nuffle.envs.layout_hash import layout_hash
from nuffle.rl import checkpoint
from nuffle.rl.batched import batched_unsupported
from nuffle.rl.networks import NetSpec, PaperNet, build_network
from nuffle.rl.policy_bot import PolicyAgent
from nuffle.rl.policy_opponent import NetOpponent
from nuffle.rl.vec import EnvSpec

HERE = Path(__file__).parent
sys.path.insert(0, str(HERE.parent / "envs"))  # margin_features, imported by path as users' modules are
from margin_features import MARGIN  # type: ignore[import-not-found]  # noqa: E402

NEEDS_NATIVE = pytest.mark.skipif(not native_available() and os.environ.get("NUFFLE_REQUIRE_NATIVE") != "1",
                                  reason="the native extension is not built")
QUICK = ["--board", "1", "--steps", "160", "--envs", "4", "--workers", "1", "--log-every", "80",
         "--no-progress", "--features", "margin_features:MARGIN"]


@pytest.mark.parametrize("executor", [pytest.param("batched", marks=NEEDS_NATIVE), "local"])
def test_rl_train_records_the_features_and_the_policy_bot_uses_them(tmp_path: Path, executor: str) -> None:
    out = tmp_path / "run"
    assert main(["rl", "train", "--out", str(out), "--executor", executor, *QUICK]) == 0
    payload = torch.load(out / "last.pt", weights_only=True)
    assert payload["layout"] == layout_hash(1, MARGIN) != layout_hash(1)
    saved = checkpoint.load(out / "last.pt")
    assert saved.config.features == "margin_features:MARGIN" and saved.net.spec.extra == 2
    plain = build_network(NetSpec(board=1))
    assert isinstance(saved.net, PaperNet) and isinstance(plain, PaperNet)
    assert saved.net.fc_ns.in_features == plain.fc_ns.in_features + 2

    from nuffle.play import play

    bot = make_agent(f"policy?model={out / 'last.pt'}")
    assert isinstance(bot, PolicyAgent)
    assert bot.features is MARGIN  # computed for every decision it takes as a bot
    game = play(Game.new("human", "human", seed=3, board=1), bot, make_agent("random"))  # its net
    assert game.is_over  # reads 2 inputs more: without the features every decision would fail


def test_a_checkpoint_whose_features_changed_is_refused(tmp_path: Path) -> None:
    out = tmp_path / "run"
    assert main(["rl", "train", "--out", str(out), "--executor", "local", *QUICK]) == 0
    payload = torch.load(out / "last.pt", weights_only=True)
    payload["layout"] = layout_hash(1)  # as if the features' name or size had changed since
    torch.save(payload, out / "other.pt")
    with pytest.raises(checkpoint.CheckpointError, match="observation features"):
        checkpoint.load(out / "other.pt")
    payload["config"]["features"] = "nuffle_no_such_module:X"
    torch.save(payload, out / "gone.pt")
    with pytest.raises(checkpoint.CheckpointError, match="cannot import nuffle_no_such_module"):
        checkpoint.load(out / "gone.pt")


@pytest.mark.parametrize(("features", "named"), [
    ("nuffle_no_such_module:X", "cannot import nuffle_no_such_module"),
    ("margin_features", "package.module:NAME"),
    ("margin_features:margin", "has no ExtraFeatures named margin"),
])
def test_bad_features_are_one_line_and_exit_2(tmp_path: Path, features: str, named: str,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "run"
    args = [a if a != "margin_features:MARGIN" else features for a in QUICK]
    assert main(["rl", "train", "--out", str(out), *args]) == 2
    err = capsys.readouterr().err
    assert len(err.strip().splitlines()) == 1 and named in err, err
    assert not out.exists()


def test_init_from_a_policy_with_other_features_is_refused(tmp_path: Path,
                                                           capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "run"
    args = [a for a in QUICK if a not in ("--features", "margin_features:MARGIN")]
    assert main(["rl", "train", "--out", str(out), "--init", "b1", *QUICK]) == 2
    assert "trained with observation features none" in capsys.readouterr().err
    assert main(["rl", "train", "--out", str(out), "--init", "b1", *args]) == 0


def _decider_features(view: Game, side: int) -> list[float]:
    """[the observing side, 1 when that side decides now]."""
    return [float(side), float(int(view.decider) == side)]


DECIDER = ExtraFeatures("decider-v1", 2, _decider_features)


class _FeatureWatcher:
    """A policy opponent with observation features that checks each row's appended values
    against the row's opponent side, found independently of the code under test."""

    def __init__(self, inner: NetOpponent) -> None:
        self.inner, self.board, self.setup, self.features = inner, inner.board, inner.setup, inner.features
        self.env: BatchedVectorEnv | None = None
        self.rows = 0

    def decide(self, spatial: np.ndarray, non_spatial: np.ndarray, legal: np.ndarray,
               uniforms: np.ndarray) -> np.ndarray:
        assert self.env is not None and self.env._core is not None
        vec = self.env._core.vec
        waiting = [i for i in range(self.env.num_envs) if vec.pending_kind(i) == 3]
        assert sorted(waiting) == sorted(vec.policy_rows()) and len(waiting) == len(non_spatial)
        for j, i in enumerate(vec.policy_rows()):
            assert non_spatial[j, -2:].tolist() == [1.0 - vec.learner(i), 1.0]
        self.rows += len(waiting)
        return self.inner.decide(spatial, non_spatial, legal, uniforms)


@NEEDS_NATIVE
def test_a_policy_opponent_with_features_gets_them_for_its_own_side() -> None:
    torch.manual_seed(1)
    net = build_network(NetSpec(board=1, hidden=16, extra=2))
    watcher = _FeatureWatcher(NetOpponent(net, setup="scripted", features=DECIDER))
    with BatchedVectorEnv(3, board=1, opponent=watcher, setup="scripted", max_steps=30, side="random",
                          seed=2) as env:
        watcher.env = env
        obs, _ = env.reset()
        rng = np.random.default_rng(0)
        for _ in range(60):
            mask = obs["action_mask"]
            obs, *_ = env.step(np.array([rng.choice(np.flatnonzero(m)) for m in mask]))
    assert watcher.rows > 20


@NEEDS_NATIVE
def test_self_play_with_features_runs_on_the_batched_executor(tmp_path: Path) -> None:
    spec = EnvSpec(board=1, opponent="self", pool="x", features="margin_features:MARGIN")
    assert batched_unsupported(spec) is None
    out = tmp_path / "run"
    args = ["rl", "train", "--out", str(out), "--executor", "batched", "--opponent", "self", *QUICK]
    assert main(args) == 0
    saved = checkpoint.load(out / "last.pt")
    assert saved.config.features == "margin_features:MARGIN" and saved.net.spec.extra == 2
    bot = make_agent(f"policy?model={out / 'last.pt'}")
    assert isinstance(bot, PolicyAgent)
    opponent = bot.batch_policy()  # a features policy is a batched opponent too now
    assert opponent is not None and opponent.features is MARGIN


def test_a_network_and_its_features_must_agree() -> None:
    with pytest.raises(ValueError, match="reads 2 observation features, none gives 0"):
        NetOpponent(build_network(NetSpec(board=1, extra=2)))
    with pytest.raises(ValueError, match="reads 0 observation features, score-margin-v1 gives 2"):
        NetOpponent(build_network(NetSpec(board=1)), features=MARGIN)


def test_a_dataset_with_features_clones_a_network_that_reads_them(tmp_path: Path,
                                                                  capsys: pytest.CaptureFixture[str]) -> None:
    """`rl dataset --features` records them (named in the file), `rl imitate` trains a network
    that reads them, and files with and without them are not joined."""
    from nuffle.rl.dataset import Dataset

    with_f, plain = tmp_path / "f.npz", tmp_path / "p.npz"
    base = ["rl", "dataset", "--board", "1", "--games", "2", "--bot", "scripted"]
    assert main([*base, "--out", str(with_f), "--features", "margin_features:MARGIN"]) == 0
    assert main([*base, "--out", str(plain)]) == 0
    data, bare = Dataset.load(with_f), Dataset.load(plain)
    assert data.features == "margin_features:MARGIN" and bare.features is None
    assert data.non_spatial.shape[1] == bare.non_spatial.shape[1] + 2
    # the appended columns are the features of each recorded decision: the margin and the total
    margin, total = data.non_spatial[:, -2], data.non_spatial[:, -1]
    assert (abs(margin) <= total).all() and total.max() >= 1  # the scripted bot scores on board 1
    assert main(["rl", "imitate", str(with_f), "--out", str(tmp_path / "bc"), "--epochs", "1"]) == 0
    saved = checkpoint.load(tmp_path / "bc" / "best.pt")
    assert saved.config.features == "margin_features:MARGIN" and saved.net.spec.extra == 2
    capsys.readouterr()
    assert main(["rl", "imitate", str(with_f), str(plain), "--out", str(tmp_path / "x")]) == 2
    assert "features margin_features:MARGIN" in capsys.readouterr().err
    assert main(["rl", "imitate", str(plain), "--out", str(tmp_path / "y"), "--epochs", "1",
                 "--init", str(tmp_path / "bc" / "best.pt")]) == 2
    assert "trained with observation features margin_features:MARGIN" in capsys.readouterr().err
