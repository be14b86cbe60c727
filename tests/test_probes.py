"""Hostile input reaches the user as a one-line error, never a traceback (issue 41): every CLI
probe exits 1 or 2 with one error line; every web probe gets a 4xx (websocket: an error
message) and leaves no traceback in the server's log. The earlier probes are in
tests/test_bad_input.py."""

from __future__ import annotations

import asyncio
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

pytestmark = pytest.mark.slow  # each CLI probe starts an interpreter


@pytest.fixture(scope="module")
def files(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    d = tmp_path_factory.mktemp("probes")
    out = {"dir": d}
    for name, data in {
        "deep.json": b"[" * 100_000,
        "latin.json": b'{"format": "nuffle-ladder/1", "name": "caf\xe9"}',
        "incomplete.json": b'{"format": "nuffle-ladder/1"}',
        "bad-games.json": b'{"format": "nuffle-ladder/1", "entries": ["a", "b"], "games": [{"home": 0}]}',
        "nested-games.json": b'{"format": "nuffle-ladder/1", "entries": ["a", "b"], "games": [[[[]]]]}',
        "words.json": b'{"values": {"score": "lots"}}',
        "notdb.sqlite3": b"this is not a database",
        "record.json": b"{}",
    }.items():
        (d / name).write_bytes(data)
        out[name] = d / name
    (d / "folder").mkdir()
    return out


def cli(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "nuffle.cli", *args], capture_output=True, text=True,
                          timeout=120, cwd=cwd)


CLI_PROBES: list[tuple[list[str], str]] = [
    (["bench", "mcts", "--seconds", "0"], "--seconds"),
    (["bench", "mcts", "--seconds", "nan"], "--seconds"),
    (["bench", "env", "--seconds", "-1"], "--seconds"),
    (["bench", "env", "--seconds", "nan"], "--seconds"),
    (["ladder", "--report", "deep.json"], "nested too deeply"),
    (["ladder", "--report", "latin.json"], "latin.json"),
    (["ladder", "--report", "incomplete.json"], "incomplete.json"),
    (["ladder", "--report", "bad-games.json"], "bad-games.json"),
    (["ladder", "--report", "nested-games.json"], "nested-games.json"),
    (["play", "--board", "1", "--home", "human:grod?values=deep.json"], "nested too deeply"),
    (["play", "--board", "1", "--home", "human:grod?values=latin.json"], "latin.json"),
    (["play", "--board", "1", "--home", "human:grod?values=words.json"], "must be a number"),
    (["play", "--board", "3", "--home", "human:policy?model=b1"], "plays board 1 only, not board 3"),
    (["play", "--board", "3", "--games", "2", "--away", "orc:policy?model=b1"], "not board 3"),
    (["ladder", "human:policy?model=b1", "orc", "--board", "3", "--pairs", "1"], "not board 3"),
    (["rl", "eval", "latin.json"], "latin.json is not a readable checkpoint"),
    (["play", "--board", "1", "--save", "record.json"], "exists already"),
    (["serve", "--port", "99999"], "99999"),
    (["serve", "--port", "-1"], "-1"),
    (["serve", "--db", "folder"], "is a folder"),
    (["serve", "--db", "record.json/games.sqlite3"], "record.json"),
    (["serve", "--db", "notdb.sqlite3"], "not a database"),
    (["mcts-is-no-command"], "invalid choice"),
]


@pytest.mark.parametrize(("args", "names"), CLI_PROBES, ids=[" ".join(a) for a, _ in CLI_PROBES])
def test_cli_probe_gets_a_one_line_error(args: list[str], names: str, files: dict[str, Path]) -> None:
    run = cli(*args, cwd=files["dir"])
    out = run.stdout + run.stderr
    assert "Traceback" not in out, run.stderr
    assert run.returncode == 2, (run.returncode, run.stderr)  # bad input: README's exit-code rule
    errors = [line for line in run.stderr.splitlines() if "error:" in line]
    assert len(errors) == 1 and names in errors[0], run.stderr
    if args[0] == "serve":
        assert "web app on" not in run.stdout  # no banner for a server that never started
    if args[0] == "rl":
        assert "PyTorch" not in run.stderr and errors[0].rstrip().endswith(")")


def test_serve_creates_no_database_when_it_cannot_start(files: dict[str, Path]) -> None:
    db = files["dir"] / "never.sqlite3"
    run = cli("serve", "--port", "99999", "--db", str(db), cwd=files["dir"])
    assert run.returncode == 2 and not db.exists()


def test_game_new_names_a_bad_team() -> None:
    from nuffle.core.game import Game

    with pytest.raises(TypeError, match="home must be a race key or a TeamSpec, got None"):
        Game.new(home=None)  # type: ignore[arg-type]


# --- the web probes, against a real server whose log is read afterwards -----------------------


def _raw(port: int, request: bytes) -> bytes:
    import socket

    with socket.create_connection(("127.0.0.1", port), timeout=30) as s:
        s.sendall(request)
        return s.recv(65536)


def test_web_probes_get_4xx_and_leave_no_traceback(tmp_path: Path) -> None:
    pytest.importorskip("fastapi")
    websockets = pytest.importorskip("websockets")
    sys.path.insert(0, str(Path(__file__).parent / "web"))
    from server_process import Server  # type: ignore[import-not-found]

    log = tmp_path / "server.log"
    server = Server(tmp_path / "games.sqlite3", log)
    try:
        status, g = server.request("POST", "/api/games", {"mode": "hotseat", "board": 1})
        assert status == 200
        gid, token = g["id"], g["seats"]["home"]
        probes: list[tuple[str, str, Any]] = [
            ("POST", "/api/games", {"seed": 2**63}),
            ("POST", "/api/games", {"seed": -5}),
            ("POST", "/api/games", {"board": 11.0}),
            ("POST", "/api/games", {"delay": 1e400}),
            ("POST", "/api/games", {"mode": "botvbot", "home": "human:mcts?seconds=1e9"}),
            ("POST", "/api/games", {"mode": "botvbot", "home": "human:lookahead?samples=100000"}),
            ("POST", "/api/games", {"mode": "bot", "away": "orc:policy?model=b1", "board": 3}),
            ("POST", "/api/games", {"home": ["human"]}),
            ("POST", f"/api/games/{gid}/actions", {"token": token, "action": {"type": 7}}),
            ("POST", f"/api/games/{gid}/actions", {"token": token, "action": [[[[]]]]}),
            ("POST", f"/api/games/{gid}/setup", {"token": token, "formation": {"a": 1}}),
            ("POST", f"/api/games/{gid}/speed", {"delay": "fast"}),
            ("POST", f"/api/games/{gid}/abort", {"token": "not-a-seat"}),
            ("POST", "/api/games/nope/abort", {"token": token}),
            ("GET", f"/api/games/{gid}/paths?player=99999", None),
            ("GET", f"/api/games/{gid}/paths?player=x", None),
            ("GET", f"/api/records/{gid}", None),
            ("POST", "/api/replays", {"format": "nuffle-record", "entries": [[1, [2]]]}),
            ("POST", "/api/replays", [1, 2, 3]),
        ]
        for method, path, body in probes:
            status, answer = server.request(method, path, body)
            assert 400 <= status < 500, (path, body, status, answer)
        for raw in (b"[" * 100_000, b'{"delay": NaN}', b"\xff\xfe binary"):
            head = (f"POST /api/games HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                    f"Content-Length: {len(raw)}\r\nConnection: close\r\n\r\n").encode()
            assert _raw(server.port, head + raw).startswith(b"HTTP/1.1 400"), raw[:20]
        huge = (b"POST /api/games HTTP/1.1\r\nHost: x\r\nContent-Length: 400000000\r\n"
                b"Connection: close\r\n\r\n{")
        assert _raw(server.port, huge).startswith(b"HTTP/1.1 413")

        async def sockets() -> list[dict[str, Any]]:
            replies = []
            url = f"ws://127.0.0.1:{server.port}/ws/games/{gid}?token={token}"
            async with websockets.connect(url) as ws:
                await ws.recv()  # hello
                await ws.recv()  # the state
                for frame in (b"\x00\xff binary", "not json", "[" * 100_000, '{"type": 5}',
                              '{"type": "action", "action": {"type": "FLY"}}', "[]"):
                    await ws.send(frame)
                    replies.append(json.loads(await ws.recv()))
                await ws.send('{"type": "ping"}')
                replies.append(json.loads(await ws.recv()))
            return replies

        replies = asyncio.run(sockets())
        assert all(r["type"] == "error" and 400 <= r["status"] < 500 for r in replies[:-1]), replies
        assert replies[-1] == {"type": "pong"}
    finally:
        server.stop()
    assert "Traceback" not in log.read_text(), log.read_text()[-2000:]
