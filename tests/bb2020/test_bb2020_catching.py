"""BB2020 catching on both engines (RULES §10.1, TABLES §2, §16): an Agility test with no +1 for
an accurate pass or a hand-off and -1 for any other ball (bounce, scatter, throw-in, kick)."""

from __future__ import annotations

import importlib.util
from fractions import Fraction

import pytest

from nuffle.core.characteristics import ag_target
from nuffle.core.dice import Dice, Outcome, d6, d8
from nuffle.core.game import Game
from nuffle.core.procedures.ball import Catch, catch_modifier
from nuffle.core.procedures.movement import need
from nuffle.core.ruleset import LRB6, draft_ruleset
from nuffle.core.teams import TeamSpec
from nuffle.core.types import BallState
from nuffle.teams_bb2020 import check_team, suggest_team
from nuffle.teams_bb2020_match import match_team
from nuffle.testing import Scenario

BB2020 = draft_ruleset("bb2020")
HAS_NATIVE = importlib.util.find_spec("nuffle._native") is not None
NO_NATIVE = pytest.mark.skipif(not HAS_NATIVE, reason="no native extension")
ENGINES = ["python", pytest.param("native", marks=NO_NATIVE)]


def _team(race: str) -> TeamSpec:
    return match_team(check_team(suggest_team(race))).spec


def _catch(engine: str, bonus: int, script: list[tuple[Dice, Outcome]]) -> tuple[Game, int]:
    """An unmarked Blitzer (AG 3+) catches a ball: `bonus` 1 for an accurate pass or hand-off."""
    sc = Scenario(_team("human"), _team("orc"), script=script, engine=engine, rules=BB2020)
    sc.set(rerolls=(0, 0))
    pid = sc.pid(0, "Blitzer")
    sc.put(pid, (10, 7))
    return sc.start(active=0, proc=Catch(pid, bonus, accurate=bonus > 0)), pid


@pytest.mark.parametrize("engine", ENGINES)
@pytest.mark.parametrize(("bonus", "die", "caught"),
                         [(1, 3, True), (1, 2, False), (0, 4, True), (0, 3, False)])
def test_a_catch_needs_ag_or_one_more_unless_accurate(engine: str, bonus: int, die: int,
                                                      caught: bool) -> None:
    game, pid = _catch(engine, bonus, d6(die) + ([] if caught else d8(5)))
    s = game.state
    assert (s.carrier() == pid) is caught
    if not caught:
        assert s.ball_state == BallState.ON_GROUND and s.board.xy(s.ball) == (11, 7)
    assert not game.roller.queue  # type: ignore[attr-defined]


def test_the_digests_catch_probabilities() -> None:
    """TABLES §16: AG 3+, unmarked: an accurate pass caught on 3+ (2/3), a bounce on 4+ (1/2)."""
    s = Game.new(_team("human"), _team("orc"), seed=1, ruleset=BB2020).state
    pid = next(p.pid for p in s.info if p.position == "Blitzer")
    s.pos[pid] = s.board.sq(10, 7)
    odds = {bonus: Fraction(7 - need(ag_target(s, pid), catch_modifier(s, pid, bonus)), 6)
            for bonus in (0, 1)}
    assert odds == {1: Fraction(2, 3), 0: Fraction(1, 2)}
    assert BB2020.catch_base == -1 and LRB6.catch_base == 0 and "catching" in BB2020.areas
