"""BB2020's foul skills on both engines (SKILLS.md): Guard gives foul assists, Defensive stops
Guard in his opponents' turn, Sneaky Git is never sent off for an armour double and may move on
after the foul (a double on the injury roll still counts)."""

from __future__ import annotations

import importlib.util

import pytest

from nuffle.core.actions import Action, ActionType
from nuffle.core.decision import DecisionKind
from nuffle.core.dice import Dice, Outcome, d6, two_d6
from nuffle.core.game import Game
from nuffle.core.native_state import to_native
from nuffle.core.procedures.block_strength import assists
from nuffle.core.ruleset import Ruleset, draft_ruleset
from nuffle.core.skills import Skill
from nuffle.core.types import Status
from nuffle.testing import FOUL_SQUARES, Scenario, foul, foul_scenario, legal_types, roller_of

BB2020 = draft_ruleset("bb2020")
HAS_NATIVE = importlib.util.find_spec("nuffle._native") is not None
NO_NATIVE = pytest.mark.skipif(not HAS_NATIVE, reason="no native extension")
ENGINES = ["python", pytest.param("native", marks=NO_NATIVE)]
T = ActionType
VICTIM = FOUL_SQUARES[1]


def _scenario(engine: str, script: list[tuple[Dice, Outcome]],
              rules: Ruleset = BB2020) -> tuple[Scenario, int, int, int, int]:
    return foul_scenario(engine, script, rules)


def _foul(sc: Scenario, fouler: int) -> Game:
    game = sc.start(active=0)
    foul(game, fouler, VICTIM)
    return game


@pytest.mark.parametrize("engine", ENGINES)
@pytest.mark.parametrize(("ruleset", "guard", "breaks"),
                         [("bb2020", True, True), ("bb2020", False, False), ("lrb6", True, False)])
def test_guard_gives_a_foul_assist_under_bb2020(engine: str, ruleset: str, guard: bool, breaks: bool) -> None:
    """Armour 4+5 = 9 against AV 10+ (LRB6: AV 9): the marked helper's assist (+1) breaks it only
    with Guard and only under BB2020."""
    sc, fouler, victim, helper, _ = _scenario(engine, two_d6(4, 5) + two_d6(1, 2), draft_ruleset(ruleset))
    if guard:
        sc.grant(helper, Skill.GUARD)
    game = _foul(sc, fouler)
    assert game.state.status[victim] == (Status.STUNNED if breaks else Status.PRONE)
    assert len(roller_of(game).queue) == (0 if breaks else 1)


@pytest.mark.parametrize("engine", ENGINES)
def test_defensive_stops_guard_in_his_opponents_turn(engine: str) -> None:
    """The Orc marking the Guard helper has Defensive: in the Humans' turn the helper gives no
    foul assist (armour 9 holds against AV 10+)."""
    sc, fouler, victim, helper, marker = _scenario(engine, two_d6(4, 5))
    sc.grant(helper, Skill.GUARD).grant(marker, Skill.DEFENSIVE)
    game = _foul(sc, fouler)
    assert game.state.status[victim] == Status.PRONE
    assert not roller_of(game).queue


@pytest.mark.skipif(not HAS_NATIVE, reason="no native extension")
def test_defensive_only_in_his_opponents_turn_on_both_engines() -> None:
    """Block assists: a Guard helper marked by a Defensive opponent assists in the Defensive
    player's own team turn, not in his opponents' (both engines' `assists`)."""
    sc, fouler, victim, helper, marker = _scenario("python", [])
    sc.grant(helper, Skill.GUARD).grant(marker, Skill.DEFENSIVE)
    s = sc.state
    s.status[victim] = Status.STANDING
    for active, expected in ((0, 0), (1, 1)):
        s.active = active
        assert assists(s, 0, victim, fouler) == expected == to_native(s).assists(0, victim, fouler)
    sc.take(marker, Skill.DEFENSIVE)
    s.active = 0
    assert assists(s, 0, victim, fouler) == 1 == to_native(s).assists(0, victim, fouler)


@pytest.mark.parametrize("engine", ENGINES)
@pytest.mark.parametrize("ruleset", ["lrb6", "bb2020"])
def test_sneaky_git_armour_double_that_breaks(engine: str, ruleset: str) -> None:
    """5+5 breaks the armour: BB2020's Sneaky Git stays (and may move on, no second foul);
    LRB6's is sent off."""
    bb = ruleset == "bb2020"
    sc, fouler, victim, _, _ = _scenario(engine, two_d6(5, 5) + two_d6(1, 2), draft_ruleset(ruleset))
    sc.grant(fouler, Skill.SNEAKY_GIT)
    game = _foul(sc, fouler)
    s = game.state
    assert s.status[victim] == Status.STUNNED
    if not bb:
        assert s.status[fouler] == Status.SENT_OFF and s.turnover
        return
    assert s.status[fouler] == Status.STANDING and not s.turnover
    assert game.decision().kind == DecisionKind.MOVE and game.decision().player == fouler
    assert {T.MOVE, T.END_ACTION} <= legal_types(game) and T.FOUL not in legal_types(game)
    game.step(Action(T.MOVE, None, (9, 7)))
    assert game.state.pos[fouler] == game.state.board.sq(9, 7)
    assert T.MOVE in legal_types(game) and T.FOUL not in legal_types(game)


@pytest.mark.parametrize("engine", ENGINES)
def test_sneaky_git_injury_double_still_counts(engine: str) -> None:
    """BB2020 Sneaky Git: a double on the injury roll sends him off (no bribe, no argument won)."""
    sc, fouler, _, _, _ = _scenario(engine, two_d6(4, 6) + two_d6(2, 2) + d6(2))
    sc.grant(fouler, Skill.SNEAKY_GIT)
    game = _foul(sc, fouler)
    game.step(Action(T.USE_SKILL))
    assert game.state.status[fouler] == Status.SENT_OFF and game.state.turnover
