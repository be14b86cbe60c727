"""Ctrl-C and SIGTERM with work in flight (issue 41): `play --games`, `ladder`, `rl train` and
`serve` each stop within 10 s, leave no process behind and keep every finished result."""

from __future__ import annotations

import contextlib
import json
import os
import signal
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

import pytest

pytestmark = pytest.mark.slow  # each test starts interpreters and waits for work to be in flight

SIGNALS = [signal.SIGINT, signal.SIGTERM]


def _as_from_a_terminal() -> None:
    """In the child: SIGINT acts as in a shell, whatever the test runner's own signal state."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)
    signal.pthread_sigmask(signal.SIG_UNBLOCK, [signal.SIGINT])


def _children(pid: int) -> list[int]:
    """The processes whose parent is `pid` (from /proc)."""
    out = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text()
            except OSError:
                continue
            if int(stat.rpartition(")")[2].split()[1]) == pid:
                out.append(int(entry.name))
    return out


def _gone(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rpartition(")")[2].split()[0]
    except OSError:
        return True
    return state in ("Z", "X")  # exited (a zombie waits only to be reaped)


def _start(args: list[str], cwd: Path, group: bool = False) -> subprocess.Popen[str]:
    """Start `nuffle ARGS`; `group`: in a process group of its own, as a shell's job is (a Ctrl-C
    at the terminal then reaches every process of the group, the workers too)."""
    return subprocess.Popen([sys.executable, "-m", "nuffle.cli", *args], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True, cwd=cwd, preexec_fn=_as_from_a_terminal,
                            process_group=0 if group else None)


def _cpu_ticks(pid: int) -> int:
    """The CPU time `pid` has used, in clock ticks (0 once it is gone)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rpartition(")")[2].split()
    except OSError:
        return 0
    return int(fields[11]) + int(fields[12])  # utime + stime


def _workers_busy(proc: subprocess.Popen[str], count: int, seconds: float = 0.1) -> Callable[[], bool]:
    """Whether `count` children of `proc` have each worked `seconds` of CPU time: work in
    flight, whatever the machine's load (a wall-clock sleep would only guess at it)."""
    ticks = seconds * os.sysconf("SC_CLK_TCK")
    return lambda: sum(_cpu_ticks(k) >= ticks for k in _children(proc.pid)) >= count


def _wait_for(ready: Callable[[], bool], proc: subprocess.Popen[str], limit: float = 300) -> None:
    """Wait until `ready()` (work under way): generous, since a loaded machine starts slowly."""
    deadline = time.monotonic() + limit
    while not ready():
        if proc.poll() is not None:
            _, err = proc.communicate()
            raise AssertionError(f"the command ended early ({proc.returncode}): {err[-800:]}")
        if time.monotonic() > deadline:
            proc.kill()
            raise AssertionError("the work never got going")
        time.sleep(0.2)


def _interrupt(proc: subprocess.Popen[str], sig: int, group: bool = False) -> tuple[str, str]:
    """Send `sig` (`group`: to the whole process group, as a terminal's Ctrl-C); the command
    must exit 130 within 10 s without a traceback and leave none of its processes running.
    Returns (stdout, stderr)."""
    kids = _children(proc.pid)
    if group:
        os.killpg(proc.pid, sig)
    else:
        proc.send_signal(sig)
    try:
        out, err = proc.communicate(timeout=10)
    except subprocess.TimeoutExpired:
        # its workers too: one left running holds the pipes open, and reading them to their end
        # would wait for ever
        for pid in [proc.pid, *kids]:
            with contextlib.suppress(ProcessLookupError):
                os.kill(pid, signal.SIGKILL)
        try:
            out, err = proc.communicate(timeout=10)
        except subprocess.TimeoutExpired:
            out, err = "", "(its output could not be read)"
        pytest.fail(f"still running 10 s after {signal.Signals(sig).name}: {err[-800:]}")
    assert "Traceback" not in out + err, err
    assert proc.returncode == 130, (proc.returncode, err[-800:])
    deadline = time.monotonic() + 5
    while not all(_gone(k) for k in kids) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert all(_gone(k) for k in kids), "a worker process outlived the command"
    return out, err


@pytest.mark.parametrize("sig", SIGNALS)
def test_play_games_keeps_every_counted_record(tmp_path: Path, sig: int) -> None:
    folder = tmp_path / "games"
    proc = _start(["play", "--board", "1", "--games", "1000000", "--save", str(folder), "--json"], tmp_path)
    _wait_for(lambda: folder.is_dir() and len(list(folder.iterdir())) >= 3, proc)
    out, _ = _interrupt(proc, sig)
    summary = json.loads(out)
    files = sorted(folder.iterdir())
    assert summary["interrupted"] and summary["games"] == len(files) == len(summary["saved"])
    assert all(p.suffix == ".json" for p in files)  # no half-written file
    for path in files:
        assert json.loads(path.read_text())["final"]["over"] is True


@pytest.mark.parametrize("sig", SIGNALS)
def test_ladder_writes_the_games_played_and_resumes(tmp_path: Path, sig: int) -> None:
    args = ["ladder", "human:random", "orc:random", "--board", "1", "--pairs", "100000", "--workers", "2",
            "--out", "lad"]
    proc = _start(args, tmp_path)
    # each worker has played for a second of CPU time: dozens of games of 5-10 ms finished
    _wait_for(_workers_busy(proc, 2, seconds=1.0), proc)
    out, err = _interrupt(proc, sig)
    report = json.loads((tmp_path / "lad.json").read_text())
    played = len(report["games"])
    assert played > 0 and report["config"]["partial"] is True
    assert "Partial: the run was interrupted" in out and f"interrupted: {played} of 200000 games" in err
    # a rerun of the same ladder resumes: it starts from the games already played
    again = _start(args, tmp_path)
    _wait_for(_workers_busy(again, 2, seconds=0.5), again)
    _, err = _interrupt(again, sig)
    assert f"resuming lad.json: {played} of 200000 games already played" in err
    assert len(json.loads((tmp_path / "lad.json").read_text())["games"]) >= played


@pytest.mark.parametrize("sig", SIGNALS)
def test_rl_train_saves_a_checkpoint_it_can_resume(tmp_path: Path, sig: int) -> None:
    pytest.importorskip("torch")
    run = tmp_path / "run"
    proc = _start(["rl", "train", "--out", str(run), "--board", "1", "--steps", "100000000", "--envs", "4",
                   "--workers", "2", "--log-every", "256", "--checkpoint-every", "100000000",
                   "--no-progress"], tmp_path)
    log = run / "log.csv"
    _wait_for(lambda: log.is_file() and len(log.read_text().splitlines()) >= 3, proc)
    _, err = _interrupt(proc, sig)
    from nuffle.rl import checkpoint

    steps = checkpoint.load(run / "last.pt").steps
    logged = int(float(log.read_text().splitlines()[-1].split(",")[0]))
    assert steps >= logged > 0
    assert f"interrupted: {steps} steps saved" in err


@pytest.mark.parametrize("sig", SIGNALS)
def test_serve_stops_with_a_bot_thinking_and_keeps_the_games(tmp_path: Path, sig: int) -> None:
    pytest.importorskip("fastapi")
    sys.path.insert(0, str(Path(__file__).parent / "web"))
    from server_process import Server  # type: ignore[import-not-found]

    db, log = tmp_path / "games.sqlite3", tmp_path / "server.log"
    server = Server(db, log)
    status, bots = server.request("POST", "/api/games", {"mode": "botvbot", "home": "human:mcts?seconds=10",
                                                         "away": "orc:mcts?seconds=10", "board": 11,
                                                         "delay": 0})
    assert status == 200, bots
    status, g = server.request("POST", "/api/games", {"mode": "hotseat", "board": 1, "seed": 3})
    _, state = server.request("GET", f"/api/games/{g['id']}")
    from nuffle.web.session import expand_legal

    token = g["seats"][state["decision"]["side"]]
    status, acted = server.request("POST", f"/api/games/{g['id']}/actions",
                                   {"token": token, "action": expand_legal(state["legal"])[0]})
    assert status == 200
    # the MCTS bots are in their 10 s searches: their threads have worked a second of CPU time
    busy = _cpu_ticks(server.proc.pid) + os.sysconf("SC_CLK_TCK")
    _wait_for(lambda: _cpu_ticks(server.proc.pid) >= busy, server.proc)
    kids = _children(server.proc.pid)
    server.stop(sig, within=10)
    assert all(_gone(k) for k in kids)
    again = Server(db, log)
    try:
        _, state = again.request("GET", f"/api/games/{g['id']}")
        assert state["log"] == acted["log"]
        _, listing = again.request("GET", "/api/games")
        assert {row["id"] for row in listing["running"]} == {bots["id"], g["id"]}
    finally:
        again.stop()
    assert "Traceback" not in log.read_text()


def test_rl_train_ctrl_c_at_a_terminal_prints_no_worker_traceback(tmp_path: Path) -> None:
    """A terminal's Ctrl-C reaches the batched environment's worker processes too: they leave
    it to the command, which saves its checkpoint and stops them (issue 54, item 13)."""
    pytest.importorskip("torch")
    run = tmp_path / "run"
    proc = _start(["rl", "train", "--out", str(run), "--board", "1", "--steps", "100000000", "--envs", "4",
                   "--workers", "2", "--log-every", "256", "--checkpoint-every", "100000000",
                   "--no-progress"], tmp_path, group=True)
    log = run / "log.csv"
    _wait_for(lambda: log.is_file() and len(log.read_text().splitlines()) >= 3, proc)
    _, err = _interrupt(proc, signal.SIGINT, group=True)
    assert "KeyboardInterrupt" not in err and "interrupted:" in err, err[-800:]


def test_rl_eval_ctrl_c_at_a_terminal_prints_no_worker_traceback(tmp_path: Path) -> None:
    """`rl eval --workers 2`: its pool's workers leave a terminal's Ctrl-C to the command (issue
    54, item 13): one line, exit 130, no worker left."""
    pytest.importorskip("torch")
    proc = _start(["rl", "eval", "b1", "--games", "100000", "--workers", "2"], tmp_path, group=True)
    _wait_for(_workers_busy(proc, 2), proc)
    out, err = _interrupt(proc, signal.SIGINT, group=True)
    assert err.strip().splitlines() == ["interrupted"] and out == "", err[-800:]
