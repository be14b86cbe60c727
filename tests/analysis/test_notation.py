"""The plan notation: the paper's numbers, every tag, and clear errors naming the bad token."""

from __future__ import annotations

from fractions import Fraction as F

import pytest

from nuffle.analysis.blocks import BlockSkills
from nuffle.analysis.notation import odds, parse_plan, parse_step
from nuffle.analysis.probability import BlockStep, RollStep


@pytest.mark.parametrize(("plan", "failure"), [
    ("2+ 2+ | RR", 1 - (F(25, 36) + F(10, 36) * F(5, 6))),
    ("2+ 2+ 2+ | RR", 1 - (F(5, 6) ** 3 + 3 * F(1, 6) * F(5, 6) ** 3)),
    ("-2BD:block | RR", (1 - F(5, 6) ** 2) ** 2),
    ("3BD | RR", F(1, 3) ** 6),
    ("2+ 2+:norr | RR", 1 - F(35, 36) * F(5, 6)),
    ("2BD:KD 3+ 3+", 1 - F(20, 81)),
])
def test_paper_numbers(plan: str, failure: F) -> None:
    assert parse_plan(plan).failure() == failure


def test_paper_percentages() -> None:
    assert round(float(parse_plan("2+ 2+ | RR").failure()) * 100, 3) == 7.407
    assert round(float(parse_plan("2+ 2+ 2+ | RR").failure()) * 100, 3) == 13.194
    # the issue prints ~9.535% for (1 - (5/6)^2)^2, but that formula is 121/1296 = 9.336%
    assert round(float(parse_plan("-2BD:block | RR").failure()) * 100, 3) == 9.336
    assert round(float(parse_plan("3BD | RR").failure()) * 100, 3) == 0.137
    assert round(float(parse_plan("2+ 2+:norr | RR").failure()) * 100, 3) == 18.981


def test_examples_from_the_issue() -> None:
    assert odds("2+ 2+ | RR") == F(25, 27)
    assert odds("2+:dodge 2+:dodge") == F(25, 27)
    assert odds("2+:surehands 2+:surehands") == F(35, 36) ** 2


def test_step_tags() -> None:
    assert parse_step("3+:Dodge:PRO") == RollStep(3, skill="dodge", pro=True)
    assert parse_step("4+:loner:norr") == RollStep(4, loner=True, team_reroll=False)
    step = parse_step("-3bd:block:tackle:wrestle:dblock:ddodge:dwrestle:up")
    assert step == BlockStep(3, attacker_chooses=False,
                             attacker=BlockSkills(block=True, tackle=True, wrestle=True),
                             defender=BlockSkills(block=True, dodge=True, wrestle=True), goal="up")
    assert parse_step("1BD:safe") == BlockStep(1)


def test_options() -> None:
    assert parse_plan("2+").team_rerolls == 0
    assert parse_plan("2+ | RR").team_rerolls == 1
    assert parse_plan("2+ 2+ | RR2").team_rerolls == 2
    assert odds("2+ 2+ | RR2") == F(35, 36) ** 2
    assert odds("2+ | rr0") == F(5, 6)


def test_goals_and_loner() -> None:
    assert odds("2BD:KD | RR") == 1 - F(4, 9) ** 2
    assert odds("1BD:wrestle") == F(5, 6)
    assert odds("1BD:wrestle:up") == F(4, 6)
    assert odds("2+:loner | RR") == F(65, 72)


@pytest.mark.parametrize(("plan", "token"), [
    ("7+", "7+"), ("0+", "0+"), ("1+", "1+"), ("4BD", "4BD"), ("-0BD", "-0BD"),
    ("2+ foo", "foo"), ("2+:bar", "bar"), ("2+:dodge:catch", "2+:dodge:catch"),
    ("2BD:surehands", "surehands"), ("2BD:dodge", "ddodge"), ("2+:", "2+:"),
    ("2+ | XX", "XX"), ("2+ | RR | RR", "|"), ("", "empty"), ("| RR", "empty"),
])
def test_bad_input_names_the_token(plan: str, token: str) -> None:
    with pytest.raises(ValueError, match=token.replace("|", r"\|").replace("+", r"\+")):
        parse_plan(plan)
