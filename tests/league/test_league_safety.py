"""A league file is never misread, written by two runners or left with stray processes: a
damaged file is refused by every command (one line, exit code 2, the file untouched); a second
runner is refused while the first holds the file; the pool's workers end with a killed runner;
entries are checked at `league new` (creation budget, manager programs, the bot's board, at
least two entries)."""

import json
import random
import shutil
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import psutil
import pytest

from nuffle.agents.base import Agent
from nuffle.cli import main
from nuffle.core.teams import default_team_dict

BOT_MANAGER = Path(__file__).parent / "bots" / "manager.py"
ENTRIES = ["A=human:random", "B=orc:random", "C=dwarf:random", "D=skaven:random"]
CLI = [sys.executable, "-c", "import sys; from nuffle.cli import main; sys.exit(main())"]


def new_league(path, board=1, entries=ENTRIES, *extra):
    args = ["league", "new", str(path), "--seed", "7", "--board", str(board), *extra]
    for e in entries:
        args += ["--entry", e]
    assert main(args) == 0


def one_line_error(capsys):
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1 and err.startswith("error: "), err
    return err


def integrity(path):
    with sqlite3.connect(path) as c:
        try:
            return [r[0] for r in c.execute("PRAGMA integrity_check")]
        except sqlite3.DatabaseError as exc:
            return [str(exc)]


def damaged_copies(src, tmp_path):
    """Copies of `src` with one page overwritten by seeded garbage (past the file header),
    each one SQLite's own integrity check flags."""
    data = src.read_bytes()
    page = 4096
    rng = random.Random(3)
    out = []
    for n in range(1, len(data) // page):
        for at in (8, 600, 2000):
            bad = bytearray(data)
            bad[n * page + at:n * page + at + 64] = rng.randbytes(64)
            path = tmp_path / f"bad-{n}-{at}.db"
            path.write_bytes(bytes(bad))
            if integrity(path) != ["ok"]:
                out.append(path)
            else:
                path.unlink()
    return out


def test_every_command_refuses_a_damaged_file_and_writes_nothing(tmp_path, capsys):
    db = tmp_path / "l.db"
    new_league(db)
    assert main(["league", "play", str(db), "--rounds", "1", "--quiet"]) == 0
    copies = damaged_copies(db, tmp_path)
    assert len(copies) >= 5
    commands = [["table"], ["table", "--json"], ["history"], ["team", "{db}", "A"], ["play", "--quiet"],
                ["report", "--out", str(tmp_path / "rep")], ["add", "E=amazon:random"]]
    for path in copies:
        before = path.read_bytes()
        for cmd in commands:
            args = ["league", cmd[0], str(path), *[c for c in cmd[1:] if c != "{db}"]]
            capsys.readouterr()
            assert main(args) == 2, (path.name, cmd)
            err = one_line_error(capsys)
            assert "damaged league file" in err or "not a readable league file" in err
            assert path.read_bytes() == before, (path.name, cmd)
        assert not (tmp_path / "rep").exists()


def test_a_damaged_file_is_named_as_damaged(tmp_path, capsys):
    db = tmp_path / "l.db"
    new_league(db)
    assert main(["league", "play", str(db), "--rounds", "1", "--quiet"]) == 0
    messages = set()
    for path in damaged_copies(db, tmp_path):
        capsys.readouterr()
        assert main(["league", "table", str(path)]) == 2
        messages.add(one_line_error(capsys).split(": ", 2)[2].split(" (")[0])
    assert messages <= {"damaged league file", "not a readable league file"}, messages


def test_a_second_runner_is_refused_while_the_first_plays(tmp_path, capsys):
    db = tmp_path / "l.db"
    log = tmp_path / "log.jsonl"
    slow = f"A=orc:random:process?command={sys.executable} {BOT_MANAGER} {log} slow"  # 3 s a roster decision
    new_league(db, 1, [slow, "B=human:random"])
    first = subprocess.Popen([*CLI, "league", "play", str(db), "--quiet"], stdout=subprocess.PIPE,
                             stderr=subprocess.PIPE)
    try:
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:  # the runner is mid-match, waiting on its manager
            if log.exists() and '"roster"' in log.read_text():
                break
            time.sleep(0.02)
        assert first.poll() is None, "the first runner ended too soon for the test"
        capsys.readouterr()
        assert main(["league", "play", str(db), "--quiet"]) == 2
        assert "another process is playing or changing this league" in one_line_error(capsys)
        assert main(["league", "add", str(db), "E=amazon:random"]) == 2
        one_line_error(capsys)
        assert main(["league", "table", str(db)]) == 0  # reading is fine
        out, err = first.communicate(timeout=300)
    finally:
        if first.poll() is None:
            first.kill()
            first.wait()
    assert first.returncode == 0, err
    assert b"1 matches played, 0 left" in out
    with sqlite3.connect(db) as c:
        assert c.execute("SELECT COUNT(*) FROM matches").fetchone() == (1,)
    assert main(["league", "play", str(db), "--quiet"]) == 0  # the file is free again


def test_workers_end_with_a_killed_runner(tmp_path):
    db = tmp_path / "l.db"
    new_league(db, 11)
    runner = subprocess.Popen([*CLI, "league", "play", str(db), "--quiet", "--workers", "2"],
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    try:
        me = psutil.Process(runner.pid)
        deadline = time.monotonic() + 60
        children: list[psutil.Process] = []
        while time.monotonic() < deadline and runner.poll() is None:
            children = me.children(recursive=True)
            if len(children) >= 3:  # the forkserver and two workers
                break
            time.sleep(0.02)
        assert len(children) >= 3, "the pool never started"
        runner.send_signal(signal.SIGKILL)
        runner.communicate(timeout=30)  # nobody holds the output pipes
        _gone, alive = psutil.wait_procs(children, timeout=15)
        assert alive == []
    finally:
        if runner.poll() is None:
            runner.kill()
            runner.wait()
    assert runner.returncode == -signal.SIGKILL


def team_file(tmp_path, name, raw):
    path = tmp_path / f"{name}.json"
    path.write_text(json.dumps(raw))
    return str(path)


def test_the_creation_budget_is_checked(tmp_path, capsys):
    rich = default_team_dict("human")
    rich["players"] += [{"position": "Blitzer", "number": 20 + i} for i in range(2)]
    rich["rerolls"] = 8
    rich["treasury"] = 2_000_000
    path = team_file(tmp_path, "rich", rich)
    db = tmp_path / "l.db"
    capsys.readouterr()
    assert main(["league", "new", str(db), "--entry", f"A={path}:random", "--entry", "B=orc:random"]) == 2
    assert "over the league's creation budget of 1,000,000" in one_line_error(capsys)
    assert not db.exists()
    assert main(["league", "new", str(db), "--budget", "2000000", "--entry", f"A={path}:random",
                 "--entry", "B=orc:random"]) == 0
    capsys.readouterr()
    assert main(["league", "team", str(db), "B"]) == 0
    orcs = json.loads(capsys.readouterr().out)
    from nuffle import teams as T

    assert orcs["treasury"] == 2_000_000 - T.team_cost(T.check_team(default_team_dict("orc"), "orc"))
    assert main(["league", "add", str(db), "C=dwarf:random"]) == 0
    small = tmp_path / "small.db"
    assert main(["league", "new", str(small), "--budget", "600000", "--entry", "A=orc:random",
                 "--entry", "B=human:random"]) == 2
    assert "over the league's creation budget of 600,000" in one_line_error(capsys)


def test_a_team_with_history_enters_within_the_budget(tmp_path, capsys):
    db = tmp_path / "l.db"
    new_league(db)
    assert main(["league", "play", str(db), "--quiet"]) == 0
    capsys.readouterr()
    assert main(["league", "team", str(db), "A", "-o", str(tmp_path / "a.json")]) == 0
    from nuffle.league.team import LeagueTeam

    tv = LeagueTeam.from_dict(json.loads((tmp_path / "a.json").read_text()), "a").team_value()
    args = ["--entry", f"A={tmp_path / 'a.json'}:random", "--entry", "B=orc:random"]
    assert main(["league", "new", str(tmp_path / "n.db"), "--budget", str(tv - 10_000), *args]) == 2
    assert f"Team Value {tv:,} is over" in one_line_error(capsys)
    assert main(["league", "new", str(tmp_path / "n.db"), "--budget", str(tv), *args]) == 0


@pytest.mark.parametrize(
    ("entry", "message"),
    [
        ("A=orc:random:process?command=/nonexistent/prog", "'/nonexistent/prog' is not an executable file"),
        ("A=orc:random:process?command=no-such-program-here --x", "'no-such-program-here' is not an"),
        (f"A=orc:random:process?command={shutil.which('true')}", "does not answer hello with ready"),
        (f"A=orc:random:process?command={sys.executable} -c print(1)", "does not answer hello with ready"),
        (f"A=orc:random:process?command={sys.executable}&timeout=soon", "timeout must be a number of"),
    ],
)
def test_manager_programs_are_checked_at_new(tmp_path, capsys, entry, message):
    db = tmp_path / "l.db"
    capsys.readouterr()
    assert main(["league", "new", str(db), "--entry", entry, "--entry", "B=human:random"]) == 2
    assert message in one_line_error(capsys)
    assert not db.exists()


def test_a_working_manager_program_is_accepted(tmp_path, capsys):
    log = tmp_path / "log.jsonl"
    entry = f"A=orc:random:process?command={sys.executable} {BOT_MANAGER} {log}"
    assert main(["league", "new", str(tmp_path / "l.db"), "--entry", entry, "--entry", "B=human:random"]) == 0
    assert [json.loads(line)["type"] for line in log.read_text().splitlines()] == ["hello", "bye"]


def test_a_policy_for_another_board_and_a_lone_entry_are_refused(tmp_path, capsys, monkeypatch):
    from nuffle.agents import registry

    class Board11Only(Agent):
        boards = (11,)

        def act(self, view: Any) -> Any:
            raise AssertionError("never asked to play")

    monkeypatch.setitem(registry._REGISTRY, "only11", lambda seed=0, **kw: Board11Only())
    db = tmp_path / "l.db"
    capsys.readouterr()
    assert main(["league", "new", str(db), "--board", "1", "--entry", "A=orc:only11",
                 "--entry", "B=human:random"]) == 2
    assert "plays board 11 only, not board 1" in one_line_error(capsys)
    assert not db.exists()
    assert main(["league", "new", str(db), "--entry", "A=orc:random"]) == 2
    assert "at least 2 entries" in one_line_error(capsys)
    assert not db.exists()
    assert main(["league", "new", str(db), "--board", "11", "--entry", "A=orc:only11",
                 "--entry", "B=human:random"]) == 0
    assert main(["league", "add", str(db), "C=dwarf:only11"]) == 0
    new = tmp_path / "one.db"
    assert main(["league", "new", str(new), "--board", "1", "--entry", "A=orc:random",
                 "--entry", "B=human:random"]) == 0
    assert main(["league", "add", str(new), "C=dwarf:only11"]) == 2
    assert "plays board 11 only" in one_line_error(capsys)
