"""The command line: play (text and JSON), several games, replay, bench."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from nuffle.cli import main


def test_play_prints_a_box_score(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", "--home", "human", "--away", "orc", "--seed", "7"]) == 0
    out = capsys.readouterr().out
    assert "Touchdowns" in out and "Turnovers" in out and "Casualties" in out
    assert ("Draw" in out) or ("Winner" in out)


def test_play_json_keys(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", "--seed", "3", "--json", "--board", "5"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert set(data["score"]) == {"home", "away"}
    assert data["winner"] in ("home", "away", None)
    for side in ("home", "away"):
        for key in ("touchdowns", "casualties", "knockouts", "turnovers"):
            assert isinstance(data[side][key], int)
    s = data["score"]
    if data["winner"] is None:
        assert s["home"] == s["away"]


def test_play_several_games_aggregate(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", "--games", "4", "--json", "--board", "3", "--seed", "10"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["home_wins"] + data["draws"] + data["away_wins"] == 4
    for key in ("home_td_per_game", "away_td_per_game", "seconds_per_game"):
        assert data[key] >= 0
    assert len(data["list"]) == 4


def test_save_and_replay(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "g.json"
    assert main(["play", "--seed", "2", "--save", str(path)]) == 0
    capsys.readouterr()
    assert main(["replay", str(path)]) == 0
    assert "verified" in capsys.readouterr().out
    data = json.loads(path.read_text())
    data["entries"] = data["entries"][:10]
    path.write_text(json.dumps(data))
    assert main(["replay", str(path)]) == 1
    err = capsys.readouterr().err
    assert err.startswith("error:") and "Traceback" not in err


def test_bad_race_is_a_clear_error(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", "--home", "martians"]) == 2
    assert "martians" in capsys.readouterr().err


def test_bench_json_keys(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["bench", "--games", "2", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    for key in ("decision_us", "game_ms", "clone_us", "clone_step_us", "outcomes_dodge_ms",
                "outcomes_block_ms"):
        assert data[key] > 0


def test_skills_points_lists_points_signatures_and_skills(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["skills", "--points"]) == 0
    out = capsys.readouterr().out
    at = out.index("movement.dodge_modifier\n")
    block = out[at:].split("\n")[:3]
    assert block[1].strip().startswith("fn(")
    assert "two_heads" in block[2] and "titchy" in block[2]


def test_version(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as done:
        main(["--version"])
    assert done.value.code == 0
    assert capsys.readouterr().out.startswith("nuffle ")


def test_every_option_has_help() -> None:
    import argparse

    from nuffle.cli import build_parser

    missing = []

    def walk(parser: argparse.ArgumentParser, path: str) -> None:
        for action in parser._actions:
            if isinstance(action, argparse._SubParsersAction):
                for name, sub in action.choices.items():
                    walk(sub, f"{path} {name}")
            elif not action.help:
                missing.append(f"{path} {'/'.join(action.option_strings) or action.dest}")

    walk(build_parser(), "nuffle")
    assert missing == []


def test_unfinished_game_is_not_a_draw(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from nuffle.agents.random_bot import RandomBot
    from nuffle.core.game import Game
    from nuffle.core.records import Score
    from nuffle.record import save

    game = Game.new("human", "orc", seed=3, board=1)
    bots = (RandomBot(7), RandomBot(8))  # this game has a 1-0 in it
    while game.state.teams[0].score + game.state.teams[1].score == 0 and not game.is_over:
        game.step(bots[game.decider].act(game))  # until someone scores
    assert not game.is_over and game.result.score == Score(home=1, away=0)
    path = tmp_path / "unfinished.json"
    save(game, path)
    assert main(["replay", str(path)]) == 0
    out = capsys.readouterr().out
    assert "unfinished game" in out and "Unfinished game (no result)" in out
    assert "Draw" not in out and "Winner" not in out


def test_skills_check_of_a_missing_file_says_so(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["skills", "--check", "--file", str(tmp_path / "nope.md")]) == 1
    err = capsys.readouterr().err
    assert "does not exist" in err and "out of date" not in err


def test_play_with_a_team_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "mine.json"
    assert main(["team", "new", "human", "--player", "Blitzer=4", "--player", "Lineman=7",
                 "-o", str(path)]) == 0
    assert main(["play", "--home", f"{path}:scripted", "--away", "dark-elf", "--board", "5",
                 "--json"]) == 0
    out = capsys.readouterr().out
    data = json.loads(out.splitlines()[-1])
    assert data["home"]["race"] == "human" and data["away"]["race"] == "dark-elf"
    assert main(["bench", "--home", str(path), "--games", "1", "--board", "1", "--json"]) == 0


def test_a_long_series_looks_at_its_save_folder_once(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                     capsys: pytest.CaptureFixture[str]) -> None:
    """Before a series starts, --save checks for records it would overwrite: by listing the folder,
    not by naming each of the million games (which took minutes before the first game)."""
    import nuffle.play_cli as cli

    folder = tmp_path / "games"
    folder.mkdir()
    for name in ("game-0003-seed-7.json", "game-0001-seed-5.json", "game-0002-seed-99.json",
                 "game-0002-seed-6.txt", "notes.json", "game-1000001-seed-1000005.json"):
        (folder / name).write_text("{}")
    named: list[int] = []
    real = cli._record_name

    def counted(index: int, seed: int | None) -> str:
        named.append(index)
        return real(index, seed)

    monkeypatch.setattr(cli, "_record_name", counted)
    args = ["play", "--board", "1", "--games", "1000000", "--seed", "5", "--save", str(folder)]
    assert main(args) == 2
    err = capsys.readouterr().err
    assert "game-0001-seed-5.json and 1 more records of this series exist already" in err
    assert len(named) <= 6  # at most one name for each file there
    assert cli._taken_records(folder, 2, 5) == [folder / "game-0001-seed-5.json"]
    assert cli._taken_records(folder, 3, 6) == []
