"""Training with its rollout actors on a Ray cluster joined by address (`--ray-address`)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import psutil
import pytest

from nuffle.cli import main

pytest.importorskip("torch")

SRC = str(Path(__file__).resolve().parents[2] / "src")


def _train_args(out: Path, *extra: str) -> list[str]:
    return ["rl", "train", "--out", str(out), "--board", "1", "--steps", "40", "--envs", "2",
            "--workers", "2", "--hidden", "16", "--log-every", "20", "--checkpoint-every", "20",
            "--no-progress", *extra]


def test_a_bad_ray_address_is_one_line_and_exit_2(tmp_path, capsys):
    pytest.importorskip("ray")
    code = main(_train_args(tmp_path / "run", "--executor", "ray", "--ray-address", "127.0.0.1:1"))
    err = capsys.readouterr().err
    assert code == 2 and err.count("\n") == 1, err
    assert "cannot reach the Ray cluster at '127.0.0.1:1'" in err and "Traceback" not in err
    assert not (tmp_path / "run" / "last.pt").exists()


def test_a_ray_address_needs_the_ray_executor(tmp_path, capsys):
    code = main(_train_args(tmp_path / "run", "--executor", "local", "--ray-address", "127.0.0.1:6379"))
    err = capsys.readouterr().err
    assert code == 2 and err.count("\n") == 1 and "needs the ray executor" in err, err


@pytest.mark.slow
def test_training_spreads_its_rollout_actors_over_a_two_node_cluster(tmp_path, monkeypatch):
    cluster_utils = pytest.importorskip("ray.cluster_utils")
    # a head with no CPUs (nothing is scheduled there) and two workers of one CPU each, all
    # on the loopback address; Ray on Linux turns a loopback address into the machine's own
    # address, unless told this is a one-machine cluster as on macOS
    monkeypatch.setenv("RAY_ENABLE_WINDOWS_OR_OSX_CLUSTER", "0")
    monkeypatch.delenv("RAY_ADDRESS", raising=False)
    # this worker's children from before (multiprocessing's forkserver and resource tracker
    # live as long as the process) are not the cluster's
    earlier = {p.pid for p in psutil.Process().children(recursive=True)}
    cluster = cluster_utils.Cluster(initialize_head=True, head_node_args={
        "num_cpus": 0, "node_ip_address": "127.0.0.1", "include_dashboard": False})
    ray_procs: list[psutil.Process] = []
    try:
        workers = {cluster.add_node(num_cpus=1, node_ip_address="127.0.0.1").node_id for _ in range(2)}
        cluster.wait_for_nodes()
        env = {**os.environ, "PYTHONPATH": os.pathsep.join([SRC, os.environ.get("PYTHONPATH", "")])}
        out = tmp_path / "run"
        done = subprocess.run([sys.executable, "-m", "nuffle.cli", *_train_args(
            out, "--executor", "ray", "--ray-address", cluster.address)],
            capture_output=True, text=True, env=env, timeout=90, check=False)
        assert done.returncode == 0, done.stderr[-2000:]
        line = next(x for x in done.stderr.splitlines() if x.startswith("rollout workers:"))
        assert line.startswith("rollout workers: 2 Ray actors on 2 node(s): ")
        assert set(line.split(": ")[-1].split(", ")) == workers  # one actor on each worker node
        assert (out / "last.pt").is_file()
        rows = (out / "log.csv").read_text().splitlines()
        assert len(rows) >= 3 and rows[-1].startswith("40,")  # a header, then rows up to step 40
        ray_procs = [p for p in psutil.Process().children(recursive=True) if p.pid not in earlier]
        assert ray_procs  # the cluster's processes (GCS, raylets, workers) are this test's children
    finally:
        cluster.shutdown()
    # Ray's idle workers notice their raylet is gone by polling: on a loaded machine (the suite
    # beside it) that took over 15 s once, so they get a minute before they count as left over.
    _, alive = psutil.wait_procs(ray_procs, timeout=60)
    left = [" ".join(p.cmdline()[:3]) for p in alive if p.is_running()]
    for p in alive:  # nothing outlives the test, whatever it finds
        p.kill()
    assert not left, left
