# mypy: disable-error-code="attr-defined,dict-item,import-not-found,no-any-return,type-arg,union-attr"
"""The game websocket: pushed states, actions with a seat token, errors, bot-v-bot to the end."""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient
from web_helpers import legal_actions

from nuffle.record import replay


def _next_state(ws: Any) -> dict[str, Any]:
    while True:
        msg = ws.receive_json()
        assert msg["type"] != "error", msg
        if msg["type"] == "state":
            return msg["state"]


def _hotseat(client: TestClient) -> dict[str, Any]:
    return client.post("/api/games", json={"mode": "online", "home": "human", "away": "orc",
                                           "board": 3}).json()


def test_seat_acts_over_the_socket_and_states_are_pushed(client: TestClient) -> None:
    g = _hotseat(client)
    state = client.get(f"/api/games/{g['id']}").json()
    side = state["decision"]["side"]
    other = "away" if side == "home" else "home"
    with client.websocket_connect(f"/ws/games/{g['id']}?token={g['seats'][side]}") as ws, \
            client.websocket_connect(f"/ws/games/{g['id']}") as watcher:
        assert ws.receive_json() == {"type": "hello", "seat": side}
        assert watcher.receive_json() == {"type": "hello", "seat": None}
        assert _next_state(ws)["version"] == state["version"]
        assert _next_state(watcher)["version"] == state["version"]
        ws.send_json({"type": "action", "action": legal_actions(state)[0]})
        pushed = _next_state(ws)
        assert pushed["version"] == state["version"] + 1
        assert _next_state(watcher)["version"] == pushed["version"]
        # the spectator cannot act, nor can a seat out of turn
        watcher.send_json({"type": "action", "action": legal_actions(pushed)[0]})
        err = watcher.receive_json()
        assert err["type"] == "error" and err["status"] == 403
    with client.websocket_connect(f"/ws/games/{g['id']}?token={g['seats'][other]}") as ws2:
        assert ws2.receive_json() == {"type": "hello", "seat": other}
        now = _next_state(ws2)
        if now["decision"]["side"] != other:
            ws2.send_json({"type": "action", "action": legal_actions(now)[0]})
            err = ws2.receive_json()
            assert err["type"] == "error" and err["status"] == 403
    assert client.get(f"/api/games/{g['id']}").json()["version"] == pushed["version"]


def test_malformed_messages_and_unknown_games_get_errors(client: TestClient) -> None:
    g = _hotseat(client)
    before = client.get(f"/api/games/{g['id']}").json()
    token = g["seats"][before["decision"]["side"]]
    with client.websocket_connect(f"/ws/games/{g['id']}?token={token}") as ws:
        ws.receive_json()
        _next_state(ws)
        for text, message in (("not json", "not valid JSON"), ("[1, 2]", "must be a JSON object"),
                              ('{"type": "dance"}', "unknown message type 'dance'"),
                              ('{"type": "action", "action": {"type": "FLY"}}', "unknown action type")):
            ws.send_text(text)
            err = ws.receive_json()
            assert err["type"] == "error" and message in err["message"], err
    assert client.get(f"/api/games/{g['id']}").json() == before
    with client.websocket_connect("/ws/games/nope") as ws:
        err = ws.receive_json()
        assert err["status"] == 404 and "no game with id 'nope'" in err["message"]
    with client.websocket_connect(f"/ws/games/{g['id']}?token=forged") as ws:
        assert ws.receive_json()["status"] == 403
        assert ws.receive_json() == {"type": "hello", "seat": None}


def test_bot_v_bot_runs_to_the_end_for_a_watcher(client: TestClient) -> None:
    g = client.post("/api/games", json={"mode": "botvbot", "home": "human:random", "away": "orc:random",
                                        "board": 3, "delay": 0}).json()
    assert g["seats"] == {"home": None, "away": None}
    with client.websocket_connect(f"/ws/games/{g['id']}") as ws:
        assert ws.receive_json()["seat"] is None
        for _ in range(100_000):
            state = _next_state(ws)
            if state["result"]["over"]:
                break
    assert state["error"] is None
    record = client.get(f"/api/records/{g['id']}").json()
    game = replay(record)
    assert game.is_over
    assert [game.state.teams[0].score, game.state.teams[1].score] == state["score"]
    r = client.post(f"/api/games/{g['id']}/speed", json={"delay": 0.5})
    assert r.status_code == 200 and r.json() == {"delay": 0.5}


def test_pushed_states_carry_only_the_log_lines_the_socket_has_not_had(client: TestClient) -> None:
    g = _hotseat(client)
    url = f"/api/games/{g['id']}"
    with client.websocket_connect(f"/ws/games/{g['id']}") as watcher:
        watcher.receive_json()
        first = _next_state(watcher)
        assert first["log_from"] == 0 and first["log"] == []
        log: list[str] = []
        state = first
        for _ in range(30):  # the coin toss, both set-ups, the kick-off: dice rolls too
            side = state["decision"]["side"]
            action = legal_actions(state)[0]
            if state["decision"]["kind"] == "SETUP":
                action = {"type": "END_SETUP", "player": None, "square": None}
                if action not in legal_actions(state):
                    state = client.post(f"{url}/setup", json={"token": g["seats"][side],
                                                              "formation": state["formations"][0]}).json()
                    pushed = _next_state(watcher)
                    assert pushed["log_from"] == len(log)
                    log += pushed["log"]
                    continue
            state = client.post(f"{url}/actions", json={"token": g["seats"][side], "action": action}).json()
            pushed = _next_state(watcher)
            assert pushed["version"] == state["version"]
            assert pushed["log_from"] == len(log)  # (a set-up step adds no report line)
            log += pushed["log"]
            assert {k: v for k, v in pushed.items() if k not in ("log", "log_from")} == \
                {k: v for k, v in state.items() if k not in ("log", "log_from")}
    full = client.get(url).json()
    assert full["log_from"] == max(0, len(log) - 150) and full["log"] == log[-150:]
    assert any(line.startswith("Weather: ") for line in log)  # the match report, in words


def test_a_fault_in_the_state_pusher_is_logged_and_closes_the_socket(
        client: TestClient, monkeypatch: Any, caplog: Any) -> None:
    """The pusher no longer swallows every exception (issue 54, item 20): a bug in building a
    pushed state reaches the server's log with its traceback, and the client is told (close
    code 1011) rather than waiting for states that never come."""
    import pytest
    from starlette.websockets import WebSocketDisconnect

    from nuffle.web.session import LiveGame

    def broken(self: LiveGame, odds_fn: Any, since: int) -> tuple[str, int]:
        raise RuntimeError("a bug in push_text")

    g = _hotseat(client)
    monkeypatch.setattr(LiveGame, "push_text", broken)
    with client.websocket_connect(f"/ws/games/{g['id']}") as ws:
        assert ws.receive_json() == {"type": "hello", "seat": None}
        with pytest.raises(WebSocketDisconnect) as closed:
            ws.receive_json()
    assert closed.value.code == 1011
    faults = [r for r in caplog.records if r.name == "nuffle.web" and r.exc_info]
    assert faults and "a bug in push_text" in str(faults[0].exc_info[1]), caplog.text
