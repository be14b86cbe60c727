# mypy: disable-error-code="no-any-return,type-arg"
"""Your own team in the web app: POST /api/teams/check answers as `nuffle team check` does, and
POST /api/games plays team file objects (an illegal one is a 400 with the builder's reason)."""

from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from nuffle.cli import main as cli_main
from nuffle.core.teams import default_team_dict


def _team(base: str = "human", **changes: object) -> dict:
    raw = copy.deepcopy(default_team_dict(base))
    raw.update(changes)
    return raw


def _cli_check(tmp_path: Path, raw: object, capsys: pytest.CaptureFixture[str]) -> tuple[int, str]:
    path = tmp_path / "team.json"
    path.write_text(json.dumps(raw))
    code = cli_main(["team", "check", str(path)])
    out = capsys.readouterr()
    return code, (out.err or out.out).strip().replace(str(path), "team")


def test_a_legal_team_is_ok_with_its_value(client: TestClient) -> None:
    r = client.post("/api/teams/check", json=_team())
    assert r.status_code == 200
    assert r.json() == {"ok": True, "errors": [], "value": 1_000_000, "cost": 1_000_000,
                        "treasury": 1_000_000}
    cheap = _team(rerolls=1)  # the default human team has 2 re-rolls at 50,000 each
    assert client.post("/api/teams/check", json=cheap).json()["value"] == 950_000


@pytest.mark.parametrize("changes", [
    {"rerolls": 8},                                   # over budget
    {"players": default_team_dict("human")["players"][:5]},  # too few players
    {"players": []},                                  # no roster
    {"race": "elves"},                                # unknown race
    {"fan_factor": 10, "treasury": 2_000_000},        # Fan Factor over 9
    {"players": "none"},                              # not a roster
])
def test_an_illegal_team_gets_the_same_line_as_nuffle_team_check(
        client: TestClient, tmp_path: Path, capsys: pytest.CaptureFixture[str], changes: dict) -> None:
    raw = _team(**changes)
    body = client.post("/api/teams/check", json=raw).json()
    code, line = _cli_check(tmp_path, raw, capsys)
    assert code == 1 and line.startswith("error: ")
    assert body["ok"] is False and body["value"] is None
    assert body["errors"][0] == line.removeprefix("error: ")
    assert all("\n" not in e for e in body["errors"])


def test_every_broken_creation_rule_is_listed(client: TestClient) -> None:
    raw = _team(treasury=100_000, players=default_team_dict("human")["players"][:5])
    errors = client.post("/api/teams/check", json=raw).json()["errors"]
    assert len(errors) == 2
    assert "too few" in errors[0] and "over budget" in errors[1]


def test_a_league_team_is_checked_against_its_history(client: TestClient) -> None:
    raw = _team(treasury=30_000)
    raw["players"][0]["spp"] = 6  # a Star Player Point record makes it a league team
    assert client.post("/api/teams/check", json=raw).json()["ok"] is True
    raw["players"][0]["improvements"] = [{"gain": "skill", "skill": "Block"},
                                         {"gain": "skill", "skill": "Dodge"}]  # two rolls from 6 SPP
    body = client.post("/api/teams/check", json=raw).json()
    assert body["ok"] is False and body["errors"][0]


@pytest.mark.parametrize("body", [b"{not json", b"[1, 2", b'"a string"', b"42"])
def test_a_body_that_is_not_a_team_object_is_one_line(client: TestClient, body: bytes) -> None:
    r = client.post("/api/teams/check", content=body)
    if r.status_code == 400:
        assert "not valid JSON" in r.json()["error"]
    else:
        assert r.status_code == 200 and r.json()["ok"] is False
        assert r.json()["errors"] == ["team: a team file must hold a JSON object"]


def test_a_game_plays_the_posted_teams(client: TestClient) -> None:
    home = _team(name="My Own Men", apothecary=False)
    away = _team("orc", name="Green Tide")
    r = client.post("/api/games", json={"mode": "hotseat", "home_team": home, "away_team": away,
                                         "board": 11})
    assert r.status_code == 200, r.text
    state = client.get(f"/api/games/{r.json()['id']}").json()
    assert state["teams"]["home"]["name"] == "My Own Men"
    assert state["teams"]["away"]["name"] == "Green Tide"
    assert state["races"] == {"home": "human", "away": "orc"}
    assert state["teams"]["home"]["apothecaries"] == 0  # the default human team has one
    assert state["teams"]["away"]["apothecaries"] == 1


def test_a_team_object_plays_against_a_bot(client: TestClient) -> None:
    r = client.post("/api/games", json={"mode": "bot", "home_team": _team("dwarf", name="Beards"),
                                         "away": "orc:random", "board": 11})
    assert r.status_code == 200, r.text
    state = client.get(f"/api/games/{r.json()['id']}").json()
    assert state["teams"]["home"]["name"] == "Beards" and state["seats"]["away"] == "bot:random"


@pytest.mark.parametrize(("body", "message"), [
    ({"home_team": _team(rerolls=8)},
     "home_team: over budget: the team costs 1,300,000 but the treasury is 1,000,000"),
    ({"away_team": _team("orc", players=default_team_dict("orc")["players"][:10])},
     "away_team: 10 players is too few"),
    ({"home_team": "human"}, "'home_team' must be a team file object"),
    ({"home": "orc", "home_team": _team()}, "'home' names race 'orc' but 'home_team' is a human team"),
])
def test_an_illegal_team_object_is_a_400_with_the_reason(client: TestClient, body: dict,
                                                         message: str) -> None:
    r = client.post("/api/games", json={"mode": "hotseat", "board": 11, **body})
    assert r.status_code == 400
    error = r.json()["error"]
    assert error.startswith(message) and "\n" not in error
    assert client.get("/api/games").json()["running"] == []  # nothing was created


def test_an_illegal_new_team_still_has_its_cost_against_its_treasury(client: TestClient) -> None:
    body = client.post("/api/teams/check", json=_team(rerolls=8, treasury=1_200_000)).json()
    assert body["ok"] is False and body["value"] is None
    assert (body["cost"], body["treasury"]) == (1_300_000, 1_200_000)
    unreadable = client.post("/api/teams/check", json=_team(race="elves")).json()
    assert (unreadable["cost"], unreadable["treasury"]) == (None, None)


def test_the_rosters_the_builder_offers_are_the_engine_s(client: TestClient) -> None:
    from nuffle.core.teams import races

    body = client.get("/api/teams/races").json()
    assert body["treasury"] == 1_000_000 and body["prices"]["apothecary"] == 50_000
    assert [r["key"] for r in body["races"]] == list(races())
    human = next(r for r in body["races"] if r["key"] == "human")
    assert human["reroll_cost"] == 50_000 and human["apothecary"] is True
    ogre = next(p for p in human["positionals"] if p["name"] == "Ogre")
    assert (ogre["max"], ogre["cost"], ogre["st"]) == (1, 140_000, 5) and "Mighty Blow" in ogre["skills"]
    assert not next(r for r in body["races"] if r["key"] == "undead")["apothecary"]
    default = default_team_dict("human")
    assert human["default"]["rerolls"] == default["rerolls"]
    assert sum(human["default"]["players"].values()) == len(default["players"])


def test_build_numbers_the_players_as_small_boards_take_them_and_checks_the_team(client: TestClient) -> None:
    body = {"race": "human", "name": "Rookies", "players": {"Blitzer": 2, "Lineman": 9},
            "rerolls": 3, "apothecary": True}
    r = client.post("/api/teams/build", json=body).json()
    assert [p["position"] for p in r["team"]["players"][:4]] == ["Blitzer", "Lineman", "Blitzer", "Lineman"]
    assert [p["number"] for p in r["team"]["players"]] == list(range(1, 12))
    assert r["team"]["name"] == "Rookies" and r["ok"] is True
    assert r["value"] == r["cost"] == 2 * 90_000 + 9 * 50_000 + 3 * 50_000 + 50_000
    assert client.post("/api/teams/check", json=r["team"]).json()["ok"] is True
    over = client.post("/api/teams/build", json={**body, "rerolls": 8}).json()
    assert over["ok"] is False and over["errors"] == ["team: over budget: the team costs 1,080,000 "
                                                      "but the treasury is 1,000,000"]
    limit = client.post("/api/teams/build", json={**body, "players": {"Ogre": 2}}).json()
    assert limit["ok"] is False and "2 Ogres exceeds the limit of 1 for Human" in limit["errors"][0]


@pytest.mark.parametrize(("body", "message"), [
    ({"race": "elves", "players": {}}, "unknown race 'elves'"),
    ({"race": "human", "players": {"Lineman": -1}}, "Lineman: a player count must be a non-negative integer"),
    ({"race": "human", "players": ["Lineman"]}, "'players' must be an object"),
    ({"race": "human", "players": {}, "rerolls": "2"}, "'rerolls' must be a non-negative integer, not '2'"),
    ({"race": "human", "players": {}, "apothecary": 1}, "'apothecary' must be true or false"),
    ({"race": "human", "players": {"Lineman": 17}}, "17 players exceeds the maximum of 16"),
    ([1], "the body must be a JSON object"),
])
def test_a_body_no_team_can_be_built_from_is_a_400(client: TestClient, body: object, message: str) -> None:
    r = client.post("/api/teams/build", json=body)
    assert r.status_code == 400 and r.json()["error"].startswith(message) and "\n" not in r.json()["error"]


def test_the_team_builder_page_is_served(client: TestClient) -> None:
    r = client.get("/teams")
    assert r.status_code == 200 and "Team builder" in r.text and "/static/teams.js" in r.text
