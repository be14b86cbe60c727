"""The BB2020 ruleset on both engines: public, every rule area its own; the draft mechanism it was
built under (a draft, here a registered copy, is refused by the public entry points in one line
and reached by tests and the parity harness through `ruleset.draft_ruleset`); and the loader's
refusal of a public ruleset with a pending area."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from nuffle.core import ruleset as registry
from nuffle.core.errors import NuffleError
from nuffle.core.game import Game
from nuffle.core.match_config import MatchConfig
from nuffle.core.position import PositionError
from nuffle.core.ruleset import (
    BB2020,
    LRB6,
    NATIVE,
    DraftRulesetError,
    Ruleset,
    RulesetError,
    draft_ruleset,
    load,
    native_id,
    playable,
    refusal,
    ruleset,
)
from nuffle.parity import run_parity
from nuffle.teams_bb2020_match import playable_races

Register = Callable[[Ruleset], Ruleset]

#: Every rule area of the digest (RULES.md) the BB2020 ruleset records as done or pending.
AREAS = {"characteristics", "injury", "casualties", "apothecary", "weather", "kick", "kick-off table",
         "moving", "jump",
         "passing", "catching", "throw team-mate", "kick team-mate", "blocking", "fouls", "re-rolls",
         "skills",
         "pre-game", "inducements", "post-game"}


def _one_line(exc: pytest.ExceptionInfo[BaseException]) -> str:
    text = str(exc.value)
    assert "\n" not in text
    return text


def _draft(register_ruleset: Register) -> Ruleset:
    """A draft copy of BB2020 (two areas pending), registered by name for one test."""
    return register_ruleset(BB2020.derive("bb2020-draft", draft=True, areas=BB2020.areas[:-2],
                                          pending=BB2020.areas[-2:]))


def test_bb2020_is_public_with_every_area_its_own() -> None:
    assert ruleset("bb2020") is draft_ruleset("bb2020") is BB2020
    assert not BB2020.draft and not LRB6.draft and playable() == ("bb2020", "lrb6")
    assert set(BB2020.areas) == AREAS and BB2020.pending == ()
    assert LRB6.areas == () and LRB6.pending == ()


def test_a_draft_is_not_playable_and_its_refusal_names_its_areas(register_ruleset: Register) -> None:
    draft = _draft(register_ruleset)
    assert draft_ruleset("bb2020-draft") is draft and "bb2020-draft" not in playable()
    text = refusal(draft)
    assert text.startswith("BB2020-DRAFT is not yet playable") and "\n" not in text
    assert all(a in text for a in draft.pending) and "still LRB6: skills, inducements" in text


def test_the_loader_refuses_a_public_ruleset_with_a_pending_area(monkeypatch: pytest.MonkeyPatch) -> None:
    real = registry._raw

    def with_pending(draft: bool) -> Callable[[str], dict[str, Any]]:
        return lambda directory: {**real(directory), "draft": draft, "pending": ["skills"]}

    monkeypatch.setattr(registry, "_raw", with_pending(False))
    with pytest.raises(RulesetError) as info:
        load("bb2020")
    assert _one_line(info) == ("ruleset data bb2020/ruleset.json: not a draft, yet its areas skills are "
                               "pending (a public ruleset is complete)")
    monkeypatch.setattr(registry, "_raw", with_pending(True))
    assert load("bb2020").pending == ("skills",)  # a draft may have pending areas


def test_rules_notes_state_every_area() -> None:
    notes = " ".join((Path(__file__).resolve().parents[2] / "docs" / "RULES_NOTES.md").read_text().split())
    assert f"Every area: areas = {', '.join(BB2020.areas)}; pending = none (" in notes


def test_a_draft_takes_its_base_tables_where_it_gives_none() -> None:
    raw = json.loads((Path(__file__).resolve().parents[2] / "src" / "nuffle" / "data" / "bb2020"
                      / "ruleset.json").read_text())
    assert raw["base"] == "lrb6"
    for table in ("scatter", "weather", "kickoff", "pass_ranges", "range_modifiers"):
        if table not in raw:
            assert getattr(BB2020, table) == getattr(LRB6, table), table


@pytest.mark.parametrize("how", ["name", "config"])
def test_the_public_entry_points_play_bb2020(how: str) -> None:
    if how == "name":
        game = Game.new("human", "orc", seed=3, board=3, ruleset="bb2020")
    else:
        game = Game.new(config=MatchConfig("human", "orc", 3, 3, ruleset="bb2020"))
    assert game.state.rules is BB2020 and game.config.ruleset == "bb2020"


@pytest.mark.parametrize("how", ["name", "config"])
def test_the_public_entry_points_refuse_a_draft_in_one_line(how: str, register_ruleset: Register) -> None:
    _draft(register_ruleset)
    with pytest.raises(DraftRulesetError) as info:
        if how == "name":
            Game.new("human", "orc", ruleset="bb2020-draft")
        else:
            Game.new(config=MatchConfig("human", "orc", 1, 11, ruleset="bb2020-draft"))
    assert _one_line(info).startswith("BB2020-DRAFT is not yet playable")
    assert isinstance(info.value, NuffleError) and isinstance(info.value, RulesetError)
    with pytest.raises(DraftRulesetError):
        ruleset("bb2020-draft")


def test_a_bb2020_position_loads_and_a_draft_s_is_refused_in_one_line(register_ruleset: Register) -> None:
    game = Game.new("human", "orc", seed=2, board=3, ruleset="bb2020")
    position = game.to_position()
    assert position["ruleset"] == "bb2020"
    assert Game.from_position(position).state.rules is BB2020
    draft = _draft(register_ruleset)
    position = Game.new("human", "orc", seed=2, board=3, ruleset=draft).to_position()
    assert position["ruleset"] == "bb2020-draft"
    with pytest.raises(PositionError) as info:
        Game.from_position(position)
    assert "not yet playable" in _one_line(info)


def test_an_unknown_ruleset_names_the_playable_ones_only(register_ruleset: Register) -> None:
    _draft(register_ruleset)
    with pytest.raises(RulesetError) as info:
        draft_ruleset("bb2030")
    assert "known: bb2020, lrb6)" in _one_line(info) and "bb2020-draft" not in str(info.value)


def test_the_native_engine_plays_each_built_in_ruleset_by_its_id() -> None:
    pytest.importorskip("nuffle._native")
    assert NATIVE == (LRB6, BB2020) and [native_id(r) for r in NATIVE] == [0, 1]
    assert native_id(LRB6.derive("house", ko_from=9)) is None
    for rules in NATIVE:
        nat = Game.new("human", "orc", seed=5, board=5, ruleset=rules, engine="native")
        assert nat.state.rules is rules and nat.data()["ruleset"] == native_id(rules)  # type: ignore[attr-defined]
        assert nat.config.ruleset == rules.name


def test_the_native_loader_refuses_a_ruleset_it_does_not_know() -> None:
    native = pytest.importorskip("nuffle._native")
    from nuffle.core.native_state import native_board, state_data

    s = Game.new("human", "orc", seed=5, board=3, ruleset=BB2020).state
    data = state_data(s)
    assert data["ruleset"] == 1
    data["ruleset"] = len(NATIVE)
    with pytest.raises(ValueError, match="ruleset"):
        native.State.load(native_board(3), data)


@pytest.mark.parametrize("dice", ["sampled", pytest.param("forced", marks=pytest.mark.slow)])  # forced: ~15 s
def test_bb2020_games_agree_on_both_engines(dice: str) -> None:
    """The parity harness plays BB2020: Python against C++, every step, no divergence, with the
    exact `outcomes()` compared at a tenth of the decisions (CI's 300-game run,
    `test_bb2020_parity_ci`, compares them at none)."""
    pytest.importorskip("nuffle._native")
    report = run_parity(games=1, seed=20, boards=(3, 11), dice=dice, ruleset="bb2020", max_steps=2500)
    j = report.to_json()
    assert j["games"] == 2 and j["divergences"] == 0, report.text()
    assert {g.home for g in report.games} <= set(playable_races())  # BB2020 teams
    assert j["steps"] > 400 and j["outcome_checks"] > 0
