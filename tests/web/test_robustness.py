# mypy: disable-error-code="attr-defined,dict-item,import-not-found,no-any-return,type-arg,union-attr"
"""Nothing lost, nothing hangs on the web server (issue 41): bad numbers never reach the
database, every write commits or rolls back, hostile bodies and frames get a 4xx, server-side
bots are capped and timed, games abort and expire."""

from __future__ import annotations

import json
import signal
import socket
import sqlite3
import time
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from server_process import Server
from web_helpers import legal_actions

from nuffle.agents.base import Agent
from nuffle.agents.registry import register
from nuffle.agents.scripted.bot import ScriptedBot
from nuffle.core.game import Game
from nuffle.web.app import MAX_BODY, create_app
from nuffle.web.store import Store, StoredGame


def _hotseat(client: TestClient, **extra: Any) -> dict[str, Any]:
    r = client.post("/api/games", json={"mode": "hotseat", "home": "human", "away": "orc", "board": 3,
                                        **extra})
    assert r.status_code == 200, r.text
    return r.json()


def _act(client: TestClient, g: dict[str, Any]) -> Any:
    state = client.get(f"/api/games/{g['id']}").json()
    token = g["seats"][state["decision"]["side"]]
    return client.post(f"/api/games/{g['id']}/actions",
                       json={"token": token, "action": legal_actions(state)[0]})


# --- 1: one bad seed must not break the database; acknowledged means stored ----------------


def test_a_write_that_fails_leaves_no_transaction_open(tmp_path: Path) -> None:
    store = Store(tmp_path / "g.sqlite3")
    bad = StoredGame("bad", "hotseat", "human", "orc", 3, 2**64, {}, 0.0, 1.0, False, None)
    with pytest.raises(OverflowError):
        store.add_game(bad, {"home": "t"})
    good = StoredGame("good", "hotseat", "human", "orc", 3, 5, {}, 0.0, 1.0, False, None)
    store.add_game(good, {"home": "t"})
    store.add_actions("good", 0, [["END_TURN", None, None]])
    # another connection sees both writes: they were committed, not left in an open transaction
    other = sqlite3.connect(tmp_path / "g.sqlite3")
    assert other.execute("SELECT id FROM games").fetchall() == [("good",)]
    assert other.execute("SELECT COUNT(*) FROM actions").fetchone() == (1,)
    other.close()
    store.close()


@pytest.mark.parametrize("seed", [2**63, 2**70, -1, 1.5, "7", True])
def test_bad_seeds_are_refused_and_creation_still_works(client: TestClient, seed: Any) -> None:
    r = client.post("/api/games", json={"mode": "hotseat", "board": 3, "seed": seed})
    assert r.status_code == 400 and "'seed'" in r.json()["error"]
    g = _hotseat(client, seed=2**63 - 1)
    assert _act(client, g).status_code == 200


def test_a_failed_write_is_not_acknowledged(client: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    g = _hotseat(client)
    before = client.get(f"/api/games/{g['id']}").json()
    manager = client.app.state.manager

    def broken(*args: Any) -> None:
        raise sqlite3.OperationalError("disk I/O error")

    monkeypatch.setattr(manager.store, "add_actions", broken)
    r = _act(client, g)
    assert r.status_code == 503 and "not made" in r.json()["error"]
    monkeypatch.undo()
    after = client.get(f"/api/games/{g['id']}").json()
    assert after["log"] == before["log"] and after["decision"] == before["decision"]
    assert _act(client, g).status_code == 200


@pytest.mark.slow
def test_an_acknowledged_action_survives_killing_the_server(tmp_path: Path) -> None:
    db, log = tmp_path / "games.sqlite3", tmp_path / "server.log"
    server = Server(db, log)
    try:
        status, answer = server.request("POST", "/api/games", {"mode": "hotseat", "board": 3, "seed": 2**63})
        assert status == 400 and "'seed'" in answer["error"]
        status, g = server.request("POST", "/api/games", {"mode": "hotseat", "board": 3, "seed": 11})
        assert status == 200, g
        states = []
        for _ in range(3):
            _, state = server.request("GET", f"/api/games/{g['id']}")
            token = g["seats"][state["decision"]["side"]]
            status, state = server.request("POST", f"/api/games/{g['id']}/actions",
                                           {"token": token, "action": legal_actions(state)[0]})
            assert status == 200, state
            states.append(state)
    finally:
        server.kill()
    again = Server(db, log)
    try:
        _, state = again.request("GET", f"/api/games/{g['id']}")
        assert state["log"] == states[-1]["log"] and state["decision"] == states[-1]["decision"]
    finally:
        again.stop()
    assert "Traceback" not in log.read_text()


# --- 7: every request gets a 4xx with a reason ----------------------------------------------


def test_hostile_bodies_get_a_4xx_with_a_reason(client: TestClient) -> None:
    g = _hotseat(client)
    deep = b"[" * 100_000
    cases: list[tuple[str, bytes | str]] = [
        ("/api/games", deep),
        ("/api/games", json.dumps({"board": 11.0})),
        ("/api/games", json.dumps({"board": True})),
        ("/api/games", '{"mode": "hotseat", "delay": NaN}'),
        ("/api/games", '{"mode": "hotseat", "delay": Infinity}'),
        ("/api/games", b"\xff\xfe\x00garbage"),
        (f"/api/games/{g['id']}/actions", deep),
        (f"/api/games/{g['id']}/actions", json.dumps({"token": g["seats"]["home"], "action": [[[[1]]]]})),
        (f"/api/games/{g['id']}/setup", deep),
        (f"/api/games/{g['id']}/speed", json.dumps([1])),
        (f"/api/games/{g['id']}/abort", json.dumps({"token": 5})),
        ("/api/replays", deep),
        ("/api/replays", json.dumps({"format": "nuffle-record", "entries": [[1, [2]]]})),
        ("/api/replays", json.dumps({"format": "nuffle-record", "version": 1, "home": {"race": [1]}})),
    ]
    for path, body in cases:
        r = client.post(path, content=body)
        assert 400 <= r.status_code < 500, (path, body[:40], r.status_code, r.text[:200])
        error = r.json()["error"]
        assert error and "\n" not in error
    r = client.post("/api/games", content=b"x", headers={"content-length": str(MAX_BODY + 1)})
    assert r.status_code == 413


def test_binary_and_garbage_frames_are_answered_and_the_socket_lives_on(client: TestClient) -> None:
    g = _hotseat(client)
    with client.websocket_connect(f"/ws/games/{g['id']}?token={g['seats']['home']}") as ws:
        assert ws.receive_json()["type"] == "hello"
        assert ws.receive_json()["type"] == "state"
        for frame in (b"\x00\x01\x02", "\udcff not json", "[" * 50_000, '{"type": "action", "action": NaN}'):
            if isinstance(frame, bytes):
                ws.send_bytes(frame)
            else:
                ws.send_text(frame.encode("utf-8", "surrogateescape").decode("utf-8", "replace"))
            err = ws.receive_json()
            assert err["type"] == "error" and err["status"] == 400, err
        ws.send_json({"type": "ping"})
        assert ws.receive_json() == {"type": "pong"}


@pytest.mark.slow
def test_a_huge_body_is_refused_while_it_streams(tmp_path: Path) -> None:
    server = Server(tmp_path / "games.sqlite3", tmp_path / "server.log")
    sent = 0
    try:
        with socket.create_connection(("127.0.0.1", server.port), timeout=30) as s:
            s.sendall(b"POST /api/games HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                      b"Transfer-Encoding: chunked\r\n\r\n")
            chunk = b"%x\r\n%s\r\n" % (1 << 20, b" " * (1 << 20))
            s.setblocking(False)
            answer = b""
            pending = b""  # the rest of a chunk a full socket buffer took only part of
            while sent < 400 << 20 and not answer:
                try:
                    if not pending:
                        pending = chunk
                        sent += 1 << 20
                    # (sendall on a non-blocking socket may send part of a chunk and then
                    # raise, which broke the chunked framing: a 400 instead of the 413)
                    pending = pending[s.send(pending):]
                except (BlockingIOError, BrokenPipeError, ConnectionResetError):
                    time.sleep(0.05)
                try:
                    answer = s.recv(4096)
                except BlockingIOError:
                    pass
                except ConnectionResetError:
                    break
    finally:
        server.stop()
    assert answer.startswith(b"HTTP/1.1 413"), answer[:100]
    assert sent < 40 << 20  # refused after about MAX_BODY, not after reading all 400 MB


# --- 6: server-side bots are capped and timed; games abort and expire -------------------------


@pytest.mark.parametrize("spec", ["mcts?seconds=1e9", "mcts?seconds=11", "mcts?iterations=10000000",
                                  "lookahead?samples=1000"])
def test_bot_budgets_over_the_servers_caps_are_refused(client: TestClient, spec: str) -> None:
    body = {"mode": "botvbot", "home": f"human:{spec}", "away": "orc", "board": 1}
    r = client.post("/api/games", json=body)
    assert r.status_code == 400 and "over the server's cap" in r.json()["error"], r.text
    assert spec.partition("?")[2].partition("=")[0] in r.json()["error"]


class SleepyBot(Agent):
    """A bot that thinks far longer than the server allows."""

    def __init__(self, seed: int = 0) -> None:
        self.helper = ScriptedBot(seed)

    def act(self, view: Game) -> Any:
        if view.state.teams[0].turn >= 1:
            time.sleep(3)
        return self.helper.act(view)


register("sleepy-test", SleepyBot)


def test_a_bot_over_the_move_limit_is_stopped_and_shutdown_does_not_wait(db: Path) -> None:
    t0 = time.monotonic()
    with TestClient(create_app(db, move_limit=0.3)) as client:
        g = client.post("/api/games", json={"mode": "botvbot", "home": "human:sleepy-test",
                                            "away": "orc:sleepy-test", "board": 1, "delay": 0}).json()
        for _ in range(200):
            state = client.get(f"/api/games/{g['id']}").json()
            if state["error"]:
                break
            time.sleep(0.05)
        assert "took longer than the server's 0.3 s" in state["error"]
    assert time.monotonic() - t0 < 2.9  # the sleeping bot thread was not waited for


@pytest.mark.slow
@pytest.mark.parametrize("sig", [signal.SIGINT, signal.SIGTERM])
def test_the_server_on_the_native_engine_stops_cleanly_while_mcts_thinks(tmp_path: Path, sig: int) -> None:
    """A bot thinking in the C++ search (without the GIL) as the server exits: the search is
    stopped first (`stop_bots`), never an abort ('terminate called', exit 134)."""
    pytest.importorskip("nuffle._native")
    db, log = tmp_path / "games.sqlite3", tmp_path / "server.log"
    server = Server(db, log, env={"NUFFLE_ENGINE": "native"})
    try:
        status, g = server.request("POST", "/api/games", {
            "mode": "botvbot", "home": "human:mcts?seconds=10", "away": "orc:mcts?seconds=10", "board": 11,
            "seed": 3, "delay": 0})
        assert status == 200, g
        time.sleep(6)  # set-ups, then a bot searching
    finally:
        server.stop(sig, within=30)
    text = log.read_text()
    assert server.proc.returncode in (0, 130), text
    assert "terminate called" not in text and "Traceback" not in text


def test_seats_abort_a_game_and_it_stays_aborted(db: Path) -> None:
    with TestClient(create_app(db)) as client:
        g = _hotseat(client)
        assert client.post(f"/api/games/{g['id']}/abort", json={"token": "wrong"}).status_code == 403
        r = client.post(f"/api/games/{g['id']}/abort", json={"token": g["seats"]["away"]})
        assert r.status_code == 200 and r.json()["ended"] == "aborted"
        assert _act(client, g).status_code == 409
        assert client.post(f"/api/games/{g['id']}/abort",
                           json={"token": g["seats"]["home"]}).status_code == 409
        bots = client.post("/api/games", json={"mode": "botvbot", "home": "human:random",
                                               "away": "orc:random", "board": 11, "delay": 0}).json()
        assert set(bots["seats"].values()) == {None} and bots["owner"]
        r = client.post(f"/api/games/{bots['id']}/abort", json={"token": bots["owner"]})
        assert r.status_code == 200 and r.json()["ended"] == "aborted"
        time.sleep(0.3)
        first = client.get(f"/api/games/{bots['id']}").json()["version"]
        time.sleep(0.3)
        assert client.get(f"/api/games/{bots['id']}").json()["version"] == first  # the bots stopped
    with TestClient(create_app(db)) as client:
        listing = client.get("/api/games").json()
        ended = {row["id"]: row["ended"] for row in listing["finished"]}
        assert ended == {g["id"]: "aborted", bots["id"]: "aborted"} and listing["running"] == []
        assert client.get(f"/api/games/{bots['id']}").json()["ended"] == "aborted"
        assert _act(client, g).status_code == 409


def test_games_without_an_action_expire(db: Path) -> None:
    with TestClient(create_app(db)) as client:
        g = _hotseat(client)
        manager = client.app.state.manager
        assert manager.expire() == []
        manager.expire_after = 0.0
        assert manager.expire() == [g["id"]]
        assert client.get(f"/api/games/{g['id']}").json()["ended"] == "expired"
        manager.expire_after = 3600.0
        other = _hotseat(client)
    with TestClient(create_app(db, expire_after=0.0)) as client:  # stale games expire on a restart too
        listing = client.get("/api/games").json()
        assert {row["id"]: row["ended"] for row in listing["finished"]} == {g["id"]: "expired",
                                                                           other["id"]: "expired"}
