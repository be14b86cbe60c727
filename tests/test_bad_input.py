"""Bad input on the command line: every command below runs in a subprocess and must end with a
one-line error naming the problem, exit code 1 or 2 (130 after Ctrl-C) and no traceback."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

LONG = "x" * 300  # longer than a file name may be

# Each test starts interpreters (about 0.4 s of CPU each): the suite stays out of the fast loop.
pytestmark = pytest.mark.slow


def nuffle(*args: str, cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    """Run `nuffle ARGS` in a fresh interpreter."""
    return subprocess.run([sys.executable, "-m", "nuffle.cli", *args], capture_output=True, text=True,
                          timeout=120, cwd=cwd)


def assert_clean_error(run: subprocess.CompletedProcess[str], *names: str) -> None:
    """No traceback, exit 1 or 2, and an error on stderr naming each of `names`."""
    assert "Traceback" not in run.stderr + run.stdout, run.stderr
    assert run.returncode in (1, 2), (run.returncode, run.stderr)
    assert "error" in run.stderr
    for name in names:
        assert name in run.stderr, (name, run.stderr)


@pytest.fixture(scope="module")
def files(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    folder = tmp_path_factory.mktemp("bad")
    deep = folder / "deep.json"
    deep.write_text("[" * 100_000)
    latin = folder / "latin.json"
    latin.write_bytes(b'{"format": "nuffle-record", "name": "caf\xe9"}')
    return {"dir": folder, "deep": deep, "latin": latin}


def test_bench_needs_a_game() -> None:
    for n in ("0", "-4"):
        assert_clean_error(nuffle("bench", "--games", n), "--games", n)


@pytest.mark.parametrize("where", ["missing-dir/game.json", "."])
def test_play_save_prints_the_result_first(where: str, files: dict[str, Path]) -> None:
    target = files["dir"] / where
    run = nuffle("play", "--board", "3", "--save", str(target))
    assert_clean_error(run, str(target).rstrip("/."))
    assert "Touchdowns" in run.stdout and ("Winner" in run.stdout or "Draw" in run.stdout)
    assert "result above" in run.stderr


def test_play_save_json_prints_the_result_first(files: dict[str, Path]) -> None:
    run = nuffle("play", "--board", "3", "--json", "--save", str(files["dir"]))
    assert_clean_error(run, "is a directory")
    assert json.loads(run.stdout)["score"] is not None


def test_team_new_output_to_a_bad_path(files: dict[str, Path]) -> None:
    bad = files["dir"] / "nowhere" / "team.json"
    assert_clean_error(nuffle("team", "new", "human", "-o", str(bad)), str(bad), "No such file")
    assert_clean_error(nuffle("team", "new", "human", "-o", str(files["dir"])), "is a directory")


def test_skills_write_and_check_to_a_bad_path(files: dict[str, Path]) -> None:
    bad = files["dir"] / "nowhere" / "SKILLS.md"
    assert_clean_error(nuffle("skills", "--write", "--file", str(bad)), str(bad))
    assert_clean_error(nuffle("skills", "--write", "--file", str(files["dir"])), "is a directory")


def test_skills_check_names_a_missing_file(files: dict[str, Path]) -> None:
    missing = files["dir"] / "SKILLS-missing.md"
    run = nuffle("skills", "--check", "--file", str(missing))
    assert_clean_error(run, str(missing), "does not exist")
    assert "out of date" not in run.stderr


def test_deeply_nested_json_team_and_record(files: dict[str, Path]) -> None:
    deep = str(files["deep"])
    assert_clean_error(nuffle("play", "--home", deep), deep, "nested too deeply")
    assert_clean_error(nuffle("team", "check", deep), deep, "nested too deeply")
    assert_clean_error(nuffle("replay", deep), deep, "nested too deeply")


def test_record_that_is_not_utf8(files: dict[str, Path]) -> None:
    latin = str(files["latin"])
    assert_clean_error(nuffle("replay", latin), latin, "not UTF-8")
    assert_clean_error(nuffle("team", "check", latin), latin, "not UTF-8")


def test_odds_of_a_very_long_plan() -> None:
    run = nuffle("odds", " ".join(["2+"] * 600))
    assert run.returncode == 0 and "Traceback" not in run.stderr
    assert "success" in run.stdout


def test_names_longer_than_a_file_name() -> None:
    assert_clean_error(nuffle("play", "--home", LONG), "no team for")
    assert_clean_error(nuffle("play", "--away", LONG + ".json"), "File name too long")
    assert_clean_error(nuffle("play", "--home", f"human:{LONG}"), "unknown bot")
    assert_clean_error(nuffle("bench", "--home", LONG), "no team for")
    assert_clean_error(nuffle("soak", "--races", LONG), "unknown race")
    assert_clean_error(nuffle("team", "new", LONG), "unknown race")
    assert_clean_error(nuffle("replay", LONG), "File name too long")


@pytest.mark.parametrize("setting", ["turnover_penalty=nan", "turnover_penalty=1e308",
                                     "first_down_bonus=nan", "first_down_bonus=-inf"])
def test_football_settings_must_be_finite_and_sane(setting: str) -> None:
    run = nuffle("football", "match", "nash", "greedy", "-n", "1", "--config-a", setting)
    assert_clean_error(run, setting.partition("=")[0])


def test_team_new_huge_player_count_is_refused_at_once() -> None:
    for count in ("10000000", "1" + "0" * 30):
        t0 = time.perf_counter()
        run = nuffle("team", "new", "human", "--player", f"Lineman={count}")
        assert_clean_error(run, count, "exceeds the maximum of 16")
        assert time.perf_counter() - t0 < 30


def test_replay_rejects_incomplete_records(files: dict[str, Path]) -> None:
    record = files["dir"] / "game.json"
    run = nuffle("play", "--board", "1", "--save", str(record))
    assert run.returncode == 0, run.stderr
    full = json.loads(record.read_text())
    cut = {k: v for k, v in full.items() if k != "final"}
    cut["entries"] = full["entries"][: len(full["entries"]) // 2]
    cases = {"empty.json": {}, "no-final.json": cut, "null-score.json": {**full, "final": {"score": None}}}
    for name, rec in cases.items():
        path = files["dir"] / name
        path.write_text(json.dumps(rec))
        run = nuffle("replay", str(path))
        assert_clean_error(run, name)
        assert "verified" not in run.stdout
    half = files["dir"] / "half.json"
    half.write_text(record.read_text()[: len(record.read_text()) // 2])
    assert_clean_error(nuffle("replay", str(half)), "half.json", "not valid JSON")


def test_play_games_with_save_writes_every_game(files: dict[str, Path]) -> None:
    folder = files["dir"] / "series"
    run = nuffle("play", "--board", "1", "--games", "3", "--save", str(folder))
    assert run.returncode == 0, run.stderr
    saved = sorted(folder.iterdir())
    assert len(saved) == 3
    for path in saved:
        again = nuffle("replay", str(path))
        assert again.returncode == 0 and "record verified" in again.stdout
    a_file = files["dir"] / "game.json"
    a_file.write_text("{}")
    assert_clean_error(nuffle("play", "--games", "2", "--save", str(a_file)), "folder")


@pytest.mark.parametrize("args, names", [
    (["--races", "human,elfo"], ["elfo"]),
    (["--races", ",,,"], ["no race"]),
    (["--games", "-3"], ["-3"]),
    (["--games", "0"], ["at least 1"]),
])
def test_soak_rejects_bad_arguments(args: list[str], names: list[str]) -> None:
    assert_clean_error(nuffle("soak", "--board", "1", *args), *names)


def test_version_and_help() -> None:
    run = nuffle("--version")
    assert run.returncode == 0 and run.stdout.startswith("nuffle ")
    run = nuffle("play", "--help")
    assert "--seed SEED" in run.stdout and "random seed" in run.stdout


def _as_from_a_terminal() -> None:
    """In the child: Ctrl-C acts as in a shell, whatever the test runner's own signal state (a
    suite started as a background job of a non-interactive shell has SIGINT ignored, and its
    children would inherit that)."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)
    signal.pthread_sigmask(signal.SIG_UNBLOCK, [signal.SIGINT])


def _cpu_seconds(pid: int) -> float:
    """The CPU time (user and system) process `pid` has used so far (from /proc; without it,
    the wall-clock time since this was first asked about it)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rpartition(")")[2].split()
    except OSError:
        start = _WALL.setdefault(pid, time.monotonic())
        return time.monotonic() - start
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


_WALL: dict[int, float] = {}


@pytest.mark.slow
@pytest.mark.parametrize("args, finished", [
    (["play", "--board", "1", "--games", "1000000"], "games finished"),
    (["soak", "--board", "1", "--games", "100000"], "interrupted"),
    (["football", "match", "greedy", "random", "-n", "10000000", "--no-progress"], "interrupted after"),
])
def test_ctrl_c_stops_cleanly_and_reports(args: list[str], finished: str) -> None:
    proc = subprocess.Popen([sys.executable, "-m", "nuffle.cli", *args], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True, preexec_fn=_as_from_a_terminal)
    # Five seconds of the command's own work (its CPU time: on a loaded machine five seconds of
    # the wall clock may not even see its imports through), so the games are under way.
    deadline = time.monotonic() + 300
    while _cpu_seconds(proc.pid) < 5 and proc.poll() is None and time.monotonic() < deadline:
        time.sleep(0.1)
    proc.send_signal(signal.SIGINT)
    try:
        out, err = proc.communicate(timeout=60)
    except subprocess.TimeoutExpired:
        proc.kill()
        out, err = proc.communicate()
        pytest.fail(f"{args[0]} kept running 60 s after Ctrl-C; stderr: {err[-500:]}")
    assert "Traceback" not in err, err
    assert proc.returncode == 130, (proc.returncode, err)
    assert finished in out + err
