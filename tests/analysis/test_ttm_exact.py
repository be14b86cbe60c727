"""Throw Team-Mate landing odds over the scatter (`analysis.ttm_exact`)."""

from __future__ import annotations

from fractions import Fraction

import pytest

from nuffle.analysis.skill_odds import throw_team_mate_odds
from nuffle.analysis.ttm_exact import landing_over_scatter
from nuffle.core.actions import ActionType
from nuffle.core.errors import InputError
from nuffle.core.game import Game
from nuffle.core.skills import Skill
from nuffle.testing import Scenario, do


def _throw(markers: tuple[tuple[int, int], ...]) -> tuple[Game, int, int]:
    sc = Scenario("orc", "human").set(rerolls=(0, 0))
    thrower, goblin = sc.pid(0, "Black Orc Blocker"), sc.pid(0, "Goblin")
    sc.grant(thrower, Skill.THROW_TEAM_MATE).put(thrower, (10, 7)).put(goblin, (11, 7))
    for i, sq in enumerate(markers):
        sc.put(sc.pid(1, "Lineman", i), sq)
    game = sc.start(0, drive=True)
    do(game, ActionType.START_THROW_TEAM_MATE, thrower)
    return game, thrower, goblin


def test_on_an_open_pitch_he_lands_as_often_as_his_landing_roll() -> None:
    game, thrower, goblin = _throw(((24, 1),))  # nobody within reach of the scatter
    aimed = throw_team_mate_odds(game, thrower, goblin, (14, 7)).landing.chance
    assert landing_over_scatter(game, thrower, goblin, (14, 7)) == aimed == Fraction(3, 6)


def test_the_scatter_carries_him_away_from_the_tackle_zones_on_the_aimed_square() -> None:
    game, thrower, goblin = _throw(((15, 8), (16, 6)))  # both mark the aimed square (15,7)
    aimed = throw_team_mate_odds(game, thrower, goblin, (15, 7)).landing.chance
    lands = landing_over_scatter(game, thrower, goblin, (15, 7))
    assert aimed == Fraction(1, 6)  # AG3: 4+, -2 for the two tackle zones (a 1 always fails)
    assert aimed < lands < Fraction(3, 6)  # he seldom comes down where he was aimed
    with pytest.raises(InputError, match="cannot throw"):
        landing_over_scatter(game, thrower, goblin, (25, 7))


def test_the_whole_throw_counts_the_throw_roll_and_shares_the_re_roll() -> None:
    from nuffle.analysis.ttm_exact import whole_throw

    game, thrower, goblin = _throw(((24, 1),))  # no re-roll (the scenario's default: none)
    throw = throw_team_mate_odds(game, thrower, goblin, (14, 7)).throw.chance
    assert whole_throw(game, thrower, goblin, (14, 7)) == throw * Fraction(3, 6)
    game.state.teams[0].rerolls = 1
    with_rr = whole_throw(game, thrower, goblin, (14, 7))
    # one re-roll for the throw or the landing: better than none, worse than one for each
    each = throw_team_mate_odds(game, thrower, goblin, (14, 7)).throw.chance
    assert throw * Fraction(3, 6) < with_rr < each * landing_over_scatter(game, thrower, goblin, (14, 7))
    with pytest.raises(InputError):
        whole_throw(game, thrower, goblin, (25, 7))
