"""A policy trained for another board is refused with one line when the entry is made, in
every runner (issue 41.8)."""

from __future__ import annotations

from pathlib import Path

import pytest

from nuffle.cli import main

pytest.importorskip("torch", reason="policies need the [rl] extra")

POLICY = "policy?model=b1"  # the bundled board-1 policy
MESSAGE = f"bot '{POLICY}' plays board 1 only, not board 3"


@pytest.mark.parametrize("args", [
    ["play", "--board", "3", "--home", f"human:{POLICY}"],
    ["play", "--board", "3", "--games", "2", "--away", f"orc:{POLICY}"],
    ["ladder", f"human:{POLICY}", "orc:random", "--board", "3", "--pairs", "1", "--workers", "1"],
    ["strength", POLICY, "--against", "random", "--board", "3"],
    ["strength", "random", "--against", POLICY, "--board", "3"],
    ["strength", "--ladder", "scripted", POLICY, "--board", "3", "--pairs", "1"],
])
def test_the_cli_refuses_a_policy_for_another_board(args: list[str],
                                                    capsys: pytest.CaptureFixture[str]) -> None:
    assert main(args) == 2
    err = capsys.readouterr().err
    assert MESSAGE in err and err.count("\n") == 1


def test_a_tournament_config_refuses_it(tmp_path: Path) -> None:
    from nuffle.competition.config import ConfigError, parse

    data = {"tournament": {"board": 3},
            "bots": [{"name": "a", "team": "human", "builtin": POLICY},
                     {"name": "b", "team": "orc", "builtin": "random-legal"}]}
    with pytest.raises(ConfigError, match="plays board 1 only, not board 3"):
        parse(data, base=tmp_path)


def test_the_web_app_refuses_it(tmp_path: Path) -> None:
    pytest.importorskip("fastapi")
    from fastapi.testclient import TestClient

    from nuffle.web.app import create_app

    with TestClient(create_app(tmp_path / "g.sqlite3")) as client:
        body = {"mode": "bot", "home": "human", "away": f"orc:{POLICY}", "board": 3}
        r = client.post("/api/games", json=body)
        assert r.status_code == 400 and MESSAGE in r.json()["error"]
        r = client.post("/api/games", json={**body, "board": 1})
        assert r.status_code == 200
