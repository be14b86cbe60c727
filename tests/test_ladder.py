"""The ladder: pairing, rating fits on synthetic results, entry errors, reports and the CLI."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import numpy as np
import pytest

from nuffle.cli import main
from nuffle.ladder.ratings import fit_bradley_terry, nash_average, score_matrix, win_rates
from nuffle.ladder.report import markdown, read_json, summarise, write_json
from nuffle.ladder.schedule import parse_entries, schedule


def test_pairing_gives_equal_home_and_away_games() -> None:
    fixtures = schedule(4, pairs=3, seed=10)
    home = Counter(f.home for f in fixtures)
    away = Counter(f.away for f in fixtures)
    assert len(fixtures) == 6 * 3 * 2
    for i in range(4):
        assert home[i] == away[i] == 9
    by_seed: dict[int, list[tuple[int, int]]] = {}
    for f in fixtures:
        by_seed.setdefault(f.seed, []).append((f.home, f.away))
    for games in by_seed.values():  # each seed: one match-up, both venues
        assert len(games) == 2 and games[0] == games[1][::-1]
    pairs = Counter(frozenset((f.home, f.away)) for f in fixtures)
    assert set(pairs.values()) == {6}


def test_rating_fit_recovers_known_strengths() -> None:
    rng = np.random.default_rng(7)
    true = np.array([-1.0, -0.3, 0.2, 1.1])
    results = []
    for i in range(4):
        for j in range(i + 1, 4):
            p = 1.0 / (1.0 + np.exp(true[j] - true[i]))
            for _ in range(400):
                results.append((i, j, 1.0 if rng.random() < p else 0.0))
    bt = fit_bradley_terry(score_matrix(4, results))
    centred = true - true.mean()
    assert np.allclose(bt.strength, centred, atol=0.15)
    assert list(np.argsort(bt.strength)) == [0, 1, 2, 3]
    for i in range(4):  # the 95% intervals cover the truth and are not silly wide
        lo, hi = bt.interval(i)
        elo = centred[i] * 400 / np.log(10)
        assert lo < elo < hi and hi - lo < 150


def test_rating_fit_stays_finite_when_one_entry_wins_everything() -> None:
    bt = fit_bradley_terry(score_matrix(2, [(0, 1, 1.0)] * 20))
    assert np.all(np.isfinite(bt.strength)) and bt.strength[0] > bt.strength[1]


def test_nash_averaging_of_a_cycle_and_a_dominated_entry() -> None:
    # rock-paper-scissors plus an entry every other one beats
    rates = np.array([[0.5, 1.0, 0.0, 1.0],
                      [0.0, 0.5, 1.0, 1.0],
                      [1.0, 0.0, 0.5, 1.0],
                      [0.0, 0.0, 0.0, 0.5]])
    nash = nash_average(rates)
    assert np.allclose(nash.mixture, [1 / 3, 1 / 3, 1 / 3, 0.0], atol=1e-6)
    assert np.allclose(nash.rating[:3], 0.0, atol=1e-6) and nash.rating[3] < -0.4


def test_win_rates_count_draws_half() -> None:
    w = score_matrix(2, [(0, 1, 1.0), (1, 0, 0.5), (0, 1, 0.0)])
    assert np.allclose(win_rates(w), [[0.5, 0.5], [0.5, 0.5]])


@pytest.mark.parametrize("bad", ["elfz:random", "human:nobot", "human:grod?tweak=nope=1"])
def test_bad_entry_error_names_it(bad: str) -> None:
    with pytest.raises(ValueError, match="bad ladder entry") as err:
        parse_entries(["orc:random", bad])
    assert repr(bad) in str(err.value)


def test_duplicate_and_single_entries_are_errors() -> None:
    with pytest.raises(ValueError, match="twice"):
        parse_entries(["orc:random", "orc:random"])
    with pytest.raises(ValueError, match="at least two"):
        parse_entries(["orc:random"])


def test_summary_counts_venues_and_casualties() -> None:
    games = [
        {"home": 0, "away": 1, "seed": 0, "score": [2, 0], "casualties": [1, 0], "seconds": 0.1},
        {"home": 1, "away": 0, "seed": 0, "score": [1, 1], "casualties": [0, 2], "seconds": 0.1},
    ]
    rep = summarise(["a:random", "b:random"], games, {"board": 11, "pairs": 1, "seed": 0})
    a = rep["table"][0]
    assert (a["all"]["wins"], a["all"]["draws"], a["all"]["losses"]) == (1, 1, 0)
    assert a["home"]["wins"] == 1 and a["away"]["draws"] == 1
    assert a["all"]["cas_for_per_game"] == 1.5 and a["all"]["td_for_per_game"] == 1.5
    assert rep["venue"] == {"home_wins": 1, "draws": 1, "away_wins": 0}
    assert "| a:random |" in markdown(rep)


def test_cli_runs_saves_and_renders_again(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "lad"
    code = main(["ladder", "human:random", "orc:scripted", "--board", "1", "--pairs", "1",
                 "--workers", "1", "--out", str(out)])
    assert code == 0
    first = capsys.readouterr().out
    assert "orc:scripted" in first
    data = json.loads((tmp_path / "lad.json").read_text())
    assert len(data["games"]) == 2
    assert (tmp_path / "lad.png").stat().st_size > 1000
    assert main(["ladder", "--report", str(tmp_path / "lad.json")]) == 0
    assert capsys.readouterr().out == first
    write_json(read_json(tmp_path / "lad.json"), tmp_path / "again.json")
    assert json.loads((tmp_path / "again.json").read_text())["table"] == data["table"]


def test_cli_bad_entry_exits_2_naming_it(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["ladder", "human:random", "human:grodd", "--pairs", "1"]) == 2
    assert "'human:grodd'" in capsys.readouterr().err
    assert main(["ladder", "--report", "/nowhere/lad.json"]) == 2


def test_a_partial_ladder_shows_no_figure_for_a_pairing_not_played() -> None:
    # a and b met; c played nobody (the run was interrupted before its games)
    games = [{"home": 0, "away": 1, "seed": 0, "score": [1, 0], "casualties": [0, 0], "seconds": 0.1}]
    rep = summarise(["a", "b", "c"], games, {"board": 1, "pairs": 1, "seed": 0, "partial": True})
    assert rep["score_rate"][0][1] == 1.0 and rep["score_rate"][1][0] == 0.0
    assert rep["score_rate"][0][2] is None and rep["score_rate"][2][1] is None
    rows = {line.split(" | ")[0]: line for line in markdown(rep).splitlines() if line.startswith("| ")}
    assert rows["| a"].endswith("| - | 1.00 | none |") and rows["| c"].endswith("| none | none | - |")
