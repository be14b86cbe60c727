# mypy: disable-error-code="attr-defined,dict-item,import-not-found,no-any-return,type-arg,union-attr"
"""The protocol: full games with the JavaScript bot and Python clients, every message valid
under the JSON Schema, the client library on in-memory streams, and bad messages named."""

from __future__ import annotations

import io
import json

import jsonschema
import pytest

from nuffle.competition import positions, process
from nuffle.competition.client import AgentBot, run
from nuffle.competition.clocks import Clocks
from nuffle.competition.protocol import ProtocolError, decode, parse_action, parse_ready, schema
from nuffle.competition.referee import BotSpec, Settings, public_state, run_game
from nuffle.core.actions import Action, ActionType
from nuffle.record import load

from .conftest import js_bot, misbehaving

SETTINGS = Settings(board=3, clocks=Clocks(turn=10, opponent_decision=5, init=15, end=5, grace=2))


def test_js_bot_plays_a_full_game_and_every_message_follows_the_schema(tmp_path, no_leaks, monkeypatch):
    validator = jsonschema.Draft202012Validator(schema())
    seen: list[dict] = []
    real_send, real_decode = process.BotProcess.send_line, process.decode

    def send_line(self, line, deadline):  # every message to a bot, as it goes down the pipe
        seen.append(json.loads(line))
        return real_send(self, line, deadline)

    def decode(line):
        msg = real_decode(line)
        seen.append(msg)
        return msg

    monkeypatch.setattr(process.BotProcess, "send_line", send_line)
    monkeypatch.setattr(process, "decode", decode)
    report = run_game(BotSpec("js-home", "human", js_bot()), BotSpec("js-away", "orc", js_bot()),
                      seed=11, settings=SETTINGS, record_path=tmp_path / "g.json")
    assert report["outcome"] == "played" and report["penalties"] == []
    assert load(report["record"]).is_over
    kinds = {m["type"] for m in seen}
    assert kinds == {"hello", "ready", "decide", "action", "end", "bye"}
    for msg in seen:
        validator.validate(msg)
    decides = [m for m in seen if m["type"] == "decide"]
    assert len(decides) == report["decisions"]
    # the JS bot asks for the pitch only in set-ups ("pitch@SETUP")
    with_pitch = [m for m in decides if "pitch" in m]
    assert with_pitch and all(m["decision"]["kind"] == "SETUP" for m in with_pitch)
    assert all("legal" in m and "position" not in m and "state" not in m for m in decides)
    hellos = [m for m in seen if m["type"] == "hello"]
    assert {h["side"] for h in hellos} == {"home", "away"} and hellos[0]["seed"] != hellos[1]["seed"]
    assert all(h["seed"] != 11 for h in hellos)


def test_every_request_part_follows_the_schema(tmp_path, no_leaks, monkeypatch):
    """A bot asking for every part (state, position, legal, pitch) in every request."""
    validator = jsonschema.Draft202012Validator(schema())
    decides: list[dict] = []
    real_send = process.BotProcess.send_line

    def send_line(self, line, deadline):
        msg = json.loads(line)
        if msg["type"] == "decide":
            decides.append(msg)
        return real_send(self, line, deadline)

    monkeypatch.setattr(process.BotProcess, "send_line", send_line)
    report = run_game(BotSpec("all", "human", misbehaving("all_parts")),
                      BotSpec.builtin("rl", "orc", "random-legal"), seed=3, settings=SETTINGS)
    assert report["outcome"] == "played" and report["penalties"] == []
    full = [m for m in decides if "state" in m]
    assert full and all({"legal", "position", "pitch"} <= set(m) for m in full)
    for msg in decides:
        validator.validate(msg)
    for m in full:
        assert m["state"]["config"]["seed"] is None
        on = sorted([p["id"], *p["square"], p["status"]] for p in m["state"]["players"] if p["square"])
        assert sorted(m["pitch"]["players"]) == on
        assert m["pitch"]["ball"] == m["state"]["ball"]["square"]


def test_python_random_client_against_js(tmp_path, no_leaks):
    report = run_game(BotSpec.builtin("py", "dwarf", "random-legal"), BotSpec("js", "orc", js_bot()),
                      seed=4, settings=SETTINGS, record_path=tmp_path / "g.json")
    assert report["outcome"] == "played" and report["penalties"] == []
    game = load(report["record"])
    assert game.is_over and report["decisions"] == len(game.history)


def test_nuffle_agent_runs_unchanged_through_the_protocol(tmp_path, no_leaks):
    assert positions.available()
    report = run_game(BotSpec.builtin("scripted", "human", "scripted"), BotSpec("js", "orc", js_bot()),
                      seed=2, settings=SETTINGS, record_path=tmp_path / "g.json")
    assert report["outcome"] == "played" and report["penalties"] == []


@pytest.mark.parametrize("spec", ["random", "grod", "mcts?iterations=4"])
def test_builtin_agents_play_through_the_protocol(spec, tmp_path, no_leaks):
    """Each agent plays a whole game on positions rebuilt from the requests (make_agent specs)."""
    report = run_game(BotSpec.builtin(spec, "human", spec), BotSpec.builtin("rl", "orc", "random-legal"),
                      seed=5, settings=SETTINGS, record_path=tmp_path / "g.json")
    assert report["outcome"] == "played" and report["penalties"] == [], report["penalties"]
    game = load(report["record"])
    assert game.is_over and report["decisions"] == len(game.history)


def _lines(*msgs: dict) -> io.BytesIO:
    return io.BytesIO(b"".join(json.dumps(m).encode() + b"\n" for m in msgs))


def test_client_answers_on_in_memory_streams():
    from nuffle.competition.builtin import RandomLegalBot

    legal = [{"type": "END_TURN", "players": [], "squares": []}]
    inp = _lines(
        {"type": "hello", "side": "home", "seed": 3},
        {"type": "decide", "id": 1, "decision": {"kind": "SELECT_ACTION", "side": "home"}, "legal": legal},
        {"type": "rejected", "id": 1, "error": "x", "played": ["END_TURN", None, None]},
        {"type": "end", "result": {}, "penalties": []},
    )
    out = io.BytesIO()
    assert run(RandomLegalBot(), inp, out) == 0
    replies = [json.loads(line) for line in out.getvalue().splitlines()]
    assert [r["type"] for r in replies] == ["ready", "action", "bye"]
    assert replies[1] == {"type": "action", "id": 1, "action": ["END_TURN", None, None]}
    assert replies[0]["wants"] == ["legal", "pitch@SETUP"]


def test_agent_bot_without_a_position_says_what_is_missing():
    from nuffle.agents.registry import make_agent

    inp = _lines({"type": "hello", "side": "away", "seed": 1},
                 {"type": "decide", "id": 1, "decision": {}, "legal": []})
    with pytest.raises(ValueError, match="position"):
        run(AgentBot(make_agent("random")), inp, io.BytesIO())


@pytest.mark.parametrize(
    ("line", "message"),
    [
        (b"{oops", "not valid JSON"),
        (b"[1, 2]", "must be a JSON object"),
        (b'{"id": 1}', "needs a string 'type'"),
    ],
)
def test_bad_lines_are_named(line, message):
    with pytest.raises(ProtocolError, match=message):
        decode(line)


def test_lines_decode_with_a_byte_order_mark_or_blanks():
    assert decode(b'\xef\xbb\xbf{"type": "bye"}\n') == {"type": "bye"}
    assert decode(b'  {"type": "bye"}  \r\n') == {"type": "bye"}
    with pytest.raises(ProtocolError, match="not valid JSON"):
        decode(b'{"type": "bye"} {"type": "bye"}')
    with pytest.raises(ProtocolError, match="not valid JSON"):
        decode(b'{"type": "\xff"}')


def test_bad_actions_are_named():
    with pytest.raises(ProtocolError, match="answers request 2, not 1"):
        parse_action({"type": "action", "id": 2, "action": ["END_TURN", None, None]}, 1)
    with pytest.raises(ProtocolError, match="unknown action type 'FLY'"):
        parse_action({"type": "action", "id": 1, "action": ["FLY", None, None]}, 1)
    ok = parse_action({"type": "action", "id": 1, "action": ["MOVE", 3, [2, 1]]}, 1)
    assert ok == Action(ActionType.MOVE, 3, (2, 1))


def test_public_state_is_the_view_json():
    from nuffle.core.game import Game

    game = Game.new("human", "orc", seed=9, board=3)
    for _ in range(30):
        assert public_state(game) == game.view().to_json()
        assert public_state(game)["config"]["seed"] is None
        game.step(next(iter(game.legal_actions())))


def test_wants_parts_and_kinds():
    assert parse_ready({"type": "ready"}) == {"state": None, "position": None, "legal": None}
    got = parse_ready({"type": "ready", "wants": ["legal", "state@SETUP,KICK_TARGET", "pitch@SETUP"]})
    assert got == {"legal": None, "state": frozenset({"SETUP", "KICK_TARGET"}), "pitch": frozenset({"SETUP"})}
    with pytest.raises(ProtocolError, match="unknown decision kinds NAP"):
        parse_ready({"type": "ready", "wants": ["state@NAP"]})
    with pytest.raises(ProtocolError, match="'wants' names 'dice'"):
        parse_ready({"type": "ready", "wants": ["dice"]})
    with pytest.raises(ProtocolError, match="expected a 'ready'"):
        parse_ready({"type": "action"})


def test_protocol_doc_holds_the_schema():
    from pathlib import Path

    doc = (Path(__file__).parents[2] / "docs" / "PROTOCOL.md").read_text()
    block = doc.split("```json\n", 1)[1].split("\n```", 1)[0]
    assert json.loads(block) == schema()
