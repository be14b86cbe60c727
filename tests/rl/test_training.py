"""Training end to end: the CI smoke run, executors that agree, imitation, self-play, the
curriculum, the policy as a bot, and the command line's errors."""

import os
import subprocess
import sys
import time

import numpy as np
import pytest
import torch

from nuffle.agents.registry import make_agent
from nuffle.core.engines import native_available
from nuffle.core.errors import InputError
from nuffle.core.game import Game
from nuffle.core.types import BallState
from nuffle.envs.gym_env import BloodBowlEnv
from nuffle.play import play
from nuffle.rl.checkpoint import load
from nuffle.rl.config import TrainConfig
from nuffle.rl.curriculum import Curriculum
from nuffle.rl.dataset import Dataset, record
from nuffle.rl.imitate import clone
from nuffle.rl.plot import baselines
from nuffle.rl.trainer import Trainer
from nuffle.rl.vec import EnvSpec, VecEnv, resolve_executor

RANDOM_BASELINE_B1 = baselines(1)["random"]


@pytest.mark.slow
def test_smoke_a2c_board_1_beats_the_random_baseline(tmp_path):
    """20,000 seeded A2C steps on board 1 (the paper's settings, 8 environments in 2 worker
    processes) score more touchdowns per episode than the random bot does."""
    started = time.perf_counter()
    cfg = TrainConfig(board=1, steps=20_000, seed=0, log_every=20_000)
    row = Trainer(cfg, tmp_path, progress=False).run()
    seconds = time.perf_counter() - started
    print(f"smoke: {row['steps']:.0f} steps in {seconds:.1f} s, {row['td_per_episode']:.2f} td/episode")
    assert row["steps"] == 20_000
    assert row["td_per_episode"] > 2 * RANDOM_BASELINE_B1
    assert (tmp_path / "last.pt").is_file() and (tmp_path / "log.csv").is_file()


#: The batched executor runs on the native engine (CI requires it; elsewhere it may be missing).
NEEDS_NATIVE = pytest.mark.skipif(not native_available() and os.environ.get("NUFFLE_REQUIRE_NATIVE") != "1",
                                  reason="the native extension is not built")


def _rollout(executor, workers, steps=60):
    vec = VecEnv(EnvSpec(board=1), n_envs=4, workers=workers, seed=3, executor=executor)
    try:
        obs = vec.reset()
        rng = np.random.default_rng(0)
        trace = []
        for _ in range(steps):
            actions = np.array([rng.choice(np.flatnonzero(m)) for m in obs["action_mask"]])
            obs, rewards, dones, episodes = vec.step(actions)
            trace.append((actions.tolist(), rewards.tolist(), dones.tolist(), len(episodes)))
            assert obs["action_mask"].any(axis=1).all()  # every environment has a legal action
        return trace
    finally:
        vec.close()


def test_worker_processes_step_exactly_like_one_process():
    assert _rollout("process", 2) == _rollout("local", 1)


@NEEDS_NATIVE
def test_the_batched_executor_steps_alike_over_one_or_two_workers():
    trace = _rollout("batched", 1)
    assert trace == _rollout("batched", 2)
    assert sum(r != 0 for step in trace for r in step[1]) > 0  # the ffai reward paid something


@NEEDS_NATIVE
def test_auto_runs_batched_where_it_can_and_batched_says_why_it_cannot():
    assert resolve_executor(EnvSpec(board=1), "auto") == "batched"
    assert resolve_executor(EnvSpec(board=1, curriculum="endzone"), "auto") == "process"
    assert resolve_executor(EnvSpec(board=3, assisted_moves=True), "auto") == "process"
    assert resolve_executor(EnvSpec(board=1, opponent="self", pool="x"), "auto") == "batched"
    with pytest.raises(InputError, match="cannot run these settings: self-play's opponent sets up"):
        resolve_executor(EnvSpec(board=1, opponent="self", pool="x", setup="random"), "batched")
    with pytest.raises(InputError, match="unknown executor 'gpu'"):
        resolve_executor(EnvSpec(board=1), "gpu")


@pytest.mark.slow
def test_ray_actors_step_exactly_like_one_process():
    ray = pytest.importorskip("ray")
    try:
        assert _rollout("ray", 2, steps=30) == _rollout("local", 1, steps=30)
    finally:
        ray.shutdown()


def test_dataset_records_legal_actions_and_round_trips(tmp_path):
    data = record("endzone", board=1, games=2, seed=1)
    assert len(data) > 20
    for i in range(len(data)):  # every recorded action is among its sample's legal actions
        assert data.actions[i] in data.legal[data.offsets[i]:data.offsets[i + 1]]
    data.save(tmp_path / "d.npz")
    again = Dataset.load(tmp_path / "d.npz")
    assert np.array_equal(again.actions, data.actions) and again.board == 1
    assert np.array_equal(again.spatial, data.spatial) and again.setup == "scripted"
    (tmp_path / "bad.npz").write_bytes(b"nope")
    with pytest.raises(ValueError, match="not a nuffle dataset"):
        Dataset.load(tmp_path / "bad.npz")


@pytest.mark.slow
def test_cloning_learns_the_bots_choices_then_ppo_fine_tunes(tmp_path):
    again = record("endzone", board=1, games=4, seed=1)
    data = again
    cfg = TrainConfig(board=1, net="paper", hidden=64, lr=3e-3)
    row = clone(again, tmp_path / "bc", cfg, epochs=15, batch=64, val_fraction=0.0)
    chance = float(np.mean([1 / (data.offsets[i + 1] - data.offsets[i]) for i in range(len(data))]))
    assert row["accuracy"] > max(0.6, chance + 0.2)
    # the cloned policy is a bot that plays whole games on either side
    model = str(tmp_path / "bc" / "best.pt")
    policy, greedy = make_agent(f"policy?model={model}"), make_agent(f"policy?model={model}&greedy=1")
    g = play(Game.new("human", "human", seed=2, board=1), policy, make_agent("random"))
    assert g.is_over
    g = play(Game.new("human", "human", seed=3, board=1), make_agent("random"), greedy)
    assert g.is_over
    # PPO fine-tunes the cloned policy: same network, trained further
    before = {k: v.clone() for k, v in load(model).net.state_dict().items()}
    cfg = TrainConfig(board=1, algo="ppo", steps=256, n_envs=2, ppo_steps=64, executor="local", lr=3e-4,
                      net="conv", log_every=256)
    trainer = Trainer(cfg, tmp_path / "ppo", init=model, progress=False)
    assert trainer.cfg.net == "paper" and trainer.cfg.hidden == 64  # taken from the checkpoint
    trainer.run()
    after = load(tmp_path / "ppo" / "last.pt")
    assert after.steps == 256 and after.config.algo == "ppo"
    assert any(not torch.equal(before[k], v) for k, v in after.net.state_dict().items())


def test_critic_warmup_trains_the_value_head_alone_then_everything(tmp_path):
    cfg = TrainConfig(board=1, net="paper", hidden=16)
    from nuffle.rl import checkpoint
    from nuffle.rl.networks import build_network

    torch.manual_seed(2)
    checkpoint.save(tmp_path / "init.pt", build_network(cfg.net_spec()), cfg, 0, 0)
    before = load(tmp_path / "init.pt").net.state_dict()
    warm = TrainConfig(board=1, algo="ppo", steps=256, n_envs=2, ppo_steps=64, executor="local",
                       critic_warmup=256, log_every=128)
    Trainer(warm, tmp_path / "warm", init=str(tmp_path / "init.pt"), progress=False).run()
    after = load(tmp_path / "warm" / "last.pt").net.state_dict()
    moved = {k for k, v in after.items() if not torch.equal(before[k], v)}
    assert moved == {"critic.weight", "critic.bias"}  # the policy acts exactly as loaded
    rows = (tmp_path / "warm" / "log.csv").read_text().splitlines()
    assert len(rows) == 3  # a header and two rows
    # past the warm-up the algorithm trains the whole network
    cont = TrainConfig(board=1, algo="ppo", steps=256, n_envs=2, ppo_steps=64, executor="local",
                       critic_warmup=128, log_every=256)
    Trainer(cont, tmp_path / "cont", init=str(tmp_path / "init.pt"), progress=False).run()
    later = load(tmp_path / "cont" / "last.pt").net.state_dict()
    assert not torch.equal(before["actor.weight"], later["actor.weight"])
    with pytest.raises(ValueError, match="critic-warmup must be a non-negative"):
        TrainConfig(critic_warmup=-1).validate()


@pytest.mark.slow
def test_self_play_over_the_pettingzoo_environment(tmp_path):
    cfg = TrainConfig(board=1, steps=600, opponent="self", executor="local", n_envs=2, log_every=300,
                      selfplay_every=300, hidden=16)
    row = Trainer(cfg, tmp_path, progress=False).run()
    pool = sorted((tmp_path / "pool").glob("*.pt"))
    assert len(pool) >= 2  # the first snapshot and at least one later
    assert row["episodes"] > 0
    assert row["td_per_episode"] + row["td_against"] > 0  # somebody scored in the logged games


def test_curriculum_hands_over_near_the_end_zone():
    """At level 0 the helper plays each drive until the learner's carrier is one column from
    the end zone (or the opponent has the ball); at level 1 the learner plays everything."""
    firsts = {}
    for level in (0.0, 1.0):
        cur = Curriculum(board=3, seed=0, level=level)
        calls: list[bool] = []
        env = BloodBowlEnv(board=3, opponent="random", setup="scripted", side="home",
                           takeover=lambda g, c=cur, log=calls: log.append(c.takeover(g)) or log[-1])
        env.reset(seed=4)
        rng = np.random.default_rng(0)
        game = env.driver.live()
        seen = set()
        firsts[level] = 0
        while not game.is_over:
            s = game.state
            drive = (s.half, s.teams[0].score + s.teams[1].score)
            if drive not in seen:  # the learner's first decision of a drive
                seen.add(drive)
                firsts[level] += 1
                if level == 0.0:
                    carrier = s.grid[s.ball] if s.ball_state == BallState.CARRIED else -1
                    assert carrier >= 0, "the helper hands over only once somebody holds the ball"
                    near = s.board.endzone_x[0] - s.board.xs[s.pos[carrier]] <= 1
                    assert s.pteam[carrier] == 1 or near
            env.step(int(rng.choice(env.legal_indices())))
        assert calls, "the environment asked the curriculum"
        if level == 1.0:
            assert not any(calls)
        else:
            assert any(calls) and not all(calls)
    assert firsts[0.0] >= 1 and firsts[1.0] >= 1


def _nuffle(*args):
    return subprocess.run([sys.executable, "-m", "nuffle.cli", "rl", *args], capture_output=True, text=True,
                          timeout=120)


@pytest.mark.slow
def test_command_line_errors_are_one_clear_line(tmp_path):
    bad = tmp_path / "bad.pt"
    bad.write_bytes(b"\x00garbage")
    cases = [
        (["eval", str(tmp_path / "nope.pt")], "not found"),
        (["eval", str(bad)], "not a readable checkpoint"),
        (["train", "--out", str(tmp_path / "r"), "--algo", "dqn"], "unknown algorithm 'dqn'"),
        (["train", "--out", str(tmp_path / "r"), "--steps", "-5"], "--steps must be a positive"),
        (["resume", str(tmp_path / "empty")], "no last.pt"),
    ]
    for args, message in cases:
        p = _nuffle(*args)
        assert p.returncode == 2, (args, p.stderr)
        assert "Traceback" not in p.stderr
        lines = [x for x in p.stderr.splitlines() if x.strip()]
        assert len(lines) == 1 and message in lines[0], (args, p.stderr)


@pytest.mark.slow
def test_command_line_train_resume_eval_plot(tmp_path):
    out = tmp_path / "run"
    p = _nuffle("train", "--out", str(out), "--steps", "800", "--envs", "4", "--executor", "local",
                "--hidden", "16", "--log-every", "400", "--no-progress")
    assert p.returncode == 0, p.stderr
    assert load(out / "last.pt").steps == 800
    p = _nuffle("train", "--out", str(out), "--steps", "800")
    assert p.returncode == 2 and "already holds a run" in p.stderr
    p = _nuffle("resume", str(out), "--steps", "1600", "--no-progress")
    assert p.returncode == 0, p.stderr
    assert load(out / "last.pt").steps == 1600
    assert len((out / "log.csv").read_text().splitlines()) == 1 + 4  # one header, rows appended
    p = _nuffle("eval", str(out / "last.pt"), "--games", "4", "--json")
    assert p.returncode == 0, p.stderr
    assert '"games": 4' in p.stdout
    p = _nuffle("eval", str(out / "last.pt"), "--games", "3")
    assert p.returncode == 2 and "even number" in p.stderr
    p = _nuffle("plot", str(out), "--out", str(tmp_path / "curve.png"))
    assert p.returncode == 0, p.stderr
    assert (tmp_path / "curve.png").read_bytes()[:4] == b"\x89PNG"


def test_curves_are_named_after_their_run(tmp_path):
    from nuffle.rl.plot import run_label

    (tmp_path / "b1td").mkdir()
    assert run_label(tmp_path / "b1td") == "b1td"
    assert run_label(tmp_path / "b1td" / "log.csv") == "b1td"
    assert run_label(tmp_path / "b1_a2c_log.csv") == "b1_a2c"


@NEEDS_NATIVE
@pytest.mark.parametrize(("args", "why"), [
    (["--curriculum", "endzone"], "a curriculum takes learner decisions over from Python"),
    (["--assisted-moves"], "assisted moves are not in the batched environment"),
    (["--opponent", "self", "--setup", "random"], "self-play's opponent sets up with the scripted"),
])
def test_the_batched_executor_refuses_settings_it_cannot_run_in_one_line(tmp_path, capsys, args, why):
    """Issue 54, item 13, as the user ran it: `rl train --executor batched` with settings it does
    not support is one line and exit 2, and leaves no run folder."""
    from nuffle.cli import main

    out = tmp_path / "run"
    assert main(["rl", "train", "--out", str(out), "--executor", "batched", "--board", "1", "--steps", "80",
                 "--no-progress", *args]) == 2
    err = capsys.readouterr().err
    lines = err.strip().splitlines()
    assert len(lines) == 1, err
    assert lines[0].startswith("error: executor 'batched' cannot run these settings: "), err
    assert why in lines[0] and "Traceback" not in err
    assert not out.exists()


def test_several_recordings_load_as_one_in_order(tmp_path):
    parts = [record("endzone", board=1, games=1, seed=s) for s in (1, 2)]
    for k, p in enumerate(parts):
        p.save(tmp_path / f"p{k}.npz")
    joined = Dataset.load_many([tmp_path / "p0.npz", tmp_path / "p1.npz"])
    assert len(joined) == len(parts[0]) + len(parts[1])
    assert np.array_equal(joined.spatial, np.concatenate([p.spatial for p in parts]))
    assert np.array_equal(joined.actions, np.concatenate([p.actions for p in parts]))
    k = len(parts[0])
    for i in (0, k - 1, k, len(joined) - 1):  # each sample keeps its own legal actions
        src, j = (parts[0], i) if i < k else (parts[1], i - k)
        assert np.array_equal(joined.legal[joined.offsets[i]:joined.offsets[i + 1]],
                              src.legal[src.offsets[j]:src.offsets[j + 1]])
    record("endzone", board=3, games=1, seed=1).save(tmp_path / "b3.npz")
    with pytest.raises(ValueError, match="disagree"):
        Dataset.load_many([tmp_path / "p0.npz", tmp_path / "b3.npz"])
    with pytest.raises(ValueError, match="not found"):
        Dataset.load_many([tmp_path / "p0.npz", tmp_path / "nope.npz"])


def test_cloning_keeps_a_checkpoint_per_epoch_with_its_time(tmp_path):
    data = record("endzone", board=1, games=1, seed=1)
    row = clone(data, tmp_path / "bc", TrainConfig(board=1, net="paper", hidden=16), epochs=2,
                batch=64, keep_epochs=True)
    assert row["epoch"] == 2 and row["seconds"] > 0
    for epoch in (1, 2):
        extra = load(tmp_path / "bc" / f"epoch{epoch}.pt").extra
        assert extra["imitation"]["epoch"] == epoch
    assert not (tmp_path / "bc" / "epoch3.pt").exists()


def test_dagger_records_the_drivers_states_with_the_bots_labels():
    plain = record("endzone", board=1, games=1, seed=3)
    same = record("endzone", board=1, games=1, seed=3, driver="endzone")  # the bot drives: nothing changes
    assert np.array_equal(plain.actions, same.actions) and np.array_equal(plain.spatial, same.spatial)
    dagger = record("endzone", board=1, games=1, seed=3, driver="random")
    for i in range(len(dagger)):  # the labels are legal where the driver stood
        assert dagger.actions[i] in dagger.legal[dagger.offsets[i]:dagger.offsets[i + 1]]
    # random drives elsewhere: other states, so other observations
    n = min(len(plain), len(dagger))
    assert len(plain) != len(dagger) or not np.array_equal(plain.spatial[:n], dagger.spatial[:n])
    # an unknown driver is refused before any game
    with pytest.raises(ValueError, match="unknown bot 'nosuchbot'"):
        record("endzone", board=1, games=1, driver="nosuchbot")


@pytest.mark.slow
def test_command_line_dagger_recording_then_cloning_from_several_files(tmp_path):
    a, b = tmp_path / "a.npz", tmp_path / "b.npz"
    p = _nuffle("dataset", "--bot", "endzone", "--board", "1", "--games", "1", "--out", str(a))
    assert p.returncode == 0, p.stderr
    p = _nuffle("dataset", "--bot", "endzone", "--driver", "random", "--board", "1", "--games", "1",
                "--seed", "5", "--out", str(b))
    assert p.returncode == 0, p.stderr
    n = len(Dataset.load(a)) + len(Dataset.load(b))
    p = _nuffle("imitate", str(a), str(b), "--out", str(tmp_path / "bc"), "--epochs", "2", "--net", "paper",
                "--hidden", "16", "--keep-epochs")
    assert p.returncode == 0, p.stderr
    assert f"{n} decisions from 2 file(s)" in p.stdout
    assert (tmp_path / "bc" / "epoch1.pt").exists() and (tmp_path / "bc" / "epoch2.pt").exists()
    p = _nuffle("imitate", str(a), str(tmp_path / "missing.npz"), "--out", str(tmp_path / "bc2"))
    assert p.returncode == 2 and "missing.npz not found" in p.stderr and "Traceback" not in p.stderr


def test_cloning_can_start_from_a_checkpoint(tmp_path):
    data = record("endzone", board=1, games=1, seed=1)
    clone(data, tmp_path / "a", TrainConfig(board=1, net="paper", hidden=16), epochs=1, batch=64)
    start = load(tmp_path / "a" / "last.pt").net.state_dict()

    def moved(folder: str) -> float:  # the largest weight change from the checkpoint
        after = load(tmp_path / folder / "last.pt").net.state_dict()
        return max(float((after[k] - start[k]).abs().max()) for k in start)

    slow = TrainConfig(board=1, net="paper", hidden=16, lr=1e-7)  # Adam moves each weight about lr a step
    clone(data, tmp_path / "b", slow, epochs=1, batch=64, init=tmp_path / "a" / "last.pt")
    fresh = TrainConfig(board=1, net="paper", hidden=16, lr=1e-7, seed=9)
    clone(data, tmp_path / "c", fresh, epochs=1, batch=64)
    assert moved("b") < 1e-4 < moved("c")  # from the checkpoint's weights, not fresh ones
    with pytest.raises(ValueError, match="another network"):
        clone(data, tmp_path / "d", TrainConfig(board=1, net="paper", hidden=32), epochs=1,
              init=tmp_path / "a" / "last.pt")
