# mypy: disable-error-code="attr-defined,dict-item,import-not-found,no-any-return,type-arg,union-attr"
"""The web API: creating games, seats and tokens, checked actions, records and persistence."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from web_helpers import legal_actions, play_out, random_action

from nuffle.cli import main as cli_main
from nuffle.testing import slow_except
from nuffle.web.app import create_app
from nuffle.web.store import token_hash

#: games played out through the API: board 1 in the fast loop, board 3 in the full run
BOARDS = slow_except([3, 1], [1])


def _new(client: TestClient, **body: object) -> dict:
    r = client.post("/api/games",
                    json={"mode": "hotseat", "home": "human", "away": "orc", "board": 3, **body})
    assert r.status_code == 200, r.text
    return r.json()


def test_create_returns_id_seats_and_spectate_url(client: TestClient) -> None:
    g = client.post("/api/games", json={"mode": "bot", "home": "human", "away": "orc:scripted",
                                        "board": 11}).json()
    assert set(g) >= {"id", "seats", "spectate"}
    assert g["seats"]["away"] is None  # a bot seat has no token
    assert isinstance(g["seats"]["home"], str) and len(g["seats"]["home"]) >= 24
    assert g["spectate"].endswith(f"/games/{g['id']}")
    state = client.get(f"/api/games/{g['id']}").json()
    assert state["seats"] == {"home": "human", "away": "bot:scripted"}
    assert state["config"]["seed"] is None  # the seed would reveal the dice


def test_bad_create_bodies_get_one_line_errors(client: TestClient) -> None:
    cases = [
        ({"mode": "solo"}, "unknown mode 'solo'"),
        ({"board": 4}, "unknown board 4"),
        ({"home": "elves"}, "unknown race 'elves'"),
        ({"away": "orc:nobot"}, "unknown bot 'nobot'"),
        ({"mode": "hotseat", "away": "orc:random"}, "has no bots"),
        ({"delay": -1}, "'delay' must be"),
    ]
    for body, message in cases:
        r = client.post("/api/games", json={"mode": "hotseat", "board": 3, **body})
        assert r.status_code == 400, body
        assert message in r.json()["error"], r.json()
    r = client.post("/api/games", content=b"{not json")
    assert r.status_code == 400 and "not valid JSON" in r.json()["error"]


def test_state_has_decision_and_legal_actions_the_endpoint_accepts(client: TestClient) -> None:
    g = _new(client)
    state = client.get(f"/api/games/{g['id']}").json()
    assert state["decision"]["kind"] == "KICK_OR_RECEIVE"
    assert state["decision"]["side"] in ("home", "away")
    assert {"players", "ball", "score", "turn", "half"} <= set(state)
    for action in legal_actions(state):
        assert set(action) == {"type", "player", "square"}
    side = state["decision"]["side"]
    r = client.post(f"/api/games/{g['id']}/actions",
                    json={"token": g["seats"][side], "action": legal_actions(state)[0]})
    assert r.status_code == 200, r.text
    assert r.json()["version"] == state["version"] + 1


def test_wrong_missing_spectator_and_other_seat_get_403_and_change_nothing(client: TestClient) -> None:
    g = _new(client)
    url = f"/api/games/{g['id']}"
    before = client.get(url).json()
    side = before["decision"]["side"]
    other = "away" if side == "home" else "home"
    action = legal_actions(before)[0]
    for token in (None, "", "not-a-token", g["seats"][other], 42):
        body = {"action": action} if token is None else {"token": token, "action": action}
        r = client.post(f"{url}/actions", json=body)
        assert r.status_code == 403, (token, r.text)
        assert "error" in r.json()
    assert client.get(url).json() == before


def test_seat_in_a_bot_game_cannot_act_for_the_bot(client: TestClient) -> None:
    g = client.post("/api/games", json={"mode": "bot", "home": "human", "away": "orc:random",
                                        "board": 3, "delay": 5}).json()
    state = client.get(f"/api/games/{g['id']}").json()
    if state["decision"]["side"] == "away":  # the bot is thinking (slowly: delay 5 s)
        r = client.post(f"/api/games/{g['id']}/actions",
                        json={"token": g["seats"]["home"], "action": legal_actions(state)[0]})
        assert r.status_code == 403
        assert "not the home coach's decision" in r.json()["error"]


def test_illegal_malformed_and_unknown_get_clear_errors_and_change_nothing(client: TestClient) -> None:
    g = _new(client)
    url = f"/api/games/{g['id']}"
    before = client.get(url).json()
    token = g["seats"][before["decision"]["side"]]
    cases = [
        ({"type": "END_TURN", "player": None, "square": None}, 422, "illegal"),
        ({"type": "FLY", "player": None, "square": None}, 400, "unknown action type 'FLY'"),
        ({"type": "MOVE", "player": "x", "square": None}, 400, "player must be an integer"),
        ({"type": "MOVE", "player": None, "square": [1]}, 400, "square must be [x, y]"),
        ({"type": "KICK", "colour": "red"}, 400, "unknown action field"),
        ("KICK", 400, "an action must be"),
    ]
    for action, status, message in cases:
        r = client.post(f"{url}/actions", json={"token": token, "action": action})
        assert r.status_code == status, (action, r.text)
        assert message in r.json()["error"], r.json()
    r = client.post(f"{url}/actions", json={"token": token})
    assert r.status_code == 400
    assert client.get(url).json() == before
    for path in ("/api/games/nope", "/api/records/nope"):
        r = client.get(path)
        assert r.status_code == 404 and "no game with id 'nope'" in r.json()["error"]


def _to_setup(client: TestClient, g: dict) -> tuple[str, dict]:
    """Play a new game's first legal actions until a set-up; the game's URL and its state."""
    url = f"/api/games/{g['id']}"
    state = client.get(url).json()
    while state["decision"]["kind"] != "SETUP":
        side = state["decision"]["side"]
        state = client.post(f"{url}/actions", json={"token": g["seats"][side],
                                                    "action": legal_actions(state)[0]}).json()
    return url, state


def test_formation_setup_places_the_players(client: TestClient) -> None:
    g = _new(client, board=5)
    url, state = _to_setup(client, g)
    side = state["decision"]["side"]
    assert state["formations"]
    r = client.post(f"{url}/setup", json={"token": g["seats"][side], "formation": "nonsense"})
    assert r.status_code == 400 and "formation 'nonsense'" in r.json()["error"]
    r = client.post(f"{url}/setup", json={"token": g["seats"][side], "formation": state["formations"][0]})
    assert r.status_code == 200, r.text
    after = r.json()
    on_pitch = [p for p in after["players"] if p["team"] == side and p["square"]]
    assert len(on_pitch) == 5
    assert {"type": "END_SETUP", "player": None, "square": None} in legal_actions(after)


def test_formation_setup_on_the_one_player_board_fields_the_blitzer(client: TestClient) -> None:
    # The web set-up shares the bots' order: a side fielding one player puts in a player with
    # Block (who can blitz the ball back), not the fastest Catcher nor the Big Guy a
    # strongest-first order would pick.
    g = _new(client, board=1, home="human", away="human")
    url, state = _to_setup(client, g)
    side = state["decision"]["side"]
    r = client.post(f"{url}/setup", json={"token": g["seats"][side], "formation": state["formations"][0]})
    assert r.status_code == 200, r.text
    mine = [p for p in r.json()["players"] if p["team"] == side]
    on_pitch = [p for p in mine if p["square"]]
    assert [p["position"] for p in on_pitch] == ["Blitzer"]


@pytest.mark.parametrize("board", BOARDS)
def test_finished_game_record_replays_with_nuffle_replay(client: TestClient, tmp_path: Path,
                                                         board: int) -> None:
    g = _new(client, board=board)
    r = client.get(f"/api/records/{g['id']}")
    assert r.status_code == 409  # not before the end: it holds the seed
    final = play_out(client, g["id"], g["seats"], seed=3)
    record = client.get(f"/api/records/{g['id']}").json()
    assert record["final"]["score"] == final["score"]
    path = tmp_path / "game.json"
    path.write_text(json.dumps(record))
    assert cli_main(["replay", str(path)]) == 0
    frames = client.get(f"/api/replays/{g['id']}").json()
    assert len(frames["frames"]) == len(record["entries"]) + 1
    assert frames["frames"][-1]["score"] == final["score"]
    # each frame has the game page's scoreboard per team, as the engine's team state was then
    panels = [f["teams"] for f in frames["frames"]]
    assert [panels[-1]["home"]["score"], panels[-1]["away"]["score"]] == list(final["score"])
    for p, f in zip(panels, frames["frames"], strict=True):
        assert [p["home"]["rerolls"], p["away"]["rerolls"]] == f["rerolls"]
        assert [p["home"]["turn"], p["away"]["turn"]] == f["turn"]
    assert any(p["home"]["its_turn"] for p in panels) and any(p["away"]["its_turn"] for p in panels)
    assert panels[0]["home"]["name"] == record["teams"]["home"]["name"]
    assert frames["pitch"]["turns_per_half"] > 0
    listing = client.get("/api/games").json()
    assert g["id"] in [row["id"] for row in listing["finished"]]
    bad = dict(record, entries=[*record["entries"][:-1], ["a", ["FLY", None, None]]])
    r = client.post("/api/replays", json=bad)
    assert r.status_code == 400 and "does not replay" in r.json()["error"]


@pytest.mark.parametrize("board", BOARDS)
def test_restart_resumes_games_and_tokens_and_keeps_finished_ones(db: Path, board: int) -> None:
    with TestClient(create_app(db)) as c:
        running = _new(c, board=board)
        url = f"/api/games/{running['id']}"
        state = c.get(url).json()
        import random

        rng = random.Random(5)
        for _ in range(30):
            side = state["decision"]["side"]
            state = c.post(f"{url}/actions", json={"token": running["seats"][side],
                                                   "action": random_action(state, rng)}).json()
        done = _new(c, board=board)
        play_out(c, done["id"], done["seats"], seed=1)
        record = c.get(f"/api/records/{done['id']}").json()
    with TestClient(create_app(db)) as c:
        again = c.get(url).json()
        for key in ("players", "ball", "score", "turn", "half", "decision", "legal"):
            assert again[key] == state[key], key
        side = again["decision"]["side"]
        r = c.post(f"{url}/actions", json={"token": running["seats"][side],
                                           "action": legal_actions(again)[0]})
        assert r.status_code == 200, r.text
        assert c.get(f"/api/records/{done['id']}").json() == record
        assert done["id"] in [row["id"] for row in c.get("/api/games").json()["finished"]]
    con = sqlite3.connect(db)
    stored = {h for (h,) in con.execute("SELECT token_hash FROM seats")}
    con.close()
    tokens = set(running["seats"].values())
    assert not tokens & stored  # only hashes are stored
    assert {token_hash(t) for t in tokens} <= stored


def test_path_preview_matches_the_pathfinder(client: TestClient) -> None:
    from nuffle.analysis.pathfinding import all_paths

    g = _new(client, board=5, seed=11)
    gid = g["id"]
    live = client.app.state.manager.games[gid]
    import random

    rng = random.Random(2)
    state = client.get(f"/api/games/{gid}").json()
    while not (state["decision"]["kind"] == "SELECT_ACTION"
               and any(a["type"] == "START_MOVE" for a in legal_actions(state))):
        side = state["decision"]["side"]
        action = random_action(state, rng)
        if state["decision"]["kind"] == "SETUP" and state["formations"]:
            r = client.post(f"/api/games/{gid}/setup", json={"token": g["seats"][side],
                                                             "formation": state["formations"][0]})
            if r.status_code == 200 and r.json()["decision"]["kind"] == "SETUP":
                action = {"type": "END_SETUP", "player": None, "square": None}
            state = r.json()
        state = client.post(f"/api/games/{gid}/actions",
                            json={"token": g["seats"][side], "action": action}).json()
    pid = next(a["player"] for a in legal_actions(state) if a["type"] == "START_MOVE")
    preview = client.get(f"/api/games/{gid}/paths", params={"player": pid}).json()
    assert preview["paths"]
    expected_paths = all_paths(live.game, pid)
    assert len(expected_paths) == len(preview["paths"])
    for key, path in preview["paths"].items():
        x, y = map(int, key.split(","))
        expected = expected_paths[(x, y)]
        assert abs(path["prob"] - expected.prob) < 1e-12
        assert [s[:2] for s in path["steps"][1:]] == [list(s) for s in expected.steps]
    r = client.get(f"/api/games/{gid}/paths", params={"player": 999})
    assert r.status_code == 400 and "unknown player id 999" in r.json()["error"]


def test_legal_groups_stand_for_every_legal_action_and_a_setup_is_small() -> None:
    from nuffle.agents.registry import make_agent
    from nuffle.core.decision import DecisionKind
    from nuffle.core.game import Game
    from nuffle.web.session import action_to_json, expand_legal, legal_groups

    game = Game.new("human", "orc", seed=4, board=11)
    bot = make_agent("random", 4)
    bot.new_game(game.view(), 0)
    seen = set()
    for _ in range(500):
        if game.decision().kind == DecisionKind.SELECT_ACTION:
            break
        seen.add(game.decision().kind)
        groups = legal_groups(game)
        expected = [action_to_json(a) for a in game.legal_actions()]
        assert expand_legal(json.loads(json.dumps(groups))) == expected
        if game.decision().kind == DecisionKind.SETUP:
            assert len(game.legal_actions()) > 1000 and len(json.dumps(groups)) < 5000
        game.step(bot.act(game.view()))
    assert DecisionKind.SETUP in seen
    assert expand_legal(legal_groups(game)) == [action_to_json(a) for a in game.legal_actions()]


def test_formation_in_a_perfect_defence_moves_only_the_players_on_the_pitch(client: TestClient) -> None:
    # Seed 24: both sides set up by their first formation, the kick lands on the first legal
    # square and the kick-off table gives a Perfect Defence (asserted below).
    g = _new(client, board=11, seed=24)
    url = f"/api/games/{g['id']}"
    state = client.get(url).json()
    setups = 0
    while True:
        side = state["decision"]["side"]
        on = sorted(p["id"] for p in state["players"] if p["team"] == side and p["square"])
        if state["decision"]["kind"] == "SETUP" and on:
            break
        assert setups <= 2 and not state["result"]["over"], "no Perfect Defence with this seed"
        if state["decision"]["kind"] == "SETUP":
            setups += 1
            client.post(f"{url}/setup", json={"token": g["seats"][side], "formation": state["formations"][0]})
            action: dict[str, object] = {"type": "END_SETUP", "player": None, "square": None}
        else:
            action = legal_actions(state)[0]
        r = client.post(f"{url}/actions", json={"token": g["seats"][side], "action": action})
        assert r.status_code == 200, r.text
        state = r.json()
    assert state["formations"] and "RESERVE_PLAYER" not in {grp["type"] for grp in state["legal"]}
    r = client.post(f"{url}/setup", json={"token": g["seats"][side], "formation": state["formations"][-1]})
    assert r.status_code == 200, r.text
    after = r.json()
    assert sorted(p["id"] for p in after["players"] if p["team"] == side and p["square"]) == on
    assert after["version"] > state["version"]
    assert {"type": "END_SETUP", "player": None, "square": None} in legal_actions(after)


def test_blitz_options_are_refused_with_one_line_outside_a_blitz(client: TestClient) -> None:
    gid = client.post("/api/games", json={"mode": "hotseat"}).json()["id"]
    r = client.get(f"/api/games/{gid}/blitz", params={"square": "5,5"})
    assert r.status_code == 400 and r.json()["error"] == "there is no blitz to aim now"
    r = client.get(f"/api/games/{gid}/blitz", params={"square": "five"})
    assert r.status_code == 400 and "'x,y'" in r.json()["error"]
