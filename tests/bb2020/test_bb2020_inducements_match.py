"""BB2020 inducements whose match effect is LRB6's, played under BB2020 on both engines with
forced dice (RULES §11.6, §15): Bloodweiser Kegs (+1 each to KO recovery), Extra Team Training
(a team re-roll each half), the Halfling Master Chef (3D6 at the start of each half, each 4+
steals a re-roll), Bribes and Wandering Apothecaries as the match's counters."""

from __future__ import annotations

import importlib.util
from dataclasses import replace

import pytest

from nuffle.core.dice import d6
from nuffle.core.procedures.match import EndDrive, Half
from nuffle.core.ruleset import draft_ruleset
from nuffle.core.teams import Inducements
from nuffle.core.types import Status
from nuffle.teams_bb2020_match import default_match_team
from nuffle.testing import Scenario

BB2020 = draft_ruleset("bb2020")
HAS_NATIVE = importlib.util.find_spec("nuffle._native") is not None
ENGINES = ["python", pytest.param("native", marks=pytest.mark.skipif(not HAS_NATIVE, reason="no native"))]


def _scenario(engine: str, script: list, away_rerolls: int = 3) -> Scenario:  # type: ignore[type-arg]
    orcs = replace(default_match_team("orc"), rerolls=away_rerolls)
    return Scenario(default_match_team("human"), orcs, script=script, engine=engine, rules=BB2020)


@pytest.mark.parametrize("engine", ENGINES)
@pytest.mark.parametrize(("kegs", "recovered"), [(0, 1), (1, 2), (2, 3)])
def test_bloodweiser_kegs_add_one_each_to_ko_recovery(engine: str, kegs: int, recovered: int) -> None:
    sc = _scenario(engine, d6(4, 3, 2, 1)).induce(0, Inducements(babes=kegs))
    knocked = list(sc.state.ranges[0])[:4]
    for pid in knocked:
        sc.state.status[pid] = Status.KO
    game = sc.start(proc=EndDrive(False))
    back = [p for p in knocked if game.state.status[p] == Status.RESERVE]
    assert back == knocked[:recovered]  # 4, 3 + 1, 2 + 2; a 1 always fails
    assert not game.roller.queue  # type: ignore[attr-defined]


@pytest.mark.parametrize("engine", ENGINES)
def test_extra_team_training_adds_team_rerolls_each_half(engine: str) -> None:
    game = _scenario(engine, []).induce(0, Inducements(training=2)).start(proc=Half())
    s = game.state
    assert (s.teams[0].rerolls, s.teams[1].rerolls) == (s.specs[0].rerolls + 2, s.specs[1].rerolls)


@pytest.mark.parametrize("engine", ENGINES)
@pytest.mark.parametrize(("dice", "stolen"), [((4, 5, 6), 2), ((1, 4, 3), 1), ((3, 3, 2), 0)])
def test_the_master_chef_steals_a_reroll_for_each_four_plus(engine: str, dice: tuple[int, int, int],
                                                           stolen: int) -> None:
    sc = _scenario(engine, d6(*dice), away_rerolls=2)  # three 4+ against two: only two stolen
    game = sc.induce(0, Inducements(chef=True)).start(proc=Half())
    s = game.state
    assert s.teams[0].rerolls == s.specs[0].rerolls + stolen
    assert s.teams[1].rerolls == s.specs[1].rerolls - stolen
    assert not game.roller.queue  # type: ignore[attr-defined]
