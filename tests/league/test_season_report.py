"""The season report of `nuffle league report`, checked against a season actually played (board 3,
scripted bots, a double round robin): every team's treasury and its movement, Fan Factor at the
start and the end, inducements, level-ups with the skill taken, MVPs, lasting injuries and
deaths, manager penalties, and the category leaders with ties; a league before its first match
gives a report that says so; an unknown or damaged league is one line and exit code 2."""

import json
import sqlite3
from collections import Counter

import pytest

from nuffle.cli import main
from nuffle.core.teams import default_team_dict
from nuffle.league.manager import DefaultManager, register_manager
from nuffle.league.store import Store

BUDGET = 1_100_000
ENTRIES = ["A=human:scripted", "B=orc:scripted:random", "C=dwarf:scripted", "D=chaos:scripted:clumsy"]


class ClumsyManager(DefaultManager):
    """The default manager, but it also tries to fire a player the team never had (#98) after
    every match: the league skips it and notes the penalty."""

    def fire(self, team):
        return [*super().fire(team), 98]


register_manager("clumsy", ClumsyManager)


@pytest.fixture(scope="module")
def season(tmp_path_factory):
    """A played season (12 matches) and its report as `nuffle league report` wrote it."""
    folder = tmp_path_factory.mktemp("season")
    db = folder / "l.db"
    args = ["league", "new", str(db), "--seed", "3", "--board", "3", "--double", "--budget", str(BUDGET)]
    for e in ENTRIES:
        args += ["--entry", e]
    assert main(args) == 0
    assert main(["league", "play", str(db), "--quiet"]) == 0
    assert main(["league", "report", str(db), "--out", str(folder / "rep")]) == 0
    report = json.loads((folder / "rep" / "report.json").read_text())
    return db, folder / "rep", report


def cli_json(capsys, *args):
    capsys.readouterr()
    assert main(["league", *args]) == 0
    return json.loads(capsys.readouterr().out)


def team_file(db, name, capsys):
    return cli_json(capsys, "team", str(db), name)


def people(team):
    """Everyone in a team file: the roster, the dead and those who left."""
    return team["players"] + team.get("graveyard", []) + team.get("released", [])


def by_name(report):
    return {t["name"]: t for t in report["teams"]}


def test_every_team_is_reported_with_the_season_played(season):
    _, _, report = season
    assert report["league"]["played"] == 12 and report["league"]["note"] is None
    assert [t["name"] for t in report["teams"]] == ["A", "B", "C", "D"]
    assert all(t["played"] == 6 for t in report["teams"])


def test_the_treasury_adds_up_from_the_start_to_the_team_files_end(season, capsys):
    db, _, report = season
    ledger = cli_json(capsys, "ledger", str(db), "--json")["ledger"]
    for name, t in by_name(report).items():
        tr = t["treasury"]
        rows = [r for r in ledger if r["entry"] == name]
        assert tr["end"] == team_file(db, name, capsys)["treasury"]
        assert tr["start"] == next(r["treasury"] for r in rows if r["kind"] == "created") > 0
        assert tr["change"] == tr["end"] - tr["start"] == sum(tr["movement"].values())
        kinds: Counter[str] = Counter()
        for r in rows:
            if r["kind"] != "created":
                kinds[r["kind"]] += r["treasury"]
        assert tr["movement"] == {k: v for k, v in kinds.items() if v}
        assert tr["movement"]["winnings"] > 0


def test_fan_factor_runs_from_the_first_match_to_the_team_file(season, capsys):
    """The start is what the team brought to its first match (its match record), the end its
    team file's, and before each match the Fan Factor is the start plus the changes so far."""
    db, _, report = season
    store = Store.open(db, read_only=True)
    try:
        entering: dict[str, list[tuple[int, int]]] = {}
        names = {e.id: e.name for e in store.entries()}
        for m in store.matches():
            rec = store.record(m["fixture"])
            for side, key in ((m["home"], "home"), (m["away"], "away")):
                entering.setdefault(names[side], []).append((m["round"], rec["teams"][key]["fan_factor"]))
    finally:
        store.close()
    moved = False
    for name, t in by_name(report).items():
        ff = t["fan_factor"]
        assert ff["end"] == team_file(db, name, capsys)["fan_factor"]
        assert ff["start"] == entering[name][0][1]
        for rnd, value in entering[name]:
            assert value == ff["start"] + sum(c["change"] for c in ff["changes"] if c["round"] < rnd)
        moved |= ff["start"] != ff["end"]
    assert moved


def test_level_ups_are_every_improvement_the_players_took(season, capsys):
    db, _, report = season
    total = 0
    for name, t in by_name(report).items():
        taken = Counter((p["number"], i["gain"], i.get("skill")) for p in people(team_file(db, name, capsys))
                        for i in p.get("improvements", []))
        reported = Counter((u["number"], u["gain"], u["skill"]) for u in t["level_ups"])
        assert reported == taken
        assert all(u["gold"] > 0 and len(u["roll"]) == 2 for u in t["level_ups"])
        total += len(t["level_ups"])
    assert total > 0
    assert any(u["skill"] for t in report["teams"] for u in t["level_ups"])


def test_mvps_match_the_players_records(season, capsys):
    db, _, report = season
    for name, t in by_name(report).items():
        team = team_file(db, name, capsys)
        records = {p["number"]: p.get("record", {}).get("mvp", 0) for p in people(team)}
        counted = Counter(m["number"] for m in t["mvps"])
        assert {n: c for n, c in records.items() if c} == dict(counted)
        assert len(t["mvps"]) == t["played"]  # one a match: nobody conceded
        names = {p["number"]: p["name"] for p in people(team)}
        assert all(m["name"] == names[m["number"]] for m in t["mvps"])


def test_lasting_injuries_and_deaths_are_each_players(season, capsys):
    db, _, report = season
    dead = 0
    for name, t in by_name(report).items():
        team = team_file(db, name, capsys)
        for p in people(team):
            mine = [i for i in t["injuries"] if i["number"] == p["number"]]
            assert [i["result"] for i in mine] == p.get("injuries", []), (name, p["number"])
        graveyard = {p["number"] for p in team.get("graveyard", [])}
        assert {i["number"] for i in t["injuries"] if i["dead"]} == graveyard
        assert all((i["casualty"] == "Dead") == i["dead"] for i in t["injuries"])
        dead += len(graveyard)
    assert dead > 0 and sum(len(t["injuries"]) for t in report["teams"]) > dead


def test_inducements_are_what_each_team_bought_before_its_matches(season):
    db, _, report = season
    store = Store.open(db, read_only=True)
    try:
        names = {e.id: e.name for e in store.entries()}
        bought: dict[str, list[tuple[int, str, int]]] = {n: [] for n in names.values()}
        for m in store.matches():
            for side, key in ((m["home"], "home"), (m["away"], "away")):
                for i in m["postmatch"][key]["prematch"]["induced"]:
                    bought[names[side]].append((m["round"], i["item"], i["cost"]))
    finally:
        store.close()
    for name, t in by_name(report).items():
        ind = t["inducements"]
        assert [(b["round"], b["item"], b["gold"]) for b in ind["bought"]] == bought[name]
        assert ind["gold"] == sum(b["gold"] for b in ind["bought"]) and ind["petty_cash"] == 0
    assert sum(len(v) for v in bought.values()) > 0


def test_manager_penalties_are_noted_per_team(season):
    _, _, report = season
    teams = by_name(report)
    clumsy = teams["D"]["penalties"]
    fired = [p for p in clumsy if p["note"].startswith("fire 98 skipped")]
    assert len(fired) == 6 and all(p["when"] == "post-match" for p in fired)
    assert sorted(p["round"] for p in fired) == [1, 2, 3, 4, 5, 6]
    assert not any(p["note"].startswith("fire 98") for n in "ABC" for p in teams[n]["penalties"])
    assert all(p["note"] for t in report["teams"] for p in t["penalties"])


def test_category_leaders_are_the_best_records_with_ties_shared(season, capsys):
    db, _, report = season
    everyone = [(name, p) for name in "ABCD" for p in people(team_file(db, name, capsys))]
    for category in ("touchdowns", "casualties", "completions", "spp"):
        def value(p, category=category):
            return p.get("spp", 0) if category == "spp" else p.get("record", {}).get(category, 0)

        rows = report["leaders"][category]
        best = max(value(p) for _, p in everyone)
        top = {(n, p["number"]) for n, p in everyone if value(p) == best and best > 0}
        assert {(r["team"], r["number"]) for r in rows if r["rank"] == 1} == top
        assert all(r["tied"] == (len(top) > 1) for r in rows if r["rank"] == 1)
        for r in rows:  # a rank is one more than the number of players better
            assert r["rank"] == 1 + sum(1 for _, p in everyone if value(p) > r["value"]) <= 5
        values = [r["value"] for r in rows]
        assert values == sorted(values, reverse=True) and all(v > 0 for v in values)
    assert report["leaders"]["touchdowns"] and report["leaders"]["spp"]


def test_the_markdown_has_every_part(season):
    _, rep, report = season
    md = (rep / "report.md").read_text()
    for heading in ("## Table", "## Category leaders", "## Teams", "### A (human)", "## Matches and gates"):
        assert heading in md
    a = by_name(report)["A"]
    assert f"Treasury: {a['treasury']['start']:,} at the start, {a['treasury']['end']:,} at the end" in md
    assert f"Fan Factor: {a['fan_factor']['start']} at the start, {a['fan_factor']['end']} at the end." in md
    assert "fire 98 skipped" in md and "Level-ups: round" in md and "MVPs: round" in md
    d = by_name(report)["D"]
    assert (f"| D | {d['treasury']['start']:,} -> {d['treasury']['end']:,} | {d['treasury']['change']:+,} | "
            f"{d['fan_factor']['start']} -> {d['fan_factor']['end']} |") in md
    leader = report["leaders"]["spp"][0]
    assert f"| SPP | {leader['rank']}{'=' if leader['tied'] else ''} | {leader['name']}" in md
    assert (rep / "tv.png").stat().st_size > 1000


def veteran_team(tmp_path, name):
    """A human team with history: #1 and #2 have scored 2 touchdowns each (a tie), #3 one."""
    raw = default_team_dict("human")
    for p in raw["players"]:
        if p["number"] in (1, 2, 3):
            tds = 2 if p["number"] < 3 else 1
            p.update({"spp": 3 * tds, "record": {"played": 2, "touchdowns": tds}})
    path = tmp_path / f"{name}.json"
    path.write_text(json.dumps(raw))
    return path


def test_a_league_before_its_first_match_reports_so_with_the_teams_as_they_entered(tmp_path, capsys):
    db = tmp_path / "new.db"
    vets = veteran_team(tmp_path, "vets")
    assert main(["league", "new", str(db), "--seed", "1", "--board", "3", "--budget", str(BUDGET),
                 "--entry", f"Vets={vets}:random", "--entry", "Tide=orc:random"]) == 0
    capsys.readouterr()
    assert main(["league", "report", str(db), "--out", str(tmp_path / "rep")]) == 0
    assert "no match has been played yet" in capsys.readouterr().out
    report = json.loads((tmp_path / "rep" / "report.json").read_text())
    assert report["league"]["played"] == 0 and report["league"]["note"] == "no match has been played yet"
    for t in report["teams"]:
        assert t["treasury"]["start"] == t["treasury"]["end"] and t["treasury"]["movement"] == {}
        assert t["fan_factor"]["start"] == t["fan_factor"]["end"]
        assert t["level_ups"] == t["mvps"] == t["injuries"] == t["penalties"] == []
    tds = report["leaders"]["touchdowns"]
    assert [(r["rank"], r["number"], r["value"], r["tied"]) for r in tds] == [
        (1, 1, 2, True), (1, 2, 2, True), (3, 3, 1, False)]
    assert report["leaders"]["casualties"] == []
    md = (tmp_path / "rep" / "report.md").read_text()
    assert "no match has been played yet" in md and "| Touchdowns | 1= |" in md
    assert "| Casualties | - | nobody yet |" in md


def test_an_unknown_or_damaged_league_is_one_line_and_exit_code_2(tmp_path, capsys, season):
    db, _, _ = season
    capsys.readouterr()
    assert main(["league", "report", str(tmp_path / "missing.db"), "--out", str(tmp_path / "rep")]) == 2
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1 and "no such league file" in err
    bad = tmp_path / "bad.db"
    bad.write_bytes(db.read_bytes())
    with sqlite3.connect(bad) as c:
        c.execute("UPDATE entries SET team = 'not json' WHERE name = 'B'")
    assert main(["league", "report", str(bad), "--out", str(tmp_path / "rep")]) == 2
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1 and err.startswith("error: ") and "damaged team of 'B'" in err
    assert not (tmp_path / "rep").exists()


def test_petty_cash_shows_in_the_inducements_and_the_treasury(tmp_path, capsys):
    """With `--petty-cash` the favourite's treasury buys inducements: the report's petty cash is
    what each match's pre-match report says its treasury paid, and the treasury's movement has
    it as a cost."""
    raw = default_team_dict("human")  # three Linemen more than the default team: the favourite
    raw["players"] += [{"position": "Lineman", "number": 30 + i} for i in range(3)]
    (tmp_path / "a.json").write_text(json.dumps(raw))
    db = tmp_path / "l.db"
    assert main(["league", "new", str(db), "--seed", "4", "--board", "1", "--budget", "1500000",
                 "--petty-cash", "--entry", f"A={tmp_path / 'a.json'}:random",
                 "--entry", "B=orc:random"]) == 0
    assert main(["league", "play", str(db), "--quiet"]) == 0
    history = cli_json(capsys, "history", str(db), "--json")["matches"]
    assert main(["league", "report", str(db), "--out", str(tmp_path / "rep")]) == 0
    report = json.loads((tmp_path / "rep" / "report.json").read_text())
    paid = sum(m["postmatch"][k]["prematch"]["petty_cash"] for m in history for k in ("home", "away"))
    assert paid > 0
    teams = by_name(report)
    assert sum(t["inducements"]["petty_cash"] for t in teams.values()) == paid
    assert sum(t["treasury"]["movement"].get("petty_cash", 0) for t in teams.values()) == -paid
    md = (tmp_path / "rep" / "report.md").read_text()
    assert "petty cash from the treasury" in md and "petty cash -" in md


def test_a_league_without_ledger_rows_has_no_treasury_start(season, tmp_path):
    """A file upgraded from before the ledger kept no rows for what happened then: the report
    gives the treasury's end and no start, rather than a made-up one."""
    db, _, report = season
    old = tmp_path / "old.db"
    old.write_bytes(db.read_bytes())
    with sqlite3.connect(old) as c:
        c.execute("DELETE FROM ledger")
    assert main(["league", "report", str(old), "--out", str(tmp_path / "rep")]) == 0
    again = json.loads((tmp_path / "rep" / "report.json").read_text())
    for t, before in zip(again["teams"], report["teams"], strict=True):
        end = before["treasury"]["end"]
        assert t["treasury"] == {"start": None, "end": end, "change": None, "movement": {}}
        assert t["level_ups"] == [] and t["inducements"]["bought"] == []
        assert t["mvps"] == before["mvps"] and t["fan_factor"] == before["fan_factor"]
    md = (tmp_path / "rep" / "report.md").read_text()
    assert "at the end (the start is not in the ledger); no movement." in md
