# mypy: disable-error-code="no-any-return,type-arg"
"""A BB2020 league in the browser (`nuffle serve --leagues DIR`): listed, its table and fixtures
as the CLI gives them, its teams' files as `nuffle league team` writes them (BB2020's league-team
JSON); the team page, which shows LRB6 league teams, is one line (422)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from nuffle.cli import main as cli_main
from nuffle.web.app import create_app


@pytest.fixture(scope="module")
def league_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A folder with one BB2020 league of two entries, its one match played."""
    folder = tmp_path_factory.mktemp("leagues")
    path = folder / "bb.db"
    assert cli_main(["league", "new", str(path), "--ruleset", "bb2020", "--seed", "5",
                     "--entry", "Tide=orc:random", "--entry", "Men=human:random"]) == 0
    assert cli_main(["league", "play", str(path), "--quiet"]) == 0
    return folder


@pytest.fixture
def leagues(league_dir: Path, db: Path) -> Iterator[TestClient]:
    with TestClient(create_app(db, league_dir)) as c:
        yield c


def _cli_json(capsys: pytest.CaptureFixture[str], *args: str) -> dict:
    capsys.readouterr()
    assert cli_main(["league", *args]) == 0
    return json.loads(capsys.readouterr().out)


def test_a_bb2020_league_is_served_as_the_cli_reads_it(leagues: TestClient, league_dir: Path,
                                                       capsys: pytest.CaptureFixture[str]) -> None:
    path = str(league_dir / "bb.db")
    assert leagues.get("/api/leagues").json()["leagues"] == \
        [{"name": "bb", "entries": 2, "played": 1, "left": 0, "board": 11}]
    assert leagues.get("/api/leagues/bb").json() == _cli_json(capsys, "table", path, "--json")
    assert leagues.get("/api/leagues/bb/fixtures").json()["fixtures"][0]["played"] is True
    team = leagues.get("/api/leagues/bb/teams/Tide/file").json()
    assert team == _cli_json(capsys, "team", path, "Tide") and team["ruleset"] == "bb2020"
    r = leagues.get("/api/leagues/bb/teams/Tide")
    assert r.status_code == 422 and "the team pages show LRB6 league teams" in r.text
