"""The BB2020 team builder (nuffle.teams_bb2020): each creation rule is refused when broken, a
BB2020 team is refused where an LRB6 team is expected, and `nuffle team ... --ruleset bb2020`."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from nuffle.cli import main
from nuffle.core.bb2020.rosters import teams
from nuffle.core.teams import TeamError, team_from_dict
from nuffle.league.team import LeagueTeam
from nuffle.teams import load_team
from nuffle.teams_bb2020 import (
    build_team,
    check_team,
    creation_cost,
    parse_team,
    suggest_team,
    team_problems,
    team_value,
)

# 1 Thrower 80k + 10 Linemen 50k = 580k
HUMANS = [("Thrower", 1), ("Human Lineman", 10)]


def _team(**changes: Any) -> dict[str, Any]:
    raw = build_team("human", HUMANS)
    raw.update(changes)
    return raw


def _one_line_error(capsys: pytest.CaptureFixture[str]) -> str:
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1 and err.startswith("error: "), err
    return err


def test_a_legal_team_costs_players_rerolls_staff_and_fans() -> None:
    raw = build_team("human", HUMANS, rerolls=3, apothecary=True, dedicated_fans=4, assistant_coaches=2,
                     cheerleaders=1)
    spec = check_team(raw)
    assert raw["ruleset"] == "bb2020" and len(spec.players) == 11
    players, rerolls, staff = 580_000, 3 * 50_000, 50_000 + 3 * 10_000
    assert team_value(spec) == players + rerolls + staff  # Dedicated Fans are not in TV
    assert creation_cost(spec) == players + rerolls + staff + 3 * 10_000  # the first fan is free


def test_every_team_can_be_built_within_the_treasury() -> None:
    for key in teams():
        spec = check_team(suggest_team(key))
        assert 11 <= len(spec.players) <= 16 and creation_cost(spec) <= 1_000_000, key


@pytest.mark.parametrize(
    ("raw", "message"),
    [
        (_team(treasury=500_000), "over budget: the team costs 580,000 but the treasury is 500,000"),
        (_team(rerolls=9), "9 rerolls exceeds the maximum of 8"),
        (_team(rerolls=8, treasury=900_000), "over budget: the team costs 980,000"),
        (_team(dedicated_fans=7), "7 Dedicated Fans exceeds the maximum of 6 at creation"),
        (_team(dedicated_fans=8), "8 dedicated fans exceeds the maximum of 7"),
        (_team(dedicated_fans=0), "at least 1 Dedicated Fan"),
        (_team(assistant_coaches=43), "over budget: the team costs 1,010,000"),
        (_team(cheerleaders=43), "over budget: the team costs 1,010,000"),
        (_team(apothecary="yes"), "'apothecary' must be true or false"),
        (_team(favoured_of="Khorne"), "Human is not a \"Favoured of...\" team"),
        (_team(fan_factor=3), "unknown key 'fan_factor'"),
        (_team(race="elves"), "unknown BB2020 team 'elves'"),
    ],
)
def test_each_team_rule_is_refused_when_broken(raw: dict[str, Any], message: str) -> None:
    problems = team_problems(raw, "t.json")
    assert problems and problems[0].startswith("t.json: ")
    assert any(message in p for p in problems), problems
    with pytest.raises(TeamError, match=message.replace("(", r"\(").replace(")", r"\)")):
        check_team(raw, "t.json")


def test_players_and_positional_limits() -> None:
    with pytest.raises(TeamError, match="10 players is too few: a new team needs 11 to 16"):
        check_team(_team(players=[{"position": "Human Lineman", "number": i + 1} for i in range(10)]))
    with pytest.raises(TeamError, match="17 players exceeds the maximum of 16"):
        check_team(_team(players=[{"position": "Human Lineman", "number": i + 1} for i in range(17)]))
    with pytest.raises(TeamError, match="5 Blitzers exceeds the limit of 4 for Orc"):
        build_team("orc", [("Blitzer", 5), ("Orc Lineman", 6)])
    with pytest.raises(TeamError, match="Human has no positional 'Wizard'"):
        build_team("human", [("Wizard", 1), ("Human Lineman", 10)])
    with pytest.raises(TeamError, match="number 1 is used twice"):
        check_team(_team(players=[{"position": "Human Lineman", "number": 1}] * 11))
    with pytest.raises(TeamError, match="unknown key 'skills'"):  # a new player has no gained skills
        check_team(_team(players=[{"position": "Human Lineman", "skills": ["Block"]}] * 11))


def test_apothecary_only_where_the_roster_allows_one() -> None:
    nurgle = [("Rotter Lineman", 11)]
    assert check_team(build_team("nurgle", nurgle)).favoured_of == "Nurgle"
    with pytest.raises(TeamError, match="apothecary not allowed for Nurgle"):
        build_team("nurgle", nurgle, apothecary=True)
    spec = check_team(build_team("human", HUMANS, apothecary=True))
    assert creation_cost(spec) == 580_000 + 50_000


def test_rerolls_cost_the_roster_price() -> None:
    lizards = build_team("lizardmen", [("Skink Runner Lineman", 11)], rerolls=2)
    assert creation_cost(check_team(lizards)) == 11 * 60_000 + 2 * 70_000


def test_favoured_of_is_one_of_the_rosters_gods() -> None:
    chosen = [("Beastman Runner Lineman", 11)]
    assert check_team(build_team("chaos-chosen", chosen, favoured_of="Tzeentch")).favoured_of == "Tzeentch"
    with pytest.raises(TeamError, match="'favoured_of' must name it, not None"):
        build_team("chaos-chosen", chosen)
    with pytest.raises(TeamError, match="must name it, not 'Hashut'"):
        build_team("chaos-chosen", chosen, favoured_of="Hashut")
    assert build_team("khorne", [("Bloodborn Marauder Lineman", 11)])["favoured_of"] == "Khorne"


def test_a_bb2020_team_is_refused_where_an_lrb6_team_is_expected(tmp_path: Path) -> None:
    raw = _team()
    message = r"t.json: a BB2020 team: it plays a BB2020 match \(--ruleset bb2020\), not an LRB6 one$"
    with pytest.raises(TeamError, match=message):
        team_from_dict(raw, "t.json")
    with pytest.raises(TeamError, match=message):
        LeagueTeam.from_dict(raw, "t.json")
    path = tmp_path / "t.json"
    path.write_text(json.dumps(raw))
    with pytest.raises(TeamError, match=message):
        load_team(str(path))
    with pytest.raises(TeamError, match="unknown ruleset 'bb2025'"):
        team_from_dict({**raw, "ruleset": "bb2025"}, "t.json")
    with pytest.raises(TeamError, match="not a BB2020 team"):
        parse_team({**raw, "ruleset": "lrb6"})


def test_the_cli_refuses_a_bb2020_team_for_a_match_or_a_league(tmp_path: Path,
                                                              capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "bb.json"
    path.write_text(json.dumps(_team()))
    assert main(["play", "--home", str(path)]) == 2
    assert "a BB2020 team: it plays a BB2020 match (--ruleset bb2020)" in _one_line_error(capsys)
    db = tmp_path / "l.db"
    assert main(["league", "new", str(db), "--entry", f"A={path}:random", "--entry", "B=orc:random"]) == 2
    assert "a BB2020 team: it plays a BB2020 match (--ruleset bb2020)" in _one_line_error(capsys)
    assert not db.exists()


def test_team_races_lists_the_bb2020_teams(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["team", "races", "--ruleset", "bb2020"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) == 30
    assert lines[0].split()[:5] == ["amazon", "Amazon", "tier", "1", "RR"] and "60k" in lines[0]
    assert any(line.startswith("gnome") and "tier -" in line for line in lines)
    assert main(["team", "races", "skaven", "--ruleset", "bb2020"]) == 0
    out = capsys.readouterr().out
    assert "Skaven (BB2020): tier 1, re-roll 50,000" in out
    assert "Gutter Runner" in out and "9 2 2+ 4+ 8+" in out
    assert main(["team", "races"]) == 0  # LRB6 unchanged: its 24 races
    assert len(capsys.readouterr().out.splitlines()) == 24


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["team", "races", "--ruleset", "bb2019"], "unknown ruleset 'bb2019' (team rulesets: lrb6, bb2020)"),
        (["team", "new", "orc", "--ruleset", "bb2019"], "unknown ruleset 'bb2019'"),
        (["team", "races", "elves", "--ruleset", "bb2020"], "unknown BB2020 team 'elves'"),
        (["team", "new", "orc", "--ruleset", "bb2020", "--fan-factor", "2"], "--fan-factor is LRB6's"),
        (["team", "new", "orc", "--dedicated-fans", "2"], "--dedicated-fans and --favoured-of are BB2020's"),
        (["team", "new", "orc", "--ruleset", "bb2020", "--player", "Blitzer=5", "--player", "Orc Lineman=6"],
         "5 Blitzers exceeds the limit of 4 for Orc"),
        (["team", "new", "norse", "--ruleset", "bb2020", "--favoured-of", "Hashut"], "not 'Hashut'"),
    ],
)
def test_bad_team_commands_are_one_line_exit_2(args: list[str], message: str,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    assert main(args) == 2
    assert message in _one_line_error(capsys)


def test_team_new_and_check_a_bb2020_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "cc.json"
    assert main(["team", "new", "chaos-chosen", "--ruleset", "bb2020", "--favoured-of", "Nurgle",
                 "--dedicated-fans", "3", "--player", "Chosen Blocker=4",
                 "--player", "Beastman Runner Lineman=7",
                 "--rerolls", "2", "--apothecary", "no", "-o", str(path)]) == 0
    raw = json.loads(path.read_text())
    assert (raw["ruleset"], raw["favoured_of"], raw["dedicated_fans"], len(raw["players"])) == (
        "bb2020", "Nurgle", 3, 11)
    capsys.readouterr()
    assert main(["team", "check", str(path)]) == 0
    assert "legal BB2020 Chaos Chosen team" in capsys.readouterr().out
    assert main(["team", "check", str(path), "--treasury", "800000"]) == 1
    assert "over budget: the team costs 960,000 but the treasury is 800,000" in _one_line_error(capsys)
    assert main(["team", "new", "wood-elf", "--ruleset", "bb2020"]) == 0  # the suggested team
    assert '"ruleset": "bb2020"' in capsys.readouterr().out
