"""The analysis odds of a BB2020 Throw Team-mate (RULES §8.7, TABLES §2): the throw is a Superb
result of the thrower's Passing Ability test (what the procedure counts as a completion), the
landing the Agility test on the target at the Superb result's modifier."""

from __future__ import annotations

from fractions import Fraction

from nuffle.analysis.skill_odds import throw_team_mate_odds
from nuffle.core.dice import d6, d8
from nuffle.core.skills import Skill
from nuffle.core.state import PSTAT_COMPLETIONS, PSTATS
from nuffle.testing import throw_team_mate, ttm_scenario


def test_a_quick_throw_is_superb_on_the_pa_and_lands_on_the_ag() -> None:
    """PA 4+ at Quick range (0): Superb on 4+ (1/2); the Halfling lands on AG 3+ (2/3). LRB6's
    throw would be 5/6 (only a fumble fails)."""
    sc, thrower, thrown = ttm_scenario("python", [])
    odds = throw_team_mate_odds(sc.state, thrower, thrown, (12, 7))
    assert (odds.throw.chance, odds.landing.chance, odds.total.chance) == (
        Fraction(1, 2), Fraction(2, 3), Fraction(1, 3))


def test_strong_arm_and_a_marker_move_the_superb_face() -> None:
    """Strong Arm +1: Superb on 3+ (2/3); a Big Un marking the thrower takes it back to 4+, and
    one marking the target square makes the landing 4+ (1/2)."""
    sc, thrower, thrown = ttm_scenario("python", [], thrower_skills=(Skill.STRONG_ARM,))
    assert throw_team_mate_odds(sc.state, thrower, thrown, (12, 7)).throw.chance == Fraction(2, 3)
    sc.put(sc.pid(1, "Big Un Blocker"), (9, 7)).put(sc.pid(1, "Big Un Blocker", 1), (13, 7))
    odds = throw_team_mate_odds(sc.state, thrower, thrown, (12, 7))
    assert (odds.throw.chance, odds.landing.chance) == (Fraction(1, 2), Fraction(1, 2))


def test_the_superb_face_is_the_procedures_completion() -> None:
    """The face the odds need (4 at PA 4+) is where the procedure's throw becomes a completion."""
    for die, completions in ((4, 1), (3, 0)):
        sc, thrower, thrown = ttm_scenario("python", d6(die) + d8(5, 5, 7) + d6(4))
        game = throw_team_mate(sc, thrower, thrown, (12, 7))
        assert game.state.pstats[thrower * PSTATS + PSTAT_COMPLETIONS] == completions
    sc, thrower, thrown = ttm_scenario("python", [])
    assert throw_team_mate_odds(sc.state, thrower, thrown, (12, 7)).throw.chance == Fraction(7 - 4, 6)
