"""The protocol's JSON codec writes and reads what the standard json module does."""

from __future__ import annotations

import json

import pytest

from nuffle.competition.codec import dumps, loads

SAMPLES = [
    {"type": "decide", "id": 7, "clock_left": 119.999, "overage_left": 0.0, "faces": [],
     "square": None, "legal": [{"type": "MOVE", "players": (1, 2), "squares": ((3, 4), (5, 6))}]},
    ["é", "\u2603", "quote\" and \\ and \n"], 1.5e-7, -3, True, None, "plain", [],
    {"nested": {"deep": [[1, [2, [3]]]]}}, float("inf"),
]


@pytest.mark.parametrize("obj", SAMPLES)
def test_dumps_is_compact_json(obj):
    assert dumps(obj) == json.dumps(obj, separators=(",", ":"))


@pytest.mark.parametrize("text", [json.dumps(o) for o in SAMPLES]
                         + ['  {"a": 1}', '{"a": 1}\n', '{"a": 1}  \r\n', "[1,2]"])
def test_loads_reads_what_json_reads(text):
    assert loads(text) == json.loads(text)


@pytest.mark.parametrize("text", ["", "{oops", '{"a": 1} x', "[1,", "  ", '{"a": 1}{"b": 2}'])
def test_loads_rejects_what_json_rejects(text):
    with pytest.raises(json.JSONDecodeError) as ours:
        loads(text)
    with pytest.raises(json.JSONDecodeError) as theirs:
        json.loads(text)
    assert ours.value.msg == theirs.value.msg
