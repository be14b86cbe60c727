"""BB2020's post-game from a match played by the engines (RULES §16): `game_result` turns a
finished match into the `GameResult` the post-game sequence takes (scores, Fan Factors, each
rostered player's and Journeyman's SPP events and casualty, mercenaries left out), and a BB2020
league plays its matches through the engine, pre-game to post-game, on both engines alike."""

from __future__ import annotations

import importlib.util
from dataclasses import replace

import pytest

from nuffle.agents.registry import make_agent
from nuffle.core.actions import Action, ActionType
from nuffle.core.bb2020.inducements import Induce2020, Item
from nuffle.core.bb2020.league_team import ForcedDice, PostGameError, SeededDice, Team2020
from nuffle.core.bb2020.postgame import Casualty, winnings
from nuffle.core.bb2020.pregame import PreGame, PreGameTeam, pre_game
from nuffle.core.dice import ScriptedRoller, coin, d6, d8, two_d6
from nuffle.core.game import Game
from nuffle.core.ruleset import draft_ruleset
from nuffle.core.state import PSTAT_NAMES
from nuffle.core.types import Status
from nuffle.league.bb2020 import DefaultManager2020, league_team
from nuffle.league.bb2020_match import casualty, game_result, play_league_match
from nuffle.play import play
from nuffle.teams_bb2020 import build_team, check_team, parse_team, suggest_team
from nuffle.teams_bb2020_pregame import match_spec
from nuffle.testing import edit, throw_team_mate, ttm_scenario

BB2020 = draft_ruleset("bb2020")
HAS_NATIVE = importlib.util.find_spec("nuffle._native") is not None
NATIVE = pytest.mark.skipif(not HAS_NATIVE, reason="no native extension")
ENGINES = ["python", pytest.param("native", marks=NATIVE)]


def test_every_bb2020_casualty_code_is_a_post_game_casualty() -> None:
    assert casualty(BB2020, 0) == (None, None)
    assert casualty(BB2020, 6) == (Casualty.BADLY_HURT, None)
    assert casualty(BB2020, 9) == (Casualty.SERIOUSLY_HURT, None)
    assert casualty(BB2020, 12) == (Casualty.SERIOUS_INJURY, None)
    assert casualty(BB2020, 15) == (Casualty.DEAD, None)
    got = [casualty(BB2020, BB2020.lasting_base + d6) for d6 in range(1, 7)]
    assert got == [(Casualty.LASTING_INJURY, s) for s in ("av", "av", "ma", "pa", "ag", "st")]


def _teams() -> tuple[Team2020, Team2020]:
    humans = league_team(parse_team(build_team("human", [("Blitzer", 2), ("Human Lineman", 9)])), 0)
    orcs = league_team(parse_team(build_team("orc", [("Orc Lineman", 11)])), 300_000)
    return humans, replace(orcs, players=(replace(orcs.players[0], mng=True), *orcs.players[1:]))


def _played(engine: str) -> tuple[Game, Team2020, Team2020, PreGame]:
    humans, orcs = _teams()

    def orc_choices(cart: object, opponent: Team2020) -> list[Induce2020]:
        return [Induce2020(Item.MERCENARY, "Blitzer")]

    record = pre_game(humans, orcs, ForcedDice([(3, 1), (3, 2)]), choose_away=orc_choices)
    sheets = match_spec(humans, record.home), match_spec(orcs, record.away)
    game = Game.new(sheets[0], sheets[1], seed=11, ruleset=BB2020, engine=engine)
    play(game, make_agent("random", seed=1), make_agent("random", seed=2))
    return game, humans, orcs, record


@pytest.mark.parametrize("engine", ENGINES)
@pytest.mark.parametrize(("die", "completions"), [(4, 1), (3, 0)])
def test_a_landed_superb_team_mate_throw_is_the_throwers_completion(engine: str, die: int,
                                                                    completions: int) -> None:
    """RULES §8.7/§16: a Superb throw (4 at PA 4+) whose thrown player lands is a completion for
    the thrower in the post-game's `GameResult`; a Subpar one (3) that lands is not."""
    sc, thrower, thrown = ttm_scenario(engine, d6(die) + d8(5, 5, 7) + d6(4), ball=True)
    game = throw_team_mate(sc, thrower, thrown, (12, 7))
    game.step(Action(ActionType.END_TURN))
    assert game.result.over and game.state.status[thrown] == Status.STANDING
    record = PreGameTeam("Humans", 1, 1, (), 1_000_000, 0, (), (), 0, 0)
    got = {p.number: p.completions for p in game_result(game, 0, record).players}
    assert got[game.state.info[thrower].number] == completions and sum(got.values()) == completions


@pytest.mark.parametrize("engine", ENGINES)
def test_a_finished_match_is_each_teams_game_result(engine: str) -> None:
    game, _, orcs, record = _played(engine)
    s = game.state
    by_number = {s.info[p].number: p for p in s.team_players(1)}
    journeyman, mercenary = record.away.journeymen[0].number, record.away.mercenaries[0].number
    column = {name: i for i, name in enumerate(PSTAT_NAMES)}

    def put(number: int, **stats: int) -> None:
        for name, value in stats.items():
            with edit(game) as st:
                st.set_pstat(by_number[number], column[name], value)

    put(2, touchdowns=2, completions=3, injury=BB2020.lasting_base + 5)  # a Lasting Injury: -AG
    put(3, interceptions=1, deflections=2, casualties=2, injury=7, injury2=15)  # decayed: the worse, Dead
    put(journeyman, touchdowns=1, injury=4)
    put(mercenary, touchdowns=1)
    result = game_result(game, 1, record.away)
    home = game_result(game, 0, record.home)
    assert (result.score, result.opponent_score) == (game.result.score.away, game.result.score.home)
    assert (home.score, home.fan_factor) == (result.opponent_score, result.opponent_fan_factor)
    assert (result.fan_factor, result.opponent_fan_factor) == (record.away.fan_factor, record.home.fan_factor)
    games = {g.number: g for g in result.players}
    assert orcs.players[0].number not in games and mercenary not in games  # missed the game; hired
    assert set(games) == {p.number for p in orcs.players[1:]} and all(g.mvp_eligible for g in games.values())
    two, three = games[2], games[3]
    assert (two.touchdowns, two.completions) == (2, 3)
    assert (two.casualty, two.lasting) == (Casualty.LASTING_INJURY, "ag")
    assert (three.interceptions, three.deflections, three.casualties) == (1, 2, 2)
    assert three.casualty is Casualty.DEAD
    (j,) = result.journeymen
    assert (j.number, j.touchdowns, j.casualty) == (journeyman, 1, Casualty.BADLY_HURT)


def test_an_unfinished_match_has_no_post_game() -> None:
    humans, orcs = _teams()
    record = pre_game(humans, orcs, ForcedDice([(3, 1), (3, 2), (16, 4)]))  # the orcs, 70,000 behind, pray
    sheets = match_spec(humans, record.home), match_spec(orcs, record.away)
    game = Game.new(sheets[0], sheets[1], roller=ScriptedRoller(two_d6(3, 4) + coin(0)), ruleset=BB2020)
    with pytest.raises(PostGameError, match="not over"):
        game_result(game, 0, record.home)


def _rounds(engine: str) -> tuple[list[tuple[Team2020, Team2020]], int]:
    """Two rounds of a four-team BB2020 league (four matches, the scripted bot coaching every
    team), pre-game to post-game; the teams after each match and the touchdowns scored."""
    races = ("human", "orc", "dwarf", "wood-elf")
    teams = [league_team(check_team(suggest_team(race)), 50_000) for race in races]
    dice = SeededDice(7)
    out = []
    touchdowns = 0
    for seed, (a, b) in enumerate(((0, 1), (2, 3), (0, 2), (1, 3))):
        coaches = DefaultManager2020(seed), DefaultManager2020(seed + 10)
        match = play_league_match(teams[a], teams[b], coaches, dice, BB2020, seed=seed, engine=engine,
                                  bots=("scripted", "scripted"))
        score = match.game.result.score
        touchdowns += score.home + score.away
        for side, before in enumerate((teams[a], teams[b])):
            report, result = match.reports[side].game, match.results[side]
            assert result.score == (score.home, score.away)[side]
            eligible = {p.number for p in before.players} | {g.number for g in result.journeymen}
            assert report.mvp in eligible and report.spp[report.mvp] >= 4
            assert report.winnings == winnings(result) > 0
            scored = sum(g.touchdowns for g in (*result.players, *result.journeymen))
            assert scored <= result.score  # a mercenary's touchdown earns nobody SPP
        teams[a], teams[b] = match.teams
        out.append(match.teams)
    return out, touchdowns


@pytest.mark.slow
@NATIVE
def test_a_bb2020_league_plays_end_to_end_alike_on_both_engines() -> None:
    python, native = _rounds("python"), _rounds("native")
    assert python == native and python[1] > 0
