"""Leap, Throw Team-Mate and Hypnotic Gaze odds (`analysis.skill_odds`) against the engine's own
exact outcomes, and their plans against `nuffle odds`."""

from __future__ import annotations

import json
from fractions import Fraction

import pytest

from nuffle.analysis.skill_odds import gaze_odds, leap_odds, throw_team_mate_odds
from nuffle.cli import main
from nuffle.core.actions import Action, ActionType
from nuffle.core.dice import Dice, ExplicitRoller
from nuffle.core.errors import InputError
from nuffle.core.game import Game
from nuffle.core.records import Transition
from nuffle.core.skills import Skill
from nuffle.core.types import Event, PFlag, RollKind, Status
from nuffle.testing import Scenario, do

T = ActionType
GOBLIN, BLACK_ORC, ORC_LINEMAN = 2, 4, 5  # ids on the orc roster (home)
H_BLITZER, H_THROWER, H_CATCHER = 12, 13, 14  # ids on the human roster (away)


def _rolled(game: Game, pid: int, kind: RollKind) -> bool:
    return any(e[0] == Event.ROLL and e[1] == pid and e[2] == kind for e in game.state.log)



def _mass(outcomes: list[Transition], pred: object) -> Fraction:
    return sum((p for g, p in outcomes if pred(g)), Fraction(0))  # type: ignore[operator]


def _ttm(rerolls: int) -> tuple[Game, tuple[int, int]]:
    sc = Scenario("orc", "human").set(rerolls=(rerolls, rerolls))
    sc.grant(BLACK_ORC, Skill.THROW_TEAM_MATE).put(BLACK_ORC, (10, 7)).put(GOBLIN, (11, 7))
    sc.put(H_BLITZER, (15, 8)).put(H_THROWER, (16, 6)).put(H_CATCHER, (12, 8))  # the catcher marks both
    g = sc.start(0)
    do(g, T.START_THROW_TEAM_MATE, BLACK_ORC)
    return g, (15, 7)


def test_throw_team_mate_throw_and_landing_equal_the_engine_s_outcomes() -> None:
    g, target = _ttm(0)
    odds = throw_team_mate_odds(g, BLACK_ORC, GOBLIN, target)
    outs = g.transitions(Action(T.THROW_TEAM_MATE, GOBLIN, target))
    assert sum(p for _, p in outs) == 1
    # Each face of the throw through the engine: it flies when the next event is a scatter.
    flies = Fraction(0)
    for face in range(1, 7):
        x = g.clone()
        x.roller = ExplicitRoller()
        x.step(Action(T.THROW_TEAM_MATE, GOBLIN, target))
        assert x.state.pending is not None and x.state.pending.kind == Dice.D6
        x.apply_chance(face)
        if x.state.pending is not None and x.state.pending.purpose == "team-mate scatter":
            flies += Fraction(1, 6)
    assert flies == odds.throw.chance
    # Where he came down on the target square (nobody knocked over on the way), the engine's
    # landing roll needed the plan's face.
    needs = {e[3] % 8 for x, _ in outs if x.state.pos[GOBLIN] == x.state.board.sq(*target)
             and all(x.state.status[q] == Status.STANDING for q in (H_BLITZER, H_THROWER))
             for e in x.state.log if e[0] == Event.ROLL and e[1] == GOBLIN and e[2] == RollKind.LANDING}
    assert needs == {int(odds.landing.plan.split("+")[0])}
    assert odds.total.chance == odds.throw.chance * odds.landing.chance


def test_throw_team_mate_plans_carry_the_team_reroll_and_equal_nuffle_odds(
        capsys: pytest.CaptureFixture[str]) -> None:
    g, target = _ttm(1)
    odds = throw_team_mate_odds(g, BLACK_ORC, GOBLIN, target)
    assert odds.total.plan.endswith("| RR")
    assert main(["odds", "--json", odds.total.plan]) == 0
    assert Fraction(json.loads(capsys.readouterr().out)["success"]) == odds.total.chance
    with pytest.raises(InputError, match="out of throwing range"):
        throw_team_mate_odds(g, BLACK_ORC, GOBLIN, (25, 7))


def _gaze(rerolls: int) -> Game:
    sc = Scenario("orc", "human").set(rerolls=(rerolls, rerolls))
    sc.grant(ORC_LINEMAN, Skill.HYPNOTIC_GAZE).put(ORC_LINEMAN, (10, 7))
    sc.put(H_BLITZER, (11, 7)).put(H_THROWER, (9, 8)).put(H_CATCHER, (14, 7))
    g = sc.start(0)
    do(g, T.START_MOVE, ORC_LINEMAN)
    return g


def test_gaze_odds_equal_the_engine_s_outcomes() -> None:
    g = _gaze(0)
    odds = gaze_odds(g, ORC_LINEMAN, H_BLITZER)
    assert odds.plan == "5+:norr"  # AG3: 4+, -1 for the thrower's tackle zone (not the target's)
    outs = g.transitions(Action(T.HYPNOTIC_GAZE, None, (11, 7)))
    hyp = _mass(outs, lambda x: bool(x.state.pflags[H_BLITZER] & PFlag.HYPNOTISED))
    assert hyp == odds.chance == Fraction(2, 6)
    assert gaze_odds(_gaze(1), ORC_LINEMAN, H_BLITZER).plan == "5+ | RR"
    with pytest.raises(InputError, match="not adjacent"):
        gaze_odds(g, ORC_LINEMAN, H_CATCHER)


@pytest.mark.parametrize("ma", [6, 1])
def test_leap_odds_equal_the_engine_s_outcomes(ma: int) -> None:
    sc = Scenario("orc", "human").set(rerolls=(0, 0))
    sc.grant(GOBLIN, Skill.LEAP, ma=ma).put(GOBLIN, (10, 7)).put(H_BLITZER, (11, 7)).put(H_THROWER, (12, 8))
    g = sc.start(0)
    do(g, T.START_MOVE, GOBLIN)
    odds = leap_odds(g, GOBLIN, (12, 7))
    assert odds.gfis == (1 if ma == 1 else 0)
    assert odds.leap.plan == "4+:norr"  # AG3, no tackle zones count
    outs = g.transitions(Action(T.LEAP, None, (12, 7)))
    landed = _mass(outs, lambda x: x.state.pos[GOBLIN] == x.state.board.sq(12, 7)
                   and x.state.status[GOBLIN] == Status.STANDING)
    assert landed == odds.total.chance
    with pytest.raises(InputError, match="not an empty square"):
        leap_odds(g, GOBLIN, (11, 7))
