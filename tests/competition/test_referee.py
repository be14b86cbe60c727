# mypy: disable-error-code="attr-defined,dict-item,import-not-found,no-any-return,type-arg,union-attr"
"""The referee against misbehaving bots: every misbehaviour gets its documented penalty, the
opponent's game goes on (or is scored as a forfeit), records verify, and no process is left."""

from __future__ import annotations

import os
import time
from pathlib import Path

import psutil
import pytest

from nuffle.competition.clocks import BotClock, Clocks
from nuffle.competition.process import Limits
from nuffle.competition.referee import BotSpec, Settings, run_game
from nuffle.record import load

from .conftest import js_bot, misbehaving

CLOCKS = Clocks(turn=2.0, opponent_decision=2.0, init=15.0, end=2.0, grace=1.5)
SETTINGS = Settings(board=1, clocks=CLOCKS, limits=Limits(memory_mb=400, stderr_bytes=64 << 10))


def play(tmp_path: Path, mode: str, arg: str = "", settings: Settings = SETTINGS) -> dict:
    bad = BotSpec("bad", "orc", misbehaving(mode, arg))
    good = BotSpec("good", "human", js_bot())
    report = run_game(good, bad, seed=5, settings=settings, record_path=tmp_path / "game.json")
    game = load(report["record"])  # every record replays and verifies
    assert game.is_over and report["over"]
    assert [game.result.score.home, game.result.score.away] == report["score"]
    return report


def kinds(report: dict, bot: str) -> list[str]:
    return [p["kind"] for p in report["penalties"] if p["bot"] == bot]


def assert_forfeit(report: dict, penalty: str) -> None:
    assert report["disqualified"] == ["bad"]
    assert report["outcome"] == "forfeit" and report["winner"] == "home"
    assert penalty in kinds(report, "bad")
    assert kinds(report, "good") == []


@pytest.mark.parametrize(
    ("mode", "arg", "penalty"),
    [
        ("crash_start", "", "crash"),
        ("crash_mid", "", "crash"),
        # these two wait out the clocks: the fast loop keeps the other penalties
        pytest.param("silent_mid", "", "no_response", marks=pytest.mark.slow),
        pytest.param("late_always", "4.0", "no_response", marks=pytest.mark.slow),
        ("huge", "", "oversized_message"),
        ("memory", "", "crash"),
    ],
)
def test_disqualifying_misbehaviour(tmp_path, no_leaks, mode, arg, penalty):
    report = play(tmp_path, mode, arg)
    assert_forfeit(report, penalty)


def test_bot_clock_charges_the_turn_then_the_bank() -> None:
    # the fast loop's check of the clocks, with no waiting: the slow tests above play it out
    clock = BotClock(Clocks(turn=2.0, opponent_decision=1.0, overage=3.0))
    assert clock.budget(("turn", 1)) == ("turn", 2.0)
    assert clock.spend("turn", 1.5)
    assert clock.left("turn") == {"clock_left": 0.5, "overage_left": 3.0, "game_left": 3598.5}
    assert clock.budget(("turn", 1)) == ("turn", 0.5)  # the same turn: what is left of it
    assert clock.spend("turn", 2.5) and clock.bank == 1.0  # 2 s over, taken from the bank
    assert clock.budget(("turn", 2)) == ("turn", 2.0)  # a new turn: a full clock
    assert clock.budget(None) == ("opponent_decision", 1.0)
    assert not clock.spend("opponent_decision", 2.5)  # 1.5 s over, 1 s banked: late
    assert clock.bank == 0.0


@pytest.mark.slow  # waits out a clock
def test_silent_at_hello_is_disqualified(tmp_path, no_leaks):
    fast = Settings(board=1, clocks=Clocks(turn=2.0, opponent_decision=2.0, init=4.0, end=2.0, grace=0.5))
    t0 = time.monotonic()
    report = play(tmp_path, "silent", settings=fast)
    assert_forfeit(report, "no_response")
    assert time.monotonic() - t0 < 30


@pytest.mark.slow  # waits out a clock
def test_late_once_is_delay_of_game(tmp_path, no_leaks):
    report = play(tmp_path, "late_once", "2.6")
    assert kinds(report, "bad") == ["delay_of_game"]
    assert report["outcome"] == "played" and report["disqualified"] == []
    assert "random actions until" in report["penalties"][0]["detail"]


def test_malformed_once_is_rejected_and_the_game_goes_on(tmp_path, no_leaks):
    report = play(tmp_path, "malformed_once")
    assert kinds(report, "bad") == ["illegal_action"]
    assert "not valid JSON" in report["penalties"][0]["detail"]
    assert report["outcome"] == "played"


@pytest.mark.parametrize("mode", ["malformed", "illegal"])
def test_repeat_offender_is_disqualified(tmp_path, no_leaks, mode):
    report = play(tmp_path, mode)
    assert kinds(report, "bad") == ["illegal_action"] * 4 + ["repeat_offender"]
    assert_forfeit(report, "repeat_offender")


def test_illegal_action_message_names_the_action(tmp_path, no_leaks):
    report = play(tmp_path, "illegal")
    assert "END_TURN player=99" in report["penalties"][0]["detail"]


def test_stderr_flood_is_logged_and_the_game_goes_on(tmp_path, no_leaks):
    report = play(tmp_path, "stderr")
    assert kinds(report, "bad") == ["stderr_flood"]
    assert report["outcome"] == "played"


def test_orphaned_grandchild_is_killed(tmp_path, no_leaks):
    pidfile = tmp_path / "orphan.pid"
    report = play(tmp_path, "orphan", str(pidfile))
    assert_forfeit(report, "crash")
    pid = int(pidfile.read_text())
    deadline = time.monotonic() + 5
    while psutil.pid_exists(pid) and psutil.Process(pid).status() != psutil.STATUS_ZOMBIE:
        assert time.monotonic() < deadline, f"grandchild {pid} survived the game"
        time.sleep(0.05)


def test_missing_executable_is_a_crash(tmp_path, no_leaks):
    bad = BotSpec("bad", "orc", (str(tmp_path / "no-such-bot"),))
    report = run_game(BotSpec("good", "human", js_bot()), bad, seed=1, settings=SETTINGS)
    assert report["disqualified"] == ["bad"] and "cannot start" in report["penalties"][0]["detail"]


def test_bots_get_no_secrets(tmp_path, no_leaks, monkeypatch):
    monkeypatch.setenv("NUFFLE_TEST_SECRET_TOKEN", "hunter2")
    from nuffle.competition.process import clean_env

    env = clean_env()
    assert "NUFFLE_TEST_SECRET_TOKEN" not in env
    assert os.environ["NUFFLE_TEST_SECRET_TOKEN"] == "hunter2"


@pytest.mark.slow  # waits out a clock
def test_overage_bank_absorbs_a_late_answer(tmp_path, no_leaks):
    banked = Settings(board=1, clocks=Clocks(turn=2.0, opponent_decision=2.0, init=15.0, end=2.0,
                                             grace=1.5, overage=3.0))
    report = play(tmp_path, "late_once", "2.6", settings=banked)
    assert report["penalties"] == [] and report["outcome"] == "played"


def test_engine_error_is_a_draw_with_the_trace_saved(tmp_path, no_leaks, monkeypatch):
    from nuffle.core.game import Game

    real_step = Game.step

    def failing_step(self, action):
        if len(self.history) == 20:
            raise RuntimeError("the engine broke")
        return real_step(self, action)

    monkeypatch.setattr(Game, "step", failing_step)
    report = run_game(BotSpec("a", "human", js_bot()), BotSpec("b", "orc", js_bot()), seed=3,
                      settings=SETTINGS, record_path=tmp_path / "g.json")
    assert report["outcome"] == "engine_error" and report["winner"] is None
    assert [p["kind"] for p in report["penalties"]] == ["engine_error"]
    assert "the engine broke" in Path(report["trace"]).read_text()
    monkeypatch.undo()
    game = load(report["record"])  # the unfinished game still replays
    assert len(game.history) == 20 and not game.is_over
