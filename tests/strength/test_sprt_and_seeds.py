"""The strength benchmark's statistics: the SPRT on simulated outcomes of known strength, the
interval over pairs, the anchored Bradley-Terry fit, and the held-out seeds' guard."""

from __future__ import annotations

import random

import numpy as np
import pytest

from nuffle.core.errors import InputError
from nuffle.eval_seeds import EVAL_SEED_COUNT, EVAL_SEED_START, eval_seed, is_held_out, refuse_held_out
from nuffle.ladder.ratings import fit_bradley_terry, score_matrix
from nuffle.stats import mean_interval, wilson
from nuffle.strength.match import MIN_PAIRS, new_sprt


def _game(rng: random.Random, p: float, draws: float) -> float:
    """One game's points with expected points `p` and draw rate `draws`."""
    u = rng.random()
    win = p - draws / 2
    return 1.0 if u < win else 0.5 if u < win + draws else 0.0


def _verdicts(p: float, draws: float, runs: int, max_pairs: int = 200) -> list[bool | None]:
    out: list[bool | None] = []
    for seed in range(runs):
        rng = random.Random(seed * 7919 + int(p * 1000) + int(draws * 100))
        sprt = new_sprt()
        while sprt.verdict is None and len(sprt.ys) < max_pairs:
            sprt.add(_game(rng, p, draws) + _game(rng, p, draws) - 1.0)  # 2 * pair score - 1
        out.append(sprt.verdict)
    return out


@pytest.mark.parametrize("draws", [0.0, 0.4, 0.8])
def test_an_even_stream_does_not_accept_h1(draws: float) -> None:
    verdicts = _verdicts(0.5, draws, runs=1000)  # alpha 0.05; measured 3-4.5%
    assert verdicts.count(True) / len(verdicts) <= 0.05
    assert verdicts.count(False) > verdicts.count(True)  # it does decide, mostly for H0


@pytest.mark.parametrize("draws", [0.0, 0.4, 0.8])
def test_a_stronger_stream_accepts_h1_mostly(draws: float) -> None:
    verdicts = _verdicts(0.6, draws, runs=200)
    assert verdicts.count(True) / len(verdicts) >= 0.9
    assert verdicts.count(False) / len(verdicts) <= 0.02


def test_the_sprt_waits_for_its_minimum_then_stops_at_once() -> None:
    sprt = new_sprt()
    for _ in range(MIN_PAIRS - 1):
        sprt.add(1.0)
        sprt.add(0.5)
    assert len(sprt.ys) >= MIN_PAIRS and sprt.verdict is True
    sprt = new_sprt()
    for k in range(MIN_PAIRS):
        assert sprt.verdict is None
        sprt.add(1.0 if k % 2 else 0.5)
    assert sprt.verdict is True


def test_the_interval_over_pairs() -> None:
    xs = [0.0, 0.25, 0.5, 0.75, 1.0, 0.5]
    lo, hi = mean_interval(xs)
    mean = sum(xs) / len(xs)
    sd = float(np.std(xs, ddof=1))
    half = 1.959963984540054 * sd / len(xs) ** 0.5
    assert lo == pytest.approx(mean - half) and hi == pytest.approx(min(1.0, mean + half))
    # no spread: the conservative Wilson interval of the sum, not a point
    assert mean_interval([1.0] * 8) == wilson(8.0, 8)
    assert mean_interval([1.0] * 8)[0] < 1.0
    assert mean_interval([]) == (0.0, 1.0)
    # pairing narrows it: split pairs (0.5 each, spread 0) v the same points as wins and losses
    assert mean_interval([0.25, 0.75] * 10)[1] - mean_interval([0.25, 0.75] * 10)[0] < \
        mean_interval([0.0, 1.0] * 10)[1] - mean_interval([0.0, 1.0] * 10)[0]


def test_bradley_terry_anchored_at_an_entry() -> None:
    w = score_matrix(3, [(0, 1, 1.0), (0, 1, 0.5), (1, 2, 1.0), (1, 2, 1.0), (0, 2, 1.0), (2, 0, 0.0)])
    free = fit_bradley_terry(w)
    anchored = fit_bradley_terry(w, anchor=1)
    assert anchored.strength[1] == 0.0 and anchored.stderr[1] == 0.0
    assert np.allclose(anchored.strength, free.strength - free.strength[1])
    assert anchored.interval(1) == (0.0, 0.0)
    assert all(anchored.stderr[i] > 0 for i in (0, 2))
    with pytest.raises(InputError, match="anchor"):
        fit_bradley_terry(w, anchor=3)


def test_the_held_out_seeds_and_their_guard() -> None:
    assert EVAL_SEED_START == 2**31 and is_held_out(EVAL_SEED_START) and not is_held_out(2**31 - 1)
    assert eval_seed(0) == EVAL_SEED_START and eval_seed(3, 10) == EVAL_SEED_START + 13
    with pytest.raises(InputError, match="held-out"):
        eval_seed(EVAL_SEED_COUNT)
    refuse_held_out(0, 1000)
    refuse_held_out(EVAL_SEED_START + EVAL_SEED_COUNT, 5)
    with pytest.raises(InputError, match="held out for evaluation"):
        refuse_held_out(EVAL_SEED_START - 10, 11, "tuning")
    with pytest.raises(InputError, match="held out"):
        refuse_held_out(EVAL_SEED_START + 5)


def test_tuning_and_the_environments_refuse_held_out_seeds() -> None:
    from nuffle.envs.gym_env import BloodBowlEnv
    from nuffle.evaluation import Entry
    from nuffle.ladder.tuning import sprt_match

    with pytest.raises(InputError, match="tuning"):
        sprt_match(Entry("human", "random"), Entry("human", "random"), [], new_sprt(), board=1,
                   seed=EVAL_SEED_START - 3, max_pairs=10)
    env = BloodBowlEnv(board=1)
    with pytest.raises(InputError, match="environment"):
        env.driver.new_game(EVAL_SEED_START)
    for seed in range(5):
        env.reset(seed=seed)  # its own game seeds are drawn below the range
        game_seed = env.driver.live().config.seed
        assert game_seed is not None and game_seed < EVAL_SEED_START
