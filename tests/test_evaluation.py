"""Series of games between entries: parsing, alternating venues, intervals."""

from __future__ import annotations

import json

import pytest

from nuffle.cli import main
from nuffle.evaluation import Entry, play_series
from nuffle.stats import wilson


def test_entry_parsing() -> None:
    assert Entry.parse("human:scripted") == Entry("human", "scripted")
    assert Entry.parse("orc") == Entry("orc", "random")
    assert Entry.parse("orc", default_bot="scripted") == Entry("orc", "scripted")
    assert Entry.parse("teams/x.json:random") == Entry("teams/x.json", "random")


def test_wilson_interval() -> None:
    lo, hi = wilson(50, 50)
    assert hi == 1.0 and 0.92 < lo < 0.93
    lo, hi = wilson(0, 10)
    assert lo == 0.0 and 0.27 < hi < 0.28
    assert wilson(0, 0) == (0.0, 1.0)


def test_series_alternates_venues_and_counts_from_the_first_entry() -> None:
    home, away = play_series(Entry("human", "scripted"), Entry("human", "random"), 4, seed=3,
                             board=5)
    assert home.played == 2 and away.played == 2
    assert [g["home"] for g in home.games] == ["human:scripted"] * 2
    assert [g["away"] for g in away.games] == ["human:scripted"] * 2
    total = home.merged(away)
    assert total.wins + total.draws + total.losses == 4
    assert total.scored == sum(g["score"]["home"] for g in home.games) + sum(
        g["score"]["away"] for g in away.games
    )


def test_cli_series_json_has_split_and_interval(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", "--home", "human:scripted", "--away", "human:random", "--games", "4",
                 "--board", "3", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["home_entry"] == "human:scripted" and data["alternate"] is True
    assert data["split"]["at_home"]["games"] == 2 and data["split"]["away"]["games"] == 2
    lo, hi = data["home_win_rate_95"]
    assert 0 <= lo <= hi <= 1
    assert data["home_wins"] + data["draws"] + data["away_wins"] == 4


def test_cli_series_text(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", "--home", "human:scripted", "--away", "orc", "--games", "2",
                 "--board", "1"]) == 0
    out = capsys.readouterr().out
    assert "95%" in out and "at home" in out and "away" in out


def test_cli_unknown_bot(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", "--home", "human:grandmaster"]) == 2
    assert "grandmaster" in capsys.readouterr().err
