"""Match records: exact replay and clear errors for malformed or tampered files."""

from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest

from nuffle.agents.random_bot import RandomBot
from nuffle.core.dice import Dice, ExplicitRoller, ScriptedRoller, coin, two_d6
from nuffle.core.game import Game
from nuffle.core.types import Decider
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
        if g.decider == Decider.CHANCE:
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


def test_truncated_entries_are_caught_by_the_finished_flag() -> None:
    rec = to_record(_game())
    rec["entries"] = rec["entries"][: len(rec["entries"]) // 2]
    with pytest.raises(RecordError, match="says the game is finished but it replays to an unfinished"):
        replay(rec)


def test_truncated_entries_of_an_unfinished_record_change_the_fingerprint() -> None:
    g = Game.new("human", "orc", seed=4)
    bots = (RandomBot(1), RandomBot(2))
    for _ in range(200):
        g.step(bots[g.decider].act(g))
    rec = to_record(g)
    assert rec["final"]["over"] is False
    assert replay(rec).state == g.state
    rec["entries"] = rec["entries"][:-3]
    with pytest.raises(RecordError, match="fingerprint"):
        replay(rec)


@pytest.mark.parametrize(
    "mutate, message",
    [
        (lambda r: r.pop("final"), "no 'final' block"),
        (lambda r: r.update(final={"score": None}), "final"),
        (lambda r: r["final"].update(score=None), "final.score"),
        (lambda r: r["final"].pop("over"), "final.over"),
        (lambda r: r["final"].pop("fingerprint"), "final.fingerprint"),
        (lambda r: r["final"].update(over=False), "says the game is unfinished"),
    ],
)
def test_a_record_must_carry_its_final_block(mutate, message) -> None:
    rec = to_record(_game())
    mutate(rec)
    with pytest.raises(RecordError, match=message):
        replay(rec)


def test_empty_and_half_records_are_rejected(tmp_path: Path) -> None:
    with pytest.raises(RecordError, match="not a nuffle record"):
        replay({})
    path = tmp_path / "half.json"
    text = json.dumps(to_record(_game()))
    path.write_text(text[: len(text) // 2])
    with pytest.raises(RecordError, match=r"half\.json is not valid JSON"):
        load(path)
    rec = to_record(_game())
    rec["entries"] = rec["entries"][: len(rec["entries"]) // 2]
    del rec["final"]
    with pytest.raises(RecordError, match="no 'final' block"):
        replay(rec)


def test_not_utf8_and_deeply_nested_files_name_the_file(tmp_path: Path) -> None:
    latin = tmp_path / "latin.json"
    latin.write_bytes(b'{"format": "nuffle-record", "seed": "caf\xe9"}')  # Latin-1, not UTF-8
    with pytest.raises(RecordError, match=r"latin\.json is not UTF-8"):
        load(latin)
    deep = tmp_path / "deep.json"
    deep.write_text("[" * 100_000)
    with pytest.raises(RecordError, match=r"deep\.json .*nested too deeply"):
        load(deep)


def _drive(game: Game, steps: int = 100_000) -> Game:
    bots = (RandomBot(1), RandomBot(2))
    for _ in range(steps):
        if game.is_over:
            break
        if game.decider == Decider.CHANCE:
            outs = game.chance_outcomes()
            game.apply_chance(outs[len(game.history) % len(outs)][0])
        else:
            game.step(bots[game.decider].act(game))
    return game


def _scripted_roller(seed: int) -> ScriptedRoller:
    """A scripted roller holding enough outcomes for a whole game: those a sampled game with
    this seed drew, every one of them recorded by replaying it with an explicit roller."""
    sampled = play(Game.new("human", "orc", seed=seed, board=5), RandomBot(1), RandomBot(2))
    explicit = Game.new("human", "orc", seed=seed, board=5, roller=ExplicitRoller())
    script: list[tuple[Dice, object]] = []
    for _kind, value in sampled.history:
        while explicit.decider == Decider.CHANCE:
            event = explicit.state.pending
            assert event is not None
            script.append((event.kind, explicit.sample_chance()))
        explicit.step(value)
    return ScriptedRoller(script)  # type: ignore[arg-type]


@pytest.mark.parametrize("roller", ["sampled", "explicit", "scripted"])
def test_records_of_every_roller_replay(roller: str, tmp_path: Path) -> None:
    if roller == "sampled":
        game = _drive(Game.new("human", "orc", seed=8, board=5))
    elif roller == "explicit":
        game = _drive(Game.new("human", "orc", seed=8, board=5, roller=ExplicitRoller()))
    else:
        game = Game.new("human", "orc", seed=8, board=5, roller=_scripted_roller(8))
        game = play(game, RandomBot(1), RandomBot(2))
    assert game.is_over
    rec = to_record(game)
    assert rec["config"]["roller"] == roller
    if roller != "sampled":  # every outcome is listed: the seed could not regenerate them
        assert any(kind == "c" for kind, _ in rec["entries"])
    path = tmp_path / "game.json"
    save(game, path)
    again = load(path)
    assert again.state == game.state
    assert again.config.roller == roller
    assert to_record(again)["final"] == rec["final"]


def test_scripted_outcomes_are_in_the_history() -> None:
    script = two_d6(3, 3) + two_d6(2, 4) + two_d6(3, 4) + coin(1)  # fans, fans, weather, coin
    game = Game.new("human", "orc", roller=ScriptedRoller(script))
    assert [kind for kind, _ in game.history] == ["c"] * 4
    assert game.decider == Decider.AWAY  # the toss winner decides
    again = replay(to_record(game))
    assert again.state == game.state and again.history == game.history


def test_save_to_a_bad_path_names_it_and_leaves_nothing(tmp_path: Path) -> None:
    g = _game()
    with pytest.raises(RecordError, match="is a directory"):
        save(g, tmp_path)
    with pytest.raises(RecordError, match="missing"):
        save(g, tmp_path / "missing" / "game.json")
    assert list(tmp_path.iterdir()) == []


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
def test_malformed_records_name_the_problem(mutate, message) -> None:
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
