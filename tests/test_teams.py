"""Rosters, the team builder, default team files and the `nuffle team` command."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest

from nuffle.cli import main
from nuffle.core.skills import Skill
from nuffle.core.teams import (
    TeamError,
    default_team_dict,
    parse_team,
    race,
    races,
    team_from_dict,
    team_to_dict,
)
from nuffle.teams import (
    TREASURY,
    build_team,
    check_team,
    creation_problems,
    load_team,
    team_cost,
)

RACES = [
    "amazon", "chaos", "chaos-dwarf", "chaos-pact", "dark-elf", "dwarf", "elven-union", "goblin",
    "halfling", "high-elf", "human", "khemri", "lizardman", "necromantic", "norse", "nurgle", "ogre",
    "orc", "skaven", "slann", "undead", "underworld", "vampire", "wood-elf",
]

# Race -> (re-roll cost, apothecary, number of positionals), from ROSTERS.md's summary table.
SUMMARY = {
    "amazon": (50, True, 4), "chaos": (60, True, 3), "chaos-dwarf": (70, True, 4),
    "chaos-pact": (70, True, 7), "dark-elf": (50, True, 5), "dwarf": (50, True, 5),
    "elven-union": (50, True, 4), "goblin": (60, True, 8), "halfling": (60, True, 2),
    "high-elf": (50, True, 4), "human": (50, True, 5), "khemri": (70, False, 4),
    "lizardman": (60, True, 3), "necromantic": (70, False, 5), "norse": (60, True, 6),
    "nurgle": (70, False, 4), "ogre": (70, True, 2), "orc": (60, True, 6), "skaven": (60, True, 5),
    "slann": (50, True, 4), "undead": (70, False, 5), "underworld": (70, True, 5),
    "vampire": (70, True, 2), "wood-elf": (50, True, 5),
}


def _dark_elf(**extra: Any) -> dict[str, Any]:
    raw = build_team("dark-elf", {"Blitzer": 2, "Lineman": 9}, rerolls=1)
    raw.update(extra)
    return raw


# --- rosters -------------------------------------------------------------------------------------


def test_roster_has_all_24_races_with_summary_facts() -> None:
    assert list(races()) == RACES
    for key, (rr, apo, n) in SUMMARY.items():
        r = race(key)
        assert (r.reroll_cost, r.apothecary, len(r.positionals)) == (rr * 1000, apo, n), key
    assert sum(len(r.positionals) for r in races().values()) == 107
    assert race("Dark Elf") is race("dark-elf") is race("DARK_ELF")


def test_roster_positional_details() -> None:
    witch = race("dark-elf").positional("Witch Elf")
    assert witch is not None
    assert (witch.max_qty, witch.cost, witch.ma, witch.st, witch.ag, witch.av) == (2, 110_000, 7, 3, 4, 7)
    assert witch.skills == {Skill.DODGE, Skill.FRENZY, Skill.JUMP_UP}
    assert (witch.normal, witch.double) == ("GA", "SP")
    assert race("dark-elf").positional("witch-elf") is witch
    # CSV quirks normalised: "Thick SKull" and "Nurgles Rot".
    for key in ("lizardman", "slann"):
        krox = race(key).positional("Kroxigor")
        assert krox is not None and Skill.THICK_SKULL in krox.skills
    rotter = race("nurgle").positional("Rotter")
    assert rotter is not None and rotter.skills == {Skill.DECAY, Skill.NURGLES_ROT}


def test_roster_animosity_follows_rosters_md() -> None:
    pact = race("chaos-pact")
    under = race("underworld")
    for r, names in ((pact, ("Goblin Renegade", "Skaven Renegade", "Dark Elf Renegade")),
                     (under, ("Skaven Lineman", "Skaven Thrower", "Skaven Blitzer"))):
        for p in r.positionals:
            assert (Skill.ANIMOSITY in p.skills) == (p.name in names), p.name


def test_roster_unknown_race_names_the_choices() -> None:
    with pytest.raises(TeamError, match="unknown race 'martians': choose one of amazon"):
        race("martians")


# --- default teams -------------------------------------------------------------------------------


@pytest.mark.parametrize("key", RACES)
def test_default_team_is_a_legal_new_team(key: str) -> None:
    raw = default_team_dict(key)
    spec = check_team(raw, key, implemented_only=False)
    r = race(key)
    assert spec.race == key
    assert 11 <= len(spec.players) <= 16
    assert TREASURY - 50_000 < team_cost(spec) <= TREASURY  # spends the treasury
    assert spec.rerolls >= 2
    assert spec.apothecary == r.apothecary
    assert creation_problems(spec) == []
    # Round trip through the record form.
    assert parse_team(team_to_dict(spec)) == spec


def test_default_human_and_orc_files_are_unchanged() -> None:
    # Scenario-based rule tests rely on these player orders.
    human = [p.position.name for p in load_team("human").players]
    orc = [p.position.name for p in load_team("orc").players]
    assert human == ["Blitzer", "Thrower", "Catcher", "Ogre", "Blitzer", "Lineman", "Catcher",
                     "Lineman", "Lineman", "Lineman", "Lineman"]
    assert orc == ["Blitzer", "Thrower", "Goblin", "Troll", "Black Orc Blocker", "Lineman",
                   "Blitzer", "Black Orc Blocker", "Goblin", "Lineman", "Lineman", "Lineman"]


# --- the builder and its errors ------------------------------------------------------------------


def test_builder_orders_players_round_robin_and_costs_them() -> None:
    raw = build_team("human", [("Blitzer", 2), ("Catcher", 1), ("Lineman", 8)], rerolls=3,
                     apothecary=True, fan_factor=3, name="Test")
    assert [p["position"] for p in raw["players"][:5]] == ["Blitzer", "Catcher", "Lineman", "Blitzer",
                                                           "Lineman"]
    assert [p["number"] for p in raw["players"]] == list(range(1, 12))
    spec = parse_team(raw)
    assert team_cost(spec) == 180_000 + 70_000 + 400_000 + 150_000 + 50_000 + 30_000
    assert spec.name == "Test"


@pytest.mark.parametrize(
    "change, message",
    [
        ({"players": {"Witch Elf": 3, "Lineman": 8}}, "3 Witch Elves exceeds the limit of 2 for Dark Elf"),
        ({"players": {"Blitzer": 5, "Lineman": 6}}, "5 Blitzers exceeds the limit of 4 for Dark Elf"),
        ({"players": {"Lineman": 10}}, "10 players is too few: a new team needs 11 to 16"),
        ({"players": {"Lineman": 17}}, "17 players exceeds the maximum of 16"),
        ({"rerolls": 5}, "over budget: the team costs 1,020,000 but the treasury is 1,000,000"),
        ({"rerolls": 9}, "9 rerolls exceeds the maximum of 8"),
        ({"rerolls": -1}, "'rerolls' must be a non-negative integer"),
        ({"fan_factor": 10, "treasury": 2_000_000}, "Fan Factor 10 exceeds the maximum of 9"),
        ({"players": {"Ogre": 1, "Lineman": 10}}, "Dark Elf has no positional 'Ogre'"),
    ],
)
def test_builder_errors_name_the_rule(change: dict[str, Any], message: str) -> None:
    args: dict[str, Any] = {"players": {"Lineman": 11}, "rerolls": 2}
    args.update(change)
    players = args.pop("players")
    with pytest.raises(TeamError, match=message):
        build_team("dark-elf", players, **args)


def test_builder_apothecary_not_allowed() -> None:
    with pytest.raises(TeamError, match="apothecary not allowed for Khemri"):
        build_team("khemri", {"Skeleton": 11}, apothecary=True)


@pytest.mark.parametrize(
    "edit, message",
    [
        (lambda r: r.update(rerolls="2"), "'rerolls' must be a non-negative integer, not '2'"),
        (lambda r: r.update(rerolls=True), "'rerolls' must be a non-negative integer"),
        (lambda r: r.update(cheerleaders=-2), "'cheerleaders' must be a non-negative integer"),
        (lambda r: r.update(apothecary="yes"), "'apothecary' must be true or false"),
        (lambda r: r.update(reroll=3), "unknown key 'reroll'"),
        (lambda r: r.update(race="elf"), "unknown race 'elf'"),
        (lambda r: r.update(players=[]), "'players' must be a non-empty list"),
        (lambda r: r["players"][1].update(number=1), "player 2: number 1 is used twice"),
        (lambda r: r["players"][0].update(number=0), "player 1: number must be an integer from 1 to 99"),
        (lambda r: r["players"][0].update(position="Quarterback"),
         "player 1: Dark Elf has no positional 'Quarterback'"),
        (lambda r: r["players"][0].update(salary=1), "player 1: unknown key 'salary'"),
        (lambda r: r["players"][0].update(skills=["Flying"]), "player 1: unknown skill 'Flying'"),
    ],
)
def test_team_file_errors_name_the_rule(edit: Any, message: str) -> None:
    raw = copy.deepcopy(_dark_elf())
    edit(raw)
    with pytest.raises(TeamError, match=message):
        parse_team(raw, "my.json")


def test_team_file_limits_hold_when_loading_but_creation_rules_do_not() -> None:
    # A league team may be worth more than 1,000,000 or have fewer than 11 players.
    raw = default_team_dict("human")
    raw["cheerleaders"] = 9
    raw["players"] = raw["players"][:9]
    spec = team_from_dict(raw)
    assert len(spec.players) == 9
    assert creation_problems(spec) == ["9 players is too few: a new team needs 11 to 16"]
    raw["players"] = default_team_dict("human")["players"] + [{"position": "Ogre", "number": 12}]
    with pytest.raises(TeamError, match="2 Ogres exceeds the limit of 1 for Human"):
        team_from_dict(raw)


def test_team_file_treasury_key_sets_the_budget() -> None:
    raw = default_team_dict("human")
    raw["cheerleaders"] = 2
    with pytest.raises(TeamError, match="over budget: the team costs 1,020,000"):
        check_team(raw)
    raw["treasury"] = 1_020_000
    assert check_team(raw).cheerleaders == 2
    with pytest.raises(TeamError, match="over budget"):
        check_team(raw, treasury=1_000_000)


def test_team_file_rejects_skills_not_implemented(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every roster skill is implemented, so two are hidden for this test: a team using them is
    rejected, naming the positional and the skills, while the builder still accepts it."""
    from nuffle.core import teams
    from nuffle.core.teams import skill_name

    r = race("dark-elf")
    p = r.positional("Witch Elf")
    assert p is not None and {Skill.FRENZY, Skill.DODGE, Skill.JUMP_UP} <= p.skills
    have = teams.implemented_skills()
    monkeypatch.setattr(teams, "implemented_skills", lambda: have - {Skill.FRENZY, Skill.JUMP_UP})
    raw = build_team(r.key, [(p.name, 1), ("Lineman", 10)], treasury=10**7)
    with pytest.raises(TeamError, match="skills not implemented yet: Witch Elf needs") as err:
        team_from_dict(raw, "t")
    assert skill_name(Skill.FRENZY) in str(err.value) and skill_name(Skill.JUMP_UP) in str(err.value)
    assert skill_name(Skill.DODGE) not in str(err.value)
    assert parse_team(raw).players[0].position is p  # the builder accepts it


# --- the command line ----------------------------------------------------------------------------


def test_cli_team_new_prints_the_default_team(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["team", "new", "dark-elf"]) == 0
    out = capsys.readouterr()
    raw = json.loads(out.out)
    base = default_team_dict("dark-elf")
    assert raw["players"] == base["players"]
    assert raw["rerolls"] == base["rerolls"] and raw["race"] == "dark-elf"
    assert "cost 1,000,000 of 1,000,000" in out.err


def test_cli_team_new_and_check_a_custom_team(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "t.json"
    assert main(["team", "new", "human", "-o", str(path), "--player", "Blitzer=4",
                 "--player", "Lineman=7", "--rerolls", "3", "--fan-factor", "0", "--name", "Mine"]) == 0
    capsys.readouterr()
    assert main(["team", "check", str(path)]) == 0
    out = capsys.readouterr().out
    assert "legal Human team 'Mine': 11 players, cost 910,000 of 1,000,000" in out
    raw = json.loads(path.read_text())
    raw["players"] += [{"position": "Blitzer", "number": 12}]
    path.write_text(json.dumps(raw))
    assert main(["team", "check", str(path)]) == 1
    err = capsys.readouterr().err
    assert err.startswith("error:") and "5 Blitzers exceeds the limit of 4 for Human" in err
    assert "Traceback" not in err


def test_cli_team_errors(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["team", "new", "khemri", "--apothecary", "yes"]) == 2
    assert "apothecary not allowed for Khemri" in capsys.readouterr().err
    assert main(["team", "new", "human", "--player", "Blitzer"]) == 2
    assert "POSITIONAL=COUNT" in capsys.readouterr().err
    bad = tmp_path / "bad.json"
    bad.write_text("{not json")
    assert main(["team", "check", str(bad)]) == 2
    assert "not valid JSON" in capsys.readouterr().err
    assert main(["team", "check", str(tmp_path / "missing.json")]) == 2
    assert "cannot read" in capsys.readouterr().err


def test_cli_team_races_lists_every_race(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["team", "races"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert [line.split()[0] for line in lines] == RACES
    assert main(["team", "races", "ogre"]) == 0
    out = capsys.readouterr().out
    assert "Snotling" in out and "re-roll 70,000" in out


@pytest.mark.parametrize("key", RACES)
def test_builder_suggestion_fits_any_treasury(key: str) -> None:
    from collections import Counter

    from nuffle.teams import suggest_team

    def shape(raw: dict[str, Any]) -> tuple[Any, ...]:
        spec = parse_team(raw)
        return (Counter(p.position.name for p in spec.players), spec.rerolls, spec.apothecary,
                spec.fan_factor)

    assert shape(suggest_team(key)) == shape(default_team_dict(key))
    for treasury in (800_000, 900_000, 1_300_000):
        raw = suggest_team(key, treasury)
        spec = check_team(raw, key, treasury, implemented_only=False)
        assert TREASURY - 1_000_000 < team_cost(spec) <= treasury
        assert treasury - team_cost(spec) < 200_000 or len(spec.players) == 16


def test_builder_suggestion_needs_eleven_players(capsys: pytest.CaptureFixture[str]) -> None:
    from nuffle.teams import suggest_team

    with pytest.raises(TeamError, match="over budget: 200,000 cannot buy 11 players"):
        suggest_team("ogre", 200_000)
    assert main(["team", "new", "orc", "--treasury", "700000"]) == 0
    raw = json.loads(capsys.readouterr().out)
    assert team_cost(check_team(raw)) <= 700_000 and raw["treasury"] == 700_000
