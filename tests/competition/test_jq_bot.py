# mypy: disable-error-code="attr-defined,dict-item,import-not-found,no-any-return,type-arg,union-attr"
"""A bot in a third language, written from docs/PROTOCOL.md alone: a bash script using jq
plays full games through the referee without a penalty, and every record verifies."""

from __future__ import annotations

import shutil

import pytest

from nuffle.competition.bots import JQ_RANDOM_BOT
from nuffle.competition.clocks import Clocks
from nuffle.competition.referee import BotSpec, Settings, run_game
from nuffle.record import load

from .conftest import js_bot


def jq_bot() -> tuple[str, ...]:
    if shutil.which("jq") is None or shutil.which("bash") is None:
        pytest.skip("jq (or bash) is not installed here: .ci/run installs jq with apt-get")
    return (str(JQ_RANDOM_BOT),)


@pytest.mark.parametrize(("board", "jq_side"), [
    pytest.param(11, "home", marks=pytest.mark.slow),  # a jq process a decision: about 30 s
    (1, "away"),
])
def test_jq_bot_plays_a_full_game(tmp_path, no_leaks, board, jq_side):
    clocks = Clocks(turn=60.0, opponent_decision=20.0, init=20.0, end=10.0, setup=60.0)
    jq = BotSpec("jq", "human", jq_bot())
    other = BotSpec("js", "orc", js_bot())
    home, away = (jq, other) if jq_side == "home" else (other, jq)
    report = run_game(home, away, seed=11, settings=Settings(board=board, clocks=clocks),
                      record_path=tmp_path / "game.json")
    assert report["penalties"] == [], report["penalties"]
    assert report["outcome"] == "played" and report["over"]
    game = load(report["record"])
    assert game.is_over
    assert [game.result.score.home, game.result.score.away] == report["score"]
