# mypy: disable-error-code="no-any-return,type-arg"
"""A real arena: bots in Python (a folder with bot.toml), JavaScript, Perl and bash + jq (lone
programs) are submitted through the web API, validated against random-legal in the sandbox (a crashing bot is
refused, saying why), and play a rated ladder of paired games whose records replay; an
interrupted run resumes without losing or repeating a game; and the command line."""

from __future__ import annotations

import io
import json
import shutil
import tarfile
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from nuffle.arena import runner
from nuffle.arena.store import ACCEPTED, REJECTED, Arena, ArenaError
from nuffle.arena.views import bot_page, game_file, leaderboard, record
from nuffle.cli import main as cli_main
from nuffle.competition import sandbox
from nuffle.competition.bots import JQ_RANDOM_BOT, JS_RANDOM_BOT
from nuffle.competition.executors import LocalExecutor, Outcome, Task
from nuffle.record import replay

PERL_BOT = Path(__file__).with_name("bots") / "random_bot.pl"
PY_BOT = """from nuffle.competition.builtin import RandomLegalBot
from nuffle.competition.client import run
run(RandomLegalBot())
"""


@pytest.fixture(scope="module")
def can_sandbox() -> None:
    why = sandbox.why_not()
    if why:
        pytest.skip(f"cannot sandbox bots on this machine: {why}")


def _python_bot() -> bytes:
    """The Python bot as a .tar.gz of its folder (bot.toml and bot.py)."""
    manifest = b'name = "pybot"\nlanguage = "python"\ncommand = ["python3", "bot.py"]\nteam = "orc"\n'
    buf = io.BytesIO()
    with tarfile.open(fileobj=buf, mode="w:gz") as t:
        for name, data in (("pybot/bot.toml", manifest), ("pybot/bot.py", PY_BOT.encode())):
            info = tarfile.TarInfo(name)
            info.size = len(data)
            t.addfile(info, io.BytesIO(data))
    return buf.getvalue()


@pytest.fixture(scope="module")
def played(tmp_path_factory: pytest.TempPathFactory, can_sandbox: None) -> Iterator[tuple[Arena, Any]]:
    """An arena on board 1: four bots (Python, Node.js, Perl, bash + jq) and a crasher
    submitted through the web API, validated, and every pair of the four played once."""
    if any(shutil.which(p) is None for p in ("node", "jq", "perl")):
        pytest.skip("node, jq and perl are needed (.ci/run installs them)")
    pytest.importorskip("fastapi", reason="the web API needs the [web] extra")
    from fastapi.testclient import TestClient

    from nuffle.web.app import create_app

    tmp = tmp_path_factory.mktemp("arena")
    Arena.create(tmp / "arena", board=1, bundled=[]).close()
    crasher = b"import sys\nprint('giving up', file=sys.stderr)\nsys.exit(3)\n"
    uploads = [("pybot.tar.gz", "", "", _python_bot()),
               (JS_RANDOM_BOT.name, "jsbot", "human", JS_RANDOM_BOT.read_bytes()),
               (JQ_RANDOM_BOT.name, "jqbot", "dwarf", JQ_RANDOM_BOT.read_bytes()),
               (PERL_BOT.name, "plbot", "skaven", PERL_BOT.read_bytes()),
               ("crasher.py", "crasher", "human", crasher)]
    with TestClient(create_app(tmp / "games.sqlite3", None, tmp / "arena")) as web:
        for filename, name, team, data in uploads:
            r = web.post("/api/arena/submissions", params={"filename": filename, "name": name, "team": team},
                         content=data)
            assert r.status_code == 201, r.text
    arena = Arena.open(tmp / "arena")
    first = runner.run(arena, pairs=0, workers=2)
    second = runner.run(arena, pairs=6, workers=2)
    yield arena, (first, second)
    arena.close()


@pytest.mark.slow  # about 20 games of sandboxed bots
def test_submissions_are_validated_and_a_crasher_is_refused(played: tuple[Arena, Any]) -> None:
    arena, (first, _) = played
    verdicts = {v["version"]: (v["passed"], v["reason"]) for v in first.validated}
    assert verdicts.keys() == {"pybot v1", "jsbot v1", "jqbot v1", "plbot v1", "crasher v1"}
    assert all(verdicts[b][0] for b in ("pybot v1", "jsbot v1", "jqbot v1", "plbot v1"))
    passed, reason = verdicts["crasher v1"]
    assert not passed and "crash" in reason
    assert {v.bot: v.status for v in arena.versions()} == {
        "crasher": REJECTED, "jqbot": ACCEPTED, "jsbot": ACCEPTED, "plbot": ACCEPTED, "pybot": ACCEPTED}
    page = bot_page(arena, "crasher")
    assert page["versions"][0]["status"] == REJECTED and page["versions"][0]["reason"] == reason
    [game] = page["games"]
    assert game["kind"] == "validation" and game["away"]["name"] == "random-legal"
    assert "home" in game["disqualified"]
    assert "giving up" in game_file(arena, game["id"], "stderr_home").read_text()


@pytest.mark.slow
def test_the_ladder_plays_paired_games_and_rates_every_entry(played: tuple[Arena, Any]) -> None:
    arena, (_, second) = played
    assert len(second.games) == 12
    pairs: dict[int, list[dict[str, Any]]] = {}
    for g in second.games:
        pairs.setdefault(g["pair"], []).append(g)
    entries = {v.id: v.bot for v in arena.entries()}
    met = set()
    for games in pairs.values():
        a, b = sorted(games, key=lambda g: g["leg"])
        assert (a["home"], a["away"]) == (b["away"], b["home"]) and a["seed"] == b["seed"]
        met.add(frozenset((entries[a["home"]], entries[a["away"]])))
    assert len(met) == 6  # every pair of the four entries once
    board = leaderboard(arena)
    rows = {r["name"]: r for r in board["entries"]}
    assert set(rows) == {"pybot", "jsbot", "jqbot", "plbot"}
    for r in rows.values():
        assert r["played"] == 6 and r["wins"] + r["draws"] + r["losses"] == 6
        assert r["disqualified"] == 0 and r["penalties"] == 0
        assert r["language"] in ("python", "node", "bash", "perl")
        assert r["low"] <= r["rating"] <= r["high"]
    assert abs(sum(r["rating"] for r in rows.values())) < 1.0  # centred on 0
    assert [r["rank"] for r in board["entries"]] == [1, 2, 3, 4]
    ratings = [r["rating"] for r in board["entries"]]
    assert ratings == sorted(ratings, reverse=True)
    for g in arena.games():
        rec = record(arena, g["id"])
        game = replay(rec)
        assert game.is_over and list(game.result.score) == g["score"]
        assert rec["competition"]["result"]["outcome"] == g["outcome"]


class _StopAfterOne:
    """A one-process executor interrupted (as by Ctrl-C) as soon as one game finished."""

    def __init__(self) -> None:
        self.inner = LocalExecutor(1)

    def run(self, tasks: list[Task], done: Callable[[Outcome], None] | None = None) -> list[Outcome]:
        def once(o: Outcome) -> None:
            if done is not None:
                done(o)
            raise KeyboardInterrupt

        return self.inner.run(tasks, once)

    def close(self) -> None:
        self.inner.close()

    def abort(self) -> None:
        self.inner.abort()


def test_an_interrupted_run_resumes_the_open_pair(tmp_path: Path, can_sandbox: None) -> None:
    arena = Arena.create(tmp_path / "arena", board=1,
                         bundled=[("random", "random", "human"), ("scripted", "scripted", "orc")])
    with pytest.raises(KeyboardInterrupt):
        runner.run(arena, pairs=1, executor=_StopAfterOne())
    [pair] = arena.open_pairs()
    assert pair["played"] == {0}
    assert arena.games() == []  # the pair's first game waits: its record holds the rematch's dice
    assert leaderboard(arena)["entries"][0]["played"] == 0
    summary = runner.run(arena, pairs=0, workers=1)
    assert [(g["pair"], g["leg"]) for g in summary.games] == [(pair["id"], 1)]
    games = arena.games()
    assert sorted((g["pair"], g["leg"]) for g in games) == [(pair["id"], 0), (pair["id"], 1)]
    assert arena.open_pairs() == []
    assert all(r["played"] == 2 for r in leaderboard(arena)["entries"])
    arena.close()


def test_without_a_sandbox_the_run_refuses_in_one_line(tmp_path: Path,
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    arena = Arena.create(tmp_path / "arena", board=1, bundled=[])
    monkeypatch.setattr(runner, "why_not", lambda box: "bubblewrap (bwrap) is not installed")
    with pytest.raises(ArenaError, match=r"cannot sandbox the bots here: bubblewrap .* --trusted-bots"):
        runner.run(arena)
    arena.close()


def _cli(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    capsys.readouterr()
    code = cli_main(["arena", *args])
    out = capsys.readouterr()
    return code, out.out, out.err


def test_the_command_line(tmp_path: Path, capsys: pytest.CaptureFixture[str], can_sandbox: None) -> None:
    where = str(tmp_path / "arena")
    code, out, _ = _cli(capsys, "new", where, "--board", "1", "--bundled", "random=random",
                        "--bundled", "grod=grod@orc")
    assert code == 0 and "bundled entries: grod, random" in out
    code, out, _ = _cli(capsys, "submit", where, str(JS_RANDOM_BOT), "--name", "jsbot", "--team", "wood-elf")
    assert code == 0 and "jsbot v1 submitted" in out
    code, out, _ = _cli(capsys, "run", where, "--workers", "1", "--quiet")
    assert code == 0 and "jsbot v1: accepted" in out
    code, out, _ = _cli(capsys, "board", where, "--json")
    assert code == 0 and {r["name"] for r in json.loads(out)["entries"]} == {"jsbot", "grod", "random"}
    code, out, _ = _cli(capsys, "bot", where, "jsbot")
    assert code == 0 and "v1 node wood-elf: accepted" in out and "random-legal" in out
    for args, says in ((("new", where), "already holds an arena"),
                       (("submit", where, str(tmp_path / "gone.py")), "does not exist"),
                       (("submit", where, str(JS_RANDOM_BOT), "--name", "x", "--team", "martians"),
                        "team 'martians'"),
                       (("run", str(tmp_path)), "holds no arena"),
                       (("run", where, "--pairs", "-1"), "--pairs must be at least 0"),
                       (("bot", where, "nobody"), "no bot named 'nobody'"),
                       (("new", str(tmp_path / "x"), "--bundled", "oops"), "give NAME=SPEC")):
        code, out, err = _cli(capsys, *args)
        assert code == 2 and says in err and err.count("\n") == 1, (args, err)


def test_an_interrupted_run_exits_130_saying_how_to_go_on(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    where = str(tmp_path / "arena")
    Arena.create(where, board=1, bundled=[]).close()

    def interrupted(*args: Any, **kw: Any) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(runner, "run", interrupted)
    code, _, err = _cli(capsys, "run", where)
    assert code == 130 and f"run `nuffle arena run {where}` again" in err


def test_one_run_at_a_time(tmp_path: Path, can_sandbox: None) -> None:
    import fcntl
    import os

    arena = Arena.create(tmp_path / "arena", board=1, bundled=[])
    fd = os.open(arena.folder / "run.lock", os.O_RDWR | os.O_CREAT)
    fcntl.flock(fd, fcntl.LOCK_EX)  # as a run in another process holds it
    try:
        with pytest.raises(ArenaError, match="another `nuffle arena run` is playing"):
            runner.run(arena)
    finally:
        os.close(fd)
    assert runner.run(arena).games == []  # free again: nothing to play, and no executor started
    arena.close()


def test_run_forever_validates_what_arrives_and_waits_when_idle(tmp_path: Path,
                                                                capsys: pytest.CaptureFixture[str],
                                                                monkeypatch: pytest.MonkeyPatch,
                                                                can_sandbox: None) -> None:
    where = str(tmp_path / "arena")
    Arena.create(where, board=1, bundled=[]).close()
    assert _cli(capsys, "submit", where, str(JS_RANDOM_BOT), "--name", "js", "--team", "orc")[0] == 0
    waits: list[float] = []

    def sleep(seconds: float) -> None:  # the first idle wait: stop there, as Ctrl-C would
        waits.append(seconds)
        raise KeyboardInterrupt

    monkeypatch.setattr("nuffle.arena.cli._idle", sleep)
    code, out, _ = _cli(capsys, "run", where, "--forever", "--pairs", "1", "--idle", "3", "--quiet")
    assert code == 130 and waits == [3.0]
    assert out.splitlines() == ["js v1: accepted", "0 ladder games played", "0 ladder games played"]
    assert _cli(capsys, "run", where, "--forever", "--idle", "0")[0] == 2
