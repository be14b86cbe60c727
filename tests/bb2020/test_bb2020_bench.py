"""`nuffle bench engine --ruleset bb2020 --draft` (issue 51's speed line): the draft is measured
on an explicit opt-in, on both engines; without `--draft` it is refused in one line naming it,
and `--draft` on another benchmark is refused too."""

from __future__ import annotations

import importlib.util
import json

import pytest

from nuffle.cli import main

HAS_NATIVE = importlib.util.find_spec("nuffle._native") is not None
ENGINES = ["python", pytest.param("native", marks=pytest.mark.skipif(not HAS_NATIVE, reason="no native"))]


def _one_line(err: str) -> str:
    lines = err.strip().splitlines()
    assert len(lines) == 1, err
    return lines[0]


@pytest.mark.parametrize("engine", ENGINES)
def test_bench_engine_measures_the_draft_with_draft(engine: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["bench", "engine", "--engine", engine, "--games", "1", "--board", "1",
                 "--ruleset", "bb2020", "--draft", "--json"]) == 0
    figures = json.loads(capsys.readouterr().out)
    assert figures["games"] == 1 and figures["board"] == 1
    if engine == "native":
        assert figures["complete"] == 1 and set(figures["races"]) >= {"human", "orc"}


def test_the_draft_without_draft_is_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["bench", "engine", "--games", "1", "--board", "1", "--ruleset", "bb2020"]) == 2
    line = _one_line(capsys.readouterr().err)
    assert "not yet playable" in line and "--draft" in line


def test_draft_is_for_bench_engine_only(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["bench", "env", "--ruleset", "bb2020", "--draft"]) == 2
    assert "--draft applies to `bench engine` only" in _one_line(capsys.readouterr().err)
