# mypy: disable-error-code="attr-defined,dict-item,import-not-found,no-any-return,type-arg,union-attr"
"""`champion` in the web lobby: listed with the bots, and a bot-v-bot game played to the end."""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient

from nuffle.record import replay


def test_the_lobby_lists_champion(client: TestClient) -> None:
    listing = client.get("/api/games").json()
    assert "champion" in listing["bots"] and listing["bot_options"]["champion"] == {}


@pytest.mark.slow  # about 11 s on the loaded 2-core machine (torch's import, then a whole game)
def test_champion_plays_a_lobby_game_to_the_end(client: TestClient) -> None:
    pytest.importorskip("torch", reason="board 1's champion is a policy (the [rl] extra)")
    g = client.post("/api/games", json={"mode": "botvbot", "home": "human:champion", "away": "orc:random",
                                        "board": 1, "delay": 0}).json()
    seats = client.get(f"/api/games/{g['id']}").json()["seats"]
    assert seats == {"home": "bot:champion", "away": "bot:random"}
    with client.websocket_connect(f"/ws/games/{g['id']}") as ws:
        assert ws.receive_json()["seat"] is None
        state: dict = {}
        for _ in range(100_000):
            msg = ws.receive_json()
            assert msg["type"] != "error", msg
            if msg["type"] == "state" and msg["state"]["result"]["over"]:
                state = msg["state"]
                break
    assert state["error"] is None
    game = replay(client.get(f"/api/records/{g['id']}").json())
    assert game.is_over and [game.state.teams[0].score, game.state.teams[1].score] == state["score"]


def test_a_champion_entry_for_a_board_it_cannot_play_is_a_400(client: TestClient,
                                                              monkeypatch: pytest.MonkeyPatch) -> None:
    from nuffle.agents import champion

    only = {11: champion.champion_table()[11]}
    monkeypatch.setattr(champion, "champion_table", lambda: only)
    r = client.post("/api/games", json={"mode": "bot", "home": "human", "away": "orc:champion", "board": 3})
    assert r.status_code == 400 and "plays board 11 only, not board 3" in r.json()["error"]
