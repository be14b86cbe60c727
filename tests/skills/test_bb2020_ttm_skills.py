"""BB2020's Throw Team-mate skills on both engines (SKILLS.md, RULES §8.7): Right Stuff only
between a thrower of ST 5+ and a team-mate of ST 3 or less, Strong Arm +1 to the throw and
nothing on a pass, Swoop in place of the scatters (from where they start), Always Hungry (a
team-mate squirming free is a fumbled throw)."""

from __future__ import annotations

import importlib.util

import pytest

from nuffle.core.actions import Action, ActionType
from nuffle.core.decision import DecisionKind
from nuffle.core.dice import d3, d6, d8
from nuffle.core.game import Game
from nuffle.core.procedures.passing import pass_roll_modifier
from nuffle.core.procedures.throw_team_mate_bb2020 import LANDING_BY_RESULT, throw_modifier_2020
from nuffle.core.ruleset import LRB6, draft_ruleset
from nuffle.core.skills import Skill
from nuffle.core.state import PSTAT_COMPLETIONS, PSTATS
from nuffle.core.types import Status
from nuffle.testing import Scenario, bb2020_team, edit, roller_of, throw_team_mate, ttm_scenario, xy

HAS_NATIVE = importlib.util.find_spec("nuffle._native") is not None
NO_NATIVE = pytest.mark.skipif(not HAS_NATIVE, reason="no native extension")
ENGINES = ["python", pytest.param("native", marks=NO_NATIVE)]
T = ActionType


def _completions(game: Game, pid: int) -> int:
    return game.state.pstats[pid * PSTATS + PSTAT_COMPLETIONS]


@pytest.mark.parametrize("engine", ENGINES)
def test_strong_arm_adds_one_to_the_throw(engine: str) -> None:
    """With Strong Arm a 3 at Quick is Superb: a completion."""
    sc, thrower, thrown = ttm_scenario(engine, d6(3) + d8(5, 5, 7) + d6(3),
                                       thrower_skills=(Skill.STRONG_ARM,))
    game = throw_team_mate(sc, thrower, thrown, (12, 7))
    assert xy(game, thrown) == (14, 8) and _completions(game, thrower) == 1
    assert not roller_of(game).queue


def test_strong_arm_helps_no_pass_under_bb2020_and_the_modifiers() -> None:
    """BB2020: Strong Arm +1 to the throw, nothing on a Short pass (LRB6 +1); the throw's
    modifier has the band and marking players, the landing's LANDING_BY_RESULT."""
    sc, thrower, _ = ttm_scenario("python", [], thrower_skills=(Skill.STRONG_ARM,))
    s = sc.state
    assert pass_roll_modifier(s, thrower, "S") == -1
    assert throw_modifier_2020(s, thrower, s.board.sq(14, 7)) == 0  # Short -1, Strong Arm +1
    sc.put(sc.pid(1, "Blitzer"), (9, 7))
    assert throw_modifier_2020(s, thrower, s.board.sq(12, 7)) == 0  # Quick 0, marked -1, +1
    assert list(LANDING_BY_RESULT.values()) == [0, -1, -2, -1]
    lrb6 = Scenario(script=[])
    lrb6.grant(2, Skill.STRONG_ARM).put(2, (10, 7))
    assert pass_roll_modifier(lrb6.state, 2, "S") == LRB6.range_modifiers["S"] + 1


@pytest.mark.parametrize("engine", ENGINES)
@pytest.mark.parametrize(("st", "thrown_st", "declared"), [(5, 2, True), (4, 2, False), (5, 4, False)])
def test_right_stuff_needs_a_thrower_of_st5_and_a_team_mate_of_st3_at_most(
        engine: str, st: int, thrown_st: int, declared: bool) -> None:
    sc, thrower, thrown = ttm_scenario(engine, [], st=st)
    sc.grant(thrown, st=thrown_st)
    game = sc.start(active=0)
    group = game.legal_actions().group(T.START_THROW_TEAM_MATE)
    assert (group is not None and thrower in group.players) is declared


@pytest.mark.parametrize("engine", ENGINES)
def test_right_stuff_under_lrb6_has_no_strength_limits(engine: str) -> None:
    """LRB6's Right Stuff has no strength limits: a ST 3 thrower may throw a ST 3 team-mate."""
    sc = Scenario(script=[], engine=engine)
    sc.grant(0, Skill.THROW_TEAM_MATE).put(0, (10, 7)).grant(5, Skill.RIGHT_STUFF).put(5, (10, 8))
    group = sc.start(active=0).legal_actions().group(T.START_THROW_TEAM_MATE)
    assert group is not None and 0 in group.players


@pytest.mark.parametrize("engine", ENGINES)
def test_swoop_replaces_the_scatters_of_a_superb_throw(engine: str) -> None:
    """Superb to (12, 7); Swoop: the coach aims at the top sideline, D6 3 straight on, D3 2 ->
    (12, 5); landing 3 at 0."""
    sc, thrower, thrown = ttm_scenario(engine, d6(4), thrown_skills=(Skill.SWOOP,))
    game = throw_team_mate(sc, thrower, thrown, (12, 7))
    assert game.decision().kind == DecisionKind.SWOOP
    roller_of(game).queue.extend(d6(3) + d3(2) + d6(3))
    game.step(Action(T.SELECT_SQUARE, None, (12, 0)))
    assert xy(game, thrown) == (12, 5) and game.state.status[thrown] == Status.STANDING
    assert not roller_of(game).queue


@pytest.mark.parametrize("engine", ENGINES)
def test_swoop_after_a_fumble_starts_at_the_thrower(engine: str) -> None:
    """Fumbled: Swoop from the thrower's (10, 7), aimed at the top sideline, D3 1 -> (10, 6)."""
    sc, thrower, thrown = ttm_scenario(engine, d6(1), thrown_skills=(Skill.SWOOP,))
    game = throw_team_mate(sc, thrower, thrown, (12, 7))
    group = game.legal_actions().group(T.SELECT_SQUARE)
    assert group is not None and set(group.squares) == {(10, 0), (10, 14), (0, 7), (25, 7)}
    roller_of(game).queue.extend(d6(3) + d3(1) + d6(4))
    game.step(Action(T.SELECT_SQUARE, None, (10, 0)))
    assert xy(game, thrown) == (10, 6)
    assert not roller_of(game).queue


@pytest.mark.parametrize("engine", ENGINES)
def test_always_hungry_squirming_free_is_a_fumbled_throw(engine: str) -> None:
    """Always Hungry 1, then 2: he squirms free, a fumbled throw (1 scatter N from the thrower,
    landing at -1)."""
    sc, thrower, thrown = ttm_scenario(engine, d6(1, 2) + d8(2) + d6(4),
                                       thrower_skills=(Skill.ALWAYS_HUNGRY,))
    game = throw_team_mate(sc, thrower, thrown, (12, 7))
    assert xy(game, thrown) == (10, 6) and game.state.status[thrown] == Status.STANDING
    assert not roller_of(game).queue


@pytest.mark.parametrize("engine", ENGINES)
def test_always_hungry_eats_him(engine: str) -> None:
    """Always Hungry 1, then 1: eaten (a casualty, a turnover)."""
    sc, thrower, thrown = ttm_scenario(engine, d6(1, 1), thrower_skills=(Skill.ALWAYS_HUNGRY,))
    game = throw_team_mate(sc, thrower, thrown, (12, 7))
    s = game.state
    assert s.pos[thrown] < 0 and s.status[thrown] == Status.CASUALTY and s.turnover


@pytest.mark.parametrize("engine", ENGINES)
@pytest.mark.parametrize("pass_used", [False, True])
def test_throw_team_mate_shares_the_pass_allowance(engine: str, pass_used: bool) -> None:
    """BB2020 (as FFB): one Throw Team-mate a team turn, and none once the Pass is used."""
    sc, thrower, _ = ttm_scenario(engine, [])
    game = sc.start(active=0)
    with edit(game) as s:
        s.teams[0].pass_used = pass_used
    group = game.legal_actions().group(T.START_THROW_TEAM_MATE)
    assert (group is not None and thrower in group.players) is not pass_used


@pytest.mark.parametrize("engine", ENGINES)
def test_strong_arm_gives_a_bb2020_pass_nothing(engine: str) -> None:
    """A Short pass (-1) of a Strong Arm Blitzer (PA 4+) rolling 4 is Subpar under BB2020 (LRB6's
    +1 would make it accurate): 3 scatters (E, NW, S) back to the Catcher, who catches at -1 (4);
    no completion."""
    sc = Scenario(bb2020_team("human"), bb2020_team("orc"), script=d6(4) + d8(5, 1, 7) + d6(4),
                  engine=engine, rules=draft_ruleset("bb2020"))
    sc.set(rerolls=(0, 0))
    blitzer, catcher = sc.pid(0, "Blitzer"), sc.pid(0, "Catcher")
    sc.grant(blitzer, Skill.STRONG_ARM).put(blitzer, (10, 7)).give_ball(blitzer).put(catcher, (14, 7))
    game = sc.start(active=0)
    game.step(Action(T.START_PASS, blitzer))
    game.step(Action(T.PASS, None, (14, 7)))
    s = game.state
    assert s.ball == s.pos[catcher] and _completions(game, blitzer) == 0 and not s.turnover
    assert not roller_of(game).queue
