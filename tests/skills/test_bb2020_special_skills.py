"""BB2020's special attacks on both engines under the BB2020 draft (SKILLS.md "Traits"), instead
of a block, coded as Stab's action. Projectile Vomit: a D6, 2+ an armour roll against the target,
1 against himself (his going down a turnover); a player with Stab as well stabs. Breathe Fire: a
D6, -1 against ST 5+: 1 he is placed prone (a turnover), 2-3 nothing, 4-5 the target is placed
prone, 6 knocked down; a player with Projectile Vomit as well vomits."""

from __future__ import annotations

import importlib.util

import pytest

from nuffle.core.actions import Action, ActionType
from nuffle.core.dice import Dice, Outcome, d6, two_d6
from nuffle.core.game import Game
from nuffle.core.skills import Skill
from nuffle.core.types import Status
from nuffle.testing import Scenario, bb2020_scenario

HAS_NATIVE = importlib.util.find_spec("nuffle._native") is not None
NO_NATIVE = pytest.mark.skipif(not HAS_NATIVE, reason="no native extension")
ENGINES = ["python", pytest.param("native", marks=NO_NATIVE)]
T = ActionType
Script = list[tuple[Dice, Outcome]]


def _duel(engine: str, script: Script, *skills: Skill) -> tuple[Scenario, int, int]:
    """A human Blitzer (AV 9+) with `skills` on (10, 7) beside an orc Big Un Blocker (AV 10+)."""
    sc = bb2020_scenario(script=script, engine=engine)
    me, them = sc.pid(0, "Blitzer"), sc.pid(1, "Big Un Blocker")
    for sk in skills:
        sc.grant(me, sk)
    sc.put(me, (10, 7)).put(them, (11, 7))
    return sc, me, them


def _vomit(sc: Scenario, me: int, kind: ActionType = T.START_BLOCK) -> Game:
    game = sc.start(active=0)
    game.step(Action(kind, me))
    legal = game.legal_actions()
    group = legal.group(T.STAB)
    assert legal.types().count(T.STAB) == 1 and group is not None and (11, 7) in group.squares
    game.step(Action(T.STAB, None, (11, 7)))
    return game


@pytest.mark.parametrize("engine", ENGINES)
@pytest.mark.parametrize(("armour", "status"), [((5, 5), Status.STUNNED), ((4, 5), Status.STANDING)])
def test_projectile_vomit_two_plus_armour_roll_against_the_target(engine: str, armour: tuple[int, int],
                                                                  status: Status) -> None:
    """A 2 hits the Big Un: 10 breaks AV 10+ (injury 4: Stunned), 9 holds; no turnover."""
    sc, me, them = _duel(engine, d6(2) + two_d6(*armour) + two_d6(2, 2), Skill.PROJECTILE_VOMIT)
    game = _vomit(sc, me)
    s = game.state
    assert s.status[them] == status and s.status[me] == Status.STANDING and not s.turnover


@pytest.mark.parametrize("engine", ENGINES)
@pytest.mark.parametrize(("armour", "status", "turnover"),
                         [((4, 5), Status.STUNNED, True), ((4, 4), Status.STANDING, False)])
def test_projectile_vomit_one_hits_himself(engine: str, armour: tuple[int, int], status: Status,
                                           turnover: bool) -> None:
    """A 1 hits the Blitzer: 9 breaks his AV 9+ (Stunned, a turnover), 8 holds (nothing)."""
    sc, me, them = _duel(engine, d6(1) + two_d6(*armour) + two_d6(2, 2), Skill.PROJECTILE_VOMIT)
    game = _vomit(sc, me, T.START_BLITZ)
    s = game.state
    assert s.status[me] == status and s.status[them] == Status.STANDING and bool(s.turnover) is turnover


@pytest.mark.parametrize("engine", ENGINES)
def test_projectile_vomit_with_stab_stabs(engine: str) -> None:
    """With Stab as well the attack is Stab's: no D6, the armour roll straight away."""
    sc, me, them = _duel(engine, two_d6(5, 5) + two_d6(2, 2), Skill.PROJECTILE_VOMIT, Skill.STAB)
    game = _vomit(sc, me)
    assert game.state.status[them] == Status.STUNNED and not game.state.turnover


@pytest.mark.parametrize("engine", ENGINES)
def test_projectile_vomit_replaces_the_block_only(engine: str) -> None:
    """Offered in a Block action (beside the block), not in a Move."""
    sc, me, _ = _duel(engine, [], Skill.PROJECTILE_VOMIT)
    game = sc.start(active=0)
    game.step(Action(T.START_MOVE, me))
    assert T.STAB not in game.legal_actions().types()
    sc, me, _ = _duel(engine, [], Skill.PROJECTILE_VOMIT)
    game = sc.start(active=0)
    game.step(Action(T.START_BLOCK, me))
    assert {T.STAB, T.BLOCK} <= set(game.legal_actions().types())


@pytest.mark.parametrize("engine", ENGINES)
@pytest.mark.parametrize(("script", "target", "me_after", "turnover"), [
    (d6(1), Status.STANDING, Status.PRONE, True),
    (d6(3), Status.STANDING, Status.STANDING, False),
    (d6(4), Status.PRONE, Status.STANDING, False),
    (d6(6) + two_d6(2, 3), Status.PRONE, Status.STANDING, False),
    (d6(6) + two_d6(5, 5) + two_d6(2, 2), Status.STUNNED, Status.STANDING, False),
])
def test_breathe_fire_d6_results(engine: str, script: Script, target: Status, me_after: Status,
                                 turnover: bool) -> None:
    """Against the Big Un (ST 4): 1 he is placed prone (a turnover), 3 nothing, 4 the Big Un is
    placed prone (no armour roll), 6 knocked down (9 holds his AV 10+; 10 breaks: Stunned)."""
    sc, me, them = _duel(engine, script, Skill.BREATHE_FIRE)
    game = _vomit(sc, me)
    s = game.state
    assert (s.status[them], s.status[me], bool(s.turnover)) == (target, me_after, turnover)


@pytest.mark.parametrize("engine", ENGINES)
@pytest.mark.parametrize(("roll", "target", "me_after"), [(6, Status.PRONE, Status.STANDING),
                                                          (2, Status.STANDING, Status.PRONE)])
def test_breathe_fire_minus_one_against_strength_five(engine: str, roll: int, target: Status,
                                                      me_after: Status) -> None:
    """Against ST 5 a 6 only places him prone (no armour roll) and a 2 burns the breather."""
    sc, me, them = _duel(engine, d6(roll), Skill.BREATHE_FIRE)
    sc.grant(them, st=5)
    game = _vomit(sc, me, T.START_BLITZ)
    s = game.state
    assert (s.status[them], s.status[me], bool(s.turnover)) == (target, me_after, me_after == Status.PRONE)


@pytest.mark.parametrize("engine", ENGINES)
def test_breathe_fire_with_projectile_vomit_vomits(engine: str) -> None:
    """With Projectile Vomit as well, a 4 hits with vomit: an armour roll (4 holds), not a fall."""
    sc, me, them = _duel(engine, d6(4) + two_d6(2, 2), Skill.BREATHE_FIRE, Skill.PROJECTILE_VOMIT)
    game = _vomit(sc, me)
    assert game.state.status[them] == Status.STANDING and not game.state.turnover
