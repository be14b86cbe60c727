"""BB2020's blocking skills on both engines (RULES §9, §11.2, SKILLS.md): Mighty Blow (+1 on the
armour or the injury roll, only when his own block knocks the opponent down), Claws (8+ breaks
any armour, not reached with Mighty Blow), Iron Hard Skin (the opponent's skills do not act on his
armour roll) and Dauntless (D6 + ST equal to the defender's ST will do)."""

from __future__ import annotations

import importlib.util
from fractions import Fraction

import pytest

from nuffle.core.actions import Action, ActionType
from nuffle.core.dice import Dice, Outcome, block, d6, two_d6
from nuffle.core.game import Game
from nuffle.core.procedures.block_strength import assists
from nuffle.core.procedures.injury import KnockDown
from nuffle.core.ruleset import Ruleset, draft_ruleset
from nuffle.core.skills import Skill
from nuffle.core.types import BlockFace, Status
from nuffle.testing import FOUL_SQUARES, foul_scenario, legal_types, roller_of

BB2020 = draft_ruleset("bb2020")
HAS_NATIVE = importlib.util.find_spec("nuffle._native") is not None
NO_NATIVE = pytest.mark.skipif(not HAS_NATIVE, reason="no native extension")
ENGINES = ["python", pytest.param("native", marks=NO_NATIVE)]
T = ActionType
ATTACKER_SQ, DEFENDER_SQ = FOUL_SQUARES[0], FOUL_SQUARES[1]


def _block(engine: str, script: list[tuple[Dice, Outcome]], attacker_skills: tuple[Skill, ...] = (),
           defender_skills: tuple[Skill, ...] = (), rules: Ruleset = BB2020,
           defender_st: int | None = None) -> tuple[Game, int, int]:
    """A Human Blitzer (ST 3) blocks a standing Orc Big Un Blocker (ST 4, AV 10+; LRB6: a
    Lineman, ST 3, AV 9) next to him; nobody else assists (`foul_scenario`'s squares)."""
    sc, attacker, defender, _, _ = foul_scenario(engine, script, rules, victim=Status.STANDING)
    sc.grant(attacker, *attacker_skills).grant(defender, *defender_skills)
    if defender_st is not None:
        sc.grant(defender, st=defender_st)
    game = sc.start(active=0)
    game.step(Action(T.START_BLOCK, attacker))
    game.step(Action(T.BLOCK, None, DEFENDER_SQ))
    return game, attacker, defender


def _defender_down(engine: str, armour_injury: list[tuple[Dice, Outcome]], attacker_skills: tuple[Skill, ...],
                   defender_skills: tuple[Skill, ...] = ()) -> tuple[Game, int]:
    """ST 3 v 3 (one die): Defender Down, pushed straight back, no follow-up."""
    game, _, defender = _block(engine, block(BlockFace.DEFENDER_DOWN) + armour_injury,
                               attacker_skills, defender_skills, defender_st=3)
    game.step(Action(T.SELECT_DEFENDER_DOWN))
    game.step(Action(T.PUSH, None, (12, 7)))
    game.step(Action(T.DECLINE))  # no follow-up
    return game, defender


@pytest.mark.parametrize("engine", ENGINES)
def test_mighty_blow_bb2020_on_armour_or_injury(engine: str) -> None:
    """4+5 = 9 against AV 10+: +1 breaks it and the injury (3+4) gets none (Stunned); 4+6
    breaks alone and the injury gets the +1 (3+4+1 = 8, KO)."""
    game, defender = _defender_down(engine, two_d6(4, 5) + two_d6(3, 4), (Skill.MIGHTY_BLOW,))
    assert game.state.status[defender] == Status.STUNNED
    game, defender = _defender_down(engine, two_d6(4, 6) + two_d6(3, 4), (Skill.MIGHTY_BLOW,))
    assert game.state.status[defender] == Status.KO
    assert not roller_of(game).queue


@pytest.mark.parametrize("engine", ENGINES)
def test_mighty_blow_bb2020_not_when_he_is_the_one_blocked(engine: str) -> None:
    """The blocked Orc's Mighty Blow does not act on the attacker's fall (Attacker Down): 4+4 = 8
    holds the Blitzer's AV 9+ (with the +1 it would break)."""
    game, attacker, _ = _block(engine, block(BlockFace.ATTACKER_DOWN) + two_d6(4, 4),
                               defender_skills=(Skill.MIGHTY_BLOW,), defender_st=3)
    game.step(Action(T.SELECT_ATTACKER_DOWN))
    assert game.state.status[attacker] == Status.PRONE
    assert not roller_of(game).queue


@pytest.mark.parametrize("engine", ENGINES)
@pytest.mark.parametrize("ruleset", ["lrb6", "bb2020"])
def test_claws_bb2020_not_reached_with_mighty_blow(engine: str, ruleset: str) -> None:
    """Claws and Mighty Blow, armour 3+4 = 7: LRB6's +1 reaches Claws' 8 (and the injury 1+2
    follows); BB2020's does not (AV 10+ holds)."""
    rules = draft_ruleset(ruleset)
    bb = rules is BB2020
    game, defender = _claws_game(engine, rules, two_d6(3, 4) + ([] if bb else two_d6(1, 2)))
    assert game.state.status[defender] == (Status.PRONE if bb else Status.STUNNED)
    assert not roller_of(game).queue


def _claws_game(engine: str, rules: Ruleset, script: list[tuple[Dice, Outcome]],
                defender_skills: tuple[Skill, ...] = ()) -> tuple[Game, int]:
    game, _, defender = _block(engine, block(BlockFace.DEFENDER_DOWN) + script,
                               (Skill.CLAWS, Skill.MIGHTY_BLOW), defender_skills, rules, defender_st=3)
    game.step(Action(T.SELECT_DEFENDER_DOWN))
    game.step(Action(T.PUSH, None, (12, 7)))
    game.step(Action(T.DECLINE))
    return game, defender


@pytest.mark.parametrize("engine", ENGINES)
def test_claws_bb2020_eight_breaks_and_mighty_blow_goes_on_injury(engine: str) -> None:
    """4+4 = 8 breaks AV 10+ by Claws; the +1 goes on the injury: 3+4+1 = 8, KO."""
    game, defender = _claws_game(engine, BB2020, two_d6(4, 4) + two_d6(3, 4))
    assert game.state.status[defender] == Status.KO


@pytest.mark.parametrize("engine", ENGINES)
def test_iron_hard_skin_against_claws_and_mighty_blow(engine: str) -> None:
    """Iron Hard Skin: 4+4 = 8 (Claws) and 4+5 = 9 (+1) hold AV 10+; 5+5 breaks, and the
    Mighty Blow still goes on the injury (3+4+1 = 8, KO)."""
    ihs = (Skill.IRON_HARD_SKIN,)
    game, defender = _claws_game(engine, BB2020, two_d6(4, 4), ihs)
    assert game.state.status[defender] == Status.PRONE
    game, defender = _claws_game(engine, BB2020, two_d6(4, 5), ihs)
    assert game.state.status[defender] == Status.PRONE
    game, defender = _claws_game(engine, BB2020, two_d6(5, 5) + two_d6(3, 4), ihs)
    assert game.state.status[defender] == Status.KO
    assert not roller_of(game).queue


@pytest.mark.parametrize("engine", ENGINES)
@pytest.mark.parametrize("ruleset", ["lrb6", "bb2020"])
def test_dauntless_bb2020_equal_strength_will_do(engine: str, ruleset: str) -> None:
    """ST 3 against ST 5, the Dauntless D6 a 2: 2 + 3 = 5 equals the defender's ST, enough under
    BB2020 (one die, the attacker's choice), not under LRB6 (two dice, the defender's)."""
    rules = draft_ruleset(ruleset)
    bb = rules is BB2020
    faces = (BlockFace.PUSHED,) if bb else (BlockFace.PUSHED, BlockFace.PUSHED)
    game, _, _ = _block(engine, d6(2) + block(*faces), (Skill.DAUNTLESS,), rules=rules, defender_st=5)
    assert game.decision().side == (0 if bb else 1)
    assert legal_types(game) == {T.SELECT_PUSHED}
    assert not roller_of(game).queue


def test_scenario_squares_keep_the_block_unassisted() -> None:
    """The helper and marker of `foul_scenario` give no block assist to either side."""
    sc, attacker, defender, _, _ = foul_scenario("python", [], BB2020, victim=Status.STANDING)
    s = sc.state
    assert assists(s, 0, defender, attacker) == 0 == assists(s, 1, attacker, defender)


def _failed_dodge(engine: str, script: list[tuple[Dice, Outcome]], arm_bar: bool) -> tuple[Game, int]:
    """The Human Blitzer (AV 9+) dodges away from the standing Orc next to him and fails (a 1)."""
    sc, dodger, orc, _, _ = foul_scenario(engine, d6(1) + script, BB2020, victim=Status.STANDING)
    if arm_bar:
        sc.grant(orc, Skill.ARM_BAR)
    game = sc.start(active=0)
    game.step(Action(T.START_MOVE, dodger))
    game.step(Action(T.MOVE, None, (9, 7)))
    return game, dodger


@pytest.mark.parametrize("engine", ENGINES)
@pytest.mark.parametrize("arm_bar", [False, True])
def test_arm_bar_on_a_failed_dodge_out_of_his_tackle_zone(engine: str, arm_bar: bool) -> None:
    """Armour 4+4 = 8 against AV 9+: Arm Bar's +1 breaks it (injury 1+2, Stunned: no +1 left);
    without it the dodger stays Prone."""
    game, dodger = _failed_dodge(engine, two_d6(4, 4) + (two_d6(1, 2) if arm_bar else []), arm_bar)
    assert game.state.status[dodger] == (Status.STUNNED if arm_bar else Status.PRONE)
    assert game.state.turnover
    assert not roller_of(game).queue


@pytest.mark.parametrize("engine", ENGINES)
def test_arm_bar_goes_on_the_injury_when_the_armour_breaks(engine: str) -> None:
    """Armour 4+5 breaks AV 9+ alone: Arm Bar's +1 goes on the injury (3+4+1 = 8, KO)."""
    game, dodger = _failed_dodge(engine, two_d6(4, 5) + two_d6(3, 4), True)
    assert game.state.status[dodger] == Status.KO


@pytest.mark.parametrize(("ruleset", "attacker_skills", "defender_skills", "breaks"), [
    ("bb2020", (Skill.MIGHTY_BLOW,), (), Fraction(5, 18)),  # AV 10+, +1: TABLES §11
    ("bb2020", (Skill.CLAWS, Skill.MIGHTY_BLOW), (), Fraction(5, 12)),  # 8+, not 7+
    ("lrb6", (Skill.CLAWS, Skill.MIGHTY_BLOW), (), Fraction(7, 12)),  # LRB6: 7 + 1 reaches 8
    ("bb2020", (Skill.CLAWS, Skill.MIGHTY_BLOW), (Skill.IRON_HARD_SKIN,), Fraction(1, 6)),  # AV 10+ alone
])
def test_claws_and_mighty_blow_armour_odds(ruleset: str, attacker_skills: tuple[Skill, ...],
                                           defender_skills: tuple[Skill, ...], breaks: Fraction) -> None:
    """The armour roll of a block's knock-down over all 36 rolls (the engine's own armour rule,
    bonus included) against the Big Un Blocker (AV 10+; LRB6's Lineman AV 9 breaks on 10+ too)."""
    rules = draft_ruleset(ruleset)
    sc, attacker, defender, _, _ = foul_scenario("python", [], rules, victim=Status.STANDING)
    sc.grant(attacker, *attacker_skills).grant(defender, *defender_skills)
    kd = KnockDown(defender, attacker=attacker)
    n = 0
    for a in range(1, 7):
        for b in range(1, 7):
            total, limit, bonus, bonus_limit = kd._armour(sc.state, a + b)
            n += total > limit or (bonus > 0 and total + bonus > bonus_limit)
    assert Fraction(n, 36) == breaks


# --- Pile Driver ----------------------------------------------------------------------------


def _pile_driver(engine: str, script: list[tuple[Dice, Outcome]],
                 follow: bool = True) -> tuple[Game, int, int]:
    """ST 3 v 3 (one die), the Blitzer with Pile Driver: Defender Down, armour 3 holds, the Big
    Un pushed to (12, 7), followed up (or not)."""
    game, attacker, defender = _block(engine, block(BlockFace.DEFENDER_DOWN) + two_d6(1, 2) + script,
                                      (Skill.PILE_DRIVER,), defender_st=3)
    game.step(Action(T.SELECT_DEFENDER_DOWN))
    game.step(Action(T.PUSH, None, (12, 7)))
    game.step(Action(T.FOLLOW_UP if follow else T.DECLINE))
    return game, attacker, defender


@pytest.mark.parametrize("engine", ENGINES)
def test_pile_driver_fouls_the_knocked_down_player_then_lies_prone(engine: str) -> None:
    """Used: a foul (no assist: the helper on (11, 8) is marked), 11 breaks AV 10+, injury 3
    (stunned), no double; then he is Placed Prone: no turnover."""
    game, attacker, defender = _pile_driver(engine, two_d6(5, 6) + two_d6(1, 2))
    assert T.USE_SKILL in legal_types(game) and game.decision().skill == Skill.PILE_DRIVER
    game.step(Action(T.USE_SKILL))
    s = game.state
    assert s.status[defender] == Status.STUNNED and s.status[attacker] == Status.PRONE
    assert not s.turnover and not roller_of(game).queue


@pytest.mark.parametrize("engine", ENGINES)
def test_pile_driver_sent_off_on_a_double(engine: str) -> None:
    """A double on the foul's armour roll (6: holds): the referee sends him off (Argue the Call
    declined): a turnover, and he is not placed prone (off the pitch)."""
    game, attacker, defender = _pile_driver(engine, two_d6(3, 3))
    game.step(Action(T.USE_SKILL))
    game.step(Action(T.DECLINE))  # no Argue the Call
    s = game.state
    assert s.status[defender] == Status.PRONE and s.status[attacker] == Status.SENT_OFF and s.turnover
    assert not roller_of(game).queue


@pytest.mark.parametrize("engine", ENGINES)
def test_pile_driver_declined_or_not_adjacent(engine: str) -> None:
    """Declined, he stays standing; without the follow-up the Big Un is out of reach: not offered."""
    game, attacker, _ = _pile_driver(engine, [])
    game.step(Action(T.DECLINE))
    assert game.state.status[attacker] == Status.STANDING and T.USE_SKILL not in legal_types(game)
    game, attacker, _ = _pile_driver(engine, [], follow=False)
    assert game.decision().skill != Skill.PILE_DRIVER and game.state.status[attacker] == Status.STANDING
