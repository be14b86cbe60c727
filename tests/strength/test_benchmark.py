"""`nuffle strength` with real games: pairing from the records, X against X, the JSON result,
decision times, Ctrl-C, the ladder mode's anchor, and the command's bad input."""

from __future__ import annotations

import json
import signal
import subprocess
import sys
import time
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from nuffle.cli import main
from nuffle.eval_seeds import EVAL_SEED_START, is_held_out
from nuffle.strength import run_pool, run_strength
from nuffle.strength.match import MIN_PAIRS, StrengthResult


def test_each_seed_is_played_twice_with_the_bots_swapped() -> None:
    res = run_strength("scripted", "random", board=1, max_games=12, seed_offset=7, sprt=False)
    assert res.pairs == 6 and len(res.games) == 12
    seeds = [g["seed"] for g in res.games]
    assert seeds == [s for s in range(EVAL_SEED_START + 7, EVAL_SEED_START + 13) for _ in (0, 1)]
    assert all(is_held_out(s) for s in seeds)
    assert [g["agent_home"] for g in res.games] == [True, False] * 6
    assert [g["pair"] for g in res.games] == [i for i in range(6) for _ in (0, 1)]
    for g in res.games:  # each bot keeps its own seed in both games of its pair
        mine, theirs = 2 * g["seed"] + 1, 2 * g["seed"] + 2
        assert g["bot_seeds"] == ([mine, theirs] if g["agent_home"] else [theirs, mine])
    # the sides really swap: scripted beats random on board 1 from either venue
    for first, second in zip(res.games[::2], res.games[1::2], strict=True):
        assert first["score"][0] > first["score"][1]
        assert second["score"][1] > second["score"][0]
    assert res.home.games == res.away.games == 6


def test_results_add_up_and_the_json_has_its_fields() -> None:
    res = run_strength("scripted", "random", board=1, max_games=8, sprt=False)
    out = json.loads(json.dumps(res.to_json()))
    assert out["format"] == "nuffle-strength/1" and out["stopped"] == "max_games"
    a = out["all"]
    assert a["games"] == out["games"] == 8 and out["pairs"] == 4
    assert out["points_rate"] == pytest.approx((a["wins"] + 0.5 * a["draws"]) / a["games"])
    lo, hi = out["points_rate_95"]
    assert 0.0 <= lo <= out["points_rate"] <= hi <= 1.0
    assert a["td_for"] == sum(g["score"][0 if g["agent_home"] else 1] for g in out["list"])
    assert a["cas_against"] == sum(g["casualties"][1 if g["agent_home"] else 0] for g in out["list"])
    assert out["home"]["td_for"] + out["away"]["td_for"] == a["td_for"]
    t = out["time"]["agent"]
    assert t["decisions"] == sum(g["decisions"][0 if g["agent_home"] else 1] for g in out["list"])
    assert 0 < t["mean_seconds"] <= t["max_seconds"] < out["time_limit"] and t["over_limit"] == 0
    assert out["within_limit"] is True
    assert out["sprt"]["verdict"] == "off" and out["sprt"]["h0"] == 0.5 and out["sprt"]["h1"] == 0.55


def test_decisions_over_the_time_limit_are_counted() -> None:
    res = run_strength("random", "random", board=1, max_games=2, time_limit=1e-9, sprt=False)
    out = res.to_json()
    for side in ("agent", "opponent"):
        assert out["time"][side]["over_limit"] == out["time"][side]["decisions"] > 0
    assert out["within_limit"] is False


@pytest.mark.parametrize("bot", ["random", "scripted"])
def test_a_bot_against_itself_does_not_accept_h1(bot: str) -> None:
    res = run_strength(bot, bot, board=1, max_games=2 * (MIN_PAIRS + 8))
    assert res.verdict != "H1"
    assert res.pairs >= MIN_PAIRS
    if bot == "random":  # two draws of a randomised bot: its pairs do not all split evenly
        assert set(res.pair_scores) != {0.5}


def test_a_clearly_stronger_bot_accepts_h1_once_it_may() -> None:
    res = run_strength("scripted", "random", board=1, max_games=400)
    assert res.verdict == "H1" and res.stopped == "sprt"
    assert res.pairs == MIN_PAIRS  # it stops as soon as it decides


def test_ctrl_c_keeps_the_whole_pairs_played() -> None:
    def stop(r: StrengthResult) -> None:
        if r.pairs == 2:
            raise KeyboardInterrupt

    res = run_strength("random", "random", board=1, max_games=20, on_pair=stop)
    assert res.interrupted and res.pairs == 2 and len(res.games) == 4
    assert res.to_json()["stopped"] == "interrupted"


def test_the_ladder_mode_anchors_scripted_at_zero() -> None:
    out = run_pool(["random", "scripted", "grod"], board=1, pairs=2).to_json()
    rows = {r["bot"]: r for r in out["table"]}
    assert out["anchor"] == "scripted" and rows["scripted"]["rating"] == 0.0
    assert rows["scripted"]["rating_95"] == [0.0, 0.0]
    assert rows["random"]["rating"] < 0.0
    assert out["games"] == 3 * 2 * 2
    assert Counter(g["seed"] for g in out["list"]) == {EVAL_SEED_START + k: 2 for k in range(6)}
    assert all(m["pairs"] == 2 for m in out["matchups"])
    free = run_pool(["random", "grod"], board=1, pairs=1).to_json()
    assert free["anchor"] is None
    assert sum(r["rating"] for r in free["table"]) == pytest.approx(0.0, abs=1e-6)


def test_the_command_prints_json_and_text(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["strength", "scripted", "--against", "random", "--board", "1", "--max-games", "4",
                 "--no-sprt", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["games"] == 4 and out["agent"] == "scripted"
    assert main(["strength", "random", "--against", "random", "--board", "1", "--max-games", "4"]) == 0
    text = capsys.readouterr().out
    assert "undecided after 4 games" in text and "decisions" in text
    assert main(["strength", "--ladder", "random", "grod", "--board", "1", "--pairs", "1"]) == 0
    captured = capsys.readouterr()
    assert "measured from the pool's mean" in captured.out
    assert captured.err.count("\n") == 1 and "no plain 'scripted'" in captured.err


@pytest.mark.parametrize("argv, message", [
    (["random"], "--against"),
    (["random", "--against", "nosuchbot"], "unknown bot"),
    (["random", "--against", "random", "--board", "9"], "unknown board"),
    (["random", "--against", "random", "--max-games", "7"], "even number"),
    (["random", "--against", "random", "--max-games", "0"], "even number"),
    (["random", "--against", "random", "--race-pair", "human"], "race-pair"),
    (["random", "--against", "random", "--race-pair", "human,nosuchrace"], "nosuchrace"),
    (["random", "--against", "random", "--time-limit", "0"], "time limit"),
    (["random", "--against", "random", "--seed-offset", "999999"], "held-out"),
    (["random", "--against", "random", "--seed-offset", "-1"], "held-out"),
    (["random", "scripted", "--against", "random"], "one AGENT"),
    (["--ladder", "random", "scripted", "--against", "random"], "not --against"),
    (["--ladder", "random", "scripted", "--race-pair", "human,orc"], "one race"),
    (["--ladder", "random"], "at least two"),
    (["--ladder", "random", "random"], "twice"),
    (["--ladder", "random", "scripted", "--pairs", "0"], "pairs"),
    (["random", "--against", "random", "--engine", "cpp"], "unknown engine 'cpp'"),
    (["--ladder", "random", "scripted", "--engine", "Native"], "unknown engine 'Native'"),
])
def test_bad_input_is_one_line_and_exit_2(argv: list[str], message: str,
                                          capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["strength", *argv]) == 2
    err = capsys.readouterr().err
    assert err.startswith("error: ") and err.count("\n") == 1 and message in err


@pytest.mark.slow  # starts an interpreter and waits for games to be under way
def test_sigint_prints_the_partial_result_and_exits_130(tmp_path: Path) -> None:
    def as_from_a_terminal() -> None:
        signal.signal(signal.SIGINT, signal.SIG_DFL)
        signal.pthread_sigmask(signal.SIG_UNBLOCK, [signal.SIGINT])

    proc = subprocess.Popen([sys.executable, "-m", "nuffle.cli", "strength", "random", "--against", "random",
                             "--board", "1", "--max-games", "200000", "--no-sprt", "--json"],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, cwd=tmp_path,
                            preexec_fn=as_from_a_terminal)
    time.sleep(8)  # imports and a few pairs
    proc.send_signal(signal.SIGINT)
    out, err = proc.communicate(timeout=60)
    assert proc.returncode == 130, err[-500:]
    result = json.loads(out)
    assert result["interrupted"] is True and result["stopped"] == "interrupted"
    assert result["games"] == 2 * result["pairs"] and "whole pairs played" in err


def test_the_engine_flag_picks_the_engine_of_every_game_and_is_reported(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    from nuffle.core.game import Game

    seen: list[str | None] = []
    real_new = Game.new

    def spy(*args: Any, **kwargs: Any) -> Any:
        seen.append(kwargs.get("engine"))
        return real_new(*args, **kwargs)

    monkeypatch.setattr(Game, "new", spy)  # the class play_fixture makes its games with
    monkeypatch.setenv("NUFFLE_ENGINE", "python")
    base = ["strength", "scripted", "--against", "random", "--board", "1", "--max-games", "2",
            "--no-sprt", "--json"]
    assert main([*base, "--engine", "native"]) == 0
    native = json.loads(capsys.readouterr().out)
    assert native["engine"] == "native" and seen == ["native", "native"]  # the flag beats the variable
    assert main(base) == 0
    python = json.loads(capsys.readouterr().out)
    assert python["engine"] == "python" and seen[2:] == ["python", "python"]  # the variable, unchanged
    # the two engines play the same rules: the same games, the same result
    assert [g["score"] for g in native["list"]] == [g["score"] for g in python["list"]]
    monkeypatch.delenv("NUFFLE_ENGINE")
    assert main(["strength", "--ladder", "random", "scripted", "--board", "1", "--pairs", "1",
                 "--engine", "native", "--json"]) == 0
    pool = json.loads(capsys.readouterr().out)
    assert pool["engine"] == "native" and seen[4:] == ["native", "native"]
    assert run_strength("random", "random", board=1, max_games=2, sprt=False).engine == "python"
