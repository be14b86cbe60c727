"""Movement: steps, dodges, GFIs, standing up, picking up, Stunty, Dodge and Tackle."""

from __future__ import annotations

from nuffle.core.actions import Action, ActionType
from nuffle.core.dice import d6, d8, two_d6
from nuffle.core.skills import Skill
from nuffle.core.types import BallState, Decider, Status, Weather
from nuffle.testing import (
    CATCHER,
    LINEMAN,
    O_GOBLIN,
    O_LINE,
    Scenario,
    move,
    xy,
)

ORC_LINE = O_LINE
GOBLIN = O_GOBLIN


def test_plain_move_needs_no_dice() -> None:
    sc = Scenario()
    sc.put(LINEMAN, (10, 7))
    game = sc.start(active=0)
    game.step(Action(ActionType.START_MOVE, LINEMAN))
    move(game, (11, 7), (12, 8), (13, 9))
    assert xy(game, LINEMAN) == (13, 9)
    assert game.state.status[LINEMAN] == Status.STANDING
    assert not game.state.turnover
    assert len(sc.roller.queue) == 0


def test_dodge_into_one_tackle_zone_needs_4() -> None:
    for die, ok in ((4, True), (3, False)):
        sc = Scenario(script=d6(die) + ([] if ok else two_d6(2, 3)))
        sc.put(LINEMAN, (10, 7)).put(ORC_LINE, (11, 7))
        game = sc.start(active=0)
        game.step(Action(ActionType.START_MOVE, LINEMAN))
        move(game, (10, 8))  # still adjacent to the orc: 1 tackle zone
        assert xy(game, LINEMAN) == (10, 8)
        assert len(sc.roller.queue) == 0
        if ok:
            assert game.state.status[LINEMAN] == Status.STANDING
            assert game.decider == Decider.HOME
        else:
            # knocked down in the destination, armour 5 vs AV8 holds, turnover ends the turn
            assert game.state.status[LINEMAN] == Status.PRONE
            assert game.state.turnover
            assert game.is_over


def test_dodge_into_free_square_needs_3_and_two_zones_need_5() -> None:
    sc = Scenario(script=d6(3))
    sc.put(LINEMAN, (10, 7)).put(ORC_LINE, (11, 7))
    game = sc.start(active=0)
    game.step(Action(ActionType.START_MOVE, LINEMAN))
    move(game, (9, 6))  # away from the orc: +1
    assert xy(game, LINEMAN) == (9, 6)
    assert game.state.status[LINEMAN] == Status.STANDING

    sc = Scenario(script=d6(4) + two_d6(1, 1))
    sc.put(LINEMAN, (10, 7)).put(ORC_LINE, (11, 7)).put(17, (9, 9))
    game = sc.start(active=0)
    game.step(Action(ActionType.START_MOVE, LINEMAN))
    move(game, (10, 8))  # two tackle zones there: 4 - 1 = 3 fails
    assert game.state.status[LINEMAN] == Status.PRONE
    assert game.state.turnover


def test_failed_dodge_broken_armour_injury() -> None:
    sc = Scenario(script=d6(2) + two_d6(5, 4) + two_d6(2, 3))
    sc.put(LINEMAN, (10, 7)).put(ORC_LINE, (11, 7))
    game = sc.start(active=0)
    game.step(Action(ActionType.START_MOVE, LINEMAN))
    move(game, (9, 8))
    assert xy(game, LINEMAN) == (9, 8)
    assert game.state.status[LINEMAN] == Status.STUNNED  # 9 > AV8, injury 5: stunned
    assert game.state.turnover


def test_natural_six_always_dodges() -> None:
    sc = Scenario(script=d6(6))
    sc.put(LINEMAN, (10, 7)).put(ORC_LINE, (11, 7)).put(17, (11, 9)).put(18, (9, 9))
    game = sc.start(active=0)
    game.step(Action(ActionType.START_MOVE, LINEMAN))
    move(game, (10, 8))  # three tackle zones: -2, but a 6 always succeeds
    assert game.state.status[LINEMAN] == Status.STANDING


def _run_to_gfi(weather: Weather, script: list) -> tuple:  # type: ignore[type-arg]
    sc = Scenario(script=script)
    sc.set(weather=weather)
    sc.put(LINEMAN, (5, 7))
    game = sc.start(active=0)
    game.step(Action(ActionType.START_MOVE, LINEMAN))
    move(game, *[(6 + i, 7) for i in range(6)])  # MA 6 used without dice
    assert len(sc.roller.queue) == len(script)
    move(game, (12, 7))
    return game, sc


def test_gfi_2_plus() -> None:
    game, sc = _run_to_gfi(Weather.NICE, d6(2))
    assert xy(game, LINEMAN) == (12, 7)
    assert game.state.status[LINEMAN] == Status.STANDING
    sc.roller.extend(d6(2))
    move(game, (13, 7))  # the second GFI
    assert xy(game, LINEMAN) == (13, 7)
    g = game.legal_actions()
    assert g.group(ActionType.MOVE) is None  # no third GFI


def test_failed_gfi_knocked_down_in_target_square() -> None:
    game, _ = _run_to_gfi(Weather.NICE, d6(1) + two_d6(3, 3))
    assert xy(game, LINEMAN) == (12, 7)
    assert game.state.status[LINEMAN] == Status.PRONE
    assert game.state.turnover


def test_blizzard_gfi_needs_3() -> None:
    game, _ = _run_to_gfi(Weather.BLIZZARD, d6(2) + two_d6(3, 3))
    assert game.state.status[LINEMAN] == Status.PRONE
    assert game.state.turnover
    game, _ = _run_to_gfi(Weather.BLIZZARD, d6(3))
    assert game.state.status[LINEMAN] == Status.STANDING
    assert xy(game, LINEMAN) == (12, 7)


def test_standing_up_costs_three_squares() -> None:
    sc = Scenario(script=d6(6))
    sc.put(LINEMAN, (5, 7), Status.PRONE).put(ORC_LINE, (4, 7))
    game = sc.start(active=0)
    game.step(Action(ActionType.START_MOVE, LINEMAN))
    assert game.state.status[LINEMAN] == Status.STANDING  # no dodge to stand up in a TZ
    assert len(sc.roller.queue) == 1
    move(game, (6, 7))  # leaving the orc's zone: a dodge
    move(game, (7, 7), (8, 7))  # 3 + 3 = MA 6 used
    assert len(sc.roller.queue) == 0
    sc.roller.extend(d6(2))
    move(game, (9, 7))  # needs a GFI die
    assert len(sc.roller.queue) == 0
    assert xy(game, LINEMAN) == (9, 7)


def test_low_ma_stand_up_roll() -> None:
    # success on 4+: standing, but all MA is spent (only GFI squares left)
    sc = Scenario(script=d6(4) + d6(2))
    sc.grant(LINEMAN, ma=2)
    sc.put(LINEMAN, (5, 7), Status.PRONE)
    game = sc.start(active=0)
    game.step(Action(ActionType.START_MOVE, LINEMAN))
    assert game.state.status[LINEMAN] == Status.STANDING
    move(game, (6, 7))  # a GFI
    assert xy(game, LINEMAN) == (6, 7)
    assert len(sc.roller.queue) == 0
    # failure: stays prone, the action ends, no turnover
    sc = Scenario(script=d6(3))
    sc.grant(LINEMAN, ma=2)
    sc.put(LINEMAN, (5, 7), Status.PRONE).put(7, (2, 2))
    game = sc.start(active=0)
    game.step(Action(ActionType.START_MOVE, LINEMAN))
    assert game.state.status[LINEMAN] == Status.PRONE
    assert not game.state.turnover
    assert game.decider == Decider.HOME
    legal = game.legal_actions()
    assert Action(ActionType.START_MOVE, 7) in legal
    assert Action(ActionType.START_MOVE, LINEMAN) not in legal


def test_pick_up_modifiers() -> None:
    cases = [  # (weather, tackle zone?, die, success)
        (Weather.NICE, False, 3, True),
        (Weather.NICE, True, 3, False),
        (Weather.NICE, True, 4, True),
        (Weather.POURING_RAIN, False, 3, False),
        (Weather.POURING_RAIN, False, 4, True),
    ]
    for weather, tz, die, ok in cases:
        sc = Scenario(script=d6(die) + ([] if ok else d8(7)))
        sc.set(weather=weather)
        sc.put(LINEMAN, (5, 7)).ball_at((6, 7))
        if tz:
            sc.put(ORC_LINE, (7, 6))  # next to the ball, not next to the lineman
        game = sc.start(active=0)
        game.step(Action(ActionType.START_MOVE, LINEMAN))
        move(game, (6, 7))
        s = game.state
        assert len(sc.roller.queue) == 0, (weather, tz, die)
        if ok:
            assert s.ball_state == BallState.CARRIED and s.ball == s.pos[LINEMAN]
            assert not s.turnover
        else:
            assert s.ball_state == BallState.ON_GROUND
            assert s.board.xy(s.ball) == (6, 8)  # bounced down one square
            assert s.turnover
            assert game.is_over


def test_stunty_dodge_ignores_tackle_zones() -> None:
    sc = Scenario(script=d6(3))
    sc.put(GOBLIN, (10, 7)).put(LINEMAN, (9, 7)).put(7, (11, 9)).put(8, (9, 9))
    game = sc.start(active=1)
    game.step(Action(ActionType.START_MOVE, GOBLIN))
    move(game, (10, 8))  # 3 human zones there; Stunty: +1 only -> 3 + 1 >= 4
    assert xy(game, GOBLIN) == (10, 8)
    assert game.state.status[GOBLIN] == Status.STANDING


def test_dodge_skill_rerolls_once_per_turn() -> None:
    sc = Scenario(script=d6(2) + d6(5) + d6(2) + two_d6(1, 2))
    sc.put(CATCHER, (10, 7)).put(ORC_LINE, (11, 7)).put(17, (11, 9))
    game = sc.start(active=0)
    game.step(Action(ActionType.START_MOVE, CATCHER))
    move(game, (9, 8))
    legal = game.legal_actions()
    assert Action(ActionType.USE_SKILL) in legal
    assert Action(ActionType.USE_REROLL) not in legal  # no team re-rolls
    game.step(Action(ActionType.USE_SKILL))
    assert xy(game, CATCHER) == (9, 8)
    assert game.state.status[CATCHER] == Status.STANDING
    move(game, (10, 9))  # next to the second orc again, then dodge away
    move(game, (9, 10))
    assert game.state.status[CATCHER] == Status.PRONE  # Dodge already used this turn
    assert game.state.turnover
    assert len(sc.roller.queue) == 0


def test_tackle_cancels_dodge_reroll() -> None:
    sc = Scenario(script=d6(2) + two_d6(1, 2))
    sc.grant(ORC_LINE, Skill.TACKLE)
    sc.put(CATCHER, (10, 7)).put(ORC_LINE, (11, 7))
    game = sc.start(active=0)
    game.step(Action(ActionType.START_MOVE, CATCHER))
    move(game, (9, 8))
    assert game.state.status[CATCHER] == Status.PRONE
    assert game.state.turnover
    assert len(sc.roller.queue) == 0


def test_tackle_elsewhere_does_not_cancel_dodge() -> None:
    # The Tackle player is not next to the dodger's start square: Dodge still works.
    sc = Scenario(script=d6(2) + d6(4))
    sc.grant(17, Skill.TACKLE)
    sc.put(CATCHER, (10, 7)).put(ORC_LINE, (11, 7)).put(17, (7, 9))
    game = sc.start(active=0)
    game.step(Action(ActionType.START_MOVE, CATCHER))
    move(game, (9, 7))
    assert Action(ActionType.USE_SKILL) in game.legal_actions()
    game.step(Action(ActionType.USE_SKILL))
    assert game.state.status[CATCHER] == Status.STANDING


def test_gfi_rolled_before_dodge() -> None:
    # MA spent next to an orc: the step needs a GFI and a dodge. GFI 4 passes, then dodge 2 + 1
    # fails. (Dodge first would pass 4 + 1 and then GFI 2.)
    sc = Scenario(script=d6(4) + d6(2) + two_d6(1, 1))
    sc.grant(LINEMAN, ma=1)
    sc.put(LINEMAN, (10, 7)).put(ORC_LINE, (12, 7))
    game = sc.start(active=0)
    game.step(Action(ActionType.START_MOVE, LINEMAN))
    move(game, (11, 7))  # the one MA square, into the orc's zone (a free square: no dodge)
    assert len(sc.roller.queue) == 3
    move(game, (10, 8))
    assert game.state.status[LINEMAN] == Status.PRONE
    assert xy(game, LINEMAN) == (10, 8)
    assert len(sc.roller.queue) == 0


def test_stand_up_roll_may_use_team_reroll() -> None:
    sc = Scenario(script=d6(2) + d6(5))
    sc.grant(LINEMAN, ma=2)
    sc.set(rerolls=(1, 0))
    sc.put(LINEMAN, (5, 7), Status.PRONE)
    game = sc.start(active=0)
    game.step(Action(ActionType.START_MOVE, LINEMAN))
    assert Action(ActionType.USE_REROLL) in game.legal_actions()
    game.step(Action(ActionType.USE_REROLL))
    assert game.state.status[LINEMAN] == Status.STANDING
    assert game.state.teams[0].rerolls == 0


def test_cannot_move_onto_occupied_square_or_off_pitch() -> None:
    sc = Scenario()
    sc.put(LINEMAN, (0, 0)).put(7, (1, 0))
    game = sc.start(active=0)
    game.step(Action(ActionType.START_MOVE, LINEMAN))
    group = game.legal_actions().group(ActionType.MOVE)
    assert group is not None
    assert set(group.squares) == {(0, 1), (1, 1)}
