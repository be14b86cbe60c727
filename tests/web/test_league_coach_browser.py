# mypy: disable-error-code="import-not-found,no-any-return,type-arg"
"""A human-coached league match in a browser (Playwright driving Debian's chromium against a live
server): the league page shows the coach's next match, its button opens the seat, the coach
plays by mouse (formations, end turn), leaves mid-game and resumes from the league page, plays
to full time, and the league page then shows the result and the next match."""

from __future__ import annotations

import os
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

sync_api = pytest.importorskip("playwright.sync_api", reason="the browser tests need playwright ([dev])")
uvicorn = pytest.importorskip("uvicorn", reason="the browser tests need uvicorn ([web])")

from web_helpers import BROWSER_TIMEOUT, browser_page, live_server, needs_chromium  # noqa: E402

from nuffle.cli import main as cli_main  # noqa: E402
from nuffle.league.store import Store  # noqa: E402
from nuffle.web.app import create_app  # noqa: E402

pytestmark = needs_chromium
TIMEOUT = BROWSER_TIMEOUT
ARTEFACTS = Path(os.environ.get("NUFFLE_ARTEFACTS", Path(__file__).parents[2] / "test-artefacts" / "web"))
ENTRIES = ["ME=human:human", "Tide=orc:random", "Beards=dwarf:random"]


@pytest.fixture
def league(tmp_path: Path) -> Iterator[tuple[str, Path]]:
    """A live server over a league on board 1 in which a person coaches ME (bots' matches played)."""
    path = tmp_path / "spring.db"
    args = ["league", "new", str(path), "--seed", "3", "--board", "1"]
    for e in ENTRIES:
        args += ["--entry", e]
    assert cli_main(args) == 0
    assert cli_main(["league", "play", str(path), "--quiet"]) == 0
    app = create_app(tmp_path / "games.sqlite3", tmp_path)
    app.state.league_seats.delay = 0.02
    with live_server(app, TIMEOUT) as url:
        yield url, path


@pytest.fixture
def page() -> Iterator[Any]:
    with browser_page(viewport={"width": 1300, "height": 900}) as pg:
        yield pg


def _state(page: Any) -> dict[str, Any]:
    return page.evaluate("({version: G.state.version, over: G.state.result.over, "
                         "side: G.state.decision.side, kind: G.state.decision.kind})")


def _play_by_mouse(page: Any, side: str, turns: int | None = None) -> dict[str, Any]:
    """Answer the coach's decisions by mouse (receive, a formation then End set-up, End turn, the
    first button or square otherwise) until full time, or until `turns` turns were ended."""
    ended = 0
    deadline = time.monotonic() + TIMEOUT * 4
    while time.monotonic() < deadline:
        page.wait_for_function(f"G.state && (G.state.result.over || G.state.decision.side === '{side}')",
                               timeout=TIMEOUT * 1000)
        s = _state(page)
        if s["over"] or (turns is not None and ended >= turns):
            return s
        choice = page.locator("#choices button:not(.formation)")
        if s["kind"] == "SETUP" and page.locator("#choices button.formation").count():
            page.locator("#choices button.formation").first.click()
            page.wait_for_function(f"G.state.version > {s['version']}", timeout=5000)
            s = _state(page)
            page.locator("#choices button", has_text="End set-up").click()
        elif s["kind"] == "KICK_OR_RECEIVE":
            page.locator("#choices button", has_text="Receive").click()
        elif s["kind"] == "SELECT_ACTION":
            page.locator("#choices button", has_text="End turn").click()
            ended += 1
        elif s["kind"] != "KICK_TARGET" and choice.count():
            choice.first.click()
        elif page.locator("rect.sq.legal").count():
            page.locator("rect.sq.legal").first.click(force=True)
        else:
            page.locator(".player.can").first.click()
        page.wait_for_function(f"G.state.version > {s['version']}", timeout=TIMEOUT * 1000)
    raise AssertionError("the match did not end")


def _shot(page: Any, name: str) -> None:
    ARTEFACTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(ARTEFACTS / f"{name}.png"))


def _fixture(path: Path, fid: int) -> tuple[bool, list[dict[str, Any]]]:
    store = Store.open(path, read_only=True)
    try:
        played = next(f.played for f in store.fixtures() if f.id == fid)
        return played, [m for m in store.matches() if m["fixture"] == fid]
    finally:
        store.close()


def test_a_human_coached_league_match_played_to_the_end(page: Any, league: tuple[str, Path]) -> None:
    url, path = league
    page.goto(f"{url}/leagues/spring")
    page.wait_for_selector("#coach:not([hidden])")
    [coach] = page.evaluate("fetch('/api/leagues/spring/coaches').then(r => r.json())")["coaches"]
    fid, side = coach["fixture"], coach["side"]
    where = "at home" if side == "home" else "away"
    assert page.text_content("#coaches li").startswith(
        f"ME, round {coach['round']}: {coach['home']} v {coach['away']} ({where})")
    _shot(page, "league-coach-next-match")
    page.click("#coaches button.seat")
    page.wait_for_url("**/games/**")
    page.wait_for_function(f"G.state !== null && G.seat === '{side}'")
    gid = page.url.split("/games/")[1].split("#")[0]
    _play_by_mouse(page, side, turns=2)
    # the coach leaves mid-game and comes back through the league page: the same game, where it was
    version = page.evaluate("G.state.version")
    page.goto(f"{url}/leagues/spring")
    page.wait_for_selector("#coaches button.seat")
    assert "in progress" in page.text_content("#coaches li")
    page.click("#coaches button.seat")
    page.wait_for_url(f"**/games/{gid}#token=*")
    page.wait_for_function(f"G.state !== null && G.seat === '{side}' && G.state.version >= {version}")
    final = _play_by_mouse(page, side)
    assert final["over"]
    assert "Full time" in page.locator("#prompt").text_content()
    _shot(page, "league-coach-full-time")
    score = [int(page.locator(f"#{s}-score").text_content()) for s in ("home", "away")]
    deadline = time.monotonic() + TIMEOUT
    while not _fixture(path, fid)[0]:
        assert time.monotonic() < deadline, "the result never reached the league"
        time.sleep(0.1)
    [match] = _fixture(path, fid)[1]
    assert match["score"] == score
    page.goto(f"{url}/leagues/spring")
    page.wait_for_selector("#league:not([hidden])")
    results = page.eval_on_selector_all("#results tbody tr", "rows => rows.map(r => r.cells[2].textContent)")
    assert f"{score[0]}-{score[1]}" in results
    page.wait_for_selector("#coach:not([hidden])")
    [after] = page.evaluate("fetch('/api/leagues/spring/coaches').then(r => r.json())")["coaches"]
    assert after["round"] > coach["round"] and after["status"] == "ready"
    assert page.text_content("#coaches li").startswith(f"ME, round {after['round']}: ")  # the next match
    _shot(page, "league-coach-after-the-match")
