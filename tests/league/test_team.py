"""League teams: the file format (backwards compatible, strict), Team Value, improvement limits
and skill access, purchases after creation, `nuffle team check` on a team with history."""

import json

import pytest

from nuffle.cli import main
from nuffle.core.teams import TeamError, default_team_dict
from nuffle.league.management import Purchase, buy, fire
from nuffle.league.team import LeagueTeam, is_league_team


def human(**player_keys):
    """The default human team, with history keys on player 1 (a Blitzer: G S normal, A P double)."""
    raw = default_team_dict("human")
    raw["players"][0].update(player_keys)
    return raw


def test_todays_team_files_are_league_teams_without_history():
    raw = default_team_dict("human")
    assert not is_league_team(raw)
    team = LeagueTeam.from_dict(raw)
    assert team.team_value() == 1_000_000  # the default team costs exactly the treasury
    assert all(p.spp == 0 and not p.improvements for p in team.players)
    again = LeagueTeam.from_dict(team.to_dict())
    assert again.to_dict() == team.to_dict()


def test_team_value_counts_improvements_and_leaves_out_players_missing_the_next_match():
    raw = human(spp=16, improvements=[{"gain": "normal", "skill": "Guard"}, {"gain": "st"}])
    raw["players"][1]["mng"] = True  # the Thrower (70,000) misses the next match
    raw["players"][1]["injuries"] = [45]
    team = LeagueTeam.from_dict(raw)
    assert team.team_value() == 1_000_000 + 20_000 + 50_000 - 70_000
    assert team.players[0].value == 90_000 + 70_000
    assert team.players[0].title == "Veteran"
    spec = team.match_spec()
    assert len(spec.players) == 10 and spec.players[0].stats()[1] == 4


def test_history_round_trips():
    raw = human(spp=31, improvements=[{"gain": "normal", "skill": "Guard"},
                                      {"gain": "double", "skill": "Dodge"}, {"gain": "ma"}],
                injuries=[51, 55], record={"played": 5, "completions": 0, "touchdowns": 7, "casualties": 5,
                                           "interceptions": 0, "mvp": 0})
    team = LeagueTeam.from_dict(raw)
    p = team.players[0]
    assert p.niggles == 1 and p.changes() == (1, 0, 0, -1)
    assert p.spec().extra_skills == p.gained and p.spec().niggles == 1
    assert LeagueTeam.from_dict(team.to_dict()).to_dict() == team.to_dict()


@pytest.mark.parametrize(
    ("keys", "message"),
    [
        ({"spp": 5, "improvements": [{"gain": "normal", "skill": "Guard"}]}, "5 SPP earn only 0"),
        ({"spp": 6, "improvements": [{"gain": "normal", "skill": "Dodge"}]}, "it needs a double"),
        ({"spp": 6, "improvements": [{"gain": "normal", "skill": "Block"}]}, "already has it"),
        ({"spp": 6, "improvements": [{"gain": "normal", "skill": "Flying"}]}, "unknown skill 'Flying'"),
        ({"spp": 6, "improvements": [{"gain": "double", "skill": "Guard"}]}, "a normal skill for him"),
        ({"spp": 6, "improvements": [{"gain": "normal", "skill": "Tentacles"}]}, "may not gain it"),
        ({"spp": 31, "improvements": [{"gain": "st"}] * 3}, "more than 2 above its starting value 3"),
        ({"spp": 76, "improvements": [{"gain": "st"}] * 4, "injuries": [58]},
         "more than 2 above its starting value 3"),
        ({"spp": 16, "improvements": [{"gain": "normal", "skill": "Frenzy"},
                                      {"gain": "normal", "skill": "Grab"}]}, "exclude each other"),
        ({"injuries": [61]}, "is dead (casualty 61) but still on the roster"),
        ({"injuries": [11]}, "not a lasting casualty result"),
        ({"spp": 3, "record": {"played": 1, "touchdowns": 2}}, "3 SPP but the record earns 6"),
        ({"spp": 10, "record": {"played": 1, "mvp": 2}}, "2 MVP awards in 1 matches"),
        ({"spp": 6, "improvements": [{"gain": "speed"}]}, "unknown gain 'speed'"),
        ({"spp": -1}, "'spp' must be a non-negative integer"),
    ],
)
def test_impossible_histories_are_rejected(keys, message):
    with pytest.raises(TeamError, match=message.replace("(", r"\(").replace(")", r"\)")):
        LeagueTeam.from_dict(human(**keys))


def test_spp_from_before_the_record_was_kept_stay_valid():
    team = LeagueTeam.from_dict(human(spp=5))  # a team file with SPP and no record
    team.players[0].record["played"] = 1  # it plays a match and earns nothing
    assert LeagueTeam.from_dict(team.to_dict()).players[0].spp == 5


def test_injuries_lower_a_characteristic_at_most_twice_and_never_below_one():
    team = LeagueTeam.from_dict(human(injuries=[53, 54, 53]))
    assert team.players[0].changes() == (-2, 0, 0, 0)
    raw = default_team_dict("human")
    raw["players"][3]["injuries"] = [57, 57]  # the Ogre: AG 2 goes down once only
    assert LeagueTeam.from_dict(raw).player(4).changes() == (0, 0, -1, 0)


def test_leader_needs_a_double_for_a_blitzer():
    # Leader is a Passing skill: Double for Blitzers (G S normal, A P double)
    team = LeagueTeam.from_dict(human(spp=6, improvements=[{"gain": "double", "skill": "Leader"}]))
    assert team.players[0].value == 90_000 + 30_000


def test_graveyard_holds_the_dead():
    raw = default_team_dict("human")
    raw["graveyard"] = [{"position": "Lineman", "number": 30, "name": "Gone", "injuries": [41, 64]}]
    team = LeagueTeam.from_dict(raw)
    assert team.graveyard[0].dead and team.team_value() == 1_000_000
    raw["graveyard"][0]["injuries"] = [41]
    with pytest.raises(TeamError, match="death result"):
        LeagueTeam.from_dict(raw)


def test_purchases_after_creation_cost_double_for_rerolls_and_never_overspend():
    team = LeagueTeam.from_dict(default_team_dict("human"))
    team.treasury = 150_000
    buy(team, Purchase("reroll"))
    assert team.treasury == 50_000 and team.rerolls == 3  # 2 x 50,000
    before = team.to_dict()
    with pytest.raises(TeamError, match="cannot afford a reroll"):
        buy(team, Purchase("reroll"))
    with pytest.raises(TeamError, match=r"already has 1 Ogre \(the limit is 1\)"):
        team.treasury = 500_000
        buy(team, Purchase("player", "Ogre"))
    team.treasury = 50_000
    assert team.to_dict() == before
    buy(team, Purchase("player", "Lineman"))
    assert len(team.players) == 12 and team.treasury == 0
    fired = fire(team, team.players[-1].number)
    assert fired.position.name == "Lineman" and len(team.players) == 11


def test_undead_may_not_buy_an_apothecary():
    team = LeagueTeam.from_dict(default_team_dict("undead"))
    team.treasury = 100_000
    with pytest.raises(TeamError, match="may not have an apothecary"):
        buy(team, Purchase("apothecary"))


def test_team_check_accepts_history_and_rejects_an_impossible_one(tmp_path, capsys):
    good = tmp_path / "good.json"
    good.write_text(json.dumps(human(spp=6, improvements=[{"gain": "normal", "skill": "Guard"}])))
    assert main(["team", "check", str(good)]) == 0
    assert "TV 1,020,000" in capsys.readouterr().out
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(human(spp=6, improvements=[{"gain": "normal", "skill": "Dodge"}])))
    assert main(["team", "check", str(bad)]) == 1
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1 and "may not take Dodge: it needs a double" in err


def test_a_match_team_carries_league_players_and_a_new_team_may_not():
    from nuffle.core.teams import parse_team, team_to_dict
    from nuffle.teams import creation_problems

    team = LeagueTeam.from_dict(human(spp=6, improvements=[{"gain": "normal", "skill": "Guard"}],
                                      injuries=[51, 55]))
    spec = team.match_spec()
    again = parse_team(team_to_dict(spec))
    assert again == spec and again.players[0].niggles == 1 and again.players[0].changes == (0, 0, 0, -1)
    assert any("a new team has none" in p for p in creation_problems(spec))
    with pytest.raises(TeamError, match="through 'improvements'"):
        LeagueTeam.from_dict(team_to_dict(spec))
    raw = team_to_dict(spec)
    raw["players"][0]["changes"] = [0, 0, 0, -3]
    with pytest.raises(TeamError, match="'changes' must be four integers"):
        parse_team(raw)


def test_the_characteristic_cap_is_on_the_value_above_the_start_not_the_raises():
    """RULES §16.2: not more than 2 above the starting value (nor above 10). A Blitzer (ST 3)
    raised twice who lost a point of ST to an injury may be raised a third time."""
    from nuffle.core import league as L
    from nuffle.league.postmatch import improvement_choices

    raised = LeagueTeam.from_dict(human(spp=16, improvements=[{"gain": "st"}] * 2)).players[0]
    assert L.Gain.ST not in {o.gain for o in improvement_choices(raised, (6, 6))}
    hurt = human(spp=16, improvements=[{"gain": "st"}] * 2, injuries=[58])
    blitzer = LeagueTeam.from_dict(hurt).players[0]
    assert blitzer.changes() == (0, 1, 0, 0)
    assert L.Gain.ST in {o.gain for o in improvement_choices(blitzer, (6, 6))}
    # and a file with that history (three raises, one loss) is one that could have happened
    back = LeagueTeam.from_dict(human(spp=31, improvements=[{"gain": "st"}] * 3, injuries=[58])).players[0]
    assert back.changes() == (0, 2, 0, 0)
    assert L.increase_problem(9, 1, 0) == "it would exceed 10"
