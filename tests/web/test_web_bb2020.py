# mypy: disable-error-code="import-not-found,no-any-return"
"""A BB2020 game in the web app: its teams stored in their BB2020 form, rebuilt from BB2020's
rosters after a restart, its record and replay served; a server of BB2020 by default; a draft
(a registered draft copy of BB2020) played only by a server that plays drafts (tests only)."""

from __future__ import annotations

import importlib.util
from collections.abc import Callable
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from web_helpers import play_out, random_action

from nuffle.core.actions import Action, ActionType
from nuffle.core.decision import DecisionKind
from nuffle.core.dice import d3
from nuffle.core.game import Game
from nuffle.core.ruleset import BB2020, Ruleset
from nuffle.random_player import RandomPlayer
from nuffle.record import replay
from nuffle.report.model import EventKind, ReportEvent
from nuffle.report.text import Names, render
from nuffle.testing import at_kickoff, bb2020_scenario
from nuffle.web.app import create_app
from nuffle.web.session import LiveGame, Seat

Register = Callable[[Ruleset], Ruleset]
NO_NATIVE = pytest.mark.skipif(importlib.util.find_spec("nuffle._native") is None, reason="no native")
ENGINES = ["python", pytest.param("native", marks=NO_NATIVE)]


def test_a_bb2020_game_is_stored_resumed_and_replayed(tmp_path: Path) -> None:
    import random

    db = tmp_path / "g.sqlite3"
    body = {"mode": "hotseat", "home": "human", "away": "orc", "board": 1, "seed": 6, "ruleset": "bb2020"}
    with TestClient(create_app(db)) as client:
        r = client.post("/api/games", json=body)
        assert r.status_code == 200, r.text
        gid, tokens = r.json()["id"], r.json()["seats"]
        state = client.get(f"/api/games/{gid}").json()
        rng = random.Random(1)
        for _ in range(6):  # a few actions, then a restart
            side = state["decision"]["side"]
            state = client.post(f"/api/games/{gid}/actions",
                                json={"token": tokens[side], "action": random_action(state, rng)}).json()
    with TestClient(create_app(db)) as client:  # the server restarts: the game is rebuilt
        again = client.get(f"/api/games/{gid}").json()
        assert again["config"]["ruleset"] == "bb2020"
        assert again["legal"] == state["legal"] and again["decision"] == state["decision"]
        play_out(client, gid, tokens, seed=2)
        record = client.get(f"/api/records/{gid}").json()
        assert record["teams"]["home"]["ruleset"] == "bb2020"
        assert {p["position"] for p in record["teams"]["home"]["players"]} >= {"Halfling Hopeful"}
        game = replay(record)
        assert any(i.pa for i in game.state.info)  # BB2020's PA: BB2020's rosters
        frames = client.get(f"/api/replays/{gid}")
        assert frames.status_code == 200, frames.text
        assert len(frames.json()["frames"]) == 1 + sum(kind == "a" for kind, _ in record["entries"])


def test_the_report_names_every_bb2020_kick_off_result() -> None:
    from nuffle.report.text import KICKOFF_NAMES

    assert set(BB2020.kickoff[2:13]) <= set(KICKOFF_NAMES)


def test_a_server_of_bb2020_plays_it_by_default(tmp_path: Path) -> None:
    """`nuffle serve --ruleset bb2020`'s app: a new game without a ruleset is BB2020's; a server of
    LRB6 by default resumes it after a restart by the ruleset it stored."""
    db = tmp_path / "g.sqlite3"
    body = {"mode": "hotseat", "home": "human", "away": "orc", "board": 1, "seed": 3}
    with TestClient(create_app(db, ruleset="bb2020")) as client:
        assert client.get("/api/games").json()["ruleset"] == "bb2020"
        r = client.post("/api/games", json=body)
        assert r.status_code == 200, r.text
        gid, tokens = r.json()["id"], r.json()["seats"]
    with TestClient(create_app(db)) as client:
        assert client.get(f"/api/games/{gid}").json()["config"]["ruleset"] == "bb2020"
        play_out(client, gid, tokens, seed=4)
        record = client.get(f"/api/records/{gid}").json()
        assert record["teams"]["away"]["ruleset"] == "bb2020"
        assert replay(record).state.rules is BB2020
        assert client.get(f"/api/replays/{gid}").status_code == 200


def test_a_draft_is_played_only_by_a_server_of_drafts(tmp_path: Path, register_ruleset: Register) -> None:
    """A draft behind `drafts=True` (tests only: `nuffle serve` refuses it): started, then not
    resumed by a server of the playable rulesets, then resumed by one of drafts."""
    register_ruleset(BB2020.derive("bb2020-draft", draft=True, pending=("skills",)))
    db = tmp_path / "g.sqlite3"
    body = {"mode": "hotseat", "home": "human", "away": "orc", "board": 1, "seed": 3}
    with TestClient(create_app(db, ruleset="bb2020-draft", drafts=True)) as client:
        r = client.post("/api/games", json=body)
        assert r.status_code == 200, r.text
        gid = r.json()["id"]
    with TestClient(create_app(db)) as client:  # a server of the playable rulesets: not resumed
        assert client.get(f"/api/games/{gid}").status_code != 200
        assert client.post("/api/games", json={**body, "ruleset": "bb2020-draft"}).status_code == 400
    with TestClient(create_app(db, ruleset="bb2020-draft", drafts=True)) as client:
        assert client.get(f"/api/games/{gid}").json()["config"]["ruleset"] == "bb2020-draft"


def _live(game: Game, home: str, away: str) -> LiveGame:
    return LiveGame("g", "hotseat", game, {"home": Seat(home), "away": Seat(away)})


@pytest.mark.parametrize("engine", ENGINES)
def test_the_set_up_panel_takes_swarming_beyond_eleven_as_legal(engine: str) -> None:
    """The page's set-up counts say what the engine says: at a first set-up an empty pitch is a
    problem; while Swarming places a twelfth player the set-up may end, with no problem shown."""
    game = Game.new("human", "orc", board=11, seed=3, ruleset="bb2020", engine=engine)
    bot = RandomPlayer(seed=1)
    while game.decision().kind != DecisionKind.SETUP:
        game.step(bot.act(game.view()))
    first = _live(game, "human", "orc").state()["setup"]
    assert first["on_pitch"] == 0 and not first["may_end"]
    assert "players on the pitch" in first["problem"]
    sc = bb2020_scenario("snotling", "underworld-denizens", d3(2), engine=engine)
    game = at_kickoff(sc, kicking=0)
    assert game.decision().kind == DecisionKind.SETUP  # Swarming's placements
    game.step(Action(ActionType.PLACE_PLAYER, 11, (5, 6)))
    swarm = _live(game, "snotling", "underworld-denizens").state()
    assert (swarm["setup"]["on_pitch"], swarm["setup"]["pitch_max"]) == (12, 11)
    assert swarm["setup"]["may_end"] and swarm["setup"]["problem"] is None
    assert swarm["wizard"] == "zap"


def test_the_match_report_names_zap_under_bb2020() -> None:
    """BB2020's Wizard casts Zap!, not LRB6's Lightning Bolt: the match report says so; an LRB6
    match still says Lightning Bolt."""
    spell = ReportEvent(EventKind.SPELL, side=0, value=int(ActionType.USE_LIGHTNING_BOLT))
    bb = Game.new("human", "orc", board=1, seed=1, ruleset="bb2020")
    lrb6 = Game.new("human", "orc", board=1, seed=1)
    assert render(spell, Names(bb.state)).endswith("calls on the Wizard: Zap!.")
    assert render(spell, Names(lrb6.state)).endswith("calls on the Wizard: a Lightning Bolt.")
