"""The commissioner chooses the points for a win, a draw and a loss and the tie-breaks at
`league new`; the table follows them (default: 3-1-0, touchdown difference, casualty
difference, touchdowns scored, name)."""

import json

import pytest

from nuffle.cli import main
from nuffle.league.report import _rank

ENTRIES = ["A=human:random", "B=orc:random", "C=dwarf:random", "D=skaven:random"]


def table(tmp_path, capsys, name, *extra):
    db = tmp_path / name
    args = ["league", "new", str(db), "--seed", "11", "--board", "1", "--double", *extra]
    for e in ENTRIES:
        args += ["--entry", e]
    assert main(args) == 0
    assert main(["league", "play", str(db), "--quiet"]) == 0
    capsys.readouterr()
    assert main(["league", "table", str(db), "--json"]) == 0
    return json.loads(capsys.readouterr().out)["standings"]


def test_the_table_follows_the_leagues_points_and_tiebreaks(tmp_path, capsys):
    default = table(tmp_path, capsys, "a.db")
    assert all(r["points"] == 3 * r["wins"] + r["draws"] for r in default)
    key = [(-r["points"], -(r["td_for"] - r["td_against"]), -(r["cas_for"] - r["cas_against"]), -r["td_for"],
            r["name"]) for r in default]
    assert key == sorted(key)
    mine = table(tmp_path, capsys, "b.db", "--points", "2,1,0", "--tiebreaks", "wins,cas_for")
    by_name = {r["name"]: r for r in default}
    for r in mine:  # the same matches (same seeds), other points
        same = by_name[r["name"]]
        assert (r["wins"], r["draws"], r["losses"]) == (same["wins"], same["draws"], same["losses"])
        assert r["points"] == 2 * r["wins"] + r["draws"]
    key2 = [(-r["points"], -r["wins"], -r["cas_for"], r["name"]) for r in mine]
    assert key2 == sorted(key2)


def test_head_to_head_breaks_a_tie_among_the_tied_teams_only():
    def row(name, td_for):
        return {"name": name, "points": 3, "td_for": td_for, "td_against": 0, "cas_for": 0, "cas_against": 0,
                "wins": 1}

    rows = [row("A", 5), row("B", 1), row("C", 9)]
    ids = {"A": 1, "B": 2, "C": 3}
    matches = [{"home": 2, "away": 1, "score": [1, 0], "cas": [0, 0], "conceded": None},  # B beat A
               {"home": 3, "away": 4, "score": [9, 0], "cas": [0, 0], "conceded": None}]  # C v someone else
    points = (3, 1, 0)
    order = [r["name"] for r in _rank(rows, ["points", "td_diff"], matches, points, ids)]
    assert order == ["C", "A", "B"]
    order = [r["name"] for r in _rank(rows, ["points", "head_to_head", "td_diff"], matches, points, ids)]
    assert order == ["B", "C", "A"]  # B 3, A and C 0 among the three; then A and C by TD difference


@pytest.mark.parametrize(
    ("option", "message"),
    [(["--points", "3,1"], "--points must be WIN,DRAW,LOSS"),
     (["--points", "1,3,0"], "win >= draw >= loss"),
     (["--points", "3,x,0"], "whole numbers"),
     (["--tiebreaks", "td_diff,luck"], "unknown tie-break 'luck'"),
     (["--tiebreaks", "wins,wins"], "named twice")],
)
def test_a_bad_scheme_is_refused(tmp_path, capsys, option, message):
    db = tmp_path / "l.db"
    entries = ["--entry", "A=orc:random", "--entry", "B=human:random"]
    assert main(["league", "new", str(db), *option, *entries]) == 2
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1 and message in err
    assert not db.exists()
