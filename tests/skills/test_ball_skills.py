"""Ball-handling and kick-off skills: No Hands, Big Hand, Extra Arms, Nerves of Steel,
Disturbing Presence, Monstrous Mouth, Diving Catch, Kick, Kick-Off Return, Fan Favourite.

Scenario players: home 0 Blitzer, 1 Thrower (Pass, Sure Hands), 2 Catcher, 5/7/8 Linemen
(AG 3: pick-ups and catches need 4+ before modifiers); away 16, 20, 21 Linemen (AG 3).
Home defends x = 0 (half x 0-12, line of scrimmage x = 12); away's half is x 13-25 (line of
scrimmage x = 13). Kick-offs are run with `Scenario.start(proc=Kickoff())`, home kicking.
"""

from __future__ import annotations

from nuffle.core.actions import Action, ActionType
from nuffle.core.dice import d3, d6, d8, pick, two_d6
from nuffle.core.game import Game
from nuffle.core.procedures.kickoff import Kickoff
from nuffle.core.skills import Skill
from nuffle.core.state import GameState
from nuffle.core.types import BallState, Decider, Status, Weather
from nuffle.testing import (
    LINEMAN,
    LINEMAN2,
    LINEMAN3,
    O_LINE,
    O_LINE2,
    THROWER,
    Scenario,
    do,
    grant_random_skills,
    random_skill_games,
    roller_of,
)

T = ActionType
GET_THE_REF = two_d6(1, 1)  # a kick-off result with no dice and no decisions


def xy(game: Game, sq: int) -> tuple[int, int]:
    return game.state.board.xy(sq)


def step_onto_ball(sc: Scenario, pid: int = LINEMAN, start: tuple[int, int] = (10, 8),
                   ball: tuple[int, int] = (10, 7)) -> Game:
    """`pid` (placed on `start`) moves onto the loose ball on `ball`."""
    sc.put(pid, start).ball_at(ball).set(rerolls=(0, 0))
    game = sc.start(active=0)
    do(game, T.START_MOVE, pid)
    do(game, T.MOVE, square=ball)
    return game


def bounce_catch(sc: Scenario, catcher: int = LINEMAN2, at: tuple[int, int] = (11, 7)) -> Game:
    """Lineman 5 fails a pick-up on (10, 7) (first die a 1) and the ball bounces (D8 5) onto
    `catcher` standing on `at`, who must try to catch it (no bonus)."""
    sc.put(catcher, at)
    return step_onto_ball(sc)


def pass_to(sc: Scenario, target: tuple[int, int]) -> Game:
    """The Thrower on (5, 7) passes to `target` (Quick for 3 squares: 3+ is accurate)."""
    sc.put(THROWER, (5, 7)).give_ball(THROWER).set(rerolls=(0, 0))
    game = sc.start(active=0)
    do(game, T.START_PASS, THROWER)
    do(game, T.PASS, square=target)
    return game


def kick(sc: Scenario, target: tuple[int, int]) -> Game:
    """Home kicks to `target` (the scenario's away players receive)."""
    sc.set(kicking=0, rerolls=(0, 0))
    game = sc.start(proc=Kickoff())
    do(game, T.PLACE_BALL, square=target)
    return game


# --- No Hands --------------------------------------------------------------------------------


def test_no_hands_entering_ball_square_is_failed_pickup_without_roll() -> None:
    sc = Scenario(script=d8(5))  # no pick-up die: straight to the bounce
    sc.grant(LINEMAN, Skill.NO_HANDS)
    game = step_onto_ball(sc)
    s = game.state
    assert xy(game, s.ball) == (11, 7) and s.ball_state == BallState.ON_GROUND
    assert s.turnover
    assert not sc.roller.queue


def test_no_hands_ball_bouncing_onto_him_bounces_again() -> None:
    sc = Scenario(script=d6(1) + d8(5) + d8(5))  # no catch roll for the No Hands lineman
    sc.grant(LINEMAN2, Skill.NO_HANDS)
    game = bounce_catch(sc)
    s = game.state
    assert xy(game, s.ball) == (12, 7) and s.ball_state == BallState.ON_GROUND
    assert s.carrier() == -1
    assert not sc.roller.queue


def test_no_hands_accurate_pass_landing_on_him_bounces() -> None:
    sc = Scenario(script=d6(3) + d8(2))
    sc.grant(LINEMAN, Skill.NO_HANDS).put(LINEMAN, (8, 7))
    game = pass_to(sc, (8, 7))
    s = game.state
    assert xy(game, s.ball) == (8, 6) and s.carrier() == -1
    assert s.turnover
    assert not sc.roller.queue


def test_no_hands_not_a_hand_off_target_nor_given_a_touchback() -> None:
    sc = Scenario()
    sc.grant(LINEMAN2, Skill.NO_HANDS)
    sc.put(LINEMAN, (10, 7)).give_ball(LINEMAN).put(LINEMAN2, (11, 7)).put(LINEMAN3, (10, 8))
    game = sc.start(active=0)
    do(game, T.START_HANDOFF, LINEMAN)
    group = game.legal_actions().group(T.HANDOFF)
    assert group is not None
    assert (10, 8) in group.squares and (11, 7) not in group.squares
    # a touchback goes only to a receiver who can hold the ball
    sc = Scenario(script=d8(5) + d6(6) + GET_THE_REF)
    sc.grant(O_LINE, Skill.NO_HANDS).put(O_LINE, (18, 7)).put(O_LINE2, (18, 9))
    game = kick(sc, (24, 7))
    group = game.legal_actions().group(T.SELECT_PLAYER)
    assert group is not None and set(group.players) == {O_LINE2}


# --- Big Hand and Extra Arms -----------------------------------------------------------------


def _marked_rainy_pickup(die: int, *skills: Skill) -> Game:
    """Lineman 5 picks up on (10, 7) in Pouring Rain with two orcs marking the square."""
    sc = Scenario(script=d6(die) + d8(5))
    sc.grant(LINEMAN, *skills).set(weather=Weather.POURING_RAIN)
    sc.put(O_LINE, (11, 6)).put(O_LINE2, (9, 6))
    return step_onto_ball(sc)


def test_big_hand_ignores_tackle_zones_and_pouring_rain() -> None:
    game = _marked_rainy_pickup(3, Skill.BIG_HAND)  # 3 + 1 = 4
    assert game.state.carrier() == LINEMAN and not game.state.turnover
    assert len(roller_of(game).queue) == 1  # the bounce die was not needed


def test_big_hand_absent_the_same_pickup_fails() -> None:
    game = _marked_rainy_pickup(3)  # 3 + 1 - 2 - 1 = 1
    s = game.state
    assert s.carrier() == -1 and s.turnover
    assert xy(game, s.ball) == (11, 7)


def test_big_hand_with_extra_arms_still_adds_one() -> None:
    game = _marked_rainy_pickup(2, Skill.BIG_HAND, Skill.EXTRA_ARMS)  # 2 + 1 + 1 = 4
    assert game.state.carrier() == LINEMAN


def test_extra_arms_plus_one_on_pickup() -> None:
    sc = Scenario(script=d6(2))
    sc.grant(LINEMAN, Skill.EXTRA_ARMS)
    game = step_onto_ball(sc)  # 2 + 1 + 1 = 4
    assert game.state.carrier() == LINEMAN
    sc = Scenario(script=d6(2) + d8(5))
    game = step_onto_ball(sc)  # 2 + 1 = 3 without
    assert game.state.carrier() == -1 and game.state.turnover


def test_extra_arms_plus_one_on_catch() -> None:
    sc = Scenario(script=d6(1) + d8(5) + d6(3))
    sc.grant(LINEMAN2, Skill.EXTRA_ARMS)
    game = bounce_catch(sc)  # 3 + 1 = 4
    assert game.state.carrier() == LINEMAN2
    sc = Scenario(script=d6(1) + d8(5) + d6(3) + d8(5))
    game = bounce_catch(sc)  # 3 without
    assert game.state.carrier() == -1 and xy(game, game.state.ball) == (12, 7)


# --- Nerves of Steel and Disturbing Presence ---------------------------------------------------


def test_nerves_of_steel_ignores_tackle_zones_on_catch() -> None:
    sc = Scenario(script=d6(1) + d8(5) + d6(4))
    sc.grant(LINEMAN2, Skill.NERVES_OF_STEEL).put(O_LINE, (12, 6)).put(O_LINE2, (12, 8))
    game = bounce_catch(sc)  # 4 despite two tackle zones
    assert game.state.carrier() == LINEMAN2
    sc = Scenario(script=d6(1) + d8(5) + d6(4) + d8(5))
    sc.put(O_LINE, (12, 6)).put(O_LINE2, (12, 8))
    game = bounce_catch(sc)  # 4 - 2 without
    assert game.state.carrier() == -1


def test_nerves_of_steel_does_not_ignore_disturbing_presence() -> None:
    sc = Scenario(script=d6(1) + d8(5) + d6(4) + d8(5))
    sc.grant(LINEMAN2, Skill.NERVES_OF_STEEL).grant(O_LINE, Skill.DISTURBING_PRESENCE)
    sc.put(O_LINE, (14, 7))  # three squares from the catcher on (11, 7)
    game = bounce_catch(sc)
    assert game.state.carrier() == -1 and xy(game, game.state.ball) == (12, 7)


def test_disturbing_presence_minus_one_within_three_squares() -> None:
    sc = Scenario(script=d6(1) + d8(5) + d6(4) + d8(5))
    sc.grant(O_LINE, Skill.DISTURBING_PRESENCE).put(O_LINE, (14, 10))  # Chebyshev distance 3
    game = bounce_catch(sc)
    assert game.state.carrier() == -1


def test_disturbing_presence_no_effect_beyond_three_squares_or_on_own_team() -> None:
    sc = Scenario(script=d6(1) + d8(5) + d6(4))
    sc.grant(O_LINE, Skill.DISTURBING_PRESENCE).put(O_LINE, (15, 7))  # distance 4
    sc.grant(LINEMAN3, Skill.DISTURBING_PRESENCE).put(LINEMAN3, (12, 9))  # a team-mate
    game = bounce_catch(sc)
    assert game.state.carrier() == LINEMAN2


def test_disturbing_presence_counts_each_player_even_prone() -> None:
    # two DP opponents, one of them prone: 5 - 2 = 3 fails; a 6 always succeeds
    sc = Scenario(script=d6(1) + d8(5) + d6(5) + d8(5))
    sc.grant(O_LINE, Skill.DISTURBING_PRESENCE).grant(O_LINE2, Skill.DISTURBING_PRESENCE)
    sc.put(O_LINE, (14, 7)).put(O_LINE2, (13, 4), Status.PRONE)
    game = bounce_catch(sc)
    assert game.state.carrier() == -1


# --- Monstrous Mouth -------------------------------------------------------------------------


def test_monstrous_mouth_rerolls_a_failed_catch() -> None:
    sc = Scenario(script=d6(1) + d8(5) + d6(2) + d6(4))
    sc.grant(LINEMAN2, Skill.MONSTROUS_MOUTH)
    game = bounce_catch(sc)
    legal = game.legal_actions()
    assert game.decider == Decider.HOME
    assert Action(T.USE_SKILL) in legal and Action(T.USE_REROLL) not in legal
    do(game, T.USE_SKILL)
    assert game.state.carrier() == LINEMAN2
    assert not sc.roller.queue


def test_monstrous_mouth_does_not_reroll_a_pickup() -> None:
    sc = Scenario(script=d6(2) + d8(5))
    sc.grant(LINEMAN, Skill.MONSTROUS_MOUTH)
    game = step_onto_ball(sc)  # no re-roll offered: straight to the bounce
    assert game.state.turnover and game.state.carrier() == -1
    assert not sc.roller.queue


# --- Diving Catch ----------------------------------------------------------------------------


def test_diving_catch_plus_one_for_accurate_pass_to_his_square() -> None:
    sc = Scenario(script=d6(3) + d6(2))
    sc.grant(LINEMAN, Skill.DIVING_CATCH).put(LINEMAN, (8, 7))
    game = pass_to(sc, (8, 7))  # 2 + 1 accurate + 1 Diving Catch = 4
    assert game.state.carrier() == LINEMAN and not game.state.turnover
    sc = Scenario(script=d6(3) + d6(2) + d8(2))
    sc.put(LINEMAN, (8, 7))
    game = pass_to(sc, (8, 7))  # 3 without
    assert game.state.carrier() == -1 and game.state.turnover


def test_diving_catch_pass_landing_next_to_him_may_be_caught() -> None:
    sc = Scenario(script=d6(3) + d6(4))
    sc.grant(LINEMAN, Skill.DIVING_CATCH).put(LINEMAN, (9, 7))
    game = pass_to(sc, (8, 7))
    assert game.decider == Decider.HOME
    legal = game.legal_actions()
    assert legal.types() == [T.USE_SKILL, T.DECLINE]
    do(game, T.USE_SKILL, LINEMAN)
    s = game.state
    assert s.carrier() == LINEMAN and xy(game, s.ball) == (9, 7)  # he does not move
    assert xy(game, s.pos[LINEMAN]) == (9, 7) and not s.turnover
    assert not sc.roller.queue


def test_diving_catch_without_accurate_bonus_away_from_his_square() -> None:
    sc = Scenario(script=d6(3) + d6(3) + d8(5))
    sc.grant(LINEMAN, Skill.DIVING_CATCH).put(LINEMAN, (9, 7))
    game = pass_to(sc, (8, 7))
    do(game, T.USE_SKILL, LINEMAN)  # 3 + 0 fails; the ball bounces from HIS square
    s = game.state
    assert s.carrier() == -1 and xy(game, s.ball) == (10, 7) and s.turnover
    assert not sc.roller.queue


def test_diving_catch_declined_ball_bounces_from_landing_square() -> None:
    sc = Scenario(script=d6(3) + d8(2))
    sc.grant(LINEMAN, Skill.DIVING_CATCH).put(LINEMAN, (9, 7))
    game = pass_to(sc, (8, 7))
    do(game, T.DECLINE)
    s = game.state
    assert xy(game, s.ball) == (8, 6) and s.ball_state == BallState.ON_GROUND
    assert not sc.roller.queue


def test_diving_catch_two_eligible_catchers_cancel_out() -> None:
    sc = Scenario(script=d6(3) + d8(2))
    sc.grant(LINEMAN, Skill.DIVING_CATCH).put(LINEMAN, (9, 7))
    sc.grant(O_LINE, Skill.DIVING_CATCH).put(O_LINE, (8, 8))
    game = pass_to(sc, (8, 7))  # no decision: the ball bounces
    s = game.state
    assert xy(game, s.ball) == (8, 6) and s.ball_state == BallState.ON_GROUND
    assert not sc.roller.queue


def test_diving_catch_prone_catcher_and_bounces_do_not_qualify() -> None:
    sc = Scenario(script=d6(3) + d8(2))
    sc.grant(LINEMAN, Skill.DIVING_CATCH).put(LINEMAN, (9, 7), Status.PRONE)
    sc.grant(O_LINE, Skill.DIVING_CATCH).put(O_LINE, (8, 8), Status.PRONE)
    game = pass_to(sc, (8, 7))
    assert xy(game, game.state.ball) == (8, 6)
    # a ball bouncing next to a Diving Catcher only rests there
    sc = Scenario(script=d6(1) + d8(5))
    sc.grant(LINEMAN2, Skill.DIVING_CATCH).put(LINEMAN2, (12, 7))
    game = step_onto_ball(sc)
    assert xy(game, game.state.ball) == (11, 7) and game.state.ball_state == BallState.ON_GROUND


def test_diving_catch_on_a_kick_off() -> None:
    # (15, 7) + 2 right = (17, 7), empty, next to the away Diving Catcher on (18, 7)
    sc = Scenario(script=d8(5) + d6(2) + GET_THE_REF + d6(4))
    sc.grant(O_LINE, Skill.DIVING_CATCH).put(O_LINE, (18, 7)).put(LINEMAN, (10, 7))
    game = kick(sc, (15, 7))
    assert game.decider == Decider.AWAY
    do(game, T.USE_SKILL, O_LINE)
    s = game.state
    assert s.carrier() == O_LINE and xy(game, s.ball) == (18, 7)
    assert not sc.roller.queue


def test_diving_catch_kicking_player_outside_receiving_half_cannot_dive() -> None:
    # the kick lands on (13, 7) next to a home Diving Catcher on (12, 7): just a bounce
    sc = Scenario(script=d8(4) + d6(1) + GET_THE_REF + d8(5))
    sc.grant(LINEMAN, Skill.DIVING_CATCH).put(LINEMAN, (12, 7))
    game = kick(sc, (14, 7))  # (14, 7) one left = (13, 7)
    s = game.state
    assert xy(game, s.ball) == (14, 7) and s.ball_state == BallState.ON_GROUND
    assert not sc.roller.queue


# --- Kick ------------------------------------------------------------------------------------


def test_kick_may_halve_the_scatter_after_seeing_it() -> None:
    sc = Scenario(script=d8(5) + d6(5) + GET_THE_REF + d8(4))
    sc.grant(LINEMAN, Skill.KICK).put(LINEMAN, (8, 7))
    game = kick(sc, (20, 7))
    assert game.decider == Decider.HOME
    assert game.legal_actions().types() == [T.USE_SKILL, T.DECLINE]
    do(game, T.USE_SKILL)  # 5 // 2 = 2 squares: (22, 7), then a bounce left
    s = game.state
    assert xy(game, s.ball) == (21, 7) and s.ball_state == BallState.ON_GROUND
    assert not sc.roller.queue


def test_kick_declined_keeps_the_full_distance() -> None:
    sc = Scenario(script=d8(5) + d6(5) + GET_THE_REF + d8(4))
    sc.grant(LINEMAN, Skill.KICK).put(LINEMAN, (8, 7))
    game = kick(sc, (20, 7))
    do(game, T.DECLINE)
    assert xy(game, game.state.ball) == (24, 7)  # (25, 7) then a bounce left


def test_kick_not_from_the_line_of_scrimmage_or_a_wide_zone() -> None:
    for square in ((12, 7), (8, 2)):
        sc = Scenario(script=d8(5) + d6(5) + GET_THE_REF + d8(4))
        sc.grant(LINEMAN, Skill.KICK).put(LINEMAN, square)
        game = kick(sc, (20, 7))  # no decision: the table roll follows the scatter
        assert xy(game, game.state.ball) == (24, 7)
        assert not sc.roller.queue


# --- Kick-Off Return -------------------------------------------------------------------------


def test_kick_off_return_moves_under_the_ball_before_the_table() -> None:
    # (15, 7) + 2 right = (17, 7); the returner on (20, 7) runs under it and catches
    sc = Scenario(script=d8(5) + d6(2) + GET_THE_REF + d6(4))
    sc.grant(O_LINE, Skill.KICK_OFF_RETURN).put(O_LINE, (20, 7)).put(O_LINE2, (20, 9))
    game = kick(sc, (15, 7))
    assert game.decider == Decider.AWAY
    group = game.legal_actions().group(T.SELECT_PLAYER)
    assert group is not None and group.players == (O_LINE,)  # only the Kick-Off Returner
    assert len(sc.roller.queue) == 2  # the kick-off table (and the catch) still to roll
    do(game, T.SELECT_PLAYER, O_LINE)
    for sq in ((19, 7), (18, 7), (17, 7)):
        do(game, T.MOVE, O_LINE, sq)
    s = game.state
    assert s.carrier() == O_LINE and xy(game, s.pos[O_LINE]) == (17, 7)
    assert not sc.roller.queue


def test_kick_off_return_at_most_three_squares_within_own_half() -> None:
    sc = Scenario(script=d8(5) + d6(2) + GET_THE_REF + d8(5))
    sc.grant(O_LINE, Skill.KICK_OFF_RETURN).put(O_LINE, (13, 2))  # wide zone, not the LoS
    game = kick(sc, (20, 7))
    do(game, T.SELECT_PLAYER, O_LINE)
    group = game.legal_actions().group(T.MOVE)
    assert group is not None
    assert all(x >= 13 for x, _ in group.squares) and (14, 3) in group.squares
    for sq in ((14, 3), (15, 4), (16, 5)):
        do(game, T.MOVE, O_LINE, sq)
    s = game.state  # no fourth square: the kick went on
    assert xy(game, s.pos[O_LINE]) == (16, 5)
    assert xy(game, s.ball) == (23, 7)
    assert not sc.roller.queue


def test_kick_off_return_entering_a_tackle_zone_ends_it() -> None:
    sc = Scenario(script=d8(5) + d6(2) + GET_THE_REF + d8(5))
    sc.grant(O_LINE, Skill.KICK_OFF_RETURN).put(O_LINE, (20, 7)).put(LINEMAN, (17, 9))
    game = kick(sc, (15, 7))
    do(game, T.SELECT_PLAYER, O_LINE)
    do(game, T.MOVE, O_LINE, (19, 7))
    do(game, T.MOVE, O_LINE, (18, 8))  # next to the home lineman: the return ends
    s = game.state
    assert xy(game, s.pos[O_LINE]) == (18, 8)
    assert xy(game, s.ball) == (18, 7) and s.ball_state == BallState.ON_GROUND
    assert not sc.roller.queue


def test_kick_off_return_not_on_the_los_in_a_tackle_zone_or_on_a_touchback() -> None:
    sc = Scenario(script=d8(5) + d6(2) + GET_THE_REF + d8(4))
    sc.grant(O_LINE, Skill.KICK_OFF_RETURN).put(O_LINE, (13, 7))  # on the LoS
    sc.grant(O_LINE2, Skill.KICK_OFF_RETURN).put(O_LINE2, (20, 10)).put(LINEMAN, (19, 11))
    game = kick(sc, (15, 7))  # nobody eligible: no decision
    assert xy(game, game.state.ball) == (16, 7) and not sc.roller.queue
    # touchback: the kick scatters out of the receiving half
    sc = Scenario(script=d8(5) + d6(4) + GET_THE_REF)
    sc.grant(O_LINE, Skill.KICK_OFF_RETURN).put(O_LINE, (20, 7))
    game = kick(sc, (24, 7))
    assert game.legal_actions().types() == [T.SELECT_PLAYER]  # only the touchback choice
    assert not sc.roller.queue
    do(game, T.SELECT_PLAYER, O_LINE)
    assert game.state.carrier() == O_LINE


def test_kick_off_return_may_be_declined() -> None:
    sc = Scenario(script=d8(5) + d6(2) + GET_THE_REF + d8(5))
    sc.grant(O_LINE, Skill.KICK_OFF_RETURN).put(O_LINE, (20, 7))
    game = kick(sc, (15, 7))
    do(game, T.DECLINE)
    s = game.state
    assert xy(game, s.pos[O_LINE]) == (20, 7) and xy(game, s.ball) == (18, 7)


# --- Fan Favourite ---------------------------------------------------------------------------


def _cheering_fans(home_d3: int, away_d3: int, sc: Scenario) -> GameState:
    sc.roller.extend(d8(5) + d6(2) + two_d6(3, 3) + d3(home_d3) + d3(away_d3) + d8(5))
    game = kick(sc, (15, 7))
    assert not sc.roller.queue
    return game.state


def test_fan_favourite_adds_to_cheering_fans() -> None:
    sc = Scenario()
    sc.grant(LINEMAN, Skill.FAN_FAVOURITE).put(LINEMAN, (10, 7))
    s = _cheering_fans(1, 2, sc)  # 1 + 1 ties 2: both teams gain a re-roll
    assert (s.teams[0].rerolls, s.teams[1].rerolls) == (1, 1)
    sc = Scenario()
    sc.put(LINEMAN, (10, 7))
    s = _cheering_fans(1, 2, sc)
    assert (s.teams[0].rerolls, s.teams[1].rerolls) == (0, 1)


def test_fan_favourite_only_counts_on_the_pitch() -> None:
    sc = Scenario()
    sc.grant(LINEMAN, Skill.FAN_FAVOURITE).put(LINEMAN2, (10, 7))  # 5 stays in reserve
    sc.grant(O_LINE, Skill.FAN_FAVOURITE).grant(O_LINE2, Skill.FAN_FAVOURITE)
    sc.put(O_LINE, (20, 3)).put(O_LINE2, (20, 11), Status.PRONE)  # prone is still on the pitch
    s = _cheering_fans(3, 1, sc)  # 3 v 1 + 2: tie
    assert (s.teams[0].rerolls, s.teams[1].rerolls) == (1, 1)


def test_fan_favourite_raises_pitch_invasion_and_throw_a_rock() -> None:
    # Pitch Invasion: away's two Fan Favourites make home's roll of 4 stun (4 + 2 >= 6)
    sc = Scenario(script=d8(5) + d6(2) + two_d6(6, 6) + d6(4, 5, 5) + d8(5))
    sc.grant(O_LINE, Skill.FAN_FAVOURITE).grant(O_LINE2, Skill.FAN_FAVOURITE)
    sc.put(LINEMAN, (10, 7)).put(O_LINE, (20, 3)).put(O_LINE2, (20, 11))
    game = kick(sc, (15, 7))
    s = game.state
    assert s.status[LINEMAN] == Status.STUNNED
    assert s.status[O_LINE] == Status.STANDING and s.status[O_LINE2] == Status.STANDING
    assert not sc.roller.queue
    # Throw a Rock: 2 + 2 Fan Favourites beats 3, so only away is hit (injury 2D6 3+3: stunned)
    sc = Scenario(script=d8(5) + d6(2) + two_d6(5, 6) + d6(2, 3) + pick(0) + two_d6(3, 3) + d8(5))
    sc.grant(LINEMAN, Skill.FAN_FAVOURITE).grant(LINEMAN2, Skill.FAN_FAVOURITE)
    sc.put(LINEMAN, (10, 7)).put(LINEMAN2, (10, 9)).put(O_LINE, (20, 7))
    game = kick(sc, (15, 7))
    s = game.state
    assert s.status[O_LINE] == Status.STUNNED
    assert s.status[LINEMAN] == Status.STANDING and s.status[LINEMAN2] == Status.STANDING
    assert not sc.roller.queue


# --- random play -----------------------------------------------------------------------------

BALL_SKILLS = (
    Skill.NO_HANDS, Skill.BIG_HAND, Skill.EXTRA_ARMS, Skill.NERVES_OF_STEEL,
    Skill.DISTURBING_PRESENCE, Skill.MONSTROUS_MOUTH, Skill.DIVING_CATCH, Skill.KICK,
    Skill.KICK_OFF_RETURN, Skill.FAN_FAVOURITE,
)


def test_no_hands_and_other_ball_skills_survive_random_play() -> None:
    seen = random_skill_games(range(6), lambda game, seed: grant_random_skills(game, BALL_SKILLS, 3, seed))
    # Random bots almost never pick the ball up: Big Hand and Extra Arms are left to the
    # scripted tests above. The games are seeded, so the set below is exact.
    assert set(BALL_SKILLS) - seen == {Skill.BIG_HAND, Skill.EXTRA_ARMS, Skill.NERVES_OF_STEEL,
                                       Skill.DISTURBING_PRESENCE}
