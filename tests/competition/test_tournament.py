# mypy: disable-error-code="attr-defined,dict-item,import-not-found,no-any-return,type-arg,union-attr"
"""Tournaments: a 4-bot round robin with a final through the local pool and a local Ray (the
same results), every record verifying, and the command line's one-line config errors."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from nuffle.cli import main
from nuffle.competition import tournament
from nuffle.competition.bots import JS_RANDOM_BOT
from nuffle.competition.config import ConfigError, load
from nuffle.competition.executors import LocalExecutor
from nuffle.record import load as load_record

from .conftest import js_bot

CONFIG = """
[tournament]
name = "friendly"
format = "round-robin+final"
games_per_pair = 2
board = 1
seed = 7
workers = 2
[clocks]
turn = 20
opponent_decision = 10
init = 30
end = 5
[[bots]]
name = "alice"
team = "human"
command = ["node", "{js}"]
[[bots]]
name = "bob"
team = "orc"
builtin = "random-legal"
[[bots]]
name = "carol"
team = "dwarf"
command = ["node", "{js}"]
[[bots]]
name = "dave"
team = "wood-elf"
command = ["node", "{js}"]
"""


def write_config(tmp_path: Path, text: str = CONFIG) -> Path:
    js_bot()  # skips without node
    path = tmp_path / "friendly.toml"
    path.write_text(text.format(js=JS_RANDOM_BOT))
    return path


def check_report(out: dict, folder: Path) -> None:
    games = out["games"]
    assert len(games) == 6 * 2 + 2
    assert [g["stage"] for g in games].count("final") == 2
    finalists = {games[-1]["home"], games[-1]["away"]}
    assert finalists == {out["standings"][0]["name"], out["standings"][1]["name"]}
    # paired seeds: each seed twice, sides swapped
    for a, b in zip(games[0::2], games[1::2], strict=True):
        assert a["seed"] == b["seed"] and (a["home"], a["away"]) == (b["away"], b["home"])
    rows = {r["name"]: r for r in out["standings"]}
    assert sum(r["played"] for r in rows.values()) == 24
    for r in rows.values():
        assert r["points"] == 3 * r["wins"] + r["draws"] and r["wins"] + r["draws"] + r["losses"] == 6
    assert sum(r["td_for"] for r in rows.values()) == sum(r["td_against"] for r in rows.values())
    assert out["penalties"] == [] and all(r["disqualified"] == 0 for r in rows.values())
    assert {r["name"] for r in out["ratings"]} == set(rows)
    for g in games:
        game = load_record(folder / g["record"])
        assert game.is_over
        assert [game.result.score.home, game.result.score.away] == g["score"]
    saved = json.loads((folder / "report.json").read_text())
    assert saved["standings"] == out["standings"]
    assert "| 1 | " in (folder / "report.md").read_text()


@pytest.mark.slow
def test_round_robin_with_final_on_the_local_pool_and_on_ray(tmp_path, no_leaks):
    config = load(write_config(tmp_path))
    local = tournament.run(config, LocalExecutor(2))
    check_report(local, config.out)

    pytest.importorskip("ray")
    from dataclasses import replace

    from nuffle.competition.executors import RayExecutor

    ray_config = replace(config, out=tmp_path / "ray-results")
    executor = RayExecutor(num_cpus=2)
    try:
        on_ray = tournament.run(ray_config, executor)
    finally:
        executor.close()
    check_report(on_ray, ray_config.out)
    assert tournament.comparable(on_ray) == tournament.comparable(local)


def test_cli_prints_the_json_report(tmp_path, capsys, no_leaks):
    text = CONFIG.replace('format = "round-robin+final"', 'format = "round-robin"')
    text = text.split("[[bots]]\nname = \"carol\"")[0]  # two bots: one pair, two games
    path = write_config(tmp_path, text)
    assert main(["tournament", str(path), "--json", "--quiet", "--workers", "1"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert [r["name"] for r in out["standings"]] != []
    assert set(out["standings"][0]) >= {"name", "points", "wins", "draws", "losses", "td_for",
                                        "td_against", "disqualified"}
    assert set(out["games"][0]) >= {"home", "away", "score", "penalties", "record", "match_report"}
    assert "penalties" in out and len(out["games"]) == 2
    folder = load(path).out
    for g in out["games"]:  # each game told in words, the same report its record replays to
        told = (folder / g["match_report"]).read_text().splitlines()
        reports: list = []
        load_record(folder / g["record"], reports)
        assert told == reports[0].lines and told[-1].startswith("Final whistle: ")
    assert "match report" in (folder / "report.md").read_text()


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (("board = 1", "board = 1\nboard = 2"), "not valid TOML"),
        (('team = "orc"', 'team = "orcs"'), "bot 'bob': team 'orcs': no team for 'orcs'"),
        (('command = ["node", "{js}"]', 'command = ["no-such-bot-xyz"]'),
         "bot 'alice': bot executable 'no-such-bot-xyz' does not exist"),
        (('command = ["node", "{js}"]', 'command = ["./missing.js"]'),
         "bot executable './missing.js' does not exist"),
        (('command = ["node", "{js}"]', 'command = ["./friendly.toml"]'),
         "'./friendly.toml' is not an executable file"),
        (('format = "round-robin+final"', 'format = "swiss"'), "format 'swiss' is not one of"),
        (("board = 1", "board = 2"), "board 2 is not one of 1, 3, 5, 7, 11"),
        (("turn = 20", "turn = -1"), "clock 'turn' must be positive"),
        (("turn = 20", "turns = 20"), "unknown clock 'turns'"),
        (("games_per_pair = 2", "games_per_pair = 0"), "'games_per_pair' must be an integer from 1 to 1000"),
        (("games_per_pair = 2", "games_per_pair = 1000000000"), "'games_per_pair' must be an integer from 1"),
        (("turn = 20", "turn = nan"), "[clocks]: clock 'turn' must be a finite number of seconds"),
        (("turn = 20", "turn = inf"), "clock 'turn' must be a finite number of seconds up to 86400"),
        (("turn = 20", "turn = 1e12"), "clock 'turn' must be a finite number"),
        (("end = 5", "end = 5\n[limits]\nmemory_mb = 99999999999"), "'memory_mb' must be an integer from 1"),
        (("seed = 7", "seed = 7\nmax_setup_actions = 0"), "'max_setup_actions' must be an integer from 1"),
        (('name = "carol"', 'name = "alice"'), "bot name 'alice' is used twice"),
        (('name = "carol"', 'name = "ALICE"'), "bot name 'ALICE' is used twice (as 'alice', ignoring case)"),
        (('builtin = "random-legal"', 'builtin = "nosuchbot"'), "unknown bot 'nosuchbot'"),
        (('builtin = "random-legal"', 'builtin = "random-legal"\ncommand = ["node"]'),
         "give exactly one of 'command' or 'builtin'"),
        (("seed = 7", "sed = 7"), "unknown key 'sed'"),
    ],
)
def test_bad_configs_fail_with_one_line_before_any_game(tmp_path, capsys, change, message):
    old, new = change
    text = CONFIG.replace(old, new, 1)
    path = write_config(tmp_path, text)
    with pytest.raises(ConfigError, match=None) as info:
        load(path)
    assert message in str(info.value)
    assert main(["tournament", str(path)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and message in err
    assert not (tmp_path / "friendly-results").exists()


def test_missing_config_file(tmp_path, capsys):
    assert main(["tournament", str(tmp_path / "nope.toml")]) == 2
    assert "cannot read" in capsys.readouterr().err


BOT = '[[bots]]\nname = "b{i}"\nteam = "human"\nbuiltin = "random-legal"\n'


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("[tournament]\n" + "".join(BOT.format(i=i) for i in range(10_000)), "10000 [[bots]]; at most 256"),
        ("[tournament]\ngames_per_pair = 1000\n" + "".join(BOT.format(i=i) for i in range(40)),
         "780000 games to play; at most 100000"),
        (b"[tournament]\nname = \"caf\xe9\"\n", "is not UTF-8 text"),
        ("a = " + "[" * 100_000 + "]" * 100_000 + "\n", "nests too deeply"),
        ("a = " + "{b = " * 50_000 + "1" + "}" * 50_000 + "\n", "nests too deeply"),
    ],
    ids=["10000-bots", "too-many-games", "not-utf8", "nested-arrays", "nested-tables"],
)
def test_configs_that_cannot_run_fail_in_one_line_naming_the_file(tmp_path, capsys, text, message):
    path = tmp_path / "odd.toml"
    if isinstance(text, bytes):
        path.write_bytes(text)
    else:
        path.write_text(text)
    with pytest.raises(ConfigError) as info:
        load(path)
    assert message in str(info.value) and str(path) in str(info.value)
    assert main(["tournament", str(path)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and message in err and "Traceback" not in err


def test_ray_without_a_cluster_is_one_line(tmp_path, capsys, monkeypatch):
    ray = pytest.importorskip("ray")
    monkeypatch.delenv("RAY_ADDRESS", raising=False)
    if ray.is_initialized():
        pytest.skip("a Ray is already running in this process")
    text = CONFIG.replace('format = "round-robin+final"', 'format = "round-robin"')
    path = write_config(tmp_path, text.split("[[bots]]\nname = \"carol\"")[0])
    code = main(["tournament", str(path), "--executor", "ray", "--ray-address", "auto", "--quiet"])
    err = capsys.readouterr().err
    assert code == 1
    lines = [line for line in err.splitlines() if line.startswith("error:")]
    assert len(lines) == 1 and "cannot start the Ray cluster at 'auto'" in lines[0], err
    assert "Traceback" not in err


def test_a_changed_config_over_existing_results_is_refused_without_fresh(tmp_path, capsys, no_leaks):
    text = CONFIG.replace('format = "round-robin+final"', 'format = "round-robin"')
    text = text.split("[[bots]]\nname = \"carol\"")[0].replace("games_per_pair = 2", "games_per_pair = 1")
    path = write_config(tmp_path, text)
    assert main(["tournament", str(path), "--quiet", "--workers", "1"]) == 0
    first = (load(path).out / "report.json").read_text()
    path.write_text(path.read_text().replace("seed = 7", "seed = 8"))
    capsys.readouterr()
    assert main(["tournament", str(path), "--quiet", "--workers", "1"]) == 2
    err = capsys.readouterr().err
    assert "holds the results of another configuration" in err and "--fresh" in err
    assert len(err.strip().splitlines()) == 1
    assert (load(path).out / "report.json").read_text() == first  # nothing was replaced
    assert main(["tournament", str(path), "--quiet", "--workers", "1", "--fresh"]) == 0
    assert json.loads((load(path).out / "report.json").read_text())["tournament"]["seed"] == 8
