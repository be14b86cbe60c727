# mypy: disable-error-code="attr-defined,dict-item,import-not-found,no-any-return,type-arg,union-attr"
"""The documentation's own example bot (docs/COMPETITION.md) finishes games without a
penalty, and docs/PROTOCOL.md's generated reference is what the enums give today."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from nuffle.competition import reference
from nuffle.competition.clocks import Clocks
from nuffle.competition.referee import BotSpec, Settings, run_game
from nuffle.core.actions import ActionType
from nuffle.core.decision import DecisionKind
from nuffle.record import load

from .conftest import js_bot

DOCS = Path(__file__).parents[2] / "docs"


def example_bot(tmp_path: Path) -> Path:
    text = (DOCS / "COMPETITION.md").read_text()
    section = text.split("## Writing a bot in Python", 1)[1]
    code = section.split("```python\n", 1)[1].split("\n```", 1)[0]
    assert "class FirstLegal(Bot)" in code and "run(FirstLegal())" in code
    path = tmp_path / "first_legal.py"
    path.write_text(code)
    return path


@pytest.mark.parametrize("board", [1, 11])
def test_the_documented_example_bot_finishes_a_game(tmp_path, no_leaks, board):
    bot = BotSpec("first-legal", "human", (sys.executable, str(example_bot(tmp_path))))
    clocks = Clocks(turn=60.0, opponent_decision=20.0, init=30.0, end=10.0, setup=60.0)
    report = run_game(bot, BotSpec("js", "orc", js_bot()), seed=2, record_path=tmp_path / "g.json",
                      settings=Settings(board=board, clocks=clocks))
    assert report["penalties"] == [], report["penalties"]
    assert report["outcome"] == "played" and report["over"]
    assert load(report["record"]).is_over


def test_every_action_type_and_decision_kind_is_described():
    assert set(reference.ACTIONS) == set(ActionType)
    comments = reference.enum_comments(DecisionKind)
    assert all(comments.get(k.name) for k in DecisionKind if k != DecisionKind.NONE)
    text = reference.markdown()
    for t in ActionType:
        assert f"`{t.name}`" in text


def test_protocol_doc_holds_the_current_generated_reference():
    doc = (DOCS / "PROTOCOL.md").read_text()
    assert reference.BEGIN in doc and reference.END in doc
    assert reference.with_reference(doc) == doc, (
        "docs/PROTOCOL.md is out of date: run python -m nuffle.competition.reference --write")
