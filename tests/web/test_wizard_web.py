"""The web app offers the Wizard's spells: the legal groups it sends, the prompt's words for
them, the actions it accepts back, and a label in the page's script for every action type
and decision kind."""

from __future__ import annotations

import re
from pathlib import Path

from nuffle.core.actions import ActionType
from nuffle.core.decision import COACH_KINDS, DecisionKind
from nuffle.report.prompt import prompt
from nuffle.testing import LINEMAN, O_BLITZER, Scenario
from nuffle.web.session import action_from_json, expand_legal, legal_groups

STATIC = Path(__file__).resolve().parents[2] / "src" / "nuffle" / "web" / "static"


def test_the_spells_go_out_and_come_back_through_the_web_api() -> None:
    sc = Scenario()
    sc.put(LINEMAN, (5, 5)).put(O_BLITZER, (14, 7))
    sc.state.teams[0].wizard = 1
    game = sc.start(active=0)
    groups = legal_groups(game)
    assert {"type": "USE_LIGHTNING_BOLT", "players": [], "squares": []} in groups
    said = prompt(game)
    assert "Lightning Bolt" in said.choices["USE_LIGHTNING_BOLT"]
    assert "Fireball" in said.choices["USE_FIREBALL"]
    game.step(action_from_json({"type": "USE_LIGHTNING_BOLT", "player": None, "square": None}))
    assert game.decision().kind == DecisionKind.WIZARD
    targets = expand_legal(legal_groups(game))
    assert {"type": "SELECT_PLAYER", "player": O_BLITZER, "square": None} in targets
    assert "Wizard" in prompt(game).text


def test_the_page_names_every_action_type_and_decision_kind() -> None:
    text = (STATIC / "prompts.js").read_text()
    prompts = text.split("const PROMPTS = {", 1)[1].split("};", 1)[0]
    names = text.split("const ACTION_NAMES = {", 1)[1].split("};", 1)[0]
    keys = set(re.findall(r"\b([A-Z][A-Z_]+):", names))
    assert {t.name for t in ActionType} <= keys
    assert {k.name for k in COACH_KINDS} <= set(re.findall(r"\b([A-Z][A-Z_]+):", prompts))
