# mypy: disable-error-code="attr-defined,dict-item,import-not-found,no-any-return,type-arg,union-attr"
"""The referee is fair and cannot be stalled: each bot's clock is its own at hello, a set-up
has a clock and an action cap, stray lines never shift the answers, penalties name the
request, and nothing a bot starts outlives the game."""

from __future__ import annotations

import re
import time
import uuid
from pathlib import Path

import psutil
import pytest

from nuffle.competition.clocks import Clocks
from nuffle.competition.process import Limits
from nuffle.competition.referee import SIDES, BotSpec, Settings, run_game
from nuffle.record import load

from .conftest import js_bot, misbehaving

CLOCKS = Clocks(turn=2.0, opponent_decision=2.0, init=1.0, end=2.0, grace=1.5, setup=5.0)
SETTINGS = Settings(board=1, clocks=CLOCKS, limits=Limits(memory_mb=400, stderr_bytes=64 << 10))


def play(tmp_path: Path, mode: str, arg: str = "", settings: Settings = SETTINGS,
         bad_side: str = "away") -> dict:
    bad = BotSpec("bad", "orc", misbehaving(mode, arg))
    good = BotSpec("good", "human", js_bot())
    home, away = (good, bad) if bad_side == "away" else (bad, good)
    report = run_game(home, away, seed=5, settings=settings, record_path=tmp_path / "game.json")
    game = load(report["record"])  # every record replays and verifies
    assert game.is_over and report["over"]
    return report


def kinds(report: dict, bot: str) -> list[str]:
    return [p["kind"] for p in report["penalties"] if p["bot"] == bot]


# --- hello: each bot's clock is its own -------------------------------------------------------

@pytest.mark.parametrize("bad_side", SIDES)
def test_silent_bot_at_hello_does_not_punish_its_opponent(tmp_path, no_leaks, bad_side):
    report = play(tmp_path, "silent", bad_side=bad_side)
    assert kinds(report, "bad") == ["no_response"]
    assert kinds(report, "good") == []
    good_side = "home" if bad_side == "away" else "away"
    assert report["outcome"] == "forfeit" and report["winner"] == good_side
    assert report["disqualified"] == ["bad"]


@pytest.mark.parametrize("bad_side", SIDES)
def test_late_hello_is_the_late_bot_s_delay_only(tmp_path, no_leaks, bad_side):
    report = play(tmp_path, "late_hello", "1.6", bad_side=bad_side)
    assert kinds(report, "bad") == ["delay_of_game"]
    assert kinds(report, "good") == []
    assert report["outcome"] == "played"


# --- set-up: a clock and an action cap; the referee completes the set-up -----------------------

def test_fast_setup_staller_is_penalised_and_the_game_finishes(tmp_path, no_leaks):
    report = play(tmp_path, "setup_stall")
    assert set(kinds(report, "bad")) == {"delay_of_game"}
    assert all("set-up actions" in p["detail"] for p in report["penalties"])
    assert kinds(report, "good") == []
    assert report["outcome"] == "played" and report["disqualified"] == []
    # one penalty per set-up of the staller, each after at most max_setup_actions placements
    setups = len(kinds(report, "bad"))
    assert setups >= 1 and report["decisions"] < 2000


def test_slow_setup_staller_is_penalised_within_its_setup_clock(tmp_path, no_leaks):
    slow = Settings(board=1, clocks=Clocks(turn=2.0, opponent_decision=2.0, init=5.0, end=2.0,
                                           grace=1.5, setup=1.0),
                    limits=SETTINGS.limits)
    t0 = time.monotonic()
    report = play(tmp_path, "setup_slow", "0.3", settings=slow)
    assert set(kinds(report, "bad")) == {"delay_of_game"}
    assert all("on the setup clock" in p["detail"] for p in report["penalties"])
    assert report["outcome"] == "played"
    assert time.monotonic() - t0 < 60


def test_decision_cap_disqualifies_the_bot_that_caused_it(tmp_path, no_leaks):
    capped = Settings(board=1, clocks=CLOCKS, limits=SETTINGS.limits, max_setup_actions=10_000,
                      max_decisions=60)
    report = play(tmp_path, "setup_stall", settings=capped)
    assert kinds(report, "bad") == ["stalling"]
    assert kinds(report, "good") == []
    assert report["outcome"] == "forfeit" and report["winner"] == "home"


# --- stray lines: dropped, never matched to a later request -----------------------------------

@pytest.mark.parametrize("what", ["ready", "unknown", "duplicate", "burst"])
def test_stray_lines_cost_nothing_and_do_not_shift_the_answers(tmp_path, no_leaks, what):
    report = play(tmp_path, "stray", what)
    assert report["penalties"] == []
    assert report["outcome"] == "played" and report["disqualified"] == []


def test_a_flood_of_stray_lines_is_logged_once(tmp_path, no_leaks):
    report = play(tmp_path, "stray", "flood")
    assert kinds(report, "bad") == ["stray_message"]
    assert report["outcome"] == "played" and report["disqualified"] == []


# --- penalties name the request they concern --------------------------------------------------

@pytest.mark.parametrize(("mode", "kind"), [("illegal", "illegal_action"), ("crash_mid", "crash")])
def test_penalty_decision_is_the_request_id(tmp_path, no_leaks, mode, kind):
    report = play(tmp_path, mode)
    named = [p for p in report["penalties"] if p["kind"] == kind]
    assert named
    for p in named:
        rid = int(re.search(r"request (\d+)", p["detail"]).group(1))
        assert p["decision"] == rid


# --- nothing a bot starts outlives the game ---------------------------------------------------

def marked(marker: str) -> list[tuple[int, list[str]]]:
    """Every process on the machine whose command line carries `marker`."""
    found = []
    for p in psutil.process_iter(["pid", "cmdline", "status"]):
        cmd = p.info["cmdline"] or []
        if marker in cmd and p.info["status"] != psutil.STATUS_ZOMBIE:
            found.append((p.info["pid"], cmd))
    return found


@pytest.mark.parametrize("mode", ["setsid", "setsid_crash"])
def test_processes_in_sessions_of_their_own_are_killed(tmp_path, no_leaks, mode):
    marker = f"nuffle-test-{uuid.uuid4().hex}"
    report = play(tmp_path, mode, marker)
    assert report["over"]
    left = marked(marker)
    deadline = time.monotonic() + 3
    while left and time.monotonic() < deadline:  # SIGKILL is asynchronous
        time.sleep(0.05)
        left = marked(marker)
    assert left == [], f"processes outlived the game: {left}"


def test_memory_limit_fails_the_allocation_and_a_bot_that_survives_plays_on(tmp_path, no_leaks):
    # the documented effect of [limits] memory_mb: allocations past it fail inside the bot;
    # that is no penalty in itself (a bot that dies of it is a crash, test_referee.py)
    result = tmp_path / "allocation.txt"
    report = play(tmp_path, "memory_caught", str(result))
    assert result.read_text() == "MemoryError"
    assert report["penalties"] == [] and report["outcome"] == "played"
