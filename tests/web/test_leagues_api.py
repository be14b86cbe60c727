# mypy: disable-error-code="no-any-return,type-arg"
"""Leagues in the browser: `nuffle serve --leagues DIR` serves DIR's league files read-only; the
table equals `nuffle league table FILE --json`; unknown, unsafe and damaged names are one line."""

from __future__ import annotations

import json
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from nuffle.cli import main as cli_main
from nuffle.web.app import create_app

ENTRIES = ["Reavers=human:random", "Tide=orc:random", "Beards=dwarf:random"]


@pytest.fixture(scope="module")
def league_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A folder with one league of three entries on board 1, one round played."""
    folder = tmp_path_factory.mktemp("leagues")
    path = folder / "spring.db"
    args = ["league", "new", str(path), "--seed", "5", "--board", "1"]
    for e in ENTRIES:
        args += ["--entry", e]
    assert cli_main(args) == 0
    assert cli_main(["league", "play", str(path), "--rounds", "1", "--quiet"]) == 0
    return folder


@pytest.fixture
def leagues(league_dir: Path, db: Path) -> Iterator[TestClient]:
    with TestClient(create_app(db, league_dir)) as c:
        yield c


def _cli_json(capsys: pytest.CaptureFixture[str], *args: str) -> dict:
    capsys.readouterr()
    assert cli_main(["league", *args]) == 0
    return json.loads(capsys.readouterr().out)


def test_the_listing_names_each_league_with_entries_and_matches(leagues: TestClient, league_dir: Path,
                                                                 capsys: pytest.CaptureFixture[str]) -> None:
    fixtures = _cli_json(capsys, "fixtures", str(league_dir / "spring.db"), "--json")["fixtures"]
    played = sum(1 for f in fixtures if f["played"])
    assert played >= 1
    body = leagues.get("/api/leagues").json()
    assert body == {"leagues": [{"name": "spring", "entries": 3, "played": played,
                                 "left": len(fixtures) - played, "board": 1}]}


def test_the_table_is_exactly_nuffle_league_table_json(leagues: TestClient, league_dir: Path,
                                                       capsys: pytest.CaptureFixture[str]) -> None:
    expected = _cli_json(capsys, "table", str(league_dir / "spring.db"), "--json")
    r = leagues.get("/api/leagues/spring")
    assert r.status_code == 200
    assert r.json() == expected
    assert sum(row["played"] for row in expected["standings"]) >= 2  # a match counts for both sides


def test_fixtures_and_results_match_the_league(leagues: TestClient, league_dir: Path,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    expected = _cli_json(capsys, "fixtures", str(league_dir / "spring.db"), "--json")["fixtures"]
    rows = leagues.get("/api/leagues/spring/fixtures").json()["fixtures"]
    keys = ("fixture", "round", "home", "away", "played", "score", "conceded")
    assert [{k: r[k] for k in keys} for r in rows] == expected
    assert any(r["score"] is not None and r["gate"] for r in rows)


def test_a_team_page_has_roster_spp_skills_injuries_value_treasury_and_fan_factor(
        leagues: TestClient, league_dir: Path, capsys: pytest.CaptureFixture[str]) -> None:
    capsys.readouterr()
    assert cli_main(["league", "team", str(league_dir / "spring.db"), "Tide"]) == 0
    team = json.loads(capsys.readouterr().out)
    page = leagues.get("/api/leagues/spring/teams/Tide").json()
    assert page["race"] == "orc" and page["bot"] == "random"
    assert page["treasury"] == team["treasury"] and page["fan_factor"] == team["fan_factor"]
    assert [p["number"] for p in page["players"]] == [p["number"] for p in team["players"]]
    for mine, theirs in zip(page["players"], team["players"], strict=True):
        assert mine["spp"] == theirs.get("spp", 0)
        assert mine["injuries"] == theirs.get("injuries", [])
        assert mine["value"] > 0 and all(isinstance(s, str) for s in mine["skills"])
    assert any("Block" in p["skills"] for p in page["players"])  # the orc Blitzers' skill
    table = leagues.get("/api/leagues/spring").json()["standings"]
    assert page["team_value"] == next(r["tv"] for r in table if r["name"] == "Tide")
    assert leagues.get("/api/leagues/spring/teams/Nobody").status_code == 404


def test_a_team_file_exports_as_nuffle_league_team_writes_it(leagues: TestClient, league_dir: Path,
                                                             capsys: pytest.CaptureFixture[str]) -> None:
    for name in ("Reavers", "Tide", "Beards"):
        assert leagues.get(f"/api/leagues/spring/teams/{name}/file").json() == \
            _cli_json(capsys, "team", str(league_dir / "spring.db"), name)
    assert leagues.get("/api/leagues/spring/teams/Nobody/file").status_code == 404
    exported = leagues.get("/api/leagues/spring/teams/Tide/file").json()
    assert leagues.post("/api/teams/check", json=exported).json()["ok"] is True  # and imports again


@pytest.mark.parametrize(("url", "status"), [
    ("/api/leagues/autumn", 404),
    ("/api/leagues/...", 400),
    ("/api/leagues/.hidden", 400),
    ("/api/leagues/a%5Cb", 400),          # a backslash
    ("/api/leagues/..%2Fspring", 404),    # a slash never reaches the route as a name
    ("/api/leagues/autumn/teams/Tide", 404),
])
def test_unknown_and_unsafe_names_are_refused(leagues: TestClient, url: str, status: int) -> None:
    r = leagues.get(url)
    assert r.status_code == status
    if status == 400:
        assert "not a league name" in r.json()["error"]


def test_a_damaged_league_file_is_one_line_not_a_500(league_dir: Path, tmp_path: Path, db: Path) -> None:
    folder = tmp_path / "lg"
    folder.mkdir()
    data = bytearray((league_dir / "spring.db").read_bytes())
    data[4096 + 8:4096 + 72] = bytes(range(64))  # garbage over the second page
    (folder / "broken.db").write_bytes(bytes(data))
    (folder / "notes.db").write_text("not a database at all\n")
    shutil.copy(league_dir / "spring.db", folder / "spring.db")
    before = (folder / "broken.db").read_bytes()
    with TestClient(create_app(db, folder)) as c:
        for name in ("broken", "notes"):
            r = c.get(f"/api/leagues/{name}")
            assert r.status_code == 422
            error = r.json()["error"]
            assert "\n" not in error and f"league {name!r}" in error and str(folder) not in error
        listing = {row["name"]: row for row in c.get("/api/leagues").json()["leagues"]}
        assert set(listing) == {"broken", "notes", "spring"}
        assert "error" in listing["broken"] and "error" in listing["notes"]
        assert listing["spring"]["entries"] == 3
    assert (folder / "broken.db").read_bytes() == before  # read only: nothing was written


def test_a_server_without_leagues_says_so(client: TestClient) -> None:
    assert client.get("/api/leagues").json() == {"leagues": []}
    r = client.get("/api/leagues/spring")
    assert r.status_code == 404 and "--leagues" in r.json()["error"]


def test_serve_refuses_a_leagues_path_that_is_not_a_folder(tmp_path: Path,
                                                          capsys: pytest.CaptureFixture[str]) -> None:
    code = cli_main(["serve", "--leagues", str(tmp_path / "missing"), "--port", "1"])
    assert code == 2
    err = capsys.readouterr().err.strip()
    assert err.startswith("error: --leagues") and len(err.splitlines()) == 1


def test_an_older_league_file_is_refused_untouched_until_a_league_command_upgrades_it(
        league_dir: Path, tmp_path: Path, db: Path, capsys: pytest.CaptureFixture[str]) -> None:
    import sqlite3

    folder = tmp_path / "old"
    folder.mkdir()
    path = folder / "old.db"
    shutil.copy(league_dir / "spring.db", path)
    with sqlite3.connect(path) as c:  # as version 2 wrote it: no ledger
        c.execute("DROP TABLE ledger")
        c.execute("UPDATE meta SET value = '2' WHERE key = 'version'")
    before = path.read_bytes()
    with TestClient(create_app(db, folder)) as c:
        r = c.get("/api/leagues/old")
        assert r.status_code == 422 and "version 2" in r.json()["error"]
        assert path.read_bytes() == before
        expected = _cli_json(capsys, "table", str(path), "--json")  # upgrades the file
        assert c.get("/api/leagues/old").json() == expected
