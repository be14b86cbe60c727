"""Movement skills: Sprint, Stunty, Tackle, Two Heads, Titchy, Prehensile Tail, Diving Tackle,
Tentacles, Shadowing, Break Tackle, Leap, Very Long Legs, Jump Up (scripted dice)."""

from __future__ import annotations

import dataclasses
import random
from fractions import Fraction

import pytest

from nuffle.analysis.pathfinding import path_to
from nuffle.analysis.queries import dodge_odds
from nuffle.conformance import play_checked
from nuffle.core.actions import Action, ActionType
from nuffle.core.dice import block, d6, two_d6
from nuffle.core.game import Game
from nuffle.core.skills import Skill
from nuffle.core.teams import TeamSpec
from nuffle.core.types import BlockFace, Decider, Status
from nuffle.teams import load_team
from nuffle.testing import (
    CATCHER,
    LINEMAN,
    LINEMAN2,
    O_BLITZER2,
    O_BOB,
    O_GOBLIN,
    O_LINE,
    Scenario,
    legal_types,
    move,
    roller_of,
    skills_consulted,
    xy,
)

HUMAN = LINEMAN2  # another human lineman
GOBLIN = O_GOBLIN  # orc goblin: MA6 ST2 AG3, Dodge, Right Stuff, Stunty
BLACK_ORC = O_BOB  # MA4 ST4 AG2
ORC = O_LINE  # orc lineman: MA5 ST3 AG3
ORC2 = O_BLITZER2  # orc blitzer: MA6 ST3 AG3, Block


def start(sc: Scenario, kind: ActionType, pid: int, active: int = 0) -> Game:
    game = sc.start(active=active)
    game.step(Action(kind, pid))
    return game


# --- Sprint -----------------------------------------------------------------------------------


def test_sprint_allows_a_third_gfi() -> None:
    sc = Scenario(script=d6(2) * 3)
    sc.grant(LINEMAN, Skill.SPRINT)
    sc.put(LINEMAN, (5, 7))
    game = start(sc, ActionType.START_MOVE, LINEMAN)
    move(game, *[(6 + i, 7) for i in range(6)])
    assert len(sc.roller.queue) == 3
    move(game, (12, 7), (13, 7), (14, 7))
    assert xy(game, LINEMAN) == (14, 7)
    assert len(sc.roller.queue) == 0
    assert game.legal_actions().group(ActionType.MOVE) is None  # no fourth


def test_sprint_absent_only_two_gfis() -> None:
    sc = Scenario(script=d6(2) * 2)
    sc.put(LINEMAN, (5, 7))
    game = start(sc, ActionType.START_MOVE, LINEMAN)
    move(game, *[(6 + i, 7) for i in range(8)])
    assert xy(game, LINEMAN) == (13, 7)
    assert game.legal_actions().group(ActionType.MOVE) is None


# --- Stunty (dodge part) ----------------------------------------------------------------------


def test_stunty_ignores_zones_on_the_destination() -> None:
    sc = Scenario(script=d6(3))
    sc.take(GOBLIN, Skill.DODGE)
    sc.put(GOBLIN, (10, 7)).put(LINEMAN, (9, 7)).put(HUMAN, (11, 9)).put(8, (9, 9))
    game = start(sc, ActionType.START_MOVE, GOBLIN, active=1)
    move(game, (10, 8))  # three zones there, ignored: 3 + 1 >= 4
    assert xy(game, GOBLIN) == (10, 8)
    assert game.state.status[GOBLIN] == Status.STANDING


def test_stunty_secret_weapon_counts_zones() -> None:
    sc = Scenario(script=d6(5) + two_d6(1, 1))
    sc.take(GOBLIN, Skill.DODGE)
    sc.grant(GOBLIN, Skill.SECRET_WEAPON)
    sc.put(GOBLIN, (10, 7)).put(LINEMAN, (9, 7)).put(HUMAN, (11, 9)).put(8, (9, 9))
    game = start(sc, ActionType.START_MOVE, GOBLIN, active=1)
    move(game, (10, 8))  # 5 + 1 - 3 < 4
    assert game.state.status[GOBLIN] == Status.PRONE
    assert game.state.turnover


def test_stunty_does_not_ignore_prehensile_tail() -> None:
    sc = Scenario(script=d6(3) + two_d6(1, 1))
    sc.take(GOBLIN, Skill.DODGE)
    sc.grant(LINEMAN, Skill.PREHENSILE_TAIL)
    sc.put(GOBLIN, (10, 7)).put(LINEMAN, (9, 7)).put(HUMAN, (12, 8))
    game = start(sc, ActionType.START_MOVE, GOBLIN, active=1)
    move(game, (11, 7))  # zone of HUMAN ignored, tail -1: 3 + 1 - 1 < 4
    assert game.state.status[GOBLIN] == Status.PRONE


# --- Tackle (Dodge re-roll part) --------------------------------------------------------------


def test_tackle_cancels_dodge_reroll_but_not_team_reroll() -> None:
    sc = Scenario(script=d6(2) + d6(5))
    sc.set(rerolls=(1, 0))
    sc.grant(ORC, Skill.TACKLE)
    sc.put(CATCHER, (10, 7)).put(ORC, (11, 7))
    game = start(sc, ActionType.START_MOVE, CATCHER)
    move(game, (9, 7))
    legal = game.legal_actions()
    assert Action(ActionType.USE_SKILL) not in legal
    assert Action(ActionType.USE_REROLL) in legal
    game.step(Action(ActionType.USE_REROLL))
    assert game.state.status[CATCHER] == Status.STANDING and xy(game, CATCHER) == (9, 7)


def test_tackle_prone_player_does_not_cancel_dodge() -> None:
    sc = Scenario(script=d6(2) + d6(5))
    sc.grant(ORC, Skill.TACKLE)
    sc.put(CATCHER, (10, 7)).put(ORC, (11, 7), Status.PRONE).put(ORC2, (10, 6))
    game = start(sc, ActionType.START_MOVE, CATCHER)
    move(game, (9, 8))
    assert Action(ActionType.USE_SKILL) in game.legal_actions()
    game.step(Action(ActionType.USE_SKILL))
    assert game.state.status[CATCHER] == Status.STANDING


# --- Two Heads, Titchy, Prehensile Tail -------------------------------------------------------


def test_two_heads_plus_one_to_dodge() -> None:
    sc = Scenario(script=d6(3))
    sc.grant(LINEMAN, Skill.TWO_HEADS)
    sc.put(LINEMAN, (10, 7)).put(ORC, (11, 7))
    game = start(sc, ActionType.START_MOVE, LINEMAN)
    move(game, (10, 8))  # one zone there: 3 + 1 - 1 + 1 >= 4
    assert xy(game, LINEMAN) == (10, 8) and game.state.status[LINEMAN] == Status.STANDING


def test_two_heads_not_enough_into_two_zones() -> None:
    sc = Scenario(script=d6(3) + two_d6(1, 1))
    sc.grant(LINEMAN, Skill.TWO_HEADS)
    sc.put(LINEMAN, (10, 7)).put(ORC, (11, 7)).put(ORC2, (9, 9))
    game = start(sc, ActionType.START_MOVE, LINEMAN)
    move(game, (10, 8))  # 3 + 1 - 2 + 1 < 4
    assert game.state.status[LINEMAN] == Status.PRONE and game.state.turnover


def test_titchy_plus_one_to_his_own_dodge() -> None:
    sc = Scenario(script=d6(3))
    sc.grant(LINEMAN, Skill.TITCHY)
    sc.put(LINEMAN, (10, 7)).put(ORC, (11, 7))
    game = start(sc, ActionType.START_MOVE, LINEMAN)
    move(game, (10, 8))
    assert xy(game, LINEMAN) == (10, 8) and game.state.status[LINEMAN] == Status.STANDING


def test_titchy_zone_ignored_by_opponent_dodging_into_it() -> None:
    sc = Scenario(script=d6(4))
    sc.grant(ORC2, Skill.TITCHY)
    sc.put(LINEMAN, (10, 7)).put(ORC, (11, 7)).put(ORC2, (9, 9))
    game = start(sc, ActionType.START_MOVE, LINEMAN)
    move(game, (10, 8))  # two zones, the Titchy one ignored: 4 + 1 - 1 >= 4
    assert xy(game, LINEMAN) == (10, 8) and game.state.status[LINEMAN] == Status.STANDING


def test_titchy_zone_still_forces_a_dodge_to_leave() -> None:
    sc = Scenario(script=d6(2) + two_d6(1, 1))
    sc.grant(ORC, Skill.TITCHY)
    sc.put(LINEMAN, (10, 7)).put(ORC, (11, 7))
    game = start(sc, ActionType.START_MOVE, LINEMAN)
    move(game, (9, 7))
    assert game.state.status[LINEMAN] == Status.PRONE
    assert len(sc.roller.queue) == 0


def test_prehensile_tail_minus_one_per_tail_left() -> None:
    for tails, die, ok in ((1, 3, False), (1, 4, True), (2, 4, False), (2, 5, True)):
        sc = Scenario(script=d6(die) + ([] if ok else two_d6(1, 1)))
        sc.grant(ORC, Skill.PREHENSILE_TAIL)
        sc.put(LINEMAN, (10, 7)).put(ORC, (11, 7))
        if tails == 2:
            sc.grant(ORC2, Skill.PREHENSILE_TAIL).put(ORC2, (11, 6))
        game = start(sc, ActionType.START_MOVE, LINEMAN)
        move(game, (9, 7))  # a free square: 1 - tails
        assert (game.state.status[LINEMAN] == Status.STANDING) == ok, (tails, die)
        assert len(sc.roller.queue) == 0


def test_prehensile_tail_only_counts_when_its_zone_is_left() -> None:
    sc = Scenario(script=d6(4))
    sc.grant(ORC2, Skill.PREHENSILE_TAIL)
    sc.put(LINEMAN, (10, 7)).put(ORC, (11, 7)).put(ORC2, (8, 8))
    game = start(sc, ActionType.START_MOVE, LINEMAN)
    move(game, (9, 7))  # the tail player only marks the destination: 4 + 1 - 1 >= 4
    assert game.state.status[LINEMAN] == Status.STANDING


# --- Diving Tackle ----------------------------------------------------------------------------


def test_diving_tackle_minus_two_and_tackler_prone() -> None:
    sc = Scenario(script=d6(4) + two_d6(1, 1))
    sc.grant(ORC, Skill.DIVING_TACKLE)
    sc.put(LINEMAN, (10, 7)).put(ORC, (11, 7))
    game = start(sc, ActionType.START_MOVE, LINEMAN)
    move(game, (9, 7))  # 4 + 1 passes; 4 + 1 - 2 would fail
    assert game.decider == Decider.AWAY
    assert legal_types(game) == {ActionType.USE_SKILL, ActionType.DECLINE}
    game.step(Action(ActionType.USE_SKILL))
    s = game.state
    assert xy(game, LINEMAN) == (9, 7) and s.status[LINEMAN] == Status.PRONE
    assert xy(game, ORC) == (10, 7) and s.status[ORC] == Status.PRONE
    assert s.turnover
    assert len(sc.roller.queue) == 0  # one armour roll only: none for the diver


def test_diving_tackle_not_offered_when_it_cannot_change_the_roll() -> None:
    sc = Scenario(script=d6(6))
    sc.grant(ORC, Skill.DIVING_TACKLE)
    sc.put(LINEMAN, (10, 7)).put(ORC, (11, 7))
    game = start(sc, ActionType.START_MOVE, LINEMAN)
    move(game, (9, 7))
    assert game.decider == Decider.HOME
    assert xy(game, LINEMAN) == (9, 7) and game.state.status[LINEMAN] == Status.STANDING
    assert xy(game, ORC) == (11, 7) and game.state.status[ORC] == Status.STANDING


def test_diving_tackle_declined_dodge_stands() -> None:
    sc = Scenario(script=d6(4))
    sc.grant(ORC, Skill.DIVING_TACKLE)
    sc.put(LINEMAN, (10, 7)).put(ORC, (11, 7))
    game = start(sc, ActionType.START_MOVE, LINEMAN)
    move(game, (9, 7))
    game.step(Action(ActionType.DECLINE))
    assert xy(game, LINEMAN) == (9, 7) and game.state.status[LINEMAN] == Status.STANDING
    assert game.state.status[ORC] == Status.STANDING and xy(game, ORC) == (11, 7)


def test_diving_tackle_minus_two_stays_for_the_reroll() -> None:
    # Dive after a 4; the Dodge re-roll of 5 passes only if -2 still applies: 5 + 1 - 2 = 4.
    sc = Scenario(script=d6(4) + d6(5))
    sc.grant(ORC, Skill.DIVING_TACKLE)
    sc.put(CATCHER, (10, 7)).put(ORC, (11, 7))
    game = start(sc, ActionType.START_MOVE, CATCHER)
    move(game, (9, 7))
    game.step(Action(ActionType.USE_SKILL))  # away dives
    assert game.decider == Decider.HOME
    game.step(Action(ActionType.USE_SKILL))  # Dodge re-roll
    assert game.decider == Decider.HOME  # no second dive
    assert xy(game, CATCHER) == (9, 7) and game.state.status[CATCHER] == Status.STANDING
    assert xy(game, ORC) == (10, 7) and game.state.status[ORC] == Status.PRONE
    assert not game.state.turnover
    # With the re-roll 4 + 1 - 2 fails.
    sc = Scenario(script=d6(4) + d6(4) + two_d6(1, 1))
    sc.grant(ORC, Skill.DIVING_TACKLE)
    sc.put(CATCHER, (10, 7)).put(ORC, (11, 7))
    game = start(sc, ActionType.START_MOVE, CATCHER)
    move(game, (9, 7))
    game.step(Action(ActionType.USE_SKILL))
    game.step(Action(ActionType.USE_SKILL))
    assert game.state.status[CATCHER] == Status.PRONE and game.state.turnover


def test_diving_tackle_on_the_reroll_after_a_failure() -> None:
    sc = Scenario(script=d6(2) + d6(4) + two_d6(1, 1))
    sc.grant(ORC, Skill.DIVING_TACKLE)
    sc.put(CATCHER, (10, 7)).put(ORC, (11, 7))
    game = start(sc, ActionType.START_MOVE, CATCHER)
    move(game, (9, 7))
    assert game.decider == Decider.HOME  # a failed roll: no dive, re-roll offered
    game.step(Action(ActionType.USE_SKILL))
    assert str(game.decider) == "away"  # as text: mypy narrowed it above
    game.step(Action(ActionType.USE_SKILL))
    assert game.state.status[CATCHER] == Status.PRONE
    assert xy(game, ORC) == (10, 7) and game.state.status[ORC] == Status.PRONE


def test_diving_tackle_exact_outcomes_merge_equal_faces() -> None:
    # Catcher dodging into a free square (3+), Diving Tackle next to him, a team re-roll:
    # faces 1-2 fail (re-roll choice), 3-4 give the diver a choice, 5-6 pass outright.
    sc = Scenario()
    sc.grant(ORC, Skill.DIVING_TACKLE)
    sc.put(CATCHER, (10, 7)).put(ORC, (11, 7))
    sc.set(rerolls=(1, 0))
    game = start(sc, ActionType.START_MOVE, CATCHER)
    outs = game.transitions(Action(ActionType.MOVE, None, (9, 8)))
    assert sorted((t.probability, str(t.game.decider)) for t in outs) == [
        (Fraction(1, 3), "away"), (Fraction(1, 3), "home"), (Fraction(1, 3), "home")]


def test_diving_tackle_one_of_several_divers() -> None:
    sc = Scenario(script=d6(4) + two_d6(1, 1))
    sc.grant(ORC, Skill.DIVING_TACKLE).grant(ORC2, Skill.DIVING_TACKLE)
    sc.put(LINEMAN, (10, 7)).put(ORC, (11, 7)).put(ORC2, (11, 6))
    game = start(sc, ActionType.START_MOVE, LINEMAN)
    move(game, (9, 8))
    group = game.legal_actions().group(ActionType.SELECT_PLAYER)
    assert group is not None and set(group.players) == {ORC, ORC2}
    game.step(Action(ActionType.SELECT_PLAYER, ORC2))
    assert xy(game, ORC2) == (10, 7) and game.state.status[ORC2] == Status.PRONE
    assert xy(game, ORC) == (11, 7) and game.state.status[ORC] == Status.STANDING


def test_diving_tackle_with_shadowing_tackler_blocks_the_square() -> None:
    # The dive fails the roll, the Dodge re-roll passes: the diver lies in the vacated square,
    # so the shadower next to it is not asked.
    sc = Scenario(script=d6(4) + d6(6))
    sc.grant(ORC, Skill.DIVING_TACKLE).grant(ORC2, Skill.SHADOWING)
    sc.put(CATCHER, (10, 7)).put(ORC, (11, 7)).put(ORC2, (11, 6))
    game = start(sc, ActionType.START_MOVE, CATCHER)
    move(game, (9, 8))
    game.step(Action(ActionType.USE_SKILL))
    game.step(Action(ActionType.USE_SKILL))
    assert game.decider == Decider.HOME
    assert ActionType.MOVE in legal_types(game)
    assert xy(game, ORC) == (10, 7) and xy(game, ORC2) == (11, 6)
    assert len(sc.roller.queue) == 0


# --- Tentacles --------------------------------------------------------------------------------


def test_tentacles_holds_the_mover() -> None:
    sc = Scenario(script=two_d6(1, 1))
    sc.grant(ORC, Skill.TENTACLES)
    sc.put(LINEMAN, (10, 7)).put(ORC, (11, 7)).put(HUMAN, (2, 2))
    game = start(sc, ActionType.START_MOVE, LINEMAN)
    move(game, (9, 7))
    assert game.decider == Decider.AWAY
    game.step(Action(ActionType.USE_SKILL))
    s = game.state
    assert xy(game, LINEMAN) == (10, 7) and s.status[LINEMAN] == Status.STANDING
    assert not s.turnover
    assert len(sc.roller.queue) == 0  # no dodge roll
    legal = game.legal_actions()  # the action ended: back to the turn
    assert Action(ActionType.START_MOVE, HUMAN) in legal
    assert Action(ActionType.START_MOVE, LINEMAN) not in legal


def test_tentacles_strength_difference_breaks_free() -> None:
    # 2 + 5 - 3 = 4 would hold a ST3 mover; 6 + 3 - 3 = 6 does not.
    sc = Scenario(script=two_d6(3, 3) + d6(3))
    sc.grant(ORC, Skill.TENTACLES)
    sc.put(LINEMAN, (10, 7)).put(ORC, (11, 7))
    game = start(sc, ActionType.START_MOVE, LINEMAN)
    move(game, (9, 7))
    game.step(Action(ActionType.USE_SKILL))
    assert xy(game, LINEMAN) == (9, 7) and game.state.status[LINEMAN] == Status.STANDING
    sc = Scenario(script=two_d6(1, 1) + d6(3))
    sc.grant(ORC, Skill.TENTACLES)
    sc.grant(LINEMAN, st=6)
    sc.put(LINEMAN, (10, 7)).put(ORC, (11, 7))
    game = start(sc, ActionType.START_MOVE, LINEMAN)
    move(game, (9, 7))
    game.step(Action(ActionType.USE_SKILL))  # 2 + 6 - 3 = 5: held
    assert xy(game, LINEMAN) == (10, 7)


def test_tentacles_declined() -> None:
    sc = Scenario(script=d6(3))
    sc.grant(ORC, Skill.TENTACLES)
    sc.put(LINEMAN, (10, 7)).put(ORC, (11, 7))
    game = start(sc, ActionType.START_MOVE, LINEMAN)
    move(game, (9, 7))
    game.step(Action(ActionType.DECLINE))
    assert xy(game, LINEMAN) == (9, 7)


def test_tentacles_hold_a_leaper() -> None:
    sc = Scenario(script=two_d6(1, 2))
    sc.grant(ORC, Skill.TENTACLES).grant(LINEMAN, Skill.LEAP)
    sc.put(LINEMAN, (10, 7)).put(ORC, (11, 7))
    game = start(sc, ActionType.START_MOVE, LINEMAN)
    game.step(Action(ActionType.LEAP, None, (8, 7)))
    game.step(Action(ActionType.USE_SKILL))
    assert xy(game, LINEMAN) == (10, 7)
    assert len(sc.roller.queue) == 0


# --- Shadowing --------------------------------------------------------------------------------


def test_shadowing_follows_into_the_vacated_square() -> None:
    sc = Scenario(script=d6(3) + two_d6(2, 2))
    sc.grant(ORC, Skill.SHADOWING)
    sc.put(LINEMAN, (10, 7)).put(ORC, (11, 7))
    game = start(sc, ActionType.START_MOVE, LINEMAN)
    move(game, (9, 7))
    assert game.decider == Decider.AWAY
    game.step(Action(ActionType.USE_SKILL))  # 4 + 6 - 5 = 5 <= 7
    assert xy(game, ORC) == (10, 7) and game.state.status[ORC] == Status.STANDING
    assert str(game.decider) == "home" and xy(game, LINEMAN) == (9, 7)  # as text: mypy narrowed it above
    assert len(sc.roller.queue) == 0


def test_shadowing_roll_too_high_stays() -> None:
    sc = Scenario(script=d6(3) + two_d6(3, 4))
    sc.grant(ORC, Skill.SHADOWING)
    sc.put(LINEMAN, (10, 7)).put(ORC, (11, 7))
    game = start(sc, ActionType.START_MOVE, LINEMAN)
    move(game, (9, 7))
    game.step(Action(ActionType.USE_SKILL))  # 7 + 6 - 5 = 8 > 7
    assert xy(game, ORC) == (11, 7)


def test_shadowing_one_shadower_per_departure() -> None:
    sc = Scenario(script=d6(3) + two_d6(1, 1))
    sc.grant(ORC, Skill.SHADOWING).grant(ORC2, Skill.SHADOWING)
    sc.put(LINEMAN, (10, 7)).put(ORC, (11, 7)).put(ORC2, (11, 6))
    game = start(sc, ActionType.START_MOVE, LINEMAN)
    move(game, (9, 8))
    group = game.legal_actions().group(ActionType.SELECT_PLAYER)
    assert group is not None and set(group.players) == {ORC, ORC2}
    game.step(Action(ActionType.SELECT_PLAYER, ORC2))
    assert xy(game, ORC2) == (10, 7) and xy(game, ORC) == (11, 7)
    assert game.decider == Decider.HOME


def test_shadowing_not_after_a_failed_dodge() -> None:
    sc = Scenario(script=d6(2) + two_d6(1, 1))
    sc.grant(ORC, Skill.SHADOWING)
    sc.put(LINEMAN, (10, 7)).put(ORC, (11, 7))
    game = start(sc, ActionType.START_MOVE, LINEMAN)
    move(game, (9, 7))
    assert game.state.turnover and xy(game, ORC) == (11, 7)
    assert len(sc.roller.queue) == 0


# --- Break Tackle -----------------------------------------------------------------------------


def test_break_tackle_uses_strength_once_per_turn() -> None:
    # Black Orc ST4 AG2: into one zone ST needs 3, AG needs 5.
    sc = Scenario(script=d6(3) + d6(4))
    sc.grant(BLACK_ORC, Skill.BREAK_TACKLE)
    sc.put(BLACK_ORC, (10, 7)).put(LINEMAN, (9, 7)).put(HUMAN, (12, 9))
    game = start(sc, ActionType.START_MOVE, BLACK_ORC, active=1)
    move(game, (11, 8))
    assert game.decider == Decider.AWAY
    assert legal_types(game) == {ActionType.USE_SKILL, ActionType.DECLINE}
    game.step(Action(ActionType.USE_SKILL))
    assert xy(game, BLACK_ORC) == (11, 8) and game.state.status[BLACK_ORC] == Status.STANDING
    move(game, (11, 7))  # a second dodge: not offered again; AG2 into a free square needs 4
    assert xy(game, BLACK_ORC) == (11, 7) and game.state.status[BLACK_ORC] == Status.STANDING
    assert len(sc.roller.queue) == 0


def test_break_tackle_declined_uses_agility() -> None:
    sc = Scenario(script=d6(4) + two_d6(1, 1))
    sc.grant(BLACK_ORC, Skill.BREAK_TACKLE)
    sc.put(BLACK_ORC, (10, 7)).put(LINEMAN, (9, 7)).put(HUMAN, (12, 9))
    game = start(sc, ActionType.START_MOVE, BLACK_ORC, active=1)
    move(game, (11, 8))
    game.step(Action(ActionType.DECLINE))  # AG2 into one zone: 4 fails
    assert game.state.status[BLACK_ORC] == Status.PRONE


def test_break_tackle_not_offered_when_strength_is_no_better() -> None:
    sc = Scenario(script=d6(3))
    sc.grant(LINEMAN, Skill.BREAK_TACKLE)
    sc.put(LINEMAN, (10, 7)).put(ORC, (11, 7))
    game = start(sc, ActionType.START_MOVE, LINEMAN)
    move(game, (9, 7))
    assert xy(game, LINEMAN) == (9, 7) and game.decider == Decider.HOME
    assert len(sc.roller.queue) == 0


# --- Leap and Very Long Legs ------------------------------------------------------------------


def test_leap_over_a_player_ignoring_zones() -> None:
    sc = Scenario(script=d6(4))
    sc.grant(LINEMAN, Skill.LEAP)
    sc.put(LINEMAN, (10, 7)).put(ORC, (11, 7)).put(ORC2, (12, 8))
    game = start(sc, ActionType.START_MOVE, LINEMAN)
    group = game.legal_actions().group(ActionType.LEAP)
    assert group is not None
    assert (12, 7) in group.squares and (11, 7) not in group.squares and (9, 6) in group.squares
    assert len(group.squares) == 24 - 2  # the 5x5 block less his square and two players
    game.step(Action(ActionType.LEAP, None, (12, 7)))  # two zones there and one left: no effect
    s = game.state
    assert xy(game, LINEMAN) == (12, 7) and s.status[LINEMAN] == Status.STANDING
    assert len(sc.roller.queue) == 0
    assert ActionType.LEAP not in legal_types(game)  # once per action
    assert game.state.stack[-1].moves == 2  # type: ignore[attr-defined]


def test_leap_failure_knocked_down_in_target_square() -> None:
    sc = Scenario(script=d6(3) + two_d6(1, 1))
    sc.grant(LINEMAN, Skill.LEAP)
    sc.put(LINEMAN, (10, 7)).put(ORC, (11, 7))
    game = start(sc, ActionType.START_MOVE, LINEMAN)
    game.step(Action(ActionType.LEAP, None, (12, 7)))
    assert xy(game, LINEMAN) == (12, 7) and game.state.status[LINEMAN] == Status.PRONE
    assert game.state.turnover


def test_leap_with_gfis() -> None:
    # After 5 squares: one GFI then the leap; after 6: two GFIs; after 7: no leap (7 + 2 > 8).
    for walked, gfis in ((5, 1), (6, 2)):
        sc = Scenario(script=d6(2) * gfis + d6(4))
        sc.grant(LINEMAN, Skill.LEAP)
        sc.put(LINEMAN, (2, 7))
        game = start(sc, ActionType.START_MOVE, LINEMAN)
        move(game, *[(3 + i, 7) for i in range(walked)])
        x = 2 + walked
        game.step(Action(ActionType.LEAP, None, (x + 2, 7)))
        assert xy(game, LINEMAN) == (x + 2, 7) and game.state.status[LINEMAN] == Status.STANDING
        assert len(sc.roller.queue) == 0
    sc = Scenario(script=d6(2))
    sc.grant(LINEMAN, Skill.LEAP)
    sc.put(LINEMAN, (2, 7))
    game = start(sc, ActionType.START_MOVE, LINEMAN)
    move(game, *[(3 + i, 7) for i in range(7)])
    assert ActionType.LEAP not in legal_types(game)
    # A failed GFI on a leap: knocked down in the target square.
    sc = Scenario(script=d6(1) + two_d6(1, 1))
    sc.grant(LINEMAN, Skill.LEAP)
    sc.put(LINEMAN, (2, 7))
    game = start(sc, ActionType.START_MOVE, LINEMAN)
    move(game, *[(3 + i, 7) for i in range(6)])
    game.step(Action(ActionType.LEAP, None, (10, 7)))
    assert xy(game, LINEMAN) == (10, 7) and game.state.status[LINEMAN] == Status.PRONE


def test_leap_distance_one_is_a_leap_not_a_dodge() -> None:
    sc = Scenario(script=d6(4))
    sc.grant(LINEMAN, Skill.LEAP)
    sc.put(LINEMAN, (10, 7)).put(ORC, (11, 7)).put(ORC2, (10, 9))
    game = start(sc, ActionType.START_MOVE, LINEMAN)
    game.step(Action(ActionType.LEAP, None, (10, 8)))  # a dodge there would need 5
    assert xy(game, LINEMAN) == (10, 8) and game.state.status[LINEMAN] == Status.STANDING


def test_leap_not_in_block_action_but_after_blitz_block() -> None:
    sc = Scenario()
    sc.grant(LINEMAN, Skill.LEAP)
    sc.put(LINEMAN, (10, 7)).put(ORC, (11, 7))
    game = start(sc, ActionType.START_BLOCK, LINEMAN)
    assert ActionType.LEAP not in legal_types(game)
    sc = Scenario(script=block(BlockFace.PUSHED) + d6(4))
    sc.grant(LINEMAN, Skill.LEAP)
    sc.put(LINEMAN, (10, 7)).put(ORC, (11, 7))
    game = start(sc, ActionType.START_BLITZ, LINEMAN)
    assert ActionType.LEAP in legal_types(game)
    game.step(Action(ActionType.BLOCK, None, (11, 7)))
    game.step(Action(ActionType.SELECT_PUSHED))
    game.step(Action(ActionType.PUSH, None, (12, 7)))
    game.step(Action(ActionType.DECLINE))  # no follow-up
    assert game.decider == Decider.HOME and ActionType.MOVE in legal_types(game)
    # The Blitz goes on with the remaining MA, and Leap is one way to move (RULES 8.4).
    assert ActionType.LEAP in legal_types(game)
    game.step(Action(ActionType.LEAP, None, (8, 7)))  # AG 3: 4+
    assert xy(game, LINEMAN) == (8, 7) and game.state.status[LINEMAN] == Status.STANDING
    assert ActionType.LEAP not in legal_types(game)  # once per action
    assert not roller_of(game).queue


def test_leap_during_a_throw_team_mate_move() -> None:
    troll = 14
    sc = Scenario(script=d6(2) + d6(6))  # Really Stupid 2+ (Goblin beside him), then the leap
    sc.grant(troll, Skill.LEAP)
    sc.put(troll, (10, 7)).put(GOBLIN, (10, 8))
    game = start(sc, ActionType.START_THROW_TEAM_MATE, troll, active=1)
    assert ActionType.LEAP in legal_types(game)
    game.step(Action(ActionType.LEAP, None, (12, 7)))  # AG 1: 6+
    assert xy(game, troll) == (12, 7) and game.state.status[troll] == Status.STANDING
    assert ActionType.LEAP not in legal_types(game)
    assert not roller_of(game).queue


def test_leap_in_pass_handoff_and_foul_actions() -> None:
    for kind in (ActionType.START_PASS, ActionType.START_HANDOFF, ActionType.START_FOUL):
        sc = Scenario()
        sc.grant(LINEMAN, Skill.LEAP)
        sc.put(LINEMAN, (10, 7)).put(ORC, (11, 7), Status.PRONE)
        game = start(sc, kind, LINEMAN)
        assert ActionType.LEAP in legal_types(game), kind


def test_very_long_legs_plus_one_to_leap() -> None:
    sc = Scenario(script=d6(3))
    sc.grant(LINEMAN, Skill.LEAP, Skill.VERY_LONG_LEGS)
    sc.put(LINEMAN, (10, 7)).put(ORC, (11, 7))
    game = start(sc, ActionType.START_MOVE, LINEMAN)
    game.step(Action(ActionType.LEAP, None, (12, 7)))
    assert xy(game, LINEMAN) == (12, 7) and game.state.status[LINEMAN] == Status.STANDING


def test_very_long_legs_alone_gives_no_leap_and_no_dodge_bonus() -> None:
    sc = Scenario(script=d6(2) + two_d6(1, 1))
    sc.grant(LINEMAN, Skill.VERY_LONG_LEGS)
    sc.put(LINEMAN, (10, 7)).put(ORC, (11, 7))
    game = start(sc, ActionType.START_MOVE, LINEMAN)
    assert ActionType.LEAP not in legal_types(game)
    move(game, (9, 7))
    assert game.state.status[LINEMAN] == Status.PRONE


# --- Jump Up ----------------------------------------------------------------------------------


def test_jump_up_stands_up_for_free() -> None:
    sc = Scenario(script=d6(2))
    sc.grant(LINEMAN, Skill.JUMP_UP)
    sc.put(LINEMAN, (2, 7), Status.PRONE)
    game = start(sc, ActionType.START_MOVE, LINEMAN)
    assert game.state.status[LINEMAN] == Status.STANDING
    move(game, *[(3 + i, 7) for i in range(6)])
    assert len(sc.roller.queue) == 1  # six squares without a GFI
    move(game, (9, 7))
    assert len(sc.roller.queue) == 0


def test_jump_up_low_ma_needs_no_roll() -> None:
    sc = Scenario()
    sc.grant(LINEMAN, Skill.JUMP_UP, ma=2)
    sc.put(LINEMAN, (2, 7), Status.PRONE)
    game = start(sc, ActionType.START_MOVE, LINEMAN)
    assert game.state.status[LINEMAN] == Status.STANDING
    move(game, (3, 7), (4, 7))
    assert xy(game, LINEMAN) == (4, 7)


def test_jump_up_block_from_prone() -> None:
    sc = Scenario(script=d6(2))
    sc.grant(LINEMAN, Skill.JUMP_UP)
    sc.put(LINEMAN, (10, 7), Status.PRONE).put(ORC, (11, 7))
    game = sc.start(active=0)
    assert Action(ActionType.START_BLOCK, LINEMAN) in game.legal_actions()
    game.step(Action(ActionType.START_BLOCK, LINEMAN))  # AG3 + 2: 2 succeeds
    assert game.state.status[LINEMAN] == Status.STANDING
    assert Action(ActionType.BLOCK, None, (11, 7)) in game.legal_actions()


def test_jump_up_block_roll_failure_stays_prone_no_turnover() -> None:
    sc = Scenario(script=d6(1))
    sc.grant(LINEMAN, Skill.JUMP_UP)
    sc.put(LINEMAN, (10, 7), Status.PRONE).put(ORC, (11, 7)).put(HUMAN, (2, 2))
    game = sc.start(active=0)
    game.step(Action(ActionType.START_BLOCK, LINEMAN))
    s = game.state
    assert s.status[LINEMAN] == Status.PRONE and not s.turnover
    legal = game.legal_actions()
    assert Action(ActionType.START_MOVE, HUMAN) in legal
    assert Action(ActionType.START_MOVE, LINEMAN) not in legal


def test_jump_up_needed_to_block_from_prone() -> None:
    sc = Scenario()
    sc.put(LINEMAN, (10, 7), Status.PRONE).put(ORC, (11, 7))
    game = sc.start(active=0)
    assert Action(ActionType.START_BLOCK, LINEMAN) not in game.legal_actions()
    sc = Scenario()
    sc.grant(LINEMAN, Skill.JUMP_UP)
    sc.put(LINEMAN, (10, 7), Status.PRONE).put(ORC, (13, 7))  # nobody adjacent
    game = sc.start(active=0)
    assert Action(ActionType.START_BLOCK, LINEMAN) not in game.legal_actions()


# --- odds: the pathfinder and the dodge query read the same points ----------------------------


def test_two_heads_pathfinder_and_query_odds() -> None:
    sc = Scenario().put(LINEMAN, (10, 7)).put(ORC, (11, 7))
    sc.grant(LINEMAN, Skill.TWO_HEADS)
    p = path_to(sc.state, LINEMAN, (9, 7))
    assert p is not None and p.rolls == [("dodge", 2)] and p.exact() == Fraction(5, 6)
    assert dodge_odds(sc.state, LINEMAN, (9, 7)) == Fraction(5, 6)


def test_titchy_pathfinder_odds_ignore_his_zone() -> None:
    sc = Scenario().put(LINEMAN, (10, 7)).put(ORC, (11, 7)).put(ORC2, (9, 9))
    assert dodge_odds(sc.state, LINEMAN, (10, 8)) == Fraction(1, 3)
    sc.grant(ORC2, Skill.TITCHY)
    assert dodge_odds(sc.state, LINEMAN, (10, 8)) == Fraction(1, 2)
    sc.put(HUMAN, (9, 7)).put(8, (9, 6))  # only the direct step is left
    p = path_to(sc.state, LINEMAN, (10, 8))
    assert p is not None and p.steps == [(10, 8)] and p.rolls == [("dodge", 4)]


def test_prehensile_tail_pathfinder_and_query_odds() -> None:
    sc = Scenario().put(LINEMAN, (10, 7)).put(ORC, (11, 7))
    sc.grant(ORC, Skill.PREHENSILE_TAIL)
    p = path_to(sc.state, LINEMAN, (9, 7))
    assert p is not None and p.rolls == [("dodge", 4)] and p.exact() == Fraction(1, 2)
    assert dodge_odds(sc.state, LINEMAN, (9, 7)) == Fraction(1, 2)


def test_stunty_pathfinder_odds() -> None:
    sc = Scenario().put(GOBLIN, (10, 7)).put(LINEMAN, (9, 7)).put(HUMAN, (11, 9)).put(8, (9, 9))
    sc.take(GOBLIN, Skill.DODGE)
    p = path_to(sc.state, GOBLIN, (10, 8))
    assert p is not None and p.rolls == [("dodge", 3)]


def test_diving_tackle_pathfinder_assumes_the_dive() -> None:
    sc = Scenario().put(LINEMAN, (10, 7)).put(ORC, (11, 7))
    sc.grant(ORC, Skill.DIVING_TACKLE)
    p = path_to(sc.state, LINEMAN, (9, 7))
    assert p is not None and p.rolls == [("dodge", 5)]


def test_jump_up_pathfinder_stands_for_free() -> None:
    sc = Scenario().put(LINEMAN, (2, 7), Status.PRONE)
    sc.grant(LINEMAN, Skill.JUMP_UP)
    p = path_to(sc.state, LINEMAN, (8, 7))
    assert p is not None and p.rolls == [] and p.moves == 6


def test_sprint_pathfinder_third_gfi() -> None:
    sc = Scenario().put(LINEMAN, (2, 7))
    sc.grant(LINEMAN, Skill.SPRINT)
    p = path_to(sc.state, LINEMAN, (11, 7))
    assert p is not None and p.rolls == [("gfi", 2)] * 3


# --- random play ------------------------------------------------------------------------------

_MOVERS = (
    Skill.SPRINT, Skill.TWO_HEADS, Skill.TITCHY, Skill.PREHENSILE_TAIL, Skill.DIVING_TACKLE,
    Skill.TENTACLES, Skill.SHADOWING, Skill.BREAK_TACKLE, Skill.LEAP, Skill.VERY_LONG_LEGS,
    Skill.JUMP_UP, Skill.TACKLE,
)


def _skilled(race: str, seed: int) -> TeamSpec:
    """The race's team with movement skills handed out at random."""
    rng = random.Random(seed)
    spec = load_team(race)
    players = []
    for ps in spec.players:
        extra = frozenset(rng.sample(_MOVERS, 3))
        players.append(dataclasses.replace(ps, position=dataclasses.replace(
            ps.position, skills=ps.position.skills | extra)))
    return dataclasses.replace(spec, players=tuple(players))


@pytest.mark.python_engine("counts the Python engine's skill handlers")
def test_movement_skills_random_games_hold_invariants() -> None:
    with skills_consulted() as seen:
        for seed in range(6):
            game = Game.new(_skilled("human", seed), _skilled("orc", seed + 100), seed=seed)
            play_checked(game, seed)
    assert set(_MOVERS) - seen == set()
