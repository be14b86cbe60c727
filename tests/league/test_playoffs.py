"""Playoffs after a season: a knockout of the table's top N, seeded in bracket order, played by
`league play` round by round until a champion; the table keeps to the regular season."""

import json

import pytest

from nuffle.cli import main
from nuffle.league.playoffs import bracket_order, winner

ENTRIES = ["A=human:random", "B=orc:random", "C=dwarf:random", "D=skaven:random", "E=amazon:random"]


def run(capsys, *args):
    capsys.readouterr()
    code = main(["league", *args])
    out = capsys.readouterr()
    return code, out.out, out.err


def test_a_knockout_of_the_top_four_after_the_season(tmp_path, capsys):
    db = str(tmp_path / "l.db")
    args = ["new", db, "--seed", "2", "--board", "1"]
    for e in ENTRIES:
        args += ["--entry", e]
    assert run(capsys, *args)[0] == 0
    code, _, err = run(capsys, "playoffs", db, "--top", "4")
    assert code == 2 and "the season has not started" in err
    assert run(capsys, "play", db, "--quiet", "--rounds", "1")[0] == 0
    code, _, err = run(capsys, "playoffs", db, "--top", "4")
    assert code == 2 and "the season is not over" in err and len(err.strip().splitlines()) == 1
    assert run(capsys, "play", db, "--quiet")[0] == 0
    table = json.loads(run(capsys, "table", db, "--json")[1])["standings"]
    for bad, message in (("3", "--top must be 2, 4, 8 or 16"), ("8", "has only 5 entries")):
        code, _, err = run(capsys, "playoffs", db, "--top", bad)
        assert code == 2 and message in err
    code, out, _ = run(capsys, "playoffs", db, "--top", "4", "--json")
    assert code == 0
    po = json.loads(out)["playoffs"]
    top = [r["name"] for r in table[:4]]
    assert po["seeds"] == top
    assert [(m["home"], m["away"]) for m in po["rounds"][0]] == [(top[0], top[3]), (top[1], top[2])]
    assert po["champion"] is None
    assert run(capsys, "playoffs", db, "--top", "4")[0] == 2  # once
    code, out, _ = run(capsys, "play", db, "--quiet")
    assert code == 0 and "3 matches played, 0 left" in out  # two semi-finals, then the final
    po = json.loads(run(capsys, "playoffs", db, "--json")[1])["playoffs"]
    semis, final = po["rounds"]
    assert {final[0]["home"], final[0]["away"]} == {m["winner"] for m in semis}
    assert final[0]["home"] == min((final[0]["home"], final[0]["away"]), key=top.index)  # the better seed
    assert po["champion"] == final[0]["winner"]
    after = json.loads(run(capsys, "table", db, "--json")[1])["standings"]

    def no_tv(rows):  # the teams' values move on with the playoffs' matches
        return [{k: v for k, v in r.items() if k != "tv"} for r in rows]

    assert no_tv(after) == no_tv(table)  # the regular season only
    history = json.loads(run(capsys, "history", db, "--json")[1])["matches"]
    assert len(history) == 10 + 3
    assert "champion: " + po["champion"] in run(capsys, "playoffs", db)[1]
    assert "0 matches played" in run(capsys, "play", db, "--quiet")[1]


@pytest.mark.parametrize(
    ("match", "expected"),
    [({"score": [1, 0], "cas": [0, 3]}, 1),
     ({"score": [0, 2], "cas": [0, 0]}, 2),
     ({"score": [1, 1], "cas": [0, 2]}, 2),  # a draw: more casualties inflicted
     ({"score": [1, 1], "cas": [1, 1]}, 2),  # then the better seed (2 is seeded above 1 here)
     ({"score": [3, 0], "cas": [0, 0], "conceded": 0}, 2)],
)
def test_who_goes_through(match, expected):
    assert winner({"home": 1, "away": 2, "conceded": None, **match}, seeds=[2, 1]) == expected


def test_bracket_order_keeps_the_top_seeds_apart():
    assert bracket_order(2) == [1, 2]
    assert bracket_order(4) == [1, 4, 2, 3]
    assert bracket_order(8) == [1, 8, 4, 5, 2, 7, 3, 6]
    assert sorted(bracket_order(16)) == list(range(1, 17))
