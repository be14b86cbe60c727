"""One exit-code rule at the CLI: bad input (a missing or malformed file named on the command
line, a bad option value) exits 2 with one `error:` line; a check that ran and failed exits 1."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from nuffle.cli import main

BAD_INPUT = [
    (["team", "check", "{dir}/missing.json"], "cannot read"),
    (["team", "check", "{dir}/bad.json"], "not valid JSON"),
    (["team", "check", "{dir}/list.json"], "must hold a JSON object"),
    (["team", "new", "khemri", "--apothecary", "yes"], "apothecary not allowed for Khemri"),
    (["team", "new", "human", "--player", "Blitzer"], "POSITIONAL=COUNT"),
    (["team", "new", "human", "-o", "{dir}"], "-o:"),
    (["team", "races", "no-such-race"], "no-such-race"),
    (["replay", "{dir}/missing.json"], "cannot read"),
    (["replay", "{dir}/bad.json"], "not valid JSON"),
]


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    (tmp_path / "bad.json").write_text("{not json")
    (tmp_path / "list.json").write_text("[1, 2]")
    return tmp_path


@pytest.mark.parametrize(("args", "says"), BAD_INPUT, ids=[" ".join(a) for a, _ in BAD_INPUT])
def test_bad_input_exits_2_with_one_error_line(args: list[str], says: str, folder: Path,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    code = main([a.format(dir=folder) for a in args])
    err = capsys.readouterr().err
    assert code == 2, err
    lines = err.splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: ") and says in lines[0], err
    assert "Traceback" not in err


def test_a_failed_check_exits_1(folder: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The file reads, but the thing checked fails: an illegal team, a record that does not replay."""
    team = folder / "team.json"
    assert main(["team", "new", "human", "-o", str(team)]) == 0
    raw = json.loads(team.read_text())
    raw["players"] += [{"position": "Blitzer", "number": 99}] * 4
    team.write_text(json.dumps(raw))
    record = folder / "record.json"
    assert main(["play", "--board", "1", "--seed", "3", "--save", str(record)]) == 0
    data = json.loads(record.read_text())
    data["entries"] = data["entries"][:3]
    record.write_text(json.dumps(data))
    capsys.readouterr()
    for args in (["team", "check", str(team)], ["replay", str(record)]):
        assert main(args) == 1, args
        lines = capsys.readouterr().err.splitlines()
        assert len(lines) == 1 and lines[0].startswith("error: "), lines
