"""The bot protocol: JSON objects, one per line, over the bot's stdin (referee to bot) and
stdout (bot to referee). This module builds and checks the messages; docs/PROTOCOL.md and the
JSON Schema in nuffle/data/competition/protocol.schema.json describe them for other languages.
"""

from __future__ import annotations

import json
from importlib import resources
from typing import Any

from nuffle.core.actions import Action, LegalActions
from nuffle.core.decision import DecisionKind

PROTOCOL = "nuffle-bot"
VERSION = 1
#: Parts of a decision request a bot can ask for in its `ready` reply (default: all of them).
REQUEST_PARTS = ("state", "position", "legal")


class ProtocolError(ValueError):
    """A message that does not follow the protocol (the text names what is wrong)."""


def encode(message: dict[str, Any]) -> bytes:
    """One message as a line of compact JSON."""
    return json.dumps(message, separators=(",", ":")).encode() + b"\n"


def decode(line: bytes) -> dict[str, Any]:
    """Parse one line into a message object; raises ProtocolError naming the problem."""
    try:
        msg = json.loads(line)
    except (json.JSONDecodeError, UnicodeDecodeError) as exc:
        shown = line[:60].decode("utf-8", "replace")
        raise ProtocolError(f"not valid JSON ({exc}): {shown!r}") from None
    if not isinstance(msg, dict):
        raise ProtocolError(f"a message must be a JSON object, got {type(msg).__name__}")
    if not isinstance(msg.get("type"), str):
        raise ProtocolError(f"a message needs a string 'type', got {msg.get('type')!r}")
    return msg


def legal_to_json(legal: LegalActions) -> list[dict[str, Any]]:
    """The legal actions as groups: every listed player with every listed square."""
    out = []
    for g in legal.groups:
        group: dict[str, Any] = {
            "type": g.type.name,
            "players": list(g.players),
            "squares": [list(sq) for sq in g.squares],
        }
        if g.probabilities:
            group["probabilities"] = list(g.probabilities)
        out.append(group)
    return out


def hello(
    name: str,
    side: str,
    seed: int,
    board: int,
    teams: dict[str, Any],
    clocks: dict[str, float],
    max_message_bytes: int,
) -> dict[str, Any]:
    """The first message: who the bot is, the match and its clocks."""
    return {
        "type": "hello",
        "protocol": PROTOCOL,
        "version": VERSION,
        "name": name,
        "side": side,
        "seed": seed,
        "rules": "LRB6",
        "board": board,
        "teams": teams,
        "clocks": clocks,
        "max_message_bytes": max_message_bytes,
    }


#: What a bot asked for: each part it wants, with the decision kinds it wants it at (None: all).
Wants = dict[str, frozenset[str] | None]


def parse_ready(msg: dict[str, Any]) -> Wants:
    """The request parts a `ready` reply asks for; raises ProtocolError on a bad reply.

    Each entry of `wants` is a part (`state`, `position`, `legal`), optionally restricted to
    some decision kinds: `state@SETUP` or `position@SETUP,SELECT_ACTION`."""
    if msg.get("type") != "ready":
        raise ProtocolError(f"expected a 'ready' reply to hello, got {msg.get('type')!r}")
    wants = msg.get("wants", list(REQUEST_PARTS))
    if not isinstance(wants, list) or not all(isinstance(w, str) for w in wants):
        raise ProtocolError(f"'wants' must be a list of strings, got {wants!r}")
    out: Wants = {}
    for w in wants:
        part, _, kinds = w.partition("@")
        if part not in REQUEST_PARTS:
            raise ProtocolError(f"'wants' names {part!r}: choose among {', '.join(REQUEST_PARTS)}")
        if not kinds:
            out[part] = None
            continue
        names = frozenset(kinds.split(","))
        unknown = sorted(k for k in names if k not in DecisionKind.__members__)
        if unknown:
            raise ProtocolError(f"'wants' names unknown decision kinds {', '.join(unknown)}")
        if part not in out or out[part] is not None:
            prev = out.get(part)
            out[part] = names | (prev or frozenset())
    return out


def parse_action(msg: dict[str, Any], request_id: int) -> Action:
    """The action of an `action` reply to request `request_id`; raises ProtocolError."""
    if msg.get("type") != "action":
        raise ProtocolError(f"expected an 'action' reply, got {msg.get('type')!r}")
    if msg.get("id") != request_id:
        raise ProtocolError(f"the reply answers request {msg.get('id')!r}, not {request_id}")
    try:
        return Action.from_list(msg.get("action"))
    except ValueError as exc:
        raise ProtocolError(str(exc)) from None


def schema() -> dict[str, Any]:
    """The protocol's JSON Schema (draft 2020-12)."""
    text = resources.files("nuffle.data").joinpath("competition/protocol.schema.json").read_text()
    data: dict[str, Any] = json.loads(text)
    return data
