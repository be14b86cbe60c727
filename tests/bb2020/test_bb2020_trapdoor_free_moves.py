"""BB2020's Treacherous Trapdoor on the other ways into a square, both engines, forced dice
(TABLES §12; docs/RULES_NOTES.md): a thrown (Swoop too) or kicked player's landing, Quick Snap's and High
Kick's moves, Shadowing, Pass Block's move and Hit and Run each roll the trapdoor's D6 on (6, 1)
or (19, 13); Solid Defence's re-set-up does not. A free move's or a landing's fall ends no turn
unless he held the ball; Hit and Run's (his own move) does."""

from __future__ import annotations

import importlib.util

import pytest

from nuffle.core.actions import Action, ActionType
from nuffle.core.dice import Dice, ExplicitRoller, Outcome, block, d3, d6, d8, two_d6
from nuffle.core.game import Game
from nuffle.core.procedures.kickoff_bb2020 import QuickSnapBB2020, SolidDefence
from nuffle.core.procedures.kickoff_table import HighKick
from nuffle.core.skills import Skill
from nuffle.core.types import BallState, BlockFace, Status
from nuffle.testing import Scenario, bb2020_scenario, do, roller_of, throw_team_mate, ttm_scenario, xy

HAS_NATIVE = importlib.util.find_spec("nuffle._native") is not None
NO_NATIVE = pytest.mark.skipif(not HAS_NATIVE, reason="no native extension")
ENGINES = ["python", pytest.param("native", marks=NO_NATIVE)]
T = ActionType
TRAPDOOR = "Treacherous Trapdoor"
FALLS = d6(1) + two_d6(2, 2)  # the trapdoor's 1, then the crowd's injury roll (4: to the reserves)


def _fell(game: Game, pid: int) -> bool:
    s = game.state
    return s.pos[pid] == -1 and s.status[pid] == Status.RESERVE


# --- Throw Team-mate and Kick Team-mate: the landing -----------------------------------------


def _thrown_to_the_trapdoor(engine: str, script: list[tuple[Dice, Outcome]],
                            ball: bool = False) -> tuple[Game, int]:
    """A Superb throw (4) from (9, 3) to (7, 2); scatters W, E, NW -> (6, 1); lands on 3."""
    sc, thrower, thrown = ttm_scenario(engine, d6(4) + d8(4, 5, 1) + d6(3) + script,
                                       thrower_at=(9, 3), thrown_at=(9, 2), ball=ball)
    sc.pray(1, TRAPDOOR)
    return throw_team_mate(sc, thrower, thrown, (7, 2)), thrown


@pytest.mark.parametrize("engine", ENGINES)
def test_a_thrown_player_landing_on_a_trapdoor_rolls(engine: str) -> None:
    """A 1 drops him through after his landing: to the reserves, no turnover without the ball."""
    game, thrown = _thrown_to_the_trapdoor(engine, FALLS)
    assert _fell(game, thrown) and not game.state.turnover
    assert not roller_of(game).queue


@pytest.mark.parametrize("engine", ENGINES)
def test_a_thrown_carrier_who_stays_keeps_the_ball(engine: str) -> None:
    game, thrown = _thrown_to_the_trapdoor(engine, d6(2), ball=True)
    s = game.state
    assert xy(game, thrown) == (6, 1) and s.status[thrown] == Status.STANDING
    assert s.ball_state == BallState.CARRIED and s.ball == s.pos[thrown] and not s.turnover
    assert not roller_of(game).queue


@pytest.mark.parametrize("engine", ENGINES)
def test_a_thrown_carrier_falling_through_is_a_turnover(engine: str) -> None:
    """With the ball: a turnover, the crowd throws the ball in from (6, 0)."""
    sc, thrower, thrown = ttm_scenario(engine, [], thrower_at=(9, 3), thrown_at=(9, 2), ball=True)
    sc.pray(0, TRAPDOOR)
    sc.roller = ExplicitRoller()  # type: ignore[assignment]
    game = throw_team_mate(sc, thrower, thrown, (7, 2))
    for outcome in (4, 4, 5, 1, 3, 1, (2, 2)):  # the throw, 3 scatters, the landing, the trapdoor, injury
        game.apply_chance(outcome)
    s = game.state
    assert _fell(game, thrown) and s.turnover
    assert s.ball == s.board.sq(6, 0) and s.ball_state == BallState.ON_GROUND


@pytest.mark.parametrize("engine", ENGINES)
def test_a_kicked_player_landing_on_a_trapdoor_rolls(engine: str) -> None:
    """Kicked from (10, 1) away from (11, 1): 2D6 1 + 2 -> (7, 1); scatters W, W, E -> (6, 1);
    lands on 3 (a short kick: at 0); a 1 drops him through."""
    script = two_d6(1, 2) + d8(4, 4, 5) + d6(3) + FALLS
    sc, kicker, kicked = ttm_scenario(engine, script, thrower_at=(11, 1), thrown_at=(10, 1),
                                      skill=Skill.KICK_TEAM_MATE)
    sc.pray(0, TRAPDOOR)
    game = throw_team_mate(sc, kicker, kicked, (10, 1))
    assert _fell(game, kicked) and not game.state.turnover
    assert not roller_of(game).queue


# --- the kick-off table: Quick Snap, High Kick (Solid Defence is a set-up) --------------------


def _kickoff(engine: str, script: list[tuple[Dice, Outcome]]) -> Scenario:
    return bb2020_scenario(script=script, engine=engine).set(kicking=0).pray(0, TRAPDOOR)


@pytest.mark.parametrize("engine", ENGINES)
def test_quick_snap_onto_a_trapdoor_rolls(engine: str) -> None:
    """An Orc stepping from (20, 12) onto (19, 13) rolls; a 1 drops him, no turnover."""
    sc = _kickoff(engine, d3(1) + FALLS)
    orc = 11
    sc.put(orc, (20, 12))
    game = sc.start(proc=QuickSnapBB2020())
    do(game, T.MOVE, orc, (19, 13))
    assert _fell(game, orc) and not game.state.turnover
    do(game, T.END_SETUP)
    assert game.is_over and not roller_of(game).queue


@pytest.mark.parametrize("engine", ENGINES)
def test_high_kick_under_the_ball_on_a_trapdoor_rolls(engine: str) -> None:
    sc = _kickoff(engine, d6(2))
    orc = 11
    sc.put(orc, (22, 10)).ball_at((19, 13))
    game = sc.start(proc=HighKick())
    do(game, T.SELECT_PLAYER, orc)
    assert xy(game, orc) == (19, 13) and game.state.status[orc] == Status.STANDING
    assert game.is_over and not roller_of(game).queue


@pytest.mark.parametrize("engine", ENGINES)
def test_solid_defence_sets_up_on_a_trapdoor_without_a_roll(engine: str) -> None:
    sc = _kickoff(engine, d3(1))
    human = 0
    sc.put(human, (8, 3))
    game = sc.start(proc=SolidDefence())
    do(game, T.PLACE_PLAYER, human, (6, 1))
    assert xy(game, human) == (6, 1) and not roller_of(game).queue


# --- skills' free moves ----------------------------------------------------------------------


@pytest.mark.parametrize("engine", ENGINES)
def test_a_shadower_following_onto_a_trapdoor_rolls(engine: str) -> None:
    """The Blitzer leaves (6, 1) (he stood there: no roll) with a dodge (3); the Big Un (MA 8
    against 7) shadows him into it on a 5 and falls through on a 1; the Blitzer moves on."""
    sc = bb2020_scenario(script=d6(3) + d6(5) + FALLS, engine=engine).pray(1, TRAPDOOR)
    mover, shadower = sc.pid(0, "Blitzer"), sc.pid(1, "Big Un Blocker")
    sc.put(mover, (6, 1)).grant(shadower, Skill.SHADOWING, ma=8).put(shadower, (7, 1))
    game = sc.start(active=0)
    game.step(Action(T.START_MOVE, mover))
    game.step(Action(T.MOVE, None, (5, 1)))
    game.step(Action(T.USE_SKILL))
    s = game.state
    assert _fell(game, shadower) and not s.turnover and xy(game, mover) == (5, 1)
    assert T.MOVE in game.legal_actions().types() and not roller_of(game).queue


@pytest.mark.parametrize("engine", ENGINES)
def test_hit_and_run_onto_a_trapdoor_rolls_and_a_fall_is_a_turnover(engine: str) -> None:
    """The Blitzer (ST 4) pushes the Big Un from (8, 2) to (9, 2), then Hit and Runs onto
    (6, 1): a 1 drops him, a turnover (this one-turn match ends)."""
    sc = bb2020_scenario(script=block(BlockFace.PUSHED) + FALLS, engine=engine).pray(1, TRAPDOOR)
    att, dfd = sc.pid(0, "Blitzer"), sc.pid(1, "Big Un Blocker")
    sc.grant(att, Skill.HIT_AND_RUN, st=4).put(att, (7, 2)).put(dfd, (8, 2))
    game = sc.start(active=0)
    game.step(Action(T.START_BLOCK, att))
    game.step(Action(T.BLOCK, None, (8, 2)))
    game.step(Action(T.SELECT_PUSHED))
    game.step(Action(T.PUSH, None, (9, 2)))
    game.step(Action(T.DECLINE))  # no follow-up
    game.step(Action(T.MOVE, None, (6, 1)))
    assert _fell(game, att) and game.is_over and not roller_of(game).queue


@pytest.mark.parametrize("engine", ENGINES)
def test_pass_block_onto_a_trapdoor_rolls(engine: str) -> None:
    """A Big Un with Pass Block on (7, 2) steps onto (6, 1), next to the thrower's target
    (5, 1), when a pass is declared from (3, 3): a 1 drops him; the pass goes on."""
    sc = bb2020_scenario(engine=engine).pray(0, TRAPDOOR)
    sc.roller = ExplicitRoller()  # type: ignore[assignment]
    thrower, catcher = sc.pid(0, "Thrower"), sc.pid(0, "Catcher")
    blocker = sc.pid(1, "Big Un Blocker")
    sc.put(thrower, (3, 3)).give_ball(thrower).put(catcher, (5, 1))
    sc.grant(blocker, Skill.PASS_BLOCK).put(blocker, (7, 2))
    game = sc.start(active=0)
    game.step(Action(T.START_PASS, thrower))
    game.step(Action(T.PASS, None, (5, 1)))
    assert game.decider == 1
    game.step(Action(T.MOVE, None, (6, 1)))
    game.apply_chance(1)  # the trapdoor
    game.apply_chance((2, 2))  # the crowd's injury roll
    assert _fell(game, blocker) and not game.state.turnover
    assert game.state.carrier() == thrower  # the pass goes on: its PA test next
    assert [o.value for o in game.chance_outcomes()] == [1, 2, 3, 4, 5, 6]


@pytest.mark.parametrize("engine", ENGINES)
def test_a_swooping_player_landing_on_a_trapdoor_rolls(engine: str) -> None:
    """Superb to (6, 3); Swoop aimed at the top sideline, D6 3 straight on, D3 2 -> (6, 1);
    lands on 3; a 1 drops him through."""
    sc, thrower, thrown = ttm_scenario(engine, d6(4), thrower_at=(8, 3), thrown_at=(8, 2),
                                       thrown_skills=(Skill.SWOOP,))
    sc.pray(1, TRAPDOOR)
    game = throw_team_mate(sc, thrower, thrown, (6, 3))
    roller_of(game).queue.extend(d6(3) + d3(2) + d6(3) + FALLS)
    game.step(Action(T.SELECT_SQUARE, None, (6, 0)))
    assert _fell(game, thrown) and not game.state.turnover
    assert not roller_of(game).queue
