"""LRB6 ball and passing skills whose handlers BB2020 keeps, played under BB2020 on both engines
(SKILLS.md): Catch, Diving Catch, Nerves of Steel, Monstrous Mouth, Pass, Sure Hands, Strip
Ball, Dump-off and Leader. Home: a BB2020 Human team (the Thrower on (5, 7) with the ball, no
Pass unless given; the Catcher AG 3+); away: BB2020 Orcs. No team re-rolls: only the skills
re-roll."""

from __future__ import annotations

import importlib.util

import pytest

from nuffle.core.actions import ActionType
from nuffle.core.dice import Dice, Outcome, block, d6, d8
from nuffle.core.game import Game
from nuffle.core.procedures.match import Half
from nuffle.core.procedures.passing import Pass
from nuffle.core.ruleset import draft_ruleset
from nuffle.core.skills import Skill
from nuffle.core.teams import TeamSpec
from nuffle.core.types import BallState, BlockFace, Decider, Status
from nuffle.teams_bb2020 import check_team, suggest_team
from nuffle.teams_bb2020_match import match_team
from nuffle.testing import Scenario, do, legal_types

BB2020 = draft_ruleset("bb2020")
HAS_NATIVE = importlib.util.find_spec("nuffle._native") is not None
NO_NATIVE = pytest.mark.skipif(not HAS_NATIVE, reason="no native extension")
ENGINES = ["python", pytest.param("native", marks=NO_NATIVE)]
T = ActionType
THROWER_AT = (5, 7)


def _team(race: str) -> TeamSpec:
    return match_team(check_team(suggest_team(race))).spec


def _scenario(engine: str, script: list[tuple[Dice, Outcome]], catcher_skills: tuple[Skill, ...] = (),
              thrower_skills: tuple[Skill, ...] = (), pa: int = 2,
              catcher_at: tuple[int, int] = (8, 7),
              thrower_at: tuple[int, int] = THROWER_AT) -> tuple[Scenario, int, int]:
    """The Thrower (PA `pa`, only `thrower_skills` of Pass and Nerves of Steel) holds the ball;
    the Catcher on `catcher_at` has only `catcher_skills` of Catch and Diving Catch."""
    sc = Scenario(_team("human"), _team("orc"), script=script, engine=engine, rules=BB2020)
    sc.set(rerolls=(0, 0))
    thrower, catcher = sc.pid(0, "Thrower"), sc.pid(0, "Catcher")
    sc.take(thrower, Skill.PASS).grant(thrower, *thrower_skills, pa=pa)
    sc.put(thrower, thrower_at).give_ball(thrower)
    sc.take(catcher, Skill.CATCH, Skill.DIVING_CATCH).grant(catcher, *catcher_skills).put(catcher, catcher_at)
    return sc, thrower, catcher


def _pass(sc: Scenario, thrower: int, target: tuple[int, int]) -> Game:
    return sc.start(active=0, proc=Pass(thrower, sc.state.board.sq(*target)))


def _done(game: Game) -> None:
    assert not game.roller.queue  # type: ignore[attr-defined]


@pytest.mark.parametrize("engine", ENGINES)
@pytest.mark.parametrize("skill", [Skill.CATCH, Skill.MONSTROUS_MOUTH])
def test_catch_bb2020_and_monstrous_mouth_reroll_a_failed_catch(engine: str, skill: Skill) -> None:
    # Quick: accurate (6); the catch (AG 3+, no modifier) fails on a 2, the skill re-rolls (3).
    sc, thrower, catcher = _scenario(engine, d6(6, 2, 3), (skill,))
    game = _pass(sc, thrower, (8, 7))
    assert legal_types(game) == {T.USE_SKILL, T.DECLINE}
    do(game, T.USE_SKILL)
    assert game.state.carrier() == catcher and not game.state.turnover
    _done(game)


@pytest.mark.parametrize("engine", ENGINES)
def test_monstrous_mouth_bb2020_rerolls_a_failed_catch(engine: str) -> None:
    # A bouncing ball onto him (-1: AG 3+ needs 4): 3 fails, Monstrous Mouth re-rolls (4).
    sc, thrower, catcher = _scenario(engine, d6(6) + d8(5) + d6(3, 4), (Skill.MONSTROUS_MOUTH,))
    game = _pass(sc, thrower, (7, 7))  # accurate onto the empty (7, 7): it bounces (+x) onto him
    assert legal_types(game) == {T.USE_SKILL, T.DECLINE}
    do(game, T.USE_SKILL)
    assert game.state.carrier() == catcher
    _done(game)


@pytest.mark.parametrize("engine", ENGINES)
def test_catch_bb2020_rerolls_the_catch_of_a_deflected_ball(engine: str) -> None:
    # An orc with Catch on (7, 7) interferes with the Quick pass to (8, 7) (accurate: -3, needs
    # a 6); he catches the deflected ball at -1, marked by the Catcher: -2 (1 fails; Catch
    # re-rolls: 5): an interception.
    sc, thrower, _ = _scenario(engine, d6(6, 6, 1, 5))
    orc = sc.pid(1, "Blitzer")
    sc.grant(orc, Skill.CATCH).put(orc, (7, 7))
    game = _pass(sc, thrower, (8, 7))
    do(game, T.SELECT_PLAYER, orc)
    assert legal_types(game) == {T.USE_SKILL, T.DECLINE}
    do(game, T.USE_SKILL)
    assert game.state.carrier() == orc and game.state.turnover
    _done(game)


@pytest.mark.parametrize("engine", ENGINES)
def test_diving_catch_bb2020_plus_one_on_an_accurate_pass(engine: str) -> None:
    # Accurate to his square: AG 3+ with Diving Catch's +1 catches a 2.
    sc, thrower, catcher = _scenario(engine, d6(6, 2), (Skill.DIVING_CATCH,))
    game = _pass(sc, thrower, (8, 7))
    assert game.state.carrier() == catcher
    _done(game)


@pytest.mark.parametrize("engine", ENGINES)
@pytest.mark.parametrize("nerves", [True, False])
def test_nerves_of_steel_bb2020_ignores_marking(engine: str, nerves: bool) -> None:
    """A marked thrower (PA 4+, Quick: a 4) and a marked catcher (AG 3+: a 3): with Nerves of
    Steel both succeed; without, the pass is inaccurate (4 - 1): three scatters (-y) from (8, 7)
    and a bounce (-y) to (8, 3)."""
    skills = (Skill.NERVES_OF_STEEL,) if nerves else ()
    script = d6(4, 3) if nerves else d6(4) + d8(2, 2, 2) + d8(2)
    sc, thrower, catcher = _scenario(engine, script, skills, skills, pa=4)
    sc.put(sc.pid(1, "Blitzer"), (4, 7)).put(sc.pid(1, "Blitzer", 1), (9, 7))
    game = _pass(sc, thrower, (8, 7))
    s = game.state
    if nerves:
        assert s.carrier() == catcher and not s.turnover
    else:
        assert s.ball_state == BallState.ON_GROUND and s.board.xy(s.ball) == (8, 3) and s.turnover
    _done(game)


@pytest.mark.parametrize("engine", ENGINES)
def test_pass_bb2020_rerolls_an_inaccurate_result(engine: str) -> None:
    # Short (PA 4+, -1): a 3 is inaccurate, the Pass skill re-rolls it (6: accurate), caught (3).
    sc, thrower, catcher = _scenario(engine, d6(3, 6, 3), thrower_skills=(Skill.PASS,), pa=4,
                                     catcher_at=(10, 7))
    game = _pass(sc, thrower, (10, 7))
    assert legal_types(game) == {T.USE_SKILL, T.DECLINE}
    do(game, T.USE_SKILL)
    assert game.state.carrier() == catcher and not game.state.turnover
    _done(game)


@pytest.mark.parametrize("engine", ENGINES)
def test_sure_hands_bb2020_rerolls_a_failed_pickup(engine: str) -> None:
    # The BB2020 Human Thrower (Sure Hands) picks up the ball on (6, 7): AG 3+ with no +1 fails
    # on a 2, Sure Hands re-rolls (3).
    sc, thrower, _ = _scenario(engine, d6(2, 3))
    sc.grant(thrower, Skill.SURE_HANDS).ball_at((6, 7))
    game = sc.start(active=0)
    do(game, T.START_MOVE, thrower)
    do(game, T.MOVE, square=(6, 7))
    assert legal_types(game) == {T.USE_SKILL, T.DECLINE}
    do(game, T.USE_SKILL)
    assert game.state.carrier() == thrower and not game.state.turnover
    _done(game)


@pytest.mark.parametrize("engine", ENGINES)
@pytest.mark.parametrize("keeper", [None, Skill.SURE_HANDS, Skill.MONSTROUS_MOUTH])
def test_strip_ball_bb2020_pushed_carrier_drops_the_ball(engine: str, keeper: Skill | None) -> None:
    """A Human Blitzer with Strip Ball pushes the orc carrier from (11, 7) to (12, 7): the ball
    bounces (+x) to (13, 7); not from a Sure Hands or Monstrous Mouth carrier."""
    sc = Scenario(_team("human"), _team("orc"), script=block(BlockFace.PUSHED) + ([] if keeper else d8(5)),
                  engine=engine, rules=BB2020)
    sc.set(rerolls=(0, 0))
    att, dfd = sc.pid(0, "Blitzer"), sc.pid(1, "Blitzer")
    sc.grant(att, Skill.STRIP_BALL).put(att, (10, 7)).put(dfd, (11, 7)).give_ball(dfd)
    if keeper is not None:
        sc.grant(dfd, keeper)
    game = sc.start(active=0)
    do(game, T.START_BLOCK, att)
    do(game, T.BLOCK, square=(11, 7))
    do(game, T.SELECT_PUSHED)
    do(game, T.PUSH, square=(12, 7))
    if keeper is None:
        assert legal_types(game) == {T.USE_SKILL, T.DECLINE}
        do(game, T.USE_SKILL)
    do(game, T.DECLINE)  # no follow-up
    s = game.state
    assert s.status[dfd] == Status.STANDING and s.board.xy(s.pos[dfd]) == (12, 7)
    if keeper is None:
        assert s.ball_state == BallState.ON_GROUND and s.board.xy(s.ball) == (13, 7)
    else:
        assert s.carrier() == dfd
    _done(game)


@pytest.mark.parametrize("engine", ENGINES)
def test_dump_off_bb2020_quick_pass_before_the_block(engine: str) -> None:
    """The orc Blitzer on (11, 7) blocks the Thrower (Dump-off, PA 2+) holding the ball on
    (10, 7): a Quick pass to the Catcher on (8, 7) first (0, marked -1: a 3 is accurate; the
    catch a 3), no turnover; then the block goes on."""
    sc, thrower, catcher = _scenario(engine, d6(3, 3) + block(BlockFace.PUSHED), thrower_at=(10, 7))
    orc = sc.pid(1, "Blitzer")
    sc.grant(thrower, Skill.DUMP_OFF).put(orc, (11, 7))
    game = sc.start(active=1)
    do(game, T.START_BLOCK, orc)
    do(game, T.BLOCK, square=(10, 7))
    assert game.decider == Decider.HOME
    group = game.legal_actions().group(T.DUMP_OFF)
    assert group is not None and (8, 7) in group.squares and T.DECLINE in game.legal_actions().types()
    do(game, T.DUMP_OFF, square=(8, 7))
    s = game.state
    assert s.carrier() == catcher and not s.turnover
    assert int(game.decider) == int(Decider.AWAY) and T.SELECT_PUSHED in game.legal_actions().types()


@pytest.mark.parametrize("engine", ENGINES)
def test_leader_bb2020_bonus_reroll_at_the_start_of_a_half(engine: str) -> None:
    sc, thrower, _ = _scenario(engine, [])
    sc.grant(thrower, Skill.LEADER)
    game = sc.start(proc=Half())
    s = game.state
    assert s.teams[0].bonus_reroll == 1 and s.teams[1].bonus_reroll == 0
