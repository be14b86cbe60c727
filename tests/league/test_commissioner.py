"""The commissioner's tools: a result entered by hand (a match not played here), a concession
(a forfeit) and a correction; each through the CLI, one line and exit code 2 when refused."""

import json

from nuffle.cli import main
from nuffle.core.teams import default_team_dict


def run(capsys, *args):
    capsys.readouterr()
    code = main(["league", *args])
    out = capsys.readouterr()
    return code, out.out, out.err


def refused(capsys, message, *args):
    code, _, err = run(capsys, *args)
    assert code == 2 and len(err.strip().splitlines()) == 1 and message in err, err


def test_results_by_hand_concessions_and_corrections(tmp_path, capsys):
    veterans = default_team_dict("skaven")
    for p in veterans["players"][:6]:
        p["spp"] = 60  # six players with 51+ SPP: a concession may cost some of them
    (tmp_path / "d.json").write_text(json.dumps(veterans))
    db = str(tmp_path / "l.db")
    entries = ["--entry", "A=human:random", "--entry", "B=orc:random", "--entry", "C=dwarf:random",
               "--entry", f"D={tmp_path / 'd.json'}:random"]
    assert run(capsys, "new", db, "--seed", "5", "--board", "1", *entries)[0] == 0
    fixtures = json.loads(run(capsys, "fixtures", db, "--json")[1])["fixtures"]
    first = [f for f in fixtures if f["round"] == 1]
    later = next(f for f in fixtures if f["round"] == 2)
    assert len(first) == 2 and not any(f["played"] for f in fixtures)
    refused(capsys, "round 1 comes first", "result", db, "--fixture", str(later["fixture"]), "--score", "1-0")
    refused(capsys, "--score must be HOME-AWAY", "result", db, "--fixture", str(first[0]["fixture"]),
            "--score", "2:1")
    refused(capsys, "no fixture 999", "result", db, "--fixture", "999")
    refused(capsys, "no result to correct", "result", db, "--fixture", str(first[0]["fixture"]), "--correct")
    by_hand, forfeit = first
    if forfeit["away"] != "D" and forfeit["home"] != "D":
        by_hand, forfeit = forfeit, by_hand
    code, out, _ = run(capsys, "result", db, "--fixture", str(by_hand["fixture"]), "--score", "2-1",
                       "--cas", "1-0")
    assert code == 0 and "entered: 2-1" in out
    refused(capsys, "has a result already", "result", db, "--fixture", str(by_hand["fixture"]),
            "--score", "0-0")
    loser = "home" if forfeit["home"] == "D" else "away"
    assert run(capsys, "result", db, "--fixture", str(forfeit["fixture"]), "--conceded", loser)[0] == 0
    table = {r["name"]: r for r in json.loads(run(capsys, "table", db, "--json")[1])["standings"]}
    assert (table[by_hand["home"]]["wins"], table[by_hand["away"]]["losses"]) == (1, 1)
    assert table[by_hand["home"]]["td_for"] == 2 and table[by_hand["home"]]["cas_for"] == 1
    winner = forfeit["away"] if loser == "home" else forfeit["home"]
    assert table["D"]["losses"] == 1 and table[winner]["wins"] == 1 and table[winner]["points"] == 3
    history = {m["fixture"]: m for m in json.loads(run(capsys, "history", db, "--json")[1])["matches"]}
    post = history[forfeit["fixture"]]["postmatch"]
    assert post[loser]["winnings"] == 0 and post["home" if loser == "away" else "away"]["winnings"] > 0
    left = post[loser]["left"]
    assert left, "with six veterans a concession costs some of them (seeded dice)"
    d = json.loads(run(capsys, "team", db, "D")[1])
    assert sorted(p["number"] for p in d["released"]) == sorted(left)
    ledger = json.loads(run(capsys, "ledger", db, "--json")[1])["ledger"]
    assert sorted(r["number"] for r in ledger if r["kind"] == "retirement") == sorted(left)
    for name in "ABCD":
        team = json.loads(run(capsys, "team", db, name)[1])
        assert sum(r["treasury"] for r in ledger if r["entry"] == name) == team["treasury"]
    # the rest is played as usual; results by hand have no match record to replay
    code, out, _ = run(capsys, "play", db, "--quiet")
    assert code == 0 and "4 matches played, 0 left" in out
    out = run(capsys, "history", db, "--json", "--records", str(tmp_path / "recs"))[1]
    matches = json.loads(out)["matches"]
    assert [m["record"] is None for m in matches].count(True) == 2
    for m in matches:
        if m["record"] is not None:
            capsys.readouterr()
            assert main(["replay", m["record"]]) == 0
    # a correction changes the table, keeps what it replaced, and leaves the teams as they are
    teams_before = {n: json.loads(run(capsys, "team", db, n)[1]) for n in "ABCD"}
    table = {r["name"]: r for r in json.loads(run(capsys, "table", db, "--json")[1])["standings"]}
    code, out, _ = run(capsys, "result", db, "--fixture", str(by_hand["fixture"]), "--score", "1-1",
                       "--correct")
    assert code == 0 and "corrected: 1-1" in out
    table2 = {r["name"]: r for r in json.loads(run(capsys, "table", db, "--json")[1])["standings"]}
    home = by_hand["home"]
    assert table2[home]["wins"] == table[home]["wins"] - 1
    assert table2[home]["draws"] == table[home]["draws"] + 1
    assert table2[home]["points"] == table[home]["points"] - 2
    history = {m["fixture"]: m for m in json.loads(run(capsys, "history", db, "--json")[1])["matches"]}
    assert history[by_hand["fixture"]]["score"] == [1, 1]
    assert history[by_hand["fixture"]]["postmatch"]["corrections"] == [{"score": [2, 1], "cas": [1, 0],
                                                                       "conceded": None}]
    assert {n: json.loads(run(capsys, "team", db, n)[1]) for n in "ABCD"} == teams_before
    # once the playoffs start, the regular season is settled
    assert run(capsys, "playoffs", db, "--top", "2")[0] == 0
    refused(capsys, "the regular season is settled", "result", db, "--fixture", str(by_hand["fixture"]),
            "--score", "3-0", "--correct")
