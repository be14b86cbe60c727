# mypy: disable-error-code="no-any-return,type-arg"
"""The season report over HTTP: `GET /api/leagues/{name}/report` answers exactly what `nuffle
league report` writes to report.json; the page `/leagues/{name}/report` is served; a league
before its first match says so; unknown, unsafe and damaged leagues are one-line JSON errors."""

from __future__ import annotations

import json
import shutil
import sqlite3
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from nuffle.cli import main as cli_main
from nuffle.web.app import create_app

ENTRIES = ["Reavers=human:random", "Tide=orc:random:random", "Beards=dwarf:random"]


@pytest.fixture(scope="module")
def league_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A folder with a played league (board 1, three entries, two rounds) and one not started."""
    folder = tmp_path_factory.mktemp("leagues")
    for name, rounds in (("spring", 2), ("autumn", 0)):
        path = folder / f"{name}.db"
        args = ["league", "new", str(path), "--seed", "5", "--board", "1", "--budget", "1100000"]
        for e in ENTRIES:
            args += ["--entry", e]
        assert cli_main(args) == 0
        if rounds:
            assert cli_main(["league", "play", str(path), "--rounds", str(rounds), "--quiet"]) == 0
    return folder


@pytest.fixture
def leagues(league_dir: Path, db: Path) -> Iterator[TestClient]:
    with TestClient(create_app(db, league_dir)) as c:
        yield c


def test_the_report_is_exactly_what_league_report_writes(leagues: TestClient, league_dir: Path,
                                                          tmp_path: Path) -> None:
    assert cli_main(["league", "report", str(league_dir / "spring.db"), "--out", str(tmp_path / "rep")]) == 0
    expected = json.loads((tmp_path / "rep" / "report.json").read_text())
    r = leagues.get("/api/leagues/spring/report")
    assert r.status_code == 200
    body = r.json()
    assert body == expected
    assert body["league"]["played"] == 2 and body["league"]["note"] is None
    assert {t["name"] for t in body["teams"]} == {"Reavers", "Tide", "Beards"}
    assert set(body["leaders"]) == {"touchdowns", "casualties", "completions", "spp"}
    tide = next(t for t in body["teams"] if t["name"] == "Tide")
    team = leagues.get("/api/leagues/spring/teams/Tide").json()
    assert tide["treasury"]["end"] == team["treasury"] and tide["fan_factor"]["end"] == team["fan_factor"]


def test_a_league_before_its_first_match_says_so(leagues: TestClient) -> None:
    r = leagues.get("/api/leagues/autumn/report")
    assert r.status_code == 200
    body = r.json()
    assert body["league"]["played"] == 0 and body["league"]["note"] == "no match has been played yet"
    assert all(t["treasury"]["start"] == t["treasury"]["end"] == 100_000 for t in body["teams"])


def test_the_report_page_is_served(leagues: TestClient) -> None:
    r = leagues.get("/leagues/spring/report")
    assert r.status_code == 200 and "/static/season.js" in r.text
    assert leagues.get("/static/season.js").status_code == 200


@pytest.mark.parametrize(("url", "status"), [
    ("/api/leagues/winter/report", 404),
    ("/api/leagues/.hidden/report", 400),
    ("/api/leagues/a%5Cb/report", 400),
])
def test_unknown_and_unsafe_leagues_are_json_errors(leagues: TestClient, url: str, status: int) -> None:
    r = leagues.get(url)
    assert r.status_code == status
    error = r.json()["error"]
    assert error and "\n" not in error


def test_a_damaged_league_is_one_line_not_a_500(league_dir: Path, tmp_path: Path, db: Path) -> None:
    folder = tmp_path / "lg"
    folder.mkdir()
    shutil.copy(league_dir / "spring.db", folder / "broken.db")
    with sqlite3.connect(folder / "broken.db") as c:
        c.execute("UPDATE entries SET team = 'not json' WHERE name = 'Tide'")
    (folder / "notes.db").write_text("not a database at all\n")
    with TestClient(create_app(db, folder)) as c:
        for name, says in (("broken", "damaged team of 'Tide'"), ("notes", "not a readable league file")):
            r = c.get(f"/api/leagues/{name}/report")
            assert r.status_code == 422
            error = r.json()["error"]
            assert "\n" not in error and says in error and str(folder) not in error


def test_a_server_without_leagues_has_no_report(client: TestClient) -> None:
    r = client.get("/api/leagues/spring/report")
    assert r.status_code == 404 and "--leagues" in r.json()["error"]
