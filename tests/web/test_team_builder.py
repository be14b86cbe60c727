# mypy: disable-error-code="import-not-found,no-any-return,type-arg"
"""The team builder in a browser (Playwright driving Debian's chromium against a live server):
buy players within the roster limits, re-rolls and an apothecary with the cost live, every
verdict the server's; save, export, import, and start a game with the team from the lobby. A
BB2020 team built the same way (its characteristics as BB2020 writes them, Dedicated Fans, a
god), saved, exported (a file `nuffle team check` takes) and refused by the lobby in one line."""

from __future__ import annotations

import json
import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

sync_api = pytest.importorskip("playwright.sync_api", reason="the browser tests need playwright ([dev])")
uvicorn = pytest.importorskip("uvicorn", reason="the browser tests need uvicorn ([web])")

from web_helpers import BROWSER_TIMEOUT, browser_page, live_server, needs_chromium  # noqa: E402

from nuffle.cli import main as cli_main  # noqa: E402
from nuffle.core.teams import TeamError, default_team_dict  # noqa: E402
from nuffle.web import teams_api, teams_bb2020_api  # noqa: E402
from nuffle.web.app import create_app  # noqa: E402

pytestmark = needs_chromium
TIMEOUT = BROWSER_TIMEOUT


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, Any]]:
    app = create_app(tmp_path_factory.mktemp("teams") / "games.sqlite3")
    with live_server(app, TIMEOUT) as url:
        yield url, app


@pytest.fixture(scope="module")
def page() -> Iterator[Any]:
    with browser_page(viewport={"width": 1300, "height": 900}, accept_downloads=True) as pg:
        yield pg


def _checked(app: Any, team: dict) -> dict:
    """The server's own verdict on a team file (what POST /api/teams/check answers)."""
    return teams_api.check(team)


def _settled(page: Any) -> dict:
    """The builder's team file (read once the budget line shows the answer awaited)."""
    return page.evaluate("B.team")


def _wait_budget(page: Any, text: str) -> None:
    page.wait_for_function(f"document.getElementById('tb-budget').textContent.includes({json.dumps(text)})")


def _row_button(page: Any, positional: str, step: int) -> Any:
    return page.locator(f"#tb-roster tr[data-positional='{positional}'] button[data-step='{step}']")


def test_build_save_export_and_play_a_team(page: Any, served: tuple[str, Any]) -> None:
    url, app = served
    page.goto(f"{url}/teams")
    _wait_budget(page, "cost 1,000,000 of 1,000,000")  # the race's default team to start from
    assert page.text_content("[data-testid=verdict]") == "A legal team: team value 1,000,000."
    assert page.input_value("#tb-race") == "human"

    page.click("#tb-empty")
    page.wait_for_function("document.getElementById('tb-errors').textContent.includes('non-empty')")
    assert page.is_disabled("#tb-save") and page.is_disabled("#tb-play")

    for _ in range(11):
        _row_button(page, "Lineman", 1).click()
    _wait_budget(page, "11 players · cost 550,000 of 1,000,000 · 450,000 left")
    _row_button(page, "Ogre", 1).click()
    _wait_budget(page, "12 players")
    assert _row_button(page, "Ogre", 1).is_disabled()  # 0-1 on the Human roster
    assert page.text_content("#tb-roster tr[data-positional='Ogre'] td:nth-child(8)") == "1 / 1"
    for _ in range(2):
        _row_button(page, "Blitzer", 1).click()
    _wait_budget(page, "14 players · cost 870,000")

    page.fill("#tb-rerolls", "8")  # 400,000 of re-rolls: over budget, in the server's words
    _wait_budget(page, "270,000 over")
    team = _settled(page)
    errors = page.eval_on_selector_all("#tb-errors li", "els => els.map(e => e.textContent)")
    assert errors == _checked(app, team)["errors"] and "over budget" in errors[0]
    assert page.is_disabled("#tb-save")

    page.fill("#tb-rerolls", "2")
    page.check("#tb-apothecary")
    page.fill("#tb-name", "Reikland Rookies")
    _wait_budget(page, "cost 1,020,000 of 1,000,000 · 20,000 over")
    _row_button(page, "Lineman", -1).click()
    _wait_budget(page, "13 players · cost 970,000 of 1,000,000 · 30,000 left")
    page.wait_for_function("document.getElementById('tb-verdict').className === 'ok'")
    team = _settled(page)
    verdict = _checked(app, team)
    assert verdict["ok"] and page.text_content("[data-testid=verdict]") == \
        f"A legal team: team value {verdict['value']:,}."
    assert team["name"] == "Reikland Rookies" and team["rerolls"] == 2 and team["apothecary"] is True

    page.click("#tb-save")
    if os.environ.get("NUFFLE_DOC_SHOTS"):  # the docs' screenshot: NUFFLE_DOC_SHOTS=docs/web
        shots = Path(os.environ["NUFFLE_DOC_SHOTS"])
        page.screenshot(path=str(shots / "17-team-builder.png"), full_page=True)
    assert "Reikland Rookies (human)" in page.text_content("[data-testid=saved]")
    with page.expect_download() as download:
        page.click("#tb-export")
    exported = json.loads(Path(download.value.path()).read_text())
    assert exported == team

    page.click("#tb-play")  # to the lobby, the team chosen for the home side
    page.wait_for_selector("#lobby:not([hidden])")
    page.wait_for_function("document.querySelector('[name=home-team]').value === 'Reikland Rookies'")
    assert page.is_disabled("[name=home-race]")
    page.select_option("#mode", "hotseat")
    page.click("#start")
    page.wait_for_url("**/games/*")
    page.wait_for_function("G.state !== null")
    state = page.evaluate("fetch('/api/games/' + G.id).then(r => r.json())")
    assert state["teams"]["home"]["name"] == "Reikland Rookies"
    assert state["teams"]["home"]["apothecaries"] == 1 and state["races"]["home"] == "human"


def test_an_imported_team_file_is_checked_as_it_is(page: Any, served: tuple[str, Any],
                                                   tmp_path: Path) -> None:
    url, app = served
    raw = default_team_dict("orc")
    raw["name"] = "Da Boyz"
    raw["players"][0]["name"] = "Grishnak"
    good = tmp_path / "boyz.json"
    good.write_text(json.dumps(raw))
    page.goto(f"{url}/teams")
    _wait_budget(page, "cost 1,000,000")
    page.set_input_files("#tb-import", str(good))
    page.wait_for_function("B.team && B.team.name === 'Da Boyz' && B.verdict.ok")
    assert page.evaluate("B.team") == raw  # as imported: the player's name is kept
    assert page.input_value("#tb-race") == "orc"

    bad = dict(raw, rerolls=8, name="Too Rich")
    over = tmp_path / "rich.json"
    over.write_text(json.dumps(bad))
    page.goto(url)  # the lobby takes a team file too, and refuses an illegal one in one line
    page.wait_for_selector("#lobby:not([hidden])")
    page.set_input_files("[name=away-team-file]", str(over))
    page.wait_for_function("document.getElementById('lobby-error').textContent.includes('over budget')")
    assert page.text_content("#lobby-error") == _checked(app, bad)["errors"][0]
    page.set_input_files("[name=away-team-file]", str(good))
    page.wait_for_function("document.querySelector('[name=away-team]').value === 'Da Boyz'")
    assert page.input_value("[name=away-race]") == "orc" and page.text_content("#lobby-error") == ""


def _cells(page: Any, positional: str) -> list[str]:
    return page.eval_on_selector_all(f"#tb-roster tr[data-positional='{positional}'] td",
                                     "tds => tds.map(td => td.textContent)")


def _errors(page: Any) -> list[str]:
    return page.eval_on_selector_all("#tb-errors li", "els => els.map(e => e.textContent)")


def test_build_a_bb2020_team_save_export_and_be_refused_by_the_lobby(
        page: Any, served: tuple[str, Any], tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    url = served[0]
    rosters = {r["key"]: r for r in teams_bb2020_api.rosters()["races"]}
    page.goto(f"{url}/teams")
    _wait_budget(page, "cost 1,000,000 of 1,000,000")  # LRB6 by default
    assert page.input_value("#tb-ruleset") == "lrb6" and page.is_hidden("#tb-dedicated_fans")
    page.select_option("#tb-ruleset", "bb2020")  # the Human team suggested, checked by BB2020's rules
    page.wait_for_function("B.team && B.team.ruleset === 'bb2020' && B.verdict.ok")
    assert page.input_value("#tb-race") == "human" and page.is_hidden("#tb-fan_factor")
    assert page.eval_on_selector_all("#tb-roster th", "ths => ths.map(t => t.textContent)") == [
        "positional", "MA", "ST", "AG", "PA", "AV", "skills", "cost", "bought", ""]

    page.select_option("#tb-race", "chaos-chosen")  # a "Favoured of..." team: the coach picks the god
    page.wait_for_function("B.team && B.team.race === 'chaos-chosen' && B.verdict.ok")
    assert page.eval_on_selector_all("#tb-favoured_of option", "os => os.map(o => o.value)") == \
        rosters["chaos-chosen"]["favoured_of"]
    page.select_option("#tb-favoured_of", "Khorne")
    page.wait_for_function("B.team.favoured_of === 'Khorne' && B.verdict.ok")

    page.select_option("#tb-race", "skaven")  # BB2020's characteristics: AG, PA and AV as x+
    page.wait_for_function("B.team && B.team.race === 'skaven'")
    assert page.is_hidden("#tb-favoured_of")
    assert _cells(page, "Gutter Runner")[:8] == [
        "Gutter Runner", "9", "2", "2+", "4+", "8+", "Dodge", "85,000"]
    assert _cells(page, "Rat Ogre")[4] == "-"  # no PA
    assert "Underworld Challenge" in page.text_content("[data-testid=team-info]")

    page.click("#tb-empty")  # 1 Dedicated Fan for free; no players, in the server's words
    page.wait_for_function("document.getElementById('tb-errors').textContent.includes('non-empty')")
    assert page.input_value("#tb-dedicated_fans") == "1" and page.is_disabled("#tb-save")
    assert _errors(page) == teams_api.check(_settled(page))["errors"]
    _row_button(page, "Rat Ogre", 1).click()
    page.wait_for_function("document.getElementById('tb-errors').textContent.includes('too few')")
    _row_button(page, "Rat Ogre", -1).click()
    for positional, n in (("Skaven Clanrat Lineman", 7), ("Blitzer", 2), ("Gutter Runner", 2)):
        for _ in range(n):
            _row_button(page, positional, 1).click()
    _wait_budget(page, "11 players · cost 700,000 of 1,000,000 · 300,000 left")
    assert _row_button(page, "Blitzer", 1).is_disabled()  # 0-2 on the Skaven roster
    assert _cells(page, "Blitzer")[8] == "2 / 2"

    page.fill("#tb-rerolls", "8")  # over budget, and too many Dedicated Fans for a new team
    page.fill("#tb-dedicated_fans", "7")
    _wait_budget(page, "cost 1,160,000 of 1,000,000 · 160,000 over")
    team = _settled(page)
    assert _errors(page) == teams_api.check(team)["errors"] == [
        "team: 7 Dedicated Fans exceeds the maximum of 6 at creation",
        "team: over budget: the team costs 1,160,000 but the treasury is 1,000,000"]
    assert page.is_disabled("#tb-save")

    page.fill("#tb-rerolls", "2")
    page.fill("#tb-dedicated_fans", "3")
    page.check("#tb-apothecary")
    page.fill("#tb-name", "Skavenblight Scramblers")
    page.wait_for_function("B.team && B.team.name === 'Skavenblight Scramblers' && B.verdict.ok")
    _wait_budget(page, "11 players · cost 870,000 of 1,000,000 · 130,000 left")
    team = _settled(page)
    verdict = teams_api.check(team)
    assert verdict["ok"] and verdict["value"] == 850_000  # Dedicated Fans are no part of team value
    assert page.text_content("[data-testid=verdict]") == "A legal team: team value 850,000."
    assert (team["ruleset"], team["rerolls"], team["dedicated_fans"], team["apothecary"]) == (
        "bb2020", 2, 3, True)

    page.click("#tb-save")
    if os.environ.get("NUFFLE_DOC_SHOTS"):  # the docs' screenshot: NUFFLE_DOC_SHOTS=docs/web
        page.screenshot(path=str(Path(os.environ["NUFFLE_DOC_SHOTS"]) / "19-team-builder-bb2020.png"),
                        full_page=True)
    assert "Skavenblight Scramblers (skaven, BB2020)" in page.text_content("[data-testid=saved]")
    with page.expect_download() as download:
        page.click("#tb-export")
    exported = json.loads(Path(download.value.path()).read_text())
    assert exported == team
    path = tmp_path / "scramblers.json"
    path.write_text(json.dumps(exported))
    capsys.readouterr()
    assert cli_main(["team", "check", str(path)]) == 0
    assert "legal BB2020 Skaven team 'Skavenblight Scramblers'" in capsys.readouterr().out

    page.select_option("#tb-ruleset", "lrb6")  # editing the saved team brings BB2020 back
    # LRB6's shipped Skaven team has the same name: wait for the team of each ruleset itself
    page.wait_for_function("B.team && B.ruleset === 'lrb6' && B.team.ruleset !== 'bb2020' && B.verdict.ok")
    page.locator("[data-testid=saved] li", has_text="Skavenblight Scramblers").get_by_text("Edit").click()
    page.wait_for_function("B.team && B.team.ruleset === 'bb2020'"
                           " && B.team.name === 'Skavenblight Scramblers' && B.verdict.ok")
    assert page.input_value("#tb-ruleset") == "bb2020" and page.input_value("#tb-race") == "skaven"
    assert page.input_value("#tb-dedicated_fans") == "3" and page.evaluate("B.team") == team

    running = len(page.evaluate("fetch('/api/games').then(r => r.json())")["running"])
    page.click("#tb-play")  # the lobby takes it, and the server refuses the game in one line
    page.wait_for_selector("#lobby:not([hidden])")
    page.wait_for_function("document.querySelector('[name=home-team]').value === 'Skavenblight Scramblers'")
    page.select_option("#mode", "hotseat")
    page.click("#start")
    page.wait_for_function("document.getElementById('lobby-error').textContent !== ''")
    with pytest.raises(TeamError) as refused:
        teams_api.game_teams({"home_team": team})
    line = page.text_content("#lobby-error")
    assert line == str(refused.value) and "it plays a BB2020 match" in line and "\n" not in line
    assert len(page.evaluate("fetch('/api/games').then(r => r.json())")["running"]) == running
