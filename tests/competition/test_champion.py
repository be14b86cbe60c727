# mypy: disable-error-code="attr-defined,dict-item,import-not-found,no-any-return,type-arg,union-attr"
"""`champion` in competitions: a builtin bot and a JSON-protocol program (`python -m
nuffle.competition.builtin champion`) within the documented clocks, and in a tournament."""

from __future__ import annotations

import io
import json
import sys
from pathlib import Path

import pytest

from nuffle.agents.champion import champion_entry
from nuffle.agents.registry import parse_bot_spec
from nuffle.cli import main
from nuffle.competition.builtin import _Seeded
from nuffle.competition.builtin import main as builtin_main
from nuffle.competition.client import run
from nuffle.competition.clocks import Clocks
from nuffle.competition.config import load
from nuffle.competition.referee import BotSpec, Settings, run_game
from nuffle.record import load as load_record


def _needs_torch(board: int) -> None:
    if parse_bot_spec(champion_entry(board).spec)[0] == "policy":
        pytest.importorskip("torch", reason="this board's champion is a policy (the [rl] extra)")


@pytest.mark.parametrize("board", [pytest.param(1, marks=pytest.mark.slow), 3])  # 1: torch's import
def test_the_protocol_program_plays_within_the_documented_clocks(board, tmp_path, no_leaks):
    """The defaults of docs/COMPETITION.md (Clocks()); the board's agent loads at hello."""
    _needs_torch(board)
    assert Clocks() == Clocks(turn=120, opponent_decision=5, init=20, end=10)
    report = run_game(BotSpec.builtin("champ", "human", "champion"),
                      BotSpec.builtin("rl", "orc", "random-legal"), seed=5,
                      settings=Settings(board=board), record_path=tmp_path / "g.json")
    assert report["outcome"] == "played" and report["penalties"] == [], report["penalties"]
    game = load_record(report["record"])
    assert game.is_over and report["decisions"] == len(game.history)


def test_a_spec_that_does_not_load_is_one_line_and_exit_2(capsys, monkeypatch):
    with pytest.raises(SystemExit) as exited:
        builtin_main(["nosuchbot"])
    assert exited.value.code == 2
    err = capsys.readouterr().err
    assert err.startswith("nuffle.competition.builtin: unknown bot 'nosuchbot'") and err.count("\n") == 1
    # at hello: the board's agent does not load (here: a board champion has no entry for)
    from nuffle.agents import champion

    only = {11: champion.champion_table()[11]}
    monkeypatch.setattr(champion, "champion_table", lambda: only)
    hello = {"type": "hello", "protocol": "nuffle-bot", "version": 1, "revision": 4, "name": "c",
             "side": "home", "seed": 1, "rules": "LRB6", "board": 3}
    out = io.BytesIO()
    with pytest.raises(SystemExit) as exited:
        run(_Seeded("champion"), io.BytesIO((json.dumps(hello) + "\n").encode()), out)
    assert exited.value.code == 2 and out.getvalue() == b""
    err = capsys.readouterr().err
    assert err == "nuffle.competition.builtin: champion has no agent for board 3 (its boards: 11)\n"


TOURNAMENT = """
[tournament]
name = "champ"
format = "round-robin"
games_per_pair = 2
board = {board}
seed = 3
[[bots]]
name = "champ"
team = "human"
builtin = "champion"
[[bots]]
name = "program"
team = "orc"
command = ["{python}", "-m", "nuffle.competition.builtin", "champion"]
"""


@pytest.mark.slow
@pytest.mark.parametrize("board", [1])
def test_a_tournament_of_champion_builtin_and_as_a_program(board, tmp_path, capsys, no_leaks):
    _needs_torch(board)
    path = tmp_path / "champ.toml"
    path.write_text(TOURNAMENT.format(board=board, python=sys.executable))
    assert main(["tournament", str(path), "--json", "--quiet", "--workers", "1"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert len(out["games"]) == 2 and out["penalties"] == []
    assert {r["name"] for r in out["standings"]} == {"champ", "program"}
    for g in out["games"]:
        assert load_record(load(path).out / g["record"]).is_over


def test_a_tournament_config_checks_champion_for_its_board(tmp_path: Path) -> None:
    path = tmp_path / "champ.toml"
    path.write_text(TOURNAMENT.format(board=11, python=sys.executable))
    config = load(path)
    assert config.bots[0].command[-1] == "champion"
