"""The Prayers to Nuffle that change SPP (TABLES §12, RULES §16.1) from the match to the
post-game, on both engines: while in effect for a team the engines count the events they
reward (Perfect Passing: completions; Necessary Violence: Block casualties; Fan Interaction:
opponents pushed into the crowd and made casualties, for the acting player; Fouling Frenzy:
casualties caused by fouls), `game_result` hands the counts to the post-game, which adds their
SPP (`PlayerGame.prayer_spp`, `postgame.json`'s "prayer_spp")."""

from __future__ import annotations

import importlib.util

import pytest

from nuffle.core.actions import ActionType as T
from nuffle.core.bb2020.league_team import ForcedDice, PostGameError, Team2020, new_player
from nuffle.core.bb2020.postgame import GameResult, PlayerGame, post_game
from nuffle.core.bb2020.pregame import PreGameTeam
from nuffle.core.bb2020.rosters import team
from nuffle.core.dice import Dice, Outcome, block, d6, d8, d16, two_d6
from nuffle.core.game import Game
from nuffle.core.procedures.passing import Pass
from nuffle.core.ruleset import draft_ruleset
from nuffle.core.skills import Skill
from nuffle.core.state import PSTAT_NAMES, PSTATS
from nuffle.core.types import BlockFace, Status
from nuffle.league.bb2020 import league_team
from nuffle.league.bb2020_match import game_result
from nuffle.teams_bb2020 import parse_team, suggest_team
from nuffle.testing import bb2020_scenario, do, foul, foul_scenario

BB2020 = draft_ruleset("bb2020")
HAS_NATIVE = importlib.util.find_spec("nuffle._native") is not None
NATIVE = pytest.mark.skipif(not HAS_NATIVE, reason="no native extension")
ENGINES = ["python", pytest.param("native", marks=NATIVE)]
NV, FI, FF, PP = "Necessary Violence", "Fan Interaction", "Fouling Frenzy", "Perfect Passing"
CASUALTY = two_d6(5, 6) + d16(1)  # injury 11: a casualty, Badly Hurt
RECORD = PreGameTeam("Humans", 1, 1, (), 1_000_000, 0, (), (), 0, 0)


def _count(game: Game, pid: int, name: str) -> int:
    return int(game.state.pstats[pid * PSTATS + PSTAT_NAMES.index(name)])


def _block(engine: str, home: tuple[str, ...], away: tuple[str, ...], crowd: bool) -> tuple[Game, int, int]:
    """The home Blitzer blocks a Big Un (ST 3 here): Defender Down on (11, 7) (armour 10 breaks AV
    10+), or pushed into the crowd from (10, 0); a casualty either way; then the turn ends,
    and the match with it."""
    face = BlockFace.PUSHED if crowd else BlockFace.DEFENDER_DOWN
    script = block(face) + ([] if crowd else two_d6(5, 5)) + CASUALTY
    sc = bb2020_scenario(script=script, engine=engine).set(apothecaries=(0, 0))
    sc.pray(0, *home).pray(1, *away)
    att, dfd = sc.pid(0, "Blitzer"), sc.pid(1, "Big Un Blocker")
    sc.grant(dfd, st=3)  # one block die
    target = (10, 0) if crowd else (11, 7)
    sc.put(att, (10, 1) if crowd else (10, 7)).put(dfd, target)
    game = sc.start(active=0)
    do(game, T.START_BLOCK, att)
    do(game, T.BLOCK, square=target)
    do(game, T.SELECT_PUSHED if crowd else T.SELECT_DEFENDER_DOWN)
    do(game, T.PUSH, square=(10, -1) if crowd else (12, 7))
    do(game, T.DECLINE)
    assert game.state.status[dfd] == Status.CASUALTY
    do(game, T.END_TURN)
    assert game.result.over and not game.roller.queue  # type: ignore[attr-defined]
    return game, att, dfd


@pytest.mark.parametrize("engine", ENGINES)
@pytest.mark.parametrize(("home", "away", "counted", "spp"), [
    ((NV,), (), 1, 3),  # 3 SPP instead of 2
    ((), (NV,), 0, 2),  # the opponents' prayer rewards their own players only
    ((), (), 0, 2),
    ((FI, FF), (), 0, 2),  # neither rewards a Block casualty
])
def test_necessary_violence_makes_a_block_casualty_worth_three(engine: str, home: tuple[str, ...],
                                                              away: tuple[str, ...], counted: int,
                                                              spp: int) -> None:
    game, att, _ = _block(engine, home, away, crowd=False)
    assert _count(game, att, "casualties") == 1 and _count(game, att, "necessary_violence") == counted
    got = {g.number: g for g in game_result(game, 0, RECORD).players}[game.state.info[att].number]
    assert (got.casualties, got.necessary_violence, got.spp()) == (1, counted, spp)


@pytest.mark.parametrize("engine", ENGINES)
@pytest.mark.parametrize(("home", "spp"), [((NV,), 3), ((), 2)])
def test_the_league_post_game_pays_the_prayers_spp(engine: str, home: tuple[str, ...], spp: int) -> None:
    """The match (either engine) -> `game_result` -> the post-game of the suggested Humans as a
    league team: the blocker's SPP (a 0-0 draw: no fans roll; the MVP, a die of 11 faces, 1: #1,
    goes elsewhere)."""
    game, att, _ = _block(engine, home, (), crowd=False)
    team = league_team(parse_team(suggest_team("human")), 0)
    number = game.state.info[att].number
    assert number != 1
    new, report = post_game(team, game_result(game, 0, RECORD), ForcedDice([(11, 1)]))  # a draw: no fans roll
    assert report.mvp == 1 and report.spp[number] == spp and new.player(number).spp == spp


@pytest.mark.parametrize("engine", ENGINES)
@pytest.mark.parametrize(("home", "counted", "spp"), [((FI,), 1, 2), ((), 0, 0), ((NV,), 0, 0)])
def test_fan_interaction_rewards_a_crowd_push_casualty(engine: str, home: tuple[str, ...], counted: int,
                                                       spp: int) -> None:
    """A casualty in the crowd is no Block casualty (RULES §16.1): 0 SPP, unless the blocker's
    team has Fan Interaction: 2."""
    game, att, _ = _block(engine, home, (), crowd=True)
    assert _count(game, att, "casualties") == 0 and _count(game, att, "fan_interaction") == counted
    got = {g.number: g for g in game_result(game, 0, RECORD).players}[game.state.info[att].number]
    assert (got.fan_interaction, got.spp()) == (counted, spp)


@pytest.mark.parametrize("engine", ENGINES)
@pytest.mark.parametrize(("home", "counted"), [((FF,), 1), ((), 0), ((NV,), 0)])
def test_fouling_frenzy_rewards_a_foul_casualty(engine: str, home: tuple[str, ...], counted: int) -> None:
    """Armour 4 + 6 breaks the Big Un's 10+ (no double: not spotted), injury 11, Badly Hurt."""
    sc, fouler, victim, _, _ = foul_scenario(engine, two_d6(4, 6) + CASUALTY, rules=BB2020)
    sc.set(apothecaries=(0, 0)).pray(0, *home)
    game = sc.start(active=0)
    foul(game, fouler, (11, 7))
    assert game.state.status[victim] == Status.CASUALTY
    assert _count(game, fouler, "casualties") == 0 and _count(game, fouler, "fouling_frenzy") == counted
    do(game, T.END_TURN)
    got = {g.number: g for g in game_result(game, 0, RECORD).players}[game.state.info[fouler].number]
    assert (got.fouling_frenzy, got.spp()) == (counted, 2 * counted)


def _passed(engine: str, home: tuple[str, ...], script: list[tuple[Dice, Outcome]]) -> tuple[Game, int]:
    """A Human Thrower (PA 3+) passes Short to a Catcher (AG 3+) on (10, 7)."""
    sc = bb2020_scenario(script=script, engine=engine).pray(0, *home)
    thrower, catcher = sc.pid(0, "Thrower"), sc.pid(0, "Catcher")
    sc.take(thrower, Skill.PASS).grant(thrower, pa=3).take(catcher, Skill.CATCH, Skill.DIVING_CATCH)
    sc.put(thrower, (5, 7)).give_ball(thrower).put(catcher, (10, 7))
    return sc.start(active=0, proc=Pass(thrower, sc.state.board.sq(10, 7))), thrower


@pytest.mark.parametrize("engine", ENGINES)
@pytest.mark.parametrize(("home", "die", "counted"), [
    ((PP,), 4, 1),  # accurate and caught: a completion under Perfect Passing
    ((PP,), 3, 0),  # inaccurate (caught after the scatters): no completion
    ((), 4, 0),
])
def test_perfect_passing_counts_the_completions(engine: str, home: tuple[str, ...], die: int,
                                                counted: int) -> None:
    script = d6(4, 3) if die == 4 else [*d6(3), *d8(5, 6, 2), *d6(6)]  # back to (10, 7)
    game, thrower = _passed(engine, home, script)
    assert game.state.carrier() is not None and not game.state.turnover
    assert _count(game, thrower, "perfect_passing") == counted
    assert _count(game, thrower, "completions") == (1 if die == 4 else 0)
    assert not game.roller.queue  # type: ignore[attr-defined]


# --- the post-game -------------------------------------------------------------------------------

def _humans() -> Team2020:
    human = team("human")
    lineman = human.positional("Human Lineman")
    assert lineman is not None
    return Team2020(human, "Reikland", tuple(new_player(lineman, i + 1) for i in range(11)), treasury=0,
                    dedicated_fans=3)


def test_the_post_game_adds_the_prayers_spp() -> None:
    """#1: 2 completions (1 under Perfect Passing), 1 Block casualty under Necessary Violence,
    a crowd and a foul casualty under their prayers: 6 SPP more than without them; #2 the MVP."""
    one = PlayerGame(1, completions=2, perfect_passing=1, casualties=1, necessary_violence=1,
                     fan_interaction=1, fouling_frenzy=1)
    assert one.prayer_spp() == 1 + 1 + 2 + 2 and one.spp() == 2 + 1 + 2 + 1 + 2 + 2
    r = GameResult(1, 0, 4, 3, (one, PlayerGame(2)))
    new, report = post_game(_humans(), r, ForcedDice([(6, 1), (2, 2)]))  # fans roll, MVP: #2
    assert report.spp == {1: 10, 2: 4} and new.player(1).spp == 10
    assert report.winnings == 45_000  # (4 + 3) / 2 + 1 touchdown, x 10,000: no prayer changes it


@pytest.mark.parametrize(("game", "message"), [
    (PlayerGame(1, completions=1, perfect_passing=2), "cannot reward more"),
    (PlayerGame(1, casualties=0, necessary_violence=1), "cannot reward more"),
    (PlayerGame(1, fan_interaction=-1), "cannot be negative"),
])
def test_impossible_prayer_counts_are_one_error(game: PlayerGame, message: str) -> None:
    with pytest.raises(PostGameError, match=message) as info:
        post_game(_humans(), GameResult(1, 0, 4, 3, (game,)), ForcedDice([(6, 1)]))
    assert "\n" not in str(info.value)
