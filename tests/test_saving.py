"""Saved results are never lost or overwritten silently (issue 41.4, 41.5)."""

from __future__ import annotations

import json
import os
import signal
from pathlib import Path

import pytest

from nuffle.cli import main
from nuffle.evaluation import Entry, play_series


def test_a_game_counts_only_once_its_record_is_written() -> None:
    written = []

    def on_game(game: object) -> None:
        os.kill(os.getpid(), signal.SIGINT)  # Ctrl-C arrives while the record is being written
        written.append(game)

    old = signal.signal(signal.SIGINT, signal.default_int_handler)
    try:
        home, away = play_series(Entry.parse("human:random"), Entry.parse("orc:random"), 5, board=1,
                                 on_game=on_game)
    finally:
        signal.signal(signal.SIGINT, old)
    assert home.interrupted and away.interrupted
    assert home.played + away.played == len(written) == 1


def test_save_refuses_to_overwrite_a_record(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    record = tmp_path / "game.json"
    record.write_text("{}")
    assert main(["play", "--board", "1", "--save", str(record)]) == 2
    assert "exists already" in capsys.readouterr().err and record.read_text() == "{}"
    assert main(["play", "--board", "1", "--save", str(record), "--overwrite"]) == 0
    assert json.loads(record.read_text())["final"]["over"] is True


def test_series_save_refuses_to_overwrite_records(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    folder = tmp_path / "series"
    assert main(["play", "--board", "1", "--games", "2", "--save", str(folder)]) == 0
    first = {p.name: p.read_text() for p in folder.iterdir()}
    capsys.readouterr()
    assert main(["play", "--board", "1", "--games", "3", "--save", str(folder)]) == 2
    assert "2 more" not in (err := capsys.readouterr().err) and "exist already" in err
    assert {p.name: p.read_text() for p in folder.iterdir()} == first
    assert main(["play", "--board", "1", "--games", "2", "--seed", "2", "--save", str(folder)]) == 0
    assert len(list(folder.iterdir())) == 4  # other seeds: written beside the first ones
    assert main(["play", "--board", "1", "--games", "2", "--save", str(folder), "--overwrite"]) == 0
