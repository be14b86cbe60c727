# mypy: disable-error-code="attr-defined,dict-item,import-not-found,no-any-return,type-arg,union-attr"
"""Stopping `nuffle tournament` with SIGTERM or Ctrl-C (SIGINT): it exits 130 within seconds,
kills every worker, bot and process a bot started, keeps the games played (records and a
report marked unfinished), and a second run of the same command plays only the rest."""

from __future__ import annotations

import json
import signal
import subprocess
import sys
import time
import uuid

import psutil
import pytest

from .conftest import BOTS

CONFIG = """
[tournament]
name = "stopped"
games_per_pair = 6
board = 1
seed = 3
workers = 2
[clocks]
turn = 20
opponent_decision = 10
init = 30
end = 5
[[bots]]
name = "spawner"
team = "human"
command = ["{py}", "{bot}", "setsid", "{marker}"]
[[bots]]
name = "slow"
team = "orc"
command = ["{py}", "{bot}", "late_always", "0.02"]
"""


def _as_from_a_terminal() -> None:
    """In the child: SIGINT as a terminal would deliver it (a suite started in the background
    by a shell inherits SIGINT ignored, and Python then never raises KeyboardInterrupt)."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)
    signal.pthread_sigmask(signal.SIG_UNBLOCK, [signal.SIGINT])


def tree(pid: int) -> list[psutil.Process]:
    try:
        return psutil.Process(pid).children(recursive=True)
    except psutil.NoSuchProcess:
        return []


def alive(procs: list[psutil.Process]) -> list[tuple[int, list[str]]]:
    out = []
    for p in procs:
        try:
            if p.is_running() and p.status() != psutil.STATUS_ZOMBIE:
                out.append((p.pid, p.cmdline()))
        except psutil.NoSuchProcess:
            pass
    return out


def marked(marker: str) -> list[tuple[int, list[str]]]:
    return [(p.pid, p.info["cmdline"]) for p in psutil.process_iter(["cmdline", "status"])
            if marker in (p.info["cmdline"] or []) and p.info["status"] != psutil.STATUS_ZOMBIE]


@pytest.mark.slow  # plays games until one is done, then a second run plays the rest
@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGINT])
def test_interrupted_tournament_cleans_up_and_resumes(tmp_path, sig):
    marker = f"nuffle-test-{uuid.uuid4().hex}"
    config = tmp_path / "stopped.toml"
    config.write_text(CONFIG.format(py=sys.executable, bot=BOTS / "misbehave.py", marker=marker))
    out = tmp_path / "stopped-results"
    cmd = [sys.executable, "-c", "import sys; from nuffle.cli import main; sys.exit(main())",
           "tournament", str(config), "--quiet"]
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            preexec_fn=_as_from_a_terminal)
    try:
        deadline = time.monotonic() + 120
        while not list((out / "records").glob("game-*.json")):
            assert proc.poll() is None, proc.communicate()
            assert time.monotonic() < deadline, "no game finished"
            time.sleep(0.1)
        time.sleep(0.3)  # the next games are under way
        running = tree(proc.pid)
        assert any("misbehave.py" in " ".join(c) for _, c in alive(running)), "no bot was running"
        t0 = time.monotonic()
        proc.send_signal(sig)
        _, err = proc.communicate(timeout=30)
        stopped = time.monotonic() - t0
    finally:
        if proc.poll() is None:
            proc.kill()
    assert proc.returncode == 130, err
    assert stopped < 10
    assert b"interrupted" in err and b"Traceback" not in err, err.decode()
    time.sleep(0.2)
    assert alive(running) == [], "processes outlived the tournament"
    assert marked(marker) == []
    partial = json.loads((out / "report.json").read_text())
    assert partial["tournament"]["unfinished"] is True
    played = {g["index"]: g for g in partial["games"]}
    assert 1 <= len(played) < 6
    for g in played.values():
        assert (out / g["record"]).is_file() and (out / g["stderr"]["home"]).is_file()
        # a game whose pair is not over yet is not published, nor is its seed
        published = g["index"] ^ 1 in played
        assert g["record"].startswith("records/" if published else ".referee/pending/")
        assert (g["seed"] is None) != published
    assert partial["tournament"]["seed"] is None
    assert sum(r["played"] for r in partial["standings"]) == 2 * len(played)

    # the same command again plays the rest, keeping what was played
    done = subprocess.run(cmd, capture_output=True, timeout=300)
    assert done.returncode == 0, done.stderr
    final = json.loads((out / "report.json").read_text())
    assert final["tournament"]["unfinished"] is False
    assert [g["index"] for g in final["games"]] == list(range(6))
    kept = ("home", "away", "score", "penalties", "digest")
    for i, g in played.items():
        assert {k: final["games"][i][k] for k in kept} == {k: g[k] for k in kept}
    assert marked(marker) == []


@pytest.mark.slow  # starts a local Ray
def test_sigterm_stops_a_ray_tournament_as_ctrl_c_does(tmp_path):
    pytest.importorskip("ray")
    marker = f"nuffle-test-{uuid.uuid4().hex}"
    config = tmp_path / "stopped.toml"
    text = CONFIG.replace("workers = 2", 'workers = 2\nexecutor = "ray"')
    config.write_text(text.format(py=sys.executable, bot=BOTS / "misbehave.py", marker=marker))
    out = tmp_path / "stopped-results"
    cmd = [sys.executable, "-c", "import sys; from nuffle.cli import main; sys.exit(main())",
           "tournament", str(config), "--quiet"]
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            preexec_fn=_as_from_a_terminal)
    try:
        deadline = time.monotonic() + 240
        while not list((out / "records").glob("game-*.json")):
            assert proc.poll() is None, proc.communicate()
            assert time.monotonic() < deadline, "no game finished"
            time.sleep(0.1)
        time.sleep(0.3)
        running = tree(proc.pid)
        assert any("raylet" in " ".join(c) for _, c in alive(running)), "no Ray was running"
        proc.send_signal(signal.SIGTERM)
        _, err = proc.communicate(timeout=60)
    finally:
        if proc.poll() is None:
            proc.kill()
    assert proc.returncode == 130, err.decode()
    assert b"interrupted" in err and b"Traceback" not in err, err.decode()
    deadline = time.monotonic() + 10
    while alive(running) and time.monotonic() < deadline:  # Ray's own processes end by themselves
        time.sleep(0.2)
    assert alive(running) == [], "processes outlived the tournament"
    assert marked(marker) == []
    assert json.loads((out / "report.json").read_text())["tournament"]["unfinished"] is True
