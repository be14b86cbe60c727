# mypy: disable-error-code="attr-defined,dict-item,import-not-found,no-any-return,type-arg,union-attr"
"""Bots in a sandbox (sandbox.py): a hostile bot cannot see, signal or stop its opponent or
the referee, read or write the results or the config, reach the network, or exhaust the
machine with processes, memory or files; it is punished alone, and nothing is left running.
These tests need bubblewrap; they skip, saying why, only where it cannot run."""

from __future__ import annotations

import json
import os
import socket
import sys
from dataclasses import replace
from pathlib import Path

import pytest

from nuffle.competition import sandbox, tournament
from nuffle.competition.bots import JS_RANDOM_BOT
from nuffle.competition.config import ConfigError
from nuffle.competition.config import load as load_config
from nuffle.competition.process import Limits
from nuffle.competition.referee import BotSpec, Referee
from nuffle.record import load

from .conftest import BOTS, js_bot, misbehaving
from .test_referee import SETTINGS, assert_forfeit, kinds


@pytest.fixture(scope="module")
def can_sandbox() -> None:
    why = sandbox.why_not()
    if why:
        pytest.skip(f"cannot sandbox bots on this machine: {why}")


def _folders(tmp_path: Path) -> tuple[Path, Path]:
    out = tmp_path / "out"
    (out / "records").mkdir(parents=True)
    (out / "report.json").write_text('{"genuine": true}')
    (out / "records" / "game-000.json").write_text('{"seed": 12345}')
    config = tmp_path / "config"
    config.mkdir()
    (config / "cup.toml").write_text("seed = 12345  # the tournament's secret\n")
    return out, config


def _attacked(tmp_path: Path, attacks: list[str], limits: Limits | None = None) -> tuple[dict, dict]:
    """A sandboxed game of the hostile bot (away) against the JS bot; the report and what
    each attack achieved."""
    out, config = _folders(tmp_path)
    box = sandbox.Sandbox(hidden=(str(out), str(config)), tmpfs_mb=64)
    settings = replace(SETTINGS, sandbox=box, limits=limits or SETTINGS.limits)
    bad = BotSpec("bad", "orc", (sys.executable, str(BOTS / "hostile.py"), *attacks), str(config))
    good = BotSpec("good", "human", js_bot(), str(config))
    referee = Referee(good, bad, seed=5, settings=settings, record_path=tmp_path / "game.json")
    report = referee.play()
    assert load(report["record"]).is_over
    told = {}
    for line in referee.seats[1].stderr.splitlines():
        if line.startswith('{"attack"'):
            entry = json.loads(line)
            told[entry["attack"]] = entry["result"]
    return report, told


def test_a_bot_cannot_reach_its_opponent_the_referee_or_the_results(tmp_path, no_leaks, can_sandbox):
    out = tmp_path / "out"
    attacks = ["opponent", JS_RANDOM_BOT.name, "referee", str(os.getpid()),
               "read", str(out / "records" / "game-000.json"), "read", str(tmp_path / "config" / "cup.toml"),
               "write", str(out / "report.json"), "write", str(out / "records" / "game-000.json"),
               "read", "/etc/shadow", "home"]
    report, told = _attacked(tmp_path, attacks)
    assert told["opponent"] == []  # no process of the opponent's in sight
    assert told["referee"] == "ProcessLookupError"
    assert told["read"] in ("FileNotFoundError", "PermissionError")
    assert told["write"] in ("FileNotFoundError", "PermissionError", "OSError")
    assert told["home"]["cwd"] == sandbox.HOME and told["home"]["files"] == []
    if os.geteuid() == 0:
        assert told["home"]["uid"] >= sandbox.FIRST_UID  # a user of its own, not root
    assert report["penalties"] == [] and report["outcome"] == "played"  # the opponent played on
    assert (out / "report.json").read_text() == '{"genuine": true}'
    assert (out / "records" / "game-000.json").read_text() == '{"seed": 12345}'


def test_a_bot_has_no_network(tmp_path, no_leaks, can_sandbox):
    with socket.socket() as server:
        server.bind(("127.0.0.1", 0))
        server.listen()
        server.settimeout(0.1)
        report, told = _attacked(tmp_path, ["net", str(server.getsockname()[1])])
        with pytest.raises(TimeoutError):
            server.accept()
    assert told["net"] != "ok None" and report["penalties"] == []


def test_fork_bombs_and_big_files_hit_the_limits(tmp_path, no_leaks, can_sandbox):
    limits = replace(SETTINGS.limits, processes=32, file_mb=8)
    report, told = _attacked(tmp_path, ["fork", "10000", "bigfile", "64"], limits)
    if os.geteuid() == 0:  # the process limit counts the seat's own user
        assert told["fork"] < 32
    assert told["bigfile"] == "OSError"  # past 8 MiB
    assert kinds(report, "good") == [] and "good" not in report["disqualified"]


def test_a_memory_hog_is_the_only_one_punished(tmp_path, no_leaks, can_sandbox):
    box = sandbox.Sandbox(hidden=(str(tmp_path),))
    settings = replace(SETTINGS, sandbox=box)
    referee = Referee(BotSpec("good", "human", js_bot()), BotSpec("bad", "orc", misbehaving("memory")),
                      seed=5, settings=settings)
    assert_forfeit(referee.play(), "crash")


BOXED = ('[tournament]\nname = "boxed"\nboard = 1\nworkers = 1\ngames_per_pair = 1\nseed = 5\n'
         '[clocks]\nturn = 20\ninit = 30\n'
         '[[bots]]\nname = "ann"\nteam = "human"\nbuiltin = "random-legal"\n'
         '[[bots]]\nname = "bo"\nteam = "orc"\nbuiltin = "random-legal"\n')


def _config(tmp_path: Path):
    path = tmp_path / "boxed.toml"
    path.write_text(BOXED)
    return load_config(path)


def test_no_sandbox_refuses_to_start_unless_the_bots_are_trusted(tmp_path, monkeypatch, capsys, no_leaks):
    monkeypatch.setattr(sandbox.shutil, "which", lambda name: None)
    with pytest.raises(ConfigError, match=r"cannot sandbox the bots here: bubblewrap \(bwrap\) is "
                                          r"not installed .*; pass --trusted-bots"):
        tournament.run(_config(tmp_path))
    assert not (tmp_path / "boxed-results").exists()  # nothing played, nothing written
    path = tmp_path / "boxed.toml"
    from nuffle.cli import main

    assert main(["tournament", str(path), "--quiet"]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "--trusted-bots" in err[0]
    assert main(["tournament", str(path), "--quiet", "--trusted-bots"]) == 0


def test_a_sandboxed_tournament_hides_its_folders(tmp_path, no_leaks, can_sandbox):
    config = _config(tmp_path)
    boxed = tournament._sandboxed(config, trusted=False)
    box = boxed.settings.sandbox
    assert box is not None and set(box.hidden) == {str(config.out), str(tmp_path.resolve() / "boxed.toml")}
    # a bot whose script lies beside the config gets that script alone
    (tmp_path / "bot.py").write_text("pass")
    args = sandbox.wrap(box, [sys.executable, "bot.py"], str(tmp_path))
    bound = [args[i + 1] for i, a in enumerate(args) if a == "--ro-bind"]
    assert str(tmp_path.resolve() / "bot.py") in bound and str(tmp_path.resolve()) not in bound
    assert args[-1] == str(tmp_path.resolve() / "bot.py")  # the command names it absolutely
    assert not any(str(config.out) in a for a in args)
    assert tournament._sandboxed(config, trusted=True).settings.sandbox is None
    out = tournament.run(config)
    assert out["games"][0]["penalties"] == [] and not out["tournament"]["unfinished"]
