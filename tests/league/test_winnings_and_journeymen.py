"""Two post-match decisions, with scripted dice: the winner's winnings re-roll, and hiring the
Journeymen who played for good (their SPP, record and injuries kept; improvement rolls at once)."""

from nuffle.core import league as L
from nuffle.core.dice import ScriptedRoller, d6, pick, two_d6
from nuffle.core.game import Game
from nuffle.core.skills import Skill
from nuffle.core.state import PSTAT_NAMES
from nuffle.core.teams import default_team_dict
from nuffle.league.manager import DefaultManager, RandomManager, decide
from nuffle.league.postmatch import PostMatchDice, post_match
from nuffle.league.prematch import field_team, journeymen
from nuffle.league.team import LeaguePlayer, LeagueTeam


def first(team, player, roll, options):
    return options[0]


def teams(home="human", away="orc"):
    return LeagueTeam.from_dict(default_team_dict(home)), LeagueTeam.from_dict(default_team_dict(away))


def game_of(pair, score=(0, 0), events=(), specs=None):
    home, away = specs or (pair[0].match_spec(), pair[1].match_spec())
    game = Game.new(home, away, seed=1)
    s = game.state
    for side in (0, 1):
        s.teams[side].score = score[side]
        s.teams[side].fame = 0
    for side, number, stat, value in events:
        pid = next(p.pid for p in s.info if p.team == side and p.number == number)
        s.set_pstat(pid, PSTAT_NAMES.index(stat), value)
    return game


def run(pair, game, script, **kw):
    roller = ScriptedRoller(script)
    new, record = post_match(game, pair, PostMatchDice(roller, 1), (first, first), **kw)
    assert not roller.queue, "every scripted die was used"
    return new, record


class Asked:
    """A re-roll decider that answers `answer` and notes what it was asked."""

    def __init__(self, answer):
        self.answer = answer
        self.asked = []

    def __call__(self, team, roll, winnings):
        self.asked.append((team.name, roll, winnings))
        return self.answer


# --- the winnings re-roll ----------------------------------------------------------------------

def test_the_winner_rerolls_its_winnings_and_the_second_roll_stands():
    pair = teams()
    home, away = Asked(True), Asked(True)
    # home D6 2, its re-roll 5, away D6 6; Fan Factor 3D6 (winner) and 2D6; MVP picks
    new, rec = run(pair, game_of(pair, (1, 0)), d6(2, 5, 6) + d6(1, 1, 1) + two_d6(1, 1) + pick(0) + pick(0),
                   rerollers=(home, away))
    assert home.asked == [(pair[0].name, 2, 30_000)] and away.asked == []  # the loser is never asked
    assert rec.sides[0].winnings_rolls == [2, 5] and rec.sides[0].winnings == 60_000  # (5+0+1)
    assert rec.sides[1].winnings_rolls == [6] and rec.sides[1].winnings == 60_000
    assert new[0].treasury == 60_000


def test_a_winner_who_keeps_its_roll_and_a_draw_roll_once():
    pair = teams()
    keep = Asked(False)
    _, rec = run(pair, game_of(pair, (0, 2)), d6(3, 1) + two_d6(1, 1) + d6(1, 1, 1) + pick(0) + pick(0),
                 rerollers=(Asked(True), keep))
    assert keep.asked == [(pair[1].name, 1, 20_000)] and rec.sides[1].winnings == 20_000
    draw = Asked(True)
    _, rec = run(pair, game_of(pair, (1, 1)), d6(3, 1) + two_d6(1, 1) + two_d6(1, 1) + pick(0) + pick(0),
                 rerollers=(draw, draw))
    assert draw.asked == [] and [r.winnings_rolls for r in rec.sides] == [[3], [1]]


def test_a_conceding_teams_opponent_may_reroll():
    pair = teams()
    winner = Asked(True)
    _, rec = run(pair, game_of(pair, (0, 0)), d6(1, 6, 4) + d6(1, 1, 1) + pick(0), conceded=1,
                 rerollers=(winner, Asked(True)))
    assert winner.asked and rec.sides[0].winnings == (6 + 1) * 10_000 + 4 * 10_000


def test_managers_on_the_winnings_reroll():
    t = teams()[0]
    assert [DefaultManager().reroll_winnings(t, d, 0) for d in range(1, 7)] == [True] * 3 + [False] * 3
    assert {RandomManager(s).reroll_winnings(t, 3, 0) for s in range(10)} == {True, False}

    class Old:  # a manager written before the decision: the default's answer
        seed = 0

    assert decide(Old(), "reroll_winnings")(t, 1, 0) is True


# --- keeping Journeymen -----------------------------------------------------------------------

def short_team():
    """A human team with 9 players: two Journeymen (Linemen, numbers 12 and 13) fill it up."""
    raw = default_team_dict("human")
    raw["players"] = [p for p in raw["players"] if p["number"] not in (10, 11)]
    raw["treasury"] = 40_000
    return LeagueTeam.from_dict(raw)


def test_journeymen_fill_up_to_eleven_with_loner():
    team = short_team()
    extra = journeymen(team)
    assert [p.number for p in extra] == [10, 11]
    assert all(p.position.name == "Lineman" and Skill.LONER in p.extra_skills for p in extra)
    assert field_team(team).players[-2:] == extra


def journeymen_match(events, script, keep, treasury=40_000 + 50_000):
    team = short_team()
    team.treasury = treasury - 40_000  # winnings of 40,000 come first (D6 3 + a win)
    pair = (team, teams()[1])
    specs = (field_team(team), pair[1].match_spec())
    game = game_of(pair, (1, 0), events, specs)
    seen = []

    def keeper(t, offered, cost):
        seen.append(([p.number for p in offered], cost, {p.number: p.spp for p in offered}))
        return keep

    new, rec = run(pair, game, d6(3, 3) + d6(1, 1, 1) + two_d6(1, 1) + pick(0) + pick(0) + script,
                   keepers=(keeper, keeper), journeymen=((10, 11), ()))
    return pair, new, rec, seen


def test_a_kept_journeyman_joins_with_his_spp_and_rolls_his_improvement():
    events = [(0, 10, "touchdowns", 2), (0, 11, "injury", 41)]
    pair, new, rec, seen = journeymen_match(events, two_d6(2, 3), keep=[10, 11, 99])
    assert seen == [([10, 11], 50_000, {10: 6, 11: 0})]
    hired = new[0].player(10)
    assert hired.position.name == "Lineman" and Skill.LONER not in hired.skills
    assert hired.spp == 6 and hired.record["touchdowns"] == 2 and hired.record["played"] == 1
    assert hired.record["mvp"] == 0 and rec.sides[0].mvp != 10  # never the MVP
    assert len(hired.improvements) == 1 and hired.improvements[0].gain is L.Gain.NORMAL  # the 2D6 5
    assert rec.sides[0].kept == [10]
    assert new[0].treasury == 40_000  # 50,000 + 40,000 winnings - one Lineman
    # the second could not be paid for, 99 never played: both skipped and noted
    assert any("Journeyman #11 not kept" in p and "cannot afford" in p for p in rec.sides[0].penalties)
    assert any("keep 99 skipped" in p for p in rec.sides[0].penalties)
    assert len(new[0].players) == len(pair[0].players) + 1
    assert LeagueTeam.from_dict(new[0].to_dict()).to_dict() == new[0].to_dict()  # a valid history


def test_a_hurt_journeyman_keeps_his_injury_and_a_dead_one_is_not_offered():
    events = [(0, 10, "injury", 64), (0, 11, "injury", 51)]
    _, new, rec, seen = journeymen_match(events, [], keep=[11], treasury=200_000)
    assert seen[0][0] == [11]
    kept = new[0].player(11)
    assert kept.mng and kept.niggles == 1 and rec.sides[0].kept == [11]


def test_no_journeymen_no_question_and_managers_choose():
    pair = teams()
    asked = []

    def keeper(*args):
        asked.append(args)
        return []

    run(pair, game_of(pair, (0, 0)), d6(3, 3) + two_d6(1, 1) + two_d6(1, 1) + pick(0) + pick(0),
        keepers=(keeper, keeper))
    assert asked == []
    team = short_team()
    team.treasury = 120_000
    offered = list(field_team(team).players[-2:])
    cands = [LeaguePlayer(p.position, p.number, p.name, spp=s) for p, s in zip(offered, (0, 3), strict=True)]
    assert DefaultManager().keep_journeymen(team, cands, 50_000) == [11, 10]  # most SPP first
    team.treasury = 60_000
    assert DefaultManager().keep_journeymen(team, cands, 50_000) == [11]
    assert decide(object(), "keep_journeymen")(team, cands, 50_000) == [11]


def test_random_manager_keeps_each_journeyman_with_probability_one_half():
    team = short_team()
    cands = [LeaguePlayer(p.position, p.number, p.name) for p in field_team(team).players[-2:]]
    kept = [tuple(RandomManager(seed).keep_journeymen(team, cands, 50_000)) for seed in range(12)]
    assert set(kept) <= {(), (10,), (11,), (10, 11)} and len(set(kept)) >= 3
