"""``nuffle odds``: text and JSON output, and a clean exit 2 on a bad plan."""

from __future__ import annotations

import json

import pytest

from nuffle.cli import main


def test_json(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["odds", "2+ 2+ | RR", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["success"] == "25/27" and data["failure"] == "2/27"
    assert data["success_float"] == pytest.approx(25 / 27)


def test_text(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["odds", "2BD:KD 3+ 3+"]) == 0
    out = capsys.readouterr().out
    assert "20/81" in out and "61/81" in out and "%" in out


def test_defender_choice_plan(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["odds", "--json", "--", "-2BD:block"]) == 0
    assert json.loads(capsys.readouterr().out)["failure"] == "11/36"


@pytest.mark.parametrize("plan", ["7+", "4BD", "2+ wibble", "2+ | RR3x"])
def test_bad_plan_exits_2(plan: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["odds", plan]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert "error" in captured.err and "Traceback" not in captured.err
