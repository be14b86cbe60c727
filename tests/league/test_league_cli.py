"""Running a league from the command line: a season interrupted (the process killed mid-round)
and resumed ends like an uninterrupted one; records replay; bad input gives one-line errors and
leaves nothing half-written."""

import json
import os
import sqlite3
import subprocess
import sys

import pytest

from nuffle.cli import main
from nuffle.core.teams import default_team_dict
from nuffle.league.runner import STOP_AFTER_ENV

ENTRIES = ["A=human:random:default", "B=orc:random:random", "C=dwarf:random", "D=skaven:random:random"]


def new_league(path, *extra):
    args = ["league", "new", str(path), "--seed", "7", "--board", "1", "--double", *extra]
    for e in ENTRIES:
        args += ["--entry", e]
    assert main(args) == 0


def table(path, capsys):
    capsys.readouterr()
    assert main(["league", "table", str(path), "--json"]) == 0
    return json.loads(capsys.readouterr().out)["standings"]


def teams(path, capsys):
    out = {}
    for name in "ABCD":
        capsys.readouterr()
        assert main(["league", "team", str(path), name]) == 0
        out[name] = json.loads(capsys.readouterr().out)
    return out


def test_interrupted_season_resumes_to_the_same_table(tmp_path, capsys):
    whole, cut = tmp_path / "whole.db", tmp_path / "cut.db"
    new_league(whole)
    new_league(cut)
    assert main(["league", "play", str(whole), "--quiet"]) == 0
    # kill the process after the first match of round 2 (two matches a round)
    env = {**os.environ, STOP_AFTER_ENV: "3"}
    proc = subprocess.run([sys.executable, "-c", "import sys; from nuffle.cli import main; sys.exit(main())",
                           "league", "play", str(cut), "--quiet"], env=env, capture_output=True, timeout=300)
    assert proc.returncode == -9
    with sqlite3.connect(cut) as c:
        assert c.execute("SELECT COUNT(*) FROM matches").fetchone() == (3,)
        assert c.execute("SELECT COUNT(*) FROM fixtures WHERE played = 1").fetchone() == (3,)
    assert main(["league", "play", str(cut), "--quiet", "--rounds", "1"]) == 0  # the rest of round 2
    with sqlite3.connect(cut) as c:
        assert c.execute("SELECT COUNT(*) FROM matches").fetchone() == (4,)
    assert main(["league", "play", str(cut), "--quiet"]) == 0
    standings = table(cut, capsys)
    assert standings == table(whole, capsys)
    assert [r["played"] for r in standings] == [6, 6, 6, 6]
    assert sum(r["points"] for r in standings) in range(2 * 12, 3 * 12 + 1)
    assert teams(cut, capsys) == teams(whole, capsys)
    capsys.readouterr()
    assert main(["league", "play", str(cut)]) == 0
    assert "0 matches played, 0 left" in capsys.readouterr().out


def test_records_replay_and_the_report_is_written(tmp_path, capsys):
    db = tmp_path / "l.db"
    new_league(db)
    assert main(["league", "play", str(db), "--rounds", "2", "--quiet"]) == 0
    capsys.readouterr()
    assert main(["league", "history", str(db), "--records", str(tmp_path / "recs"), "--json"]) == 0
    matches = json.loads(capsys.readouterr().out)["matches"]
    assert len(matches) == 4 and {m["round"] for m in matches} == {1, 2}
    for m in matches:
        assert main(["replay", m["record"]]) == 0
        assert "record verified" in capsys.readouterr().out
    assert main(["league", "report", str(db), "--out", str(tmp_path / "rep")]) == 0
    report = json.loads((tmp_path / "rep" / "report.json").read_text())
    assert report["league"]["played"] == 4 and len(report["standings"]) == 4
    assert all(len(series) == 3 for series in report["team_values"].values())  # start and 2 rounds
    assert (tmp_path / "rep" / "tv.png").stat().st_size > 1000
    assert "## Table" in (tmp_path / "rep" / "report.md").read_text()


def one_line_error(capsys):
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1 and err.startswith("error: ")
    return err


def test_corrupt_and_foreign_files_are_refused(tmp_path, capsys):
    corrupt = tmp_path / "corrupt.db"
    corrupt.write_bytes(b"SQLite format 3\x00" + os.urandom(2000))
    assert main(["league", "table", str(corrupt)]) == 2
    assert "not a readable league file" in one_line_error(capsys)
    foreign = tmp_path / "foreign.db"
    with sqlite3.connect(foreign) as c:
        c.execute("CREATE TABLE birds (name TEXT)")
    assert main(["league", "play", str(foreign)]) == 2
    assert "not a nuffle league file" in one_line_error(capsys)
    with sqlite3.connect(foreign) as c:
        assert c.execute("SELECT name FROM sqlite_master").fetchall() == [("birds",)]
    assert main(["league", "table", str(tmp_path / "missing.db")]) == 2
    assert "no such league file" in one_line_error(capsys)


@pytest.mark.parametrize(
    ("entry", "message"),
    [
        ("A=human", "must be NAME=TEAM:BOT[:MANAGER]"),
        ("A=elves:random", "elves"),
        ("A=human:nobot", "nobot"),
        ("A=human:random:clever", "unknown manager 'clever'"),
    ],
)
def test_bad_entries_write_nothing(tmp_path, capsys, entry, message):
    db = tmp_path / "l.db"
    assert main(["league", "new", str(db), "--entry", "Z=orc:random", "--entry", entry]) == 2
    assert message in one_line_error(capsys)
    assert not db.exists()


def test_entries_join_only_before_the_season(tmp_path, capsys):
    db = tmp_path / "l.db"
    new_league(db)
    assert main(["league", "add", str(db), "E=amazon:random"]) == 0
    assert main(["league", "add", str(db), "E=amazon:random"]) == 2
    assert "already an entry called 'E'" in one_line_error(capsys)
    assert main(["league", "play", str(db), "--rounds", "1", "--quiet"]) == 0
    assert main(["league", "add", str(db), "F=amazon:random"]) == 2
    assert "the season has started" in one_line_error(capsys)
    assert len(table(db, capsys)) == 5  # five entries: one has a bye each round


@pytest.mark.parametrize(
    ("star", "message"),
    [("Griff Oberwald", "Griff Oberwald is a star player, induced for one match, never on a league roster"),
     ("Griff Overwald", "unknown star player 'Griff Overwald'")],
)
def test_stars_never_join_a_league_roster(tmp_path, capsys, star, message):
    raw = default_team_dict("human")
    raw["players"].append({"star": star, "number": 30})
    raw["treasury"] = 2_000_000
    team_file = tmp_path / "team.json"
    team_file.write_text(json.dumps(raw))
    db = tmp_path / "l.db"
    args = ["league", "new", str(db), "--budget", "2000000", "--entry", f"A={team_file}:random",
            "--entry", "B=orc:random"]
    assert main(args) == 2
    assert message in one_line_error(capsys)
    assert not db.exists()
