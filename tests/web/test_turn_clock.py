# mypy: disable-error-code="attr-defined,no-any-return,type-arg"
"""The optional turn timer: shown to both coaches, running only while its coach decides, and at
zero the server plays on for the late coach until his turn (or set-up) is over."""

from __future__ import annotations

import time
from typing import Any

import pytest
from fastapi.testclient import TestClient

from nuffle.core.actions import ActionType
from nuffle.core.game import Game
from nuffle.testing import Scenario, do
from nuffle.web.turn_clock import TurnClock, period_of

T = ActionType
BOTH = frozenset({0, 1})


def _turn() -> Game:
    """The home team's turn (a drive of the second half: the away turn follows it)."""
    sc = Scenario("human", "orc")
    sc.put(1, (10, 7)).put(2, (5, 3)).put(12, (11, 7)).put(13, (20, 3))
    return sc.start(0, drive=True)


def test_the_clock_runs_only_while_its_coach_decides_and_restarts_each_period() -> None:
    game = _turn()
    key, side = period_of(game)
    assert side == 0 and key is not None and key[0] == "turn"
    clock = TurnClock(60)
    clock.update(game, BOTH, 100.0)
    assert clock.remaining(130.0) == 30 and not clock.expired(130.0)
    assert clock.expired(160.0)
    assert clock.to_json(130.0, ("home", "away")) == {"side": "home", "seconds": 60, "left": 30.0,
                                                     "running": True}
    clock.update(game, frozenset({1}), 101.0)  # the same period: a bot's side never gets one
    assert clock.side == 0
    fresh = TurnClock(60)
    fresh.update(game, frozenset({1}), 100.0)
    assert fresh.remaining(200.0) is None and not fresh.expired(200.0)
    do(game, T.END_TURN)  # the away turn: a new period, a full clock for the away coach
    clock.update(game, BOTH, 140.0)
    assert clock.side == 1 and clock.remaining(150.0) == 50


def test_a_stopped_clock_keeps_what_was_left() -> None:
    game = _turn()
    clock = TurnClock(60)
    clock.update(game, BOTH, 0.0)
    clock.side = 1  # as if it were the away coach's clock while home decides: it stops
    clock.update(game, BOTH, 10.0)
    assert clock.since is None and clock.remaining(50.0) == 50 and not clock.expired(500.0)


def _state(client: TestClient, gid: str) -> dict[str, Any]:
    return client.get(f"/api/games/{gid}").json()


def test_at_zero_the_server_ends_the_late_coach_s_turn(client: TestClient) -> None:
    r = client.post("/api/games", json={"mode": "hotseat", "board": 11, "turn_seconds": 1})
    assert r.status_code == 200, r.text
    gid = r.json()["id"]
    game = _turn()
    do(game, T.START_MOVE, 1)  # an action under way: the server ends it, then the turn
    live = client.app.state.manager.games[gid]
    live.game, live.saved = game, len(game.history)  # the game's position is this one
    live.version += 1
    live.tick()
    first = _state(client, gid)
    assert first["clock"]["side"] == "home" and first["clock"]["seconds"] == 1
    assert first["clock"]["running"] is True and 0 < first["clock"]["left"] <= 1
    deadline = time.monotonic() + 30
    while _state(client, gid)["decision"]["side"] != "away":
        assert time.monotonic() < deadline, "the server did not end the late coach's turn"
        time.sleep(0.1)
    after = _state(client, gid)
    assert after["clock"]["side"] == "away" and after["teams"]["away"]["its_turn"]
    assert any("turn timer ran out" in line for line in after["log"])
    assert [a[0] for a in client.app.state.manager.store.actions(gid)][-2:] == ["END_ACTION", "END_TURN"]


def test_no_timer_unless_asked_and_a_bad_one_is_refused(client: TestClient) -> None:
    g = client.post("/api/games", json={"mode": "hotseat", "board": 11}).json()
    assert _state(client, g["id"])["clock"] is None
    for bad in (0, 3601, "60", True):
        r = client.post("/api/games", json={"mode": "hotseat", "board": 11, "turn_seconds": bad})
        assert r.status_code == 400 and "'turn_seconds' must be" in r.json()["error"]


@pytest.mark.parametrize("seconds", [30])
def test_the_timer_survives_a_restart(tmp_path: Any, seconds: int) -> None:
    from nuffle.web.app import create_app

    db = tmp_path / "games.sqlite3"
    with TestClient(create_app(db)) as c:
        body = {"mode": "hotseat", "board": 11, "turn_seconds": seconds}
        gid = c.post("/api/games", json=body).json()["id"]
    with TestClient(create_app(db)) as c:
        assert c.app.state.manager.games[gid].clock.seconds == seconds


def test_a_database_from_before_the_timer_gets_its_column(tmp_path: Any) -> None:
    import sqlite3

    from nuffle.web.store import Store

    db = tmp_path / "old.sqlite3"
    con = sqlite3.connect(db)
    con.execute("CREATE TABLE games (id TEXT PRIMARY KEY, mode TEXT NOT NULL, home TEXT NOT NULL,"
                " away TEXT NOT NULL, board INTEGER NOT NULL, seed INTEGER NOT NULL, teams TEXT NOT NULL,"
                " delay REAL NOT NULL DEFAULT 0, created REAL NOT NULL, finished INTEGER NOT NULL DEFAULT 0,"
                " score TEXT, ended TEXT, updated REAL NOT NULL DEFAULT 0)")
    con.execute("INSERT INTO games (id, mode, home, away, board, seed, teams, created) VALUES"
                " ('g1', 'hotseat', 'human', 'orc', 11, 1, '{}', 0)")
    con.commit()
    con.close()
    store = Store(db)
    try:
        old = store.game("g1")
        assert old is not None and old.turn_seconds is None
    finally:
        store.close()


def test_at_zero_in_a_set_up_the_server_completes_it(client: TestClient) -> None:
    g = client.post("/api/games", json={"mode": "hotseat", "board": 11, "turn_seconds": 1}).json()
    gid, seats = g["id"], g["seats"]
    state = _state(client, gid)
    while state["decision"]["kind"] != "SETUP":  # the coin toss and the choice: no clock runs
        assert state["clock"] is None
        first = state["legal"][0]
        action = {"type": first["type"], "player": (first["players"] or [None])[0],
                  "square": (first["squares"] or [None])[0]}
        side = state["decision"]["side"]
        r = client.post(f"/api/games/{gid}/actions", json={"token": seats[side], "action": action})
        assert r.status_code == 200, r.text
        state = r.json()
    setting_up = state["decision"]["side"]
    assert state["clock"]["side"] == setting_up and state["clock"]["running"]
    deadline = time.monotonic() + 30
    while (state := _state(client, gid))["decision"]["side"] == setting_up:
        assert time.monotonic() < deadline, "the server did not complete the late coach's set-up"
        time.sleep(0.1)
    done = client.app.state.manager.store.actions(gid)
    assert done[-1][0] == "END_SETUP" and sum(a[0] == "PLACE_PLAYER" for a in done) >= 11
    assert any("turn timer ran out" in line for line in state["log"])
