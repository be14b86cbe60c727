"""Buying inducements before a league match: the budget, the offer, managers' choices within the
budget and the limits (what does not fit is skipped and noted)."""

from nuffle.core.skills import Skill
from nuffle.core.teams import Inducements, default_team_dict, parse_team, team_to_dict
from nuffle.league.inducing import Induce, budget, induce, offer
from nuffle.league.manager import DefaultManager, RandomManager
from nuffle.league.prematch import field_team
from nuffle.league.team import LeagueTeam


def team(race="human"):
    return LeagueTeam.from_dict(default_team_dict(race))


def test_the_underdog_gets_the_tv_difference():
    rich, poor = team(), team()
    rich.rerolls += 2  # +100,000
    assert budget(poor, rich) == 100_000 and budget(rich, poor) == 0


def test_the_offer_follows_the_roster_rules():
    human = {(i.item, i.name): c for i, c in offer(team("human"))}
    assert ("igor", "") not in human and human[("apothecaries", "")] == 100_000
    assert human[("star", "Griff Oberwald")] == 320_000 and ("star", "Headsplitter") not in human
    assert human[("mercenary", "Blitzer")] == 90_000 + 30_000
    undead = {(i.item, i.name) for i, _ in offer(team("undead"))}
    assert ("igor", "") in undead and ("apothecaries", "") not in undead
    assert {c for i, c in offer(team("goblin")) if i.item == "bribes"} == {50_000}
    assert {c for i, c in offer(team("halfling")) if i.item == "chef"} == {100_000}


def test_inducing_within_the_budget_and_limits():
    t = team()
    notes: list[str] = []
    choices = [Induce("star", "Griff Oberwald"), Induce("babes"), Induce("babes"), Induce("babes"),
               Induce("mercenary", "Lineman", "Block"), Induce("star", "Griff Oberwald"),
               Induce("igor"), Induce("training")]
    spec, bought = induce(t, field_team(t), 320_000 + 100_000 + 80_000 + 50_000, choices, notes)
    assert spec.inducements == Inducements(babes=2)
    griff = [p for p in spec.players if p.name == "Griff Oberwald"]
    merc = [p for p in spec.players if p.name.startswith("Mercenary")]
    assert len(griff) == 1 and merc[0].extra_skills == {Skill.LONER, Skill.BLOCK}
    assert len(bought) == 4
    assert any("at most 2 babes" in n for n in notes)
    assert any("not on offer" in n for n in notes)  # Igor, for a team with an apothecary
    assert any("training costs 100,000, the budget left is 0" in n for n in notes)
    assert parse_team(team_to_dict(spec)) == spec  # the match record keeps all of it
    assert {p.number for p in griff + merc}.isdisjoint(p.number for p in t.players)


def test_a_mercenary_takes_only_a_normal_skill():
    t = team()
    notes: list[str] = []
    _, bought = induce(t, field_team(t), 500_000, [Induce("mercenary", "Lineman", "Dodge")], notes)
    assert bought == [] and "may not take 'Dodge'" in notes[0]


def test_default_manager_induces_a_star_then_what_the_rest_buys():
    t = team()
    choices = DefaultManager().inducements(t, team(), 400_000, offer(t))
    assert choices == [Induce("star", "Griff Oberwald"), Induce("babes")]  # 320,000 + 50,000
    assert DefaultManager().inducements(t, team(), 140_000, offer(t)) == [Induce("training")]
    _, bought = induce(t, field_team(t), 400_000, choices, [])
    assert bought == choices


def test_random_manager_stays_within_the_budget():
    t = team()
    for seed in range(5):
        choices = RandomManager(seed).inducements(t, team(), 200_000, offer(t))
        notes: list[str] = []
        _, bought = induce(t, field_team(t), 200_000, choices, notes)
        assert sum(dict((i, c) for i, c in offer(t))[i] for i in bought) <= 200_000


def test_a_wizard_is_on_offer_once_and_reaches_the_engine():
    from nuffle.core.game import Game

    t = team("orc")
    prices = {(i.item, i.name): c for i, c in offer(t)}
    assert prices[("wizard", "")] == 150_000
    notes: list[str] = []
    spec, bought = induce(t, field_team(t), 400_000, [Induce("wizard"), Induce("wizard")], notes)
    assert bought == [Induce("wizard")] and spec.inducements == Inducements(wizard=True)
    assert any("at most 1 wizard" in n for n in notes)
    assert parse_team(team_to_dict(spec)).inducements.wizard  # the match record keeps him
    game = Game.new(spec, "human", seed=1)
    assert [s.wizard for s in game.state.teams] == [1, 0]
    _, bought = induce(t, field_team(t), 149_999, [Induce("wizard")], notes)
    assert bought == [] and "wizard costs 150,000, the budget left is 149,999" in notes[-1]


def test_default_manager_takes_a_wizard_after_training_and_random_may():
    t = team()
    no_stars = [(i, c) for i, c in offer(t) if i.item != "star"]
    assert DefaultManager().inducements(t, team(), 300_000, no_stars) == [
        Induce("training"), Induce("wizard"), Induce("babes")]
    plain = [(i, c) for i, c in no_stars if i.item != "mercenary"]
    picked = {i.item for seed in range(30)
              for i in RandomManager(seed).inducements(t, team(), 300_000, plain)}
    assert "wizard" in picked


def test_only_the_match_rulesets_stars_are_offered():
    from nuffle.core import inducements as I
    from nuffle.core.teams import races

    later = {n for n, s in I.stars().items() if not s.lrb6}
    assert len(later) == 14 and "Guffle Pushmaw" in later and "Griff Oberwald" not in later
    offered = set()
    for key in races():
        offered |= {i.name for i, _ in offer(team(key)) if i.item == "star"}
    assert offered and not offered & later
    assert "Griff Oberwald" in offered
    nurgle = team("nurgle")
    notes: list[str] = []
    _, bought = induce(nurgle, field_team(nurgle), 500_000, [Induce("star", "Guffle Pushmaw")], notes)
    assert bought == [] and "not on offer" in notes[0]
