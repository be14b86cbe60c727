# mypy: disable-error-code="attr-defined,dict-item,import-not-found,no-any-return,type-arg,union-attr"
"""Helpers for the web tests: a random player that acts through the API, a live server, and
Debian's chromium for the browser tests (`CHROMIUM`, `needs_chromium`, `browser_page`)."""

from __future__ import annotations

import contextlib
import os
import random
import shutil
import socket
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
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


#: Debian's chromium (or NUFFLE_CHROMIUM), None where it is not installed.
CHROMIUM = next((p for p in (os.environ.get("NUFFLE_CHROMIUM"), shutil.which("chromium"),
                             "/usr/bin/chromium") if p and Path(p).exists()), None)
#: A browser test's wait for anything, in seconds.
BROWSER_TIMEOUT = 45.0
#: The mark of a test that drives chromium: skipped, with the reason, where it is not installed.
needs_chromium = pytest.mark.skipif(CHROMIUM is None,
                                    reason="Debian's chromium is not installed (apt-get install chromium)")


@contextlib.contextmanager
def browser_page(**context: Any) -> Iterator[Any]:
    """A page of a fresh chromium (Playwright; `context` as `Browser.new_context` takes it, e.g.
    a viewport) waiting up to BROWSER_TIMEOUT; after the test, no script error may have been
    raised on it."""
    from playwright import sync_api

    with sync_api.sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox", "--disable-gpu"])
        pg = browser.new_context(**context).new_page()
        errors: list[str] = []
        pg.on("pageerror", lambda e: errors.append(str(e)))
        pg.set_default_timeout(BROWSER_TIMEOUT * 1000)
        yield pg
        browser.close()
        assert not errors, errors
