"""The tuning tool: the SPRT on synthetic pair statistics, pair scoring and a tiny search."""

from __future__ import annotations

import random

import pytest

from nuffle.evaluation import Entry
from nuffle.ladder.tuning import Sprt, coordinate_changes, pair_statistic, tune


def _run(mean: float, seed: int, limit: int = 5000) -> tuple[bool | None, int]:
    rng = random.Random(seed)
    sprt = Sprt(delta=0.1)
    while sprt.verdict is None and len(sprt.ys) < limit:
        # pair outcomes in {-1, -0.5, 0, 0.5, 1} with the given mean
        y = max(-1.0, min(1.0, round((mean + rng.gauss(0.0, 0.5)) * 2) / 2))
        sprt.add(y)
    return sprt.verdict, len(sprt.ys)


def test_sprt_accepts_a_real_gain_and_rejects_none() -> None:
    accepted = [_run(0.2, s)[0] for s in range(10)]
    rejected = [_run(0.0, s)[0] for s in range(10)]
    assert accepted.count(True) >= 9
    assert rejected.count(False) >= 9


def test_sprt_checks_its_inputs() -> None:
    with pytest.raises(ValueError, match="delta"):
        Sprt(delta=0.0)
    with pytest.raises(ValueError, match="alpha"):
        Sprt(alpha=0.7)
    with pytest.raises(ValueError, match="pair statistic"):
        Sprt().add(1.5)


def test_pair_statistic_head_to_head_and_pool() -> None:
    win = {"home": 0, "away": 1, "score": [2, 1]}
    loss_away = {"home": 1, "away": 0, "score": [1, 0]}  # entry 0 away, lost
    assert pair_statistic([win, loss_away], pool=False) == 0.0
    draw = {"home": 0, "away": 1, "score": [1, 1]}
    draw_away = {"home": 1, "away": 0, "score": [0, 0]}
    # candidate: win + win-as-away; baseline: two draws -> (2 - 1) / 2
    win_away = {"home": 1, "away": 0, "score": [0, 3]}
    assert pair_statistic([win, win_away, draw, draw_away], pool=True) == 0.5


def test_coordinate_changes_and_unknown_names() -> None:
    assert list(coordinate_changes({"a": 2.0}, ["a"], 0.5)) == [{"a": 3.0}, {"a": 1.0}]
    with pytest.raises(ValueError, match="'b'"):
        list(coordinate_changes({"a": 2.0}, ["b"], 0.5))


def test_tiny_search_runs_paired_games() -> None:
    seen: list[object] = []
    final, trials = tune(lambda v: "grod?tweak=" + f"cage={v['cage']:g}", {"cage": 7.0}, ["cage"],
                         pool=[Entry("orc", "random")], max_pairs=1, board=1, workers=1,
                         on_trial=seen.append)
    assert len(trials) == 2 and seen == trials
    assert all(t.pairs == 1 for t in trials)
    assert final["cage"] in (7.0, 8.75, 5.25)
