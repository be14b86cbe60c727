"""The post-match sequence, step by step, with scripted dice. The match's events are set on a
fresh game's per-player record (how the engine records them is tested in
tests/rules/test_player_stats.py)."""

import pytest

from nuffle.core import league as L
from nuffle.core.dice import ScriptedRoller, d6, pick, two_d6
from nuffle.core.game import Game
from nuffle.core.skills import Skill
from nuffle.core.state import PSTAT_NAMES
from nuffle.core.teams import default_team_dict
from nuffle.league.postmatch import PostMatchDice, improvement_choices, post_match
from nuffle.league.team import Improvement, LeagueTeam


def first(team, player, roll, options):
    return options[0]


def teams(home="human", away="orc"):
    return LeagueTeam.from_dict(default_team_dict(home)), LeagueTeam.from_dict(default_team_dict(away))


def game_of(pair, score=(0, 0), fame=(0, 0), events=()):
    """A game between the league teams with the given score, FAME and per-player events
    ((side, number, stat, value) ...)."""
    game = Game.new(pair[0].match_spec(), pair[1].match_spec(), seed=1)
    s = game.state
    for side in (0, 1):
        s.teams[side].score = score[side]
        s.teams[side].fame = fame[side]
    for side, number, stat, value in events:
        pid = next(p.pid for p in s.info if p.team == side and p.number == number)
        s.set_pstat(pid, PSTAT_NAMES.index(stat), value)
    return game


def run(pair, game, script, conceded=None, choosers=(first, first)):
    roller = ScriptedRoller(script)
    new, record = post_match(game, pair, PostMatchDice(roller, 1), choosers, conceded)
    assert not roller.queue, "every scripted die was used"
    return new, record


# Dice in order: winnings (D6 home, away), Fan Factor (home, away), MVP picks (home, away),
# improvement rolls, concession rolls.
def basic(winnings=(3, 3), ff=None, mvps=(0, 0)):
    ff = ff or (two_d6(1, 1), two_d6(1, 1))
    return d6(*winnings) + ff[0] + ff[1] + pick(mvps[0]) + pick(mvps[1])


def test_winnings_fame_and_the_draw_bonus():
    pair = teams()
    new, rec = run(pair, game_of(pair, (1, 1), fame=(2, 0)), basic(winnings=(3, 5)))
    assert [r.winnings for r in rec.sides] == [60_000, 60_000]  # (3+2+1), (5+0+1)
    assert new[0].treasury == 60_000 and pair[0].treasury == 0  # the teams passed in are unchanged


def test_loser_gets_no_bonus_and_concession_gives_winnings_to_the_opponent():
    pair = teams()
    _, rec = run(pair, game_of(pair, (2, 0)), d6(4, 4) + d6(1, 1, 1) + two_d6(1, 1) + pick(0) + pick(0))
    assert [r.winnings for r in rec.sides] == [50_000, 40_000]
    pair = teams()
    # away concedes: no Fan Factor roll for it, no MVP; its winnings go home
    new, rec = run(pair, game_of(pair, (0, 0)), d6(4, 4) + d6(1, 1, 1) + pick(0), conceded=1)
    assert [r.winnings for r in rec.sides] == [50_000 + 40_000, 0]  # (4+0+1) and the loser's (4+0)
    assert rec.sides[1].fan_factor_change == -1 and new[1].fan_factor == pair[1].fan_factor - 1
    assert rec.sides[1].mvp == 0


@pytest.mark.parametrize(
    ("score", "ff_dice", "change"),
    [
        ((1, 0), d6(6, 6, 6), 1),  # won: 3D6 18 > FF
        ((1, 0), d6(1, 1, 1), 0),  # won: 3 not > FF
        ((0, 0), two_d6(6, 6), 1),  # drew: 12 > FF
        ((0, 0), two_d6(1, 2), -1),  # drew: 3 < FF
        ((0, 1), two_d6(1, 2), -1),  # lost: 3 < FF
        ((0, 1), two_d6(6, 6), 0),  # lost: never up
    ],
)
def test_fan_factor(score, ff_dice, change):
    pair = teams()  # human FF 7
    away_ff = d6(1, 1, 1) if score[1] > score[0] else two_d6(3, 4)
    _, rec = run(pair, game_of(pair, score), d6(1, 1) + ff_dice + away_ff + pick(0) + pick(0))
    assert rec.sides[0].fan_factor_change == change


@pytest.mark.parametrize(("tv", "expenses"), [(1_740_000, 0), (1_750_000, 10_000), (1_890_000, 10_000),
                                              (1_900_000, 20_000), (2_350_000, 50_000)])
def test_spiralling_expenses_table(tv, expenses):
    assert L.spiralling_expenses(tv) == expenses


def test_spiralling_expenses_are_paid_from_the_treasury():
    pair = teams()
    pair[0].rerolls = 8
    pair[0].treasury = 100_000
    pair[0].fan_factor = 20  # TV 1,000,000 + 6 x 50,000 + 13 x 10,000 = 1,430,000
    pair[0].assistant_coaches = 35  # + 350,000 = 1,780,000
    assert pair[0].team_value() == 1_780_000
    new, rec = run(pair, game_of(pair, (0, 0)), basic(ff=(two_d6(6, 6), two_d6(1, 1))))
    assert rec.sides[0].expenses == 10_000
    assert new[0].treasury == 100_000 + 40_000 - 10_000


def test_spp_from_the_match_events_and_the_mvp():
    pair = teams()
    events = [(0, 2, "completions", 2), (0, 3, "touchdowns", 1), (0, 1, "casualties", 1),
              (1, 5, "interceptions", 1)]
    new, rec = run(pair, game_of(pair, (1, 0), events=events),
                   d6(1, 1) + d6(1, 1, 1) + two_d6(3, 4) + pick(1) + pick(0) + two_d6(1, 2))
    home = {p.number: p for p in new[0].players}
    assert home[2].spp == 2 + 5  # two completions and the MVP (pick 1 = the second number)
    assert home[3].spp == 3 and home[1].spp == 2
    assert rec.sides[0].mvp == 2 and home[2].record["mvp"] == 1
    assert len(home[2].improvements) == 1  # 7 SPP: Experienced
    away = {p.number: p for p in new[1].players}
    assert away[5].spp == 2 and away[1].spp == 5
    assert all(p.record["played"] == 1 for p in new[0].players)


def test_crossing_a_threshold_rolls_an_improvement_the_chooser_picks_among_the_legal_ones():
    pair = teams()
    pair[0].players[0].spp = 5  # the Blitzer: one touchdown takes him to 8 SPP, Experienced
    seen = []

    def choose(team, player, roll, options):
        seen.append((roll, options))
        return Improvement(L.Gain.ST)

    events = [(0, 1, "touchdowns", 1)]
    new, _ = run(pair, game_of(pair, (1, 0), events=events),
                 d6(1, 1) + d6(1, 1, 1) + two_d6(3, 4) + pick(5) + pick(0) + two_d6(6, 6),
                   choosers=(choose, first))
    (roll, options), = seen
    assert roll == (6, 6)
    assert Improvement(L.Gain.ST) in options and Improvement(L.Gain.MA) not in options
    assert Improvement(L.Gain.DOUBLE, Skill.DODGE) in options  # a double: Agility for a Blitzer
    assert all(o.skill is not Skill.BLOCK for o in options)  # he has it
    blitzer = new[0].player(1)
    assert blitzer.improvements == [Improvement(L.Gain.ST)] and blitzer.title == "Experienced"
    assert new[0].team_value() == pair[0].team_value() + 50_000


def test_improvement_menu():
    assert L.menu(3, 4) == {L.Gain.NORMAL}
    assert L.menu(2, 2) == {L.Gain.NORMAL, L.Gain.DOUBLE}
    assert L.menu(4, 6) == {L.Gain.NORMAL, L.Gain.MA, L.Gain.AV}
    assert L.menu(5, 5) == {L.Gain.NORMAL, L.Gain.DOUBLE, L.Gain.MA, L.Gain.AV}
    assert L.menu(5, 6) == {L.Gain.NORMAL, L.Gain.AG}
    assert L.menu(6, 6) == {L.Gain.NORMAL, L.Gain.DOUBLE, L.Gain.ST}


def test_a_normal_roll_offers_only_normal_skills_and_an_illegal_pick_takes_the_first_legal_one():
    pair = teams()
    pair[0].players[0].spp = 5
    bad = Improvement(L.Gain.DOUBLE, Skill.DODGE)
    new, rec = run(pair, game_of(pair, (1, 0), events=[(0, 1, "touchdowns", 1)]),
                   d6(1, 1) + d6(1, 1, 1) + two_d6(3, 4) + pick(5) + pick(0) + two_d6(1, 2),
                   choosers=(lambda *a: bad, first))
    legal = improvement_choices(pair[0].players[0], (1, 2))
    assert bad not in legal and all(o.gain is L.Gain.NORMAL for o in legal)
    assert new[0].player(1).improvements == [legal[0]]
    assert "illegal improvement" in rec.sides[0].penalties[0]


def test_injuries_recorded_and_served():
    pair = teams()
    pair[0].player(4).mng = True  # the Ogre misses this match
    events = [(0, 6, "injury", 41), (0, 8, "injury", 51), (0, 9, "injury", 58), (0, 10, "injury", 11)]
    game = game_of(pair, (0, 0), events=events)
    assert all(p.number != 4 for p in game.state.info if p.team == 0)
    new, _ = run(pair, game, basic())
    home = new[0]
    assert not home.player(4).mng  # served
    assert home.player(6).mng and home.player(6).injuries == [41]
    assert home.player(8).niggles == 1 and home.player(8).mng
    assert home.player(9).changes() == (0, -1, 0, 0)
    assert not home.player(10).mng and not home.player(10).injuries  # Badly Hurt: nothing lasting
    # the Ogre is back, three Linemen miss the next match, the draw's 2D6 of 2 cost a fan
    assert home.team_value() == pair[0].team_value() + 140_000 - 3 * 50_000 - 10_000
    assert LeagueTeam.from_dict(home.to_dict()).to_dict() == home.to_dict()


def test_the_dead_go_to_the_graveyard_and_a_necromancer_raises_a_zombie():
    pair = teams("undead", "human")
    events = [(1, 6, "injury", 64)]  # a human Lineman (ST 3) dies
    new, rec = run(pair, game_of(pair, (0, 0), events=events), basic())
    assert all(p.number != 6 for p in new[1].players)
    assert new[1].graveyard[0].number == 6 and new[1].graveyard[0].dead
    zombie = new[0].player(rec.sides[0].raised[0])
    assert zombie.position.name == "Zombie" and len(new[0].players) == len(pair[0].players) + 1
    assert LeagueTeam.from_dict(new[1].to_dict()).graveyard[0].injuries == [64]


def test_an_ogre_is_too_strong_to_raise():
    pair = teams("undead", "human")
    _, rec = run(pair, game_of(pair, (0, 0), events=[(1, 4, "injury", 61)]), basic())
    assert rec.sides[0].raised == []


def test_nurgle_gains_a_rotter_per_opponent_rotted():
    pair = teams("nurgle", "human")
    game = game_of(pair, (0, 0))
    game.state.count_stat(0, 8, 2)
    new, rec = run(pair, game, basic())
    assert len(rec.sides[0].raised) == 2
    assert all(new[0].player(n).position.name == "Rotter" for n in rec.sides[0].raised)


def test_conceding_team_stars_may_leave():
    pair = teams()
    pair[1].player(1).spp = 51
    pair[1].player(2).spp = 60
    # winnings, home Fan Factor (3D6: home wins), home MVP (none for the conceding team), the
    # away players' four improvement rolls each, then a concession D6 for numbers 1 and 2
    improvements = [outcome for _ in range(8) for outcome in two_d6(1, 2)]
    script = d6(1, 1) + d6(1, 1, 1) + pick(0) + improvements + d6(3, 4)
    new, rec = run(pair, game_of(pair, (0, 0)), script, conceded=1)
    assert rec.sides[1].left == [1]  # a 3 leaves, a 4 stays
    assert all(p.number != 1 for p in new[1].players) and new[1].player(2).spp == 60


def test_roster_limits_still_hold_after_the_post_match_sequence():
    from nuffle.core.teams import TeamError
    from nuffle.league.management import Purchase, buy

    pair = teams()
    new, _ = run(pair, game_of(pair, (0, 0)), basic())
    new[0].treasury = 1_000_000
    with pytest.raises(TeamError, match="already has 1 Ogre"):  # the copies share the rosters' positionals
        buy(new[0], Purchase("player", "Ogre"))
