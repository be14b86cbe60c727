# mypy: disable-error-code="import-not-found,no-any-return,type-arg"
"""A person coaching a league team in the web app (`nuffle.web.league_seats`): the next match and
why one waits, the seat, a match played to its end written once through the league's own
post-match path, a coach who leaves (and a server restart) resuming the same game, a busy league
taking the result later, and a commissioner's result superseding the game."""

from __future__ import annotations

import json
import random
import shutil
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from web_helpers import random_action

from nuffle.cli import main as cli_main
from nuffle.league.runner import finish_match
from nuffle.league.store import Store
from nuffle.web.app import create_app

ENTRIES = ["ME=human:human", "A=orc:random", "B=dwarf:random", "C=skaven:random"]


@pytest.fixture
def league_dir(tmp_path: Path) -> Path:
    """A folder with one league on board 1: ME coached by a person, three bots; its bot
    fixtures played (ME v C, round 1, is ME's next match)."""
    folder = tmp_path / "leagues"
    folder.mkdir()
    args = ["league", "new", str(folder / "spring.db"), "--seed", "1", "--board", "1"]
    for e in ENTRIES:
        args += ["--entry", e]
    assert cli_main(args) == 0
    assert cli_main(["league", "play", str(folder / "spring.db"), "--quiet"]) == 0
    return folder


def _app(db: Path, folder: Path) -> Any:
    app = create_app(db, folder)
    app.state.league_seats.delay = 0.0  # the server's bot answers at once
    return app


@pytest.fixture
def client(league_dir: Path, db: Path) -> Iterator[TestClient]:
    with TestClient(_app(db, league_dir)) as c:
        yield c


def _coach(client: TestClient, team: str = "ME") -> dict[str, Any]:
    r = client.get("/api/leagues/spring/coaches")
    assert r.status_code == 200, r.text
    return next(c for c in r.json()["coaches"] if c["team"] == team)


def _play(client: TestClient, gid: str, side: str, token: str, steps: int | None = None,
          seed: int = 0) -> dict[str, Any]:
    """Act for the coach (random legal actions, mostly ending turns) until the game is over or
    `steps` actions were made; the server's bot plays the other side."""
    rng = random.Random(seed)
    made = 0
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        state = client.get(f"/api/games/{gid}").json()
        if state["result"]["over"] or (steps is not None and made >= steps):
            return state
        if state["decision"]["side"] != side:
            time.sleep(0.01)
            continue
        r = client.post(f"/api/games/{gid}/actions",
                        json={"token": token, "action": random_action(state, rng)})
        assert r.status_code == 200, r.text
        made += 1
    raise AssertionError("the game did not end")


def _matches(path: Path) -> tuple[list[dict[str, Any]], list[dict[str, Any]], dict[str, Any]]:
    store = Store.open(path, read_only=True)
    try:
        return store.matches(), store.ledger(), {e.name: e.team.to_dict() for e in store.entries()}
    finally:
        store.close()


def _settled(client: TestClient, path: Path, fixture: int) -> list[dict[str, Any]]:
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        client.get("/api/leagues/spring/coaches")  # writes what waits
        matches = [m for m in _matches(path)[0] if m["fixture"] == fixture]
        if matches:
            return matches
        time.sleep(0.05)
    raise AssertionError(f"fixture {fixture} was never written to the league")


def test_the_next_match_its_seat_and_why_a_match_waits(client: TestClient, league_dir: Path) -> None:
    coach = _coach(client)
    assert coach | {"game": None} == {"team": "ME", "fixture": 1, "round": 1, "home": "ME", "away": "C",
                                      "side": "home", "status": "ready", "game": None, "waiting_for": None}
    assert [c["team"] for c in client.get("/api/leagues/spring/coaches").json()["coaches"]] == ["ME"]
    seat = client.post("/api/leagues/spring/coaches/ME/seat").json()
    assert seat["fixture"] == 1 and seat["side"] == "home"
    assert seat["link"] == f"/games/{seat['game']}#token={seat['token']}"
    state = client.get(f"/api/games/{seat['game']}").json()
    assert [t["race"] for t in state["teams"].values()] == ["human", "skaven"]  # ME v C
    assert _coach(client)["status"] == "playing" and _coach(client)["game"] == seat["game"]
    # a bot-coached team has no seat; an unknown team is a 404
    r = client.post("/api/leagues/spring/coaches/A/seat")
    assert r.status_code == 409 and "coached by the bot 'random'" in r.json()["error"]
    assert client.post("/api/leagues/spring/coaches/Nobody/seat").status_code == 404
    # league matches are neither aborted by a seat nor expired
    r = client.post(f"/api/games/{seat['game']}/abort", json={"token": seat["token"]})
    assert r.status_code == 403 and "cannot be aborted" in r.json()["error"]
    manager = client.app.state.manager  # type: ignore[attr-defined]
    manager.expire_after = 0.0
    assert seat["game"] not in manager.expire()


def test_a_coach_waits_for_the_bots_match_before_his(client: TestClient, league_dir: Path,
                                                     tmp_path: Path) -> None:
    path = str(league_dir / "spring.db")
    # ME's first two matches entered by hand: ME v A (round 3) waits for C v A (round 2), which
    # waited for ME v C and league play has not played yet
    for fixture in ("1", "3"):
        assert cli_main(["league", "result", path, "--fixture", fixture, "--score", "1-0"]) == 0
    coach = _coach(client)
    assert (coach["fixture"], coach["status"]) == (5, "waiting")
    assert coach["waiting_for"] == "C v A (round 2, fixture 4)"
    r = client.post("/api/leagues/spring/coaches/ME/seat")
    assert r.status_code == 409 and "waits for C v A (round 2, fixture 4)" in r.json()["error"]
    assert cli_main(["league", "play", path, "--quiet"]) == 0  # plays C v A, then C v B
    assert (_coach(client)["fixture"], _coach(client)["status"]) == (5, "ready")
    assert client.post("/api/leagues/spring/coaches/ME/seat").json()["fixture"] == 5
    # a league whose schedule is not written yet
    other = tmp_path / "other"
    other.mkdir()
    assert cli_main(["league", "new", str(other / "spring.db"), "--board", "1", "--entry", "ME=human:human",
                     "--entry", "A=orc:random"]) == 0
    with TestClient(_app(tmp_path / "games2.sqlite3", other)) as fresh:
        assert _coach(fresh)["status"] == "unscheduled"
        assert fresh.post("/api/leagues/spring/coaches/ME/seat").status_code == 409


def test_a_match_played_to_the_end_is_written_once_through_the_league_s_post_match_path(
        client: TestClient, league_dir: Path, tmp_path: Path) -> None:
    path = league_dir / "spring.db"
    seat = client.post("/api/leagues/spring/coaches/ME/seat").json()
    before = tmp_path / "before.db"
    shutil.copy(path, before)  # the league as the match starts
    played_before, ledger_before, _ = _matches(path)
    final = _play(client, seat["game"], "home", seat["token"])
    assert final["result"]["over"]
    [match] = _settled(client, path, 1)
    record = client.get(f"/api/records/{seat['game']}").json()
    assert match["score"] == record["final"]["score"]
    matches, ledger, teams = _matches(path)
    assert len(matches) == len(played_before) + 1
    store = Store.open(path, read_only=True)
    assert store.record(1) == record
    store.close()
    # the same record through finish_match on the league as it was gives the same league
    link = client.app.state.manager.store.league_link(seat["game"])  # type: ignore[attr-defined]
    assert link.settled == "recorded"
    other = Store.open(before)
    fixture = next(f for f in other.fixtures() if f.id == 1)
    finish_match(other, fixture, {e.id: e for e in other.entries()}, record, link.prematch)
    assert {e.name: e.team.to_dict() for e in other.entries()} == teams
    assert other.ledger() == ledger and len(ledger) > len(ledger_before)
    other.close()
    # submitted again (a retry, a second server): nothing changes
    seats = client.app.state.league_seats  # type: ignore[attr-defined]
    assert seats.record(link, record) == "recorded"
    assert _matches(path) == (matches, ledger, teams)
    assert _coach(client)["fixture"] == 3  # ME's next match: B v ME, round 2


def test_a_coach_who_leaves_resumes_the_same_game_after_a_restart(league_dir: Path, db: Path) -> None:
    path = league_dir / "spring.db"
    with TestClient(_app(db, league_dir)) as client:
        seat = client.post("/api/leagues/spring/coaches/ME/seat").json()
        left = _play(client, seat["game"], "home", seat["token"], steps=6)
        assert not left["result"]["over"]
    with TestClient(_app(db, league_dir)) as client:  # the server restarted
        assert _coach(client)["status"] == "playing" and _coach(client)["game"] == seat["game"]
        again = client.post("/api/leagues/spring/coaches/ME/seat").json()
        assert again["game"] == seat["game"] and again["token"] != seat["token"]
        state = client.get(f"/api/games/{seat['game']}").json()
        assert state["log_from"] + len(state["log"]) >= left["log_from"] + len(left["log"])  # nothing lost
        r = client.post(f"/api/games/{seat['game']}/actions",
                        json={"token": seat["token"], "action": {"type": "END_TURN"}})
        assert r.status_code == 403  # the old link no longer holds the seat
        _play(client, seat["game"], "home", again["token"], seed=1)
        assert len(_settled(client, path, 1)) == 1
    assert len([m for m in _matches(path)[0] if m["fixture"] == 1]) == 1


def test_a_busy_league_takes_the_result_when_it_is_free(client: TestClient, league_dir: Path) -> None:
    path = league_dir / "spring.db"
    seat = client.post("/api/leagues/spring/coaches/ME/seat").json()
    held = Store.open(path, exclusive=True)  # as nuffle league play holds it
    try:
        _play(client, seat["game"], "home", seat["token"])
        coach = _coach(client)
        assert coach["status"] == "finished" and coach["game"] == seat["game"]
        assert not [m for m in _matches(path)[0] if m["fixture"] == 1]
    finally:
        held.close()
    assert len(_settled(client, path, 1)) == 1


def test_a_commissioner_s_result_supersedes_the_game(client: TestClient, league_dir: Path,
                                                     capsys: pytest.CaptureFixture[str]) -> None:
    path = league_dir / "spring.db"
    seat = client.post("/api/leagues/spring/coaches/ME/seat").json()
    assert cli_main(["league", "result", str(path), "--fixture", "1", "--score", "0-1",
                     "--conceded", "home"]) == 0
    _play(client, seat["game"], "home", seat["token"])
    seats = client.app.state.league_seats  # type: ignore[attr-defined]
    deadline = time.monotonic() + 30
    while client.app.state.manager.store.league_link(seat["game"]).settled is None:  # type: ignore[attr-defined]
        assert time.monotonic() < deadline
        client.get("/api/leagues/spring/coaches")
        time.sleep(0.05)
    assert client.app.state.manager.store.league_link(seat["game"]).settled == "superseded"  # type: ignore[attr-defined]
    [match] = [m for m in _matches(path)[0] if m["fixture"] == 1]
    assert match["conceded"] == 0 and match["score"] == [0, 1]
    assert seats.record(client.app.state.manager.store.league_link(seat["game"]),  # type: ignore[attr-defined]
                        client.get(f"/api/records/{seat['game']}").json()) == "superseded"
    capsys.readouterr()
    assert cli_main(["league", "history", str(path), "--json"]) == 0
    assert len([m for m in json.loads(capsys.readouterr().out)["matches"] if m["fixture"] == 1]) == 1


def test_two_coaches_share_one_game_each_in_his_own_seat(tmp_path: Path, db: Path) -> None:
    folder = tmp_path / "pair"
    folder.mkdir()
    assert cli_main(["league", "new", str(folder / "spring.db"), "--seed", "2", "--board", "1",
                     "--entry", "ME=human:human", "--entry", "YOU=orc:human"]) == 0
    assert cli_main(["league", "fixtures", str(folder / "spring.db")]) == 0
    with TestClient(_app(db, folder)) as client:
        coaches = client.get("/api/leagues/spring/coaches").json()["coaches"]
        assert [(c["team"], c["side"], c["status"]) for c in coaches] == [("ME", "home", "ready"),
                                                                          ("YOU", "away", "ready")]
        me = client.post("/api/leagues/spring/coaches/ME/seat").json()
        you = client.post("/api/leagues/spring/coaches/YOU/seat").json()
        assert me["game"] == you["game"] and (me["side"], you["side"]) == ("home", "away")
        state = client.get(f"/api/games/{me['game']}").json()
        side = state["decision"]["side"]
        mine, theirs = (me, you) if side == "home" else (you, me)
        act = {"type": "END_TURN"}
        assert client.post(f"/api/games/{me['game']}/actions",
                           json={"token": theirs["token"], "action": act}).status_code == 403
        assert client.get("/api/games").json()["running"][0]["mode"] == "online"
        r = client.post(f"/api/games/{me['game']}/actions",
                        json={"token": mine["token"], "action": random_action(state, random.Random(0))})
        assert r.status_code == 200, r.text
