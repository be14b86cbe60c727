"""The league's ledger: every change to a team's players and gold is a row with its gold, the
rows add up to each treasury, and a player's shirt number is his for good (a fired player stays
in the team file's `released`, and nobody takes his number)."""

import json
import sqlite3

from nuffle.cli import main
from nuffle.core.teams import default_team_dict
from nuffle.league.postmatch import SideReport
from nuffle.league.store import LEDGER_KINDS
from nuffle.league.team import LeagueTeam


def worn_team(tmp_path):
    """A human team whose #2 (10 SPP, two niggling injuries) the default manager fires."""
    raw = default_team_dict("human")
    raw["players"] += [{"position": "Lineman", "number": 40 + i} for i in range(2)]
    worn = next(p for p in raw["players"] if p["number"] == 2)
    worn.update({"spp": 10, "injuries": [51, 52], "improvements": [{"gain": "normal", "skill": "Block"}]
                 if worn["position"] != "Blitzer" else [{"gain": "normal", "skill": "Dodge"}]})
    raw["treasury"] = 300_000
    path = tmp_path / "worn.json"
    path.write_text(json.dumps(raw))
    return path, worn["position"]


def ledger(db, capsys, *extra):
    capsys.readouterr()
    assert main(["league", "ledger", str(db), "--json", *extra]) == 0
    return json.loads(capsys.readouterr().out)["ledger"]


def team(db, name, capsys):
    capsys.readouterr()
    assert main(["league", "team", str(db), name]) == 0
    return json.loads(capsys.readouterr().out)


def test_the_ledger_adds_up_and_a_fired_player_keeps_his_number(tmp_path, capsys):
    path, _ = worn_team(tmp_path)
    db = tmp_path / "l.db"
    assert main(["league", "new", str(db), "--seed", "3", "--board", "1", "--double", "--budget", "1300000",
                 "--entry", f"A={path}:random", "--entry", "B=orc:random", "--entry", "C=dwarf:random:random",
                 "--entry", "D=skaven:random"]) == 0
    assert main(["league", "play", str(db), "--rounds", "1", "--quiet"]) == 0
    rows = ledger(db, capsys, "--team", "A")
    fired = [r for r in rows if r["kind"] == "firing"]
    assert [(r["number"], r["round"]) for r in fired] == [(2, 1)] and fired[0]["detail"]["spp"] >= 10
    a = team(db, "A", capsys)
    gone = [p for p in a["released"] if p["number"] == 2]
    assert len(gone) == 1 and gone[0]["spp"] >= 10 and gone[0]["injuries"][:2] == [51, 52]
    assert 2 not in {p["number"] for p in a["players"]}
    bought = [r for r in rows if r["kind"] == "purchase" and r["number"] is not None]
    assert bought and all(r["number"] != 2 for r in bought)
    assert main(["league", "play", str(db), "--quiet"]) == 0
    rows = ledger(db, capsys)
    assert {r["kind"] for r in rows} <= set(LEDGER_KINDS)
    assert {"created", "winnings", "level_up", "purchase", "firing"} <= {r["kind"] for r in rows}
    for name in "ABCD":
        t = team(db, name, capsys)
        mine = [r for r in rows if r["entry"] == name]
        assert sum(r["treasury"] for r in mine) == t["treasury"]
        assert len([r for r in mine if r["kind"] == "death"]) == len(t.get("graveyard", []))
        assert len([r for r in mine if r["kind"] == "firing"]) == len(t.get("released", []))
        numbers = [p["number"] for p in t["players"] + t.get("graveyard", []) + t.get("released", [])]
        assert len(numbers) == len(set(numbers))
        # every player who joined after the start wears a number nobody wore before him
        joined = [r["number"] for r in mine if r["kind"] in ("purchase", "hire", "raised") and r["number"]]
        assert len(joined) == len(set(joined))
        for r in mine:
            if r["kind"] == "level_up":
                assert r["gold"] in (20_000, 30_000, 40_000, 50_000) and r["treasury"] == 0
    capsys.readouterr()
    assert main(["league", "ledger", str(db)]) == 0
    assert "firing" in capsys.readouterr().out
    assert main(["league", "ledger", str(db), "--team", "Z"]) == 2
    assert "no entry 'Z'" in capsys.readouterr().err


def test_a_version_2_file_is_upgraded_with_an_empty_ledger(tmp_path, capsys):
    db = tmp_path / "l.db"
    assert main(["league", "new", str(db), "--seed", "3", "--board", "1", "--entry", "A=orc:random",
                 "--entry", "B=human:random"]) == 0
    with sqlite3.connect(db) as c:  # as version 2 wrote it
        c.execute("DROP TABLE ledger")
        c.execute("UPDATE meta SET value = '2' WHERE key = 'version'")
    assert main(["league", "play", str(db), "--quiet"]) == 0
    rows = ledger(db, capsys)
    assert rows and all(r["fixture"] is not None for r in rows)  # the entries joined before the ledger
    with sqlite3.connect(db) as c:
        assert c.execute("SELECT value FROM meta WHERE key = 'version'").fetchone() == ("3",)


def test_retirements_and_deaths_are_rows_with_the_players_value():
    from nuffle.league.ledger import postmatch_rows

    t = LeagueTeam.from_dict(default_team_dict("human"))
    after = LeagueTeam.from_dict(t.to_dict())
    star = after.player(3)
    star.spp = 60
    after.release(star)
    dead = after.player(4)
    dead.injuries.append(61)
    after.players.remove(dead)
    after.graveyard.append(dead)
    rep = SideReport(winnings=40_000, left=[3], injuries=[{"number": 4, "name": dead.name, "result": 61}])
    rows = {r.kind: r for r in postmatch_rows(1, t, after, rep)}
    assert rows["retirement"].number == 3 and rows["retirement"].gold == star.value
    assert rows["death"].number == 4 and rows["death"].gold == dead.value
    assert rows["winnings"].treasury == 40_000
