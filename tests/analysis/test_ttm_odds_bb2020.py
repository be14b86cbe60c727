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


def test_ttm_exact_plays_bb2020s_throw() -> None:
    """`ttm_exact` under BB2020, Short range (-1) to (16, 7), nobody near: once Superb he lands
    on AG 3+ (2/3, as `throw_team_mate_odds` says); the whole throw is Superb 5-6 (2/6, lands
    2/3), Subpar 3-4 (2/6, lands at -1: 1/2), Wildly Inaccurate on a 2 (1 or less: he deviates
    from the thrower, lands at -2: 1/3), a fumble on a 1 (one scatter from the thrower's square,
    lands at -1: 1/2): 19/36, where LRB6's reading (a fumble never lands, any other throw lands
    as aimed) would give 5/6 * 2/3."""
    import pytest

    from nuffle.analysis.ttm_exact import landing_over_scatter, whole_throw
    from nuffle.core.actions import Action, ActionType
    from nuffle.core.errors import InputError

    sc, thrower, thrown = ttm_scenario("python", [])
    game = sc.start(active=0)
    game.step(Action(ActionType.START_THROW_TEAM_MATE, thrower))
    aimed = throw_team_mate_odds(game.state, thrower, thrown, (16, 7)).landing.chance
    assert landing_over_scatter(game, thrower, thrown, (16, 7)) == aimed == Fraction(2, 3)
    assert whole_throw(game, thrower, thrown, (16, 7)) == Fraction(19, 36)
    sc, thrower, thrown = ttm_scenario("python", [], pa=7)  # PA "-": never Superb
    game = sc.start(active=0)
    game.step(Action(ActionType.START_THROW_TEAM_MATE, thrower))
    with pytest.raises(InputError, match="Superb"):
        landing_over_scatter(game, thrower, thrown, (16, 7))
