"""BB2020's re-roll skills on both engines (RULES §13, SKILLS.md): Pro (a 3+ check, own turn only,
one die: on block dice the coach picks which) and Brawler (a Both Down die on a Block action)."""

from __future__ import annotations

import importlib.util

import pytest

from nuffle.core.actions import Action, ActionType
from nuffle.core.dice import Dice, Outcome, block, d6, two_d6
from nuffle.core.game import Game
from nuffle.core.procedures.rolls import checked_reroll
from nuffle.core.ruleset import LRB6, draft_ruleset
from nuffle.core.skills import Skill
from nuffle.core.types import BlockFace, RollKind, Status
from nuffle.testing import Scenario, bb2020_team, blitzer_scenario

BB2020 = draft_ruleset("bb2020")
HAS_NATIVE = importlib.util.find_spec("nuffle._native") is not None
NO_NATIVE = pytest.mark.skipif(not HAS_NATIVE, reason="no native extension")
ENGINES = ["python", pytest.param("native", marks=NO_NATIVE)]
T = ActionType


@pytest.mark.parametrize("engine", ENGINES)
@pytest.mark.parametrize("ruleset", ["lrb6", "bb2020"])
def test_pro_check_is_the_rulesets(engine: str, ruleset: str) -> None:
    """A failed dodge (1), Pro's check 3: BB2020's 3+ re-rolls the dodge (6), LRB6's 4+ does not."""
    rules = draft_ruleset(ruleset)
    bb = rules is BB2020
    sc, mover, (m1, _) = blitzer_scenario(engine, rules, d6(1, 3) + (d6(6) if bb else two_d6(1, 1)))
    sc.set(rerolls=(0, 0))
    sc.grant(mover, Skill.PRO).put(mover, (10, 7)).put(m1, (11, 7))
    game = sc.start(active=0)
    game.step(Action(T.START_MOVE, mover))
    game.step(Action(T.MOVE, None, (9, 8)))
    assert set(game.legal_actions().types()) == {T.USE_PRO, T.DECLINE}
    game.step(Action(T.USE_PRO))
    assert (game.state.status[mover] == Status.STANDING) is bb
    assert not game.roller.queue  # type: ignore[attr-defined]


def _block(engine: str, script: list[tuple[Dice, Outcome]], skill: Skill, st: int,
           blitz: bool = False) -> tuple[Game, int]:
    """A BB2020 Blitzer with `skill` and ST `st` blocks a Big Un Blocker (ST 4), no re-rolls."""
    sc, att, (dfd, _) = blitzer_scenario(engine, BB2020, script)
    sc.set(rerolls=(0, 0))
    sc.grant(att, skill, st=st).put(att, (10, 7)).put(dfd, (11, 7))
    game = sc.start(active=0)
    game.step(Action(T.START_BLITZ if blitz else T.START_BLOCK, att))
    game.step(Action(T.BLOCK, None, (11, 7)))
    return game, att


@pytest.mark.parametrize("engine", ENGINES)
def test_pro_rerolls_one_block_die_of_the_coachs_choice(engine: str) -> None:
    """Two dice (ST 5 v 4): Attacker Down and Both Down; Pro (3+) re-rolls the Attacker Down die
    alone (Pushed): Both Down stays, and nothing more is re-rolled."""
    game, _ = _block(engine, block(BlockFace.ATTACKER_DOWN, BlockFace.BOTH_DOWN) + d6(3)
                     + block(BlockFace.PUSHED), Skill.PRO, 5)
    assert T.USE_PRO in game.legal_actions().types()
    game.step(Action(T.USE_PRO))
    assert set(game.legal_actions().types()) == {T.SELECT_ATTACKER_DOWN, T.SELECT_BOTH_DOWN}
    game.step(Action(T.SELECT_ATTACKER_DOWN))
    assert set(game.legal_actions().types()) == {T.SELECT_BOTH_DOWN, T.SELECT_PUSHED}
    assert not game.roller.queue  # type: ignore[attr-defined]


@pytest.mark.parametrize("engine", ENGINES)
def test_brawler_rerolls_a_both_down_die_on_a_block_not_a_blitz(engine: str) -> None:
    """One die (ST 4 v 4) showing Both Down: Brawler re-rolls it (Pushed) on a Block action; on a
    Blitz it is not offered."""
    game, _ = _block(engine, block(BlockFace.BOTH_DOWN) + block(BlockFace.PUSHED), Skill.BRAWLER, 4)
    assert set(game.legal_actions().types()) == {T.USE_SKILL, T.SELECT_BOTH_DOWN}
    game.step(Action(T.USE_SKILL))
    assert game.legal_actions().types() == [T.SELECT_PUSHED]
    blitz, _ = _block(engine, block(BlockFace.BOTH_DOWN), Skill.BRAWLER, 4, blitz=True)
    assert blitz.legal_actions().types() == [T.SELECT_BOTH_DOWN]


def test_pro_only_in_his_own_teams_turn() -> None:
    """BB2020's Pro handler: not in the opponents' turn (LRB6's is), once a turn."""
    for rules, in_their_turn in ((LRB6, True), (BB2020, False)):
        home, away = (bb2020_team("human"), bb2020_team("orc")) if rules is BB2020 else ("human", "orc")
        sc = Scenario(home, away, rules=rules)
        pid = next(p.pid for p in sc.state.info if p.team == 0)
        s = sc.grant(pid, Skill.PRO).state
        s.active = 1
        assert checked_reroll(s, pid, RollKind.DODGE) is in_their_turn
        s.active = 0
        assert checked_reroll(s, pid, RollKind.DODGE, use=True)
        assert not checked_reroll(s, pid, RollKind.DODGE)
