"""`nuffle bench engine --ruleset bb2020` (issue 51's speed line): BB2020 measured on both
engines; a draft (a registered draft copy of BB2020) only on an explicit `--draft`, refused
without it in one line naming it; `--draft` on another benchmark refused too."""

from __future__ import annotations

import importlib.util
import json
from collections.abc import Callable

import pytest

from nuffle.cli import main
from nuffle.core.ruleset import BB2020, Ruleset

HAS_NATIVE = importlib.util.find_spec("nuffle._native") is not None
ENGINES = ["python", pytest.param("native", marks=pytest.mark.skipif(not HAS_NATIVE, reason="no native"))]
Register = Callable[[Ruleset], Ruleset]


def _one_line(err: str) -> str:
    lines = err.strip().splitlines()
    assert len(lines) == 1, err
    return lines[0]


def _draft(register_ruleset: Register) -> None:
    register_ruleset(BB2020.derive("bb2020-draft", draft=True, pending=("skills",)))


@pytest.mark.parametrize("engine", ENGINES)
def test_bench_engine_measures_bb2020(engine: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["bench", "engine", "--engine", engine, "--games", "1", "--board", "1",
                 "--ruleset", "bb2020", "--json"]) == 0
    figures = json.loads(capsys.readouterr().out)
    assert figures["games"] == 1 and figures["board"] == 1
    if engine == "native":
        assert figures["complete"] == 1 and set(figures["races"]) >= {"human", "orc"}


def test_bench_engine_measures_a_draft_with_draft(register_ruleset: Register,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    _draft(register_ruleset)
    assert main(["bench", "engine", "--engine", "python", "--games", "1", "--board", "1",
                 "--ruleset", "bb2020-draft", "--draft", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["games"] == 1


def test_a_draft_without_draft_is_one_line(register_ruleset: Register,
                                           capsys: pytest.CaptureFixture[str]) -> None:
    _draft(register_ruleset)
    assert main(["bench", "engine", "--games", "1", "--board", "1", "--ruleset", "bb2020-draft"]) == 2
    line = _one_line(capsys.readouterr().err)
    assert "BB2020-DRAFT is not yet playable" in line and "--draft" in line


def test_draft_is_for_bench_engine_only(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["bench", "env", "--ruleset", "bb2020", "--draft"]) == 2
    assert "--draft applies to `bench engine` only" in _one_line(capsys.readouterr().err)
