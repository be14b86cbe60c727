# mypy: disable-error-code="import-not-found,no-any-return,type-arg"
"""The season report page in a browser (Playwright driving Debian's chromium against a live
server): reached from the league page's link, it shows the category leaders and every team's
treasury and Fan Factor as the league holds them; a league before its first match says so and
an unknown one is one line."""

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
from nuffle.web.app import create_app  # noqa: E402

pytestmark = needs_chromium
TIMEOUT = BROWSER_TIMEOUT
ENTRIES = ["Reavers=human:scripted", "Green Tide=orc:scripted:random", "Beards=dwarf:scripted"]
TITLES = {"touchdowns": "Touchdowns", "casualties": "Casualties", "completions": "Completions", "spp": "SPP"}


@pytest.fixture(scope="module")
def league_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, Path]]:
    """A live server over a folder with a played league (board 3, scripted bots, a double round
    robin) and one whose season has not started."""
    folder = tmp_path_factory.mktemp("leagues")
    for name in ("spring", "autumn"):
        args = ["league", "new", str(folder / f"{name}.db"), "--seed", "5", "--board", "3", "--double",
                "--budget", "1100000"]
        for e in ENTRIES:
            args += ["--entry", e]
        assert cli_main(args) == 0
    assert cli_main(["league", "play", str(folder / "spring.db"), "--quiet"]) == 0
    app = create_app(folder / "games.sqlite3", folder)
    with live_server(app, TIMEOUT) as url:
        yield url, folder / "spring.db"


@pytest.fixture(scope="module")
def page() -> Iterator[Any]:
    with browser_page() as pg:
        yield pg


def _report(path: Path, tmp_path: Path) -> dict[str, Any]:
    assert cli_main(["league", "report", str(path), "--out", str(tmp_path / "rep")]) == 0
    return json.loads((tmp_path / "rep" / "report.json").read_text())


def _rows(page: Any, table: str) -> list[list[str]]:
    return page.eval_on_selector_all(
        f"{table} tbody tr", "rows => rows.map(r => [...r.cells].map(c => c.textContent))")


def test_the_league_page_links_to_the_report_which_shows_the_leaders(
        page: Any, league_url: tuple[str, Path], tmp_path: Path) -> None:
    url, path = league_url
    report = _report(path, tmp_path)
    page.goto(f"{url}/leagues/spring")
    page.wait_for_selector("#league:not([hidden])")
    page.click("#season-report")
    page.wait_for_selector("#report:not([hidden])")
    assert page.url == f"{url}/leagues/spring/report"
    assert "Season report of spring" in page.text_content("#title")
    shown = [(r[0], r[1], r[4], int(r[5])) for r in _rows(page, "#leaders") if r[1] != "-"]
    expected = [(TITLES[c], f"{p['rank']}=" if p["tied"] else str(p["rank"]), p["team"], p["value"])
                for c, rows in report["leaders"].items() for p in rows]
    assert shown == expected
    rows = _rows(page, "#leaders")
    for category in ("touchdowns", "spp"):  # the leader by name, team and figure
        best = report["leaders"][category][0]
        first = next(r for r in rows if r[0] == TITLES[category])
        assert first[2].startswith(best["name"])
        assert (first[4], int(first[5])) == (best["team"], best["value"])
    assert "6 of 6 matches played" in page.text_content("#summary")


def test_each_team_shows_its_treasury_and_fan_factor(page: Any, league_url: tuple[str, Path], tmp_path: Path,
                                                     capsys: pytest.CaptureFixture[str]) -> None:
    url, path = league_url
    report = _report(path, tmp_path)
    page.goto(f"{url}/leagues/spring/report")
    page.wait_for_selector("#report:not([hidden])")
    summary = {r[0]: r for r in _rows(page, "#team-summary")}
    assert list(summary) == ["Reavers", "Green Tide", "Beards"]
    for name in ("Reavers", "Green Tide", "Beards"):
        capsys.readouterr()
        assert cli_main(["league", "team", str(path), name]) == 0
        team = json.loads(capsys.readouterr().out)
        mine = next(t for t in report["teams"] if t["name"] == name)
        section = f'section.team-season[data-team="{name}"]'
        treasury = page.text_content(f"{section} .treasury")
        start = mine["treasury"]["start"]
        assert f"Treasury {start:,} at the start, {team['treasury']:,} at the end" in treasury
        assert "winnings +" in treasury
        assert summary[name][1] == f"{start:,} → {team['treasury']:,}"
        assert summary[name][3] == f"{mine['fan_factor']['start']} → {team['fan_factor']}"
        assert int(summary[name][5]) == len(mine["level_ups"]) and int(summary[name][6]) == mine["played"]
        fans = page.text_content(f"{section} .fan-factor")
        start = mine["fan_factor"]["start"]
        assert fans == f"Fan Factor {start} at the start, {team['fan_factor']} at the end"
        texts = "els => els.map(e => e.textContent)"
        level_ups = page.eval_on_selector_all(f"{section} .level-ups li", texts)
        assert len(level_ups) == len(mine["level_ups"])
        mvps = page.eval_on_selector_all(f"{section} .mvps li", texts)
        assert len(mvps) == mine["played"] == 4


def test_a_league_before_its_first_match_says_so(page: Any, league_url: tuple[str, Path]) -> None:
    url, _ = league_url
    page.goto(f"{url}/leagues/autumn/report")
    page.wait_for_selector("#report:not([hidden])")
    assert "no match has been played yet" in page.text_content("#summary")
    assert page.text_content('section[data-team="Beards"] .mvps') == "MVPsnone"


def test_an_unknown_league_report_says_so(page: Any, league_url: tuple[str, Path]) -> None:
    url, _ = league_url
    page.goto(f"{url}/leagues/winter/report")
    page.wait_for_selector("#league-error:not([hidden])")
    assert "no league named 'winter'" in page.text_content("#league-error")
