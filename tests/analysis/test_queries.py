"""Live-state queries: exact known answers (TABLES §4, §17) and bad input."""

from __future__ import annotations

from fractions import Fraction as F

import pytest

from nuffle.analysis.blocks import BlockResult
from nuffle.analysis.queries import (
    blitz_odds,
    block_odds,
    catch_odds,
    dodge_odds,
    foul_odds,
    gfi_odds,
    interception_odds,
    pass_odds,
    pickup_odds,
)
from nuffle.core.types import PFlag, Status, Weather
from nuffle.testing import (
    BLITZER,
    CATCHER,
    LINEMAN,
    LINEMAN2,
    O_BLITZER,
    O_GOBLIN,
    O_LINE,
    O_LINE2,
    OGRE,
    THROWER,
    Scenario,
)


def marked(pid: int, rerolls: int = 0) -> Scenario:
    """`pid` on (10, 7) marked by an orc lineman on (9, 7); (11, 8) lies in one more TZ."""
    sc = Scenario()
    sc.put(pid, (10, 7)).put(O_LINE, (9, 7)).put(O_LINE2, (12, 9)).set(rerolls=(rerolls, 0))
    return sc


# --- dodge, GFI, pick-up, catch ----------------------------------------------------------------


def test_dodge_ag3_into_one_tz_is_half_and_three_quarters_with_dodge():
    assert dodge_odds(marked(LINEMAN).start(), LINEMAN, (11, 8)) == F(1, 2)
    assert dodge_odds(marked(CATCHER).start(), CATCHER, (11, 8)) == F(3, 4)


def test_dodge_into_empty_zone_and_team_reroll():
    game = marked(LINEMAN, rerolls=1).start()
    assert dodge_odds(game, LINEMAN, (11, 6)) == F(8, 9)  # 3+ with a team re-roll
    assert dodge_odds(game.state, LINEMAN, (11, 8)) == F(3, 4)


def test_dodge_reroll_not_usable_in_opponents_turn_or_after_use():
    game = marked(LINEMAN, rerolls=1).start(active=1)
    assert dodge_odds(game, LINEMAN, (11, 6)) == F(2, 3)
    game = marked(CATCHER).start()
    game.state.pflags[CATCHER] |= PFlag.DODGE_USED
    assert dodge_odds(game, CATCHER, (11, 8)) == F(1, 2)


def test_dodge_skill_into_empty_zone():
    sc = Scenario()
    sc.put(CATCHER, (10, 7)).put(O_BLITZER, (9, 7))
    game = sc.start()
    assert dodge_odds(game, CATCHER, (11, 7)) == F(8, 9)  # Orc Blitzer has Block, not Tackle


def test_stunty_ignores_tackle_zones_and_loner_team_reroll():
    sc = Scenario()
    sc.put(O_GOBLIN, (10, 7)).put(LINEMAN, (9, 7)).put(BLITZER, (12, 9)).put(LINEMAN2, (12, 7))
    assert dodge_odds(sc.start(active=1), O_GOBLIN, (11, 8)) == F(8, 9)  # 3+ with Dodge
    sc = Scenario()
    sc.put(OGRE, (10, 7)).put(O_LINE, (9, 7)).set(rerolls=(1, 0))
    assert dodge_odds(sc.start(), OGRE, (11, 6)) == F(5, 8)  # AG2: 4+, Loner re-roll 1/2+1/2*1/2*1/2


def test_not_marked_needs_no_dodge():
    sc = Scenario()
    sc.put(LINEMAN, (10, 7))
    assert dodge_odds(sc.start(), LINEMAN, (11, 7)) == 1


def test_gfi_blizzard_and_sure_feet():
    sc = Scenario()
    sc.put(LINEMAN, (10, 7)).set(weather=Weather.BLIZZARD)
    game = sc.start()
    assert gfi_odds(game, LINEMAN) == F(2, 3)
    game.state.weather = Weather.NICE
    assert gfi_odds(game, LINEMAN) == F(5, 6)
    game.state.teams[0].rerolls = 1
    assert gfi_odds(game, LINEMAN) == F(35, 36)


def test_pickup_with_sure_hands():
    sc = Scenario()
    sc.put(THROWER, (10, 7)).ball_at((11, 7))
    game = sc.start()
    assert pickup_odds(game, THROWER) == F(8, 9)
    sc = Scenario()
    sc.put(LINEMAN, (10, 7)).ball_at((11, 7)).put(O_LINE, (12, 7)).set(weather=Weather.POURING_RAIN)
    assert pickup_odds(sc.start(), LINEMAN) == F(1, 3)  # AG3 in rain with 1 TZ: 5+
    assert pickup_odds(sc.start(), LINEMAN, (10, 5)) == F(1, 2)  # rain only: 4+


def test_catch_kinds():
    sc = Scenario()
    sc.put(LINEMAN, (10, 7)).put(CATCHER, (5, 5))
    game = sc.start()
    assert catch_odds(game, LINEMAN, "accurate") == F(2, 3)
    assert catch_odds(game, LINEMAN, "handoff") == F(2, 3)
    assert catch_odds(game, LINEMAN, "bounce") == F(1, 2)
    assert catch_odds(game, CATCHER) == F(8, 9)
    game.state.status[LINEMAN] = Status.PRONE
    assert catch_odds(game, LINEMAN) == 0


# --- passes and interceptions ------------------------------------------------------------------


def test_long_bomb_with_one_tz_matches_tables_17():
    sc = Scenario()
    sc.put(LINEMAN, (3, 7)).put(O_LINE, (2, 7))
    game = sc.start()
    assert pass_odds(game, LINEMAN, (15, 7)) == {"accurate": F(1, 6), "inaccurate": F(1, 6),
                                                "fumble": F(4, 6)}


def test_quick_pass_and_pass_skill():
    sc = Scenario()
    sc.put(LINEMAN, (3, 7)).put(THROWER, (3, 3))
    game = sc.start()
    assert pass_odds(game, LINEMAN, (5, 7)) == {"accurate": F(2, 3), "inaccurate": F(1, 6),
                                               "fumble": F(1, 6)}
    quick = pass_odds(game, THROWER, (5, 3))
    assert quick["accurate"] == F(8, 9)
    assert sum(quick.values()) == 1


def test_interception():
    sc = Scenario()
    sc.put(LINEMAN, (3, 7)).put(O_LINE, (6, 7)).put(O_LINE2, (6, 3))
    game = sc.start()
    assert interception_odds(game, O_LINE, LINEMAN, (9, 7)) == F(1, 6)
    assert interception_odds(game, O_LINE2, LINEMAN, (9, 7)) == 0  # not in the path
    game.state.weather = Weather.POURING_RAIN
    assert interception_odds(game, O_LINE, LINEMAN, (9, 7)) == F(1, 6)  # natural 6 still wins
    game.state.status[O_LINE] = Status.PRONE
    assert interception_odds(game, O_LINE, LINEMAN, (9, 7)) == 0


# --- blocks, blitzes and fouls -----------------------------------------------------------------


def test_block_two_dice_through_an_assist():
    sc = Scenario()
    sc.put(LINEMAN, (10, 7)).put(O_LINE, (11, 7)).put(LINEMAN2, (12, 8))
    odds = block_odds(sc.start(), LINEMAN, O_LINE)
    assert odds.defender_down == F(5, 9)
    assert odds.results[BlockResult.ATTACKER_DOWN] == F(1, 36)
    assert 1 - odds.attacker_up == F(1, 9)  # TABLES §4: attacker forced down


def test_block_defender_chooses_and_dodge():
    sc = Scenario()
    sc.put(O_GOBLIN, (11, 7)).put(LINEMAN, (10, 7))
    odds = block_odds(sc.start(), LINEMAN, O_GOBLIN)  # ST 3 v 2: two dice, goblin has Dodge
    assert odds.defender_down == F(11, 36)
    odds = block_odds(sc.start(active=1), O_GOBLIN, LINEMAN)
    assert odds.results[BlockResult.DEFENDER_DOWN] == F(1, 9)


def test_blitz_from_square_counts_assists_there():
    sc = Scenario()
    sc.put(LINEMAN, (5, 5)).put(O_LINE, (11, 7)).put(LINEMAN2, (12, 8)).put(O_LINE2, (9, 9))
    game = sc.start()
    assert blitz_odds(game, LINEMAN, O_LINE, (10, 7)).defender_down == F(5, 9)
    # (10, 8) is next to O_LINE2, who then assists the defender: one die
    assert blitz_odds(game, LINEMAN, O_LINE, (10, 8)).defender_down == F(1, 3)
    assert game.state.pos[LINEMAN] == game.state.board.sq(5, 5)


def test_foul_with_assists():
    sc = Scenario()
    sc.put(LINEMAN, (10, 7)).put(O_LINE, (11, 7), Status.PRONE).put(LINEMAN2, (12, 8))
    odds = foul_odds(sc.start(), LINEMAN, O_LINE)
    assert odds["armour_broken"] == F(10, 36)  # AV9 +1: 9+... 2D6+1 > 9


# --- bad input ---------------------------------------------------------------------------------


def test_bad_input_raises_value_error():
    sc = Scenario()
    sc.put(LINEMAN, (10, 7)).put(O_LINE, (12, 7)).put(O_LINE2, (9, 7)).put(LINEMAN2, (3, 3))
    game = sc.start()
    with pytest.raises(ValueError, match="not on the pitch"):
        dodge_odds(game, BLITZER, (1, 1))
    with pytest.raises(ValueError, match="off the pitch"):
        dodge_odds(game, LINEMAN, (30, 7))
    with pytest.raises(ValueError, match="not adjacent"):
        dodge_odds(game, LINEMAN, (12, 9))
    with pytest.raises(ValueError, match="occupied"):
        dodge_odds(game, LINEMAN, (9, 7))
    with pytest.raises(ValueError, match="unknown player"):
        gfi_odds(game, 99)
    with pytest.raises(ValueError, match="not adjacent"):
        block_odds(game, LINEMAN, O_LINE)
    with pytest.raises(ValueError, match="same team"):
        block_odds(game, LINEMAN, LINEMAN2)
    with pytest.raises(ValueError, match="out of passing range"):
        pass_odds(game, LINEMAN, (25, 0))
    with pytest.raises(ValueError, match="own square"):
        pass_odds(game, LINEMAN, (10, 7))
    with pytest.raises(ValueError, match="catch kind"):
        catch_odds(game, LINEMAN, "spiral")
    with pytest.raises(ValueError, match="not loose"):
        pickup_odds(game, LINEMAN)
    with pytest.raises(ValueError, match="not adjacent"):
        blitz_odds(game, LINEMAN, O_LINE, (5, 5))
    with pytest.raises(ValueError, match="not down"):
        foul_odds(game, LINEMAN, O_LINE2)
    with pytest.raises(ValueError, match="thrower's team"):
        interception_odds(game, LINEMAN2, LINEMAN, (15, 7))
    with pytest.raises(ValueError, match=r"an \(x, y\) pair"):
        dodge_odds(game, LINEMAN, "a1")  # type: ignore[arg-type]
    game.state.weather = Weather.BLIZZARD
    with pytest.raises(ValueError, match="out of passing range"):
        pass_odds(game, LINEMAN, (18, 7))  # Long in a blizzard


def test_pickup_and_catch_odds_follow_the_engines_skill_modifiers() -> None:
    from nuffle.core.skills import Skill

    # Human lineman (AG 3, 4+) picking up in Pouring Rain with two opposing tackle zones:
    # +1 -2 -1 = -2, so only a 6; Big Hand gives back the zones and the rain (3+).
    sc = Scenario().put(5, (10, 7)).put(16, (11, 6)).put(17, (11, 8)).ball_at((10, 7))
    sc.set(weather=Weather.POURING_RAIN, rerolls=(0, 0))
    assert pickup_odds(sc.state, 5) == F(1, 6)
    sc.grant(5, Skill.BIG_HAND)
    assert pickup_odds(sc.state, 5) == F(4, 6)
    sc.grant(5, Skill.EXTRA_ARMS)
    assert pickup_odds(sc.state, 5) == F(5, 6)
    # catching a hand-off there: +1 -2 -1 = -2 (a 6); Nerves of Steel ignores the zones (4+)
    assert catch_odds(sc.state, 5, "handoff") == F(2, 6)  # Extra Arms +1: 5+
    sc.grant(5, Skill.NERVES_OF_STEEL)
    assert catch_odds(sc.state, 5, "handoff") == F(4, 6)  # +1 +1 -1 rain: 3+
    # an opposing Disturbing Presence player within three squares: -1
    sc.grant(16, Skill.DISTURBING_PRESENCE)
    assert catch_odds(sc.state, 5, "handoff") == F(3, 6)
