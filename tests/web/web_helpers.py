# mypy: disable-error-code="attr-defined,dict-item,import-not-found,no-any-return,type-arg,union-attr"
"""Helpers for the web tests: a random player that acts through the API."""

from __future__ import annotations

import contextlib
import random
import socket
import threading
import time
from collections.abc import Iterator
from typing import Any

from fastapi.testclient import TestClient

from nuffle.web.session import expand_legal


def legal_actions(state: dict[str, Any]) -> list[dict[str, Any]]:
    """Every legal action of a state, as objects the actions endpoint takes."""
    return expand_legal(state["legal"])


def random_action(state: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    """A legal action from the state's list, type first; mostly ending set-ups and turns at once
    (so games through the API end quickly)."""
    legal = legal_actions(state)
    types = sorted({a["type"] for a in legal})
    for hurry in ("END_SETUP", "END_TURN"):
        if hurry in types and rng.random() < 0.9:
            return {"type": hurry, "player": None, "square": None}
    kind = rng.choice(types)
    return rng.choice([a for a in legal if a["type"] == kind])


def play_out(client: TestClient, gid: str, tokens: dict[str, str], seed: int = 0,
             limit: int = 5000) -> dict[str, Any]:
    """Play a hot-seat game to its end through the actions endpoint."""
    rng = random.Random(seed)
    state = client.get(f"/api/games/{gid}").json()
    for _ in range(limit):
        if state["result"]["over"]:
            return state
        side = state["decision"]["side"]
        r = client.post(f"/api/games/{gid}/actions",
                        json={"token": tokens[side], "action": random_action(state, rng)})
        assert r.status_code == 200, r.text
        state = r.json()
    raise AssertionError("the game did not end")


@contextlib.contextmanager
def live_server(app: Any, timeout: float = 45.0) -> Iterator[str]:
    """Serve `app` with uvicorn on a free local port in a thread, for the browser tests: yields
    its URL, stops it after."""
    import uvicorn

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning"))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + timeout
    while not server.started:
        assert time.monotonic() < deadline, "the server did not start"
        time.sleep(0.05)
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        server.should_exit = True
        thread.join(timeout)
