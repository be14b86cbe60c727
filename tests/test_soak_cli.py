"""`nuffle soak`, `nuffle bench --home/--away` and `nuffle skills`."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from nuffle.cli import main


def test_cli_bench_with_home_and_away(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["bench", "--games", "2", "--json", "--home", "human", "--away", "human"]) == 0
    data = json.loads(capsys.readouterr().out)
    for key in ("decision_us", "game_ms", "clone_us", "clone_step_us", "outcomes_dodge_ms",
                "outcomes_block_ms"):
        assert data[key] > 0
    assert main(["bench", "--games", "1", "--home", "martians"]) == 2
    assert "martians" in capsys.readouterr().err


def test_cli_soak_reports_games_and_exceptions(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["soak", "--races", "human,orc", "--games", "1", "--board", "3", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["pairings"] == 4 and data["games"] == 4 and data["exceptions"] == 0
    assert data["finished"] == 4 and data["failures"] == []
    assert data["per_race"]["human"]["games"] == 4  # two pairings at home, two away (one mirror)
    for key in ("seconds", "touchdowns_per_game", "casualties_per_game", "decisions_per_game"):
        assert data[key] >= 0
    assert main(["soak", "--races", "orc", "--games", "1", "--board", "1"]) == 0
    out = capsys.readouterr().out
    assert "games 1, finished 1, exceptions 0" in out


def test_cli_soak_lists_blocked_races(capsys: pytest.CaptureFixture[str],
                                     monkeypatch: pytest.MonkeyPatch) -> None:
    """A race whose default team needs a skill the engine lacks is listed as blocked. Every
    skill is implemented, so one the human team does not use is hidden for this test."""
    from nuffle.core import teams
    from nuffle.core.teams import default_team, races

    human = {s for p in default_team("human").players for s in p.position.skills}
    blocked, skill = next(
        (key, s) for key in races() for p in default_team(key).players for s in p.position.skills
        if s not in human
    )
    have = teams.implemented_skills()
    monkeypatch.setattr(teams, "implemented_skills", lambda: have - {skill})
    assert main(["soak", "--races", f"human,{blocked}", "--games", "1", "--board", "1",
                 "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["races"] == ["human"] and blocked in data["blocked"]
    assert "skills not implemented yet" in data["blocked"][blocked]


def test_cli_skills_markdown_write_and_check(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["skills", "--markdown"]) == 0
    text = capsys.readouterr().out
    assert text.startswith("# Skills") and "| Dump-Off |" in text
    path = tmp_path / "SKILLS.md"
    assert main(["skills", "--check", "--file", str(path)]) == 1
    capsys.readouterr()
    assert main(["skills", "--write", "--file", str(path)]) == 0
    assert main(["skills", "--check", "--file", str(path)]) == 0
    assert path.read_text() + "\n" == text
    assert main(["skills"]) == 0
    assert "Throw Team-Mate" in capsys.readouterr().out
