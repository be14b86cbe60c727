"""`champion`: the per-board alias of the strongest measured agent (data/champion.json), played
everywhere a bot plays, with clear errors for a board or spec it cannot play."""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path
from typing import Any

import pytest

from nuffle import Game, make_agent, play
from nuffle.agents import champion as champ
from nuffle.agents import registry
from nuffle.agents.champion import ChampionAgent, champion_entry, champion_table, parse_table
from nuffle.agents.registry import agent_for_board, agent_names
from nuffle.cli import main
from nuffle.core.board import VARIANTS
from nuffle.errors import InputError

ROOT = Path(__file__).resolve().parents[2]


def _needs_torch(board: int) -> None:
    if registry.parse_bot_spec(champion_entry(board).spec)[0] == "policy":
        pytest.importorskip("torch", reason="this board's champion is a policy (the [rl] extra)")


def test_every_board_has_an_entry_whose_spec_plays_it() -> None:
    table = champion_table()
    assert sorted(table) == sorted(VARIANTS)
    for board, entry in table.items():
        assert entry.board == board and entry.kind in champ.KINDS
        _needs_torch(board)
        agent = agent_for_board("champion", board, seed=3)
        assert isinstance(agent, ChampionAgent) and agent.spec == entry.spec
        assert type(agent.inner) is type(make_agent(entry.spec, seed=3))


def test_the_table_says_honestly_how_each_agent_was_made() -> None:
    for entry in champion_table().values():
        name = registry.parse_bot_spec(entry.spec)[0]
        if name in ("grod", "scripted"):
            assert entry.kind == "hand-written" and "hand-written" in entry.what
        if name == "policy":
            assert entry.kind == "learned"


def test_each_entry_s_evidence_is_a_row_of_the_strength_table() -> None:
    """The data file and docs/STRENGTH.md's results table agree (the alias moves with evidence)."""
    rows = [[c.strip() for c in line.strip().strip("|").split("|")]
            for line in (ROOT / "docs" / "STRENGTH.md").read_text().splitlines()
            if re.match(r"\| \d+ \|", line)]
    for board, entry in champion_table().items():
        ev = entry.evidence
        lo, hi = ev["points_rate_95"]
        want = [str(board), None, ev["against"], str(ev["games"]), "/".join(map(str, ev["wdl"])),
                f"{ev['points_rate']:.3f} ({lo:.3f}-{hi:.3f})"]
        found = [r for r in rows if all(w is None or r[i] == w for i, w in enumerate(want))]
        assert found, f"board {board}: no row of docs/STRENGTH.md matches {want}"
        assert f"{ev['sprt']} accepted" in found[0][-1]


@pytest.mark.parametrize("board", [1, 11])
def test_champion_plays_a_full_game_as_its_board_s_agent(board: int) -> None:
    _needs_torch(board)
    spec = champion_entry(board).spec
    games = []
    for home in (make_agent("champion", seed=5), make_agent(spec, seed=5)):
        game = play(Game.new("human", "orc", seed=board, board=board), home, make_agent("scripted", seed=6))
        assert game.is_over
        games.append(game)
    assert games[0].history == games[1].history  # the same moves as the agent it stands for
    assert games[0].result == games[1].result


def test_one_champion_follows_the_board_from_game_to_game() -> None:
    agent = make_agent("champion", seed=1)
    assert isinstance(agent, ChampionAgent) and agent.spec is None
    for board in (3, 5):
        game = play(Game.new("human", "human", seed=board, board=board), agent, make_agent("random", 2))
        assert game.is_over and agent.inner_board == board and agent.spec == champion_entry(board).spec


def test_a_given_board_is_kept() -> None:
    agent = ChampionAgent(seed=1, board=3)
    assert agent.boards == (3,) and agent.spec == champion_entry(3).spec
    with pytest.raises(InputError, match="made for board 3, not board 5"):
        agent.new_game(Game.new("human", "human", seed=1, board=5).view(), 0)


def test_a_board_without_an_entry_is_one_clear_line(monkeypatch: pytest.MonkeyPatch) -> None:
    message = r"^champion has no agent for board 2 \(its boards: 1, 3, 5, 7, 11\)$"
    with pytest.raises(InputError, match=message):
        ChampionAgent(board=2)
    only = {11: champion_table()[11]}
    monkeypatch.setattr(champ, "champion_table", lambda: only)
    with pytest.raises(InputError, match="plays board 11 only, not board 3"):
        agent_for_board("champion", 3)


def _table(spec: str = "grod", kind: str = "hand-written", board: str = "11",
           evidence: Any = None) -> dict[str, Any]:
    ev = {"points_rate": 0.6} if evidence is None else evidence
    return {"boards": {board: {"spec": spec, "kind": kind, "what": "w", "evidence": ev}}}


@pytest.mark.parametrize("raw, message", [
    ({}, "'boards' must be an object"),
    (_table(board="2"), "board '2' is not one of 1, 3, 5, 7, 11"),
    (_table(spec="champion"), "a bot spec other than champion"),
    (_table(kind="magic"), "'kind' must be one of hand-written, learned, search"),
    (_table(evidence={}), "no 'evidence' with its 'points_rate'"),
])
def test_a_bad_table_is_named(raw: dict[str, Any], message: str) -> None:
    with pytest.raises(InputError, match=re.escape(message)):
        parse_table(raw)


def test_a_spec_that_does_not_load_is_one_clear_line(monkeypatch: pytest.MonkeyPatch) -> None:
    table = parse_table(_table(spec="nosuchbot"))
    monkeypatch.setattr(champ, "champion_table", lambda: table)
    with pytest.raises(InputError) as err:
        agent_for_board("champion", 11)
    text = str(err.value)
    assert text.startswith("champion on board 11 is 'nosuchbot', which does not load: "
                           "unknown bot 'nosuchbot'")
    assert "\n" not in text


def test_without_torch_a_policy_board_says_so_in_one_line(monkeypatch: pytest.MonkeyPatch,
                                                           capsys: pytest.CaptureFixture[str]) -> None:
    """No fallback: champion on a policy's board needs torch, and says so before any game."""
    monkeypatch.setitem(sys.modules, "torch", None)  # `import torch` raises ModuleNotFoundError
    monkeypatch.delitem(sys.modules, "nuffle.rl.policy_bot", raising=False)
    monkeypatch.delitem(registry._REGISTRY, "policy", raising=False)
    boards = [b for b, e in champion_table().items() if registry.parse_bot_spec(e.spec)[0] == "policy"]
    assert boards  # today board 1
    for board in boards:
        with pytest.raises(InputError) as err:
            agent_for_board("champion", board)
        text = str(err.value)
        assert "needs 'torch', which is not installed" in text and "\n" not in text
        assert main(["play", "--home", "human:champion", "--board", str(board)]) == 2
        said = capsys.readouterr().err
        assert f"champion on board {board} is" in said and said.count("\n") == 1
    board11 = agent_for_board("champion", 11)
    assert isinstance(board11, ChampionAgent) and board11.spec == champion_entry(11).spec  # no torch


def test_the_policy_is_loaded_weights_only(monkeypatch: pytest.MonkeyPatch) -> None:
    torch = pytest.importorskip("torch")
    calls: list[dict[str, Any]] = []
    real = torch.load

    def spy(*args: Any, **kwargs: Any) -> Any:
        calls.append(kwargs)
        return real(*args, **kwargs)

    monkeypatch.setattr(torch, "load", spy)
    boards = [b for b, e in champion_table().items() if registry.parse_bot_spec(e.spec)[0] == "policy"]
    for board in boards:
        agent_for_board("champion", board)
    assert len(calls) == len(boards) and all(c.get("weights_only") is True for c in calls)


def test_champion_is_listed_and_plays_from_the_cli(capsys: pytest.CaptureFixture[str]) -> None:
    assert "champion" in agent_names()
    assert registry.bot_options("champion") == {}
    assert main(["play", "--home", "human:champion", "--away", "orc:random", "--board", "3",
                 "--seed", "1"]) == 0
    assert main(["play", "--home", "human:champion?board=3", "--board", "3"]) == 2
    assert "bot 'champion' has no option 'board'" in capsys.readouterr().err


def test_champion_plays_in_the_ladder_and_a_league(tmp_path: Path,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["ladder", "human:champion", "orc:scripted", "--board", "3", "--pairs", "1",
                 "--workers", "1", "--out", str(tmp_path / "lad")]) == 0
    assert "human:champion" in capsys.readouterr().out
    db = tmp_path / "l.db"
    assert main(["league", "new", str(db), "--seed", "2", "--board", "3",
                 "--entry", "A=human:champion", "--entry", "B=orc:scripted"]) == 0
    assert main(["league", "play", str(db), "--quiet"]) == 0
    capsys.readouterr()
    assert main(["league", "table", str(db), "--json"]) == 0
    standings = {row["name"]: row for row in json.loads(capsys.readouterr().out)["standings"]}
    assert standings["A"]["played"] == standings["B"]["played"] == 1
