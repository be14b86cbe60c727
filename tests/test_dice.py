"""Dice: exact distributions, sampled determinism, scripted and explicit rollers."""

from __future__ import annotations

from fractions import Fraction

import pytest

from nuffle.core.dice import (
    Chance,
    Dice,
    ExplicitRoller,
    RollerError,
    SampledRoller,
    ScriptedRoller,
    d6,
    outcomes,
    sample,
    seed_state,
    two_d6,
)
from nuffle.core.game import Game
from nuffle.core.types import BlockFace, Decider


@pytest.mark.parametrize(
    ("kind", "n", "count"),
    [(Dice.D6, 1, 6), (Dice.D8, 1, 8), (Dice.D3, 1, 3), (Dice.COIN, 1, 2), (Dice.TWO_D6, 1, 21),
     (Dice.D68, 1, 48), (Dice.BLOCK, 1, 5), (Dice.BLOCK, 2, 15), (Dice.BLOCK, 3, 35),
     (Dice.PICK, 7, 7)],
)
def test_distributions_sum_to_one(kind: Dice, n: int, count: int) -> None:
    dist = outcomes(kind, n)
    assert sum(p for _, p in dist) == 1
    assert len(dist) == count
    assert len({o for o, _ in dist}) == count


def test_two_d6_doubles_and_pairs() -> None:
    dist = dict(outcomes(Dice.TWO_D6))
    assert dist[(3, 3)] == Fraction(1, 36)
    assert dist[(2, 5)] == Fraction(2, 36)
    assert (5, 2) not in dist  # pairs are sorted
    totals: dict[int, Fraction] = {}
    for (a, b), p in dist.items():  # type: ignore[misc]
        totals[a + b] = totals.get(a + b, Fraction(0)) + p
    assert totals[7] == Fraction(6, 36)
    assert totals[2] == totals[12] == Fraction(1, 36)


def test_d68_outcomes_are_tens_and_units() -> None:
    vals = {o for o, _ in outcomes(Dice.D68)}
    assert min(vals) == 11 and max(vals) == 68
    assert 19 not in vals and 10 not in vals and 69 not in vals


def test_block_die_face_weights() -> None:
    one = dict(outcomes(Dice.BLOCK, 1))
    assert one[(int(BlockFace.PUSHED),)] == Fraction(2, 6)
    assert one[(int(BlockFace.DEFENDER_DOWN),)] == Fraction(1, 6)
    two = dict(outcomes(Dice.BLOCK, 2))
    # two pushes: (2/6)^2; push + pow: 2 * 2/6 * 1/6
    assert two[(int(BlockFace.PUSHED),) * 2] == Fraction(4, 36)
    assert two[(int(BlockFace.PUSHED), int(BlockFace.DEFENDER_DOWN))] == Fraction(4, 36)


def test_sampled_same_seed_same_outcomes() -> None:
    def run(seed: int) -> list[object]:
        rng = seed_state(seed)
        out: list[object] = []
        for kind in (Dice.D6, Dice.TWO_D6, Dice.D8, Dice.D68, Dice.COIN) * 20:
            o, rng = sample(Chance(kind), rng)
            out.append(o)
        return out

    assert run(42) == run(42)
    assert run(42) != run(43)


def test_sampled_outcomes_are_valid() -> None:
    rng = seed_state(7)
    seen = set()
    for _ in range(600):
        o, rng = sample(Chance(Dice.D6), rng)
        seen.add(o)
    assert seen == {1, 2, 3, 4, 5, 6}


def test_sampled_games_are_deterministic_and_clones_continue_identically() -> None:
    a = Game.new(seed=11)
    b = Game.new(seed=11)
    assert a.state.key() == b.state.key()
    for _ in range(30):
        act = next(iter(a.legal_actions()))
        a.step(act)
        b.step(act)
    assert a.state.key() == b.state.key()
    c = a.clone()
    for _ in range(40):
        if a.is_over:
            break
        act = next(iter(a.legal_actions()))
        a.step(act)
        c.step(act)
    assert a.state.key() == c.state.key()
    assert isinstance(a.roller, SampledRoller)


def test_scripted_empty_queue_error() -> None:
    r = ScriptedRoller(d6(3))
    assert r.resolve(Chance(Dice.D6, 1, "dodge"), 0) == (3, 0)
    with pytest.raises(RollerError, match=r"empty.*D6 \(dodge\)"):
        r.resolve(Chance(Dice.D6, 1, "dodge"), 0)


def test_scripted_mismatched_kind_error() -> None:
    r = ScriptedRoller(two_d6(3, 4))
    with pytest.raises(RollerError, match=r"2D6.*asked for D6 \(gfi\)"):
        r.resolve(Chance(Dice.D6, 1, "gfi"), 0)
    assert len(r.queue) == 1  # nothing consumed


def test_scripted_impossible_outcome_error() -> None:
    r = ScriptedRoller([(Dice.D6, 7)])
    with pytest.raises(RollerError, match="impossible"):
        r.resolve(Chance(Dice.D6), 0)


def test_scripted_normalises_pairs() -> None:
    r = ScriptedRoller(two_d6(5, 2))
    assert r.resolve(Chance(Dice.TWO_D6), 0) == ((2, 5), 0)


def test_explicit_roller_stops_at_chance_nodes() -> None:
    game = Game.new(roller=ExplicitRoller())
    assert game.decider == Decider.CHANCE
    assert game.legal_actions().types() == []
    outs = game.chance_outcomes()
    assert sum(p for _, p in outs) == 1
    assert len(outs) == 11  # home fans: only the 2D6 total matters, so pairs group by total
    assert dict(outs)[(1, 6)] == Fraction(6, 36)
    game.apply_chance((6, 6))
    assert game.decider == Decider.CHANCE  # away fans
    game.apply_chance((1, 1))
    game.apply_chance((6, 6))  # weather: blizzard
    assert game.state.teams[0].fame == 2  # 12 + 7 vs 2 + 5
    assert game.state.teams[1].fame == 0
    assert game.state.weather == 4  # Weather.BLIZZARD
    assert [o for o, _ in game.chance_outcomes()] == [0, 1]  # coin toss
    game.apply_chance(1)
    assert str(game.decider) == "away"  # as text: mypy narrowed it above


def test_explicit_roller_rejects_invalid_outcome() -> None:
    game = Game.new(roller=ExplicitRoller())
    before = game.state.key()
    with pytest.raises(ValueError, match="not an outcome of 2D6"):
        game.apply_chance((0, 7))
    with pytest.raises(ValueError, match="not an outcome"):
        game.apply_chance(5)
    assert game.state.key() == before


def test_apply_chance_without_pending_event_is_illegal() -> None:
    game = Game.new(seed=1)
    assert game.decider in (Decider.HOME, Decider.AWAY)
    with pytest.raises(ValueError, match="no pending chance event"):
        game.apply_chance(3)
