"""The BB2020 skill catalogue and rosters (data/bb2020): every team loads, figures match the
reference (shared/rules/bb2020/rosters.csv), every roster skill is in the catalogue, and a bad
row is one error naming its file and row."""

from __future__ import annotations

import csv
import json
from importlib import resources
from pathlib import Path

import pytest

from nuffle.core.bb2020.rosters import parse_rosters, special_rules, team, teams
from nuffle.core.bb2020.skills import CATEGORIES, catalogue, parse_catalogue, roster_skill
from nuffle.core.teams import TeamError

# The rules reference (`../shared/rules/bb2020` beside a checkout); tests that read it skip without it.
REFERENCE = next((a / "shared" / "rules" / "bb2020" / "rosters.csv" for a in Path(__file__).resolve().parents
                  if (a / "shared" / "rules" / "bb2020" / "rosters.csv").is_file()),
                 Path("shared/rules/bb2020/rosters.csv"))


def _data(name: str) -> str:
    return resources.files("nuffle.data").joinpath("bb2020", name).read_text()


def test_the_catalogue_has_five_categories_of_twelve_and_the_traits() -> None:
    cat = catalogue()
    assert sorted(cat.table) == sorted(CATEGORIES)
    assert all(len(names) == 12 for names in cat.table.values())
    assert cat.table["A"][0] == "Catch" and cat.table["S"][-1] == "Thick Skull"  # table order
    assert len(cat.skills) == 60 + 35
    assert cat.skills["Block"].category == "G" and not cat.skills["Block"].trait
    assert cat.skills["Loner"].trait and cat.skills["Loner"].parameter == "X+"
    assert cat.skills["Mighty Blow"].category == "S" and cat.skills["Mighty Blow"].parameter == "+X"
    assert cat.skills["Pro"].change == "changed" and cat.skills["Safe Pass"].change == "new"


def test_every_skill_of_the_digest_is_in_the_catalogue() -> None:
    # Each table row of SKILLS.md names one skill: the catalogue has them all and no other.
    text = (REFERENCE.parent / "SKILLS.md").read_text() if REFERENCE.exists() else None
    if text is None:
        pytest.skip("the rules reference is not beside the repository")
    rows = [line.split("|")[1:3] for line in text.splitlines() if line.startswith("| ")]
    names = {(c[1] if c[0].strip().isdigit() else c[0]).strip() for c in rows}
    names -= {"#", "Skill", "Trait", "---", "Rule"}
    names = {n.split(" (")[0] for n in names if n and not n.startswith("-")}
    assert names == set(catalogue().skills)


@pytest.mark.parametrize(
    ("label", "message"),
    [("Mighty Blow", "needs a value"), ("Block (+1)", "takes no value"), ("Loner (+4)", "value must look"),
     ("Piling On", "unknown BB2020 skill 'Piling On'")],
)
def test_a_roster_skill_must_fit_the_catalogue(label: str, message: str) -> None:
    with pytest.raises(TeamError, match=message):
        roster_skill(label)


def test_a_malformed_catalogue_is_refused() -> None:
    raw = json.loads(_data("skills.json"))
    raw["A"] = raw["A"][:11]
    with pytest.raises(TeamError, match="category A has 11 skills, not 12"):
        parse_catalogue(raw)
    raw = json.loads(_data("skills.json"))
    raw["traits"].append({"name": "Dodge", "use": "O"})
    with pytest.raises(TeamError, match="'Dodge' is listed twice"):
        parse_catalogue(raw)


def test_every_team_of_the_digest_loads() -> None:
    loaded = teams()
    assert len(loaded) == 30
    assert sum(len(t.positionals) for t in loaded.values()) == 159
    for t in loaded.values():
        assert any(p.max_qty >= 11 for p in t.positionals), t.name
        for p in t.positionals:
            assert all(s.skill.name in catalogue().skills for s in p.skills)


def test_the_rosters_agree_with_the_reference_csv() -> None:
    """Every cell of the reference's rosters.csv, less the corrections RULES_NOTES records."""
    if not REFERENCE.exists():
        pytest.skip("the rules reference is not beside the repository")
    corrected = {("Orc", "Thrower"): ("GP", "AS"), ("Imperial Nobility", "Bodyguard"): ("GS", "A")}
    for row in csv.DictReader(REFERENCE.read_text().splitlines()):
        t = team(row["team"])
        p = t.positional(row["position"])
        assert p is not None, row
        assert (t.tier, t.reroll_cost, t.apothecary) == (
            int(row["tier"]) if row["tier"] else None, int(row["reroll_cost"]), row["apothecary"] == "true")
        assert (p.max_qty, p.cost, p.ma, p.st, p.ag, p.pa, p.av) == (
            int(row["max_qty"]), int(row["cost"]), int(row["ma"]), int(row["st"]), int(row["ag"]),
            int(row["pa"]) if row["pa"] else None, int(row["av"]))
        labels = [s for s in row["skills"].split(";") if s]
        assert [s.lower() for s in p.skill_labels()] == [s.lower() for s in labels]
        access = corrected.get((row["team"], row["position"]), (row["primary"], row["secondary"]))
        assert (p.primary, p.secondary) == tuple("".join(sorted(a)) for a in access)


def test_spot_checks_against_the_digest() -> None:
    lineman = team("human").positional("Human Lineman")
    assert lineman is not None
    assert (lineman.max_qty, lineman.cost, lineman.profile(), lineman.skills) == (
        16, 50_000, "6 3 3+ 4+ 9+", ())
    assert (lineman.primary, lineman.secondary) == ("G", "AS")
    black_orc = team("Black Orc").positional("Black Orc")
    assert black_orc is not None
    assert (black_orc.max_qty, black_orc.cost, black_orc.profile()) == (6, 90_000, "4 4 4+ 5+ 10+")
    assert black_orc.skill_labels() == ("Brawler", "Grab")
    runner = team("skaven").positional("gutter runner")
    assert runner is not None
    assert (runner.max_qty, runner.cost, runner.profile(), runner.skill_labels()) == (
        4, 85_000, "9 2 2+ 4+ 8+", ("Dodge",))
    assert (runner.primary, runner.secondary) == ("AG", "MPS")
    roller = team("dwarf").positional("Deathroller")
    assert roller is not None and roller.pa is None and roller.profile() == "4 7 5+ - 11+"
    assert "Dirty Player (+2)" in roller.skill_labels() and "Loner (5+)" in roller.skill_labels()
    assert team("orc").positional("Thrower") is not None
    gnome = team("gnome")
    assert gnome.tier is None and gnome.reroll_cost == 50_000
    assert not team("nurgle").apothecary and team("nurgle").favoured_of == ("Nurgle",)
    assert team("chaos-chosen").favoured_of == ("Undivided", "Khorne", "Nurgle", "Slaanesh", "Tzeentch")
    assert team("snotling").special_rules == ("Underworld Challenge", "Low Cost Linemen",
                                              "Bribery and Corruption")
    assert set(special_rules()) >= {r for t in teams().values() for r in t.special_rules}


def test_an_unknown_team_names_the_choices() -> None:
    with pytest.raises(TeamError, match="unknown BB2020 team 'elves': choose one of amazon, black-orc"):
        team("elves")


def _bad(rosters_edit: tuple[str, str] | None = None, teams_edit: tuple[str, str] | None = None) -> str:
    rosters, teams_text = _data("rosters.csv"), _data("teams.csv")
    if rosters_edit:
        assert rosters_edit[0] in rosters
        rosters = rosters.replace(rosters_edit[0], rosters_edit[1], 1)
    if teams_edit:
        assert teams_edit[0] in teams_text
        teams_text = teams_text.replace(teams_edit[0], teams_edit[1], 1)
    with pytest.raises(TeamError) as info:
        parse_rosters(teams_text, rosters, catalogue(), special_rules())
    message = str(info.value)
    assert "\n" not in message
    return message


HUMAN_LINEMAN = "Human,Human Lineman,16,50000,6,3,3,4,9,,G,AS"


@pytest.mark.parametrize(
    ("old", "new", "message"),
    [
        (HUMAN_LINEMAN, "Human,Human Lineman,16,50000,6,3,3,4,9,Blok,G,AS",
         "rosters.csv row 65 (Human Lineman): unknown BB2020 skill 'Blok'"),
        (HUMAN_LINEMAN, "Human,Human Lineman,16,50000,6,3,7,4,9,,G,AS",
         "rosters.csv row 65: ag must be an integer from 1 to 6, not '7'"),
        (HUMAN_LINEMAN, "Human,Human Lineman,16,50000,6,3,3,4,9,,G,AG",
         "rosters.csv row 65: a category cannot be both primary and secondary"),
        (HUMAN_LINEMAN, "Human,Human Lineman,16,50000,6,3,3,4,9,,X,AS",
         "rosters.csv row 65: primary must be skill categories from AGMPS, not 'X'"),
        (HUMAN_LINEMAN, "Human,Human Lineman,0,50000,6,3,3,4,9,,G,AS",
         "rosters.csv row 65: max_qty must be an integer from 1 to 16, not '0'"),
        (HUMAN_LINEMAN, "Humans,Human Lineman,16,50000,6,3,3,4,9,,G,AS",
         "rosters.csv row 65: team 'Humans' is not in data/bb2020/teams.csv"),
        (HUMAN_LINEMAN, "Human,Human Lineman,16,50000,6,3,3,4,9,,G",
         "rosters.csv row 65: needs 12 columns"),
        (HUMAN_LINEMAN, "Human,Thrower,16,50000,6,3,3,4,9,,G,AS",
         "rosters.csv row 66: Human lists 'Thrower' twice"),
        (HUMAN_LINEMAN, "Human,Human Lineman,10,50000,6,3,3,4,9,,G,AS",
         "rosters.csv: Human has no lineman positional"),
    ],
)
def test_a_bad_roster_row_is_one_error_naming_file_and_row(old: str, new: str, message: str) -> None:
    assert message in _bad(rosters_edit=(old, new))


@pytest.mark.parametrize(
    ("old", "new", "message"),
    [
        ("Human,1,50000,true,Old World Classic,", "Human,1,50000,yes,Old World Classic,",
         "teams.csv row 14: apothecary must be true or false, not 'yes'"),
        ("Human,1,50000,true,Old World Classic,", "Human,4,50000,true,Old World Classic,",
         "teams.csv row 14: tier must be an integer from 1 to 3, not '4'"),
        ("Human,1,50000,true,Old World Classic,", "Human,1,50000,true,Old World Clasic,",
         "teams.csv row 14: unknown special rule 'Old World Clasic'"),
        ("Human,1,50000,true,Old World Classic,", "Human,1,50000,true,Old World Classic,Khorne",
         "teams.csv row 14: favoured_of lists the gods"),
        ("Khorne,2,60000,true,Favoured of...,Khorne", "Khorne,2,60000,true,Favoured of...,",
         "teams.csv row 16: favoured_of lists the gods"),
    ],
)
def test_a_bad_team_row_is_one_error_naming_file_and_row(old: str, new: str, message: str) -> None:
    assert message in _bad(teams_edit=(old, new))
