"""Exact odds against TABLES.md §4, §5, §10-§12 and §17, plus the paper's Table I numbers."""

from __future__ import annotations

from fractions import Fraction as F

import pytest

from nuffle.analysis.probability import (
    BlockResult,
    BlockSkills,
    BlockStep,
    RollStep,
    armour_break,
    block_odds,
    casualty_table,
    catch,
    d6_success,
    dodge,
    foul,
    gfi,
    injury,
    interception,
    knockdown,
    pass_roll,
    pickup,
    sequence_success,
    single_roll,
)
from nuffle.core.types import BlockFace

BLOCK = BlockSkills(block=True)
DODGE = BlockSkills(dodge=True)


# --- TABLES §17: single D6 with re-rolls ------------------------------------------------------

@pytest.mark.parametrize(("target", "plain", "reroll", "loner"), [
    (2, F(5, 6), F(35, 36), F(65, 72)),
    (3, F(2, 3), F(8, 9), F(7, 9)),
    (4, F(1, 2), F(3, 4), F(5, 8)),
    (5, F(1, 3), F(5, 9), F(4, 9)),
    (6, F(1, 6), F(11, 36), F(17, 72)),
])
def test_single_roll_table(target: int, plain: F, reroll: F, loner: F) -> None:
    assert single_roll(target) == plain
    assert single_roll(target, team_reroll=True) == reroll
    assert single_roll(target, skill_reroll=True) == reroll
    assert single_roll(target, team_reroll=True, loner=True) == loner


def test_natural_one_and_six() -> None:
    assert d6_success(1, 5) == F(5, 6)  # natural 1 still fails
    assert d6_success(4, -5) == F(1, 6)  # natural 6 still succeeds
    assert d6_success(4, -5, natural_six=False) == 0


def test_pro_and_no_double_reroll() -> None:
    assert single_roll(4, pro=True) == F(1, 2) + F(1, 2) * F(1, 2) * F(1, 2)
    # skill and team re-roll together: still only one re-roll of the same roll
    assert single_roll(2, team_reroll=True, skill_reroll=True) == F(35, 36)


def test_agility_worked_examples() -> None:
    assert dodge(3) == F(2, 3) and dodge(3, dodge_skill=True) == F(8, 9)
    assert dodge(3, 1) == F(1, 2) and dodge(3, 1, dodge_skill=True) == F(3, 4)
    assert dodge(3, 1, dodge_skill=True, tackle=True) == F(1, 2)
    assert dodge(3, 2, stunty=True) == F(2, 3)
    assert pickup(3) == F(2, 3) and pickup(3, sure_hands=True) == F(8, 9)
    assert pickup(3, 1, rain=True) == F(1, 3)
    assert catch(3) == F(2, 3) and catch(3, catch_skill=True) == F(8, 9)
    assert catch(3, accurate=False) == F(1, 2)
    assert interception(3) == F(1, 6) and interception(4) == F(1, 3)


def test_pass_examples() -> None:
    quick = pass_roll(3, "Q")
    assert quick["accurate"] == F(2, 3) and quick["fumble"] == F(1, 6)
    bomb = pass_roll(3, "B", 1)
    assert bomb == {"accurate": F(1, 6), "inaccurate": F(1, 6), "fumble": F(4, 6)}
    skilled = pass_roll(3, "Q", pass_skill=True)
    assert skilled["accurate"] == F(8, 9) and sum(skilled.values()) == 1
    with pytest.raises(ValueError, match="X"):
        pass_roll(3, "X")


def test_gfi_table_12() -> None:
    assert gfi() == F(5, 6) and gfi(blizzard=True) == F(2, 3)
    assert sequence_success([RollStep(2)] * 2) == F(25, 36)
    assert sequence_success([RollStep(2)] * 3) == F(125, 216)
    assert gfi(sure_feet=True) == F(35, 36)


# --- sequences and the paper's Table I --------------------------------------------------------

def test_two_gfis_share_one_reroll() -> None:
    assert sequence_success([RollStep(2), RollStep(2)], 1) == F(25, 27)
    assert F(5, 6) * F(35, 36) + F(1, 6) * F(5, 6) * F(5, 6) == F(25, 27)


def test_paper_table_one() -> None:
    two = sequence_success([RollStep(2)] * 2, 1)
    assert 1 - two == 1 - (F(25, 36) + F(10, 36) * F(5, 6))
    three = sequence_success([RollStep(2)] * 3, 1)
    assert 1 - three == 1 - (F(5, 6) ** 3 + 3 * F(1, 6) * F(5, 6) ** 3)
    block = sequence_success([BlockStep(2, attacker_chooses=False, attacker=BLOCK)], 1)
    assert 1 - block == (1 - F(5, 6) ** 2) ** 2
    assert 1 - sequence_success([BlockStep(3)], 1) == F(1, 3) ** 6
    split = sequence_success([RollStep(2), RollStep(2, team_reroll=False)], 1)
    assert 1 - split == 1 - F(35, 36) * F(5, 6)
    fig13 = sequence_success([BlockStep(2, goal="kd"), RollStep(3), RollStep(3)])
    assert fig13 == F(20, 81)


def test_once_per_turn_skills() -> None:
    dodges = [RollStep(2, skill="dodge"), RollStep(2, skill="dodge")]
    assert sequence_success(dodges) == F(25, 27)  # Dodge once per sequence
    hands = [RollStep(2, skill="surehands"), RollStep(2, skill="surehands")]
    assert sequence_success(hands) == F(35, 36) ** 2  # Sure Hands every roll
    # Dodge covers the dodge, so the team re-roll is kept for the GFI
    assert sequence_success([RollStep(2, skill="dodge"), RollStep(2)], 1) == F(35, 36) ** 2


def test_loner_failed_check_spends_the_reroll() -> None:
    steps = [RollStep(2, loner=True), RollStep(2)]
    expected = F(5, 6) * F(35, 36) + F(1, 6) * F(1, 2) * F(5, 6) * F(5, 6)
    assert sequence_success(steps, 1) == expected


# --- TABLES §4: block dice ---------------------------------------------------------------------

@pytest.mark.parametrize(("dice", "att", "kd", "kd_dodge", "down", "down_block"), [
    (1, True, F(1, 3), F(1, 6), F(1, 3), F(1, 6)),
    (2, True, F(5, 9), F(11, 36), F(1, 9), F(1, 36)),
    (3, True, F(19, 27), F(91, 216), F(1, 27), F(1, 216)),
    (2, False, F(1, 9), F(1, 36), F(5, 9), F(11, 36)),
    (3, False, F(1, 27), F(1, 216), F(19, 27), F(91, 216)),
])
def test_block_table_4(dice: int, att: bool, kd: F, kd_dodge: F, down: F, down_block: F) -> None:
    assert block_odds(dice, att, goal="kd").defender_down == kd
    assert block_odds(dice, att, defender=DODGE, goal="kd").defender_down == kd_dodge
    assert 1 - block_odds(dice, att).attacker_up == down
    assert 1 - block_odds(dice, att, attacker=BLOCK).attacker_up == down_block


def test_block_distributions_sum_to_one() -> None:
    for dice in (1, 2, 3):
        for att in (True, False):
            for rr in (False, True):
                odds = block_odds(dice, att, attacker=BLOCK, defender=DODGE, team_reroll=rr)
                assert sum(odds.faces.values()) == 1 and sum(odds.results.values()) == 1


def test_block_skills() -> None:
    tackle = block_odds(1, attacker=BlockSkills(tackle=True), defender=DODGE)
    assert tackle.defender_down == F(1, 3)
    wrestle = block_odds(1, attacker=BlockSkills(wrestle=True))
    assert wrestle.results[BlockResult.BOTH_PRONE] == F(1, 6)
    assert wrestle.success == F(5, 6) and wrestle.attacker_up == F(4, 6)
    both = block_odds(1, attacker=BLOCK, defender=BLOCK)
    assert both.results[BlockResult.NO_EFFECT] == F(1, 6)
    assert block_odds(1, defender=BLOCK).results[BlockResult.ATTACKER_DOWN] == F(2, 6)


def test_block_reroll_and_ball() -> None:
    odds = block_odds(2, goal="kd", team_reroll=True, carrier="defender")
    assert odds.success == 1 - F(4, 9) ** 2
    assert odds.ball_lost == odds.defender_armour > odds.defender_down
    assert block_odds(1, carrier="attacker").ball_lost == F(1, 3)
    assert block_odds(1).ball_lost == 0
    assert block_odds(2, pro=True).success == F(8, 9) + F(1, 9) * F(1, 2) * F(8, 9)
    assert block_odds(1).faces[BlockFace.PUSHED] == F(1, 3)
    with pytest.raises(ValueError, match="4"):
        block_odds(4)
    with pytest.raises(ValueError, match="goal"):
        block_odds(1, goal="win")


# --- TABLES §5, §10, §11, §17: armour, injury, casualties, fouls -------------------------------

@pytest.mark.parametrize(("av", "plain", "plus"), [
    (5, 26, 30), (6, 21, 26), (7, 15, 21), (8, 10, 15), (9, 6, 10), (10, 3, 6),
])
def test_armour_table_5(av: int, plain: int, plus: int) -> None:
    assert armour_break(av) == F(plain, 36) and armour_break(av, 1) == F(plus, 36)


def test_claws() -> None:
    assert armour_break(9, claws=True) == armour_break(7)
    assert armour_break(6, claws=True) == armour_break(6)


@pytest.mark.parametrize(("mod", "ts", "stunty", "row"), [
    (0, False, False, (21, 9, 0, 6)),
    (1, False, False, (15, 11, 0, 10)),
    (2, False, False, (10, 11, 0, 15)),
    (0, True, False, (26, 4, 0, 6)),
    (1, True, False, (21, 5, 0, 10)),
    (0, False, True, (15, 11, 4, 6)),
    (1, False, True, (10, 11, 5, 10)),
])
def test_injury_table_10(mod: int, ts: bool, stunty: bool, row: tuple[int, ...]) -> None:
    got = injury(mod, ts, stunty)
    assert tuple(got[k] for k in ("stunned", "ko", "badly_hurt", "casualty")) == tuple(
        F(n, 36) for n in row)


def test_casualty_table_11() -> None:
    cas = casualty_table()
    assert sum(cas.values()) == 1
    assert cas["badly_hurt"] == F(1, 2) and cas["miss_next_game"] == F(1, 6)
    assert cas["niggling"] == cas["ma"] == cas["av"] == F(1, 24)
    assert cas["ag"] == cas["st"] == F(1, 48) and cas["dead"] == F(1, 6)


def test_knockdown_mighty_blow() -> None:
    plain = knockdown(8)
    assert plain["unbroken"] == F(26, 36) and sum(plain.values()) == 1
    assert plain["casualty"] == F(10, 36) * F(6, 36)
    mb = knockdown(8, mighty_blow=True)
    assert mb["unbroken"] == F(21, 36) and sum(mb.values()) == 1
    # MB used on armour for a total of exactly 8 (5/36), on injury for breaks of 9+ (10/36)
    assert mb["casualty"] == F(5, 36) * F(6, 36) + F(10, 36) * F(10, 36)


def test_foul_table_17() -> None:
    assert foul(8)["armour_broken"] == F(10, 36)
    assert [foul(8, m)["sent_off"] for m in (0, 1, 2)] == [F(11, 54), F(2, 9), F(1, 4)]
    got = foul(8)
    assert got["unbroken"] + got["stunned"] + got["ko"] + got["badly_hurt"] + got["casualty"] == 1
    assert foul(8, sneaky_git=True)["sent_off"] < F(11, 54)
    assert foul(8, bribe=True)["sent_off"] == F(11, 54) / 6


# --- brute-force cross-checks ------------------------------------------------------------------

def _brute_block(dice: int, att: bool, attacker: BlockSkills, defender: BlockSkills) -> F:
    """P(attacker stays up) by enumerating all ordered 6**dice rolls of the engine's die."""
    from itertools import product

    from nuffle.analysis.blocks import ATTACKER_PREFERENCE, DEFENDER_PREFERENCE, face_result
    from nuffle.core.types import BLOCK_DIE_FACES

    pref = ATTACKER_PREFERENCE if att else DEFENDER_PREFERENCE
    up = 0
    for roll in product(BLOCK_DIE_FACES, repeat=dice):
        results = [face_result(f, attacker, defender) for f in roll]
        best = min(results, key=pref.index)
        up += best in (BlockResult.NO_EFFECT, BlockResult.PUSHED, BlockResult.DEFENDER_DOWN)
    return F(up, 6**dice)


@pytest.mark.parametrize("dice", [1, 2, 3])
@pytest.mark.parametrize("att", [True, False])
def test_block_matches_brute_force(dice: int, att: bool) -> None:
    skills = [BlockSkills(), BLOCK, DODGE, BlockSkills(wrestle=True), BlockSkills(True, True, True)]
    for a in skills:
        for d in skills:
            assert block_odds(dice, att, attacker=a, defender=d, goal="up").attacker_up == \
                _brute_block(dice, att, a, d)


def _brute_sequence(targets: list[int], rerolls: int) -> F:
    """Exact success by enumerating every die (one per roll and re-roll), team re-roll greedy."""
    def go(i: int, rr: int) -> F:
        if i == len(targets):
            return F(1)
        total = F(0)
        for d in range(1, 7):
            if d != 1 and d >= targets[i]:
                total += F(1, 6) * go(i + 1, rr)
            elif rr:
                total += F(1, 6) * sum((F(1, 6) * go(i + 1, rr - 1) for e in range(1, 7)
                                        if e != 1 and e >= targets[i]), F(0))
        return total
    return go(0, rerolls)


@pytest.mark.parametrize("targets", [[2, 3, 4], [4, 4], [6, 2, 5, 3], [3]])
@pytest.mark.parametrize("rerolls", [0, 1, 2])
def test_sequence_matches_brute_force(targets: list[int], rerolls: int) -> None:
    assert sequence_success([RollStep(t) for t in targets], rerolls) == _brute_sequence(targets, rerolls)


def test_distributions_sum_to_one() -> None:
    for av in range(5, 11):
        for mod in (-1, 0, 1, 2):
            for flags in ((False, False, False), (True, False, True), (True, True, True)):
                mb, ts, st = flags
                assert sum(knockdown(av, armour_modifier=mod, mighty_blow=mb, claws=mb,
                                     thick_skull=ts, stunty=st).values()) == 1
                out = foul(av, mod, dirty_player=mb, thick_skull=ts, stunty=st)
                assert sum(v for k, v in out.items() if k not in ("armour_broken", "sent_off")) == 1
    for ag in range(1, 7):
        for rng in "QSLB":
            for tz in (0, 2):
                assert sum(pass_roll(ag, rng, tz, pass_skill=True).values()) == 1
                assert sum(pass_roll(ag, rng, tz, team_reroll=True, loner=True).values()) == 1
