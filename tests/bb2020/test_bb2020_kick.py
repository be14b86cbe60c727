"""The BB2020 kick on both engines (RULES §5.3, §5.5): the kicking player (implicit, as FFB's)
may be one off the line of scrimmage and out of the wide zones, else one on the line, and only
he may use Kick; a touchback with no standing receiver able to hold the ball goes to another
receiving player on the pitch and bounces; the landing catch is at -1 with no team re-roll; a
kick-off bounce out of the receiving half is a touchback.

Home (a BB2020 Human team) kicks; its half is x 0-12 (line of scrimmage x = 12), wide zones
y 0-3 and 11-14; away (BB2020 Orcs) receives on x 13-25. D8 4 is one square left, 5 right.
"""

from __future__ import annotations

import importlib.util

import pytest

from nuffle.core.actions import ActionType
from nuffle.core.dice import Dice, Outcome, d6, d8, two_d6
from nuffle.core.game import Game
from nuffle.core.procedures.kickoff import Kickoff
from nuffle.core.ruleset import LRB6, Ruleset, draft_ruleset
from nuffle.core.skill_rules.bb2020_kick_skills import kickers
from nuffle.core.skills import Skill
from nuffle.core.teams import TeamSpec
from nuffle.core.types import BallState, Status
from nuffle.teams_bb2020 import check_team, suggest_team
from nuffle.teams_bb2020_match import match_team
from nuffle.testing import Scenario, do

BB2020 = draft_ruleset("bb2020")
HAS_NATIVE = importlib.util.find_spec("nuffle._native") is not None
NO_NATIVE = pytest.mark.skipif(not HAS_NATIVE, reason="no native extension")
ENGINES = ["python", pytest.param("native", marks=NO_NATIVE)]
T = ActionType
GET_THE_REF = two_d6(1, 1)  # a kick-off result with no dice and no decisions (both tables)
THROWER, CATCHER, BLITZER = 0, 1, 2  # home (Human)
O_BLITZER, O_BIG_UN, O_BLITZER2 = 11, 12, 14  # away (Orc): AG 3+, 4+, 3+


def _team(race: str) -> TeamSpec:
    return match_team(check_team(suggest_team(race))).spec


def _scenario(engine: str, script: list[tuple[Dice, Outcome]], rules: Ruleset = BB2020) -> Scenario:
    return Scenario(_team("human"), _team("orc"), script=script, engine=engine, rules=rules)


def _kick(sc: Scenario, target: tuple[int, int], rerolls: tuple[int, int] = (0, 0)) -> Game:
    """Home kicks to `target`."""
    sc.set(kicking=0, rerolls=rerolls)
    game = sc.start(proc=Kickoff())
    do(game, T.PLACE_BALL, square=target)
    return game


def _xy(game: Game) -> tuple[int, int]:
    return game.state.board.xy(game.state.ball)


# --- the kicking player and Kick -----------------------------------------------------------

#: Home's set-ups (player -> square), the Blitzer having Kick, and whether he may kick.
KICKER_CASES = [
    ({BLITZER: (8, 7), CATCHER: (12, 7)}, True),  # off the line, out of the wide zones
    ({BLITZER: (12, 7), CATCHER: (8, 7)}, False),  # on the line: the Catcher kicks
    ({BLITZER: (12, 7), CATCHER: (12, 6), THROWER: (8, 2)}, True),  # nobody off it but wide: the line
    ({BLITZER: (8, 2), CATCHER: (12, 7)}, False),  # wide zone: the line's Catcher kicks
    ({BLITZER: (8, 2), CATCHER: (8, 12)}, True),  # everyone in a wide zone: any of them
]


@pytest.mark.parametrize("engine", ENGINES)
@pytest.mark.parametrize(("setup", "may"), KICKER_CASES)
def test_only_a_player_who_may_be_the_kicker_uses_kick(engine: str, setup: dict[int, tuple[int, int]],
                                                      may: bool) -> None:
    # kick to (20, 7): D8 5 right, D6 5 -> (25, 7), or halved 2 -> (22, 7); then a bounce left
    sc = _scenario(engine, d8(5) + d6(5) + GET_THE_REF + d8(4))
    sc.grant(BLITZER, Skill.KICK)
    for pid, sq in setup.items():
        sc.put(pid, sq)
    sc.put(O_BLITZER, (15, 2))
    assert (BLITZER in kickers(sc.state)) is may
    game = _kick(sc, (20, 7))
    if may:
        assert game.legal_actions().types() == [T.USE_SKILL, T.DECLINE]
        do(game, T.USE_SKILL)
        assert _xy(game) == (21, 7)
    else:
        assert _xy(game) == (24, 7)  # no decision: the full distance
    assert game.state.ball_state == BallState.ON_GROUND
    assert not sc.roller.queue


@pytest.mark.parametrize("engine", ENGINES)
def test_lrb6_kick_stays_off_the_line_even_when_nobody_else_could_kick(engine: str) -> None:
    sc = Scenario(script=d8(5) + d6(5) + GET_THE_REF + d8(4), engine=engine, rules=LRB6)
    sc.grant(BLITZER, Skill.KICK)
    sc.put(BLITZER, (12, 7)).put(CATCHER, (12, 6)).put(THROWER, (8, 2)).put(O_BLITZER, (15, 2))
    assert _xy(_kick(sc, (20, 7))) == (24, 7)


# --- touchbacks ----------------------------------------------------------------------------


@pytest.mark.parametrize("engine", ENGINES)
def test_a_touchback_prefers_a_standing_receiver(engine: str) -> None:
    sc = _scenario(engine, d8(5) + d6(6) + GET_THE_REF)  # (24, 7) + 6 right: off the pitch
    sc.put(BLITZER, (8, 7)).put(O_BLITZER, (18, 7), Status.PRONE).put(O_BLITZER2, (18, 9))
    game = _kick(sc, (24, 7))
    group = game.legal_actions().group(T.SELECT_PLAYER)
    assert group is not None and set(group.players) == {O_BLITZER2}
    do(game, T.SELECT_PLAYER, O_BLITZER2)
    assert game.state.carrier() == O_BLITZER2


@pytest.mark.parametrize("engine", ENGINES)
@pytest.mark.parametrize("status", [Status.PRONE, Status.STUNNED])
def test_a_touchback_with_no_standing_receiver_goes_to_a_downed_one_and_bounces(
        engine: str, status: Status) -> None:
    sc = _scenario(engine, d8(5) + d6(6) + GET_THE_REF + d8(4))
    sc.put(BLITZER, (8, 7)).put(O_BLITZER, (18, 7), status).put(O_BIG_UN, (20, 9), status)
    game = _kick(sc, (24, 7))
    group = game.legal_actions().group(T.SELECT_PLAYER)
    assert group is not None and set(group.players) == {O_BLITZER, O_BIG_UN}
    do(game, T.SELECT_PLAYER, O_BLITZER)  # the ball bounces from (18, 7) one left
    s = game.state
    assert _xy(game) == (17, 7) and s.ball_state == BallState.ON_GROUND and s.carrier() == -1
    assert not sc.roller.queue


@pytest.mark.parametrize("engine", ENGINES)
def test_lrb6_touchback_with_no_standing_receiver_rests_the_ball(engine: str) -> None:
    sc = Scenario(script=d8(5) + d6(6) + GET_THE_REF, engine=engine, rules=LRB6)
    sc.put(1, (8, 7)).put(16, (18, 7), Status.PRONE)
    game = _kick(sc, (24, 7))
    s = game.state
    assert s.ball_state == BallState.ON_GROUND and s.carrier() == -1 and s.grid[s.ball] == -1
    assert not sc.roller.queue


@pytest.mark.parametrize("engine", ENGINES)
def test_a_kick_off_bounce_into_the_kicking_half_is_a_touchback(engine: str) -> None:
    # kick to (14, 7), D8 4, D6 1 -> (13, 7), empty: bounce left to (12, 7), the kicking half
    sc = _scenario(engine, d8(4) + d6(1) + GET_THE_REF + d8(4))
    sc.put(BLITZER, (8, 7)).put(O_BLITZER, (18, 7))
    game = _kick(sc, (14, 7))
    group = game.legal_actions().group(T.SELECT_PLAYER)
    assert group is not None and set(group.players) == {O_BLITZER}
    assert not sc.roller.queue


# --- the landing catch -----------------------------------------------------------------------


@pytest.mark.parametrize("engine", ENGINES)
@pytest.mark.parametrize(("catcher", "die", "caught"),
                         [(O_BLITZER, 4, True), (O_BLITZER, 3, False), (O_BIG_UN, 5, True),
                          (O_BIG_UN, 4, False)])
def test_the_kick_is_caught_at_minus_one_without_a_team_reroll(engine: str, catcher: int, die: int,
                                                                caught: bool) -> None:
    # kick to (17, 7), D8 5, D6 3 -> (20, 7), where the unmarked catcher stands (AG 3+ or 4+)
    sc = _scenario(engine, d8(5) + d6(3) + GET_THE_REF + d6(die) + ([] if caught else d8(5)))
    sc.put(BLITZER, (8, 7)).put(catcher, (20, 7))
    game = _kick(sc, (17, 7), rerolls=(3, 3))  # team re-rolls left, none offered
    s = game.state
    assert (s.carrier() == catcher) is caught
    if not caught:
        assert _xy(game) == (21, 7) and s.ball_state == BallState.ON_GROUND
    assert s.teams[1].rerolls == 3
    assert not sc.roller.queue
