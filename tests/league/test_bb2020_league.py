"""A BB2020 league with the LRB6 league's commands (`nuffle.league.rules`): `league new
--ruleset bb2020` with race keys (the suggested teams) and `add` with a BB2020 team file; `play`
runs each fixture's pre-game, match and both post-games (`bb2020_match.play_league_match`) and
writes back both teams: their SPP, advancements and treasury reload from the file; `table`,
`team`, `history` and `ledger` read it; a team or manager of the wrong kind is one line."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path
from typing import Any

import pytest

from nuffle.cli import main
from nuffle.core.teams import default_team_dict
from nuffle.league.bb2020_file import team_from_dict, team_to_dict
from nuffle.league.store import Store
from nuffle.teams_bb2020 import creation_cost, parse_team, suggest_team

HAS_NATIVE = importlib.util.find_spec("nuffle._native") is not None
ENGINES = ["python", pytest.param("native", marks=pytest.mark.skipif(not HAS_NATIVE, reason="no native"))]
RACES = ("orc", "human", "dwarf", "skaven")


def _league(path: Path, seed: int = 3) -> None:
    """A BB2020 league: three race keys at `new`, a fourth team added from a BB2020 team file."""
    entries = [a for i, race in enumerate(RACES[:3]) for a in ("--entry", f"t{i}={race}:random")]
    assert main(["league", "new", str(path), "--ruleset", "bb2020", *entries, "--seed", str(seed)]) == 0
    team = path.parent / "skaven.json"
    team.write_text(json.dumps(suggest_team("skaven", 1_000_000, name="Rats")))
    assert main(["league", "add", str(path), f"t3={team}:random"]) == 0


def _stored(path: Path) -> dict[str, dict[str, Any]]:
    store = Store.open(str(path))
    try:
        return {name: json.loads(team) for name, team in store.conn.execute("SELECT name, team FROM entries")}
    finally:
        store.close()


def _as_new(league_team: dict[str, Any]) -> dict[str, Any]:
    """A stored league team of rookies as the team builder's file of the same team."""
    plain = {k: v for k, v in league_team.items() if k not in ("treasury", "graveyard", "departed")}
    plain["players"] = [{k: p[k] for k in ("position", "number", "name")} for p in league_team["players"]]
    return plain


@pytest.mark.parametrize("engine", ENGINES)
def test_a_round_is_played_and_both_teams_written_back(tmp_path: Path, engine: str,
                                                       monkeypatch: pytest.MonkeyPatch,
                                                       capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setenv("NUFFLE_ENGINE", engine)
    path = tmp_path / "l.db"
    _league(path)
    before = _stored(path)
    assert all(t["ruleset"] == "bb2020" and not any(p["spp"] for p in t["players"]) for t in before.values())
    assert main(["league", "play", str(path), "--rounds", "1", "--quiet"]) == 0
    after = _stored(path)
    store = Store.open(str(path))
    try:
        assert store.ruleset == "bb2020" and len(store.matches()) == 2
        points, matches = store.setting("points"), store.matches()
        records = [store.record(m["fixture"]) for m in store.matches()]
        assert {r["config"]["ruleset"] for r in records} == {"bb2020"}
        for entry in store.entries():  # the stored form is BB2020's league-team JSON, read back equal
            assert team_to_dict(entry.team) == after[entry.name]
            assert entry.team == team_from_dict(after[entry.name], entry.name)
        for m in store.matches():  # each side earned its MVP's SPP (post-game), stored with the team
            for side, entry_id in (("home", m["home"]), ("away", m["away"])):
                name = next(e.name for e in store.entries() if e.id == entry_id)
                report = m["postmatch"][side]
                mvp = report["mvp"]
                assert mvp and report["spp"][str(mvp)] >= 4
                player = next(p for p in after[name]["players"] if p["number"] == mvp)
                assert player["spp"] + sum(a["spp"] for a in report["advancements"] if a["number"] == mvp) \
                    == report["spp"][str(mvp)]
        ledger = store.ledger()
        for entry in store.entries():  # the treasury's movements add up to what the file keeps
            moved = sum(r["treasury"] for r in ledger if r["entry"] == entry.id and r["kind"] != "created")
            created = next(r["treasury"] for r in ledger if r["entry"] == entry.id and r["kind"] == "created")
            assert created == before[entry.name]["treasury"]
            assert created == 1_000_000 - creation_cost(parse_team(_as_new(before[entry.name])))
            assert entry.team.treasury == created + moved
    finally:
        store.close()
    capsys.readouterr()
    assert main(["league", "table", str(path), "--json"]) == 0
    rows = json.loads(capsys.readouterr().out)["standings"]
    assert sorted(r["name"] for r in rows) == ["t0", "t1", "t2", "t3"] and all(r["played"] == 1 for r in rows)
    win, draw, loss = points
    assert all(r["points"] == r["wins"] * win + r["draws"] * draw + r["losses"] * loss for r in rows)
    assert sum(r["wins"] for r in rows) == sum(r["losses"] for r in rows)
    assert [sum(r[k] for r in rows) for k in ("td_for", "cas_for")] == \
        [sum(m["score"][0] + m["score"][1] for m in matches), sum(m["cas"][0] + m["cas"][1] for m in matches)]
    assert main(["league", "team", str(path), "t3"]) == 0
    shown = json.loads(capsys.readouterr().out)
    assert shown == after["t3"] and shown["name"] == "Rats"
    assert main(["league", "history", str(path)]) == 0
    assert capsys.readouterr().out.count("round  1:") == 2
    veteran = tmp_path / "veteran.json"  # a league team's file enters another league as it is
    veteran.write_text(json.dumps(after["t0"]))
    other = tmp_path / "other.db"
    assert main(["league", "new", str(other), "--ruleset", "bb2020", "--entry", f"v={veteran}:random",
                 "--entry", "w=orc:random", "--budget", "2000000"]) == 0
    assert _stored(other)["v"] == after["t0"]


@pytest.mark.parametrize("engine", ENGINES)
def test_a_season_buys_advancements_and_resumes_as_it_would_run(tmp_path: Path, engine: str,
                                                                monkeypatch: pytest.MonkeyPatch) -> None:
    """The default manager spends SPP (advancements stored with each player); a season played a
    round at a time ends as one played in one go."""
    monkeypatch.setenv("NUFFLE_ENGINE", engine)
    whole, parts = tmp_path / "whole.db", tmp_path / "parts.db"
    _league(whole)
    _league(parts)
    assert main(["league", "play", str(whole), "--quiet"]) == 0
    for _ in range(3):
        assert main(["league", "play", str(parts), "--rounds", "1", "--quiet"]) == 0
    teams = _stored(whole)
    assert teams == _stored(parts)
    bought = [a for t in teams.values() for p in t["players"] for a in p["advancements"]]
    assert bought and all(a["kind"] in ("random_primary", "chosen_primary", "random_secondary",
                                        "chosen_secondary", "characteristic") for a in bought)


def _one_line(capsys: pytest.CaptureFixture[str], *words: str) -> None:
    err = capsys.readouterr().err
    assert len(err.strip().splitlines()) == 1 and all(w in err for w in words), err


def test_a_team_of_the_wrong_ruleset_is_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    bb2020, lrb6 = tmp_path / "bb.db", tmp_path / "lrb6.db"
    _league(bb2020)
    assert main(["league", "new", str(lrb6), "--entry", "a=orc:random", "--entry", "b=human:random"]) == 0
    lrb6_team = tmp_path / "lrb6.json"
    lrb6_team.write_text(json.dumps(default_team_dict("orc")))
    capsys.readouterr()
    assert main(["league", "add", str(bb2020), f"x={lrb6_team}:random"]) == 2
    _one_line(capsys, "an LRB6 team", "this league plays BB2020")
    assert main(["league", "add", str(lrb6), f"x={tmp_path / 'skaven.json'}:random"]) == 2
    _one_line(capsys, "a BB2020 team: it plays a BB2020 match (--ruleset bb2020)")
    assert main(["league", "add", str(bb2020), "x=orc:random:my_manager.py"]) == 2
    _one_line(capsys, "default manager")
    assert main(["league", "add", str(bb2020), "x=orc:human"]) == 2
    _one_line(capsys, "LRB6 leagues only")
    assert main(["league", "report", str(bb2020), "--out", str(tmp_path / "r")]) == 2
    _one_line(capsys, "season report reads LRB6 leagues")
    assert len(_stored(bb2020)) == 4
