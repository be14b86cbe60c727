# mypy: disable-error-code="import-not-found,no-any-return,type-arg"
"""The league pages in a browser (Playwright driving Debian's chromium against a live server):
the list, a league's table, results and fixtures, and a team's roster."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

sync_api = pytest.importorskip("playwright.sync_api", reason="the browser tests need playwright ([dev])")
uvicorn = pytest.importorskip("uvicorn", reason="the browser tests need uvicorn ([web])")

from web_helpers import BROWSER_TIMEOUT, browser_page, live_server, needs_chromium  # noqa: E402

from nuffle.cli import main as cli_main  # noqa: E402
from nuffle.core.teams import skill_name  # noqa: E402
from nuffle.league.team import LeagueTeam  # noqa: E402
from nuffle.web.app import create_app  # noqa: E402

pytestmark = needs_chromium
TIMEOUT = BROWSER_TIMEOUT
ENTRIES = ["Reavers=human:random", "Green Tide=orc:random", "Beards=dwarf:random"]


@pytest.fixture(scope="module")
def league_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, Path]]:
    """A live server over a folder with one league (board 1, one round played)."""
    folder = tmp_path_factory.mktemp("leagues")
    path = folder / "spring.db"
    args = ["league", "new", str(path), "--seed", "5", "--board", "1"]
    for e in ENTRIES:
        args += ["--entry", e]
    assert cli_main(args) == 0
    assert cli_main(["league", "play", str(path), "--rounds", "1", "--quiet"]) == 0
    app = create_app(folder / "games.sqlite3", folder)
    with live_server(app, TIMEOUT) as url:
        yield url, path


@pytest.fixture(scope="module")
def page() -> Iterator[Any]:
    with browser_page() as pg:
        yield pg


def _cli(capsys: pytest.CaptureFixture[str], *args: str) -> Any:
    capsys.readouterr()
    assert cli_main(["league", *args]) == 0
    return json.loads(capsys.readouterr().out)


def _rows(page: Any, table: str) -> list[list[str]]:
    return page.eval_on_selector_all(
        f"{table} tbody tr", "rows => rows.map(r => [...r.cells].map(c => c.textContent))")


def test_the_league_page_shows_table_results_and_fixtures(page: Any, league_url: tuple[str, Path],
                                                          capsys: pytest.CaptureFixture[str]) -> None:
    url, path = league_url
    standings = _cli(capsys, "table", str(path), "--json")["standings"]
    fixtures = _cli(capsys, "fixtures", str(path), "--json")["fixtures"]
    page.goto(f"{url}/leagues")
    page.click("text=spring")
    page.wait_for_selector("#league:not([hidden])")
    table = _rows(page, "#table")
    assert [r[1] for r in table] == [s["name"] for s in standings]
    assert [int(r[8]) for r in table] == [s["points"] for s in standings]
    played = [f for f in fixtures if f["played"]]
    results = _rows(page, "#results")
    assert [(r[1], r[2], r[3]) for r in results] == [
        (f["home"], f"{f['score'][0]}-{f['score'][1]}", f["away"]) for f in played]
    assert len(_rows(page, "#fixtures")) == len(fixtures) - len(played) > 0


def test_a_team_page_shows_the_roster(page: Any, league_url: tuple[str, Path],
                                      capsys: pytest.CaptureFixture[str]) -> None:
    url, path = league_url
    capsys.readouterr()
    assert cli_main(["league", "team", str(path), "Green Tide"]) == 0
    team = json.loads(capsys.readouterr().out)
    page.goto(f"{url}/leagues/spring")
    page.click("#table >> text=Green Tide")
    page.wait_for_selector("#team:not([hidden])")
    assert "Green Tide (orc)" in page.text_content("#title")
    facts = page.text_content("#team-facts")
    assert f"treasury {team['treasury']:,}" in facts and f"Fan Factor {team['fan_factor']}" in facts
    roster = _rows(page, "#roster")
    assert [int(r[0]) for r in roster] == [p["number"] for p in team["players"]]
    assert [int(r[3]) for r in roster] == [p.get("spp", 0) for p in team["players"]]
    players = LeagueTeam.from_dict(team, "Green Tide").players
    assert [r[4] for r in roster] == [", ".join(sorted(skill_name(s) for s in p.skills)) for p in players]
    assert any("Block" in r[4] for r in roster)  # the orc Blitzers' skill, by its rulebook name
    assert page.is_hidden("#grave") == (not team.get("graveyard"))
    with page.expect_download() as download:
        page.click("#export")
    assert json.loads(Path(download.value.path()).read_text()) == team


def test_an_unknown_league_page_says_so(page: Any, league_url: tuple[str, Path]) -> None:
    url, _ = league_url
    page.goto(f"{url}/leagues/autumn")
    page.wait_for_selector("#league-error:not([hidden])")
    assert "no league named 'autumn'" in page.text_content("#league-error")
