"""The gate of every league match: kept in the league file with the match (the engine's
`Game.fans()` of its record), listed by `history`, summed up in the season report; a league
file from before the gate was kept is upgraded when opened and its earlier matches have none."""

import json
import sqlite3

from nuffle.cli import main
from nuffle.league.store import VERSION, Store
from nuffle.record import replay

ENTRIES = ["A=human:random", "B=orc:random", "C=dwarf:random"]


def new_league(path):
    args = ["league", "new", str(path), "--seed", "4", "--board", "1"]
    for e in ENTRIES:
        args += ["--entry", e]
    assert main(args) == 0


def test_every_match_keeps_its_gate_and_the_report_sums_them(tmp_path, capsys):
    db = tmp_path / "l.db"
    new_league(db)
    assert main(["league", "play", str(db), "--quiet"]) == 0
    store = Store.open(db)
    matches = store.matches()
    for m in matches:
        game = replay(store.record(m["fixture"]))
        fans = game.fans()
        assert m["gate"] == fans["gate"] == fans["home"] + fans["away"] > 0
        # each side's fans: 2D6 + its Fan Factor, in thousands
        ff = [game.state.specs[side].fan_factor for side in (0, 1)]
        assert all(2 + ff[i] <= n // 1000 <= 12 + ff[i] for i, n in enumerate((fans["home"], fans["away"])))
    store.close()
    capsys.readouterr()
    assert main(["league", "history", str(db), "--json"]) == 0
    assert [m["gate"] for m in json.loads(capsys.readouterr().out)["matches"]] == [m["gate"] for m in matches]
    assert main(["league", "history", str(db)]) == 0
    assert f"gate {matches[0]['gate']:,}" in capsys.readouterr().out
    assert main(["league", "report", str(db), "--out", str(tmp_path / "rep")]) == 0
    report = json.loads((tmp_path / "rep" / "report.json").read_text())
    gates = [m["gate"] for m in matches]
    assert report["gates"] == {"total": sum(gates), "matches": len(gates),
                               "mean": round(sum(gates) / len(gates)), "largest": max(gates)}
    assert [m["gate"] for m in report["matches"]] == gates
    md = (tmp_path / "rep" / "report.md").read_text()
    assert "## Matches and gates" in md and f"{gates[0]:,} |" in md


def test_a_version_1_league_file_is_upgraded_and_its_old_matches_have_no_gate(tmp_path, capsys):
    db = tmp_path / "old.db"
    new_league(db)
    assert main(["league", "play", str(db), "--rounds", "1", "--quiet"]) == 0
    with sqlite3.connect(db) as c:  # as version 1 wrote it: no gate column
        c.execute("ALTER TABLE matches DROP COLUMN gate")
        c.execute("DROP TABLE ledger")  # version 3 added it
        c.execute("UPDATE meta SET value = '1' WHERE key = 'version'")
    assert main(["league", "play", str(db), "--quiet"]) == 0
    with sqlite3.connect(db) as c:
        assert c.execute("SELECT value FROM meta WHERE key = 'version'").fetchone() == (str(VERSION),)
        gates = [g for (g,) in c.execute("SELECT gate FROM matches ORDER BY fixture")]
    assert gates[0] is None and all(g for g in gates[1:])
    assert main(["league", "report", str(db), "--out", str(tmp_path / "rep")]) == 0
    report = json.loads((tmp_path / "rep" / "report.json").read_text())
    assert report["gates"]["matches"] == len(gates) - 1
    assert "| - |" in (tmp_path / "rep" / "report.md").read_text()
    with sqlite3.connect(db) as c:
        c.execute("UPDATE meta SET value = '9' WHERE key = 'version'")
    assert main(["league", "table", str(db)]) == 2
    assert "unsupported league version '9'" in capsys.readouterr().err
