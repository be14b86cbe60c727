# mypy: disable-error-code="attr-defined,dict-item,import-not-found,no-any-return,type-arg,union-attr"
"""Hostile bots: each attack is punished on the attacker alone, the game and its record stand,
and nothing is left running (the protocol defects of issue 52: deep nesting, early replies,
stalling to the edge of every clock)."""

from __future__ import annotations

import sys
import time
from dataclasses import replace

from nuffle.competition.clocks import BotClock, Clocks
from nuffle.competition.process import BotProcess, Limits

from .test_referee import SETTINGS, assert_forfeit, kinds, play


def test_deep_nesting_is_the_senders_illegal_action(tmp_path, no_leaks):
    report = play(tmp_path, "deep")  # one line nested 100,000 deep
    assert kinds(report, "bad") == ["illegal_action"]
    assert "nested deeper than 64" in report["penalties"][0]["detail"]
    assert report["outcome"] == "played" and kinds(report, "") == []


def test_replies_written_before_their_request_are_dropped(tmp_path, no_leaks):
    # the early lines are illegal actions for the next ten request ids: taken as answers, they
    # would be illegal_action penalties; dropped as stray lines (within the allowance) they
    # cost nothing, and the bot's real answers are played
    report = play(tmp_path, "early")
    assert report["penalties"] == [] and report["outcome"] == "played"
    strict = replace(SETTINGS, max_stray=5)
    report = play(tmp_path, "early", settings=strict)
    assert kinds(report, "bad") == ["stray_message"] and kinds(report, "good") == []


def test_a_partial_line_left_before_a_request_is_dropped_whole(no_leaks):
    code = ("import sys, time; w = sys.stdout.write; w('{\"type\": \"a\"}\\n{\"type\": \"b\"}\\n{\"ty'); "
            "sys.stdout.flush(); sys.stdin.readline(); w('pe\": \"c\"}\\n{\"type\": \"d\"}\\n'); "
            "sys.stdout.flush(); time.sleep(5)")
    proc = BotProcess((sys.executable, "-c", code), None, Limits())
    try:
        time.sleep(0.5)  # the bot writes before any request
        assert proc.discard_pending() == [b'{"type": "a"}', b'{"type": "b"}']
        assert proc.send({"type": "decide"}, time.monotonic() + 2)
        reply = proc.receive(time.monotonic() + 5)
        assert reply.kind == "message" and reply.message == {"type": "d"}
    finally:
        proc.close()


def test_game_clock_runs_over_every_decision() -> None:
    clock = BotClock(Clocks(turn=2.0, opponent_decision=1.0, game=3.0))
    assert clock.spend("opponent_decision", 0.9) and clock.game_left == 3.0 - 0.9
    clock.budget(("turn", 1))
    assert clock.spend("turn", 1.9) and not clock.out_of_time
    assert clock.left("turn")["game_left"] == 0.2
    assert clock.spend("opponent_decision", 0.5) and clock.out_of_time  # within its own clock


def test_a_bot_stalling_to_every_clock_edge_runs_out_of_game_time(tmp_path, no_leaks):
    # each answer comes just inside its clock; the game clock (2 s) ends the stalling
    stalled = replace(SETTINGS, clocks=replace(SETTINGS.clocks, game=2.0))
    t0 = time.monotonic()
    report = play(tmp_path, "stall", "0.3", settings=stalled)
    assert_forfeit(report, "out_of_time")
    assert kinds(report, "bad") == ["out_of_time"]
    assert time.monotonic() - t0 < 60
