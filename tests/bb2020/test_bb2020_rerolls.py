"""BB2020 team re-rolls on both engines (RULES §13): any number in a team turn, one per roll, none
in the kick-off table's Blitz! turn (`Ruleset.rerolls_per_turn`, `blitz_turn_rerolls`); Pro and
Brawler: tests/skills/test_bb2020_reroll_skills.py."""

from __future__ import annotations

import importlib.util

import pytest

from nuffle.core.actions import Action, ActionType
from nuffle.core.dice import d6, two_d6
from nuffle.core.procedures.turn import Turn
from nuffle.core.ruleset import LRB6, draft_ruleset
from nuffle.core.types import Status
from nuffle.testing import blitzer_scenario

BB2020 = draft_ruleset("bb2020")
HAS_NATIVE = importlib.util.find_spec("nuffle._native") is not None
NO_NATIVE = pytest.mark.skipif(not HAS_NATIVE, reason="no native extension")
ENGINES = ["python", pytest.param("native", marks=NO_NATIVE)]
T = ActionType


@pytest.mark.parametrize("engine", ENGINES)
@pytest.mark.parametrize("ruleset", ["lrb6", "bb2020"])
def test_a_second_team_reroll_in_one_turn_only_under_bb2020(engine: str, ruleset: str) -> None:
    """Two failed dodges in one turn: the first is re-rolled (1, then 6); BB2020 offers the team
    re-roll again for the second (1, then 6), LRB6 does not (the Blitzer falls)."""
    rules = draft_ruleset(ruleset)
    bb = rules is BB2020
    script = d6(1, 6, 1, 6) if bb else d6(1, 6, 1) + two_d6(1, 1)
    sc, mover, (m1, m2) = blitzer_scenario(engine, rules, script)
    sc.put(mover, (10, 7)).put(m1, (11, 7)).put(m2, (8, 9))
    game = sc.start(active=0)
    game.step(Action(T.START_MOVE, mover))
    game.step(Action(T.MOVE, None, (9, 8)))  # leaves m1's tackle zone: 1
    game.step(Action(T.USE_REROLL))  # 6
    assert game.state.teams[0].reroll_used and game.state.teams[0].rerolls == 1
    game.step(Action(T.MOVE, None, (8, 7)))  # leaves m2's tackle zone: 1
    s = game.state
    if bb:
        assert Action(T.USE_REROLL) in game.legal_actions()
        game.step(Action(T.USE_REROLL))  # 6
        s = game.state
        assert s.teams[0].rerolls == 0 and s.status[mover] == Status.STANDING
        assert s.board.xy(s.pos[mover]) == (8, 7)
    else:
        assert s.teams[0].rerolls == 1 and s.status[mover] != Status.STANDING
    assert not game.roller.queue  # type: ignore[attr-defined]


@pytest.mark.parametrize("engine", ENGINES)
@pytest.mark.parametrize("ruleset", ["lrb6", "bb2020"])
def test_no_team_reroll_in_the_kickoff_blitz_turn_under_bb2020(engine: str, ruleset: str) -> None:
    """The kick-off table's Blitz! turn: a failed dodge may take a team re-roll under LRB6, not
    under BB2020 (the Blitzer falls, the re-rolls stay)."""
    rules = draft_ruleset(ruleset)
    bb = rules is BB2020
    sc, mover, (m1, _) = blitzer_scenario(engine, rules, d6(1) + (two_d6(1, 1) if bb else []))
    sc.put(mover, (10, 7)).put(m1, (12, 7))
    game = sc.start(proc=Turn(0, blitz=True))
    game.step(Action(T.START_MOVE, mover))
    game.step(Action(T.MOVE, None, (11, 8)))  # next to m1: no roll
    game.step(Action(T.MOVE, None, (10, 9)))  # leaves m1's tackle zone: 1
    s = game.state
    if bb:
        assert s.teams[0].rerolls == 2 and s.status[mover] != Status.STANDING
    else:
        assert Action(T.USE_REROLL) in game.legal_actions()
    assert not game.roller.queue  # type: ignore[attr-defined]


def test_the_rulesets_reroll_limits() -> None:
    assert (LRB6.rerolls_per_turn, LRB6.blitz_turn_rerolls) == (1, True)
    assert (BB2020.rerolls_per_turn, BB2020.blitz_turn_rerolls) == (0, False)


