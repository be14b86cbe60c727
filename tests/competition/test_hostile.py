# mypy: disable-error-code="attr-defined,dict-item,import-not-found,no-any-return,type-arg,union-attr"
"""Hostile bots: each attack is punished on the attacker alone, the game and its record stand,
and nothing is left running (the protocol defects of issue 52: deep nesting, early replies,
stalling to the edge of every clock)."""

from __future__ import annotations

import hashlib
import json
import sys
import time
from dataclasses import replace

import pytest

from nuffle.competition import ledger
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


# --- results no bot can forge (ledger.py) ---------------------------------------------------

def _two_bots(tmp_path, games_per_pair: int = 2):
    from nuffle.competition.config import parse

    return parse({"tournament": {"name": "ledger", "board": 1, "seed": 5, "workers": 1,
                                 "games_per_pair": games_per_pair, "out": str(tmp_path / "out")},
                  "clocks": {"turn": 20, "init": 30},
                  "bots": [{"name": "ann", "team": "human", "builtin": "random-legal"},
                           {"name": "bo", "team": "orc", "builtin": "random-legal"}]},
                 base=tmp_path)


def test_a_pairs_records_and_seeds_are_published_after_both_games(tmp_path, no_leaks):
    from nuffle.competition import tournament

    config = _two_bots(tmp_path)
    out = config.out
    seen = []

    def progress(game):
        report = json.loads((out / "report.json").read_text())
        seen.append((game["index"], sorted(p.name for p in (out / "records").glob("*")),
                     [g["seed"] for g in report["games"]], report["tournament"]["seed"],
                     (out / "report.md").read_text()))

    final = tournament.run(config, progress=progress)
    first, second = seen
    assert first[0] == 0 and first[1] == []  # game 0 waits, unpublished, its seed left out
    assert first[2] == [None] and first[3] is None
    assert "seed kept secret until the last game" in first[4]
    assert (out / ".referee").stat().st_mode & 0o777 == 0o700
    assert second[0] == 1 and "game-000.json" in second[1] and "game-001.json" in second[1]
    assert second[2][0] == second[2][1] is not None  # both published with their shared seed
    assert final["tournament"]["seed"] == 5
    assert list((out / ".referee" / "pending").glob("*")) == []


def _interrupted(tmp_path, after: int):
    """A run of the two-bot tournament stopped once game `after` is saved."""
    from nuffle.competition import tournament

    config = _two_bots(tmp_path, games_per_pair=4)

    def stop(game):
        if game["index"] == after:
            raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        tournament.run(config, progress=stop)
    return config


def test_forged_results_are_refused_named_and_replayed_on_resume(tmp_path, no_leaks):
    from nuffle.competition import tournament

    config = _interrupted(tmp_path, after=2)
    out = config.out
    report = json.loads((out / "report.json").read_text())
    assert [g["index"] for g in report["games"]] == [0, 1, 2]
    # a bot rewrites game 0's record (a won game for away) and fixes up the report to match
    g0 = report["games"][0]
    record = json.loads((out / g0["record"]).read_text())
    record["competition"]["result"].update(winner="away", outcome="forfeit")
    (out / g0["record"]).write_text(json.dumps(record))
    g0.update(winner="away", outcome="forfeit",
              digest=hashlib.sha256((out / g0["record"]).read_bytes()).hexdigest())
    # and gives game 1 another score in the report alone
    report["games"][1]["score"] = [9, 0]
    (out / "report.json").write_text(json.dumps(report))
    notices: list[str] = []
    final = tournament.run(config, notice=notices.append)
    assert len(notices) == 2
    assert notices[0].startswith("game 0 (ann v bo) kept from the earlier run is refused: its link "
                                 "in the report's digest chain does not hold")
    assert notices[1].startswith("game 1 (bo v ann) kept from the earlier run is refused: its score")
    assert [g["index"] for g in final["games"]] == [0, 1, 2, 3]
    for g in final["games"]:  # every game as its record replays; the chain holds
        assert ledger.check_game(g, out / g["record"], g["seed"], g["home"], g["away"]) == ""
    state = ledger.load_state(out)
    assert state is not None  # the seed and key, in the private folder only
    assert json.loads((out / "report.json").read_text())["tournament"]["seed"] == state["seed"] == 5
    key = bytes.fromhex(state["key"])
    paths = {g["index"]: out / g["record"] for g in final["games"]}
    assert ledger.check_links(key, final["games"], paths) == {}
    assert final["games"][2]["digest"] == report["games"][2]["digest"]  # kept as it was


def test_a_record_outside_the_results_folder_is_refused(tmp_path, no_leaks):
    from nuffle.competition import tournament

    config = _interrupted(tmp_path, after=0)
    out = config.out
    report = json.loads((out / "report.json").read_text())
    report["games"][0]["record"] = "../../etc/passwd"
    (out / "report.json").write_text(json.dumps(report))
    notices: list[str] = []
    final = tournament.run(config, notice=notices.append)
    assert notices == ["game 0 (ann v bo) kept from the earlier run is refused: its record is not "
                       "in the results folder; it is played again"]
    assert final["games"][0]["record"] == "records/game-000.json"
