"""Tests of the shipped chart and of chart loading and validation."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from nuffle.games.football_strategy.agents import yards_matrix
from nuffle.games.football_strategy.chart import (
    ChartError,
    OutcomeKind,
    load_chart,
    parse_cell,
    parse_chart,
)


def default_text() -> str:
    return load_chart().to_csv()


def replace_cell(text: str, play: int, column: int, code: str) -> str:
    lines = text.splitlines()
    fields = lines[play].split(",")
    fields[column + 1] = code
    lines[play] = ",".join(fields)
    return "\n".join(lines)


def test_default_chart_shape_and_variety() -> None:
    chart = load_chart()
    assert len(chart.cells) == 20 and all(len(row) == 10 for row in chart.cells)
    distinct = chart.distinct_outcomes()
    assert 55 <= len(distinct) <= 70
    kinds = {o.kind for o in distinct}
    for kind in (
        OutcomeKind.FUMBLE,
        OutcomeKind.INTERCEPTION,
        OutcomeKind.INCOMPLETE,
        OutcomeKind.OFFENSIVE_PENALTY,
        OutcomeKind.DEFENSIVE_PENALTY,
        OutcomeKind.PASS_INTERFERENCE,
    ):
        assert kind in kinds
    long_gains = [o for o in distinct if o.kind is OutcomeKind.GAIN and o.yards >= 30]
    assert len(long_gains) >= 4


def test_runs_low_passes_high_defenses_split_run_and_pass() -> None:
    yards = yards_matrix(load_chart())
    runs, passes = yards[:10], yards[10:]
    run_defense, pass_defense = slice(0, 4), slice(5, 10)
    # Runs do better against pass defenses, passes better against run defenses.
    assert runs[:, pass_defense].mean() > runs[:, run_defense].mean() + 2
    assert passes[:, run_defense].mean() > passes[:, pass_defense].mean() + 2
    # Incomplete passes only happen on pass plays.
    chart = load_chart()
    for play in range(1, 11):
        assert all(chart.outcome(play, d).kind is not OutcomeKind.INCOMPLETE for d in range(10))
    assert np.isfinite(yards).all()


def test_csv_round_trip_and_file_loading(tmp_path: Path) -> None:
    chart = load_chart()
    path = tmp_path / "mine.csv"
    path.write_text(chart.to_csv(), encoding="utf-8")
    loaded = load_chart(path)
    assert loaded.cells == chart.cells
    assert loaded.source == str(path)


@pytest.mark.parametrize(
    ("code", "kind", "yards"),
    [
        ("7", OutcomeKind.GAIN, 7),
        ("-3", OutcomeKind.GAIN, -3),
        (" inc ", OutcomeKind.INCOMPLETE, 0),
        ("F-2", OutcomeKind.FUMBLE, -2),
        ("i15", OutcomeKind.INTERCEPTION, 15),
        ("ITD", OutcomeKind.INTERCEPTION_TD, 0),
        ("OP10", OutcomeKind.OFFENSIVE_PENALTY, 10),
        ("DP15", OutcomeKind.DEFENSIVE_PENALTY, 15),
        ("PI22", OutcomeKind.PASS_INTERFERENCE, 22),
    ],
)
def test_cell_codes(code: str, kind: OutcomeKind, yards: int) -> None:
    outcome = parse_cell(code)
    assert outcome.kind is kind and outcome.yards == yards
    assert parse_cell(outcome.code) == outcome


@pytest.mark.parametrize(
    ("play", "column", "code", "message"),
    [
        (7, 2, "X9", r"row 7 \(play 7\), column C: 'X9' is not a valid outcome"),
        (20, 9, "DP7", r"row 20 \(play 20\), column J: penalty 'DP7' must be 5, 10 or 15"),
        (1, 0, "150", r"row 1 \(play 1\), column A: '150' has yards outside"),
        (12, 4, "", r"row 12 \(play 12\), column E"),
        (3, 5, "PI0", r"row 3 \(play 3\), column F: pass interference"),
    ],
)
def test_malformed_cells_are_named(play: int, column: int, code: str, message: str) -> None:
    text = replace_cell(default_text(), play, column, code)
    with pytest.raises(ChartError, match=message):
        parse_chart(text)


def test_malformed_structure_is_rejected() -> None:
    text = default_text()
    lines = text.splitlines()
    with pytest.raises(ChartError, match="20 play rows, got 19"):
        parse_chart("\n".join(lines[:-1]))
    with pytest.raises(ChartError, match="header"):
        parse_chart("\n".join(["play,A,B,C,D,E,F,G,H,I,K", *lines[1:]]))
    with pytest.raises(ChartError, match="row 5 must have 11 fields"):
        parse_chart("\n".join([*lines[:5], lines[5] + ",3", *lines[6:]]))
    with pytest.raises(ChartError, match="row 2 must start with play number 2"):
        parse_chart("\n".join([lines[0], lines[1], "9" + lines[2][1:], *lines[3:]]))
    with pytest.raises(ChartError, match="empty"):
        parse_chart("# only a comment\n")


def test_missing_file_raises_os_error(tmp_path: Path) -> None:
    with pytest.raises(OSError):
        load_chart(tmp_path / "nope.csv")
