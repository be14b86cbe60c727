# mypy: disable-error-code="no-any-return"
"""The web app's ruleset: the new-game body's `ruleset` checked by the server (a draft, here a
registered draft copy of BB2020, and unknown names one line, 400; BB2020 played), stored with
the game and played after a restart, the lobby's list of playable rulesets asked of the server,
and `nuffle serve --ruleset` as its default."""

from __future__ import annotations

import sqlite3
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from nuffle.core.ruleset import BB2020, LRB6, Ruleset
from nuffle.web.app import create_app
from nuffle.web.store import Store

Register = Callable[[Ruleset], Ruleset]
BODY = {"mode": "hotseat", "home": "human", "away": "orc", "board": 1}


def _new(client: TestClient, **body: Any) -> Any:
    return client.post("/api/games", json={**BODY, **body})


def test_the_lobby_asks_the_server_for_the_rulesets(tmp_path: Path) -> None:
    with TestClient(create_app(tmp_path / "g.sqlite3")) as client:
        info = client.get("/api/games").json()
        assert info["rulesets"] == ["bb2020", "lrb6"] and info["ruleset"] == "lrb6"
    static = Path(__file__).parents[2] / "src" / "nuffle" / "web" / "static"
    assert 'name="ruleset"' in (static / "index.html").read_text()
    script = (static / "app.js").read_text()
    assert "info.rulesets" in script and 'ruleset: f.get("ruleset")' in script
    assert "bb2020" not in script and "lrb6" not in script  # no rules knowledge in the page


@pytest.mark.parametrize(("ruleset", "message"), [
    ("bb2020-draft", "BB2020-DRAFT is not yet playable: it is incomplete"),
    ("bb2019", "unknown ruleset 'bb2019' (known: bb2020, lrb6)"),
    (7, "a ruleset is named by a string, not 7 (playable: bb2020, lrb6)"),
])
def test_a_bad_ruleset_is_a_400(tmp_path: Path, ruleset: object, message: str,
                                register_ruleset: Register) -> None:
    register_ruleset(BB2020.derive("bb2020-draft", draft=True, pending=("skills",)))
    with TestClient(create_app(tmp_path / "g.sqlite3")) as client:
        r = _new(client, ruleset=ruleset)
        assert r.status_code == 400 and r.json()["error"].startswith(message)
        assert client.get("/api/games").json()["running"] == []


def test_default_and_explicit_lrb6(tmp_path: Path) -> None:
    with TestClient(create_app(tmp_path / "g.sqlite3")) as client:
        for body in ({}, {"ruleset": "lrb6"}):
            gid = _new(client, **body).json()["id"]
            assert client.get(f"/api/games/{gid}").json()["config"]["ruleset"] == "lrb6"
        assert {g["ruleset"] for g in client.get("/api/games").json()["running"]} == {"lrb6"}


def test_a_registered_ruleset_is_played_and_stored(tmp_path: Path, register_ruleset: Register) -> None:
    register_ruleset(LRB6.derive("lrb6-web"))
    db = tmp_path / "g.sqlite3"
    with TestClient(create_app(db, ruleset="lrb6-web")) as client:
        assert client.get("/api/games").json()["ruleset"] == "lrb6-web"
        gid = _new(client).json()["id"]  # the server's default
        assert client.get(f"/api/games/{gid}").json()["config"]["ruleset"] == "lrb6-web"
        other = _new(client, ruleset="lrb6").json()["id"]
    with TestClient(create_app(db)) as client:  # after a restart, each game keeps its rules
        assert client.get(f"/api/games/{gid}").json()["config"]["ruleset"] == "lrb6-web"
        assert client.get(f"/api/games/{other}").json()["config"]["ruleset"] == "lrb6"


def test_a_database_from_before_the_column_reads_as_lrb6(tmp_path: Path) -> None:
    db = tmp_path / "old.sqlite3"
    with TestClient(create_app(db)) as client:
        gid = _new(client).json()["id"]
    conn = sqlite3.connect(db)
    conn.execute("ALTER TABLE games DROP COLUMN ruleset")
    conn.commit()
    conn.close()
    store = Store(db)
    try:
        stored = store.game(gid)
        assert stored is not None and stored.ruleset == "lrb6"
    finally:
        store.close()


def test_the_races_are_the_rulesets(tmp_path: Path) -> None:
    from nuffle.ruleset_choice import roster_races

    with TestClient(create_app(tmp_path / "g.sqlite3")) as client:
        info = client.get("/api/games").json()
        assert info["races"] == info["races_by_ruleset"]["lrb6"] == list(roster_races("lrb6"))
        assert info["races_by_ruleset"]["bb2020"] == list(roster_races("bb2020"))
        r = _new(client, home="khemri", ruleset="bb2020")  # an LRB6 race, not a BB2020 team
        assert r.status_code == 400 and r.json()["error"].startswith("'home': unknown race 'khemri' (races: ")
        assert _new(client, home="khemri").status_code == 200
    script = (Path(__file__).parents[2] / "src" / "nuffle" / "web" / "static" / "app.js").read_text()
    assert "info.races_by_ruleset" in script
