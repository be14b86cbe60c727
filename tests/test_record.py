"""Match records: exact replay and clear errors for malformed or tampered files."""

from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest

from nuffle.agents.random_bot import RandomBot
from nuffle.core.dice import ExplicitRoller
from nuffle.core.game import Game
from nuffle.play import play
from nuffle.record import RecordError, load, replay, save, to_record


def _game(seed: int = 5) -> Game:
    return play(Game.new("human", "orc", seed=seed), RandomBot(1), RandomBot(2))


def test_saved_record_replays_to_the_same_state(tmp_path: Path) -> None:
    g = _game()
    path = tmp_path / "game.json"
    save(g, path)
    again = load(path)
    assert again.state == g.state
    assert again.result == g.result


def test_explicit_chance_outcomes_are_recorded_and_replayed() -> None:
    g = Game.new("orc", "human", seed=3, board=5, roller=ExplicitRoller())
    bots = (RandomBot(1), RandomBot(2))
    steps = 0
    while not g.is_over and steps < 3000:
        if g.current_decider == "chance":
            outs = g.chance_outcomes()
            g.apply_chance(outs[steps % len(outs)][0])
        else:
            g.step(bots[g.decider].act(g))
        steps += 1
    rec = to_record(g)
    assert any(kind == "c" for kind, _ in rec["entries"])
    again = replay(json.loads(json.dumps(rec)))
    assert again.state == g.state


def test_tampered_action_is_rejected() -> None:
    rec = to_record(_game())
    bad = copy.deepcopy(rec)
    for entry in bad["entries"]:
        if entry[1][0] == "END_TURN":
            entry[1][0] = "START_FOUL"
            entry[1][1] = 999
            break
    with pytest.raises(RecordError, match="entry"):
        replay(bad)


def test_tampered_score_is_rejected() -> None:
    rec = to_record(_game())
    rec["final"]["score"] = [rec["final"]["score"][0] + 3, rec["final"]["score"][1]]
    with pytest.raises(RecordError, match="score"):
        replay(rec)


def test_truncated_entries_change_the_fingerprint() -> None:
    rec = to_record(_game())
    rec["entries"] = rec["entries"][:-5]
    rec["final"]["score"] = None
    with pytest.raises(RecordError, match="fingerprint"):
        replay(rec)


@pytest.mark.parametrize(
    "mutate, message",
    [
        (lambda r: r.update(format="other"), "not a nuffle record"),
        (lambda r: r.update(version=99), "version"),
        (lambda r: r.update(seed="x"), "seed"),
        (lambda r: r["teams"].pop("away"), "teams"),
        (lambda r: r["teams"]["home"].update(race="elf-thing"), "race"),
        (lambda r: r.update(entries=[["z", 1]]), "entry 0"),
        (lambda r: r.update(entries=[["a", ["NOT_AN_ACTION", None, None]]]), "unknown action type"),
    ],
)
def test_malformed_records_name_the_problem(mutate, message) -> None:  # type: ignore[no-untyped-def]
    rec = to_record(_game())
    mutate(rec)
    with pytest.raises(RecordError, match=message):
        replay(rec)


def test_unreadable_and_invalid_json(tmp_path: Path) -> None:
    with pytest.raises(RecordError, match="cannot read"):
        load(tmp_path / "missing.json")
    bad = tmp_path / "bad.json"
    bad.write_text("{not json")
    with pytest.raises(RecordError, match="not valid JSON"):
        load(bad)
