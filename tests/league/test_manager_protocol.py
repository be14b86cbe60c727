"""The manager protocol: an out-of-process program manages its league team; its messages follow
the shipped JSON Schema (also printed in docs/LEAGUE.md); a failing program gets the default
manager's decisions, noted."""

import json
import sys
from pathlib import Path

import jsonschema
import pytest

from nuffle.cli import main
from nuffle.core.teams import default_team_dict
from nuffle.league.manager import ManagerError, make_manager
from nuffle.league.postmatch import improvement_choices
from nuffle.league.process_manager import ProcessManager
from nuffle.league.protocol import ManagerProtocolError, parse_choice, parse_roster, schema
from nuffle.league.team import LeagueTeam

MANAGER = Path(__file__).parent / "bots" / "manager.py"


def test_an_out_of_process_manager_manages_its_team(tmp_path, capsys):
    raw = default_team_dict("human")
    for p in raw["players"]:
        p["spp"] = 5  # the MVP's 5 SPP take whoever gets them to an improvement roll
    raw["treasury"] = 200_000
    team_file = tmp_path / "team.json"
    team_file.write_text(json.dumps(raw))
    log = tmp_path / "log.jsonl"
    manager = f"process?command={sys.executable} {MANAGER} {log}"
    orcs = default_team_dict("orc")  # one Lineman more than A: TV 50,000 higher
    orcs["players"].append({"position": "Lineman", "number": 30})
    orcs["treasury"] = 1_100_000
    orc_file = tmp_path / "orcs.json"
    orc_file.write_text(json.dumps(orcs))
    db = tmp_path / "l.db"
    assert main(["league", "new", str(db), "--seed", "5", "--board", "1", "--budget", "1100000",
                 "--entry", f"A={team_file}:random:{manager}", "--entry", f"B={orc_file}:random"]) == 0
    assert main(["league", "play", str(db), "--quiet"]) == 0
    messages = [json.loads(line) for line in log.read_text().splitlines()]
    validator = jsonschema.Draft202012Validator(schema())
    for m in messages:
        validator.validate(m)
    kinds = [(m["type"], m.get("decision")) for m in messages]
    # league new checks that the program answers
    assert kinds[:2] == [("hello", None), ("bye", None)]
    messages, kinds = messages[2:], kinds[2:]
    # before the match, as the underdog, it induces with the 50,000 difference
    assert kinds[:3] == [("hello", None), ("manage", "inducements"), ("bye", None)]
    assert messages[1]["budget"] == 50_000
    first = next(o for o in messages[1]["offer"] if o["cost"] <= 50_000)
    messages, kinds = messages[3:], kinds[3:]
    n = len(kinds) - 3  # hello, the improvement rolls (one or more), the roster, bye
    assert n >= 1
    assert kinds == [("hello", None), *[("manage", "improvement")] * n, ("manage", "roster"), ("bye", None)]
    roster = messages[-2]  # revision 3: the limits beside the prices
    assert roster["limits"]["players"] == {"Lineman": 16, "Catcher": 4, "Thrower": 2, "Blitzer": 4, "Ogre": 1}
    assert roster["limits"]["roster"] == 16 and roster["limits"]["reroll"] == 8
    assert roster["limits"]["apothecary"] == 1
    assert set(roster["prices"]["players"]) == set(roster["limits"]["players"])
    capsys.readouterr()
    assert main(["league", "team", str(db), "A"]) == 0
    team = json.loads(capsys.readouterr().out)
    for asked in messages[1:1 + n]:
        improved = next(p for p in team["players"] if p["number"] == asked["player"])
        assert asked["options"][-1] in improved["improvements"]
    treasury_then = messages[-2]["team"]["treasury"]
    assert main(["league", "history", str(db), "--json"]) == 0
    match = json.loads(capsys.readouterr().out)["matches"][0]
    induced = match["postmatch"]["home" if match["home"] == "A" else "away"]["prematch"]["induced"]
    assert induced == [first]  # with its cost
    assert team["rerolls"] == raw["rerolls"] + 1 and team["treasury"] == treasury_then - 100_000


def test_a_failing_program_gets_the_null_answers():
    team = LeagueTeam.from_dict(default_team_dict("human"))
    team.treasury = 500_000
    m = make_manager(f"process?command={sys.executable} -c pass")
    assert isinstance(m, ProcessManager)
    options = improvement_choices(team.player(1), (6, 6))
    assert m.choose_improvement(team, team.player(1), (6, 6), options) == options[0]  # the first legal one
    assert "manager program failed" in m.notes[0] and "not asked again" in m.notes[0]
    assert make_manager("default").purchases(team)  # the default manager would have bought
    assert m.fire(team) == [] and m.purchases(team) == []
    assert m.reroll_winnings(team, 1, 10_000) is False and m.keep_journeymen(team, [], 0) == []
    assert m.inducements(team, team, 100_000, []) == []
    m.close()


def test_a_misbehaving_program_is_not_rewarded(tmp_path, capsys):
    raw = default_team_dict("human")
    for p in raw["players"]:
        p["spp"] = 5  # the MVP's 5 SPP take whoever gets them to an improvement roll
    raw["treasury"] = 200_000
    team_file = tmp_path / "team.json"
    team_file.write_text(json.dumps(raw))
    log = tmp_path / "log.jsonl"
    manager = f"process?command={sys.executable} {MANAGER} {log} garbage"
    db = tmp_path / "l.db"
    assert main(["league", "new", str(db), "--seed", "5", "--board", "1",
                 "--entry", f"A={team_file}:random:{manager}", "--entry", "B=human:random"]) == 0
    assert main(["league", "play", str(db), "--quiet"]) == 0
    messages = [json.loads(line) for line in log.read_text().splitlines()]
    asked = [m for m in messages if m.get("decision") == "improvement"]
    assert len(asked) == 1  # one bad answer, then the program is not asked again
    assert not any(m.get("decision") == "roster" for m in messages)
    capsys.readouterr()
    assert main(["league", "team", str(db), "A"]) == 0
    team = json.loads(capsys.readouterr().out)
    improved = next(p for p in team["players"] if p["number"] == asked[0]["player"])
    assert improved["improvements"] == [asked[0]["options"][0]]  # the first legal one
    assert main(["league", "history", str(db), "--json"]) == 0
    match = json.loads(capsys.readouterr().out)["matches"][0]
    side = match["postmatch"]["home" if match["home"] == "A" else "away"]
    assert any("bad improvement answer" in n and "not asked again" in n for n in side["penalties"])
    assert main(["league", "ledger", str(db), "--json", "--team", "A"]) == 0
    kinds = {r["kind"] for r in json.loads(capsys.readouterr().out)["ledger"]}
    assert "purchase" not in kinds and "firing" not in kinds  # a misbehaving manager buys nothing


def test_bad_manager_specs_and_answers():
    with pytest.raises(ManagerError, match="needs a command"):
        make_manager("process")
    with pytest.raises(ManagerError, match="does not take the options"):
        make_manager("default?speed=1")
    with pytest.raises(ManagerProtocolError, match="option index from 0 to 2"):
        parse_choice({"type": "choice", "id": 1, "choice": 3}, 1, 3)
    with pytest.raises(ManagerProtocolError, match="expected a 'roster' for request 2"):
        parse_roster({"type": "roster", "id": 1}, 2)
    with pytest.raises(ManagerProtocolError, match="a purchase must be"):
        parse_roster({"type": "roster", "id": 1, "buy": [{"kind": "gold"}]}, 1)


def test_league_doc_holds_the_manager_schema():
    doc = (Path(__file__).parents[2] / "docs" / "LEAGUE.md").read_text()
    block = doc.split("```json\n", 1)[1].split("\n```", 1)[0]
    assert json.loads(block) == schema()


def _messages(log):
    messages = [json.loads(line) for line in log.read_text().splitlines()]
    validator = jsonschema.Draft202012Validator(schema())
    for m in messages:
        validator.validate(m)
    return messages


def test_a_manager_program_answers_the_revision_two_decisions_it_asks_for(tmp_path):
    from nuffle.league.prematch import field_team
    from nuffle.league.team import LeaguePlayer

    raw = default_team_dict("human")
    raw["players"] = raw["players"][:9]
    team = LeagueTeam.from_dict(raw)
    cands = [LeaguePlayer(p.position, p.number, p.name) for p in field_team(team).players[9:]]
    log = tmp_path / "all.jsonl"
    pm = ProcessManager(command=f"{sys.executable} {MANAGER} {log} all")
    assert pm.reroll_winnings(team, 6, 70_000) is True  # the default would keep a 6
    assert pm.keep_journeymen(team, cands, 50_000) == [p.number for p in cands]
    pm.close()
    messages = _messages(log)
    assert messages[0]["revision"] == 3
    assert [m.get("decision") for m in messages[1:3]] == ["winnings", "journeymen"]
    assert messages[1]["roll"] == 6 and messages[2]["cost"] == 50_000
    assert not pm.notes
    # a program that does not ask for them is never sent them: the default manager decides
    log = tmp_path / "plain.jsonl"
    pm = ProcessManager(command=f"{sys.executable} {MANAGER} {log}")
    assert pm.reroll_winnings(team, 6, 70_000) is False
    assert pm.keep_journeymen(team, cands, 50_000) == []  # the treasury is empty
    pm.close()
    assert [m["type"] for m in _messages(log)] == ["hello", "bye"] and not pm.notes


def test_a_league_manager_program_keeps_its_journeymen(tmp_path):
    raw = default_team_dict("human")
    raw["players"] = raw["players"][:2]  # the 1-player board fields 4: two Journeymen play
    raw["treasury"] = 300_000
    raw["graveyard"] = []  # a league team with a history, not a new team
    team_file = tmp_path / "short.json"
    team_file.write_text(json.dumps(raw))
    log = tmp_path / "log.jsonl"
    manager = f"process?command={sys.executable} {MANAGER} {log} all"
    db = tmp_path / "l.db"
    assert main(["league", "new", str(db), "--seed", "3", "--board", "1",
                 "--entry", f"A={team_file}:random:{manager}", "--entry", "B=orc:random"]) == 0
    assert main(["league", "play", str(db), "--quiet"]) == 0
    messages = _messages(log)
    asked = [m for m in messages if m.get("decision") == "journeymen"]
    assert len(asked) == 1 and len(asked[0]["journeymen"]) == 2
    from nuffle.league.store import Store

    store = Store.open(db)
    entry = next(e for e in store.entries() if e.name == "A")
    store.close()
    numbers = {p.number for p in entry.team.players}
    assert {p["number"] for p in asked[0]["journeymen"]} <= numbers and len(numbers) >= 4
