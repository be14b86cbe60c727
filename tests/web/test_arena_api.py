# mypy: disable-error-code="no-any-return,type-arg"
"""The arena's web API (`nuffle serve --arena DIR`): the leaderboard, bot pages, games with
their records, replays and stderr, and submissions (raw uploads with owner tokens); every bad
request is a 4xx with a one-line JSON error."""

from __future__ import annotations

import io
import tarfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from nuffle.arena import runner
from nuffle.arena.store import Arena
from nuffle.arena.submission import MAX_UPLOAD
from nuffle.competition import sandbox
from nuffle.competition.bots import JS_RANDOM_BOT
from nuffle.web.app import create_app


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """An arena on board 1 with one pair of bundled bots played."""
    path = tmp_path_factory.mktemp("arena") / "arena"
    with Arena.create(path, board=1, bundled=[("random", "random", "human"),
                                              ("scripted", "scripted", "orc")]) as arena:
        runner.run(arena, pairs=1, workers=1, trusted=bool(sandbox.why_not()))
    return path


@pytest.fixture
def client(folder: Path, tmp_path: Path) -> Iterator[TestClient]:
    with TestClient(create_app(tmp_path / "games.sqlite3", None, folder)) as c:
        yield c


@pytest.fixture
def fresh(tmp_path: Path) -> Iterator[TestClient]:
    """A server over a new arena with one bundled entry and no games."""
    Arena.create(tmp_path / "arena", board=1, bundled=[("random", "random", "human")]).close()
    with TestClient(create_app(tmp_path / "games.sqlite3", None, tmp_path / "arena")) as c:
        yield c


def _error(r: Any, status: int) -> str:
    assert r.status_code == status, r.text
    message = r.json()["error"]
    assert isinstance(message, str) and "\n" not in message
    return message


def test_the_leaderboard_rates_the_entries_and_lists_the_games(client: TestClient) -> None:
    board = client.get("/api/arena").json()
    assert board["board"] == 1 and board["pending"] == []
    rows = {r["name"]: r for r in board["entries"]}
    assert set(rows) == {"random", "scripted"}
    for r in rows.values():
        assert r["played"] == 2 and r["kind"] == "bundled" and r["low"] <= r["rating"] <= r["high"]
    assert len(board["games"]) == 2
    g = board["games"][0]
    assert {g["home"]["name"], g["away"]["name"]} == {"random", "scripted"}


def test_a_bot_page_and_a_game_with_its_record_replay_and_stderr(client: TestClient) -> None:
    page = client.get("/api/arena/bots/SCRIPTED").json()  # names ignore case
    assert page["name"] == "scripted" and [v["version"] for v in page["versions"]] == [1]
    assert page["versions"][0]["played"] == 2 and len(page["games"]) == 2
    gid = page["games"][0]["id"]
    game = client.get(f"/api/arena/games/{gid}").json()
    assert game["id"] == gid and game["kind"] == "ladder"
    record = client.get(f"/api/arena/games/{gid}/record").json()
    assert record["competition"]["result"]["score"] == game["score"]
    replay = client.get(f"/api/arena/games/{gid}/replay").json()
    assert len(replay["frames"]) > 10 and replay["frames"][-1]["score"] == game["score"]
    r = client.get(f"/api/arena/games/{gid}/stderr/home")
    assert r.status_code == 200 and r.headers["content-type"].startswith("text/plain")
    assert client.get(f"/replay/arena/{gid}").status_code == 200  # the viewer's page
    assert client.get("/arena").status_code == 200 and client.get("/arena/bots/scripted").status_code == 200


def test_bad_lookups_are_4xx_in_one_line(client: TestClient) -> None:
    assert "no bot named 'nobody'" in _error(client.get("/api/arena/bots/nobody"), 404)
    assert "no published game 999" in _error(client.get("/api/arena/games/999"), 404)
    assert "not a game number" in _error(client.get("/api/arena/games/x1"), 400)
    assert "side must be home or away" in _error(client.get("/api/arena/games/1/stderr/referee"), 400)


def test_a_pairs_first_game_is_unpublished_until_the_pair_is_over(client: TestClient, folder: Path) -> None:
    with Arena.open(folder) as arena:
        ids = [v.id for v in arena.entries()]
        before = {g["id"] for g in arena.games()}
        played = arena.games()[0]
        arena.schedule([(ids[0], ids[1], 123)])
        pair = arena.open_pairs()[0]["id"]
        arena.add_game({**played, "kind": "ladder", "pair": pair, "leg": 0})
        row = arena.conn.execute("SELECT MAX(id) FROM games").fetchone()[0]
    assert row not in before
    assert _error(client.get(f"/api/arena/games/{row}/record"), 404)
    assert row not in {g["id"] for g in client.get("/api/arena").json()["games"]}
    with Arena.open(folder) as arena:  # put the arena back as the other tests expect
        arena.conn.execute("DELETE FROM games WHERE id = ?", (row,))
        arena.conn.execute("DELETE FROM pairs WHERE id = ?", (pair,))


def _tgz(files: dict[str, bytes]) -> bytes:
    buf = io.BytesIO()
    with tarfile.open(fileobj=buf, mode="w:gz") as t:
        for name, data in files.items():
            info = tarfile.TarInfo(name)
            info.size = len(data)
            info.mode = 0o644
            t.addfile(info, io.BytesIO(data))
    return buf.getvalue()


def test_submissions_store_a_version_and_need_the_token_for_the_next(fresh: TestClient) -> None:
    client = fresh
    js = JS_RANDOM_BOT.read_bytes()
    r = client.post("/api/arena/submissions?filename=random_bot.js&name=webjs&team=human", content=js)
    assert r.status_code == 201, r.text
    out = r.json()
    assert out["bot"] == "webjs" and out["version"] == 1 and out["status"] == "pending"
    token = out["token"]
    assert {"name": "webjs", "version": 1} in client.get("/api/arena").json()["pending"]
    url = "/api/arena/submissions?filename=random_bot.js&name=webjs&team=human"
    assert "needs the token" in _error(client.post(url, content=js + b"\n"), 403)
    wrong = client.post(url, content=js + b"\n", headers={"X-Arena-Token": "x"})
    assert "needs the token" in _error(wrong, 403)
    same = client.post(url, content=js, headers={"X-Arena-Token": token})
    assert "the same as webjs v1" in _error(same, 409)
    r = client.post(url, content=js + b"\n", headers={"X-Arena-Token": token})
    assert r.status_code == 201 and r.json() == {"bot": "webjs", "version": 2, "status": "pending"}
    page = client.get("/api/arena/bots/webjs").json()
    assert [(v["version"], v["status"], v["language"]) for v in page["versions"]] == [
        (1, "pending", "node"), (2, "pending", "node")]
    # a folder as a .tar.gz, its manifest naming the bot
    manifest = b'name = "tarbot"\nlanguage = "node"\ncommand = ["node", "bot.js"]\nteam = "orc"\n'
    r = client.post("/api/arena/submissions?filename=tarbot.tar.gz",
                    content=_tgz({"tarbot/bot.toml": manifest, "tarbot/bot.js": js}))
    assert r.status_code == 201 and r.json()["bot"] == "tarbot", r.text


def test_bad_submissions_are_4xx_in_one_line(fresh: TestClient, tmp_path: Path) -> None:
    client = fresh
    url = "/api/arena/submissions"
    assert "needs a name" in _error(client.post(f"{url}?filename=a.js&team=human", content=b"x"), 400)
    assert "needs a team" in _error(client.post(f"{url}?filename=a.js&name=a", content=b"x"), 400)
    assert "empty" in _error(client.post(f"{url}?filename=a.js&name=a&team=human", content=b""), 400)
    assert "not a readable zip" in _error(client.post(f"{url}?filename=a.zip&name=a", content=b"junk"), 400)
    assert "bundled entry" in _error(client.post(f"{url}?filename=a.js&name=Random&team=human",
                                                 content=b"x"), 409)
    big = client.post(f"{url}?filename=a.js", content=b"x" * (MAX_UPLOAD + 1))
    assert "at most 4 MiB" in _error(big, 413)
    assert client.get("/api/arena").json()["pending"] == []  # nothing of them was kept
    with TestClient(create_app(tmp_path / "g.sqlite3")) as bare:
        assert "hosts no arena" in _error(bare.get("/api/arena"), 404)
        post = bare.post(f"{url}?filename=a.js&name=a&team=human", content=b"x")
        assert "hosts no arena" in _error(post, 404)


def test_serve_refuses_a_folder_without_an_arena_in_one_line(tmp_path: Path,
                                                             capsys: pytest.CaptureFixture[str]) -> None:
    from nuffle.cli import main

    assert main(["serve", "--arena", str(tmp_path), "--db", str(tmp_path / "g.sqlite3")]) == 2
    err = capsys.readouterr().err
    assert err.startswith("error: --arena: ") and "holds no arena" in err and err.count("\n") == 1
