"""The native dice against nuffle.core.dice: the same generator stream, the same sampled
outcomes and the same exact outcome enumerations."""

from __future__ import annotations

from fractions import Fraction
from types import ModuleType

import pytest

from nuffle.core import dice
from nuffle.core.dice import MASK64, Chance, Dice

SEEDS = (0, 1, 7, 42, 2**63 + 5, -1, -123456789, 10**30)
EVENTS = [Chance(k) for k in Dice if k not in (Dice.BLOCK, Dice.PICK)] + [
    Chance(Dice.BLOCK, n) for n in (1, 2, 3)
] + [Chance(Dice.PICK, n) for n in (1, 2, 11, 22, 255)]


def as_fractions(rows: list[tuple[object, tuple[int, int]]]) -> list[tuple[object, Fraction]]:
    return [(o, Fraction(num, den)) for o, (num, den) in rows]


@pytest.mark.parametrize("seed", SEEDS)
def test_generator_stream_matches(native: ModuleType, seed: int) -> None:
    x = dice.seed_state(seed)
    y = native.seed_state(seed & MASK64)
    assert y == x
    for k in (1, 2, 3, 6, 8, 11, 48, 255):
        for _ in range(300):
            x, y = dice.next_state(x), native.next_state(y)
            assert y == x
            assert native.draw(y, k) == dice.draw(x, k)


@pytest.mark.parametrize("seed", SEEDS[:4])
def test_sampling_matches_every_kind(native: ModuleType, seed: int) -> None:
    rng_py = rng_native = dice.seed_state(seed)
    for _ in range(200):
        for event in EVENTS:
            expected, rng_py = dice.sample(event, rng_py)
            got, rng_native = native.sample(int(event.kind), event.n, rng_native)
            assert (got, rng_native) == (expected, rng_py), event.describe()


@pytest.mark.parametrize("event", EVENTS, ids=lambda e: e.describe())
def test_outcome_enumeration_matches(native: ModuleType, event: Chance) -> None:
    expected = list(dice.outcomes(event.kind, event.n))
    assert as_fractions(native.outcomes(int(event.kind), event.n)) == expected
    for outcome, _ in expected:
        assert native.is_valid_outcome(int(event.kind), event.n, outcome)


def test_grouped_outcomes_match(native: ModuleType) -> None:
    cases = [(Dice.TWO_D6, 1, dice.GROUP_SUM), (Dice.D68, 1, dice.GROUP_CASUALTY)]
    cases += [(Dice.D6, n, dice.GROUP_THRESHOLD) for n in range(2, 9)]
    cases += [(e.kind, e.n, dice.GROUP_NONE) for e in EVENTS]
    for kind, n, group in cases:
        got = as_fractions(native.grouped_outcomes(int(kind), n, group))
        assert got == list(dice.grouped_outcomes(kind, n, group)), (kind, n, group)


def test_invalid_outcomes_are_rejected_like_python(native: ModuleType) -> None:
    for event, outcome in [
        (Chance(Dice.D6), 7),
        (Chance(Dice.D6), 0),
        (Chance(Dice.TWO_D6), (5, 2)),  # pairs are sorted
        (Chance(Dice.BLOCK, 2), (4, 0)),
        (Chance(Dice.BLOCK, 2), (0,)),
        (Chance(Dice.PICK, 3), 3),
        (Chance(Dice.D68), 19),
    ]:
        assert not dice.is_valid_outcome(event, outcome)
        assert not native.is_valid_outcome(int(event.kind), event.n, outcome)


@pytest.mark.parametrize(
    ("call", "error"),
    [
        (lambda n: n.outcomes(99), ValueError),
        (lambda n: n.outcomes(-1), ValueError),
        (lambda n: n.outcomes(int(Dice.BLOCK), 0), ValueError),
        (lambda n: n.outcomes(int(Dice.BLOCK), 4), ValueError),
        (lambda n: n.outcomes(int(Dice.PICK), 0), ValueError),
        (lambda n: n.outcomes(int(Dice.PICK), 10**6), ValueError),
        (lambda n: n.sample(int(Dice.D6), 1, -1), TypeError),
        (lambda n: n.sample(int(Dice.D6), 1, 2**64), TypeError),
        (lambda n: n.draw(5, 0), ValueError),
        (lambda n: n.grouped_outcomes(int(Dice.D6), 1, 7), ValueError),
        (lambda n: n.is_valid_outcome(int(Dice.D6), 1, "six"), TypeError),
        (lambda n: n.is_valid_outcome(int(Dice.D6), 1, 10**9), ValueError),
        (lambda n: n.is_valid_outcome(int(Dice.D6), 1, 2**64), ValueError),  # once a RuntimeError
        (lambda n: n.is_valid_outcome(int(Dice.BLOCK), 2, (1, -(2**80))), ValueError),
        (lambda n: n.is_valid_outcome(int(Dice.BLOCK), 2, (1, 2, 3, 4)), ValueError),
    ],
)
def test_bad_arguments_raise_instead_of_crashing(native: ModuleType, call, error) -> None:
    with pytest.raises(error):
        call(native)
