# mypy: disable-error-code="no-any-return,type-arg"
"""BB2020 team files in the web API: checked with BB2020's creation rules (as `nuffle team
check`), listed by GET /api/teams/races?ruleset=bb2020, built by POST /api/teams/build with
"ruleset": "bb2020", played by POST /api/games in a BB2020 game and refused in one line by an
LRB6 game."""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient

from nuffle.teams_bb2020 import build_team


def _team(**changes: object) -> dict:
    raw = build_team("human", [("Thrower", 1), ("Human Lineman", 10)], rerolls=2)
    raw.update(changes)
    return raw


def test_a_bb2020_team_is_checked_with_bb2020_rules(client: TestClient) -> None:
    r = client.post("/api/teams/check", json=_team())
    assert r.json() == {"ok": True, "errors": [], "value": 680_000, "cost": 680_000, "treasury": 1_000_000}
    body = client.post("/api/teams/check", json=_team(dedicated_fans=7, treasury=600_000)).json()
    assert body["ok"] is False and body["value"] is None and body["cost"] == 740_000
    assert body["errors"] == ["team: 7 Dedicated Fans exceeds the maximum of 6 at creation",
                              "team: over budget: the team costs 740,000 but the treasury is 600,000"]
    unreadable = client.post("/api/teams/check", json=_team(race="elves")).json()
    assert unreadable["ok"] is False and "unknown BB2020 team 'elves'" in unreadable["errors"][0]
    assert unreadable["cost"] is None


def test_the_bb2020_rosters(client: TestClient) -> None:
    body = client.get("/api/teams/races", params={"ruleset": "bb2020"}).json()
    assert body["ruleset"] == "bb2020" and len(body["races"]) == 30
    skaven = next(r for r in body["races"] if r["key"] == "skaven")
    runner = next(p for p in skaven["positionals"] if p["name"] == "Gutter Runner")
    assert (runner["ma"], runner["st"], runner["ag"], runner["pa"], runner["av"], runner["cost"]) == (
        9, 2, 2, 4, 8, 85_000)
    rat_ogre = next(p for p in skaven["positionals"] if p["name"] == "Rat Ogre")
    assert rat_ogre["pa"] is None and "Loner (4+)" in rat_ogre["skills"]
    assert body["prices"]["dedicated_fan"] == 10_000
    bad = client.get("/api/teams/races", params={"ruleset": "bb2019"})
    assert bad.status_code == 400 and "unknown ruleset 'bb2019'" in bad.json()["error"]
    assert len(client.get("/api/teams/races").json()["races"]) == 24  # LRB6 unchanged


def test_each_bb2020_roster_offers_a_legal_suggested_team(client: TestClient) -> None:
    """The builder starts from `default` (the team `nuffle team new` suggests): each one,
    sent back to POST /api/teams/build, is a legal team; an empty team has 1 Dedicated Fan."""
    body = client.get("/api/teams/races", params={"ruleset": "bb2020"}).json()
    assert body["dedicated_fans_free"] == 1
    for race in body["races"]:
        d = race["default"]
        built = client.post("/api/teams/build", json={"ruleset": "bb2020", "race": race["key"], **d}).json()
        assert built["ok"] is True, (race["key"], built["errors"])
        assert sum(d["players"].values()) >= 11 and built["cost"] <= body["treasury"]
        assert (d["favoured_of"] is None) == (not race["favoured_of"])


def test_build_a_bb2020_team(client: TestClient) -> None:
    body = {"ruleset": "bb2020", "race": "chaos-chosen", "players": {"Beastman Runner Lineman": 11},
            "favoured_of": "Khorne", "rerolls": 1}
    r = client.post("/api/teams/build", json=body).json()
    assert r["ok"] is True and r["team"]["ruleset"] == "bb2020" and r["team"]["favoured_of"] == "Khorne"
    assert r["cost"] == 11 * 60_000 + 60_000
    over = client.post("/api/teams/build", json={**body, "rerolls": 8}).json()
    assert over["ok"] is False and over["errors"] == [
        "team: over budget: the team costs 1,140,000 but the treasury is 1,000,000"]
    bad = client.post("/api/teams/build", json={**body, "dedicated_fans": -1})
    assert bad.status_code == 400 and "'dedicated_fans' must be a non-negative integer" in bad.json()["error"]


@pytest.mark.parametrize("side", ["home_team", "away_team"])
def test_an_lrb6_game_refuses_a_bb2020_team_in_one_line(client: TestClient, side: str) -> None:
    r = client.post("/api/games", json={"mode": "hotseat", "board": 11, side: _team()})
    assert r.status_code == 400
    error = r.json()["error"]
    assert "a BB2020 team: it plays a BB2020 match (--ruleset bb2020)" in error and "\n" not in error
    assert client.get("/api/games").json()["running"] == []


def test_a_bb2020_game_plays_a_bb2020_team_file(client: TestClient) -> None:
    body = {"mode": "hotseat", "board": 11, "ruleset": "bb2020", "home_team": _team(), "away": "orc"}
    r = client.post("/api/games", json=body)
    assert r.status_code == 200, r.text
    state = client.get(f"/api/games/{r.json()['id']}").json()
    assert state["config"]["ruleset"] == "bb2020"
    home = [p["position"] for p in state["players"] if p["team"] == "home"]
    assert sorted(home) == ["Human Lineman"] * 10 + ["Thrower"]  # the file's players, not the suggested team
    over = client.post("/api/games", json={**body, "home_team": _team(dedicated_fans=7, treasury=600_000)})
    assert over.status_code == 400
    assert over.json()["error"] == "home_team: 7 Dedicated Fans exceeds the maximum of 6 at creation"
    wrong = client.post("/api/games", json={**body, "home": "orc"})
    assert wrong.status_code == 400 and "'home_team' is a human team" in wrong.json()["error"]
