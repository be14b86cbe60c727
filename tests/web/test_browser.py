# mypy: disable-error-code="attr-defined,dict-item,import-not-found,no-any-return,type-arg,union-attr"
"""Browser tests: Playwright drives Debian's chromium against a live server (never a downloaded
browser). Screenshots go to test-artefacts/web/ (or $NUFFLE_ARTEFACTS)."""

from __future__ import annotations

import contextlib
import json
import os
import re
import socket
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

sync_api = pytest.importorskip("playwright.sync_api", reason="the browser tests need playwright ([dev])")
uvicorn = pytest.importorskip("uvicorn", reason="the browser tests need uvicorn ([web])")

from web_helpers import BROWSER_TIMEOUT, CHROMIUM, legal_actions, needs_chromium  # noqa: E402

from nuffle.agents.registry import agent_names, bot_options  # noqa: E402
from nuffle.analysis.pathfinding import path_to  # noqa: E402
from nuffle.analysis.queries import block_odds, foul_odds  # noqa: E402
from nuffle.core.actions import Action, ActionType  # noqa: E402
from nuffle.core.dice import ScriptedRoller, block, two_d6  # noqa: E402
from nuffle.core.procedures.action import AFTER_DECLARE  # noqa: E402
from nuffle.core.types import BlockFace, Status  # noqa: E402
from nuffle.report import Names  # noqa: E402
from nuffle.web.app import create_app  # noqa: E402

pytestmark = needs_chromium
ARTEFACTS = Path(os.environ.get("NUFFLE_ARTEFACTS", Path(__file__).parents[2] / "test-artefacts" / "web"))
TIMEOUT = BROWSER_TIMEOUT  # for waits on the page and the server: generous, since the machine may be loaded
#: Skills whose roll at an action's declaration may stop the action (Bone-head, Really Stupid, ...)
NEGATRAITS = {skill.name for skill in AFTER_DECLARE.handlers}


class Server:
    """The app under uvicorn on a free loopback port, in a thread."""

    def __init__(self, db: Path) -> None:
        self.app = create_app(db)
        with socket.socket() as s:
            s.bind(("127.0.0.1", 0))
            self.port = s.getsockname()[1]
        self.url = f"http://127.0.0.1:{self.port}"
        config = uvicorn.Config(self.app, host="127.0.0.1", port=self.port, log_level="warning")
        self.server = uvicorn.Server(config)
        self.thread = threading.Thread(target=self.server.run, daemon=True)
        self.thread.start()
        deadline = time.monotonic() + TIMEOUT
        while not self.server.started:
            assert time.monotonic() < deadline, "the server did not start"
            time.sleep(0.05)

    def live(self, gid: str) -> Any:
        return self.app.state.manager.games[gid]

    def stop(self) -> None:
        self.server.should_exit = True
        self.thread.join(TIMEOUT)


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    srv = Server(tmp_path_factory.mktemp("web") / "games.sqlite3")
    yield srv
    srv.stop()


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    with sync_api.sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox", "--disable-gpu"])
        yield b
        b.close()


@pytest.fixture
def page(browser: Any) -> Iterator[Any]:
    ctx = browser.new_context(viewport={"width": 1300, "height": 900})
    pg = ctx.new_page()
    errors: list[str] = []
    pg.on("pageerror", lambda e: errors.append(str(e)))
    pg.set_default_timeout(TIMEOUT * 1000)
    yield pg
    ctx.close()
    assert not errors, errors


def shot(page: Any, name: str) -> None:
    ARTEFACTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(ARTEFACTS / f"{name}.png"))


def api(server: Server, method: str, path: str, body: Any = None) -> Any:
    import urllib.error
    import urllib.request

    data = None if body is None else json.dumps(body).encode()
    req = urllib.request.Request(server.url + path, data=data, method=method,
                                 headers={"Content-Type": "application/json"})
    try:
        with urllib.request.urlopen(req, timeout=TIMEOUT) as r:
            return json.loads(r.read())
    except urllib.error.HTTPError as exc:
        return {"status": exc.code, **json.loads(exc.read())}


def wait_for(server: Server, gid: str, pred: Any, what: str, patience: float = TIMEOUT * 3,
             fail: bool = True) -> dict[str, Any]:
    deadline = time.monotonic() + patience
    while True:
        state = api(server, "GET", f"/api/games/{gid}")
        if pred(state) or (not fail and time.monotonic() > deadline):
            return state
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out waiting for {what}")
        time.sleep(0.1)


def wait_version(page: Any, version: int) -> None:
    page.wait_for_function(f"G.state && G.state.version > {version}")


def drive_to_turn(page: Any, server: Server, gid: str, side: str) -> dict[str, Any]:
    """Play `side` by mouse through coin toss, set-up (by formation) and kick-off until its turn."""
    for _ in range(200):
        state = wait_for(server, gid, lambda s: s["decision"]["side"] == side or s["result"]["over"],
                         f"{side} to decide")
        d = state["decision"]
        page.wait_for_function(f"G.state && G.state.version >= {state['version']}")
        if page.evaluate("G.state.version") > state["version"]:
            continue  # the game moved on since this state was read (a slow earlier click): read again
        if d["kind"] == "SELECT_ACTION":
            return state
        try:
            answer_by_mouse(page, state)
        except sync_api.TimeoutError:
            # the button went away: the game moved on under the click (an earlier slow click
            # acted, or the page re-drew); read the state again, else it is a real failure
            if page.evaluate("G.state.version") == state["version"]:
                raise
            continue
        wait_for(server, gid, lambda s, v=state["version"]: s["version"] > v, f"a click to act on {d}",
                 patience=3, fail=False)
    raise AssertionError("never reached the coach's turn")


def answer_by_mouse(page: Any, state: dict[str, Any]) -> None:
    """Answer the coach's decision in `state` with the mouse (each click waits at most 10 s)."""
    d = state["decision"]
    if d["kind"] == "KICK_OR_RECEIVE":
        page.locator("#choices button", has_text="Receive").click(timeout=10_000)
    elif d["kind"] == "SETUP":
        if state["formations"]:  # none in a Perfect Defence rearrangement: the set-up stands
            page.locator("#choices button.formation").first.click(timeout=10_000)
            # a formation the players already stand in changes nothing: no new version
            with contextlib.suppress(sync_api.TimeoutError):
                page.wait_for_function(f"G.state && G.state.version > {state['version']}", timeout=5000)
        page.locator("#choices button", has_text="End set-up").click(timeout=10_000)
    else:
        click_something(page, d["kind"])


def click_something(page: Any, kind: str) -> None:
    """Answer a decision with the mouse: a button if there is one, else a square, else a player."""
    buttons = page.locator("#choices button:not(.formation)")
    if kind != "KICK_TARGET" and buttons.count():
        buttons.first.click()
    elif page.locator("rect.sq.legal").count():
        page.locator("rect.sq.legal").first.click(force=True)  # a player may stand on it
    elif page.locator(".player.can").count():
        page.locator(".player.can").first.click()


def start_bot_game(page: Any, server: Server) -> tuple[str, str]:
    g = api(server, "POST", "/api/games", {"mode": "bot", "home": "human", "away": "orc:random",
                                           "board": 11, "delay": 0})
    page.goto(g["links"]["home"])
    page.wait_for_function("G.state !== null && G.seat === 'home'")
    return g["id"], g["seats"]["home"]


def test_1_formation_setup_and_a_move_with_its_path_odds(page: Any, server: Server) -> None:
    gid, _ = start_bot_game(page, server)
    state = drive_to_turn(page, server, gid, "home")
    on = [p for p in state["players"] if p["team"] == "home" and p["square"]]
    assert len(on) == 11  # the formation put eleven on the pitch
    shot(page, "1-setup-by-formation")
    movers = [a["player"] for a in legal_actions(state) if a["type"] == "START_MOVE"
              and not set(state["players"][a["player"]]["skills"]) & NEGATRAITS]
    pid = movers[0]
    page.locator(f"g.player[data-player='{pid}']").click()
    page.locator("#choices button", has_text="Move").first.click()
    state = wait_for(server, gid, lambda s: s["decision"]["kind"] == "MOVE", "the move decision")
    page.wait_for_function("G.paths !== null")
    game = server.live(gid).game
    moves = [a["square"] for a in legal_actions(state) if a["type"] == "MOVE"]
    paths = {tuple(sq): path_to(game, pid, tuple(sq)) for sq in moves}
    target = max(moves, key=lambda sq: (len(paths[tuple(sq)].rolls), len(paths[tuple(sq)].steps)))
    page.locator(f"rect[data-sq='{target[0]},{target[1]}']").hover()
    shown = page.locator("[data-testid=path-prob]").text_content()
    expected = paths[tuple(target)]
    assert shown == f"{100 * expected.prob:.1f}%"
    assert page.locator("polyline.path").count() == 1
    shot(page, "1-path-preview")
    page.locator(f"rect[data-sq='{target[0]},{target[1]}']").click()
    after = wait_for(server, gid, lambda s: s["version"] > state["version"], "the move")
    mover = after["players"][pid]
    assert mover["square"] == target or mover["status"] != "STANDING" or after["decision"]["kind"] == "REROLL"


@pytest.mark.slow  # the fast loop keeps test_1's browser game
def test_2_block_shows_the_dice_and_the_board_after_it(page: Any, server: Server) -> None:
    for _attempt in range(4):
        gid, _ = start_bot_game(page, server)
        state = drive_to_turn(page, server, gid, "home")
        # a player with a negatrait (the Ogre's Bone-head) may fail its roll before the block
        blockers = [a["player"] for a in legal_actions(state) if a["type"] == "START_BLOCK"
                    and not set(state["players"][a["player"]]["skills"]) & NEGATRAITS]
        if blockers:
            break
    else:
        pytest.fail("no block by a player without a negatrait was on offer in four kick-offs")
    pid = blockers[0]
    page.locator("#auto-toggle").uncheck()  # this test answers every decision of the block itself
    page.locator(f"g.player[data-player='{pid}']").click()
    page.locator("#choices button", has_text="Block").first.click()
    state = wait_for(server, gid, lambda s: s["decision"]["kind"] == "MOVE", "the block decision")
    page.wait_for_selector("text.dicelabel")
    target = next(a["square"] for a in legal_actions(state) if a["type"] == "BLOCK")
    game = server.live(gid).game
    defender = game.state.grid[game.state.board.sq(*target)]
    odds = block_odds(game, pid, defender)
    page.locator(f"g.player[data-player='{defender}']").hover()
    line = page.locator("[data-testid=odds]").text_content()
    from nuffle.analysis.blocks import BlockResult
    # the clean knock-down, Both Down apart
    assert f"knock-down {100 * float(odds.defender_down):.1f}%" in line
    assert f"both down {100 * float(odds.results.get(BlockResult.BOTH_DOWN, 0)):.1f}%" in line
    expected_dice = state["odds"]["blocks"][0]["dice"]
    assert line.startswith(f"Block: {expected_dice} di")
    shot(page, "2-block-odds")
    page.locator(f"g.player[data-player='{defender}']").click()
    # finish the block by mouse: dice faces, pushes, follow-ups, re-rolls
    for _ in range(20):
        s = wait_for(server, gid, lambda x: x["decision"]["side"] == "home" or x["result"]["over"], "home")
        page.wait_for_function(f"G.state && G.state.version >= {s['version']}")
        kind = s["decision"]["kind"]
        if kind == "BLOCK_DICE":
            assert "Rolled" in page.locator("#prompt").text_content()
            shot(page, "2-block-dice")
        if kind in ("SELECT_ACTION", "MOVE"):  # the block is over (or the blitzer moves on)
            break
        click_something(page, kind)
        wait_for(server, gid, lambda x, v=s["version"]: x["version"] > v, "the block to go on",
                 patience=3, fail=False)
    final = api(server, "GET", f"/api/games/{gid}")
    page.wait_for_function(f"G.state && G.state.version >= {final['version']}")
    for p in final["players"]:
        loc = page.locator(f"g.player[data-player='{p['id']}']")
        if p["square"] is None:
            assert loc.count() == 0
        else:
            x, y = p["square"]
            assert loc.get_attribute("transform") == f"translate({x * 40 + 20},{y * 40 + 20})"
    shot(page, "2-after-block")


@pytest.mark.slow  # the fast loop keeps test_1's browser game
def test_3_watch_bot_v_bot_to_the_end(page: Any, server: Server) -> None:
    g = api(server, "POST", "/api/games", {"mode": "botvbot", "home": "human:random",
                                           "away": "orc:random", "board": 3, "delay": 0.01,
                                           "seed": 7})  # a seed whose game logs over 150 lines
    page.goto(g["spectate"])
    page.wait_for_function("G.state !== null")
    page.wait_for_function("G.state.result.over", timeout=TIMEOUT * 6 * 1000)
    final = api(server, "GET", f"/api/games/{g['id']}")
    assert "Full time" in page.locator("#prompt").text_content()
    assert page.locator("#home-score").text_content() == str(final["score"][0])
    assert page.locator("#away-score").text_content() == str(final["score"][1])
    assert page.locator("#choices button").count() == 0  # a spectator gets no controls
    # the socket pushed only new log lines; the page's log is the server's last 150 all the same
    assert final["log_from"] > 0
    assert page.locator("#log li").all_text_contents() == final["log"]
    shot(page, "3-bot-v-bot-full-time")


@pytest.mark.slow  # the fast loop keeps test_1's browser game
def test_4_each_seat_acts_only_for_itself(browser: Any, server: Server) -> None:
    ctx_a = browser.new_context(viewport={"width": 1300, "height": 900})
    ctx_b = browser.new_context(viewport={"width": 1300, "height": 900})
    try:
        lobby = ctx_a.new_page()
        lobby.goto(server.url + "/")
        lobby.select_option("#mode", "online")
        lobby.select_option("[name=board]", "5")
        lobby.click("#start")
        lobby.wait_for_selector("#home-link")
        home_url = lobby.get_attribute("#home-link", "href")
        away_url = lobby.get_attribute("#away-link", "href")
        shot(lobby, "4-online-links")
        gid = home_url.split("/games/")[1].split("#")[0]
        pages = {"home": lobby, "away": ctx_b.new_page()}
        pages["home"].goto(home_url)
        pages["away"].goto(away_url)
        for side, pg in pages.items():
            pg.wait_for_function(f"G.seat === '{side}' && G.state !== null")
        state = api(server, "GET", f"/api/games/{gid}")
        side = state["decision"]["side"]
        other = "away" if side == "home" else "home"
        assert pages[other].locator("#choices button").count() == 0
        # the other seat's page cannot act for the deciding seat, even by hand-made requests
        status = pages[other].evaluate(
            "async a => (await fetch(`/api/games/${G.id}/actions`, {method: 'POST', headers: "
            "{'Content-Type': 'application/json'}, body: JSON.stringify({token: G.tokens[G.seat], "
            "action: a})})).status", legal_actions(state)[0])
        assert status == 403
        assert api(server, "GET", f"/api/games/{gid}")["version"] == state["version"]
        pages[side].locator("#choices button", has_text="Kick").click()
        # set-up: the kicking side first, then the other, each on its own page
        for _ in range(2):
            s = wait_for(server, gid, lambda x: x["decision"]["kind"] == "SETUP", "set-up")
            pg = pages[s["decision"]["side"]]
            pg.wait_for_function(f"G.state && G.state.version >= {s['version']}")
            pg.locator("#choices button.formation").first.click()
            wait_version(pg, s["version"])
            pg.locator("#choices button", has_text="End set-up").click()
            wait_for(server, gid, lambda x, v=s["version"], d=s["decision"]["side"]:
                     x["version"] > v and x["decision"]["side"] != d, "the set-up to end")
        s = api(server, "GET", f"/api/games/{gid}")
        on = {t: sum(1 for p in s["players"] if p["team"] == t and p["square"]) for t in ("home", "away")}
        assert on == {"home": 5, "away": 5}
        shot(pages["away"], "4-online-away-seat")
    finally:
        ctx_a.close()
        ctx_b.close()


@pytest.mark.slow  # the fast loop keeps test_1's browser game
def test_5_replay_viewer_steps_through_a_record(page: Any, server: Server, tmp_path: Path) -> None:
    g = api(server, "POST", "/api/games", {"mode": "botvbot", "home": "human:random",
                                           "away": "orc:random", "board": 3, "delay": 0})
    wait_for(server, g["id"], lambda s: s["result"]["over"], "the bot game to end")
    record = api(server, "GET", f"/api/records/{g['id']}")
    page.goto(f"{server.url}/replay/{g['id']}")
    page.wait_for_selector("#replay-view:not([hidden])")
    total = len(record["entries"])
    assert page.locator("#r-pos").text_content() == f"0 / {total}"
    for _ in range(5):
        page.click("#r-next")
    assert page.locator("#r-pos").text_content() == f"5 / {total}"
    page.click("#r-prev")
    assert page.locator("#r-pos").text_content() == f"4 / {total}"
    page.select_option("#r-turn", index=2)
    pos = int(page.locator("#r-pos").text_content().split(" / ")[0])
    assert pos > 4
    page.click("#r-last")
    assert page.locator("#r-pos").text_content() == f"{total} / {total}"
    score = record["final"]["score"]
    assert f"{score[0]} - {score[1]}" in page.locator("#rbar").text_content()
    assert "Final whistle: " in page.locator("#rlog").text_content()  # the match report beside the board
    shot(page, "5-replay-viewer")
    # the scoreboard per team, as in the game page: score, turn and re-rolls of the last frame
    last = api(server, "GET", f"/api/replays/{g['id']}")["frames"][-1]["teams"]
    for side in ("home", "away"):
        panel = page.locator(f"[data-testid=rsb-{side}]")
        assert panel.locator(f"[data-testid=sb-{side}-score]").text_content() == str(last[side]["score"])
        assert panel.locator(f"[data-testid=sb-{side}-turn]").text_content() == str(last[side]["turn"])
        assert panel.locator(f"[data-testid=sb-{side}-rerolls]").text_content() == str(last[side]["rerolls"])
    page.click("#r-first")
    page.click("#r-next")
    assert page.locator("[data-testid=rsb-home]").text_content().startswith(record["teams"]["home"]["name"])
    # a record file opened from disk
    path = tmp_path / "match.json"
    path.write_text(json.dumps(record))
    page.goto(f"{server.url}/replay")
    page.set_input_files("#record-file", str(path))
    page.wait_for_selector("#replay-view:not([hidden])")
    page.click("#r-next")
    assert page.locator("#r-pos").text_content() == f"1 / {total}"


@pytest.mark.slow  # the fast loop keeps test_1's browser game
def test_6_the_log_reports_a_block_in_words(page: Any, server: Server) -> None:
    """A block with forced dice (Defender Down, armour 11, injury 8): the log names the
    defender and gives the armour and injury lines, in words."""
    gid, odds, pid, defender = home_block(page, server)
    live = server.live(gid)
    game = live.game
    state = api(server, "GET", f"/api/games/{gid}")
    dice = odds["dice"]
    sampled = game.roller
    forced = ScriptedRoller(block(*[BlockFace.DEFENDER_DOWN] * dice) + two_d6(5, 6) + two_d6(4, 4))
    game.roller = forced
    try:
        page.locator(f"g.player[data-player='{defender}']").click()
        wait_for(server, gid, lambda x: x["version"] > state["version"], "the block dice")
        for _ in range(20):
            s = wait_for(server, gid, lambda x: x["decision"]["side"] == "home" or not forced.queue, "home")
            if not forced.queue:
                break
            page.wait_for_function(f"G.state && G.state.version >= {s['version']}")
            if s["decision"]["kind"] == "BLOCK_DICE":
                choose(page, "Defender down" if odds["chooser"] == "attacker" else "Decline")
            else:  # the push square, the follow-up
                click_something(page, s["decision"]["kind"])
            wait_for(server, gid, lambda x, v=s["version"]: x["version"] > v, "the block to go on")
    finally:
        game.roller = sampled
    names = Names(game.state)
    victim = names.player(defender)
    page.wait_for_function("document.querySelector('#log').textContent.includes(\"injury roll\")")
    log = page.locator("#log li").all_text_contents()
    assert f"{names.player(pid)} blocks {victim}: " in "\n".join(log)
    assert "Defender Down." in log
    assert f"{victim}: armour 11: broken." in log
    assert f"{victim}: injury roll 8: " in "\n".join(log)  # the dice total (modifiers decide the result)
    assert not any(re.search(r"\b[A-Z]{2,}_[A-Z_]+\b", line) for line in log)  # no engine enum names
    page.locator("#log").scroll_into_view_if_needed()
    shot(page, "6-match-report")


def choose(page: Any, label: str) -> None:
    """Click the choice `label`, unless the page answered the decision by itself (it had one
    legal answer and auto-answer is on). Waits for the one or the other: a fixed few seconds
    were too short on a loaded machine."""
    page.wait_for_function(
        """label => G.state && (G.autoVersion === G.state.version || [...document.querySelectorAll(
            '#choices button')].some(b => b.textContent.toLowerCase().includes(label.toLowerCase())))""",
        arg=label)
    if page.evaluate("G.autoVersion !== G.state.version"):
        page.locator("#choices button", has_text=label).click()


def home_block(page: Any, server: Server) -> tuple[str, dict[str, Any], int, int]:
    """A bot game driven to a home block by a player without a negatrait, the block declared:
    (game id, the odds of the block, attacker, defender)."""
    for _attempt in range(4):
        gid, _ = start_bot_game(page, server)
        state = drive_to_turn(page, server, gid, "home")
        blockers = [a["player"] for a in legal_actions(state) if a["type"] == "START_BLOCK"
                    and not set(state["players"][a["player"]]["skills"]) & NEGATRAITS]
        if blockers:
            break
    else:
        pytest.fail("no block by a player without a negatrait was on offer in four kick-offs")
    pid = blockers[0]
    page.locator(f"g.player[data-player='{pid}']").click()
    page.locator("#choices button", has_text="Block").first.click()
    state = wait_for(server, gid, lambda s: s["decision"]["kind"] == "MOVE", "the block decision")
    target = next(a["square"] for a in legal_actions(state) if a["type"] == "BLOCK")
    game = server.live(gid).game
    defender = game.state.grid[game.state.board.sq(*target)]
    return gid, next(o for o in state["odds"]["blocks"] if o["defender"] == defender), pid, defender


@pytest.mark.slow  # the fast loop keeps test_1's browser game
def test_7_prompts_show_the_dice_the_chooser_and_the_apothecary_s_player_and_injury(
        page: Any, server: Server) -> None:
    gid, odds, pid, defender = home_block(page, server)
    game = server.live(gid).game
    dice = odds["dice"]
    sampled = game.roller
    forced = ScriptedRoller(block(*[BlockFace.ATTACKER_DOWN] * dice) + two_d6(5, 6) + two_d6(4, 4))
    game.roller = forced
    names = Names(game.state)
    try:
        page.locator(f"g.player[data-player='{defender}']").click()
        s = wait_for(server, gid, lambda x: x["decision"]["kind"] == "BLOCK_DICE", "the block dice")
        page.wait_for_function(f"G.state && G.state.version >= {s['version']}")
        assert page.locator("#dice svg.die").count() == dice  # the dice as pictures
        chooser = "the Human coach" if odds["chooser"] == "attacker" else "the Orc coach"
        assert f"{chooser} chooses" in page.locator("#dice").text_content()
        said = page.locator("#prompt").text_content()
        assert f"{names.player(pid)} blocks {names.player(defender)}" in said
        shot(page, "7-block-dice-prompt")
        choose(page, "Attacker down" if odds["chooser"] == "attacker" else "Decline")
        s = wait_for(server, gid, lambda x: x["decision"]["kind"] == "APOTHECARY", "the apothecary")
    finally:
        game.roller = sampled
    assert s["decision"]["side"] == "home"
    page.wait_for_function(f"G.state && G.state.version >= {s['version']}")
    assert page.locator("#prompt").text_content() == \
        f"{names.player(pid)} is KO'd (injury roll 8). Use the apothecary?"
    assert "Stunned" in page.locator("#meanings").text_content()
    shot(page, "7-apothecary-prompt")
    page.locator("#choices button", has_text="Apothecary").click()
    after = wait_for(server, gid, lambda x: x["version"] > s["version"], "the apothecary's work")
    assert after["players"][pid]["status"] == "STUNNED"


@pytest.mark.slow  # the fast loop keeps test_1's browser game
def test_8_pieces_are_legible(page: Any, server: Server) -> None:
    gid, _ = start_bot_game(page, server)
    state = drive_to_turn(page, server, gid, "home")
    # team colours by race, as the server chose them (nuffle.web.colours; tests/web/test_colours.py)
    from nuffle.web.colours import team_colours
    colours = page.evaluate("teamColours(G.state).fill")
    assert colours == team_colours(state["races"]["home"], state["races"]["away"])["fill"]
    assert colours == {"home": "#c43c2c", "away": "#2a5ea8"}
    assert page.evaluate("getComputedStyle(document.documentElement).getPropertyValue('--away-text')"
                         ).strip() == team_colours("human", "orc")["text"]["away"]
    # (a stunned piece is drawn grey: the kick-off or the opponent's turn may have stunned some)
    home, away = (next(p for p in state["players"]
                       if p["team"] == side and p["square"] and p["status"] != "STUNNED")
                  for side in ("home", "away"))
    assert page.locator(f"g.player[data-player='{home['id']}'] .body").get_attribute("fill") == "#c43c2c"
    assert page.locator(f"g.player[data-player='{away['id']}'] .body").get_attribute("fill") == "#2a5ea8"
    # the ball: drawn above the pieces, with a halo
    if state["ball"]["square"]:
        assert page.locator("#pitch g.ball circle").count() == 1
    # the acting player is highlighted; after his action he is marked as used
    movers = [a["player"] for a in legal_actions(state) if a["type"] == "START_MOVE"
              and not set(state["players"][a["player"]]["skills"]) & NEGATRAITS]
    pid = movers[0]
    page.locator(f"g.player[data-player='{pid}']").click()
    page.locator("#choices button", has_text="Move").first.click()
    s = wait_for(server, gid, lambda x: x["decision"]["kind"] == "MOVE", "the move decision")
    page.wait_for_function(f"G.state && G.state.version >= {s['version']}")
    piece = page.locator(f"g.player[data-player='{pid}']")
    assert "acting" in piece.get_attribute("class") and piece.locator("circle.halo").count() == 1
    # the player card on hover: stats, skills in words, status
    piece.hover()
    card = page.locator("#card")
    assert card.is_visible()
    info = s["players"][pid]
    text = card.text_content()
    assert f"MA {info['ma']}  ST {info['st']}  AG {info['ag']}  AV {info['av']}" in text
    assert "Status: standing" in text and "_" not in text
    shot(page, "8-acting-player-and-card")
    page.locator("#choices button", has_text="End action").click()
    s = wait_for(server, gid, lambda x: x["version"] > s["version"], "the end of the action")
    page.wait_for_function(f"G.state && G.state.version >= {s['version']}")
    piece = page.locator(f"g.player[data-player='{pid}']")
    assert "used" in piece.get_attribute("class") and piece.locator("text.usedmark").count() == 1
    # prone and stunned players lie down, with their icons (drawn from a changed copy of the state)
    page.evaluate("""() => { const ps = G.state.players.filter(p => p.team === 'away' && p.square);
        ps[0].status = 'PRONE'; ps[1].status = 'STUNNED'; render(); return [ps[0].id, ps[1].id]; }""")
    down = page.evaluate("""() => ['PRONE', 'STUNNED'].map(
        st => G.state.players.filter(p => p.square && p.status === st).length)""")
    assert page.locator("#pitch g.player.prone ellipse.body").count() == down[0] >= 1
    assert page.locator("#pitch g.player.prone circle.icon.prone").count() == down[0]
    assert page.locator("#pitch g.player.stunned ellipse.body").count() == down[1] >= 1
    assert page.locator("#pitch g.player.stunned ellipse.body").first.get_attribute("fill") == "#8a8a8a"
    assert page.locator("#pitch g.player.stunned circle.icon.stunned").count() == down[1]
    shot(page, "8-prone-and-stunned")


@pytest.mark.slow  # the fast loop keeps test_1's browser game
def test_9_a_foul_hover_shows_armour_injury_and_sent_off_odds(page: Any, server: Server) -> None:
    gid, _ = start_bot_game(page, server)
    state = drive_to_turn(page, server, gid, "home")
    live = server.live(gid)
    game = live.game
    s = game.state
    b = s.board
    fouler = victim = -1
    for a in legal_actions(state):  # a home player next to an away one, who is knocked down here
        if a["type"] != "START_MOVE" or set(state["players"][a["player"]]["skills"]) & NEGATRAITS:
            continue
        sq = s.pos[a["player"]]
        near = [sq + o for o in b.neighbours if s.grid[sq + o] >= 0 and s.pteam[s.grid[sq + o]] == 1]
        if near:
            fouler, victim = a["player"], s.grid[near[0]]
            break
    assert fouler >= 0, "no home player stands next to an opponent after the kick-off"
    s.status[victim] = Status.PRONE  # (the test lays him down; the engine then offers the foul)
    game._legal = None
    live.version += 1
    live.notify()
    page.wait_for_function(f"G.state && G.state.version > {state['version']}")
    page.locator(f"g.player[data-player='{fouler}']").click()
    page.locator("#choices button", has_text="Foul").first.click()
    st = wait_for(server, gid, lambda x: x["decision"]["kind"] == "MOVE", "the foul decision")
    page.wait_for_function(f"G.state && G.state.version >= {st['version']}")
    page.locator(f"g.player[data-player='{victim}']").hover()
    expected = foul_odds(game, fouler, victim)
    def shown(what: str) -> str:
        return page.locator(f"[data-testid=foul-{what}]").text_content()

    assert shown("armour") == f"{100 * float(expected['armour_broken']):.1f}%"
    injury = expected["ko"] + expected["badly_hurt"] + expected["casualty"]
    assert shown("injury") == f"{100 * float(injury):.1f}%"
    assert shown("sent-off") == f"{100 * float(expected['sent_off']):.1f}%"
    shot(page, "9-foul-odds")


@pytest.mark.slow  # the fast loop keeps test_1's browser game
def test_10_turn_alert_tab_title_connection_and_keyboard(page: Any, server: Server) -> None:
    gid, _ = start_bot_game(page, server)
    state = drive_to_turn(page, server, gid, "home")
    page.wait_for_function("document.querySelector('#conn').className === 'up'")
    assert "live" in page.locator("#conn").text_content()
    assert page.locator("#turn-alert").text_content() == "Your turn"
    assert page.title().startswith("\u25b6 Your move")
    shot(page, "10-your-turn")
    game = server.live(gid).game
    taken = len(game.history)
    page.keyboard.press("e")  # E ends the turn
    wait_for(server, gid, lambda s: s["version"] > state["version"], "the turn to end")
    assert game.history[taken] == ("a", Action(ActionType.END_TURN))
    page.wait_for_function("!document.title.startsWith('\u25b6') || G.state.decision.side === 'home'")
    # the socket drops: the indicator says so, and the page reconnects by itself
    page.evaluate("G.ws.close()")
    page.wait_for_function("document.querySelector('#conn').className === 'down'")
    page.wait_for_function("document.querySelector('#conn').className === 'up'")


@pytest.mark.slow  # the fast loop keeps test_1's browser game
def test_11_a_replay_plays_to_the_end_by_itself(page: Any, server: Server) -> None:
    g = api(server, "POST", "/api/games", {"mode": "botvbot", "home": "human:scripted",
                                           "away": "orc:scripted", "board": 1, "delay": 0})
    wait_for(server, g["id"], lambda s: s["result"]["over"], "the bot game to end")
    record = api(server, "GET", f"/api/records/{g['id']}")
    total = len(record["entries"])
    page.goto(f"{server.url}/replay/{g['id']}")
    page.wait_for_selector("#replay-view:not([hidden])")
    page.select_option("#r-speed", "20")
    page.click("#r-play")
    assert page.locator("#r-play").get_attribute("data-playing") == "1"
    page.wait_for_function("document.querySelector('#r-turn').value !== '0'")  # the turn selector follows
    page.wait_for_function(f"document.querySelector('#r-pos').textContent === '{total} / {total}'",
                           timeout=TIMEOUT * 6 * 1000)
    assert page.locator("#r-play").get_attribute("data-playing") == "0"  # it stops at the end
    assert "Final whistle: " in page.locator("#rlog").text_content()  # the report beside the board
    last = page.locator("#r-turn").input_value()
    assert last == str(max(int(o) for o in page.locator("#r-turn option").evaluate_all(
        "os => os.map(o => o.value)")))
    # pause holds the position
    page.click("#r-first")
    page.click("#r-play")
    page.wait_for_function("document.querySelector('#r-pos').textContent.split(' / ')[0] !== '0'")
    page.click("#r-play")
    held = page.locator("#r-pos").text_content()
    page.wait_for_timeout(300)
    assert page.locator("#r-pos").text_content() == held
    shot(page, "11-replay-playing")


@pytest.mark.slow  # the fast loop keeps test_1's browser game
def test_12_every_registered_bot_with_its_options_scripted_by_default(page: Any, server: Server) -> None:
    page.goto(server.url + "/")
    page.wait_for_function("document.querySelectorAll('[name=away-bot] option').length > 1")
    listed = page.locator("[name=away-bot] option").evaluate_all("os => os.map(o => o.value)")
    assert listed == ["", *agent_names()]  # human, then every bot the registry knows
    assert page.locator("[name=away-bot]").input_value() == "scripted"  # the default opponent
    page.select_option("[name=away-bot]", "lookahead")
    defaults = "&".join(f"{k}={v}" for k, v in bot_options("lookahead").items())
    assert page.locator("[name=away-bot-options]").get_attribute("placeholder") == defaults
    page.fill("[name=away-bot-options]", "samples=2")
    page.select_option("[name=board]", "3")
    page.click("#start")
    page.wait_for_url("**/games/**")
    page.wait_for_function("typeof G !== 'undefined' && G.state !== null")
    assert page.evaluate("G.state.seats.away") == "bot:lookahead?samples=2"
    shot(page, "12-bot-with-options")


def _swap_in(server: Server, gid: str, game: Any) -> None:
    """Put a built position in place of a live game (a test shortcut: the page sees a new state)."""
    live = server.live(gid)
    live.game = game
    live.saved = len(game.history)
    live.version += 1
    live.notify()


def _hotseat(page: Any, server: Server, home: str = "orc", away: str = "human") -> tuple[str, dict[str, str]]:
    g = api(server, "POST", "/api/games", {"mode": "hotseat", "home": home, "away": away, "board": 11})
    page.goto(f"{server.url}/games/{g['id']}#home={g['seats']['home']}&away={g['seats']['away']}")
    page.wait_for_function("G.state !== null")
    return g["id"], g["seats"]


def _act(page: Any, server: Server, gid: str, token: str, action: list[Any]) -> dict[str, Any]:
    before = api(server, "GET", f"/api/games/{gid}")["version"]
    st = api(server, "POST", f"/api/games/{gid}/actions", {"token": token, "action": action})
    assert "status" not in st, st
    page.wait_for_function(f"G.state && G.state.version > {before}")
    return st


def _plan_odds(plan: str) -> float:
    import contextlib
    import io

    from nuffle.cli import main

    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        assert main(["odds", "--json", plan]) == 0
    return float(json.loads(out.getvalue())["success_float"])


def test_13_leap_throw_team_mate_gaze_and_chainsaw_hovers_show_the_toolkit_s_odds(
        page: Any, server: Server) -> None:
    from nuffle.analysis.chainsaw import chainsaw_odds
    from nuffle.analysis.skill_odds import gaze_odds, leap_odds, throw_team_mate_odds
    from nuffle.analysis.ttm_exact import whole_throw
    from nuffle.core.skills import Skill
    from nuffle.testing import Scenario

    gid, seats = _hotseat(page, server)
    troll_free_thrower, goblin, leaper, gazer = 4, 2, 8, 5  # orc ids: Black Orc, Goblin, Goblin, Lineman
    sc = Scenario("orc", "human").set(rerolls=(2, 2))
    sawyer = sc.pid(0, "Lineman", 1)
    sc.grant(troll_free_thrower, Skill.THROW_TEAM_MATE).grant(leaper, Skill.LEAP)
    sc.grant(gazer, Skill.HYPNOTIC_GAZE).grant(sawyer, Skill.CHAINSAW).put(sawyer, (22, 10))
    sc.put(troll_free_thrower, (10, 7)).put(goblin, (11, 7)).put(leaper, (5, 3)).put(gazer, (20, 10))
    sc.put(12, (15, 8)).put(13, (16, 6)).put(14, (21, 10)).put(15, (6, 3))
    game = sc.start(0)
    _swap_in(server, gid, game)
    page.wait_for_function("G.state && G.state.decision.kind === 'SELECT_ACTION'")
    token = seats["home"]
    shown = lambda tid: page.locator(f"[data-testid={tid}]").text_content()  # noqa: E731

    def check(tid: str, expected: Any) -> None:
        plan = shown(f"{tid}-plan")
        assert plan == expected.plan
        assert shown(tid) == f"{100 * float(expected.chance):.1f}%" == f"{100 * _plan_odds(plan):.1f}%"

    # Leap: the roll ignores the Human lineman's tackle zone
    _act(page, server, gid, token, ["START_MOVE", leaper, None])
    page.locator("rect[data-sq='7,3']").hover()
    check("leap-roll", leap_odds(game, leaper, (7, 3)).leap)
    # a square next to him can be stepped or leapt to: each button says which and its chance
    page.wait_for_function("G.paths !== null")
    page.locator("rect[data-sq='4,4']").click()
    leap_here = f"Leap here · {100 * float(leap_odds(game, leaper, (4, 4)).here.chance):.1f}%"
    assert page.locator("#choices button", has_text="Leap here").text_content() == leap_here
    step = path_to(game, leaper, (4, 4))  # a dodge away from the Human lineman
    assert step is not None
    move_here = f"Move here · {100 * step.prob:.1f}%"
    assert page.locator("#choices button", has_text="Move here").text_content() == move_here
    _act(page, server, gid, token, ["END_ACTION", None, None])
    # Hypnotic Gaze at the adjacent catcher
    _act(page, server, gid, token, ["START_MOVE", gazer, None])
    page.locator("g.player[data-player='14']").hover()
    check("gaze", gaze_odds(game, gazer, 14))
    _act(page, server, gid, token, ["END_ACTION", None, None])
    # Throw Team-Mate: pick the goblin, hover a square between two Humans
    _act(page, server, gid, token, ["START_THROW_TEAM_MATE", troll_free_thrower, None])
    page.locator(f"g.player[data-player='{goblin}']").click()
    page.wait_for_function(f"G.selected === {goblin}")
    page.locator("rect[data-sq='15,7']").hover()
    expected = throw_team_mate_odds(game, troll_free_thrower, goblin, (15, 7))
    check("ttm-throw", expected.throw)
    check("ttm-landing", expected.landing)
    # the chance he lands, over the scatter, comes from the server once asked
    from nuffle.analysis.ttm_exact import landing_over_scatter
    lands = landing_over_scatter(server.live(gid).game, troll_free_thrower, goblin, (15, 7))
    page.wait_for_function("document.querySelector('[data-testid=ttm-lands]') && "
                           "document.querySelector('[data-testid=ttm-lands]').textContent !== '…'")
    assert shown("ttm-lands") == f"{100 * float(lands):.1f}%"
    whole = whole_throw(server.live(gid).game, troll_free_thrower, goblin, (15, 7))
    page.wait_for_function("document.querySelector('[data-testid=ttm-whole]').textContent !== '…'")
    assert shown("ttm-whole") == f"{100 * float(whole):.1f}%"
    shot(page, "13-throw-team-mate-odds")
    # next to the Black Orc he may step or throw: "Throw here" gives the whole throw there
    near = whole_throw(server.live(gid).game, troll_free_thrower, goblin, (9, 8))
    page.locator("rect[data-sq='9,8']").click()
    throw_here = page.locator("#choices button", has_text="Throw here")
    assert throw_here.text_content() == f"Throw here · {100 * float(near):.1f}%"
    assert page.locator("#choices button", has_text="Move here").count() == 1
    _act(page, server, gid, token, ["END_ACTION", None, None])
    # Chainsaw: the hover gives the hit, the kick-back, the victim down and the wielder down
    _act(page, server, gid, token, ["START_BLOCK", sawyer, None])
    page.locator("g.player[data-player='14']").hover()
    saw = chainsaw_odds(server.live(gid).game, sawyer, 14)
    for tid, key in (("saw-hit", "hit"), ("saw-kickback", "kickback"), ("saw-down", "victim_down"),
                     ("saw-wielder-down", "attacker_down")):
        assert shown(tid) == f"{100 * float(saw[key]):.1f}%", tid


FROM = "document.querySelector('[data-testid=blitz-from]')"


def test_14_the_blitz_preview_names_its_square_and_another_can_be_chosen(page: Any, server: Server) -> None:
    from nuffle.analysis.pathfinding import search
    from nuffle.core.procedures.block_strength import block_dice
    from nuffle.testing import Scenario

    gid, seats = _hotseat(page, server, home="human", away="orc")
    sc = Scenario("human", "orc", script=block(BlockFace.PUSHED, BlockFace.PUSHED), assisted_moves=True)
    blitzer = sc.pid(0, "Blitzer")
    sc.put(blitzer, (5, 7))
    for pid, sq in zip(range(12, 18), [(12, 7), (13, 5), (12, 9), (14, 7), (11, 3), (10, 11)], strict=True):
        sc.put(pid, sq)
    game = sc.start(0)
    _swap_in(server, gid, game)
    page.wait_for_function("G.state && G.state.decision.kind === 'SELECT_ACTION'")
    _act(page, server, gid, seats["home"], ["START_BLITZ", blitzer, None])
    target, defender = (12, 7), 12
    found = search(game, blitzer)
    default = found.blitz()[target].end
    squares = found.blitz_squares(target)

    def dice_from(sq: tuple[int, int]) -> int:
        there = game.state.copy()
        there.move_player(blitzer, there.board.sq(*sq))
        return block_dice(there, blitzer, defender)[0]

    page.locator(f"g.player[data-player='{defender}']").hover()
    shown = lambda: page.locator("[data-testid=blitz-from]").text_content()  # noqa: E731
    assert shown() == "{},{}".format(*default)
    assert page.locator("#blitz-from-square").count() == 1
    assert page.locator("[data-testid=block-dice]").text_content() == str(dice_from(default))
    shot(page, "14-blitz-preview")
    seen = [shown()]
    for _ in range(len(squares) - 1):  # S steps through every other square next to him
        page.keyboard.press("s")
        page.wait_for_function(f"{FROM}.textContent !== '{seen[-1]}'")
        seen.append(shown())
    assert sorted(seen) == sorted("{},{}".format(*sq) for sq in squares)
    picked = next(sq for sq, path in squares.items()
                  if dice_from(sq) != dice_from(default) and path.prob == 1)  # no roll on the way
    while shown() != "{},{}".format(*picked):
        was = shown()
        page.keyboard.press("s")
        page.wait_for_function(f"{FROM}.textContent !== '{was}'")
    assert page.locator("[data-testid=block-dice]").text_content() == str(dice_from(picked))
    page.locator(f"g.player[data-player='{defender}']").click()
    wait_for(server, gid, lambda s: s["decision"]["kind"] == "BLOCK_DICE", "the blitz from the picked square")
    assert game.state.board.xy(game.state.pos[blitzer]) == picked
    assert ("a", Action(ActionType.BLOCK, None, target)) in game.history


def test_15_the_scoreboard_per_team(page: Any, server: Server) -> None:
    from nuffle.core.dice import d6
    from nuffle.testing import Scenario

    gid, seats = _hotseat(page, server, home="human", away="orc")
    sc = Scenario("human", "orc", script=d6(1, 6)).set(rerolls=(2, 1), apothecaries=(1, 0), bribes=(0, 2),
                                                      turn=(3, 2))
    lineman = sc.pid(0, "Lineman")
    sc.put(lineman, (5, 7)).put(12, (6, 7))
    sc.state.teams[0].score = 1
    sc.state.teams[1].pass_used = True  # left from the away team's last turn
    game = sc.start(0)
    _swap_in(server, gid, game)
    page.wait_for_function("G.state && G.state.decision.kind === 'SELECT_ACTION'")

    def sb(side: str, what: str) -> str:
        return page.locator(f"[data-testid=sb-{side}-{what}]").text_content()

    def used(side: str, what: str) -> bool:
        return page.locator(f"[data-testid=sb-{side}-{what}]").get_attribute("data-used") == "1"

    assert page.locator("[data-testid=sb-home]").text_content().startswith(game.state.specs[0].name)
    assert (sb("home", "score"), sb("away", "score")) == ("1", "0")
    assert (sb("home", "turn"), sb("away", "turn")) == ("4", "2")  # the home turn has begun
    assert "your turn" in sb("home", "its-turn") and sb("away", "its-turn") == ""  # this page coaches home
    assert (sb("home", "rerolls"), sb("away", "rerolls")) == ("2", "1")
    assert (sb("home", "apothecaries"), sb("away", "apothecaries")) == ("1", "0")
    assert (sb("home", "bribes"), sb("away", "bribes")) == ("0", "2")
    assert not any(used("home", k) for k in ("blitz", "pass", "handoff", "foul", "reroll-used"))
    assert not used("away", "pass")  # what a team used counts in its own turn only
    # a blitz is declared, a dodge fails and the team re-roll saves it: the board follows the engine
    token = seats["home"]
    _act(page, server, gid, token, ["START_BLITZ", lineman, None])
    assert used("home", "blitz") and not used("home", "foul")
    _act(page, server, gid, token, ["MOVE", None, [4, 7]])
    assert game.decision().kind.name == "REROLL"
    _act(page, server, gid, token, ["USE_REROLL", None, None])
    assert used("home", "reroll-used") and sb("home", "rerolls") == "1"
    assert game.state.teams[0].reroll_used and game.state.teams[0].rerolls == 1
    shot(page, "15-scoreboard")


def test_17_keys_chips_skill_names_and_a_bot_s_decision_in_words(page: Any, server: Server) -> None:
    from nuffle.testing import Scenario

    gid, seats = _hotseat(page, server)
    sc = Scenario("orc", "human").set(rerolls=(0, 1))
    lineman = sc.pid(0, "Lineman")
    sc.put(lineman, (5, 7)).put(sc.pid(1, "Lineman"), (20, 7))
    game = sc.start(0, drive=True)
    _swap_in(server, gid, game)
    page.wait_for_function("G.state && G.state.decision.kind === 'SELECT_ACTION'")
    # the re-roll chip only for a team with a re-roll left; the coach's own panel says "your turn"
    assert page.locator("[data-testid=sb-home-reroll-used]").count() == 0
    assert page.locator("[data-testid=sb-away-reroll-used]").count() == 1
    assert "your turn" in page.locator("[data-testid=sb-home-its-turn]").text_content()
    assert not page.evaluate("ownSide({seats: {home: 'bot:random', away: 'human'}}, 'home')")
    # E ends the action first, then (pressed again) the turn
    token = seats["home"]
    _act(page, server, gid, token, ["START_MOVE", lineman, None])
    taken = len(game.history)
    page.keyboard.press("e")
    wait_for(server, gid, lambda st: st["decision"]["kind"] == "SELECT_ACTION", "the action to end")
    assert server.live(gid).game.history[taken] == ("a", Action(ActionType.END_ACTION))
    page.wait_for_function("G.state && G.state.decision.kind === 'SELECT_ACTION'")
    ended = api(server, "GET", f"/api/games/{gid}")["version"]
    page.keyboard.press("e")
    # the version, not the side to act: the away bot's whole turn may pass between two polls
    wait_for(server, gid, lambda st: st["version"] > ended, "the turn to end")
    assert server.live(gid).game.history[taken + 1] == ("a", Action(ActionType.END_TURN))
    # "Use skill" names the skill
    label = page.evaluate("choiceLabel('USE_SKILL', {odds: {}}, {skill: 'SURE_FEET'})")
    assert label == "Use Sure Feet"
    # a bot's decision is described, not addressed to it
    said = page.evaluate("""waitingText({decision: {side: 'away', kind: 'SELECT_ACTION', player: null},
        seats: {home: 'human', away: 'bot:scripted'}, players: []},
        {text: 'Gouged Eye, turn 2: click a player for his action, or end the turn.'})""")
    assert said.startswith("away (bot:scripted) is deciding: select action") and "click" not in said


def _drag(page: Any, source: Any, target: Any) -> None:
    a, b = source.bounding_box(), target.bounding_box()
    page.mouse.move(a["x"] + a["width"] / 2, a["y"] + a["height"] / 2)
    page.mouse.down()
    page.mouse.move(b["x"] + b["width"] / 2, b["y"] + b["height"] / 2, steps=6)
    page.mouse.up()


def test_16_drag_and_drop_set_up_with_its_counters(page: Any, server: Server) -> None:
    gid, seats = _hotseat(page, server, home="human", away="orc")
    live = server.live(gid)
    game = live.game
    for _ in range(10):  # the coin toss and the kick-off choice, by the API, up to the first set-up
        st = api(server, "GET", f"/api/games/{gid}")
        if st["decision"]["kind"] == "SETUP":
            break
        side = st["decision"]["side"]
        _act(page, server, gid, seats[side], legal_actions(st)[0])
    st = api(server, "GET", f"/api/games/{gid}")
    assert st["decision"]["kind"] == "SETUP"
    side = {"home": 0, "away": 1}[st["decision"]["side"]]
    page.wait_for_function(f"G.state && G.state.version >= {st['version']}")
    s, b = game.state, game.state.board
    assert page.locator("[data-testid=count-los] b").text_content().startswith("0 ")
    pid = next(p for p in s.team_players(side) if s.pos[p] < 0)
    los = sorted(b.xy(q) for q in b.los[side])[len(b.los[side]) // 2]
    _drag(page, page.locator(f".dugout .dp[data-player='{pid}']"),
          page.locator(f"rect[data-sq='{los[0]},{los[1]}']"))
    wait_for(server, gid, lambda x: x["version"] > st["version"], "the dropped player")
    page.wait_for_function(f"G.state.players[{pid}].square !== null")
    assert b.xy(s.pos[pid]) == los
    assert page.locator("[data-testid=count-los] b").text_content().startswith("1 ")
    assert page.locator("[data-testid=count-pitch] b").text_content().startswith("1 ")
    assert "players on the pitch" in page.locator("[data-testid=setup-problem]").text_content()
    shot(page, "16-drag-and-drop-set-up")
    # and back to the dugout
    v = api(server, "GET", f"/api/games/{gid}")["version"]
    _drag(page, page.locator(f"g.player[data-player='{pid}']"),
          page.locator(f"#dugout-{('home', 'away')[side]}"))
    wait_for(server, gid, lambda x: x["version"] > v, "the player taken off")
    page.wait_for_function(f"G.state.players[{pid}].square === null")
    assert s.pos[pid] < 0
    assert page.locator("[data-testid=count-los] b").text_content().startswith("0 ")


def test_18_a_turn_timer_set_in_the_lobby_shows_to_both_coaches(browser: Any, page: Any,
                                                                 server: Server) -> None:
    from nuffle.testing import Scenario

    page.goto(server.url)
    page.wait_for_selector("#lobby:not([hidden])")
    page.select_option("#mode", "hotseat")
    page.fill("#turn-seconds", "600")
    page.wait_for_function("document.querySelector('[name=home-team]').options.length > 0")  # lobby ready
    page.click("#start")
    page.wait_for_url("**/games/*")
    page.wait_for_function("G.state !== null")
    gid = page.evaluate("G.id")
    assert page.is_hidden("[data-testid=turn-clock]")  # the coin toss: no clock runs
    sc = Scenario("human", "orc")
    sc.put(1, (10, 7)).put(12, (11, 7))
    _swap_in(server, gid, sc.start(0, drive=True))
    live = server.live(gid)
    live.tick()
    live.notify()
    clock = "document.getElementById('turn-clock').textContent"
    page.wait_for_function(f"/timer: home (9:5\\d|10:00)$/.test({clock})")
    first = page.text_content("[data-testid=turn-clock]")
    page.wait_for_function(f"{clock} !== {json.dumps(first)}")
    ctx = browser.new_context()
    spectator = ctx.new_page()  # the other coach (or anyone watching) sees the same clock
    spectator.goto(f"{server.url}/games/{gid}")
    spectator.wait_for_function(f"/timer: home 9:5\\d$/.test({clock})")
    ctx.close()
    shot(page, "18-turn-timer")
