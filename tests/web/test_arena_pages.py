# mypy: disable-error-code="import-not-found,no-any-return,type-arg"
"""The arena in a browser (Playwright driving Debian's chromium against a live server): a bot
submitted through the page's form, validated and rated by `nuffle arena run`, then found on
the leaderboard, on its own page, and replayed in the viewer."""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

sync_api = pytest.importorskip("playwright.sync_api", reason="the browser tests need playwright ([dev])")
uvicorn = pytest.importorskip("uvicorn", reason="the browser tests need uvicorn ([web])")

from web_helpers import BROWSER_TIMEOUT, CHROMIUM, browser_page, live_server  # noqa: E402

from nuffle.arena import runner  # noqa: E402
from nuffle.arena.store import Arena  # noqa: E402
from nuffle.competition import sandbox  # noqa: E402
from nuffle.competition.bots import JS_RANDOM_BOT  # noqa: E402
from nuffle.web.app import create_app  # noqa: E402

pytestmark = pytest.mark.skipif(CHROMIUM is None or shutil.which("node") is None,
                                reason="Debian's chromium and node are needed "
                                       "(apt-get install chromium nodejs)")
TIMEOUT = BROWSER_TIMEOUT


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, Path]]:
    """A live server over a new arena (board 1, the bundled random bot)."""
    folder = tmp_path_factory.mktemp("arena")
    Arena.create(folder / "arena", board=1, bundled=[("random", "random", "human")]).close()
    app = create_app(folder / "games.sqlite3", None, folder / "arena")
    with live_server(app, TIMEOUT) as url:
        yield url, folder / "arena"


@pytest.fixture(scope="module")
def page() -> Iterator[Any]:
    with browser_page() as pg:
        yield pg


def _rows(page: Any, table: str) -> list[list[str]]:
    return page.eval_on_selector_all(
        f"{table} tbody tr", "rows => rows.map(r => [...r.cells].map(c => c.textContent))")


def test_a_bot_submitted_in_the_browser_is_rated_and_replayable(page: Any, served: tuple[str, Path]) -> None:
    url, folder = served
    page.goto(f"{url}/arena")
    page.wait_for_selector("#board:not([hidden])")
    assert [r[1] for r in _rows(page, "#ladder")] == ["random"]
    page.set_input_files("#sub-file", str(JS_RANDOM_BOT))
    page.fill("#sub-name", "webjs")
    page.fill("#sub-team", "orc")
    page.click("#sub-send")
    page.wait_for_selector("#sub-new-token")
    assert "webjs v1 is stored" in page.text_content("#submit-result")
    assert len(page.text_content("#sub-new-token")) >= 20
    # the same file again, without the token: refused, said on the page
    page.click("#sub-send")
    page.wait_for_selector("#submit-result.league-error")
    assert "needs the token" in page.text_content("#submit-result")

    page.goto(f"{url}/arena")
    assert "webjs v1" in page.text_content("#pending")
    with Arena.open(folder) as arena:  # what `nuffle arena run DIR --pairs 1` does
        runner.run(arena, pairs=1, workers=1, trusted=bool(sandbox.why_not()))

    page.goto(f"{url}/arena")
    page.wait_for_selector("#board:not([hidden])")
    ladder = {r[1]: r for r in _rows(page, "#ladder")}
    assert set(ladder) == {"webjs", "random"}
    assert ladder["webjs"][3] == "node" and ladder["webjs"][7] == "2"  # language, games played
    assert ladder["webjs"][5] != "-" and " .. " in ladder["webjs"][6]  # a rating and its interval
    assert page.text_content("#pending") == ""
    assert len(_rows(page, "#latest")) == 2

    page.click("#ladder >> text=webjs")
    page.wait_for_selector("#bot:not([hidden])")
    assert "webjs (submitted)" in page.text_content("#title")
    [version] = _rows(page, "#versions")
    assert version[0] == "1" and version[1] == "accepted" and version[5] == "2"
    games = _rows(page, "#games")
    assert sorted(g[1] for g in games) == ["ladder", "ladder", "validation"]
    validation = next(g for g in games if g[1] == "validation")
    assert validation[4] == "random-legal"

    page.click("#games tbody tr:last-child a.replay")
    page.wait_for_selector("#replay-view:not([hidden])")
    assert page.text_content("#r-pos").startswith("0 / ")
    page.click("#r-last")
    home, away = validation[3].split("-")
    assert f" {home} - {away} " in page.text_content("#rbar")  # the final score, as the table gave it
